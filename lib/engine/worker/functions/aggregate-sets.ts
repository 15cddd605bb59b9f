/**
 * Finals of the set aggregates (lib/sql/functions/aggregate-sets.ts) over json_group_array:
 * BITAND/BITOR/BITXOR_AGG, HASH_AGG, ARRAY_UNIQUE_AGG, ARRAY_UNION_AGG, ARRAY_SUM, and the change count
 * of CONDITIONAL_CHANGE_EVENT.
 */
import { compareVariants, numberFromJs, stringifyVariant, VNum, type Variant } from '@/lib/values';
import { udfError } from '../../sqlite-errors';
import { decRound, scaledOf, storedDecimal } from '@/lib/values/decimal-math';
import { element, numberOf, values } from './aggregate';
import { mix64 } from './numeric';
import type { ImplementationSlice } from './util';

const present = (v: Variant): boolean => v !== null && v !== undefined;

/** A value rounded half away from zero to a 64-bit integer; null for text that is no number (Snowflake skips it). */
function int64Of(v: Variant): bigint | null {
  const s = scaledOf(v instanceof VNum ? v.text : v);
  return s ? BigInt.asIntN(64, decRound(s, 0, 'half_away').u) : null;
}

const BITWISE: Record<string, (a: bigint, b: bigint) => bigint> = {
  BITAND: (a, b) => a & b,
  BITOR: (a, b) => a | b,
  BITXOR: (a, b) => a ^ b,
};

/** Occurrences of each element of an array by its canonical text, first appearance first. */
function tally(xs: Variant[]): Map<string, { v: Variant; n: number }> {
  const out = new Map<string, { v: Variant; n: number }>();
  for (const v of xs) {
    if (v === undefined) continue;
    const key = stringifyVariant(v);
    const t = out.get(key) ?? { v, n: 0 };
    t.n++;
    out.set(key, t);
  }
  return out;
}

export function setAggregates() {
  const bitwise = (op: (a: bigint, b: bigint) => bigint) => (arr: unknown) => {
    const ints = values(arr).filter(present).map(int64Of).filter((n): n is bigint => n !== null);
    return ints.length === 0 ? null : storedDecimal(ints.reduce(op), 0);
  };

  return {
    FLOE_AGG_BITAND: bitwise(BITWISE.BITAND),
    FLOE_AGG_BITOR: bitwise(BITWISE.BITOR),
    FLOE_AGG_BITXOR: bitwise(BITWISE.BITXOR),
    // Each row's HASH mixed again and added: the sum does not depend on the rows' order.
    FLOE_AGG_HASH: (arr: unknown) => {
      let h = 0n;
      for (const v of values(arr)) h = BigInt.asUintN(64, h + mix64(BigInt(v instanceof VNum ? v.text : String(v))));
      return storedDecimal(BigInt.asIntN(64, h), 0);
    },
    FLOE_AGG_UNIQUE: (arr: unknown, tag: unknown) =>
      stringifyVariant([...tally(values(arr).filter(present).map((v) => element(String(tag), v))).values()].map((t) => t.v)),
    // Multiset union: each value as often as the one input array holding it most often.
    FLOE_AGG_UNION: (arr: unknown, tag: unknown) => {
      const most = new Map<string, { v: Variant; n: number }>();
      for (const a of values(arr).filter(present).map((v) => element(String(tag), v))) {
        if (!Array.isArray(a)) continue;
        for (const [key, t] of tally(a)) if ((most.get(key)?.n ?? 0) < t.n) most.set(key, t);
      }
      return stringifyVariant([...most.values()].flatMap((t) => Array<Variant>(t.n).fill(t.v)));
    },
    // ARRAY_SUM: position by position over the non-NULL arrays (a NULL element adds nothing);
    // NULL when there are none; arrays of another length fail as Snowflake's do.
    FLOE_AGG_ARRAY_SUM: (arr: unknown, tag: unknown) => {
      let sums: number[] | null = null;
      for (const a of values(arr).filter(present).map((v) => element(String(tag), v))) {
        if (!Array.isArray(a)) continue;
        sums ??= a.map(() => 0);
        if (a.length !== sums.length) throw udfError('100097', '22023', `Input to ARRAY_SUM has mismatched lengths: expected ${sums.length} but got ${a.length}`);
        a.forEach((x, i) => { if (present(x)) sums![i] += numberOf(x); });
      }
      return sums === null ? null : stringifyVariant(sums.map((n) => numberFromJs(n, true)));
    },
    // CONDITIONAL_CHANGE_EVENT over the frame so far: adjacent values that differ, both present.
    FLOE_AGG_CHANGES: (arr: unknown) => {
      const xs = values(arr);
      let n = 0;
      for (let i = 1; i < xs.length; i++) if (present(xs[i - 1]) && present(xs[i]) && compareVariants(xs[i - 1], xs[i]) !== 0) n++;
      return n;
    },
  } satisfies ImplementationSlice;
}
