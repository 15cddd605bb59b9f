// OAuth through registered clients only: /oauth/authorize refuses (never redirects) an unknown
// client or a redirect URI other than the registered one, shows a consent page whose Allow
// (a same-site POST bound to the session) alone issues a code, and /oauth/token-request wants the
// client's secret (confidential) or PKCE (public). The one-link takeover of issue 17 fails.
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { api, exec, ok } from './client';
import { createUser } from './auth-keys';
import { consoleSignIn } from './console-login';
import {
  authorizeGet, basic, consent, consentFields, consentPost, expectOAuthError, form, OAUTH, registerClient, tokenRequest, type Client,
} from './oauth-helpers';

const PASSWORD = 'pw-oauth-1';
const ATTACKER = 'https://attacker.example/cb';

let user: string;
let cookie: string;
let app: Client;

beforeAll(async () => {
  user = await createUser(undefined, ['SYSADMIN', 'PUBLIC'], `PASSWORD='${PASSWORD}'`);
  cookie = (await consoleSignIn(user, PASSWORD)).cookie;
  app = await registerClient();
});

const codeOf = (to: URL) => {
  const code = to.searchParams.get('code');
  expect(code, to.toString()).toBeTruthy();
  return code!;
};

/** Consent, then the code for tokens with the client's secret (HTTP Basic). */
async function grant(client = app, extra: Record<string, string> = { scope: 'refresh_token' }) {
  const code = codeOf(await consent(client, cookie, extra));
  const res = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: client.redirectUri }, basic(client.clientId, client.secret));
  expect(res.status, res.text).toBe(200);
  return res.json as { access_token: string; refresh_token?: string; token_type: string; expires_in: number; refresh_token_expires_in?: number; username: string; scope: string };
}

describe('the one-link takeover fails', () => {
  test('an unregistered client_id is refused with a page, never redirected, even for a signed-in user', async () => {
    const r = await authorizeGet({ response_type: 'code', client_id: 'anything', redirect_uri: ATTACKER }, cookie);
    expect(r.status).toBe(400);
    expect(r.location).toBeNull();
    expect(r.html).toContain('invalid_client');
    expect(r.html).not.toContain('code=');
    // Without HTML in Accept: OAuth's JSON error.
    const json = await api('GET', '/oauth/authorize', { token: null, query: { response_type: 'code', client_id: 'anything', redirect_uri: ATTACKER }, headers: { cookie } });
    expectOAuthError(json, 'invalid_client');
    expect(json.headers.get('location')).toBeNull();
  });

  test("a registered client with any redirect_uri but its own is refused, never redirected", async () => {
    for (const redirect of [ATTACKER, `${app.redirectUri}/x`, `${app.redirectUri}?a=1`, app.redirectUri.replace('127.0.0.1', 'localhost'), app.redirectUri.toUpperCase()]) {
      const r = await authorizeGet({ response_type: 'code', client_id: app.clientId, redirect_uri: redirect, state: 's' }, cookie);
      expect(r.status, redirect).toBe(400);
      expect(r.location).toBeNull();
    }
    const missing = await authorizeGet({ response_type: 'code', client_id: app.clientId }, cookie);
    expect(missing.status).toBe(400);
    expect(missing.location).toBeNull();
  });

  test('a disabled client is refused like an unknown one', async () => {
    const off = await registerClient({ extra: '' });
    await ok(`ALTER SECURITY INTEGRATION ${off.name} SET ENABLED = FALSE`);
    const r = await authorizeGet({ response_type: 'code', client_id: off.clientId, redirect_uri: off.redirectUri }, cookie);
    expect(r.status).toBe(400);
    expect(r.location).toBeNull();
  });

  test('the right client and redirect get a consent page, not a code; the page cannot be framed and runs no script', async () => {
    const r = await authorizeGet({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, scope: 'refresh_token' }, cookie);
    expect(r.status).toBe(200);
    expect(r.location).toBeNull();
    expect(r.html).toContain(app.name);
    expect(r.html).toContain(user);
    expect(r.html).toContain('SYSADMIN');
    expect(r.html).not.toContain('<script');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(r.headers.get('x-frame-options')).toBe('DENY');
  });

  test('no code without the consent token of this session, from this site', async () => {
    const page = await authorizeGet({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri }, cookie);
    const fields = consentFields(page.html);
    expect(fields.consent_token).toBeTruthy();
    const refused = async (res: { status: number; location: string | null }) => {
      expect(res.status).toBe(403);
      expect(res.location).toBeNull();
    };
    // A forged form: no token, a made-up one, or a changed request under the real token.
    await refused(await consentPost({ ...fields, consent_token: '', decision: 'allow' }, cookie));
    await refused(await consentPost({ ...fields, consent_token: 'x'.repeat(43), decision: 'allow' }, cookie));
    await refused(await consentPost({ ...fields, scope: 'refresh_token', decision: 'allow' }, cookie));
    // Another user's session with this user's token.
    const other = await createUser(undefined, ['PUBLIC'], `PASSWORD='${PASSWORD}'`);
    await refused(await consentPost({ ...fields, decision: 'allow' }, (await consoleSignIn(other, PASSWORD)).cookie));
    // Posted from another site.
    await refused(await consentPost({ ...fields, decision: 'allow' }, cookie, { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' }));
    await refused(await consentPost({ ...fields, decision: 'allow' }, cookie, { origin: 'https://attacker.example', 'sec-fetch-site': '' }));
  });

  test('a code is worth nothing without the client secret', async () => {
    const code = codeOf(await consent(app, cookie));
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, client_id: app.clientId }), 'invalid_client', 401);
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }), 'invalid_client', 401);
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, basic(app.clientId, 'wrong')), 'invalid_client', 401);
  });

  test('a signed-out browser goes to the login page and comes back to the same request', async () => {
    const r = await authorizeGet({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, state: 'z' }, null);
    expect(r.status).toBe(302);
    const to = new URL(r.location!, inject('FLOE_URL'));
    expect(to.pathname).toBe('/login');
    const next = new URL(to.searchParams.get('next')!, 'http://x');
    expect(next.pathname).toBe('/oauth/authorize');
    expect(next.searchParams.get('client_id')).toBe(app.clientId);
    expect(next.searchParams.get('state')).toBe('z');
  });
});

