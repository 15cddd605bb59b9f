// Requests that must never reach a route as they are: malformed escapes (answered 400 before
// routing), wrong methods (405 JSON + Allow), forged console mutations (CSRF), and the security
// headers every answer carries.
import { inject, expect, test } from 'vitest';
import { createUser } from './auth-keys';
import { consoleSignIn } from './console-login';

const base = () => inject('FLOE_URL');

const ROUTES = [
  '/api/v2/statements/%ZZ', '/api/v2/statements/%/cancel', '/api/v2/statements/abc%E0%A4%A/cancel',
  '/api/v2/databases/%ZZ/schemas/PUBLIC/agents', '/api/v2/databases/D/schemas/S/agents/%',
  '/api/console/worksheets/%ZZ', '/api/console/statements/%ZZ', '/api/console/statements/%ZZ/export',
  '/statements/%ZZ', '/api/auth/%ZZ', '/api/%ZZ',
];
/** Paths without parameters: Next answers its own 404 page, never a 500. */
const PLAIN = ['/%ZZ', '/oauth/%ZZ', '/no/such/%E0%A4%A'];

test('a malformed percent-escape in any path answers 400 JSON, never a 500', async () => {
  for (const path of ROUTES) {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${base()}${path}`, { method, headers: { authorization: `Bearer ${inject('FLOE_TOKEN')}` } });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect((await res.json()) as { code: string }).toMatchObject({ code: '390142' });
    }
  }
  for (const path of PLAIN) {
    const res = await fetch(`${base()}${path}`);
    expect(res.status, path).toBe(404);
  }
});

test('a wrong method answers 405 with a JSON body and an Allow header', async () => {
  const cases: [string, string, string][] = [
    ['DELETE', '/api/v2/statements', 'POST'],
    ['PUT', '/api/v2/statements/01b2c3d4-0000-0000-0000-000000000000', 'GET'],
    ['GET', '/api/v2/statements/01b2c3d4-0000-0000-0000-000000000000/cancel', 'POST'],
    ['PATCH', '/api/v2/databases/D/schemas/S/agents', 'GET, POST'],
    ['POST', '/api/v2/databases/D/schemas/S/agents/A', 'GET, PUT, DELETE'],
    ['PUT', '/api/console/worksheets', 'GET, POST'],
    ['POST', '/healthz', 'GET'],
    ['DELETE', '/oauth/token-request', 'POST'],
  ];
  for (const [method, path, allowed] of cases) {
    const res = await fetch(`${base()}${path}`, { method, headers: { 'content-type': 'application/json' } });
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(res.headers.get('allow')).toContain(allowed);
    expect((await res.json()) as { code: string; message: string }).toMatchObject({ code: '390405', message: expect.stringContaining(method) });
  }
});

test('console mutations with a foreign origin, a cross-site fetch or a non-JSON body are refused; our own pages are not', async () => {
  const { cookie } = await consoleSignIn(await createUser({}, ['PUBLIC'], "PASSWORD='pw-s3cret'"), 'pw-s3cret');
  const post = (headers: Record<string, string>, body = '{"name":"csrf"}') => fetch(`${base()}/api/console/worksheets`, { method: 'POST', headers: { cookie, ...headers }, body });
  const forged = await post({ origin: 'https://attacker.example', 'content-type': 'application/json' });
  expect(forged.status).toBe(403);
  expect((await forged.json()) as { code: string }).toMatchObject({ code: '390403' });
  expect((await post({ 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' })).status).toBe(403);
  expect((await post({ 'sec-fetch-site': 'same-site', 'content-type': 'application/json' })).status).toBe(403);
  const form = await post({ 'content-type': 'text/plain' });
  expect(form.status).toBe(415);
  const own = await post({ origin: base(), 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' });
  expect(own.status, await own.clone().text()).toBe(201);
  const { id } = (await own.json()) as { id: string };
  const del = await fetch(`${base()}/api/console/worksheets/${id}`, { method: 'DELETE', headers: { cookie, origin: 'https://attacker.example' } });
  expect(del.status).toBe(403);
});

test('every answer forbids sniffing and framing; pages carry a nonce CSP that their scripts use', async () => {
  for (const path of ['/healthz', '/login', '/api/v2/statements']) {
    const res = await fetch(`${base()}${path}`);
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
  }
  const page = await fetch(`${base()}/login`);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const scripts = (await page.text()).match(/<script[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
});

test('a signed-out visit to a console page goes to login with the page as next', async () => {
  const res = await fetch(`${base()}/statements/01b2c3d4-0000-0000-0000-000000000000?tab=2`, { redirect: 'manual' });
  expect(res.status).toBe(307);
  expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/statements/01b2c3d4-0000-0000-0000-000000000000?tab=2')}`);
});

test('fuzz: every route under malformed escapes, every method and hostile headers answers without a 5xx, in JSON where it is an API', async () => {
  const routes = [
    '/api/v2/statements', '/api/v2/statements/01b2c3d4-0000-0000-0000-000000000000', '/api/v2/statements/x/cancel',
    '/api/v2/databases/D/schemas/S/agents', '/api/v2/databases/D/schemas/S/agents/A', '/api/console/worksheets',
    '/api/console/worksheets/w1', '/api/console/statements/h1', '/api/console/statements/h1/export', '/api/nope',
    '/oauth/authorize', '/oauth/token-request', '/oauth/revoke', '/healthz',
  ];
  const mutate = (p: string, i: number) => [p, `${p}%`, `${p}/%ZZ`, `${p}?x=%ZZ&partition=%`, p.replace(/\/([^/]+)$/, '/%E0%A4%A')][i % 5];
  const headerSets: Record<string, string>[] = [
    { authorization: 'Bearer %ZZ' }, { authorization: 'Basic %%%' }, { authorization: 'Basic ' + Buffer.from('%zz:%').toString('base64') },
    { authorization: 'Snowflake Token="x"' }, { 'content-type': 'application/json; charset=%%' }, { accept: 'text/html;q=%' },
    { 'x-snowflake-authorization-token-type': 'KEYPAIR_JWT', authorization: 'Bearer a.b.c' }, { 'content-type': 'multipart/form-data; boundary=' },
    { cookie: 'next-auth.session-token=%ZZ; __Secure-next-auth.session-token=x' }, { origin: 'null', 'sec-fetch-site': 'cross-site' },
  ];
  let i = 0;
  const failures: string[] = [];
  for (const route of routes) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const path = mutate(route, i);
      const headers = headerSets[i % headerSets.length];
      i++;
      const res = await fetch(`${base()}${path}`, { method, headers, body: method === 'GET' || method === 'DELETE' ? undefined : '{"statement":' });
      const type = res.headers.get('content-type') ?? '';
      const text = await res.text();
      if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(headers)}: ${res.status} ${text.slice(0, 120)}`);
      else if (path.startsWith('/api/') && !type.includes('application/json')) failures.push(`${method} ${path}: ${res.status} ${type}`);
    }
  }
  expect(failures).toEqual([]);
  expect((await fetch(`${base()}/healthz`)).status).toBe(200);
});
