/**
 * The narrow interface between Floe and an SQL engine. The statement lifecycle hands the engine
 * fully translated plans; the engine runs them off the request thread, writes result partitions
 * and reports counts. A server engine (PostgreSQL, …) can implement the same interface.
 */
import type { OutputFormats, WireType } from '@/lib/values';

export type SqlParam = string | number | bigint | Uint8Array | null;

/**
 * A finished statement's stored result (RESULT_SCAN), bound as one JSON rows value that the
 * engine reads from the partition files itself, off the request thread. A journaled write
 * records the rows it read, so a replay does not depend on the files.
 */
export interface StoredRows {
  storedRows: {
    dir: string;
    partitions: number;
    /** Partition 0 when it is kept in the statement record rather than a file. */
    inline: string | null;
    wires: WireType[];
    /** The result was made with nullable=false: "null" cells of non-text columns are SQL NULL. */
    nullAsString: boolean;
  };
}

export type StepParam = SqlParam | StoredRows;

export interface SqlStep {
  sql: string;
  params?: StepParam[];
}

/** How one result column is encoded on the wire. `auto` = decided from the first non-null value. */
export interface ColumnEncoding {
  type: WireType | 'auto';
  scale: number | null;
}

/** Values pinned per statement so that a journal replay gives the same data. */
export interface StatementPins {
  nowMs: number;
  seed: number;
  timezone: string;
  /** WEEK_START and WEEK_OF_YEAR_POLICY; absent = 0 (journal entries written before they were pinned). */
  weekStart?: number;
  weekOfYearPolicy?: number;
}

export interface ResultLimits {
  /** Cap from ROWS_PER_RESULTSET (0 = none). */
  maxRows: number;
  /** Cut the result at this many bytes of JSON (code 391908). */
  maxBytes: number;
  firstPartitionBytes: number;
  partitionBytes: number;
  /** Free disk space partition writes must leave (FLOE_MIN_FREE_DISK_BYTES; 0 = none). */
  reserveBytes?: number;
}

export interface ExecPlan {
  statementId: string;
  /** Who runs it: one user's reads hold at most his share of the reader workers (absent: Floe's own). */
  user?: string;
  /** Session that owns an open transaction, if any (keeps it on the writer). */
  sessionId: string;
  /**
   * Run in order; when `output` is 'rows' the last step's rows are the result. 'plan': the first
   * step is a query that is not run: its plan is the result, with the rows of a later read step.
   */
  steps: SqlStep[];
  output: 'rows' | 'changes' | 'none' | 'plan';
  /** read: any replica may run it; write: the writer runs and journals it. */
  access: 'read' | 'write';
  /** Transaction control, handled by the writer. */
  transaction?: 'begin' | 'commit' | 'rollback';
  columns?: ColumnEncoding[];
  formats?: OutputFormats;
  limits?: ResultLimits;
  /** Directory for partition files of this statement's result. */
  resultDir?: string;
  /** ?nullable=false: SQL NULL is sent as the string "null". */
  nullAsString?: boolean;
  /**
   * FROM items the plan reads, of every kind: stored tables, GENERATOR and other table functions,
   * subqueries (absent: not known). A query of none (SELECT 1, CURRENT_TIMESTAMP) makes a row: a
   * server engine runs it where it is called instead of handing it to a read thread, which would
   * cost more than the row. Any other may make millions (a GENERATOR reads no stored table).
   */
  rowSources?: number;
  pins: StatementPins;
  /**
   * A server engine stops the plan itself after this long (PostgreSQL: statement_timeout, per
   * step). The lifecycle's own timer stops it in any case; sql.js relies on that alone.
   */
  timeoutMs?: number;
}

export interface PartitionInfo {
  rowCount: number;
  uncompressedSize: number;
}

export type ExecResult =
  | {
      kind: 'rows';
      numRows: number;
      partitions: PartitionInfo[];
      /** JSON text of partition 0 when it was not written to a file (small results). */
      inlineFirstPartition: string | null;
      /** Column names as SQLite reports them. */
      columnNames: string[];
      /** Column types after `auto` columns were resolved from the data. */
      columnTypes: WireType[];
      truncated: boolean;
    }
  /** perStep: rows changed by each step (only meaningful for DML steps). */
  | { kind: 'changes'; changes: number; perStep: number[] }
  | { kind: 'none' }
  /** output 'plan': the engine's plan of the query (one node per row; parent 0 = top level) and the later step's rows. */
  | { kind: 'plan'; plan: PlanNode[]; rows: unknown[][] };

/** One node of the engine's query plan, as the engine describes it (SQLite: EXPLAIN QUERY PLAN). */
export interface PlanNode {
  id: number;
  parent: number;
  detail: string;
}

export interface EngineError {
  code: string;
  sqlState: string;
  message: string;
}

/** The SQL an engine runs (lib/sql/dialect renders the compiler's tree for each). */
export type EngineDialect = 'sqlite' | 'postgres';

/** Rows of a system read (Engine.query): integers as numbers, as the catalog reads them. */
export interface EngineRows {
  columns: string[];
  rows: unknown[][];
}

export interface Engine {
  /** The dialect statements are compiled to for this engine. */
  readonly dialect: EngineDialect;
  /**
   * A read of Floe's own tables at boot and for the catalog, as of the last commit, or inside the
   * open transaction of `sessionId` when it names one (steps use `?` placeholders).
   */
  query(sql: string, params?: SqlParam[], sessionId?: string): Promise<EngineRows>;
  /** Runs a plan; rejects with an EngineFailure. */
  execute(plan: ExecPlan): Promise<ExecResult>;
  /** Stops a running plan (cooperatively if it can, by force otherwise). */
  cancel(statementId: string): Promise<void>;
  /** Writes a consistent image so that start-up and recovery replay little. */
  checkpoint(): Promise<void>;
  /** Rolls back and forgets an open transaction of a session (end of request). */
  endSession(sessionId: string): Promise<void>;
  close(): Promise<void>;
}

export class EngineFailure extends Error {
  constructor(readonly error: EngineError) {
    super(error.message);
    this.name = 'EngineFailure';
  }
}
