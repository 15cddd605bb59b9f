import type { OutputFormats } from '@/lib/values';
import type { TimestampAlias } from './types';

/** The context a request runs in: its own, or a kept session that outlives it (lib/statements/kept-sessions.ts). */
export interface Session {
  id: string;
  user: string;
  role: string | null;
  /** The only role a restricted PAT may use (USE ROLE cannot leave it). */
  roleRestriction?: string | null;
  warehouse: string | null;
  database: string | null;
  schema: string | null;
  formats: OutputFormats;
  rowsPerResultset: number;
  /** CLIENT_RESULT_CHUNK_SIZE (MB): no result partition is larger. */
  resultChunkMb: number;
  queryTag: string;
  /** USE_CACHED_RESULT: a repeated identical query may be answered from a stored result (default true). */
  useCachedResult?: boolean;
  /** STATEMENT_QUEUED_TIMEOUT_IN_SECONDS (0 = none): longest wait in a warehouse's queue. */
  queuedTimeoutSec?: number;
  /** STATEMENT_TIMEOUT_IN_SECONDS (0 = the maximum); absent: the server's (FLOE_STATEMENT_TIMEOUT_S). */
  statementTimeoutSec?: number;
  /**
   * The running request's body `timeout`: it stands for STATEMENT_TIMEOUT_IN_SECONDS during that
   * request only, until ALTER SESSION sets or unsets the parameter (which clears it).
   */
  requestTimeoutSec?: number;
  /** MULTI_STATEMENT_COUNT set by ALTER SESSION: the count of a later request whose body gives none. */
  multiStatementCount?: number;
  /** Handle of the previous statement in this session (LAST_QUERY_ID). */
  lastQueryId: string | null;
  /** Handles of the session's statements so far, oldest first (LAST_QUERY_ID(n)). */
  queryIds?: string[];
  /** Id of the open transaction (BEGIN … COMMIT / ROLLBACK), or null: CURRENT_TRANSACTION. */
  transaction?: string | null;
  /** Id of the session's last committed or rolled-back transaction: LAST_TRANSACTION. */
  lastTransaction?: string | null;
  /** WEEK_START (0, or 1 = Monday … 7 = Sunday) and WEEK_OF_YEAR_POLICY (0 or 1); absent = 0. */
  weekStart?: number;
  weekOfYearPolicy?: number;
  /** TIMESTAMP_TYPE_MAPPING: what the TIMESTAMP alias names; absent = TIMESTAMP_NTZ. */
  timestampTypeMapping?: TimestampMapping;
  /** The *_INPUT_FORMAT parameters set with ALTER SESSION (absent: AUTO, HEX); replaced whole, never changed in place. */
  inputFormats?: InputFormats;
  /** Parameters set with ALTER SESSION that Floe accepts without acting on them (upper-case keys). */
  otherParameters: Record<string, string>;
  /** SET variables (upper-case names) and the literal each holds. */
  variables: Record<string, { node: unknown }>;
}

export type TimestampMapping = TimestampAlias;

/**
 * How text without a format of its own is read as a DATE, TIME, TIMESTAMP_* or BINARY: a format
 * model or AUTO (TIMESTAMP_NTZ/LTZ/TZ_INPUT_FORMAT, when set, stand for TIMESTAMP_INPUT_FORMAT
 * for their variation), and HEX, BASE64 or UTF-8 (BINARY_INPUT_FORMAT).
 */
export interface InputFormats {
  date?: string;
  time?: string;
  timestamp?: string;
  timestampNtz?: string;
  timestampLtz?: string;
  timestampTz?: string;
  binary?: string;
}

/** CURRENT_TRANSACTION / LAST_TRANSACTION follow BEGIN (a BEGIN inside a transaction keeps it), COMMIT and ROLLBACK. */
export function noteTransaction(session: Session, op: 'begin' | 'commit' | 'rollback', newId: () => string): void {
  if (op === 'begin') {
    session.transaction ??= newId();
    return;
  }
  if (!session.transaction) return;
  session.lastTransaction = session.transaction;
  session.transaction = null;
}

/**
 * LAST_QUERY_ID([n]): n = -1 (the default) is the latest statement of the session, -2 the one
 * before, 1 the first; out of range → null.
 */
export function lastQueryId(session: Session, n = -1): string | null {
  const ids = session.queryIds ?? (session.lastQueryId ? [session.lastQueryId] : []);
  return (n < 0 ? ids[ids.length + n] : ids[n - 1]) ?? null;
}
