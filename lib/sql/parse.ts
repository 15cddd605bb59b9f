/**
 * The Snowflake SQL parser (polyglot, a Rust port of sqlglot compiled to wasm). Statements and
 * generated fragments repeat (drivers, dashboards, the console), and a wasm call costs far more
 * than a copy: both directions are memoised.
 */
import { ast, Dialect, generate, parse } from '@polyglot-sql/sdk';
import { backquoteIdentifiers, type Token } from './lexer';
import { canonicalDiffParts } from './date-part-spelling';
import { typedConstantsAsCasts } from './typed-literals';
import { syntaxError } from './syntax-error';
import { sqlErrors } from './errors';
import { generateDeep, PIECE_HEIGHTS } from './deep-trees';
import { balanceLogicalChains, mayHoldLongChains } from './balanced-chains';
import { Memo } from '@/lib/values/memo';

// Exported helpers that return a tree declare `: Node`: an inferred one is the SDK's whole union,
// which declaration emit (incremental type checks, next build) cannot name and overflows on.
/** An AST node: the parser's typed tree, an object with one key naming its kind. */
export type Node = ast.Expression;
/** The name of a node kind (`select`, `column`, `add` …). */
export type NodeKind = ast.ExpressionType;
/** The payload of a node of kind K (`NodeOf<'select'>` is the parser's Select). */
export type NodeOf<K extends NodeKind> = ast.ExpressionInner<K>;

/**
 * A node Floe builds itself, typed by the parser's payload of its kind (the builders of
 * tree/ast.ts fill the fields Floe leaves at their defaults; spans are optional).
 */
export const makeNode = <K extends NodeKind>(kind: K, payload: NodeOf<K>): Node => ({ [kind]: payload }) as unknown as Node;

/**
 * A node of `kind` again, from a payload the generic rewrite derived from the parser's own node
 * of that kind (its fields copied, some children rewritten): the parser's shape by construction,
 * which a walk over any kind cannot spell per kind.
 */
export const rebuildNode = (kind: NodeKind, payload: object): Node => ({ [kind]: payload }) as unknown as Node;

/** The payload of `node`, which is of kind `kind` by construction (else an internal error). */
export function expectKind<K extends NodeKind>(node: unknown, kind: K): NodeOf<K> {
  const payload = asKind(node, kind);
  if (payload === undefined) throw new Error(`internal: expected a ${kind} node`);
  return payload;
}

/** The node's kind and payload, for code that reads a node whatever its kind (a walk). */
export const payloadOf = (node: Node): Record<string, unknown> => (node as Record<string, unknown>)[kindOf(node)] as Record<string, unknown>;

/** The payload of `node` when it is of kind `kind`, else undefined. */
export function asKind<K extends NodeKind>(node: unknown, kind: K): NodeOf<K> | undefined {
  return node && typeof node === 'object' && kind in node && Object.keys(node).length === 1 ? (node as Record<K, NodeOf<K>>)[kind] : undefined;
}

/** polyglot's nesting guards (its error names no position). */
const GUARD = /E_GUARD_\w*DEPTH_EXCEEDED: value \d+ exceeds configured limit (\d+)/;

/** polyglot's AST depth guard: each set operator of a chain (`… UNION ALL …`) nests one level deeper. */
const AST_DEPTH_LIMIT = 512;
const SET_OPERATORS = new Set(['UNION', 'INTERSECT', 'EXCEPT', 'MINUS']);

/**
 * Refuses, before parsing, a statement whose tokens chain more set operators in one parenthesised
 * level than the parser's depth guard allows: the parser would read all of it (seconds for a
 * 100,000-branch UNION ALL) only to refuse it the same way.
 */
export function rejectDeepSetChains(tokens: Token[]): void {
  const counts = [0];
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === '(') counts.push(0);
    else if (t.kind === 'punct' && t.text === ')') counts.length > 1 && counts.pop();
    else if (t.kind === 'word' && SET_OPERATORS.has(t.text.toUpperCase()) && ++counts[counts.length - 1] >= AST_DEPTH_LIMIT) throw sqlErrors.tooComplex(AST_DEPTH_LIMIT);
  }
}

