/** Building blocks for polyglot AST nodes Floe constructs itself. */
import { toSqlite, type Node } from '../parse';

/** A SELECT node with every clause empty. */
export const EMPTY_SELECT = {
  from: null, joins: [], lateral_views: [], where_clause: null, group_by: null, having: null, qualify: null, order_by: null,
  distribute_by: null, cluster_by: null, sort_by: null, limit: null, offset: null, fetch: null, distinct: false, distinct_on: null,
  top: null, with: null, sample: null, windows: null, hint: null, connect: null, into: null, locks: [], leading_comments: [],
};

/** `SELECT <expr>` as the body of a select node. */
export const selectOf = (expr: unknown): Record<string, unknown> => ({ ...EMPTY_SELECT, expressions: [expr] });

/** SQLite text of one expression. */
export const expressionSql = (expr: unknown): string => toSqlite({ select: selectOf(expr) }).replace(/^SELECT\s+/i, '');

/** A call of the function `name` (upper-case: SQLite and the engine UDFs match names that way). */
export const fn = (name: string, args: unknown[]): Node => ({
  function: { name, args, distinct: false, trailing_comments: [], use_bracket_syntax: false, no_parens: false, quoted: false },
});

/** A literal: a string, a number or NULL. */
export const lit = (v: string | number | null): Node =>
  v === null ? { null: {} } : { literal: { literal_type: typeof v === 'number' ? 'number' : 'string', value: String(v) } };
