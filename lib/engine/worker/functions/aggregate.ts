/**
 * Aggregates SQLite lacks. sql.js cannot register window-capable aggregates, so each is computed
 * by a scalar "final" over SQLite's json_group_array(…) (which works as an aggregate and over any
 * window frame): FLOE_AGG_X(json_group_array(x) [OVER (…)], …). Numbers keep their exact text.
 */
import { compareVariants, fixedVariant, numberFromJs, readVariant, sortedObject, stringifyVariant, VNum, type Variant } from '@/lib/values';
import { udfError } from '../../sqlite-errors';
import { chargeParse } from '../statement-memory';
import { checkValueLength } from './text';
import { toVariant } from './variant-args';
import type { ImplementationSlice } from './util';

export function values(arr: unknown): Variant[] {
  if (arr === null) return [];
  const text = String(arr);
  chargeParse(text);
  const v = readVariant(text);
  return Array.isArray(v) ? v : [];
}

/** A non-NULL element as a number; text that is not one fails as Snowflake's implicit cast does. */
export function numberOf(v: Variant): number {
  // FLOAT's NaN is stored (and so collected) as its text.
  if (v === 'NaN') return NaN;
  const n = v instanceof VNum ? Number(v.text) : Number(v);
  if (Number.isNaN(n) && !(v instanceof VNum)) throw udfError('100038', '22018', `Numeric value '${String(v)}' is not recognized`);
  return n;
}

/** The non-NULL elements as numbers. */
export function numbers(arr: unknown): number[] {
  return values(arr).filter((v) => v !== null && v !== undefined).map(numberOf);
}

/** An element of json_group_array(x) as the stored SQL value it was. */
function sqlValue(v: Variant): unknown {
  if (v instanceof VNum) {
    const n = Number(v.text);
    return Number.isSafeInteger(n) || !/^-?\d+$/.test(v.text) ? n : v.text;
  }
  return v;
}

/** An element as a VARIANT element, by the tag of the aggregated expression's type. */
export function element(tag: string, v: Variant): Variant {
  if (v instanceof VNum) {
    if (tag === 'r') return numberFromJs(Number(v.text), true);
    if (tag === 'b') return v.text !== '0';
    if (tag === 'n') return fixedVariant(v.text);
    return v;
  }
  if (typeof v === 'string') return toVariant(tag, v);
  return v;
}

/**
 * VAR_SAMP / VAR_POP as PostgreSQL computes them (float8_accum, Youngs–Cramer, step for step), so
 * both engines agree to the bit: a sum, and a sum of squares about the running mean, in value order.
 * A sum of squares that overflows from finite values is PostgreSQL's overflow error; an infinite or
 * NaN value makes the answer NaN.
 */
function variance(xs: number[], sample: boolean): number | null {
  let n = 0;
  let sx = 0;
  let sxx = 0;
  for (const x of xs) {
    const before = sx;
    n += 1;
    sx += x;
    if (n > 1) {
      const d = x * n - sx;
      sxx += (d * d) / (n * (n - 1));
      if (Math.abs(sx) === Infinity || Math.abs(sxx) === Infinity) {
        if (Math.abs(before) !== Infinity && Math.abs(x) !== Infinity) throw udfError('100046', '22003', 'Number out of representable range');
        sxx = NaN;
      }
    } else if (!Number.isFinite(x)) sxx = NaN;
  }
  if (n === 0 || (sample && n === 1)) return null;
  return sxx / (sample ? n - 1 : n);
}

/** Ascending, NaN last as Snowflake orders it (a plain a - b leaves NaN, and inf - inf, unordered). */
export const byNumber = (a: number, b: number): number => (a === b ? 0 : Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : Number.isNaN(b) ? -1 : a - b);

/** The value at fraction p of the values in ascending (or descending) order, interpolated between the two nearest (PostgreSQL's percentile_cont). */
export function percentileCont(xs: number[], p: number, descending = false): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort(byNumber);
  if (descending) s.reverse();
  const rn = p * (s.length - 1);
  const lo = Math.floor(rn);
  const hi = Math.ceil(rn);
  return lo === hi ? s[lo] : s[lo] + (rn - lo) * (s[hi] - s[lo]);
}

export function checkFraction(p: unknown): number {
  const n = Number(p);
  if (p === null || !(n >= 0 && n <= 1)) throw udfError('100035', '22023', `Invalid percentile value: ${String(p)}, must be between 0 and 1`);
  return n;
}

