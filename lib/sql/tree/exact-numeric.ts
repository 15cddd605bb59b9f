/**
 * Exact NUMBER arithmetic, comparison and ordering. SQLite only has int64 and doubles; a NUMBER
 * value is stored as a number when that is exact and as decimal text otherwise
 * (lib/values/decimal-math.ts). So:
 *  - integer (scale 0) arithmetic stays native SQLite (the fast path); integers beyond int64
 *    (NUMBER(38,0) holds 38 digits) are text, and an operation on one, or one whose int64 result
 *    overflows (SQLite then answers a double), is computed again exactly;
 *  - arithmetic with a scale, or with a literal a double cannot hold, goes through FLOE_DEC_*
 *    functions that compute exactly and round half away from zero to Snowflake's result scale;
 *  - comparisons and ORDER BY of values that may be text take an exact path only for text rows.
 * Stored values are canonical (an integer when it fits int64, a double when its shortest text is
 * the decimal, else the decimal text without trailing zeros), so SQLite's own =, GROUP BY and
 * DISTINCT compare them exactly.
 * Result types follow Snowflake's rules for arithmetic precision and scale.
 */
import type { ast } from '@polyglot-sql/sdk';
import { asKind, makeNode, type Node, type NodeOf } from '../parse';
import { INT64_PRECISION, types, type SfType } from '../types';
import type { Typed } from '../functions';
import { aggregateNode, binaryOp, caseWhen, castNode, countNode, engineFn, fn, isNull, lit, operator, paren, windowNode } from './ast';
import { castAs, integerForm } from './convert';
import { exactNumbersNative } from './engine-traits';
import { plainNumberString } from '@/lib/values/decimal';
import type { EngineFunctionOfKind } from '@/lib/engine/functions/manifest';

const MAX_P = 38;
/** Significant digits a double always carries exactly. */
const DOUBLE_DIGITS = 15;
const INT64_MAX = 9223372036854775807n;

/** Literals the engine would read as a lossy double: they travel as decimal text instead. */
const wideLiterals = new WeakSet<object>();

export type ArithmeticKind = 'add' | 'sub' | 'mul' | 'div' | 'mod';
export type ComparisonKind = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';
/** An aggregate's payload (SUM, AVG, MIN, MAX). */
export type AggregatePayload = NodeOf<'sum'>;


/** Type of a number literal as Snowflake types it: NUMBER(digits, fraction digits), FLOAT with an exponent. */
export function numberLiteralType(v: string): SfType {
  if (/[eE]/.test(v)) return types.float();
  const [int, frac = ''] = v.replace(/^[-+]/, '').split('.');
  const digits = int.replace(/^0+/, '').length + frac.length;
  return types.number(Math.min(MAX_P, Math.max(1, digits)), frac.length);
}

/** A number literal that a double cannot hold exactly becomes text; else null (keep it). */
export function wideLiteral(value: string): { node: Node; type: SfType } | null {
  if (/[eE]/.test(value) || exactNumbersNative()) return null;
  const digits = value.replace(/^[-+]/, '').replace('.', '').replace(/^0+/, '');
  // SQLite reads integer literals exactly up to int64; fractions only to a double's digits.
  if (!value.includes('.') ? BigInt(digits || '0') <= INT64_MAX : digits.length <= DOUBLE_DIGITS) return null;
  const text = canonicalText(value);
  // A fraction whose shortest double prints back as the same decimal is stored as that double.
  if (value.includes('.') && plainNumberString(Number(text)) === text) return { node: makeNode('literal', { literal_type: 'number', value: text }), type: numberLiteralType(value) };
  const node = lit(text);
  wideLiterals.add(node);
  return { node, type: numberLiteralType(value) };
}

/** The stored form of a decimal literal's text: no sign '+', leading or trailing fraction zeros. */
function canonicalText(value: string): string {
  const neg = value.startsWith('-');
  let [int, frac = ''] = value.replace(/^[-+]/, '').split('.');
  int = int.replace(/^0+(?=\d)/, '') || '0';
  frac = frac.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return neg && /[1-9]/.test(body) ? '-' + body : body;
}

