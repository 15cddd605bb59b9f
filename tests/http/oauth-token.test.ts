// OAuth for programmatic clients: /oauth/authorize (console sign-in → authorization code),
// POST /oauth/token-request (authorization_code, refresh_token; form-encoded; OAuth error
// bodies), POST /oauth/revoke; refresh tokens never authenticate the SQL API.
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { api, exec, ok } from './client';
import { createUser } from './auth-keys';
import { consoleSignIn } from './console-login';

const OAUTH = { 'x-snowflake-authorization-token-type': 'OAUTH' };
const REDIRECT = 'http://127.0.0.1:9/callback';
const PASSWORD = 'pw-oauth-1';

let user: string;
let cookie: string;

function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return { token: null, rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } };
}

/** /oauth/authorize as the signed-in browser; returns the redirect's parameters. */
async function authorize(params: Record<string, string>, withCookie = cookie): Promise<{ status: number; location: URL }> {
  const url = new URL('/oauth/authorize', inject('FLOE_URL'));
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: 'manual', headers: withCookie ? { cookie: withCookie } : {} });
  return { status: res.status, location: new URL(res.headers.get('location') ?? '', inject('FLOE_URL')) };
}

async function codeFor(extra: Record<string, string> = {}): Promise<string> {
  const r = await authorize({ response_type: 'code', client_id: 'my-app', redirect_uri: REDIRECT, state: 'xyz', ...extra });
  expect(r.status).toBe(302);
  expect(r.location.searchParams.get('state')).toBe('xyz');
  const code = r.location.searchParams.get('code');
  expect(code, r.location.toString()).toBeTruthy();
  return code!;
}

const tokenRequest = (fields: Record<string, string>, headers?: Record<string, string>) => api('POST', '/oauth/token-request', form(fields, headers));

async function grant(extra: Record<string, string> = {}) {
  const code = await codeFor(extra);
  const res = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'my-app', ...(extra.code_verifier ? { code_verifier: extra.code_verifier } : {}) });
  expect(res.status, res.text).toBe(200);
  return res.json as { access_token: string; refresh_token: string; token_type: string; expires_in: number; refresh_token_expires_in: number; username: string; scope: string };
}

const expectOAuthError = (res: { status: number; json: any; headers: Headers }, error: string, status = 400) => {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ error, success: false });
  expect(typeof res.json.error_description).toBe('string');
  expect(res.headers.get('cache-control')).toContain('no-store');
};

beforeAll(async () => {
  user = await createUser(undefined, ['SYSADMIN', 'PUBLIC'], `PASSWORD='${PASSWORD}'`);
  cookie = (await consoleSignIn(user, PASSWORD)).cookie;
});

