/**
 * Where stored result partitions live, as the statement registry and the partition route see it:
 * files in the data dir (ResultFiles, one node) or rows of PostgreSQL (PostgresResultStore, every
 * node). A partition is its jsonv2 text as the engine's result writer made it; a small first
 * partition is inline in the statement's record and never stored here.
 */

/** Partition store of stored results; `createdOn` (the statement's) places a result where retention finds it. */
export interface ResultStore {
  /** Stores partition `n` of a result. */
  write(handle: string, createdOn: number, n: number, data: Buffer | string): Promise<void>;
  /** Partition `n` as stored; rejects with code ENOENT when it is gone (evicted, past retention). */
  read(handle: string, createdOn: number, n: number): Promise<string | Buffer>;
  /** Deletes a result's partitions. */
  remove(handle: string, createdOn: number): void | Promise<void>;
}

/** The error a read of a partition that is gone rejects with (what fs answers for a removed file). */
export function partitionGone(handle: string, n: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`partition ${n} of result ${handle} is gone`), { code: 'ENOENT' });
}