/** `CAST(x AS TEXT)`: an exact integer handed to the engine as its digits. */
const asText = (x: Node): Node => castNode(x, { data_type: 'text' });

const isWide = (n: unknown): boolean => typeof n === 'object' && n !== null && wideLiterals.has(n);
const fixed = (t: SfType | null): t is SfType => t?.wire === 'fixed';
const scaleOf = (t: SfType): number => t.scale ?? 0;
const leading = (t: SfType): number => (t.precision ?? MAX_P) - scaleOf(t);
const number = (l: number, s: number): SfType => types.number(Math.min(MAX_P, Math.max(1, l + s)), Math.min(s, 37));

/** Snowflake's result type of `a <kind> b` (null when it depends on values Floe cannot type). */
export function arithmeticType(kind: ArithmeticKind, a: SfType | null, b: SfType | null): SfType | null {
  if (a?.wire === 'real' || b?.wire === 'real') return types.float();
  if (!fixed(a) || !fixed(b)) return null;
  const [s1, s2, l1, l2] = [scaleOf(a), scaleOf(b), leading(a), leading(b)];
  switch (kind) {
    case 'add': case 'sub': return number(Math.max(l1, l2) + 1, Math.max(s1, s2));
    case 'mul': return number(l1 + l2, Math.min(s1 + s2, Math.max(s1, s2, 12)));
    case 'div': return number(l1 + s2, Math.max(s1, Math.min(s1 + 6, 12)));
    case 'mod': return number(Math.min(l1, l2), Math.max(s1, s2));
  }
}

/**
 * The common supertype of CASE/COALESCE-like branches: NUMBER wide enough for every branch's
 * integer digits and scale, FLOAT when one is FLOAT, the longest VARCHAR; null when they differ.
 */
export function supertype(ts: (SfType | null)[]): SfType | null {
  const known = ts.filter((t): t is SfType => t !== null);
  if (known.length === 0) return null;
  if (known.every((t) => t.wire === 'fixed')) {
    const s = Math.max(...known.map(scaleOf));
    return number(Math.max(...known.map(leading)), s);
  }
  if (known.every((t) => t.wire === 'fixed' || t.wire === 'real')) return types.float();
  if (known.every((t) => t.wire === 'text')) return types.varchar(Math.max(...known.map((t) => t.length ?? 0)));
  return known.every((t) => t.text === known[0].text) ? known[0] : null;
}

/**
 * An operand handed to an engine function: integers that may exceed 2^53 as their exact text
 * (sql.js hands every INTEGER to a function as a double, engine-notes §4).
 */
export function exactArg(node: Node, t: SfType | null): Node {
  if (!fixed(t) || scaleOf(t) > 0 || isWide(node) || (t.precision ?? MAX_P) <= DOUBLE_DIGITS) return node;
  const l = asKind(node, 'literal');
  if (l?.literal_type === 'number') return lit(l.value);
  return asText(node);
}

function exactArithmetic(kind: ArithmeticKind, left: Node, right: Node, ta: SfType, tb: SfType, s: number): Node {
  const [x, y] = [exactArg(left, ta), exactArg(right, tb)];
  switch (kind) {
    case 'add': return engineFn('FLOE_DEC_ADD', [x, y, lit(s)]);
    case 'sub': return engineFn('FLOE_DEC_SUB', [x, y, lit(s)]);
    case 'mul': return engineFn('FLOE_DEC_MUL', [x, y, lit(scaleOf(ta)), lit(scaleOf(tb)), lit(s)]);
    case 'div': return engineFn('FLOE_DEC_DIV', [x, y, lit(s)]);
    case 'mod': return engineFn('FLOE_DEC_MOD', [x, y, lit(s)]);
  }
}

/**
 * Integer `left <kind> right` natively, computed again exactly when SQLite cannot: an operand
 * beyond int64 (text) or an int64 overflow both make SQLite answer a double (`%` reads text as
 * an integer, so there the operands are checked instead).
 */
