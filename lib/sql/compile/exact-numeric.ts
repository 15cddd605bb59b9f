/**
 * Exact NUMBER arithmetic, comparison and ordering. SQLite only has int64 and doubles; a NUMBER
 * value is stored as a number when that is exact and as decimal text otherwise
 * (lib/values/decimal-math.ts). So:
 *  - integer (scale 0) arithmetic stays native SQLite (the fast path);
 *  - arithmetic with a scale, or with a literal a double cannot hold, goes through FLOE_DEC_*
 *    functions that compute exactly and round half away from zero to Snowflake's result scale;
 *  - comparisons and ORDER BY of values that may be text take an exact path only for text rows.
 * Result types follow Snowflake's rules for arithmetic precision and scale.
 */
import type { Node } from '../parse';
import { types, type SfType } from '../types';
import type { Typed } from '../functions';
import { fn, lit } from './ast';

const MAX_P = 38;
/** Significant digits a double always carries exactly. */
const DOUBLE_DIGITS = 15;
const INT64_MAX = 9223372036854775807n;

/** Literals the engine would read as a lossy double: they travel as decimal text instead. */
const wideLiterals = new WeakSet<object>();

export type ArithmeticKind = 'add' | 'sub' | 'mul' | 'div' | 'mod';

const binary = (kind: string, left: unknown, right: unknown): Node =>
  ({ [kind]: { left, right, left_comments: [], operator_comments: [], trailing_comments: [] } });

/** Type of a number literal as Snowflake types it: NUMBER(digits, fraction digits), FLOAT with an exponent. */
export function numberLiteralType(v: string): SfType {
  if (/[eE]/.test(v)) return types.float();
  const [int, frac = ''] = v.replace(/^[-+]/, '').split('.');
  const digits = int.replace(/^0+/, '').length + frac.length;
  return types.number(Math.min(MAX_P, Math.max(1, digits)), frac.length);
}

/** A number literal that a double cannot hold exactly becomes text; else null (keep it). */
export function wideLiteral(value: string): { node: Node; type: SfType } | null {
  if (/[eE]/.test(value)) return null;
  const digits = value.replace(/^[-+]/, '').replace('.', '').replace(/^0+/, '');
  // SQLite reads integer literals exactly up to int64; fractions only to a double's digits.
  if (!value.includes('.') ? BigInt(digits || '0') <= INT64_MAX : digits.length <= DOUBLE_DIGITS) return null;
  const node = lit(value);
  wideLiterals.add(node);
  return { node, type: numberLiteralType(value) };
}

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

/** SQLite form of `left <kind> right` given the operands' types. */
export function arithmeticSql(kind: ArithmeticKind, left: Node, right: Node, a: Typed, b: Typed, payload: Record<string, unknown>): Node {
  const ta = a.type;
  const tb = b.type;
  if (fixed(ta) && fixed(tb)) {
    const out = arithmeticType(kind, ta, tb)!;
    const s = scaleOf(out);
    const integers = scaleOf(ta) === 0 && scaleOf(tb) === 0 && !isWide(left) && !isWide(right);
    if (integers && kind !== 'div') return { [kind]: { ...payload, left, right } };
    switch (kind) {
      case 'add': return fn('FLOE_DEC_ADD', [left, right, lit(s)]);
      case 'sub': return fn('FLOE_DEC_SUB', [left, right, lit(s)]);
      case 'mul': return fn('FLOE_DEC_MUL', [left, right, lit(scaleOf(ta)), lit(scaleOf(tb)), lit(s)]);
      case 'div': return fn('FLOE_DEC_DIV', [left, right, lit(s)]);
      case 'mod': return fn('FLOE_DEC_MOD', [left, right, lit(s)]);
    }
  }
  if (kind === 'div') return fn('FLOE_DIV', [left, right]);
  if (kind === 'mod' && (ta?.wire === 'real' || tb?.wire === 'real')) return fn('FLOE_FMOD', [left, right]);
  return { [kind]: { ...payload, left, right } };
}

/** Unary minus: folded into a wide literal, exact for values that may be text. */
export function negateSql(arg: Node, t: Typed, payload: Record<string, unknown>): Node {
  const l = (arg as { literal?: { value: string } }).literal;
  if (isWide(arg) && l) {
    const text = l.value.startsWith('-') ? l.value.slice(1) : '-' + l.value;
    return wideLiteral(text)!.node;
  }
  if (mayBeText(arg, t.type)) return fn('FLOE_DEC_NEG', [arg]);
  return { neg: { ...payload, this: arg } };
}

/** Whether a fixed value may be stored as decimal text (integer columns never are). */
function mayBeText(node: unknown, t: SfType | null): boolean {
  if (!fixed(t)) return false;
  if (isWide(node)) return true;
  const kind = node && typeof node === 'object' ? Object.keys(node)[0] : '';
  if (kind === 'literal') return false;
  return scaleOf(t) > 0 || (kind !== 'column' && (t.precision ?? MAX_P) > DOUBLE_DIGITS);
}

const COMPARISONS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);
export const isComparison = (kind: string): boolean => COMPARISONS.has(kind);

const textOf = (n: Node) => binary('eq', fn('TYPEOF', [n]), lit('text'));

/** A string compared with a number is read as a number (Snowflake's implicit cast). */
function asNumber(n: Node, t: SfType | null, other: SfType | null): Node {
  if ((other?.wire === 'fixed' || other?.wire === 'real') && t?.wire === 'text') return fn('FLOE_NUMERIC', [n]);
  return n;
}

/** `left <op> right`, exact when either side may hold a NUMBER stored as text. */
export function comparisonSql(kind: string, left: Node, right: Node, a: Typed, b: Typed, payload: Record<string, unknown>): Node {
  const l = asNumber(left, a.type, b.type);
  const r = asNumber(right, b.type, a.type);
  const plain: Node = { [kind]: { ...payload, left: l, right: r } };
  const textual = (mayBeText(left, a.type) && (fixed(b.type) || l !== left || r !== right)) || (mayBeText(right, b.type) && fixed(a.type));
  if (!textual) return plain;
  const exact = binary(kind, fn('FLOE_DEC_CMP', [l, r]), lit(0));
  return fn('IIF', [binary('or', textOf(l), textOf(r)), exact, plain]);
}

/** ORDER BY keys of one item: the value, or for values that may be text an exact pair of keys. */
export function orderKeys(item: Record<string, unknown>, t: Typed): Record<string, unknown>[] {
  const x = item.this as Node;
  if (!mayBeText(x, t.type)) return [item];
  const isText = textOf(x);
  return [
    { ...item, this: fn('IIF', [isText, fn('FLOE_DEC_KEY', [x]), x]) },
    { ...item, this: fn('IIF', [isText, fn('FLOE_DEC_RESIDUE', [x]), lit(0)]) },
  ];
}
