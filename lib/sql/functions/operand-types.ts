/**
 * What arithmetic takes, as Snowflake types it. + and - with a DATE or TIMESTAMP operand: DATE ± n
 * and TIMESTAMP ± n add n days (n + DATE too), DATE - DATE is the number of days between them.
 * Numbers, and strings and VARIANTs read as numbers, take every operator; BOOLEAN, BINARY, ARRAY,
 * OBJECT and any other pairing with a DATE, TIME or TIMESTAMP are refused as Snowflake refuses
 * them. SQLite would read any of them as a number: a date's text as its year (DATE '2024-03-01' -
 * 1 was 2023), 'abc' as 0, TRUE as 1.
 */
import { makeNode, type Node } from '../parse';
import { sqlErrors } from '../errors';
import { types, type SfType } from '../types';
import type { Typed } from '.';
import { temporalKindOf } from './value-kinds';
import { engineFn, lit, paren } from '../tree/ast';
import { castTo } from '../tree/convert';
import type { ArithmeticKind } from '../tree/exact-numeric';

const TEMPORAL = new Set(['date', 'time', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz']);
/** What may stand for a number of days: numbers, and what the engine reads as one (text, VARIANT, NULL). */
const DAY_COUNT = new Set(['fixed', 'real', 'text', 'variant']);

const isTemporal = (t: SfType | null): boolean => !!t && TEMPORAL.has(t.wire);
const isDayCount = (t: SfType | null): boolean => !t || DAY_COUNT.has(t.wire);
/** Dates and timestamps take days; a TIME does not. */
const takesDays = (t: SfType | null): t is SfType => isTemporal(t) && t!.wire !== 'time';

const SYMBOL: Record<ArithmeticKind, string> = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' };

/** `x` plus `days` days, in x's type. */
const plusDays = (x: Node, t: SfType, days: Node): Node => {
  const k = temporalKindOf(t);
  return engineFn('FLOE_DATEADD', [lit('day'), days, x, lit(k), lit(k)]);
};

/**
 * The SQLite form and type of `left <kind> right` when an operand is a DATE, TIME or TIMESTAMP;
 * null when neither is. Throws Snowflake's invalid-argument-types error for what it refuses.
 */
export function temporalArithmetic(kind: ArithmeticKind, left: Node, right: Node, a: Typed, b: Typed): { node: Node; type: SfType } | null {
  const [ta, tb] = [a.type, b.type];
  if (!isTemporal(ta) && !isTemporal(tb)) return null;
  if (kind === 'add' && takesDays(ta) && isDayCount(tb)) return { node: plusDays(left, ta, right), type: ta };
  if (kind === 'add' && takesDays(tb) && isDayCount(ta)) return { node: plusDays(right, tb, left), type: tb };
  if (kind === 'sub' && takesDays(ta) && isDayCount(tb)) return { node: plusDays(left, ta, makeNode('neg', { this: paren(right) })), type: ta };
  if (kind === 'sub' && ta?.wire === 'date' && tb?.wire === 'date') {
    return { node: engineFn('FLOE_DATEDIFF', [lit('day'), right, lit('DATE'), left, lit('DATE')]), type: types.number(9, 0) };
  }
  throw sqlErrors.invalidArgumentTypes(SYMBOL[kind], [ta, tb]);
}

/** Types no arithmetic takes: Snowflake refuses them at compile time. */
const NOT_NUMBERS = new Set(['boolean', 'binary', 'array', 'object', ...TEMPORAL]);

/** Fails unless every operand of `symbol` (an operator, or a number function's name) can be a number. */
export function requireNumbers(symbol: string, operandTypes: (SfType | null)[]): void {
  if (operandTypes.some((t) => t && NOT_NUMBERS.has(t.wire))) throw sqlErrors.invalidArgumentTypes(symbol, operandTypes);
}

/**
 * An operand as the number it is read as: a string strictly ('abc' is Snowflake's "Numeric value
 * 'abc' is not recognized", where SQLite would read 0), a VARIANT cast to FLOAT (an object is an
 * error, not 0), as number functions take them. Numbers are left as they are.
 */
export function numericOperand(x: Node, t: SfType | null): Node {
  if (t?.wire === 'text') return engineFn('FLOE_NUMERIC', [x]);
  return t?.wire === 'variant' ? castTo(x, t, types.float()) : x;
}

/** The type an operand computes as (numericOperand): a VARIANT as a FLOAT. */
export const operandType = (t: SfType | null): SfType | null => (t?.wire === 'variant' ? types.float() : t);

export { SYMBOL as OPERATOR_SYMBOL };
