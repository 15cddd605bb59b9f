/** What compiling one statement produces: the lifecycle runs each kind its own way. */
import type { Catalog } from '@/lib/catalog/catalog';
import type { SqlStep, StepParam } from '@/lib/engine/types';
import type { Session } from '../session';
import type { SfType } from '../types';

export interface ResultColumn {
  name: string;
  type: SfType | null;
  nullable: boolean;
  database: string;
  schema: string;
  table: string;
}

/** Rows computed by Floe itself (SHOW, DESCRIBE, …), values in their stored form. */
export interface StaticRows {
  columns: ResultColumn[];
  rows: unknown[][];
  /** The rows hold a secret (a new token's): answered once, never stored. */
  answerOnce?: boolean;
}

/** What an action may do: run journaled writes (the catalog is reloaded after), read state. */
export interface ActionEnv {
  session: Session;
  statementId: string;
  catalog(): Catalog;
  write(steps: SqlStep[]): Promise<void>;
  /** Cancels every statement running or queued on a warehouse but the caller's (ABORT ALL QUERIES). */
  abortQueries(warehouse: string): Promise<void>;
}

export type ActionOutcome = { status: string } | StaticRows;

/** What EXPLAIN shows instead of storage names: the query's output columns, its tables by id, and their aliases. */
export interface ExplainNames {
  columns: string[];
  tables: { id: number; name: string }[];
  aliases: [alias: string, id: number][];
}

/** A catalog table or view a statement reads or writes (the result cache's invalidation key). */
export interface TableUse { id: number; view: boolean }

export type Compiled =
  /**
   * params: bind positions the statement uses; extraParams: virtual-table rows bound after every value the request binds; queryType: QUERY_HISTORY's, when not SELECT (a SHOW the engine completes).
   * write: a query that takes sequence values runs as a journaled write of these steps instead of `sql` (the last step's rows are the result, `boundStep` takes the bound values).
   * wait: the query only waits (SELECT SYSTEM$WAIT(n)): run as a timer of `ms`, answering one row of `text`, instead of `sql`.
   * answerOnce: its result holds a secret (SYSTEM$SHOW_OAUTH_CLIENT_SECRETS): answered once, never stored or reused.
   * rowSources: the FROM items it reads, of every kind (stored tables, views, GENERATOR and other table functions, subqueries, virtual tables); 0: a query without FROM (a row).
   */
  | { kind: 'query'; sql: string; columns: ResultColumn[]; params: number; extraParams: StepParam[]; tables: TableUse[]; rowSources: number; queryType?: string; write?: { steps: SqlStep[]; boundStep: number }; wait?: { ms: number; text: string }; answerOnce?: boolean }
  /** before: statements run first in the same write (INSERT OVERWRITE's delete); after: run last (storing sequence values). */
  | { kind: 'dml'; op: 'insert' | 'update' | 'delete'; sql: string; before: string[]; after?: SqlStep[]; params: number; extraParams: StepParam[]; tables: TableUse[] }
  /** boundStep: the step that takes the request's bind values and virtual-table rows (CREATE TABLE … AS SELECT); computes: the steps compute rows from table data (CTAS), so they need a warehouse; deletes: the step whose changed rows the stats report as deleted (TRUNCATE). */
  | { kind: 'ddl'; steps: SqlStep[]; status: string; params: number; boundStep?: number; extraParams?: StepParam[]; computes?: boolean; deletes?: number }
  /** MERGE: several DML steps; `counted` says which step's changes are which count. */
  | { kind: 'merge'; steps: SqlStep[]; counted: { kind: 'inserted' | 'updated' | 'deleted'; step: number }[]; kinds: ('inserted' | 'updated' | 'deleted')[]; paramCounts: number[]; params: number; extraParams: StepParam[]; tables: TableUse[] }
  | { kind: 'transaction'; op: 'begin' | 'commit' | 'rollback' }
  /** EXPLAIN of a query: the engine plans `sql` without running it; `statsSql` sizes the tables it reads (lib/sql/commands/explain.ts). */
  | { kind: 'explain'; format: 'TABULAR' | 'JSON' | 'TEXT'; sql: string; statsSql: string | null; params: number; extraParams: StepParam[]; names: ExplainNames }
  | ({ kind: 'rows' } & StaticRows)
  /** Changes the session only (USE, ALTER SESSION, SET). */
  | { kind: 'session'; apply(session: Session, catalog: Catalog): string }
  /** Anything that needs asynchronous work of its own (hashing a secret, several writes). */
  | { kind: 'action'; run(env: ActionEnv): Promise<ActionOutcome>; /** Its outcome may be a secret (ActionOutcome answerOnce): known before it runs. */ answerOnce?: boolean };

/** Column helper for static results: a column of the given type, not from a table. */
export function column(name: string, type: SfType, nullable = true): ResultColumn {
  return { name, type, nullable, database: '', schema: '', table: '' };
}

/**
 * Where a statement runs, as Snowflake decides it: `none` in the service layer (metadata,
 * catalog DDL, session and transaction control); `optional` on the current warehouse when there
 * is one, else without one (a query that reads no table, e.g. `SELECT CURRENT_WAREHOUSE()`);
 * `required` on the current warehouse, 000606 without one (reads or changes table data).
 */
export type ComputeNeed = 'none' | 'optional' | 'required';

export function computeNeedOf(c: Compiled): ComputeNeed {
  switch (c.kind) {
    // A SHOW the engine completes (row counts) is metadata all the same.
    case 'query': return c.queryType === 'SHOW' ? 'none' : c.tables.length > 0 ? 'required' : 'optional';
    case 'dml': case 'merge': return 'required';
    case 'ddl': return c.computes ? 'required' : 'none';
    default: return 'none';
  }
}
