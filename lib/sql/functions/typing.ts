/**
 * Result types that depend on several arguments: the common type of branches (IFF, NVL,
 * COALESCE, CASE, DECODE, GREATEST …), VARCHAR lengths and the scale of a division, following
 * Snowflake's coercion and arithmetic rules.
 */
import type { Node } from '../parse';
import { types, type SfType } from '../types';
import type { Typed } from './types';

const MAX_VARCHAR = 16_777_216;

/** The NULL literal node. */
export const NULL = { null: null };

/** A bare NULL literal: it takes the type of the other branches. */
export const isNullLiteral = (n: unknown): boolean => !!n && typeof n === 'object' && 'null' in (n as object);

/** The value of a number literal argument, or null when the argument is not one. */
export function literalNumber(n: unknown): number | null {
  const l = (n as { literal?: { literal_type: string; value: string } } | null)?.literal;
  return l?.literal_type === 'number' ? Number(l.value) : null;
}

/** Declared length of a VARCHAR type (the maximum when unknown or not text). */
export const lengthOf = (t: SfType | null): number => (t?.wire === 'text' && t.length ? t.length : MAX_VARCHAR);

export const varcharOf = (n: number): SfType => types.varchar(Math.max(1, Math.min(n, MAX_VARCHAR)));

/**
 * The type several values are coerced to when one of them is chosen: numbers widen to hold
 * every integer part and scale, a FLOAT makes the result FLOAT, strings take the longest length.
 * NULL literals do not take part; otherwise the first typed branch decides.
 */
export function commonType(args: Typed[], nodes: Node[]): SfType | null {
  const ts = args.filter((_a, i) => !isNullLiteral(nodes[i])).map((a) => a.type);
  if (ts.length === 0) return args.length ? types.varchar() : null;
  if (ts.some((t) => t === null)) return ts.find((t) => t !== null) ?? null;
  const known = ts as SfType[];
  if (known.every((t) => t.wire === 'fixed' || t.wire === 'real')) {
    if (known.some((t) => t.wire === 'real')) return types.float();
    const scale = Math.max(...known.map((t) => t.scale ?? 0));
    const intDigits = Math.max(...known.map((t) => (t.precision ?? 38) - (t.scale ?? 0)));
    return types.number(Math.min(38, intDigits + scale), scale);
  }
  if (known.every((t) => t.wire === 'text')) return varcharOf(Math.max(...known.map(lengthOf)));
  if (known.every((t) => t.wire === known[0].wire)) {
    const withScale = known.filter((t) => t.scale !== null);
    return withScale.length ? withScale.reduce((a, b) => ((b.scale ?? 0) > (a.scale ?? 0) ? b : a)) : known[0];
  }
  return known[0];
}

/** Snowflake's division: scale max(s1, min(s1 + 6, 12)), FLOAT when either side is FLOAT. */
export function divisionType(a: SfType | null, b: SfType | null): SfType {
  if (a?.wire === 'real' || b?.wire === 'real') return types.float();
  const s1 = a?.scale ?? 0;
  const scale = Math.max(s1, Math.min(s1 + 6, 12));
  const intDigits = (a?.precision ?? 38) - s1 + (b?.scale ?? 0);
  return types.number(Math.min(38, intDigits + scale), scale);
}
