/**
 * Floe as an OAuth authorization server for registered clients (Snowflake OAuth's endpoints;
 * clients are security integrations, lib/auth/oauth-clients.ts):
 * - GET /oauth/authorize?response_type=code&client_id&redirect_uri[&state][&scope][&code_challenge]
 *   checks the client and its exact redirect URI first: a request failing that is refused here
 *   (400, a page or JSON) and never redirected (RFC 6749 §4.1.2.1). A signed-out user goes to
 *   /login and comes back; a signed-in one gets the consent page (oauth-pages.ts).
 * - POST /oauth/authorize is that page's form: only an explicit Allow, from this site, carrying
 *   the consent token bound to the session and the request, issues a code; Deny redirects
 *   with error=access_denied.
 * - POST /oauth/token-request (form-encoded) with grant_type authorization_code or
 *   refresh_token: confidential clients authenticate (HTTP Basic or client_secret in the form),
 *   public ones prove their code with PKCE.
 * - POST /oauth/revoke (RFC 7009) revokes a refresh token of the authenticated client.
 * Errors are OAuth's own bodies (`{"error": "invalid_grant", "error_description": …}`, with
 * Snowflake's `message` / `success: false` beside them), never the SQL API's {code, message}.
 */
import { createHash } from 'node:crypto';
import type { Catalog, IntegrationInfo } from '@/lib/catalog/catalog';
import { currentConsoleSession, type ConsoleSession } from '@/lib/http/console-session';
import { clientSecretMatches, flag, isPublicClient, macMatches, preAuthorized, redirectUriProblem, refreshValidityMs, serverMac, setting, usableClient } from '@/lib/auth/oauth-clients';
import { exchangeCode, exchangeRefreshToken, issueCode, OAuthError, requestedGrant, revokeRefreshToken, type Grant } from '@/lib/auth/oauth-grants';
import { getFloe } from '@/lib/floe';
import { isErrorNamed } from './errors';
import { consentPage, refusalPage } from './oauth-pages';
import { crossSiteProblem } from './request-policy';
import { SECURITY_HEADERS } from './request-policy';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache', ...SECURITY_HEADERS };
/** Bytes of a form body (token, revoke and consent requests are a few hundred). */
const MAX_FORM_BYTES = 64 * 1024;

function oauthJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...NO_STORE, ...headers } });
}

function oauthError(e: OAuthError): Response {
  // RFC 6749 §5.2: a failed client authentication names the scheme to use.
  const challenge: Record<string, string> = e.status === 401 ? { 'www-authenticate': 'Basic realm="Floe OAuth"' } : {};
  return oauthJson(e.status, { error: e.error, error_description: e.message, message: e.message, code: null, data: null, success: false }, challenge);
}

async function answering(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    if (isErrorNamed<OAuthError>(e, 'OAuthError')) return oauthError(e);
    throw e;
  }
}

/** A form body (RFC 6749 §4.1.3: form-encoded only). */
async function formOf(req: Request): Promise<URLSearchParams> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthError('invalid_request', 'The request body must be application/x-www-form-urlencoded.');
  const text = await req.text();
  if (text.length > MAX_FORM_BYTES) throw new OAuthError('invalid_request', `The request body is larger than ${MAX_FORM_BYTES} bytes.`);
  return new URLSearchParams(text);
}

const required = (form: URLSearchParams, name: string): string => {
  const v = form.get(name);
  if (!v) throw new OAuthError('invalid_request', `The request is missing the parameter '${name}'.`);
  return v;
};

const badClient = (message: string) => new OAuthError('invalid_client', message, 401);

/** A form-urlencoded value (RFC 6749 §2.3.1: Basic credentials are encoded so), or null when malformed. */
function formDecoded(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** client_id and client_secret of an `Authorization: Basic` header, or null without one; malformed → invalid_client. */
function basicCredentials(req: Request): { id: string; secret: string } | null {
  const header = req.headers.get('authorization');
  if (header === null) return null;
  const m = /^Basic\s+(\S*)\s*$/i.exec(header);
  if (!m) throw badClient('Client authentication must use HTTP Basic.');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(m[1]) || m[1].length % 4 !== 0) throw badClient('The Basic credentials are not valid base64.');
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const id = colon < 0 ? null : formDecoded(decoded.slice(0, colon));
  const secret = colon < 0 ? null : formDecoded(decoded.slice(colon + 1));
  if (!id || secret === null) throw badClient('The Basic credentials are malformed: expected url-encoded client_id:client_secret.');
  return { id, secret };
}