function integerArithmetic(kind: ArithmeticKind, left: Node, right: Node, ta: SfType, tb: SfType, out: SfType, payload: ast.BinaryOp): Node {
  const native: Node = makeNode(kind, { ...payload, left, right });
  const [textA, textB] = [mayBeText(left, ta), mayBeText(right, tb)];
  if (kind === 'mod') {
    if (!textA && !textB) return native;
    const anyText = [textA ? textOf(left) : null, textB ? textOf(right) : null].filter((n): n is Node => n !== null);
    const test = anyText.length === 2 ? operator('or', anyText[0], anyText[1]) : anyText[0];
    return fn('IIF', [test, exactArithmetic(kind, left, right, ta, tb, 0), native]);
  }
  const overflows = (out.precision ?? MAX_P) > INT64_PRECISION;
  if (!textA && !textB && !overflows) return native;
  // A double is sticky through + - *: one check of the whole native tree suffices, so nested
  // operations join their native and exact forms rather than checking (and evaluating) each level.
  const [l, r] = [guardedParts(left), guardedParts(right)];
  const tree: Node = makeNode(kind, { ...payload, left: l.native, right: r.native });
  const exact = exactArithmetic(kind, l.exact, r.exact, ta, tb, 0);
  const checked = fn('IIF', [operator('eq', fn('TYPEOF', [tree]), lit('real')), exact, tree]);
  guarded.set(checked, { native: tree, exact });
  return checked;
}

/** Integer + - * already checked for a double: their unchecked native and exact forms. */
const guarded = new WeakMap<object, { native: Node; exact: Node }>();

function guardedParts(n: Node): { native: Node; exact: Node } {
  const inner = asKind(n, 'paren')?.this ?? n;
  const g = guarded.get(inner);
  return g ? { native: paren(g.native), exact: g.exact } : { native: n, exact: n };
}

const asNumeric = (x: Node): Node => ({ cast: { this: x, to: { data_type: 'decimal', precision: null, scale: null }, trailing_comments: [], double_colon_syntax: false } });

/**
 * NUMBER arithmetic where the engine's numbers are exact: in numeric once the result may leave
 * int64 (or has a scale), rounded (half away from zero, as numeric rounds) to the result's scale.
 */
function nativeArithmetic(kind: ArithmeticKind, left: Node, right: Node, ta: SfType, tb: SfType, out: SfType, payload: ast.BinaryOp): Node {
  const s = scaleOf(out);
  const wide = s > 0 || kind === 'div' || (out.precision ?? MAX_P) > INT64_PRECISION || scaleOf(ta) > 0 || scaleOf(tb) > 0;
  if (!wide) return makeNode(kind, { ...payload, left, right });
  // numeric's / keeps only 16 significant digits (a 20-digit dividend gets its own scale, no more):
  // the engine's exact division rounds the true quotient once, at the result's scale.
  if (kind === 'div') return engineFn('FLOE_DEC_DIV', [asNumeric(left), right, lit(s)]);
  // A sum whose left operand is a checked sum checks once, at the top: a chain of 300 terms would
  // otherwise nest 300 calls (a sum's scale is its operands', so the inner one needs no rounding).
  const inner = kind === 'add' || kind === 'sub' ? rangeChecked.get(left) : undefined;
  const op: Node = { paren: { this: makeNode(kind, { ...payload, left: inner ?? asNumeric(left), right: right }), trailing_comments: [] } };
  if ((out.precision ?? MAX_P) < MAX_P) return fn('ROUND', [op, lit(s)]);
  // numeric has no 38-digit bound: a result that may pass it is refused as sql.js refuses it (100046).
  const checkedOp = engineFn('FLOE_TO_NUMBER', [op, lit(MAX_P), lit(s)]);
  if (kind === 'add' || kind === 'sub') rangeChecked.set(checkedOp, op);
  return checkedOp;
}

/** The range checks nativeArithmetic made, with the arithmetic each checks. */
const rangeChecked = new WeakMap<Node, Node>();

