/**
 * Catalog operations on account parameters (_floe_meta, upper-case keys; the table also keeps
 * bookkeeping such as created_on). Each returns the engine steps; the caller applies them
 * through the one catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';

/** ALTER ACCOUNT SET (an upsert both SQLite and PostgreSQL read). */
export const setAccountParameter = (key: string, value: string): SqlStep[] =>
  [{ sql: 'INSERT INTO _floe_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', params: [key, value] }];

/** ALTER ACCOUNT UNSET: back to its default. */
export const unsetAccountParameter = (key: string): SqlStep[] => [{ sql: 'DELETE FROM _floe_meta WHERE key = ?', params: [key] }];
