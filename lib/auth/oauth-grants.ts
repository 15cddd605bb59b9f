/**
 * The OAuth grants behind /oauth/authorize and /oauth/token-request, always for a registered
 * client (an enabled security integration, oauth-clients.ts): authorization codes (issued to a
 * signed-in console user once he consented, single use, 10 minutes, kept in memory by their
 * SHA-256 only, bound to the client, its redirect URI, the role and any PKCE challenge) and
 * refresh tokens (`_floe_tokens` rows named REFRESH_TOKEN_PREFIX holding the salted scrypt hash,
 * bound to the client, valid for its OAUTH_REFRESH_TOKEN_VALIDITY). Exchanging either gives a
 * short-lived OAuth access token (oauth.ts). Every token is restricted to the role the user
 * consented to (scope `session:role:R`, else his default role), never a blocked one. A refresh
 * token is never a bearer credential (authenticate.ts refuses its row).
 */
import { createHash, randomBytes } from 'node:crypto';
import { defaultRole, grantedRoles } from '@/lib/access/roles';
import type { Catalog, IntegrationInfo, TokenInfo } from '@/lib/catalog/catalog';
import { addToken, removeToken } from '@/lib/catalog/tokens';
import type { SqlStep } from '@/lib/engine/types';
import { issueAccessToken, OAUTH_TTL_MS, REFRESH_TOKEN_PREFIX, isRefreshToken } from './oauth';
import { blockedRole, flag, refreshValidityMs } from './oauth-clients';
import { hashSecret, lookupKey, newSecret, verifySecret } from './secrets';

const CODE_TTL_MS = 10 * 60_000;
const REFRESH_SECRET_PREFIX = 'floe_refresh_';

type Write = (steps: SqlStep[]) => Promise<void>;

