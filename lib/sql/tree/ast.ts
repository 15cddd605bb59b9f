/**
 * Building blocks for polyglot AST nodes Floe constructs itself: one builder per kind, typed by the
 * parser's own payload types, filling the fields Floe leaves at their defaults (no comments, no
 * explicit AS spellings), so callers never spell a payload, or cast one, themselves.
 */
import type { ast } from '@polyglot-sql/sdk';
import { INTERNAL_PREFIX, type EngineFunctionName } from '@/lib/engine/functions/manifest';
import { EMPTY_SELECT } from '../empty-select';
import { asKind, makeNode, type Node, type NodeOf } from '../parse';

export { EMPTY_SELECT };

/** An identifier (a name in a column, alias or table reference). */
export type Identifier = ast.Identifier;
/** A type as a cast node names it (`{ data_type: 'text' }`). */
export type DataType = ast.DataType;

/** `SELECT <expr>` as the body of a select node. */
export const selectOf = (expr: Node): NodeOf<'select'> => ({ ...EMPTY_SELECT, expressions: [expr] });

/** A select node: the clauses given, every other one empty. */
export const selectNode = (clauses: Partial<NodeOf<'select'>> & Pick<NodeOf<'select'>, 'expressions'>): Node =>
  makeNode('select', { ...EMPTY_SELECT, ...clauses });

/** Payloads of the calls Floe built (fn, engineFn), which a later rewrite of them passes on. */
const builtCalls = new WeakSet<object>();

const call = (name: string, args: Node[]): Node => {
  const payload: NodeOf<'function'> = { name, args, distinct: false, trailing_comments: [], use_bracket_syntax: false, no_parens: false, quoted: false };
  builtCalls.add(payload);
  return makeNode('function', payload);
};

/**
 * Whether a call's payload is one Floe built, or names one of Floe's engine functions (FLOE_*: a
 * copy of a built call; the user's own FLOE_* calls are refused before the rewrite).
 */
export const isEngineCall = (payload: { name?: unknown }): boolean =>
  builtCalls.has(payload) || (typeof payload.name === 'string' && payload.name.toUpperCase().startsWith(INTERNAL_PREFIX));

/** A name that is not the engine's own: engine functions are called through engineFn. */
type NotEngine<N extends string> = N extends EngineFunctionName | `${typeof INTERNAL_PREFIX}${string}` ? never : N;

/** A call of the SQL function `name` (SQLite's own, or a user's function); engine functions: engineFn. */
export const fn = <N extends string>(name: N & NotEngine<N>, args: Node[]): Node => call(name, args);

/**
 * A call of an engine function (lib/engine/functions/manifest.ts): a name the manifest lacks is
 * a TypeScript error, so the compiler never emits a call the engine cannot answer.
 */
export const engineFn = (name: EngineFunctionName, args: Node[]): Node => call(name, args);

/** Whether a node is a call of the engine function `name`. */
export const callsEngineFunction = (node: unknown, name: EngineFunctionName): boolean => asKind(node, 'function')?.name === name;

/** A named aggregate call (`aggregate_function`): no ORDER BY, LIMIT or IGNORE NULLS. */
export const aggregateNode = (name: string, args: Node[], distinct: boolean, filter: Node | null): Node =>
  makeNode('aggregate_function', { name, args, distinct, filter, order_by: [], limit: null, ignore_nulls: null });

/** `COUNT([DISTINCT] x) [FILTER (WHERE …)]`. */
export const countNode = (x: Node, distinct: boolean, filter: Node | null = null): Node =>
  makeNode('count', { this: x, star: false, distinct, filter, original_name: 'count' });

/** `f OVER (…)`. */
export const windowNode = (f: Node, over: NodeOf<'window_function'>['over']): Node => makeNode('window_function', { this: f, over, keep: null });

/** The NULL constant, as the parser writes it. */
export const nullNode = (): Node => makeNode('null', null);

/** A literal: a string, a number or NULL. */
export const lit = (v: string | number | null): Node =>
  v === null ? nullNode() : makeNode('literal', { literal_type: typeof v === 'number' ? 'number' : 'string', value: String(v) });

/** An identifier with no comments. */
export const identifier = (name: string, quoted: boolean): Identifier => ({ name, quoted, trailing_comments: [] });

/** A column reference `[table.]name`. */
export const columnNode = (name: Identifier, table: Identifier | null = null): Node =>
  makeNode('column', { name, table, join_mark: false, trailing_comments: [] });

/** `expr AS alias`. */
export const aliasNode = (expr: Node, alias: Identifier): Node =>
  makeNode('alias', { this: expr, alias, column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] });

/** `CAST(expr AS to)`. */
export const castNode = (expr: Node, to: DataType): Node => makeNode('cast', { this: expr, to, trailing_comments: [], double_colon_syntax: false });

/** `(query) [AS alias]` as a FROM item. */
export const subqueryNode = (query: Node, alias: Identifier | null): Node =>
  makeNode('subquery', { this: query, alias, column_aliases: [], alias_explicit_as: true, order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] });

/** `(expr)`: keeps a built expression whole wherever the generator places it. */
export const paren = (expr: Node): Node => makeNode('paren', { this: expr, trailing_comments: [] });

/** The node kinds Floe builds as binary operators (their payload is the parser's BinaryOp). */
export type BinaryKind = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'and' | 'or' | 'is' | 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'concat'
  | 'bitwise_and' | 'bitwise_or' | 'bitwise_xor' | 'bitwise_left_shift' | 'bitwise_right_shift';

/** A binary operator's payload: the operands, no comments. */
export const binaryOp = (left: Node, right: Node): ast.BinaryOp => ({ left, right, left_comments: [], operator_comments: [], trailing_comments: [] });

/** A binary operator node (`eq`, `mul`, `concat` …) as it is: for places where precedence is plain. */
export const operator = (kind: BinaryKind, left: Node, right: Node): Node => makeNode(kind, binaryOp(left, right));

/** A binary operator node (`eq`, `or`, `and`, `is`, `concat` …), parenthesised. */
export const binary = (kind: BinaryKind, left: Node, right: Node): Node => paren(operator(kind, left, right));

/** `expr IS [NOT] NULL`. */
export const isNull = (expr: Node, not = false): Node => makeNode('is_null', { this: expr, not, postfix_form: false });

/** `CASE WHEN c1 THEN r1 … [ELSE e] END`. */
export const caseWhen = (whens: [Node, Node][], otherwise: Node | null = null): Node =>
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
  const neg = asKind(node, 'neg');
  if (neg) { const v = integerArg(neg.this); return v === undefined ? undefined : -v; }
  const literal = asKind(node, 'literal');
  return literal?.literal_type === 'number' ? Number(literal.value) : undefined;
}

