/**
 * Short-lived OAuth access tokens, for console sessions and for registered OAuth clients
 * (oauth-grants.ts). The console signs a user in with his
 * password (next-auth, lib/http/console-session.ts) and gets one of these; the browser then calls
 * /api/v2 with it like any other client (`X-Snowflake-Authorization-Token-Type: OAUTH`).
 * Stored like PATs: a `_floe_tokens` row holding only the salted scrypt hash of a random secret,
 * named with OAUTH_TOKEN_PREFIX so that SHOW USER PATS leaves it out, expiring after one hour.
 */
import { randomBytes } from 'node:crypto';
import type { Catalog, TokenInfo } from '@/lib/catalog/catalog';
import { addToken, removeExpiredTokens, removeNamedToken } from '@/lib/catalog/tokens';
import type { SqlStep } from '@/lib/engine/types';
import { hashSecret, lookupKey, newSecret, verifySecret } from './secrets';

export const OAUTH_TOKEN_PREFIX = 'OAUTH$CONSOLE$';
export const OAUTH_SECRET_PREFIX = 'floe_oauth_';
export const OAUTH_TTL_MS = 3_600_000;

export const isOAuthToken = (t: Pick<TokenInfo, 'name'>): boolean => t.name.startsWith(OAUTH_TOKEN_PREFIX);
/** Rows of OAuth refresh tokens (oauth-grants.ts): never a bearer credential. */
export const REFRESH_TOKEN_PREFIX = 'OAUTH$REFRESH$';
export const isRefreshToken = (t: Pick<TokenInfo, 'name'>): boolean => t.name.startsWith(REFRESH_TOKEN_PREFIX);
/** A programmatic access token row (what SHOW USER PROGRAMMATIC ACCESS TOKENS lists). */
export const isProgrammaticToken = (t: Pick<TokenInfo, 'name'>): boolean => !isOAuthToken(t) && !isRefreshToken(t);

export interface IssuedToken { accessToken: string; tokenName: string; expiresAt: number }

/** The user a console password belongs to (case-insensitive name, as Snowflake logins are), or null. */
export async function verifyPassword(catalog: Catalog, userName: string, password: string): Promise<string | null> {
  const user = catalog.users.get(userName.trim().toUpperCase()) ?? catalog.users.get(userName.trim());
  if (!user || user.disabled || !user.passwordHash) return null;
  return (await verifySecret(password, user.passwordHash)) ? user.name : null;
}

/**
 * A new access token for `user`; its row is written through `write` (a journaled catalog write),
 * together with the removal of that user's expired console tokens. oauthClient: the client_id
 * of the OAuth integration it is issued to (its tokens end with it); ttlMs: its lifetime (default OAUTH_TTL_MS).
 */
export async function issueAccessToken(write: (steps: SqlStep[]) => Promise<void>, user: string, now = Date.now(), opts: { role?: string | null; comment?: string; oauthClient?: string; ttlMs?: number } = {}): Promise<IssuedToken> {
  const accessToken = newSecret(OAUTH_SECRET_PREFIX);
  const tokenName = OAUTH_TOKEN_PREFIX + randomBytes(8).toString('hex').toUpperCase();
  const expiresAt = now + (opts.ttlMs ?? OAUTH_TTL_MS);
  await write([
    ...removeExpiredTokens(user, OAUTH_TOKEN_PREFIX, now),
    ...addToken({
      userName: user, name: tokenName, lookup: lookupKey(accessToken), secretHash: await hashSecret(accessToken), roleRestriction: opts.role ?? null, expiresAt,
      comment: opts.comment ?? 'console session', createdOn: now, oauthClient: opts.oauthClient ?? null,
    }),
  ]);
  return { accessToken, tokenName, expiresAt };
}

/** Logout: the session's token stops working at once. */
export async function revokeAccessToken(write: (steps: SqlStep[]) => Promise<void>, user: string, tokenName: string): Promise<void> {
  if (!tokenName.startsWith(OAUTH_TOKEN_PREFIX)) return;
  await write(removeNamedToken(user, tokenName));
}