/** SQLite form of `left <kind> right` given the operands' types. */
export function arithmeticSql(kind: ArithmeticKind, left: Node, right: Node, a: Typed, b: Typed, payload: ast.BinaryOp = binaryOp(left, right)): Node {
  const ta = a.type;
  const tb = b.type;
  if (fixed(ta) && fixed(tb)) {
    const out = arithmeticType(kind, ta, tb)!;
    if (exactNumbersNative()) return nativeArithmetic(kind, left, right, ta, tb, out, payload);
    const integers = scaleOf(ta) === 0 && scaleOf(tb) === 0 && !isWide(left) && !isWide(right);
    if (integers && kind !== 'div') return integerArithmetic(kind, left, right, ta, tb, out, payload);
    return exactArithmetic(kind, left, right, ta, tb, scaleOf(out));
  }
  if (kind === 'div') return engineFn('FLOE_DIV', [left, right]);
  if (kind === 'mod' && (ta?.wire === 'real' || tb?.wire === 'real')) return engineFn('FLOE_FMOD', [left, right]);
  if (ta?.wire === 'real' || tb?.wire === 'real') return floatArithmetic(kind, left, right, ta, tb, payload);
  return makeNode(kind, { ...payload, left, right });
}

/**
 * FLOAT's NaN is stored as the text 'NaN' (SQLite stores a NaN double as NULL), which SQLite's
 * + - * would read as 0. A FLOAT operand that may hold it (not a literal) is checked: any NaN
 * operand makes the result NaN (NULL with a NULL operand). SQLite also turns a NaN it computes
 * (inf - inf, 0 * inf) into NULL: a NULL result of operands none of which is NULL is NaN. Nested
 * + - * join one check of all their operands around one native tree, as integerArithmetic's
 * overflow check does.
 */
interface FloatTree { native: Node; nanOperands: Node[]; operands: Node[] }
const floatTrees = new WeakMap<object, FloatTree>();

function floatParts(n: Node, t: SfType | null): FloatTree {
  const inner = asKind(n, 'paren')?.this ?? n;
  const g = floatTrees.get(inner);
  if (g) return { ...g, native: paren(g.native) };
  const literal = kindOfNode(n) === 'literal';
  return { native: n, nanOperands: mayBeNaN(n, t) ? [n] : [], operands: literal ? [] : [n] };
}

/** A FLOAT value that may be NaN: anything but a literal. */
export const mayBeNaN = (n: unknown, t: SfType | null): boolean => t?.wire === 'real' && kindOfNode(n) !== 'literal' && !exactNumbersNative();

const NAN = lit('NaN');
const anyOf = (conds: Node[]): Node => conds.reduce((x, y) => operator('or', x, y));

function floatArithmetic(kind: ArithmeticKind, left: Node, right: Node, ta: SfType | null, tb: SfType | null, payload: ast.BinaryOp): Node {
  const [l, r] = [floatParts(left, ta), floatParts(right, tb)];
  const native: Node = makeNode(kind, { ...payload, left: l.native, right: r.native });
  const nanOperands = [...l.nanOperands, ...r.nanOperands];
  const operands = [...l.operands, ...r.operands];
  // Literals alone cannot make a NaN (no literal is infinite); an engine whose doubles keep NaN
  // (PostgreSQL: exactNumbers) computes it itself.
  if (operands.length === 0 || exactNumbersNative()) return native;
  const value = nanOperands.length === 0 ? native : fn('IIF', [anyOf(nanOperands.map(textOf)), lit(null), native]);
  const nanUnlessNull = fn('IIF', [anyOf(operands.map((o) => isNull(o))), lit(null), NAN]);
  const out = fn('COALESCE', [value, nanUnlessNull]);
  floatTrees.set(out, { native, nanOperands, operands });
  return out;
}

/** +inf and -inf as SQLite reads them (a literal beyond a double's range). */
const INF: Node = makeNode('literal', { literal_type: 'number', value: '9e999' });
const NEG_INF: Node = makeNode('literal', { literal_type: 'number', value: '-9e999' });

/**
 * SUM or AVG of FLOAT values from their frame's MAX and MIN: NaN when one is NaN (text sorts after
 * every number) or when both infinities are there, an infinity when one is there, else `finite`.
 */
function floatSumOrAvg(max: Node, min: Node, finite: Node): Node {
  return caseWhen([
    [textOf(max), NAN],
    [operator('and', operator('eq', max, INF), operator('eq', min, NEG_INF)), NAN],
    [operator('eq', max, INF), INF],
    [operator('eq', min, NEG_INF), NEG_INF],
  ], finite);
}