/** One Snowflake expression from its text (the item of `SELECT <text>`). */
export const parseExpression = (text: string): Node => expectKind(parseOne(`SELECT ${text}`), 'select').expressions[0];

/** Longer texts are rarely repeated and would make the memo big. */
const MEMO_MAX_CHARS = 4096;
const parsed = new Memo<Node>(128);
const generated = new Memo<string>(1024);

/** Parses one statement; the caller owns (and may change) the tree it gets. */
export function parseOne(text: string): Node {
  const memoised = text.length <= MEMO_MAX_CHARS ? parsed.get(text) : undefined;
  if (memoised) return structuredClone(memoised);
  const spelled = typedConstantsAsCasts(canonicalDiffParts(text));
  let r = parse(spelled, Dialect.Snowflake);
  // The parser reads the whole text before its nesting guard refuses it: no second try.
  const guard = GUARD.exec(r.error ?? '');
  if (guard) throw sqlErrors.tooComplex(Number(guard[1]));
  // A syntax error is placed in the text as written.
  if ((!r.success || !r.ast || r.ast.length === 0) && spelled !== text) r = parse(text, Dialect.Snowflake);
  if (!r.success || !r.ast || r.ast.length === 0) throw syntaxError(text, r);
  const root: Node = r.ast[0];
  if (mayHoldLongChains(text)) balanceLogicalChains(root);
  if (text.length <= MEMO_MAX_CHARS) parsed.set(text, structuredClone(root));
  return root;
}

/**
 * SQL text of a tree, or null. A non-array argument makes polyglot hand the tree to wasm as JSON
 * text, several times faster than its field-by-field conversion of an array; the JSON is also the
 * memo key.
 */
function generateOne(node: Node, dialect: Dialect): string | null {
  const flat = (n: object) => generateFlat(n, dialect);
  // How deep a tree the generator takes before its stack runs out varies with the thread and
  // with how far its wasm has been optimised: a tree it refused is cut into shorter pieces.
  for (const height of PIECE_HEIGHTS) {
    const sql = generateDeep(node, flat, height);
    if (sql !== null) return sql;
  }
  return null;
}

function generateFlat(node: object, dialect: Dialect): string | null {
  const json = JSON.stringify(node);
  const key = `${dialect}:${json}`;
  const memoised = json.length <= MEMO_MAX_CHARS ? generated.get(key) : undefined;
  if (memoised !== undefined) return memoised;
  const g = generate({ toJSON: () => [node] }, dialect);
  const sql = g.success && g.sql?.[0] ? g.sql[0] : null;
  if (sql !== null && json.length <= MEMO_MAX_CHARS) generated.set(key, sql);
  return sql;
}

export function kindOf(node: Node): NodeKind {
  return ast.getExprType(node);
}

/** Whether a value of the tree is a node (an object with one key naming an SDK kind), not a payload's own structure. */
export const isNode = (value: unknown): value is Node => ast.isExpressionValue(value);

export function toSqlite(node: Node): string {
  const sql = generateOne(node, Dialect.SQLite);
  if (sql === null) {
    const g = generate({ toJSON: () => [node] }, Dialect.SQLite);
    throw new Error(`cannot generate SQLite: ${g.error}`);
  }
  return backquoteIdentifiers(sql);
}

export function toPostgres(node: Node): string {
  const sql = generateOne(node, Dialect.PostgreSQL);
  if (sql === null) {
    const g = generate({ toJSON: () => [node] }, Dialect.PostgreSQL);
    throw new Error(`cannot generate PostgreSQL: ${g.error}`);
  }
  return sql;
}

export function toSnowflake(node: Node): string {
  return generateOne(node, Dialect.Snowflake) ?? '?';
}
