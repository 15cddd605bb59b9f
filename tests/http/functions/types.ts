// One case of the function corpus (tests/http/function-corpus.test.ts): a statement, usually a
// plain SELECT of documented examples, and what Snowflake answers for it.
import type { RowType } from '../client';

/** Expected rowType of a column: its type name, or the type with the fields that matter. */
export type ColumnType = string | (Partial<Pick<RowType, 'precision' | 'scale' | 'length' | 'byteLength' | 'nullable'>> & { type: string });

export interface FunctionCase {
  /** Defaults to the SQL text. */
  name?: string;
  /** Statements run first, in a fresh database of the case's own (tables the example needs). */
  setup?: string[];
  sql: string;
  /** Session parameters of the request (TIMEZONE, output formats …). */
  parameters?: Record<string, string | number | boolean>;
  /** Every data row as the jsonv2 strings Snowflake sends, in order. */
  rows?: (string | null)[][];
  /** One entry per result column. */
  types?: ColumnType[];
  /** Result column names. */
  names?: string[];
  /** Expected error code instead of a result (422 with this code). */
  error?: string;
}