/**
 * A FLOAT aggregate (SUM, AVG) over values that may hold NaN or infinities: NaN when one value is
 * NaN (text sorts after every number, so MAX finds it), and when SQLite's sum is NULL although
 * the group has values (inf + -inf). One MAX, which SQLite computes once however often it is named.
 */
export function nanAggregate(aggregate: Node, payload: AggregatePayload, x: Node, t: SfType | null): Node {
  if (!mayBeNaN(x, t)) return aggregate;
  const max: Node = makeNode('max', { ...payload, this: x, distinct: false });
  return fn('IIF', [textOf(max), NAN, fn('COALESCE', [aggregate, fn('IIF', [isNull(max), lit(null), NAN])])]);
}

/**
 * SUM/AVG(x) OVER (…) of FLOAT values that may hold NaN or infinities. Beyond nanAggregate's rule,
 * the finite part sums the finite values only: SQLite slides a frame by subtracting the rows that
 * leave it, and an infinity that left would leave NaN behind.
 */
export function nanWindowAggregate(kind: 'sum' | 'avg', payload: AggregatePayload, over: NodeOf<'window_function'>['over'], t: SfType | null): Node | null {
  const x = payload.this;
  if (!mayBeNaN(x, t)) return null;
  const window = (agg: Node): Node => windowNode(agg, over);
  const extreme = (k: 'max' | 'min'): Node => window(makeNode(k, { ...payload, this: x, distinct: false }));
  const finite = fn('IIF', [operator('eq', fn('ABS', [x]), INF), lit(0), x]);
  return floatSumOrAvg(extreme('max'), extreme('min'), window(makeNode(kind, { ...payload, this: finite })));
}

/**
 * An integer operand of - or ABS where the engine's numbers are exact: a NUMBER(p > 18, 0) value
 * may be a bigint there (PostgreSQL stores integers as floe.widening_bigint until one leaves
 * int64), whose -(-2^63) overflows: such values are negated in numeric.
 */
export const signedOperand = (x: Node, t: SfType | null): Node =>
  exactNumbersNative() && fixed(t) && scaleOf(t) === 0 && (t.precision ?? MAX_P) > INT64_PRECISION && kindOfNode(x) !== 'literal' ? asNumeric(x) : x;

/** Unary minus: folded into a wide literal, exact for values that may be text. */
export function negateSql(arg: Node, t: Typed, payload: ast.UnaryOp): Node {
  const l = asKind(arg, 'literal');
  if (isWide(arg) && l && typeof l.value === 'string') {
    const text = l.value.startsWith('-') ? l.value.slice(1) : '-' + l.value;
    return wideLiteral(text)!.node;
  }
  // -NaN is NaN (SQLite would read the text as 0).
  if (mayBeNaN(arg, t.type)) return fn('IIF', [textOf(arg), arg, makeNode('neg', { ...payload, this: arg })]);
  if (!mayBeText(arg, t.type)) return makeNode('neg', { ...payload, this: signedOperand(arg, t.type) });
  // Integers: native unless beyond int64 (-(-2^63) is 2^63, beyond it too).
  if (scaleOf(t.type!) === 0) return caseWhen([[textOf(arg), engineFn('FLOE_DEC_NEG', [arg])], [isInt64Min(arg), TWO_63()]], makeNode('neg', { ...payload, this: arg }));
  return engineFn('FLOE_DEC_NEG', [arg]);
}

/**
 * Whether an integer stored as an int64 (SQLite) is -2^63, whose negation and absolute value
 * SQLite cannot make (nor a function, which reads it as a double): they are 2^63, as text.
 */
export const isInt64Min = (x: Node): Node => operator('lt', x, makeNode('literal', { literal_type: 'number', value: '-9223372036854775807' }));
export const TWO_63 = (): Node => wideLiteral('9223372036854775808')!.node;

const kindOfNode = (node: unknown): string => (node && typeof node === 'object' ? Object.keys(node)[0] : '');

/**
 * Whether a fixed value may be stored as decimal text: a scale (beyond a double's digits), an
 * integer column wider than int64, a wide literal, or a computed integer beyond 2^53 (an engine
 * function hands those back as text).
 */