/**
 * The client a token or revoke request comes from (RFC 6749 §2.3): HTTP Basic or client_id and
 * client_secret in the form (not both). A confidential client must give a current secret; a
 * public one may give none (its codes need PKCE instead).
 */
function authenticatedClient(req: Request, form: URLSearchParams, catalog: Catalog): IntegrationInfo {
  const basic = basicCredentials(req);
  if (basic && form.has('client_secret')) throw new OAuthError('invalid_request', 'Use one client authentication method: HTTP Basic or client_secret in the body, not both.');
  const formId = form.get('client_id');
  if (basic && formId !== null && formId !== basic.id) throw badClient('client_id does not match the Basic credentials.');
  const id = basic?.id ?? formId;
  const secret = basic?.secret ?? form.get('client_secret');
  if (!id) throw badClient('Client authentication is required (HTTP Basic, or client_id and client_secret).');
  const client = usableClient(catalog, id);
  if (!client) throw badClient('Unknown or disabled client.');
  if (secret === null || secret === '') {
    if (!isPublicClient(client)) throw badClient(`Client ${client.name} is confidential: its client secret is required.`);
  } else if (!clientSecretMatches(client, secret)) {
    throw badClient('The client secret is wrong.');
  }
  return client;
}

export function tokenRequest(req: Request): Promise<Response> {
  return answering(async () => {
    const form = await formOf(req);
    const floe = await getFloe();
    const client = authenticatedClient(req, form, floe.catalog());
    const grant = required(form, 'grant_type');
    switch (grant) {
      case 'refresh_token':
        return oauthJson(200, await exchangeRefreshToken(floe.write, floe.catalog(), client, required(form, 'refresh_token')));
      case 'authorization_code':
        return oauthJson(200, await exchangeCode(floe.write, floe.catalog(), client, {
          code: required(form, 'code'), redirectUri: form.get('redirect_uri'), verifier: form.get('code_verifier'),
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
    const client = authenticatedClient(req, form, floe.catalog());
    await revokeRefreshToken(floe.write, floe.catalog(), client, required(form, 'token'));
    return new Response(null, { status: 200, headers: NO_STORE });
  });
}

// ------------------------------------------------------------------ authorization and consent

/** The authorization request's parameters: what the consent form carries back and its token covers. */
const REQUEST_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method'];

/** Refused without going back to the client: a page for a browser, OAuth JSON for anything else. */
function refuse(req: Request, status: number, error: string, message: string): Response {
  return (req.headers.get('accept') ?? '').includes('text/html') ? refusalPage(status, error, message) : oauthError(new OAuthError(error, message, status));
}

const redirectTo = (target: URL | string, status = 302) => new Response(null, { status, headers: { location: String(target), ...NO_STORE } });

/** The registered client and its exact redirect URI, or the refusal (never a redirect). */
function clientOf(req: Request, q: URLSearchParams, catalog: Catalog): { client: IntegrationInfo; redirectUri: string } | Response {
  const clientId = q.get('client_id');
  const client = usableClient(catalog, clientId);
  if (!client) {
    return refuse(req, 400, 'invalid_client', clientId ? `No enabled OAuth client has the client_id '${clientId.slice(0, 100)}' (CREATE SECURITY INTEGRATION registers one).` : "The request is missing the parameter 'client_id'.");
  }
  const redirectUri = q.get('redirect_uri');
  const registered = setting(client, 'OAUTH_REDIRECT_URI');
  if (redirectUri === null) return refuse(req, 400, 'invalid_request', "The request is missing the parameter 'redirect_uri'.");
  if (redirectUri !== registered || redirectUriProblem(registered, flag(client, 'OAUTH_ALLOW_NON_TLS_REDIRECT_URI'))) {
    return refuse(req, 400, 'invalid_request', `redirect_uri is not the one registered for client ${client.name} (OAUTH_REDIRECT_URI): nothing is sent back to it.`);
  }
  return { client, redirectUri };
}

/** Answers that go back to the client's redirect URI, with the request's state. */
function backTo(redirectUri: string, state: string | null, status: number) {
  return (params: Record<string, string>) => {
    const to = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
    if (state !== null) to.searchParams.set('state', state);
    return redirectTo(to, status);
  };
}

/** The PKCE challenge of a request (null: none), or the error for the client. */
function challengeOf(q: URLSearchParams, client: IntegrationInfo): string | null {
  if (q.get('response_type') !== 'code') throw new OAuthError('unsupported_response_type', "response_type must be 'code'.");
  const challenge = q.get('code_challenge') || null;
  if (challenge === null) {
    if (isPublicClient(client)) throw new OAuthError('invalid_request', `Client ${client.name} is public: PKCE (code_challenge, S256) is required.`);
    if (flag(client, 'OAUTH_ENFORCE_PKCE')) throw new OAuthError('invalid_request', `Client ${client.name} requires PKCE (OAUTH_ENFORCE_PKCE): code_challenge is missing.`);
    return null;
  }
  if ((q.get('code_challenge_method') ?? 'plain') !== 'S256') throw new OAuthError('invalid_request', 'Only the S256 code challenge method is supported.');
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) throw new OAuthError('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
  return challenge;
}

/** The consent form's token: bound to the session (its access token) and to every request parameter. */
function consentToken(session: ConsoleSession, q: URLSearchParams): string {
  const sessionKey = createHash('sha256').update(session.accessToken).digest('base64url');
  return serverMac('oauth-consent', JSON.stringify([sessionKey, session.user, ...REQUEST_PARAMS.map((k) => q.get(k))]));
}

/** The grant the request asks of this user, or the error for the client. */
function grantOf(q: URLSearchParams, client: IntegrationInfo, redirectUri: string, catalog: Catalog, user: string): Grant {
  return requestedGrant(client, catalog, user, q.get('scope'), { redirectUri, challenge: challengeOf(q, client) });
}

const loginFor = (q: URLSearchParams, status: number) => {
  const here = new URLSearchParams();
  for (const k of REQUEST_PARAMS) if (q.has(k)) here.set(k, q.get(k)!);
  return redirectTo(`/login?next=${encodeURIComponent(`/oauth/authorize?${here}`)}`, status);
};

export async function authorize(req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const catalog = (await getFloe()).catalog();
  const c = clientOf(req, q, catalog);
  if (c instanceof Response) return c;
  const back = backTo(c.redirectUri, q.get('state'), 302);
  try {
    challengeOf(q, c.client);
    const session = await currentConsoleSession().catch(() => null);
    if (!session) return loginFor(q, 302);
    const grant = grantOf(q, c.client, c.redirectUri, catalog, session.user);
    // Roles the administrator pre-authorized for this (confidential) client need no consent.
    if (preAuthorized(c.client, grant.role)) return back({ code: issueCode(grant) });
    const fields: Record<string, string> = {};
    for (const k of REQUEST_PARAMS) if (q.has(k)) fields[k] = q.get(k)!;
    fields.consent_token = consentToken(session, q);
    return consentPage({
      clientName: c.client.name, user: session.user, role: grant.role, redirectUri: c.redirectUri, fields,
      refreshDays: grant.refresh ? Math.round(refreshValidityMs(c.client) / 86_400_000) : null,
    });
  } catch (e) {
    if (isErrorNamed<OAuthError>(e, 'OAuthError')) return back({ error: e.error, error_description: e.message });
    throw e;
  }
}

/** The consent form's answer: Allow issues the code, Deny tells the client access_denied. */
export async function authorizeDecision(req: Request): Promise<Response> {
  // A browser names where a form post comes from: only this site's own consent page may decide.
  const crossSite = crossSiteProblem(req.headers, req.url);
  if (crossSite) return refuse(req, 403, 'access_denied', 'The consent must be given on this site.');
  let q: URLSearchParams;
  try {
    q = await formOf(req);
  } catch (e) {
    if (isErrorNamed<OAuthError>(e, 'OAuthError')) return refuse(req, 400, e.error, e.message);
    throw e;
  }
  const catalog = (await getFloe()).catalog();
  const c = clientOf(req, q, catalog);
  if (c instanceof Response) return c;
  const session = await currentConsoleSession().catch(() => null);
  if (!session) return loginFor(q, 303);
  if (!macMatches(q.get('consent_token') ?? '', consentToken(session, q))) {
    return refuse(req, 403, 'access_denied', 'This consent form is not valid for your session or was changed: start the authorization again.');
  }
  const back = backTo(c.redirectUri, q.get('state'), 303);
  try {
    const grant = grantOf(q, c.client, c.redirectUri, catalog, session.user);
    const decision = q.get('decision');
    if (decision === 'allow') return back({ code: issueCode(grant) });
    if (decision === 'deny') return back({ error: 'access_denied', error_description: 'The user denied the request.' });
    return refuse(req, 400, 'invalid_request', "decision must be 'allow' or 'deny'.");
  } catch (e) {
    if (isErrorNamed<OAuthError>(e, 'OAuthError')) return back({ error: e.error, error_description: e.message });
    throw e;
  }
}