export function aggregateFunctions() {
  const spread = (sample: boolean, root: boolean) => (arr: unknown) => {
    const v = variance(numbers(arr), sample);
    return v === null ? null : root ? Math.sqrt(v) : v;
  };

  return {
    FLOE_AGG_MEDIAN: (arr: unknown) => percentileCont(numbers(arr), 0.5),
    FLOE_AGG_PERCENTILE_CONT: (arr: unknown, p: unknown, descending: unknown) => percentileCont(numbers(arr), checkFraction(p), Number(descending) === 1),
    // The values arrive in the WITHIN GROUP order: the first whose cumulative distribution reaches p.
    FLOE_AGG_PERCENTILE_DISC: (arr: unknown, p: unknown) => {
      const f = checkFraction(p);
      const xs = values(arr).filter((v) => v !== null && v !== undefined);
      if (xs.length === 0) return null;
      const i = Math.max(0, Math.ceil(f * xs.length) - 1);
      return sqlValue(xs[i]) as number | string;
    },
    FLOE_AGG_MODE: (arr: unknown) => {
      const counts = new Map<string, { n: number; v: Variant }>();
      let best: { n: number; v: Variant } | null = null;
      for (const v of values(arr)) {
        if (v === null || v === undefined) continue;
        const key = stringifyVariant(v);
        const c = counts.get(key) ?? { n: 0, v };
        c.n++;
        counts.set(key, c);
        if (!best || c.n > best.n) best = c;
      }
      return best ? (sqlValue(best.v) as number | string) : null;
    },
    FLOE_AGG_VAR_SAMP: spread(true, false),
    FLOE_AGG_VAR_POP: spread(false, false),
    FLOE_AGG_STDDEV_SAMP: spread(true, true),
    FLOE_AGG_STDDEV_POP: spread(false, true),
    // BOOLXOR_AGG over a window, of json_group_array(x <> 0): exactly one true value.
    FLOE_AGG_BOOLXOR: (arr: unknown) => {
      const xs = numbers(arr);
      return xs.length === 0 ? null : Number(xs.filter((x) => x !== 0).length === 1);
    },
    // LISTAGG of nothing is the empty string, not NULL.
    FLOE_AGG_LISTAGG: (arr: unknown, sep: unknown) => {
      const parts = values(arr).filter((v) => v !== null && v !== undefined).map((v) => (v instanceof VNum ? v.text : typeof v === 'string' ? v : stringifyVariant(v)));
      const glue = sep === null ? '' : String(sep);
      // Refused by its length before a too-long result is joined.
      checkValueLength(parts.reduce((n, p) => n + p.length, 0) + glue.length * Math.max(0, parts.length - 1));
      return parts.join(glue);
    },
    // DISTINCT over a window (SQLite refuses DISTINCT there): the frame's values, each once, in
    // order; `dropNulls` for COUNT(DISTINCT …).
    FLOE_JSON_DISTINCT: (arr: unknown, dropNulls: unknown) => {
      const seen = new Set<string>();
      const out: Variant[] = [];
      for (const v of values(arr)) {
        if ((v === null || v === undefined) && dropNulls) continue;
        const key = v instanceof VNum ? `n${Number(v.text)}` : stringifyVariant(v ?? null);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(v ?? null);
      }
      return stringifyVariant(out);
    },
    FLOE_AGG_ARRAY: (arr: unknown, tag: unknown) =>
      stringifyVariant(values(arr).filter((v) => v !== null && v !== undefined).map((v) => element(String(tag), v))),
    // OBJECT_AGG over json_group_array(json_array(key, value)).
    FLOE_AGG_OBJECT: (arr: unknown, tag: unknown) => {
      const entries: [string, Variant][] = [];
      for (const pair of values(arr)) {
        if (!Array.isArray(pair) || pair[0] === null || pair[0] === undefined || pair[1] === null || pair[1] === undefined) continue;
        entries.push([String(pair[0] instanceof VNum ? pair[0].text : pair[0]), element(String(tag), pair[1])]);
      }
      return stringifyVariant(sortedObject(entries));
    },
    // MAX_BY / MIN_BY over json_group_array(json_array(key, value)); order -1 = greatest key first.
    FLOE_AGG_EXTREME_BY: (arr: unknown, order: unknown, n: unknown, tag: unknown) => {
      const rows = values(arr).filter((p): p is Variant[] => Array.isArray(p) && p[0] !== null && p[0] !== undefined);
      const sign = Number(order);
      const before = (a: Variant, b: Variant) => sign * compareVariants(a, b) < 0;
      if (n === null) {
        let best: Variant[] | null = null;
        for (const r of rows) if (!best || before(r[0], best[0])) best = r;
        return best ? (sqlValue(best[1] ?? null) as number | string | null) : null;
      }
      const k = Number(n);
      if (!Number.isInteger(k) || k < 0 || k > 1000) throw udfError('100097', '22023', `Invalid number of values to return: ${String(n)}, must be between 0 and 1000`);
      const ordered = rows.map((r, i) => ({ r, i })).sort((a, b) => sign * compareVariants(a.r[0], b.r[0]) || a.i - b.i);
      return stringifyVariant(ordered.slice(0, k).map(({ r }) => (r[1] === null || r[1] === undefined ? undefined : element(String(tag), r[1]))));
    },
    // LAG/LEAD/FIRST_VALUE/LAST_VALUE … IGNORE NULLS over the frame's values.
    FLOE_AGG_NTH_NONNULL: (arr: unknown, n: unknown, fromEnd: unknown) => {
      const xs = values(arr).filter((v) => v !== null && v !== undefined);
      const k = Number(n ?? 1);
      const v = fromEnd === 1 ? xs[xs.length - k] : xs[k - 1];
      return v === undefined ? null : (sqlValue(v) as number | string);
    },
  } satisfies ImplementationSlice;
}