export function mayBeText(node: unknown, t: SfType | null): boolean {
  if (!fixed(t) || exactNumbersNative()) return false;
  if (isWide(node)) return true;
  const kind = kindOfNode(node);
  if (kind === 'literal') return false;
  if (scaleOf(t) > 0) return true;
  return (t.precision ?? MAX_P) > (kind === 'column' ? INT64_PRECISION : DOUBLE_DIGITS);
}

/**
 * Columns and literals hold canonical stored forms: integers as int64 or beyond it as text,
 * decimals as the double that prints as them or as text. Two values of one family are equal
 * exactly when SQLite's own = says so. So is a placeholder bound as an integer within ±2^53 (an
 * SQLite integer, or a double that holds it exactly, which SQLite compares with an integer
 * exactly): `id = ?` and `id IN (?, …)` stay SQLite's, and an IN list of thousands of bound
 * values compiles as fast as one of literals (spelled out exactly, each value took ~100 characters).
 */
function canonicalFamily(node: unknown, t: Typed): 'int' | 'dec' | null {
  const kind = kindOfNode(node);
  if (!fixed(t.type)) return null;
  if (kind === 'placeholder') return t.boundInt53 ? 'int' : null;
  if (kind !== 'column' && kind !== 'literal') return null;
  return scaleOf(t.type) === 0 ? 'int' : 'dec';
}

const COMPARISONS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);
export const isComparison = (kind: string): boolean => COMPARISONS.has(kind);

export const textOf = (n: Node): Node => operator('eq', fn('TYPEOF', [n]), lit('text'));

/** A string compared with a number is read as a number (Snowflake's implicit cast). */
function asNumber(n: Node, t: SfType | null, other: SfType | null): Node {
  if ((other?.wire === 'fixed' || other?.wire === 'real') && t?.wire === 'text') return engineFn('FLOE_NUMERIC', [n]);
  return n;
}

/** `left <op> right`, exact when either side may hold a NUMBER stored as text. */
const isTz = (t: SfType | null | undefined) => t?.wire === 'timestamp_tz';
/** A TIMESTAMP_TZ compares and sorts by its instant, not by its stored wall clock and offset. */
const tzInstant = (x: Node): Node => engineFn('FLOE_TZ_INSTANT', [x]);

/**
 * A NUMBER that may be stored as text, compared with a FLOAT: as its double (Snowflake compares
 * NUMBER and FLOAT as FLOAT). As text it would sort after every number (SQLite's order of
 * classes): -9.2e18 < -1e18 was false.
 */
const againstFloat = (n: Node, t: SfType | null, other: SfType | null): Node =>
  (other?.wire === 'real' && mayBeText(n, t) ? castAs(n, 'double') : n);

export function comparisonSql(kind: ComparisonKind, left: Node, right: Node, a: Typed, b: Typed, payload: ast.BinaryOp = binaryOp(left, right)): Node {
  if (isTz(a.type) && isTz(b.type)) return makeNode(kind, { ...payload, left: tzInstant(left), right: tzInstant(right) });
  // (The cast operand is a double: the rest compares it with the FLOAT natively.)
  left = againstFloat(left, a.type, b.type);
  right = againstFloat(right, b.type, a.type);
  const l = asNumber(left, a.type, b.type);
  const r = asNumber(right, b.type, a.type);
  const plain: Node = makeNode(kind, { ...payload, left: l, right: r });
  const textual = (mayBeText(left, a.type) && (fixed(b.type) || l !== left || r !== right)) || (mayBeText(right, b.type) && fixed(a.type));
  if (!textual) return plain;
  // Equality of canonical forms is SQLite's own (a join on integer columns keeps its automatic index).
  const family = canonicalFamily(left, a);
  if ((kind === 'eq' || kind === 'neq') && family !== null && family === canonicalFamily(right, b)) return plain;
  const exact = operator(kind, engineFn('FLOE_DEC_CMP', [l === left ? exactArg(l, a.type) : l, r === right ? exactArg(r, b.type) : r]), lit(0));
  return fn('IIF', [operator('or', textOf(l), textOf(r)), exact, plain]);
}

