/**
 * Exact NUMBER(p,s) arithmetic on scaled integers (value = unscaled / 10^scale), rounding half
 * away from zero as Snowflake does. Values come in their stored form (number, bigint, decimal
 * text) and go back out in it: a number when its shortest text is the exact decimal, else the
 * canonical decimal text (see storedDecimal).
 */
import { parseDecimal, plainNumberString } from './decimal';
import { ValueConversionError } from './errors';

export interface Scaled {
  /** value × 10^scale, exactly. */
  u: bigint;
  scale: number;
}

const P10: bigint[] = [1n];
/** 10^n as a bigint (cached). */
export function pow10n(n: number): bigint {
  // Cached as far as a double's digits reach; larger powers are rare and computed (not kept).
  if (n >= 1100) {
    if (n > 100_000) throw new RangeError(`10^${n} is out of range`);
    return 10n ** BigInt(n);
  }
  while (P10.length <= n) P10.push(P10[P10.length - 1] * 10n);
  return P10[n];
}

/** Largest magnitude a NUMBER(38, s) holds, unscaled: 10^38 - 1. */
const MAX_UNSCALED = pow10n(38);

/** The exact value of a stored number (a double means its shortest decimal text), or null. */
export function scaledOf(v: unknown): Scaled | null {
  if (typeof v === 'bigint') return { u: v, scale: 0 };
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return { u: BigInt(v), scale: 0 };
    if (!Number.isFinite(v)) return null;
  } else if (typeof v === 'boolean') return { u: v ? 1n : 0n, scale: 0 };
  else if (typeof v !== 'string') return null;
  const d = parseDecimal(typeof v === 'number' ? plainNumberString(v) : v);
  if (!d) return null;
  const u = BigInt(d.int + d.frac);
  return { u: d.neg ? -u : u, scale: d.frac.length };
}

/** Like scaledOf, but text that is not a number fails as Snowflake's 100038 does. */
export function requireScaled(v: unknown): Scaled {
  const s = scaledOf(v);
  if (!s) throw new ValueConversionError(`Numeric value '${String(v)}' is not recognized`);
  return s;
}

/** q = n / d rounded half away from zero (d > 0). */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n - q * d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** The unscaled value of x at scale `to` (rounded half away from zero when it shrinks). */
export function rescale(x: Scaled, to: number): bigint {
  if (to >= x.scale) return x.u * pow10n(to - x.scale);
  return divRound(x.u, pow10n(x.scale - to));
}

/** Decimal text of u / 10^scale without trailing fraction zeros ('-1.5', '12'). */
export function scaledText(u: bigint, scale: number): string {
  const neg = u < 0n;
  let digits = (neg ? -u : u).toString();
  if (scale > 0) {
    if (digits.length <= scale) digits = '0'.repeat(scale - digits.length + 1) + digits;
    const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
    const int = digits.slice(0, digits.length - scale);
    digits = frac ? `${int}.${frac}` : int;
  }
  return neg && digits !== '0' ? '-' + digits : digits;
}

/**
 * Stored form of an exact value: a number when the double prints back as exactly this decimal
 * (SQLite compares, sorts and sums those natively), else the decimal text, which no SQLite
 * conversion touches (fixed columns with a scale have no affinity).
 */
export function storedDecimal(u: bigint, scale: number): number | string {
  // Integers: a number while exact, else text (as a NUMBER(38,0) column stores beyond int64).
  if (scale === 0) return u >= -9007199254740991n && u <= 9007199254740991n ? Number(u) : u.toString();
  const text = scaledText(u, scale);
  const n = Number(text);
  return plainNumberString(n) === text ? (n === 0 ? 0 : n) : text;
}

function outOfRange(u: bigint, scale: number): never {
  throw new ValueConversionError(`Number out of representable range: type FIXED[SB16](38,${scale}){nullable=true}, value ${scaledText(u, scale)}`);
}

/** Stored form of u at `scale`, failing beyond 38 digits as Snowflake does. */
export function checkedDecimal(u: bigint, scale: number): number | string {
  if (u >= MAX_UNSCALED || u <= -MAX_UNSCALED) outOfRange(u, scale);
  return storedDecimal(u, scale);
}

export function decAdd(a: Scaled, b: Scaled, scale: number, negateB = false): number | string {
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return checkedDecimal(negateB ? x - y : x + y, scale);
}

export function decMul(a: Scaled, b: Scaled, scale: number): number | string {
  return checkedDecimal(rescale({ u: a.u * b.u, scale: a.scale + b.scale }, scale), scale);
}

/** a / b at `scale`; null when b is zero (callers raise Snowflake's error). */
export function decDiv(a: Scaled, b: Scaled, scale: number): number | string | null {
  if (b.u === 0n) return null;
  // a/b = (ua / 10^sa) / (ub / 10^sb): scale it so that the quotient has `scale` digits.
  let num = a.u * pow10n(scale + b.scale);
  let den = b.u * pow10n(a.scale);
  if (den < 0n) { num = -num; den = -den; }
  return checkedDecimal(divRound(num, den), scale);
}

/** Remainder with the sign of the dividend (Snowflake's MOD); null when b is zero. */
export function decMod(a: Scaled, b: Scaled, scale: number): number | string | null {
  if (b.u === 0n) return null;
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return checkedDecimal(x % y, scale);
}

export function decCompare(a: Scaled, b: Scaled): number {
  const s = Math.max(a.scale, b.scale);
  const x = rescale(a, s);
  const y = rescale(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}

export type RoundMode = 'half_away' | 'half_even' | 'trunc' | 'floor' | 'ceil';

/** x rounded to `digits` fraction digits (negative: to tens, hundreds…), at scale max(digits, 0). */
export function decRound(x: Scaled, digits: number, mode: RoundMode): Scaled {
  // Rounding to as many digits as it has, or more, leaves a value as it is.
  if (digits >= x.scale || x.u === 0n) return x;
  const neg = x.u < 0n;
  // A unit ten times the value or more: the answer is 0 or one unit, whatever the digits (no
  // need for 10^(scale - digits), which a huge argument would make huge).
  if (x.scale - digits > String(neg ? -x.u : x.u).length + 1) {
    const away = mode === 'ceil' ? !neg : mode === 'floor' && neg;
    return away ? { u: (neg ? -1n : 1n) * pow10n(Math.max(-digits, 0)), scale: Math.max(digits, 0) } : { u: 0n, scale: Math.max(digits, 0) };
  }
  const d = pow10n(x.scale - digits);
  let q = x.u / d;
  const r = x.u - q * d;
  if (r !== 0n) {
    const twice = (neg ? -r : r) * 2n;
    switch (mode) {
      case 'half_away': if (twice >= d) q += neg ? -1n : 1n; break;
      case 'half_even': if (twice > d || (twice === d && q % 2n !== 0n)) q += neg ? -1n : 1n; break;
      case 'floor': if (neg) q -= 1n; break;
      case 'ceil': if (!neg) q += 1n; break;
      case 'trunc': break;
    }
  }
  // Negative digits: q counts units of 10^-digits; bring it back to whole units.
  return digits < 0 ? { u: q * pow10n(-digits), scale: 0 } : { u: q, scale: digits };
}
