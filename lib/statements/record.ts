import type { PartitionInfo } from '@/lib/engine/types';

/** One rowType entry exactly as the wire carries it (all 11 keys). */
export interface RowTypeEntry {
  name: string;
  database: string;
  schema: string;
  table: string;
  type: string;
  scale: number | null;
  precision: number | null;
  length: number | null;
  byteLength: number | null;
  nullable: boolean;
  collation: string | null;
}

export interface DmlStats {
  numRowsInserted?: number;
  numRowsUpdated?: number;
  numRowsDeleted?: number;
  numDuplicateRowsUpdated?: number;
}

export interface StoredResult {
  rowType: RowTypeEntry[];
  numRows: number;
  partitions: PartitionInfo[];
  /** Partition 0 as JSON text when small; otherwise it is a file like the others. */
  inline: string | null;
  truncated: boolean;
  stats?: DmlStats;
  /** Effective output formats, echoed in resultSetMetaData.parameters. */
  parameters?: Record<string, string>;
}

export interface StatementError {
  code: string;
  sqlState: string;
  message: string;
}

export type StatementStatus = 'running' | 'succeeded' | 'failed';

/** What Floe remembers of a statement (persisted as one JSON line per change). */
export interface StatementRecord {
  handle: string;
  requestId: string;
  user: string;
  role: string | null;
  sqlText: string;
  createdOn: number;
  endedOn?: number;
  status: StatementStatus;
  /** Running, but still waiting in its warehouse's queue (QUERY_HISTORY: QUEUED). */
  queued?: boolean;
  error?: StatementError;
  /** The statement was stopped by its timeout (POST answers 408). */
  timedOut?: boolean;
  result?: StoredResult;
  /** Its stored result was removed to keep results under FLOE_MAX_RESULTS_BYTES: what reading it answers. */
  evicted?: StatementError;
  /**
   * Its result holds a secret (SYSTEM$SHOW_OAUTH_CLIENT_SECRETS): given only in the response that
   * ends the statement's wait, never written (its line is marked evicted).
   */
  answerOnce?: boolean;
  /** Multi-statement parent: child handles in order. */
  children?: string[];
  parent?: string;
  queryTag?: string;
  /** Context it ran in and what kind of statement it was (for QUERY_HISTORY). */
  database?: string | null;
  schema?: string | null;
  warehouse?: string | null;
  queryType?: string;
  /** USE_CACHED_RESULT: the statement whose stored result this one answered with. */
  reusedFrom?: string;
  /** Where the POST asked for `nullable=false`. */
  nullAsString?: boolean;
  /**
   * Sent by the console for itself (X-Floe-Internal: 1) and harmless to leave out of history:
   * it changed nothing and read no table data (see internalEligible in service.ts). Kept in the
   * registry like any statement; QUERY_HISTORY and the console's history list leave it out.
   */
  internal?: boolean;
  /** Milliseconds spent compiling and waiting in the warehouse queue (the rest of the elapsed time executed). */
  compileMs?: number;
  queuedMs?: number;
}

/** QUERY_HISTORY's EXECUTION_STATUS of a statement (also the console's share page). */
export function executionStatus(rec: StatementRecord): 'QUEUED' | 'RUNNING' | 'SUCCESS' | 'FAILED_WITH_ERROR' {
  if (rec.status === 'running') return rec.queued ? 'QUEUED' : 'RUNNING';
  return rec.status === 'failed' ? 'FAILED_WITH_ERROR' : 'SUCCESS';
}

/** QUERY_HISTORY's ROWS_PRODUCED: a query's rows, a DML statement's changed rows, null without a result. */
export function rowsProduced(rec: StatementRecord): number | null {
  if (!rec.result) return null;
  return rec.result.stats ? Object.values(rec.result.stats).reduce((a, b) => a + (b ?? 0), 0) : rec.result.numRows;
}
