/**
 * + and - with a DATE or TIMESTAMP operand, as Snowflake types them: DATE ± n and TIMESTAMP ± n
 * add n days (n + DATE too), DATE - DATE is the number of days between them. Any other operator
 * or pairing with a DATE, TIME or TIMESTAMP operand is refused as Snowflake refuses it: SQLite
 * would read the stored text as its leading number (DATE '2024-03-01' - 1 was 2023).
 */
import { makeNode, type Node } from '../parse';
import { sqlErrors } from '../errors';
import { types, type SfType } from '../types';
import type { Typed } from '../functions';
import { temporalKindOf } from '../functions/value-kinds';
import { fn, lit, paren } from './ast';
import type { ArithmeticKind } from './exact-numeric';

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
  return fn('FLOE_DATEADD', [lit('day'), days, x, lit(k), lit(k)]);
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
    return { node: fn('FLOE_DATEDIFF', [lit('day'), right, lit('DATE'), left, lit('DATE')]), type: types.number(9, 0) };
  }
  throw sqlErrors.invalidArgumentTypes(SYMBOL[kind], [ta, tb]);
}
