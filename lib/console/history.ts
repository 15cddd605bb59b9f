/**
 * What the console's History shows of a statement record: a row of the list and the detail
 * view (pure). Times are epoch milliseconds; the browser shows them in the user's time zone.
 */
import { executionStatus, rowsProduced, type StatementRecord } from '@/lib/statements/record';

/** The list shows the start of long statements; the detail view has the whole text. */
const LIST_TEXT_CHARS = 2000;

export interface HistoryEntry {
  queryId: string;
  queryText: string;
  status: ReturnType<typeof executionStatus>;
  errorCode: string | null;
  errorMessage: string | null;
  startTime: number;
  endTime: number | null;
  elapsedMs: number | null;
  rows: number | null;
  tag: string | null;
  user: string;
  role: string | null;
  warehouse: string | null;
  queryType: string | null;
}

export function historyEntry(rec: StatementRecord, now = Date.now()): HistoryEntry {
  return {
    queryId: rec.handle,
    queryText: rec.sqlText.length > LIST_TEXT_CHARS ? `${rec.sqlText.slice(0, LIST_TEXT_CHARS)}…` : rec.sqlText,
    status: executionStatus(rec),
    errorCode: rec.error?.code ?? null,
    errorMessage: rec.error?.message ?? null,
    startTime: rec.createdOn,
    endTime: rec.endedOn ?? null,
    elapsedMs: (rec.endedOn ?? now) - rec.createdOn,
    rows: rowsProduced(rec),
    tag: rec.queryTag ?? null,
    user: rec.user,
    role: rec.role,
    warehouse: rec.warehouse ?? null,
    queryType: rec.queryType ?? null,
  };
}

/** Search text matches the SQL, the handle, the query tag or the error, case-insensitively. */
export function matchesSearch(rec: StatementRecord, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || [rec.sqlText, rec.handle, rec.queryTag ?? '', rec.error?.message ?? ''].some((s) => s.toLowerCase().includes(needle));
}

/** "line L at position P" of a Snowflake message (1-based line, 0-based position), as numbers. */
export function errorPosition(message: string): { line: number; position: number } | null {
  const m = /line (\d+) at position (\d+)/.exec(message);
  return m ? { line: Number(m[1]), position: Number(m[2]) } : null;
}

export type StatementDetail = ReturnType<typeof statementDetail>;

/** The detail view: the entry plus context, timings, result size and the error's place. */
export function statementDetail(rec: StatementRecord, now = Date.now()) {
  const elapsed = (rec.endedOn ?? now) - rec.createdOn;
  const compileMs = rec.compileMs ?? null;
  const queuedMs = rec.queuedMs ?? 0;
  const result = rec.status === 'succeeded' ? rec.result : undefined;
  return {
    ...historyEntry(rec, now),
    queryText: rec.sqlText,
    database: rec.database ?? null,
    schema: rec.schema ?? null,
    compileMs,
    queuedMs,
    // A reused result executed nothing (QUERY_HISTORY's EXECUTION_TIME says 0 too).
    executionMs: rec.reusedFrom ? 0 : Math.max(0, elapsed - (compileMs ?? 0) - queuedMs),
    bytes: result && !rec.evicted ? result.partitions.reduce((n, p) => n + p.uncompressedSize, 0) : null,
    partitions: result ? result.partitions.length : null,
    reusedFrom: rec.reusedFrom ?? null,
    parent: rec.parent ?? null,
    children: rec.children ?? [],
    error: rec.error ? { ...rec.error, at: errorPosition(rec.error.message) } : null,
  };
}