describe('a registered confidential client', () => {
  test('consent → code → tokens with the secret → SQL as the user → refresh', async () => {
    const t = await grant();
    expect(t).toMatchObject({ token_type: 'Bearer', username: user, expires_in: 3600, refresh_token_expires_in: 7776000, scope: 'refresh_token session:role:SYSADMIN' });
    const who = await ok('SELECT CURRENT_USER(), CURRENT_ROLE()', { token: t.access_token, headers: OAUTH });
    expect(who.data).toEqual([[user, 'SYSADMIN']]);
    expect((await exec('SELECT 1', { token: t.access_token })).status).toBe(401); // declared as OAUTH only
    // Refresh, authenticating with client_secret in the form and with the second secret.
    const auths: { fields: Record<string, string>; headers: Record<string, string> }[] = [
      { fields: { client_id: app.clientId, client_secret: app.secret }, headers: {} }, { fields: {}, headers: basic(app.clientId, app.secret2) },
    ];
    for (const auth of auths) {
      const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token!, ...auth.fields }, auth.headers);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ token_type: 'Bearer', username: user, expires_in: 3600, scope: 'session:role:SYSADMIN' });
      expect(res.json.refresh_token).toBeUndefined();
      expect((await ok('SELECT CURRENT_USER()', { token: res.json.access_token, headers: OAUTH })).data).toEqual([[user]]);
    }
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token! }), 'invalid_client', 401);
  });

  test('no refresh token without the refresh_token scope; the role scope binds every token to that role', async () => {
    const t = await grant(app, { scope: 'session:role:PUBLIC' });
    expect(t.refresh_token).toBeUndefined();
    expect(t.scope).toBe('session:role:PUBLIC');
    expect((await ok('SELECT CURRENT_ROLE()', { token: t.access_token, headers: OAUTH })).data).toEqual([['PUBLIC']]);
    expect((await exec('SELECT 1', { token: t.access_token, headers: OAUTH, role: 'SYSADMIN' })).status).not.toBe(200);
  });

  test('Deny sends the browser back with error=access_denied and no code', async () => {
    const to = await consent(app, cookie, {}, 'deny');
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('code')).toBeNull();
  });

  test('a code is used once, only by its client and with its redirect_uri', async () => {
    const other = await registerClient();
    const code = codeOf(await consent(app, cookie));
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, basic(other.clientId, other.secret)), 'invalid_grant');
    const code2 = codeOf(await consent(app, cookie));
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code: code2, redirect_uri: 'http://127.0.0.1:9/other' }, basic(app.clientId, app.secret)), 'invalid_grant');
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code: code2, redirect_uri: app.redirectUri }, basic(app.clientId, app.secret)), 'invalid_grant'); // used up
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code: 'made-up', redirect_uri: app.redirectUri }, basic(app.clientId, app.secret)), 'invalid_grant');
  });

  test("a refresh token works only for its client; revoke needs the client; a revoked or disabled user's token is dead", async () => {
    const other = await registerClient();
    const t = await grant();
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token! }, basic(other.clientId, other.secret)), 'invalid_grant');
    // Another client cannot revoke it (RFC 7009 answers 200 either way).
    expect((await api('POST', '/oauth/revoke', form({ token: t.refresh_token! }, basic(other.clientId, other.secret)))).status).toBe(200);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token! }, basic(app.clientId, app.secret))).status).toBe(200);
    expectOAuthError(await api('POST', '/oauth/revoke', form({ token: t.refresh_token! })), 'invalid_client', 401);
    expect((await api('POST', '/oauth/revoke', form({ token: t.refresh_token! }, basic(app.clientId, app.secret)))).status).toBe(200);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token! }, basic(app.clientId, app.secret)), 'invalid_grant');

    const disabled = await createUser(undefined, ['PUBLIC'], `PASSWORD='${PASSWORD}'`);
    const code = codeOf(await consent(app, (await consoleSignIn(disabled, PASSWORD)).cookie, { scope: 'refresh_token' }));
    const res = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, basic(app.clientId, app.secret));
    expect(res.status, res.text).toBe(200);
    await ok(`ALTER USER ${disabled} SET DISABLED = TRUE`);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: res.json.refresh_token }, basic(app.clientId, app.secret)), 'invalid_grant');
  });

  test('a refresh token never authenticates the SQL API and is no programmatic access token', async () => {
    const t = await grant();
    for (const headers of [{}, OAUTH, { 'x-snowflake-authorization-token-type': 'PROGRAMMATIC_ACCESS_TOKEN' }]) {
      const res = await exec('SELECT 1', { token: t.refresh_token!, headers });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: '390303' });
    }
    expect((await ok(`SHOW USER PROGRAMMATIC ACCESS TOKENS FOR USER ${user}`)).data).toEqual([]);
  });

  test('REFRESH OAUTH_CLIENT_SECRET retires the old secret at once; dropping the client ends its tokens', async () => {
    const c = await registerClient();
    const code = codeOf(await consent(c, cookie, { scope: 'refresh_token' }));
    const t = (await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: c.redirectUri }, basic(c.clientId, c.secret))).json;
    await ok(`ALTER SECURITY INTEGRATION ${c.name} REFRESH OAUTH_CLIENT_SECRET`);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token }, basic(c.clientId, c.secret)), 'invalid_client', 401);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token }, basic(c.clientId, c.secret2))).status).toBe(200);
    await ok(`DROP SECURITY INTEGRATION ${c.name}`);
    expect((await exec('SELECT 1', { token: t.access_token, headers: OAUTH })).status).toBe(401);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token }, basic(c.clientId, c.secret2)), 'invalid_client', 401);
  });
});

