/** Building blocks for polyglot AST nodes Floe constructs itself. */
import { EMPTY_SELECT } from '../empty-select';
import { kindOf, toSqlite, type Node } from '../parse';

export { EMPTY_SELECT };

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

/** `(expr)`: keeps a built expression whole wherever the generator places it. */
export const paren = (expr: unknown): Node => ({ paren: { this: expr, trailing_comments: [] } });

/** A binary operator node (`eq`, `mul`, `concat` …) as it is: for places where precedence is plain. */
export const operator = (kind: string, left: unknown, right: unknown): Node =>
  ({ [kind]: { left, right, left_comments: [], operator_comments: [], trailing_comments: [] } });

/** A binary operator node (`eq`, `or`, `and`, `is`, `concat` …), parenthesised. */
export const binary = (kind: string, left: unknown, right: unknown): Node => paren(operator(kind, left, right));

/** `expr IS [NOT] NULL`. */
export const isNull = (expr: unknown, not = false): Node => ({ is_null: { this: expr, not, postfix_form: false } });

/** `CASE WHEN c1 THEN r1 … [ELSE e] END`. */
export const caseWhen = (whens: [unknown, unknown][], otherwise: unknown = null): Node =>
  ({ case: { operand: null, whens, else_: otherwise } });

/** The select that names a query's columns: the query itself, or the first branch of a set operation. */
export function firstSelect(node: unknown): Record<string, unknown> | null {
  if (!node || typeof node !== 'object') return null;
  const kind = kindOf(node as Node);
  const v = (node as Record<string, Record<string, unknown>>)[kind];
  if (kind === 'select') return v;
  if (kind === 'union' || kind === 'intersect' || kind === 'except') return firstSelect(v.left);
  if (kind === 'subquery' || kind === 'paren') return firstSelect(v.this);
  return null;
}
