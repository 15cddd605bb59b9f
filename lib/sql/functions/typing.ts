/**
 * Result types that depend on several arguments: the common type of branches (IFF, NVL,
 * COALESCE, DECODE, GREATEST …) and VARCHAR lengths, following Snowflake's coercion rules.
 */
import { supertype } from '../tree/exact-numeric';
import { asKind, type Node } from '../parse';
import { types, type SfType } from '../types';
import type { Typed } from './types';

const MAX_VARCHAR = 16_777_216;

/** The NULL literal node. */
export const NULL = { null: null };

/** A bare NULL literal: it takes the type of the other branches. */
export const isNullLiteral = (n: unknown): boolean => !!n && typeof n === 'object' && 'null' in n;

/** The value of a number literal argument, or null when the argument is not one. */
export function literalNumber(n: unknown): number | null {
  const l = asKind(n, 'literal');
  return l?.literal_type === 'number' ? Number(l.value) : null;
}

/** Declared length of a VARCHAR type (the maximum when unknown or not text). */
export const lengthOf = (t: SfType | null): number => (t?.wire === 'text' && t.length ? t.length : MAX_VARCHAR);

export const varcharOf = (n: number): SfType => types.varchar(Math.max(1, Math.min(n, MAX_VARCHAR)));

/**
 * The type several values are coerced to when one of them is chosen (NVL, IFF, DECODE,
 * GREATEST …): Snowflake's supertype of the branches, NULL literals not taking part.
 */
export function commonType(args: Typed[], nodes: Node[]): SfType | null {
  const ts = args.filter((_a, i) => !isNullLiteral(nodes[i])).map((a) => a.type);
  if (ts.length === 0) return args.length ? types.varchar() : null;
  return supertype(ts);
}