describe('/oauth/authorize', () => {
  test('without a console session it sends the browser to the login page, then back', async () => {
    const r = await authorize({ response_type: 'code', client_id: 'my-app', redirect_uri: REDIRECT }, '');
    expect(r.status).toBe(302);
    expect(r.location.pathname).toBe('/login');
    expect(r.location.searchParams.get('next')).toMatch(/^\/oauth\/authorize\?/);
  });

  test('bad requests: no redirect_uri → 400 body; wrong response_type or unknown role → error on the redirect', async () => {
    const res = await api('GET', '/oauth/authorize', { token: null, query: { response_type: 'code', client_id: 'my-app' } });
    expectOAuthError(res, 'invalid_request');
    const wrongType = await authorize({ response_type: 'token', client_id: 'my-app', redirect_uri: REDIRECT, state: 's' });
    expect(wrongType.location.searchParams.get('error')).toBe('unsupported_response_type');
    expect(wrongType.location.searchParams.get('state')).toBe('s');
    const role = await authorize({ response_type: 'code', client_id: 'my-app', redirect_uri: REDIRECT, scope: 'refresh_token session:role:ACCOUNTADMIN' });
    expect(role.location.searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('POST /oauth/token-request', () => {
  test('authorization_code → access and refresh token; the access token runs statements as the user', async () => {
    const t = await grant();
    expect(t).toMatchObject({ token_type: 'Bearer', username: user, expires_in: 3600, refresh_token_expires_in: 7776000 });
    expect(t.access_token).not.toBe(t.refresh_token);
    const who = await ok('SELECT CURRENT_USER()', { token: t.access_token, headers: OAUTH });
    expect(who.data).toEqual([[user]]);
    // Like the console's, an OAuth access token must be declared as OAUTH.
    expect((await exec('SELECT 1', { token: t.access_token })).status).toBe(401);
  });

  test('refresh_token → a new access token; the refresh token stays valid', async () => {
    const t = await grant();
    for (let i = 0; i < 2; i++) {
      const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ token_type: 'Bearer', username: user, expires_in: 3600 });
      expect(res.json.refresh_token).toBeUndefined();
      expect((await ok('SELECT CURRENT_USER()', { token: res.json.access_token, headers: OAUTH })).data).toEqual([[user]]);
    }
  });

  test('a role scope restricts the tokens to that role', async () => {
    const t = await grant({ scope: 'refresh_token session:role:PUBLIC' });
    expect(t.scope).toBe('refresh_token session:role:PUBLIC');
    expect((await ok('SELECT CURRENT_ROLE()', { token: t.access_token, headers: OAUTH })).data).toEqual([['PUBLIC']]);
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect((await exec('SELECT 1', { token: refreshed.json.access_token, headers: OAUTH, role: 'SYSADMIN' })).status).not.toBe(200);
  });

  test('PKCE: the code needs the matching code_verifier', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await codeFor({ code_challenge: challenge, code_challenge_method: 'S256' });
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: 'wrong' }), 'invalid_grant');
    const t = await grant({ code_challenge: challenge, code_challenge_method: 'S256', code_verifier: verifier });
    expect(t.refresh_token).toBeTruthy();
  });

  test('a code is used once, only with its redirect_uri and client', async () => {
    const code = await codeFor();
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:9/other' }), 'invalid_grant');
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }), 'invalid_grant'); // used up by the failed try
    const code2 = await codeFor();
    const basicOther = `Basic ${Buffer.from('other-app:secret').toString('base64')}`;
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code: code2, redirect_uri: REDIRECT }, { authorization: basicOther }), 'invalid_grant');
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code: 'made-up', redirect_uri: REDIRECT }), 'invalid_grant');
  });

  test('wrong, revoked and disabled-user refresh tokens → invalid_grant', async () => {
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'floe_refresh_0000' }), 'invalid_grant');
    const t = await grant();
    const revoked = await api('POST', '/oauth/revoke', form({ token: t.refresh_token }));
    expect(revoked.status).toBe(200);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token }), 'invalid_grant');
    const other = await createUser(undefined, ['PUBLIC'], `PASSWORD='${PASSWORD}'`);
    const otherCookie = (await consoleSignIn(other, PASSWORD)).cookie;
    const r = await authorize({ response_type: 'code', client_id: 'c', redirect_uri: REDIRECT }, otherCookie);
    const res = await tokenRequest({ grant_type: 'authorization_code', code: r.location.searchParams.get('code')!, redirect_uri: REDIRECT });
    expect(res.status).toBe(200);
    await ok(`ALTER USER ${other} SET DISABLED = TRUE`);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: res.json.refresh_token }), 'invalid_grant');
  });

  test('malformed requests: JSON body, no grant_type, unknown grant, missing refresh_token', async () => {
    const json = await api('POST', '/oauth/token-request', { token: null, body: { grant_type: 'refresh_token', refresh_token: 'x' } });
    expectOAuthError(json, 'invalid_request');
    expectOAuthError(await tokenRequest({}), 'invalid_request');
    expectOAuthError(await tokenRequest({ grant_type: 'password', username: user, password: PASSWORD }), 'unsupported_grant_type');
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token' }), 'invalid_request');
    expectOAuthError(await api('POST', '/oauth/token-request', { token: null, rawBody: '%%%', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 'invalid_request');
    expect((await api('GET', '/oauth/token-request', { token: null })).status).toBe(405);
  });

  test('a refresh token never authenticates the SQL API, with or without a token type', async () => {
    const t = await grant();
    for (const headers of [{}, OAUTH, { 'x-snowflake-authorization-token-type': 'PROGRAMMATIC_ACCESS_TOKEN' }]) {
      const res = await exec('SELECT 1', { token: t.refresh_token, headers });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: '390303' });
    }
    // …and it is not listed as a programmatic access token.
    const pats = await ok(`SHOW USER PROGRAMMATIC ACCESS TOKENS FOR USER ${user}`);
    expect(pats.data).toEqual([]);
  });
});
