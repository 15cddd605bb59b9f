/**
 * USE_CACHED_RESULT: a repeated identical query is answered with a new handle whose result is a
 * stored one, while the data it read is unchanged. In memory only, so a restart drops it.
 *
 * Identical = same SQL text, same compiled SQLite text (which already carries the resolved
 * tables, `*` expansions, variables and context functions such as CURRENT_USER) and result
 * columns (so catalog changes such as a column's type or nullability make another key), same
 * role, database, schema, output parameters and bound values. Only deterministic queries
 * qualify: no time, random or sequence functions, no virtual tables (QUERY_HISTORY,
 * INFORMATION_SCHEMA, RESULT_SCAN), no SYSTEM$ calls. Validity: every write bumps the version
 * of the tables whose data it may change (DML and MERGE name them; DDL and commands touch a
 * table's data only through steps naming its storage table); a transaction's tables are bumped
 * again when it ends; a query over a view depends on every data write (a view's base tables are
 * not tracked). Statements inside a transaction neither use nor fill the cache.
 * Privileges need no bookkeeping here: the query is compiled for the current role before the
 * cache is consulted, and compiling fails without SELECT on what it reads.
 *
 * Several nodes (PostgreSQL): each node keeps its own cache, but the versions that decide whether
 * an entry still holds are floe_state.table_versions, which every write moves in its own
 * transaction (tableBump; a transaction's writes when it commits). A lookup reads the versions
 * of the query's tables before the query would run, so an entry made before another node's
 * committed write never matches again; one made while a write committed is conservatively stale.
 * Queries over views are not cached there (their base tables are not tracked).
 */
import { createHash } from 'node:crypto';
import type { SqlStep, StepParam } from '@/lib/engine/types';
import type { Compiled, TableUse } from '@/lib/sql/compile';
import { isDeterministic } from '@/lib/sql/determinism';
import type { SplitStatement } from '@/lib/sql/lexer';
import type { Session } from '@/lib/sql/session';
import type { BindType } from '@/lib/values';
import type { StoredResult } from './record';
import type { StatementRegistry } from './registry';

const MAX_ENTRIES = 2000;

interface Snapshot {
  /** Every data write's count, for queries over views; null when only the named tables matter. */
  anyWrite: number | null;
  versions: [number, number][];
  /** The tables' versions in floe_state.table_versions when read (several nodes), in the order of `versions`. */
  shared?: number[];
}

/** Versions of tables as every node sees them (floe_state.table_versions; 0 for a table never written). */
export type SharedVersions = (ids: number[]) => Promise<number[]>;

/** What a cacheable query is looked up and stored under. */
export interface CacheSlot {
  key: string;
  snapshot: Snapshot;
}

interface KeyInput {
  stmt: SplitStatement;
  compiled: Extract<Compiled, { kind: 'query' }>;
  session: Session;
  params: StepParam[];
  paramTypes: BindType[];
  nullAsString: boolean;
}

/** The user tables (storage names `t<id>`) a write's steps may change; a word too many only costs a cached result. */
export function tablesNamedIn(steps: SqlStep[]): number[] {
  const ids = new Set<number>();
  for (const st of steps) for (const m of st.sql.matchAll(/\bt(\d+)\b/g)) ids.add(Number(m[1]));
  return [...ids];
}

const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x instanceof Uint8Array ? Buffer.from(x).toString('base64') : x));

export class ResultCache {
  private anyWrite = 0;
  private readonly versions = new Map<number, number>();
  private readonly entries = new Map<string, { handle: string; snapshot: Snapshot }>();
  /** Sessions in a transaction → the tables it wrote so far. */
  private readonly inTransaction = new Map<string, Set<number>>();

  constructor(private readonly registry: StatementRegistry, private readonly sharedVersions: SharedVersions | null = null) {}

