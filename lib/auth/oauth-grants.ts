/**
 * The OAuth grants behind /oauth/authorize and /oauth/token-request: authorization codes (issued
 * to a signed-in console user, single use, 10 minutes, kept in memory by their SHA-256 only) and
 * refresh tokens (`_floe_tokens` rows named REFRESH_TOKEN_PREFIX holding the salted scrypt hash,
 * 90 days, as Snowflake's OAUTH_REFRESH_TOKEN_VALIDITY default). Exchanging either gives a
 * short-lived OAuth access token (oauth.ts). A refresh token is never a bearer credential
 * (authenticate.ts refuses its row), and an optional scope `session:role:R` restricts both.
 */
import { createHash, randomBytes } from 'node:crypto';
import { grantedRoles } from '@/lib/access/roles';
import type { Catalog, TokenInfo } from '@/lib/catalog/catalog';
import type { SqlStep } from '@/lib/engine/types';
import { issueAccessToken, OAUTH_TTL_MS, REFRESH_TOKEN_PREFIX, isRefreshToken } from './oauth';
import { hashSecret, lookupKey, newSecret, verifySecret } from './secrets';

export const REFRESH_TTL_MS = 90 * 24 * 3_600_000;
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

interface PendingCode {
  user: string;
  clientId: string;
  redirectUri: string;
  role: string | null;
  challenge: string | null;
  expiresAt: number;
}

/** Codes live on globalThis: Next gives each route its own copy of this module. */
const g = globalThis as typeof globalThis & { __floeOAuthCodes?: Map<string, PendingCode> };
const codes = (g.__floeOAuthCodes ??= new Map());

const sha256 = (s: string, enc: 'hex' | 'base64url' = 'hex') => createHash('sha256').update(s).digest(enc);

/** The role of a scope `session:role:R` (R as written, or upper-cased when unquoted), or null; other scope words are ignored. */
export function scopeRole(scope: string | null, catalog: Catalog, user: string): string | null {
  const m = /(?:^|\s)session:role:(\S+)/i.exec(scope ?? '');
  if (!m) return null;
  const role = /^".*"$/.test(m[1]) ? m[1].slice(1, -1) : m[1].toUpperCase();
  if (!catalog.roles.has(role) || !grantedRoles(catalog, user, null).has(role)) throw new OAuthError('invalid_scope', `Role '${role}' is not granted to user ${user}.`);
  return role;
}

const scopeOf = (role: string | null) => (role ? `refresh_token session:role:${role}` : 'refresh_token');

/** A new authorization code for a signed-in user (the redirect of /oauth/authorize carries it). */
export function issueCode(p: Omit<PendingCode, 'expiresAt'>, now = Date.now()): string {
  for (const [k, c] of codes) if (c.expiresAt < now) codes.delete(k);
  const code = randomBytes(24).toString('base64url');
  codes.set(sha256(code), { ...p, expiresAt: now + CODE_TTL_MS });
  return code;
}

function usableUser(catalog: Catalog, name: string) {
  const user = catalog.users.get(name);
  if (!user || user.disabled) throw new OAuthError('invalid_grant', 'The user of this grant does not exist or is disabled.');
  return user;
}

/** grant_type=authorization_code: the code (used up either way) for an access and a refresh token. */
export async function exchangeCode(write: Write, catalog: Catalog, f: { code: string; redirectUri: string | null; clientId: string | null; verifier: string | null }, now = Date.now()): Promise<TokenAnswer> {
  const key = sha256(f.code);
  const c = codes.get(key);
  codes.delete(key);
  if (!c || c.expiresAt < now) throw new OAuthError('invalid_grant', 'The authorization code is invalid or has expired.');
  if (f.redirectUri !== c.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (f.clientId !== null && f.clientId !== c.clientId) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
  if (c.challenge !== null && (!f.verifier || sha256(f.verifier, 'base64url') !== c.challenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code challenge.');
  const user = usableUser(catalog, c.user);
  const refresh = newSecret(REFRESH_SECRET_PREFIX);
  const name = REFRESH_TOKEN_PREFIX + randomBytes(8).toString('hex').toUpperCase();
  await write([{
    sql: 'INSERT INTO _floe_tokens(user_name, name, lookup, secret_hash, role_restriction, expires_at, comment, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    params: [user.name, name, lookupKey(refresh), await hashSecret(refresh), c.role, now + REFRESH_TTL_MS, `oauth refresh token (${c.clientId})`, now],
  }]);
  const access = await issueAccessToken(write, user.name, now, { role: c.role, comment: `oauth client ${c.clientId}` });
  return {
    access_token: access.accessToken, token_type: 'Bearer', expires_in: OAUTH_TTL_MS / 1000, username: user.name, scope: scopeOf(c.role),
    refresh_token: refresh, refresh_token_expires_in: REFRESH_TTL_MS / 1000,
  };
}

/** The refresh token row a secret belongs to, or undefined. */
async function refreshRow(catalog: Catalog, secret: string): Promise<TokenInfo | undefined> {
  const lookup = lookupKey(secret);
  for (const t of catalog.tokens) if (isRefreshToken(t) && t.lookup === lookup && (await verifySecret(secret, t.secretHash))) return t;
  return undefined;
}

/** grant_type=refresh_token: a new access token (the refresh token stays valid until it expires or is revoked). */
export async function exchangeRefreshToken(write: Write, catalog: Catalog, secret: string, now = Date.now()): Promise<TokenAnswer> {
  const row = await refreshRow(catalog, secret);
  if (!row) throw new OAuthError('invalid_grant', 'The refresh token is invalid or has been revoked.');
  if (row.expiresAt !== null && row.expiresAt < now) throw new OAuthError('invalid_grant', 'The refresh token has expired.');
  const user = usableUser(catalog, row.userName);
  const access = await issueAccessToken(write, user.name, now, { role: row.roleRestriction, comment: 'oauth refresh' });
  return { access_token: access.accessToken, token_type: 'Bearer', expires_in: OAUTH_TTL_MS / 1000, username: user.name, scope: scopeOf(row.roleRestriction) };
}

/** RFC 7009: a refresh token stops working at once (an unknown token is not an error). */
export async function revokeRefreshToken(write: Write, catalog: Catalog, secret: string): Promise<void> {
  const row = await refreshRow(catalog, secret);
  if (row) await write([{ sql: 'DELETE FROM _floe_tokens WHERE id = ?', params: [row.id] }]);
}