describe('roles', () => {
  test('ACCOUNTADMIN and SECURITYADMIN are blocked, and so are the roles in BLOCKED_ROLES_LIST (the error goes back to the client)', async () => {
    const admin = await createUser(undefined, ['ACCOUNTADMIN'], `PASSWORD='${PASSWORD}'`);
    const adminCookie = (await consoleSignIn(admin, PASSWORD)).cookie;
    // His default role is ACCOUNTADMIN: without a scope that is the role asked for.
    for (const scope of [undefined, 'session:role:ACCOUNTADMIN']) {
      const r = await authorizeGet({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, state: 'b', ...(scope ? { scope } : {}) }, adminCookie);
      expect(r.status).toBe(302);
      const to = new URL(r.location!);
      expect(to.searchParams.get('error')).toBe('invalid_scope');
      expect(to.searchParams.get('state')).toBe('b');
    }
    // …even when the administrator empties the list.
    const open = await registerClient({ extra: 'BLOCKED_ROLES_LIST = ()' });
    const r = await authorizeGet({ response_type: 'code', client_id: open.clientId, redirect_uri: open.redirectUri, scope: 'session:role:ACCOUNTADMIN' }, adminCookie);
    expect(new URL(r.location!).searchParams.get('error')).toBe('invalid_scope');
    const strict = await registerClient({ extra: "BLOCKED_ROLES_LIST = ('SYSADMIN')" });
    const s = await authorizeGet({ response_type: 'code', client_id: strict.clientId, redirect_uri: strict.redirectUri }, cookie);
    expect(new URL(s.location!).searchParams.get('error')).toBe('invalid_scope');
    // A role not granted to the user, and an unknown scope.
    for (const scope of ['session:role:NOPE_ROLE', 'session:role-any']) {
      const u = await authorizeGet({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, scope }, cookie);
      expect(new URL(u.location!).searchParams.get('error')).toBe('invalid_scope');
    }
  });

  test('a role in PRE_AUTHORIZED_ROLES_LIST needs no consent (confidential clients only)', async () => {
    const pre = await registerClient({ extra: "PRE_AUTHORIZED_ROLES_LIST = ('PUBLIC')" });
    const r = await authorizeGet({ response_type: 'code', client_id: pre.clientId, redirect_uri: pre.redirectUri, scope: 'session:role:PUBLIC' }, cookie);
    expect(r.status).toBe(302);
    const code = new URL(r.location!).searchParams.get('code')!;
    expect((await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: pre.redirectUri }, basic(pre.clientId, pre.secret))).status).toBe(200);
    // Any other role still asks.
    expect((await authorizeGet({ response_type: 'code', client_id: pre.clientId, redirect_uri: pre.redirectUri }, cookie)).status).toBe(200);
  });
});