/** ORDER BY keys of one item: the value, or for values that may be text an exact pair of keys. */
export function orderKeys(item: ast.Ordered, t: Typed): ast.Ordered[] {
  const x = item.this;
  if (isTz(t.type)) return [{ ...item, this: tzInstant(x) }, item];
  if (!mayBeText(x, t.type)) return [item];
  const isText = textOf(x);
  return [
    { ...item, this: fn('IIF', [isText, engineFn('FLOE_DEC_KEY', [x]), x]) },
    { ...item, this: fn('IIF', [isText, engineFn('FLOE_DEC_RESIDUE', [x]), lit(0)]) },
  ];
}

const notText = (x: Node) => operator('neq', fn('TYPEOF', [x]), lit('text'));
const withFilter = (filter: Node | null, cond: Node): Node => (filter ? operator('and', filter, cond) : cond);
const engineAggregate = (name: EngineFunctionOfKind<'aggregate'>, args: Node[], filter: Node | null): Node => aggregateNode(name, args, false, filter);

/**
 * SUM of integers that may lie beyond int64: SQLite sums the rows natively, as high and low
 * 32-bit halves (neither sum can overflow), the engine corrects the (rare) text rows exactly, and
 * one engine call per group adds the three.
 */
export function exactIntegerSum(payload: AggregatePayload, x: Node): Node {
  if (exactNumbersNative()) return makeNode('sum', { ...payload, this: x });
  return integerForm(integerSumParts(payload, x));
}

function integerSumParts(payload: AggregatePayload, x: Node): Node {
  // SQLite reads a text row as the nearest int64 (saturating) for >> and &: the halves add that
  // for every row, unfiltered, and the engine adds the text rows' excess over it.
  const half = (part: Node): Node => asText(makeNode('sum', { ...payload, this: part }));
  const high = half(operator('bitwise_right_shift', x, lit(32)));
  const low = half(operator('bitwise_and', x, lit(0xffffffff)));
  const text = engineAggregate('FLOE_SUM_TEXT_EXCESS', [x], withFilter(payload.filter, textOf(x)));
  return engineFn('FLOE_DEC_SUM_PARTS', [high, low, text]);
}

/**
 * AVG of NUMBER values that may lie beyond a double, exactly, rounded half away from zero to
 * `scale`: integers divide their exact SUM (native parts, no per-row JS for int64 rows; SQLite
 * shares them with a SUM of the same column) by the native count; values with a scale are
 * averaged by an engine aggregate, as SUM adds them.
 */
export function exactAverage(payload: AggregatePayload, x: Node, t: SfType, scale: number): Node {
  // Native exact numbers (PostgreSQL): the exact sum over the count, rounded once at the scale,
  // and beyond 38 digits Snowflake's error (numeric's avg keeps no fixed number of decimals).
  if (exactNumbersNative()) return engineFn('FLOE_DEC_AVG', [makeNode('sum', payload), countNode(x, payload.distinct === true, payload.filter ?? null), lit(scale)]);
  if (scaleOf(t) > 0) return engineAggregate('FLOE_AVG_DEC', [x, lit(scaleOf(t)), lit(scale)], payload.filter ?? null);
  const n: Node = countNode(x, false, payload.filter ?? null);
  return engineFn('FLOE_DEC_AVG', [integerSumParts(payload, x), n, lit(scale)]);
}

/**
 * MIN/MAX of NUMBER values that may be stored as text: SQLite orders numbers before text, so it
 * takes the extreme of the number rows, the engine that of the text rows, and the two are
 * compared exactly once per group.
 */
export function exactExtreme(kind: 'min' | 'max', payload: AggregatePayload, x: Node, t: SfType): Node {
  if (exactNumbersNative()) return makeNode(kind, payload);
  const native: Node = makeNode(kind, { ...payload, filter: withFilter(payload.filter, notText(x)) });
  const text = engineAggregate(kind === 'min' ? 'FLOE_MIN_DEC' : 'FLOE_MAX_DEC', [x], withFilter(payload.filter, textOf(x)));
  const nativeWins = operator(kind === 'min' ? 'lte' : 'gte', engineFn('FLOE_DEC_CMP', [exactArg(native, t), text]), lit(0));
  const pickNative = operator('or', isNull(text), operator('and', isNull(native, true), nativeWins));
  return fn('IIF', [pickNative, native, text]);
}
