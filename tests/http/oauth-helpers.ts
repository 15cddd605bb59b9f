// OAuth clients for the http tests: registering one (CREATE SECURITY INTEGRATION and its secrets),
// the browser's side of /oauth/authorize (the consent page and its form) and token requests.
import { expect, inject } from 'vitest';
import { api, ok, type Target } from './client';
import { uniqueName } from './helpers';

export const OAUTH = { 'x-snowflake-authorization-token-type': 'OAUTH' };
/** Nothing listens on port 9: the redirect target only has to be registered, never reached. */
export const REDIRECT = 'http://127.0.0.1:9/callback';

export interface Client { name: string; clientId: string; secret: string; secret2: string; redirectUri: string }

/** The JSON SYSTEM$SHOW_OAUTH_CLIENT_SECRETS answers for an integration. */
export async function clientSecrets(name: string, t: Target = {}): Promise<{ OAUTH_CLIENT_ID: string; OAUTH_CLIENT_SECRET: string; OAUTH_CLIENT_SECRET_2: string }> {
  const res = await ok(`SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${name}')`, t);
  return JSON.parse(res.data![0][0]!);
}

/** A new enabled custom client (confidential unless `type`), with http redirects allowed for REDIRECT. */
export async function registerClient(opts: { type?: 'CONFIDENTIAL' | 'PUBLIC'; redirectUri?: string; extra?: string } = {}, t: Target = {}): Promise<Client> {
  const name = uniqueName('OAUTH_APP');
  const redirectUri = opts.redirectUri ?? REDIRECT;
  await ok(`CREATE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = '${opts.type ?? 'CONFIDENTIAL'}'
    OAUTH_REDIRECT_URI = '${redirectUri}' OAUTH_ALLOW_NON_TLS_REDIRECT_URI = TRUE ENABLED = TRUE ${opts.extra ?? ''}`, t);
  const s = await clientSecrets(name, t);
  return { name, clientId: s.OAUTH_CLIENT_ID, secret: s.OAUTH_CLIENT_SECRET, secret2: s.OAUTH_CLIENT_SECRET_2, redirectUri };
}

export function authorizeUrl(params: Record<string, string>, base = inject('FLOE_URL')): URL {
  const url = new URL('/oauth/authorize', base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** GET /oauth/authorize as a browser (HTML accepted, redirects not followed). */
export async function authorizeGet(params: Record<string, string>, cookie: string | null, base = inject('FLOE_URL')) {
  const res = await fetch(authorizeUrl(params, base), { redirect: 'manual', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
}

/** The hidden fields of the consent page's form. */
export function consentFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) out[unescape(m[1])] = unescape(m[2]);
  return out;
}

/** POST of the consent form from this site (as the browser sends it: Origin and Sec-Fetch-Site). */
export async function consentPost(fields: Record<string, string>, cookie: string | null, headers: Record<string, string> = {}, base = inject('FLOE_URL')) {
  const res = await fetch(new URL('/oauth/authorize', base), {
    method: 'POST', redirect: 'manual',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base).origin, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** The consent page for a request, then Allow (or Deny): the URL the browser is sent back to. */
export async function consent(client: Client, cookie: string, extra: Record<string, string> = {}, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = await authorizeGet({ response_type: 'code', client_id: client.clientId, redirect_uri: client.redirectUri, state: 'st-1', ...extra }, cookie);
  expect(page.status, page.html.slice(0, 500)).toBe(200);
  expect(page.html).toContain(client.name);
  const answer = await consentPost({ ...consentFields(page.html), decision }, cookie);
  expect(answer.status, answer.html.slice(0, 500)).toBe(303);
  const to = new URL(answer.location!);
  expect(to.origin + to.pathname).toBe(client.redirectUri);
  expect(to.searchParams.get('state')).toBe('st-1');
  return to;
}

export const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  ({ token: null, rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

/** HTTP Basic client authentication, url-encoded as RFC 6749 §2.3.1 asks. */
export const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}` });

export const tokenRequest = (fields: Record<string, string>, headers?: Record<string, string>, base?: string) =>
  api('POST', '/oauth/token-request', { ...form(fields, headers), baseUrl: base });

export const expectOAuthError = (res: { status: number; json: any; headers: Headers }, error: string, status = 400) => {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json).toMatchObject({ error, success: false });
  expect(typeof res.json.error_description).toBe('string');
  expect(res.headers.get('cache-control')).toContain('no-store');
};
