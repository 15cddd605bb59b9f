/** Naming helpers every layer above the catalog shares. */

/** How Snowflake prints a name in messages: quoted only when it would not survive unquoted. */
export const displayName = (name: string) => (/^[A-Z_][A-Z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

/**
 * The last object id handed out, shared with the compile worker threads (objectIdCounter), which
 * make ids too: the same counter keeps ids unique across threads.
 */
let lastId = new BigInt64Array(new SharedArrayBuffer(8));

/** The counter, to hand to a compile worker; a worker adopts its parent's with useObjectIdCounter. */
export const objectIdCounter = (): SharedArrayBuffer => lastId.buffer as SharedArrayBuffer;
export function useObjectIdCounter(counter: SharedArrayBuffer): void {
  lastId = new BigInt64Array(counter);
}

/** Object ids are made when a statement compiles and written into the journal, so replay agrees. */
export function newObjectId(): number {
  for (;;) {
    const last = Atomics.load(lastId, 0);
    const next = BigInt(Math.max(Number(last) + 1, Date.now() * 100));
    if (Atomics.compareExchange(lastId, 0, last, next) === last) return Number(next);
  }
}

/**
 * SQLite name of a user column (or of any name a compiled statement defines: aliases, CTEs).
 * SQLite compares such names ignoring ASCII case, Snowflake compares them exactly, so a
 * lower-case ASCII letter is stored as `^` + its upper-case form (and `^` as `^^`): distinct
 * Snowflake names stay distinct in SQLite, and names without lower-case letters (every unquoted
 * one) are stored as they are.
 */
export const storageName = (name: string): string => name.replace(/[a-z^]/g, (c) => (c === '^' ? '^^' : `^${c.toUpperCase()}`));

/** The Snowflake name of a storage name (inverse of storageName). */
export const fromStorageName = (stored: string): string => stored.replace(/\^([\^A-Z])/g, (_, c: string) => (c === '^' ? '^' : c.toLowerCase()));

/**
 * A user's DEFAULT_NAMESPACE ('DB' or 'DB.SCHEMA') as [database, schema]: "quoted" parts as
 * written, unquoted ones upper-cased; the schema is PUBLIC when only a database is given.
 */
export function namespaceParts(ns: string | null): [string, string] | null {
  if (!ns) return null;
  const part = (p: string) => (/^".*"$/.test(p) ? p.slice(1, -1).replace(/""/g, '"') : p.toUpperCase());
  const parts = (ns.match(/"(?:[^"]|"")*"|[^.]+/g) ?? []).map(part);
  return parts[0] ? [parts[0], parts[1] ?? 'PUBLIC'] : null;
}
