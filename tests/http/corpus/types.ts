// One case of the SQL corpus (tests/http/sql-corpus.test.ts). `{db}` in setup, sql and expected
// values stands for the case's own fresh database, which is also the request's context.
export type Expectation =
  | {
      /** [name, rowType.type] of every result column, in order. */
      columns?: [string, string][];
      /** Names only (SHOW and DESCRIBE, whose types matter less than their names). */
      names?: string[];
      /** Every data row, in order; with `pick`, only those columns. */
      rows?: (string | null)[][];
      pick?: string[];
    }
  | { error: string; sqlState?: string; message?: string };

export interface CorpusCase {
  name: string;
  /** Run first, one request each, in the case's database. */
  setup?: string[];
  sql: string;
  /** Run `sql` as one multi-statement request and check its last statement. */
  multi?: boolean;
  /** A known gap (why): the case is expected to fail until it is fixed. */
  known?: string;
  expect: Expectation;
  /**
   * What the PostgreSQL engine answers instead (the http-pg project), only where the answer is the
   * engine's own measure: a size estimate, a plan's shape.
   */
  onPostgres?: Expectation;
}

export const status = (text: string) => ({ columns: [['status', 'text']] as [string, string][], rows: [[text]] });
export const OK = status('Statement executed successfully.');
