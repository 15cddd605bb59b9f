/** Naming helpers every layer above the catalog shares. */

/** How Snowflake prints a name in messages: quoted only when it would not survive unquoted. */
export const displayName = (name: string) => (/^[A-Z_][A-Z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

/**
 * Object ids, shared with the compile worker threads (objectIdCounter), which make ids too: one
 * buffer keeps ids unique across threads. On one node they follow the clock (the last id + 1, or
 * now × 100 when that is more: ids keep growing across restarts). Nodes sharing one database
 * (FLOE_ENGINE=postgres://…) take them from blocks of a PostgreSQL sequence instead
 * (offerObjectIdBlock): two nodes never make the same id, whatever their clocks say.
 *
 * Layout: [last id, end of the current block (0: the clock), standby block start, its end] as
 * BigInt64, then an Int32 lock held for a few instructions (Atomics, no thread ever waits long).
 */
const ID_SLOTS = 4;
let ids = new BigInt64Array(new SharedArrayBuffer(ID_SLOTS * 8 + 4), 0, ID_SLOTS);
let idLock = new Int32Array(ids.buffer, ID_SLOTS * 8, 1);

/** The counter, to hand to a compile worker; a worker adopts its parent's with useObjectIdCounter. */
export const objectIdCounter = (): SharedArrayBuffer => ids.buffer as SharedArrayBuffer;
export function useObjectIdCounter(counter: SharedArrayBuffer): void {
  ids = new BigInt64Array(counter, 0, ID_SLOTS);
  idLock = new Int32Array(counter, ID_SLOTS * 8, 1);
}

function withIdLock<T>(fn: () => T): T {
  while (Atomics.compareExchange(idLock, 0, 0, 1) !== 0) { /* held for a few instructions by another thread */ }
  try {
    return fn();
  } finally {
    Atomics.store(idLock, 0, 0);
  }
}

/** Object ids are made when a statement compiles and written into the journal, so replay agrees. */
export function newObjectId(): number {
  return withIdLock(() => {
    const last = ids[0];
    const end = ids[1];
    if (end === 0n) {
      const next = BigInt(Math.max(Number(last) + 1, Date.now() * 100));
      ids[0] = next;
      return Number(next);
    }
    if (last + 1n < end) return Number((ids[0] = last + 1n));
    // The block is used up: the standby one (fetched ahead while this one was half used).
    if (ids[2] === 0n) throw new Error('no object id is left: the next block of ids could not be fetched from PostgreSQL (floe_state.object_ids)');
    ids[0] = ids[2];
    ids[1] = ids[3];
    ids[2] = 0n;
    ids[3] = 0n;
    return Number(ids[0]);
  });
}

/** Ids from `start` up to (not including) `end` are this node's: the current block when there is none left, else the standby. */
export function offerObjectIdBlock(start: bigint, end: bigint): void {
  withIdLock(() => {
    if (ids[1] === 0n || ids[0] + 1n >= ids[1]) {
      ids[0] = start - 1n;
      ids[1] = end;
    } else if (ids[2] === 0n) {
      ids[2] = start;
      ids[3] = end;
    }
  });
}

/** Whether a block should be fetched now: ids come from blocks, and no standby is left while the current one is half used. */
export function wantsObjectIdBlock(blockSize: number): boolean {
  return withIdLock(() => ids[1] !== 0n && ids[2] === 0n && ids[1] - (ids[0] + 1n) < BigInt(Math.ceil(blockSize / 2)));
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
