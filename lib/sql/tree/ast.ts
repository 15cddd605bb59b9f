/** Building blocks for polyglot AST nodes Floe constructs itself. */
import { INTERNAL_PREFIX, type EngineFunctionName } from '@/lib/engine/functions/manifest';
import { EMPTY_SELECT } from '../empty-select';
import { asKind, makeNode, type Node, type NodeKind, type NodeOf } from '../parse';

export { EMPTY_SELECT };

/** `SELECT <expr>` as the body of a select node. */
export const selectOf = (expr: unknown): NodeOf<'select'> => ({ ...EMPTY_SELECT, expressions: [expr] }) as unknown as NodeOf<'select'>;

const call = (name: string, args: unknown[]): Node =>
  makeNode('function', { name, args, distinct: false, trailing_comments: [], use_bracket_syntax: false, no_parens: false, quoted: false });

/** A name that is not the engine's own: engine functions are called through engineFn. */
type NotEngine<N extends string> = N extends EngineFunctionName | `${typeof INTERNAL_PREFIX}${string}` ? never : N;

/** A call of the SQL function `name` (SQLite's own, or a user's function); engine functions: engineFn. */
export const fn = <N extends string>(name: N & NotEngine<N>, args: unknown[]): Node => call(name, args);

/**
 * A call of an engine function (lib/engine/functions/manifest.ts): a name the manifest lacks is
 * a TypeScript error, so the compiler never emits a call the engine cannot answer.
 */
export const engineFn = (name: EngineFunctionName, args: unknown[]): Node => call(name, args);

/** Whether a node is a call of the engine function `name`. */
export const callsEngineFunction = (node: unknown, name: EngineFunctionName): boolean => asKind(node, 'function')?.name === name;

/** A literal: a string, a number or NULL. */
export const lit = (v: string | number | null): Node =>
  v === null ? makeNode('null', {}) : makeNode('literal', { literal_type: typeof v === 'number' ? 'number' : 'string', value: String(v) });

/** `(expr)`: keeps a built expression whole wherever the generator places it. */
export const paren = (expr: unknown): Node => makeNode('paren', { this: expr, trailing_comments: [] });

/** A binary operator node (`eq`, `mul`, `concat` …) as it is: for places where precedence is plain. */
export const operator = (kind: NodeKind, left: unknown, right: unknown): Node =>
  makeNode(kind, { left, right, left_comments: [], operator_comments: [], trailing_comments: [] });

/** A binary operator node (`eq`, `or`, `and`, `is`, `concat` …), parenthesised. */
export const binary = (kind: NodeKind, left: unknown, right: unknown): Node => paren(operator(kind, left, right));

/** `expr IS [NOT] NULL`. */
export const isNull = (expr: unknown, not = false): Node => makeNode('is_null', { this: expr, not, postfix_form: false });

/** `CASE WHEN c1 THEN r1 … [ELSE e] END`. */
export const caseWhen = (whens: [unknown, unknown][], otherwise: unknown = null): Node =>
  makeNode('case', { operand: null, whens, else_: otherwise });

/** The select that names a query's columns: the query itself, or the first branch of a set operation. */
export function firstSelect(node: unknown): NodeOf<'select'> | null {
  const select = asKind(node, 'select');
  if (select) return select;
  const set = asKind(node, 'union') ?? asKind(node, 'intersect') ?? asKind(node, 'except');
  if (set) return firstSelect(set.left);
  const inner = asKind(node, 'subquery') ?? asKind(node, 'paren');
  return inner ? firstSelect(inner.this) : null;
}

/** A constant integer argument (LAST_QUERY_ID(-2)), or undefined. */
export function integerArg(node: unknown): number | undefined {
  const o = node as { literal?: { literal_type: string; value: string }; neg?: { this: unknown } } | undefined;
  if (o?.neg) { const v = integerArg(o.neg.this); return v === undefined ? undefined : -v; }
  return o?.literal?.literal_type === 'number' ? Number(o.literal.value) : undefined;
}
