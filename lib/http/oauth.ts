/**
 * Floe as an OAuth authorization server for programmatic clients (Snowflake OAuth's endpoints):
 * - GET /oauth/authorize?response_type=code&client_id&redirect_uri[&state][&scope][&code_challenge]
 *   signs the user in through the console (redirect to /login when there is no session) and
 *   redirects back with `code` and `state`;
 * - POST /oauth/token-request (application/x-www-form-urlencoded) with grant_type
 *   authorization_code or refresh_token answers access (and refresh) tokens;
 * - POST /oauth/revoke (RFC 7009) revokes a refresh token.
 * Errors are OAuth's own bodies (`{"error": "invalid_grant", "error_description": …}`, with
 * Snowflake's `message` / `success: false` beside them), never the SQL API's {code, message}.
 */
import { currentConsoleSession } from '@/lib/auth/console-session';
import { exchangeCode, exchangeRefreshToken, issueCode, OAuthError, revokeRefreshToken, scopeRole } from '@/lib/auth/oauth-grants';
import { getFloe } from '@/lib/floe';
import { isErrorNamed } from './errors';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function oauthJson(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...NO_STORE } });
}

function oauthError(e: OAuthError): Response {
  return oauthJson(e.status, { error: e.error, error_description: e.message, message: e.message, code: null, data: null, success: false });
}

async function answering(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    if (isErrorNamed<OAuthError>(e, 'OAuthError')) return oauthError(e);
    throw e;
  }
}

/** The form body of a token endpoint request (RFC 6749 §4.1.3: form-encoded only). */
async function formOf(req: Request): Promise<URLSearchParams> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthError('invalid_request', 'The request body must be application/x-www-form-urlencoded.');
  return new URLSearchParams(await req.text());
}

/** client_id from HTTP Basic client authentication or the form. */
function clientIdOf(req: Request, form: URLSearchParams): string | null {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const id = decodeURIComponent(decoded.slice(0, decoded.includes(':') ? decoded.indexOf(':') : undefined));
    if (!id) throw new OAuthError('invalid_client', 'The client credentials are malformed.', 401);
    return id;
  }
  return form.get('client_id');
}

const required = (form: URLSearchParams, name: string): string => {
  const v = form.get(name);
  if (!v) throw new OAuthError('invalid_request', `The request is missing the parameter '${name}'.`);
  return v;
};

export function tokenRequest(req: Request): Promise<Response> {
  return answering(async () => {
    const form = await formOf(req);
    const grant = required(form, 'grant_type');
    const floe = await getFloe();
    const clientId = clientIdOf(req, form);
    switch (grant) {
      case 'refresh_token':
        return oauthJson(200, await exchangeRefreshToken(floe.write, floe.catalog(), required(form, 'refresh_token')));
      case 'authorization_code':
        return oauthJson(200, await exchangeCode(floe.write, floe.catalog(), {
          code: required(form, 'code'), redirectUri: form.get('redirect_uri'), clientId, verifier: form.get('code_verifier'),
        }));
      default:
        throw new OAuthError('unsupported_grant_type', `The grant type '${grant}' is not supported; use authorization_code or refresh_token.`);
    }
  });
}

export function revoke(req: Request): Promise<Response> {
  return answering(async () => {
    const form = await formOf(req);
    const floe = await getFloe();
    await revokeRefreshToken(floe.write, floe.catalog(), required(form, 'token'));
    return new Response(null, { status: 200, headers: NO_STORE });
  });
}

function redirectTo(target: URL | string): Response {
  return new Response(null, { status: 302, headers: { location: String(target), ...NO_STORE } });
}

export function authorize(req: Request): Promise<Response> {
  return answering(async () => {
    const url = new URL(req.url);
    const q = url.searchParams;
    const clientId = required(q, 'client_id');
    let redirect: URL;
    try {
      redirect = new URL(required(q, 'redirect_uri'));
      if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') throw new Error();
    } catch (e) {
      throw isErrorNamed<OAuthError>(e, 'OAuthError') ? e : new OAuthError('invalid_request', 'redirect_uri must be an absolute http(s) URL.');
    }
    // From here on errors go back to the client's redirect_uri (RFC 6749 §4.1.2.1).
    const back = (params: Record<string, string>) => {
      const to = new URL(redirect);
      for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
      const state = q.get('state');
      if (state !== null) to.searchParams.set('state', state);
      return redirectTo(to);
    };
    if (q.get('response_type') !== 'code') return back({ error: 'unsupported_response_type', error_description: "response_type must be 'code'." });
    const challenge = q.get('code_challenge');
    if (challenge && (q.get('code_challenge_method') ?? 'plain') !== 'S256') return back({ error: 'invalid_request', error_description: 'Only the S256 code challenge method is supported.' });
    const session = await currentConsoleSession().catch(() => null);
    if (!session) return redirectTo(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
    const floe = await getFloe();
    let role: string | null;
    try {
      role = scopeRole(q.get('scope'), floe.catalog(), session.user);
    } catch (e) {
      if (isErrorNamed<OAuthError>(e, 'OAuthError')) return back({ error: e.error, error_description: e.message });
      throw e;
    }
    return back({ code: issueCode({ user: session.user, clientId, redirectUri: q.get('redirect_uri')!, role, challenge: challenge || null }) });
  });
}
