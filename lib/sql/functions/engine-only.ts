/**
 * Functions of the engine that are not Snowflake's: SQLite's own (sqlite_version(), randomblob(),
 * strftime(), json_*, …) and Floe's own helpers of the engine-function manifest (FLOE_*,
 * lib/engine/functions/manifest.ts). A statement naming one gets Snowflake's unknown-function
 * error instead of a look at the engine underneath.
 */
import { isInternalFunction } from '@/lib/engine/functions/manifest';
import { sqlErrors } from '../errors';

const SQLITE_ONLY = new Set([
  'RANDOMBLOB', 'ZEROBLOB', 'PRINTF', 'QUOTE', 'GLOB', 'LIKELY', 'UNLIKELY', 'LIKELIHOOD', 'CHANGES', 'TOTAL_CHANGES',
  'LAST_INSERT_ROWID', 'LOAD_EXTENSION', 'JULIANDAY', 'STRFTIME', 'UNIXEPOCH', 'DATETIME', 'TIMEDIFF', 'TOTAL', 'HEX',
  'UNHEX', 'JSON', 'JSON_ARRAY', 'JSON_ARRAY_LENGTH', 'JSON_ERROR_POSITION', 'JSON_INSERT', 'JSON_OBJECT', 'JSON_PATCH',
  'JSON_REMOVE', 'JSON_REPLACE', 'JSON_SET', 'JSON_TYPE', 'JSON_VALID', 'JSON_QUOTE', 'JSON_GROUP_ARRAY',
  'JSON_GROUP_OBJECT', 'JSON_EACH', 'JSON_TREE',
]);

const SQLITE_PREFIXES = ['SQLITE_', 'PRAGMA_', 'JSONB'];

function isEngineOnly(name: string): boolean {
  const n = name.toUpperCase();
  return SQLITE_ONLY.has(n) || SQLITE_PREFIXES.some((p) => n.startsWith(p)) || isInternalFunction(n);
}

/**
 * Fails on the first call of an engine-only function in a statement's parse tree. It runs on the
 * user's tree before rewriting, since the rewrite itself calls FLOE_* helpers.
 */
export function rejectEngineOnlyCalls(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) { for (const n of node) rejectEngineOnlyCalls(n); return; }
  const o = node as Record<string, unknown>;
  const call = o.function as { name?: unknown } | undefined;
  if (call && typeof call.name === 'string' && isEngineOnly(call.name)) throw sqlErrors.unknownFunction(call.name.toUpperCase());
  for (const v of Object.values(o)) rejectEngineOnlyCalls(v);
}
