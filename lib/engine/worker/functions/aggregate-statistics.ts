/**
 * Finals of the statistical aggregates (lib/sql/functions/aggregate-statistics.ts) over
 * json_group_array: KURTOSIS and SKEW of values, CORR / COVAR_* / REGR_* of [y, x] pairs, and
 * APPROX_PERCENTILE. Doubles throughout, as Snowflake computes them.
 */
import type { Variant } from '@/lib/values';
import { checkFraction, numberOf, numbers, percentileCont, values } from './aggregate';
import type { ImplementationSlice } from './util';

/** Sums of the powers 2..4 of the deviations from the mean (two passes: stable for large means). */
function centralSums(xs: number[]): { n: number; s2: number; s3: number; s4: number } {
  const n = xs.length;
  const mean = xs.reduce((a, x) => a + x, 0) / n;
  let s2 = 0, s3 = 0, s4 = 0;
  for (const x of xs) {
    const d = x - mean;
    const d2 = d * d;
    s2 += d2;
    s3 += d2 * d;
    s4 += d2 * d2;
  }
  return { n, s2, s3, s4 };
}

/** Sample excess kurtosis (Snowflake's formula, k2 the unbiased variance); NULL below 4 values or without spread. */
function kurtosis(xs: number[]): number | null {
  if (xs.length < 4) return null;
  const { n, s2, s4 } = centralSums(xs);
  const k2 = s2 / (n - 1);
  if (k2 === 0) return null;
  return (n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3)) * (s4 / (k2 * k2)) - (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
}

/** Sample skewness n²/((n-1)(n-2)) · m3 / k2^1.5; NULL below 3 values or without spread. */
function skew(xs: number[]): number | null {
  if (xs.length < 3) return null;
  const { n, s2, s3 } = centralSums(xs);
  const k2 = s2 / (n - 1);
  if (k2 === 0) return null;
  return (n * n) / ((n - 1) * (n - 2)) * (s3 / n) / k2 ** 1.5;
}

interface PairSums { n: number; avgx: number; avgy: number; sxx: number; syy: number; sxy: number }

/** The pairs where both values are present, summed about their means. */
function pairSums(arr: unknown): PairSums {
  const pairs = values(arr).filter((p): p is Variant[] => Array.isArray(p) && p[0] != null && p[1] != null)
    .map((p) => [numberOf(p[0]), numberOf(p[1])] as const);
  const n = pairs.length;
  const avgy = pairs.reduce((a, [y]) => a + y, 0) / n;
  const avgx = pairs.reduce((a, [, x]) => a + x, 0) / n;
  let sxx = 0, syy = 0, sxy = 0;
  for (const [y, x] of pairs) {
    sxx += (x - avgx) ** 2;
    syy += (y - avgy) ** 2;
    sxy += (x - avgx) * (y - avgy);
  }
  return { n, avgx, avgy, sxx, syy, sxy };
}

const slope = (m: PairSums) => (m.sxx === 0 ? null : m.sxy / m.sxx);

/** Each pair aggregate over at least one pair (none: NULL). A zero variance leaves slopes and correlations undefined: NULL. */
const PAIR_STATISTICS: Record<string, (m: PairSums) => number | null> = {
  CORR: (m) => (m.sxx === 0 || m.syy === 0 ? null : m.sxy / Math.sqrt(m.sxx * m.syy)),
  COVAR_POP: (m) => m.sxy / m.n,
  COVAR_SAMP: (m) => (m.n < 2 ? null : m.sxy / (m.n - 1)),
  REGR_AVGX: (m) => m.avgx,
  REGR_AVGY: (m) => m.avgy,
  REGR_SLOPE: slope,
  REGR_INTERCEPT: (m) => { const b = slope(m); return b === null ? null : m.avgy - b * m.avgx; },
  REGR_R2: (m) => (m.sxx === 0 ? null : m.syy === 0 ? 1 : (m.sxy * m.sxy) / (m.sxx * m.syy)),
  REGR_SXX: (m) => m.sxx,
  REGR_SYY: (m) => m.syy,
  REGR_SXY: (m) => m.sxy,
};

export function statisticalAggregates() {
  const pairStatistic = (statistic: (m: PairSums) => number | null) => (arr: unknown) => {
    const m = pairSums(arr);
    return m.n === 0 ? null : statistic(m);
  };

  return {
    FLOE_AGG_KURTOSIS: (arr: unknown) => kurtosis(numbers(arr)),
    FLOE_AGG_SKEW: (arr: unknown) => skew(numbers(arr)),
    FLOE_AGG_COVAR_SAMP: pairStatistic(PAIR_STATISTICS.COVAR_SAMP),
    FLOE_AGG_COVAR_POP: pairStatistic(PAIR_STATISTICS.COVAR_POP),
    FLOE_AGG_CORR: pairStatistic(PAIR_STATISTICS.CORR),
    FLOE_AGG_REGR_AVGX: pairStatistic(PAIR_STATISTICS.REGR_AVGX),
    FLOE_AGG_REGR_AVGY: pairStatistic(PAIR_STATISTICS.REGR_AVGY),
    FLOE_AGG_REGR_SLOPE: pairStatistic(PAIR_STATISTICS.REGR_SLOPE),
    FLOE_AGG_REGR_INTERCEPT: pairStatistic(PAIR_STATISTICS.REGR_INTERCEPT),
    FLOE_AGG_REGR_R2: pairStatistic(PAIR_STATISTICS.REGR_R2),
    FLOE_AGG_REGR_SXX: pairStatistic(PAIR_STATISTICS.REGR_SXX),
    FLOE_AGG_REGR_SYY: pairStatistic(PAIR_STATISTICS.REGR_SYY),
    FLOE_AGG_REGR_SXY: pairStatistic(PAIR_STATISTICS.REGR_SXY),
    FLOE_AGG_APPROX_PERCENTILE: (arr: unknown, p: unknown) => percentileCont(numbers(arr), checkFraction(p)),
  } satisfies ImplementationSlice;
}