  /** The slot of a query that may use and fill the cache, or null. */
  async slot(k: KeyInput): Promise<CacheSlot | null> {
    const s = k.session;
    if (s.useCachedResult === false || this.inTransaction.has(s.id)) return null;
    if (k.compiled.extraParams.length > 0 || !isDeterministic(k.stmt)) return null;
    if (this.sharedVersions && k.compiled.tables.some((t) => t.view)) return null;
    const key = createHash('sha256').update(json([
      k.stmt.text, k.compiled.sql, k.compiled.columns, s.role, s.database, s.schema, s.formats, s.rowsPerResultset, s.resultChunkMb,
      s.weekStart ?? 0, s.weekOfYearPolicy ?? 0, s.timestampTypeMapping ?? 'TIMESTAMP_NTZ', s.inputFormats ?? null,
      k.nullAsString, k.params, k.paramTypes,
    ])).digest('base64');
    const snapshot = this.snapshot(k.compiled.tables);
    // (Read after the local snapshot and before the query runs: a write committed since is seen.)
    if (this.sharedVersions) snapshot.shared = await this.sharedVersions(snapshot.versions.map(([id]) => id));
    return { key, snapshot };
  }

  /** A stored result for the slot, linked under `handle`'s result directory; null when there is none (any more). */
  async reuse(slot: CacheSlot, handle: string): Promise<{ result: StoredResult; from: string } | null> {
    const entry = this.entries.get(slot.key);
    if (!entry) return null;
    const source = this.registry.get(entry.handle);
    if (!this.valid(entry.snapshot) || !sameShared(entry.snapshot, slot.snapshot) || source?.status !== 'succeeded' || !source.result || source.evicted) {
      this.entries.delete(slot.key);
      return null;
    }
    const result = source.result;
    try {
      await this.registry.files.link(entry.handle, handle, result.partitions.length, result.inline !== null);
    } catch {
      this.entries.delete(slot.key); // its files are gone (pruned)
      return null;
    }
    return { result, from: entry.handle };
  }

  /** Remembers a fresh result, unless a write happened while it was computed. */
  store(slot: CacheSlot, handle: string, result: StoredResult): void {
    if (result.truncated || !this.valid(slot.snapshot)) return;
    this.entries.delete(slot.key);
    this.entries.set(slot.key, { handle, snapshot: slot.snapshot });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The tables a session's open transaction wrote so far (bumped for every node when it commits). */
  pending(sessionId: string): number[] {
    return [...(this.inTransaction.get(sessionId) ?? [])];
  }

  /** A session's write (done or attempted) to these tables. */
  wrote(sessionId: string, tables: (TableUse | number)[]): void {
    const ids = tables.map((t) => (typeof t === 'number' ? t : t.id));
    const txn = this.inTransaction.get(sessionId);
    for (const id of ids) txn?.add(id);
    this.bump(ids);
  }

  /** BEGIN / COMMIT / ROLLBACK of a session: what a transaction wrote is only settled at its end. */
  transaction(sessionId: string, op: 'begin' | 'commit' | 'rollback'): void {
    if (op === 'begin' && !this.inTransaction.has(sessionId)) this.inTransaction.set(sessionId, new Set());
    else if (op !== 'begin') this.sessionEnded(sessionId);
  }

  /** A session is over (its open transaction, if any, rolled back). */
  sessionEnded(sessionId: string): void {
    const txn = this.inTransaction.get(sessionId);
    this.inTransaction.delete(sessionId);
    if (txn) this.bump([...txn]);
  }

  private bump(ids: number[]): void {
    if (ids.length === 0) return;
    this.anyWrite++;
    for (const id of ids) this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }

  private snapshot(tables: TableUse[]): Snapshot {
    const views = tables.some((t) => t.view);
    return { anyWrite: views ? this.anyWrite : null, versions: tables.map((t) => [t.id, this.versions.get(t.id) ?? 0]) };
  }

  private valid(s: Snapshot): boolean {
    return (s.anyWrite === null || s.anyWrite === this.anyWrite) && s.versions.every(([id, v]) => (this.versions.get(id) ?? 0) === v);
  }
}

/** The entry's shared versions are those just read (trivially so with one node). */
function sameShared(entry: Snapshot, now: Snapshot): boolean {
  if (!entry.shared && !now.shared) return true;
  return !!entry.shared && !!now.shared && entry.shared.length === now.shared.length && entry.shared.every((v, i) => v === now.shared![i]);
}