describe('a public client', () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  let pub: Client;
  beforeAll(async () => { pub = await registerClient({ type: 'PUBLIC' }); });

  test('must use PKCE (S256): without a challenge the error goes back to it', async () => {
    const requests: Record<string, string>[] = [{}, { code_challenge: challenge, code_challenge_method: 'plain' }, { code_challenge: 'short', code_challenge_method: 'S256' }];
    for (const extra of requests) {
      const r = await authorizeGet({ response_type: 'code', client_id: pub.clientId, redirect_uri: pub.redirectUri, ...extra }, cookie);
      expect(r.status).toBe(302);
      expect(new URL(r.location!).searchParams.get('error')).toBe('invalid_request');
    }
  });

  test('the code needs its verifier instead of a secret', async () => {
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256', scope: 'refresh_token' };
    const code = codeOf(await consent(pub, cookie, pkce));
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: pub.redirectUri, client_id: pub.clientId, code_verifier: 'wrong' }), 'invalid_grant');
    const code2 = codeOf(await consent(pub, cookie, pkce));
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code: code2, redirect_uri: pub.redirectUri, client_id: pub.clientId }), 'invalid_grant');
    const code3 = codeOf(await consent(pub, cookie, pkce));
    const res = await tokenRequest({ grant_type: 'authorization_code', code: code3, redirect_uri: pub.redirectUri, client_id: pub.clientId, code_verifier: verifier });
    expect(res.status, res.text).toBe(200);
    expect((await ok('SELECT CURRENT_USER()', { token: res.json.access_token, headers: OAUTH })).data).toEqual([[user]]);
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: res.json.refresh_token, client_id: pub.clientId });
    expect(refreshed.status, refreshed.text).toBe(200);
    // A wrong secret is still wrong, public or not.
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: res.json.refresh_token, client_id: pub.clientId, client_secret: 'nope' }), 'invalid_client', 401);
  });
});

describe('malformed token requests', () => {
  test('malformed Basic credentials answer 401 invalid_client JSON, never 500', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const headers = [
      'Basic %%%', 'Basic ***', 'Basic abc', `Basic ${b64('a%ZZ:b')}`, `Basic ${b64('%:x')}`, `Basic ${b64(`${app.clientId}:%E0%A4%A`)}`,
      `Basic ${b64('no-colon')}`, `Basic ${b64(':secret')}`, 'Basic', 'Bearer abc',
    ];
    for (const authorization of headers) {
      const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x' }, { authorization });
      expectOAuthError(res, 'invalid_client', 401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('www-authenticate')).toContain('Basic');
    }
  });

  test('JSON body, no grant_type, unknown grant, missing fields, both auth methods', async () => {
    const auth = basic(app.clientId, app.secret);
    expectOAuthError(await api('POST', '/oauth/token-request', { token: null, body: { grant_type: 'refresh_token', refresh_token: 'x' } }), 'invalid_request');
    expectOAuthError(await tokenRequest({}, auth), 'invalid_request');
    expectOAuthError(await tokenRequest({ grant_type: 'password', username: user, password: PASSWORD }, auth), 'unsupported_grant_type');
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token' }, auth), 'invalid_request');
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: app.secret }, auth), 'invalid_request');
    expectOAuthError(await api('POST', '/oauth/token-request', { token: null, rawBody: '%%%', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 'invalid_client', 401);
    expect((await api('GET', '/oauth/token-request', { token: null })).status).toBe(405);
  });
});
