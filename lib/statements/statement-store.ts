/**
 * Where statement records persist beyond one request: the registry file of one node
 * (StatementRegistry, synchronous) or PostgreSQL, shared by every node (PostgresStatementStore).
 * What both keep and answer: a record by handle, the statement a user submitted with a requestId,
 * history pages newest first, retention, and the cap on stored results.
 */
import { resourceError } from '@/lib/limits/resource-errors';
import type { StatementRecord } from './record';

type Awaitable<T> = T | Promise<T>;

/** Which statements a history listing holds, newest first: those `user` may see (everyone's when `everyone`, ACCOUNTADMIN). */
export interface HistoryScope {
  user: string;
  everyone: boolean;
  /** One user's, one warehouse's. */
  userName?: string;
  warehouseName?: string;
  /** Started at or after `from`, before `to` (epoch ms). */
  from?: number;
  to?: number;
  /** Only those after this one in the listing's order (a page's cursor). */
  after?: HistoryCursor;
}

/** A place in the history order: newest `createdOn` first, then by handle. */
export interface HistoryCursor { createdOn: number; handle: string }

export interface HistoryPage { records: StatementRecord[]; next: HistoryCursor | null }

export interface StatementStore {
  get(handle: string): Awaitable<StatementRecord | undefined>;
  /** The statement `user` submitted with this requestId (another user's same requestId is not his). */
  byRequest(user: string, requestId: string): Awaitable<StatementRecord | undefined>;
  /** Stores the record's current state durably (before its handle is answered). */
  put(rec: StatementRecord): Awaitable<void>;
  /** Up to `limit` records `keep` accepts, reading at most `maxScan`, and the cursor to go on from. */
  page(q: HistoryScope, limit: number, keep: (rec: StatementRecord) => boolean, maxScan: number): Awaitable<HistoryPage>;
  /** Forgets statements past retention, with their results. */
  prune(now?: number): Awaitable<void>;
}

/** a before b in the history order (newest first). */
/** Whether a statement (its listing fields) is in a history scope: the one filter of every history listing. */
export const inScope = (q: HistoryScope, handle: string, r: { user: string; warehouse?: string | null; createdOn: number; internal?: boolean }): boolean => !r.internal
  && (q.everyone || r.user === q.user)
  && (q.userName === undefined || r.user === q.userName)
  && (q.warehouseName === undefined || r.warehouse === q.warehouseName)
  && (q.from === undefined || r.createdOn >= q.from)
  && (q.to === undefined || r.createdOn < q.to)
  && (q.after === undefined || newerFirst(q.after, { createdOn: r.createdOn, handle }) < 0);

export const newerFirst = (a: HistoryCursor, b: HistoryCursor): number => b.createdOn - a.createdOn || (a.handle < b.handle ? 1 : a.handle > b.handle ? -1 : 0);

/** Bytes a stored result takes: its partitions (files, or the inline first one in the line). */
export const resultBytes = (rec: StatementRecord): number =>
  rec.status === 'succeeded' && rec.result && !rec.evicted ? rec.result.partitions.reduce((n, p) => n + p.uncompressedSize, 0) : 0;

/**
 * The stored form of a statement whose result holds a secret: without it, marked evicted. The
 * record in memory keeps the result for the one response built from it.
 */
export const answeredOnce = (rec: StatementRecord): StatementRecord => ({
  ...rec,
  result: rec.result && { ...rec.result, inline: null },
  evicted: resourceError('resultEvicted', `the result of statement ${rec.handle} holds a secret: it is answered once and never stored`),
});

/** A record whose stored result was evicted to keep results under the cap: marked, its inline partition gone. */
export function evictedRecord(rec: StatementRecord, maxResultsBytes: number): StatementRecord {
  rec.evicted = resourceError('resultEvicted',
    `the result of statement ${rec.handle} was removed to keep stored results under ${maxResultsBytes} bytes (FLOE_MAX_RESULTS_BYTES)`);
  if (rec.result) rec.result.inline = null;
  return rec;
}
