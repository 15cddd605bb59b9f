/**
 * Catalog operations on tokens (_floe_tokens): programmatic access tokens, console and OAuth
 * access tokens, OAuth refresh tokens. Each returns the engine steps; the caller applies them
 * through the one catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { TokenInfo } from './catalog';

/** A token's row: only its lookup key and the salted hash of its secret are stored. */
export type NewToken = Omit<TokenInfo, 'id' | 'oauthClient'> & { oauthClient?: string | null };

export function addToken(t: NewToken): SqlStep[] {
  return [{
    sql: 'INSERT INTO _floe_tokens(user_name, name, lookup, secret_hash, role_restriction, expires_at, comment, created_on, oauth_client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    params: [t.userName, t.name, t.lookup, t.secretHash, t.roleRestriction, t.expiresAt, t.comment, t.createdOn, t.oauthClient ?? null],
  }];
}

export const removeToken = (id: number): SqlStep[] => [{ sql: 'DELETE FROM _floe_tokens WHERE id = ?', params: [id] }];

export const removeNamedToken = (user: string, name: string): SqlStep[] => [{ sql: 'DELETE FROM _floe_tokens WHERE user_name = ? AND name = ?', params: [user, name] }];

/** A new secret in place (rotation): the old one stops working at once. */
export const setTokenSecret = (id: number, lookup: string, secretHash: string): SqlStep[] =>
  [{ sql: 'UPDATE _floe_tokens SET lookup = ?, secret_hash = ? WHERE id = ?', params: [lookup, secretHash, id] }];

/** Every token of a user (DROP USER). */
export const removeTokensOf = (user: string): SqlStep[] => [{ sql: 'DELETE FROM _floe_tokens WHERE user_name = ?', params: [user] }];

/** A user's tokens whose names start with `prefix` and that expired before `now`. */
export const removeExpiredTokens = (user: string, prefix: string, now: number): SqlStep[] =>
  [{ sql: 'DELETE FROM _floe_tokens WHERE user_name = ? AND substr(name, 1, ?) = ? AND expires_at < ?', params: [user, prefix.length, prefix, now] }];

/** Every token issued to an OAuth client (its integration replaced or dropped). */
export const removeClientTokens = (clientId: string): SqlStep[] => [{ sql: 'DELETE FROM _floe_tokens WHERE oauth_client = ?', params: [clientId] }];