/** An OAuth error as RFC 6749 §5.2 names it (`invalid_grant`, …), with its HTTP status. */
export class OAuthError extends Error {
  constructor(readonly error: string, message: string, readonly status = 400) {
    super(message);
    this.name = 'OAuthError';
  }
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  username: string;
  scope: string;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

/** What the user is asked to consent to, and what a code carries. */
export interface Grant {
  user: string;
  clientId: string;
  redirectUri: string;
  /** The role every token of the grant is restricted to. */
  role: string;
  /** The scope asked for refresh_token (offline access) and the client issues them. */
  refresh: boolean;
  /** PKCE S256 code challenge, or null. */
  challenge: string | null;
}

interface PendingCode extends Grant { expiresAt: number }

/** Codes live on globalThis: Next gives each route its own copy of this module. */
const g = globalThis as typeof globalThis & { __floeOAuthCodes?: Map<string, PendingCode> };
const codes = (g.__floeOAuthCodes ??= new Map());

const sha256 = (s: string, enc: 'hex' | 'base64url' = 'hex') => createHash('sha256').update(s).digest(enc);

/** The role a grant would use for `user`, refused when not his or blocked for this client. */
function checkedRole(client: IntegrationInfo, catalog: Catalog, user: string, role: string, error = 'invalid_scope'): string {
  if (!catalog.roles.has(role) || !grantedRoles(catalog, user, null).has(role)) throw new OAuthError(error, `Role '${role}' is not granted to user ${user}.`);
  const blocked = blockedRole(client, catalog, role);
  if (blocked) throw new OAuthError(error, `Role '${role}' cannot be used through OAuth client ${client.name}: ${blocked === role ? 'it is' : `it inherits ${blocked}, which is`} blocked (BLOCKED_ROLES_LIST).`);
  return role;
}

/**
 * The grant an authorization request asks for. Scope words: `refresh_token` (offline access) and
 * `session:role:R` (R as written when "quoted", else upper-cased); any other is refused. Without
 * a role the user's default role is used: a token is always bound to one role.
 */
export function requestedGrant(client: IntegrationInfo, catalog: Catalog, user: string, scope: string | null, p: { redirectUri: string; challenge: string | null }): Grant {
  let role: string | null = null;
  let refresh = false;
  for (const word of (scope ?? '').split(/\s+/).filter(Boolean)) {
    const m = /^session:role:(.+)$/i.exec(word);
    if (word.toLowerCase() === 'refresh_token') refresh = true;
    else if (m && role === null) role = /^".*"$/.test(m[1]) ? m[1].slice(1, -1) : m[1].toUpperCase();
    else throw new OAuthError('invalid_scope', `The scope '${word.slice(0, 100)}' is not supported: use refresh_token and session:role:<role>.`);
  }
  return {
    user, clientId: client.clientId, redirectUri: p.redirectUri, challenge: p.challenge,
    role: checkedRole(client, catalog, user, role ?? defaultRole(catalog, user, null)),
    refresh: refresh && flag(client, 'OAUTH_ISSUE_REFRESH_TOKENS'),
  };
}

const scopeOf = (role: string, refresh: boolean) => `${refresh ? 'refresh_token ' : ''}session:role:${role}`;

/** A new authorization code for a grant the user consented to (the redirect of /oauth/authorize carries it). */
export function issueCode(grant: Grant, now = Date.now()): string {
  for (const [k, c] of codes) if (c.expiresAt < now) codes.delete(k);
  const code = randomBytes(24).toString('base64url');
  codes.set(sha256(code), { ...grant, expiresAt: now + CODE_TTL_MS });
  return code;
}

function usableUser(catalog: Catalog, name: string) {
  const user = catalog.users.get(name);
  if (!user || user.disabled) throw new OAuthError('invalid_grant', 'The user of this grant does not exist or is disabled.');
  return user;
}

async function accessFor(write: Write, client: IntegrationInfo, user: string, role: string, now: number) {
  return issueAccessToken(write, user, now, { role, comment: `oauth client ${client.name}`, oauthClient: client.clientId });
}

/** grant_type=authorization_code: the code (used up either way) for an access token, and a refresh token when consented to. */
export async function exchangeCode(write: Write, catalog: Catalog, client: IntegrationInfo, f: { code: string; redirectUri: string | null; verifier: string | null }, now = Date.now()): Promise<TokenAnswer> {
  const key = sha256(f.code);
  const c = codes.get(key);
  codes.delete(key);
  if (!c || c.expiresAt < now) throw new OAuthError('invalid_grant', 'The authorization code is invalid or has expired.');
  if (c.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
  if (f.redirectUri !== c.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (c.challenge !== null && (!f.verifier || sha256(f.verifier, 'base64url') !== c.challenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code challenge.');
  if (c.challenge === null && f.verifier) throw new OAuthError('invalid_grant', 'code_verifier given for an authorization request without a code challenge.');
  const user = usableUser(catalog, c.user);
  // The integration's settings may have changed since the consent.
  const role = checkedRole(client, catalog, user.name, c.role, 'invalid_grant');
  const refresh = c.refresh && flag(client, 'OAUTH_ISSUE_REFRESH_TOKENS');
  const answer: TokenAnswer = { access_token: '', token_type: 'Bearer', expires_in: OAUTH_TTL_MS / 1000, username: user.name, scope: scopeOf(role, refresh) };
  if (refresh) {
    const secret = newSecret(REFRESH_SECRET_PREFIX);
    const validity = refreshValidityMs(client);
    await write(addToken({
      userName: user.name, name: REFRESH_TOKEN_PREFIX + randomBytes(8).toString('hex').toUpperCase(), lookup: lookupKey(secret), secretHash: await hashSecret(secret),
      roleRestriction: role, expiresAt: now + validity, comment: `oauth refresh token (${client.name})`, createdOn: now, oauthClient: client.clientId,
    }));
    Object.assign(answer, { refresh_token: secret, refresh_token_expires_in: validity / 1000 });
  }
  answer.access_token = (await accessFor(write, client, user.name, role, now)).accessToken;
  return answer;
}

/** The refresh token row a secret belongs to (issued to `client`), or undefined. */
async function refreshRow(catalog: Catalog, client: IntegrationInfo, secret: string): Promise<TokenInfo | undefined> {
  const lookup = lookupKey(secret);
  for (const t of catalog.tokens) {
    if (isRefreshToken(t) && t.lookup === lookup && t.oauthClient === client.clientId && (await verifySecret(secret, t.secretHash))) return t;
  }
  return undefined;
}

/** grant_type=refresh_token: a new access token (the refresh token stays valid until it expires or is revoked). */
export async function exchangeRefreshToken(write: Write, catalog: Catalog, client: IntegrationInfo, secret: string, now = Date.now()): Promise<TokenAnswer> {
  const row = await refreshRow(catalog, client, secret);
  if (!row || !row.roleRestriction) throw new OAuthError('invalid_grant', 'The refresh token is invalid, was issued to another client, or has been revoked.');
  if (row.expiresAt !== null && row.expiresAt < now) throw new OAuthError('invalid_grant', 'The refresh token has expired.');
  const user = usableUser(catalog, row.userName);
  const role = checkedRole(client, catalog, user.name, row.roleRestriction, 'invalid_grant');
  const access = await accessFor(write, client, user.name, role, now);
  return { access_token: access.accessToken, token_type: 'Bearer', expires_in: OAUTH_TTL_MS / 1000, username: user.name, scope: scopeOf(role, false) };
}

/** RFC 7009: a refresh token of this client stops working at once (an unknown token is not an error). */
export async function revokeRefreshToken(write: Write, catalog: Catalog, client: IntegrationInfo, secret: string): Promise<void> {
  const row = await refreshRow(catalog, client, secret);
  if (row) await write(removeToken(row.id));
}
