/**
 * Numeric functions. Fixed-point (NUMBER) arguments arrive in their stored form — a double
 * whose shortest text is the exact value, or decimal text (lib/values/decimal-math) — and
 * results go back in that form; FLOAT functions work on doubles.
 */
import {
  checkedDecimal, decAdd, decCompare, decDiv, decMod, decMul, decRound, divRound, pow10n, requireScaled, rescale, scaledOf, scaledText,
  storedDecimal, type RoundMode, type Scaled,
} from '@/lib/values/decimal-math';
import { readVariant, toReal, VNum } from '@/lib/values';
import { udfError } from '../../sqlite-errors';
import { converting, variadic, type FunctionContext, type ImplementationSlice } from './util';
import { hashUint32Extended } from './lookup3';
import { checkValueLength } from './text';

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const SAFE = 2 ** 52;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

const divisionByZero = () => udfError('100051', '22012', 'Division by zero');

const NON_FINITE = /^\s*(nan|[+-]?inf(inity)?)\s*$/i;

/** A double argument (FLOAT functions); text is parsed as Snowflake's implicit cast does. */
function dbl(v: unknown): number {
  if (typeof v === 'number') return v;
  // FLOAT's NaN is stored as its text; 'inf' and the like are FLOAT text too.
  if (typeof v === 'string' && NON_FINITE.test(v)) return toReal(v);
  const n = Number(v);
  if (typeof v === 'string' && (v.trim() === '' || Number.isNaN(n))) throw udfError('100038', '22018', `Numeric value '${v}' is not recognized`);
  return n;
}

/** value × 10^s as an exact integer when a double can hold it (the fast path), else NaN. */
function scaledInt(v: unknown, s: number): number {
  if (typeof v !== 'number' || s >= POW10.length) return NaN;
  const x = v * POW10[s];
  const r = Math.round(x);
  return Math.abs(r) < SAFE ? r : NaN;
}

const exact = (v: unknown): Scaled => requireScaled(v);

/** Integers as JS numbers (the engine hands INTEGERs over as doubles). */
function int(v: unknown, what = 'argument'): number {
  const n = dbl(v);
  if (!Number.isInteger(n)) throw udfError('100097', '22023', `Invalid ${what}: ${String(v)}`);
  return n;
}

/** Snowflake hands a bigint-sized integer back as text: sql.js would turn a bigint into NULL. */
function bigintResult(v: bigint): number | string {
  return storedDecimal(v, 0);
}

/** A 64-bit argument of the bit functions. */
function int64(v: unknown): bigint {
  const s = exact(v);
  if (s.scale > 0 && s.u % 10n ** BigInt(s.scale) !== 0n) throw udfError('100097', '22023', `Invalid argument for bitwise function: ${String(v)}`);
  return BigInt.asIntN(64, s.u / 10n ** BigInt(s.scale));
}

/** ROUND/TRUNC/FLOOR/CEIL's digits; below -400 every answer is 0 or beyond any NUMBER or FLOAT alike. */
const roundingDigits = (digits: unknown): number => Math.max(int(digits, 'scale'), -400);

function roundFixed(mode: RoundMode) {
  return converting((v: unknown, digits: unknown): number | string | null => {
    if (v === null || digits === null) return null;
    const r = decRound(exact(v), roundingDigits(digits), mode);
    return checkedDecimal(r.u, r.scale);
  });
}

interface SumState { n: number; big: bigint; scale: number }
/** The non-NULL values of a json_group_array: decimal text, or numbers by their exact JSON text. */
function jsonValues(arr: unknown): string[] {
  if (arr === null || arr === '[]') return [];
  const v = readVariant(String(arr));
  if (!Array.isArray(v)) return [];
  return v.filter((e) => e !== null && e !== undefined).map((e) => (e instanceof VNum ? e.text : String(e)));
}

interface AvgState extends SumState { count: number; out: number }
interface Extreme { v: unknown; x: Scaled | null }

/** Adds a non-null value at scale k to an exact sum: plain numbers while safe, a bigint beyond. */
function sumStep(st: SumState, v: unknown, k: number): SumState {
  st.scale = k;
  const x = scaledInt(v, k);
  if (x === x) {
    st.n += x;
    if (Math.abs(st.n) >= SAFE) { st.big += BigInt(st.n); st.n = 0; }
    return st;
  }
  const e = scaledOf(v);
  if (!e) throw udfError('100038', '22018', `Numeric value '${String(v)}' is not recognized`);
  st.big += e.scale <= k ? e.u * 10n ** BigInt(k - e.scale) : e.u / 10n ** BigInt(e.scale - k);
  return st;
}

/** An aggregate's result: its overflow as Snowflake's error, not as an internal one. */
function checkedDecimalOrError(u: bigint, scale: number): number | string {
  try {
    return checkedDecimal(u, scale);
  } catch (e) {
    throw udfError('100046', '22003', (e as Error).message);
  }
}

/** FLOAT rounding as Snowflake does it: on the value as it prints, half away from zero. */
function roundFloat(mode: RoundMode) {
  return (v: unknown, digits: unknown): number | null => {
    if (v === null || digits === null) return null;
    const x = dbl(v);
    if (!Number.isFinite(x)) return x;
    const s = scaledOf(x);
    if (!s) return x;
    const r = decRound(s, roundingDigits(digits), mode);
    return Number(scaledText(r.u, r.scale));
  };
}

/** splitmix64 step: the generator behind RANDOM(seed). */
export function mix64(x: bigint): bigint {
  let z = BigInt.asUintN(64, x + 0x9e3779b97f4a7c15n);
  z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
  z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
  return z ^ (z >> 31n);
}

/** The 64-bit seed of a generator value (UNIFORM/NORMAL/RANDSTR's `gen`): a number's digits, else a hash of its text. */
function seedOf(gen: unknown): bigint {
  const s = scaledOf(gen);
  return s ? s.u : BigInt(hashText(String(gen)));
}

/**
 * A fraction in [0, 1): the top 53 bits of hash `k` of a seed (its low 64 bits key
 * PostgreSQL's hashint8extended, lookup3.ts: a built-in C function on that engine).
 */
const fractionAt = (k: number, seed: bigint): number => Number(hashUint32Extended(k, seed) >> 11n) / 2 ** 53;

/** A fraction in [0, 1) drawn from a generator value (UNIFORM; NORMAL's first). */
function fractionOf(gen: unknown): number {
  return fractionAt(0, seedOf(gen));
}

const RANDSTR_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDSTR_DIGITS_PER_CHUNK = 8;

/**
 * RANDSTR: `length` characters of [0-9A-Za-z], a function of the generator value alone. The
 * seed's low 64 bits key a hash of the chunk number (0, 1, …; PostgreSQL's hashint8extended, a
 * built-in there), and each chunk gives eight characters: the base-62 digits of the hash's top 60
 * bits, lowest first (the eighth digit's bias is below 0.02 %).
 */
function randomString(length: number, gen: unknown): string {
  const seed = seedOf(gen);
  let out = '';
  for (let chunk = 0; out.length < length; chunk++) {
    let v = hashUint32Extended(chunk, seed) >> 4n;
    for (let j = 0; j < RANDSTR_DIGITS_PER_CHUNK && out.length < length; j++) {
      out += RANDSTR_ALPHABET[Number(v % 62n)];
      v /= 62n;
    }
  }
  return out;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** HAVERSINE: the great-circle distance in kilometres between two points given in degrees. */
function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}

/** FNV-1a 64 over text: HASH's deterministic 64-bit value (signed, as Snowflake's is). */
function hashText(text: string): bigint {
  let h = 0xcbf29ce484222325n;
  const bytes = Buffer.from(text, 'utf8');
  for (const b of bytes) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
  return BigInt.asIntN(64, mix64(h));
}

/** Canonical text of one HASH argument: equal values hash equally whatever their storage. */
function hashPart(v: unknown): string {
  if (v === null) return '\u0000';
  if (v instanceof Uint8Array) return 'b' + Buffer.from(v).toString('hex');
  if (typeof v === 'number' || typeof v === 'bigint') {
    const s = scaledOf(v);
    return s ? 'n' + scaledText(s.u, s.scale) : 'f' + String(v);
  }
  return 's' + String(v);
}

export function numericFunctions(ctx: FunctionContext) {
  // RANDOM(seed): a sequence that starts again from the seed in each statement.
  const seeded = new Map<string, bigint>();
  let seededFor = -1;

  /** A FLOAT function of one argument; NULL for NULL. */
  const unary = (f: (x: number) => number) => (v: unknown) => (v === null ? null : f(dbl(v)));

  const bit2 = (f: (a: bigint, b: bigint) => bigint) =>
    converting((a: unknown, b: unknown) => (a === null || b === null ? null : bigintResult(BigInt.asIntN(64, f(int64(a), int64(b))))));
  // Past 64 places every 64-bit answer is the same: the bound keeps a huge count from making a huge bigint.
  const places = (n: bigint) => (n > 64n ? 64n : n < -64n ? -64n : n);
  // GREATEST/LEAST of NUMBER values, exactly; NULL when any argument is NULL. Arguments may come
  // as text (CAST(x AS TEXT) of a wide integer): the answer is in the stored form again (a number
  // when exact), or it would sort after every number.
  const pick = (sign: number) => variadic(converting((...vs: unknown[]) => {
    let bx: Scaled | null = null;
    for (const v of vs) {
      if (v === null) return null;
      const x = exact(v);
      if (bx === null || decCompare(x, bx) * sign > 0) bx = x;
    }
    return bx === null ? null : storedDecimal(bx.u, bx.scale);
  }));
  // MIN/MAX of the text-stored NUMBER values of a group, compared exactly.
  const extreme = (sign: number) => ({
    init: (): Extreme => ({ v: null, x: null }),
    step: (st: Extreme, v: unknown) => {
      if (v === null) return st;
      const x = exact(v);
      if (st.x === null || decCompare(x, st.x) * sign > 0) { st.v = v; st.x = x; }
      return st;
    },
    finalize: (st: Extreme) => st.v,
  });

  return {
    FLOE_RANDOM: variadic(() => {
      // A 32-bit xorshift step of the statement seed (deterministic per statement: a journal
      // replay draws the same values), spread over 64 bits: Snowflake's RANDOM() is a signed
      // 64-bit integer, negative as often as not.
      let x = (ctx.pins.seed = (ctx.pins.seed ^ (ctx.pins.seed << 13)) >>> 0);
      x ^= x >>> 17;
      x ^= x << 5;
      ctx.pins.seed = x >>> 0;
      return bigintResult(BigInt.asIntN(64, mix64(BigInt(ctx.pins.seed))));
    }),
    FLOE_RANDOM_SEEDED: (seed: unknown) => {
      if (seededFor !== ctx.pins.nowMs) { seeded.clear(); seededFor = ctx.pins.nowMs; }
      const key = String(seed);
      const next = mix64(seeded.get(key) ?? BigInt(int(seed, 'seed')));
      seeded.set(key, next);
      return bigintResult(BigInt.asIntN(64, next));
    },

    // Exact fixed-point arithmetic: (a, b, result scale) and the operands' scales for * and /.
    FLOE_DEC_ADD: converting((a: unknown, b: unknown, s: unknown) => {
      if (a === null || b === null) return null;
      const sc = s as number;
      const x = scaledInt(a, sc);
      const y = scaledInt(b, sc);
      if (x === x && y === y && Math.abs(x + y) < 1e15) return (x + y) / POW10[sc];
      return decAdd(exact(a), exact(b), sc);
    }),
    FLOE_DEC_SUB: converting((a: unknown, b: unknown, s: unknown) => {
      if (a === null || b === null) return null;
      const sc = s as number;
      const x = scaledInt(a, sc);
      const y = scaledInt(b, sc);
      if (x === x && y === y && Math.abs(x - y) < 1e15) return (x - y) / POW10[sc];
      return decAdd(exact(a), exact(b), sc, true);
    }),
    FLOE_DEC_MUL: converting((a: unknown, b: unknown, sa: unknown, sb: unknown, s: unknown) => {
      if (a === null || b === null) return null;
      const [ka, kb, k] = [sa as number, sb as number, s as number];
      const x = scaledInt(a, ka);
      const y = scaledInt(b, kb);
      if (x === x && y === y && k === ka + kb && Math.abs(x * y) < 1e15) return (x * y) / POW10[k];
      return decMul(exact(a), exact(b), k);
    }),
    FLOE_DEC_DIV: converting((a: unknown, b: unknown, s: unknown) => {
      if (a === null || b === null) return null;
      const r = decDiv(exact(a), exact(b), s as number);
      if (r === null) throw divisionByZero();
      return r;
    }),
    FLOE_DEC_MOD: converting((a: unknown, b: unknown, s: unknown) => {
      if (a === null || b === null) return null;
      const r = decMod(exact(a), exact(b), s as number);
      if (r === null) throw divisionByZero();
      return r;
    }),
    // A string compared with a NUMBER: read as a number, exactly.
    FLOE_NUMERIC: converting((a: unknown) => {
      if (a === null || typeof a === 'number') return a;
      const x = exact(a);
      return storedDecimal(x.u, x.scale);
    }),
    FLOE_DEC_NEG: converting((a: unknown) => {
      if (a === null) return null;
      if (typeof a === 'number') return -a;
      const x = exact(a);
      return storedDecimal(-x.u, x.scale);
    }),
    FLOE_DEC_ABS: converting((a: unknown) => {
      if (a === null) return null;
      if (typeof a === 'number') return Math.abs(a);
      const x = exact(a);
      return storedDecimal(x.u < 0n ? -x.u : x.u, x.scale);
    }),
    /** -1, 0, 1 comparing two fixed values exactly (the comparison of text-stored decimals). */
    FLOE_DEC_CMP: converting((a: unknown, b: unknown) => {
      if (a === null || b === null) return null;
      if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
      return decCompare(exact(a), exact(b));
    }),
    // ORDER BY keys of a value that may be stored as text: its nearest double, then what the
    // double misses (exactly computed, so equal doubles still order by their exact values).
    FLOE_DEC_KEY: (a: unknown) => (a === null || typeof a === 'number' ? a : Number(a)),
    FLOE_DEC_RESIDUE: converting((a: unknown) => {
      if (a === null || typeof a === 'number') return 0;
      const x = exact(a);
      const approx = scaledOf(Number(a));
      if (!approx) return 0;
      const s = Math.max(x.scale, approx.scale);
      const diff = decAdd(x, approx, s, true);
      return Number(diff);
    }),

    FLOE_DIV: (a: unknown, b: unknown) => {
      if (a === null || b === null) return null;
      const d = dbl(b);
      if (d === 0) throw divisionByZero();
      return dbl(a) / d;
    },
    FLOE_FMOD: (a: unknown, b: unknown) => {
      if (a === null || b === null) return null;
      const d = dbl(b);
      if (d === 0) throw divisionByZero();
      return dbl(a) % d;
    },

    // ROUND / TRUNC / FLOOR / CEIL: (x, digits, result scale) for NUMBER, (x, digits) for FLOAT.
    FLOE_ROUND: roundFixed('half_away'),
    FLOE_ROUND_EVEN: roundFixed('half_even'),
    FLOE_TRUNC: roundFixed('trunc'),
    FLOE_FLOOR: roundFixed('floor'),
    FLOE_CEIL: roundFixed('ceil'),
    FLOE_ROUND_FLOAT: roundFloat('half_away'),
    FLOE_ROUND_EVEN_FLOAT: roundFloat('half_even'),
    FLOE_TRUNC_FLOAT: roundFloat('trunc'),
    FLOE_FLOOR_FLOAT: roundFloat('floor'),
    FLOE_CEIL_FLOAT: roundFloat('ceil'),

    FLOE_SIGN: converting((v: unknown) => {
      if (v === null) return null;
      if (typeof v === 'number') return v > 0 ? 1 : v < 0 ? -1 : 0;
      const x = exact(v);
      return x.u > 0n ? 1 : x.u < 0n ? -1 : 0;
    }),

    // FLOAT functions (also registered over sql.js's deprecated extension functions of the same names).
    SQRT: unary(Math.sqrt),
    EXP: unary(Math.exp),
    LN: unary((x) => {
      if (x <= 0) throw udfError('100095', '22023', `Invalid floating point operation: ln(${x})`);
      return Math.log(x);
    }),
    CBRT: unary(Math.cbrt),
    DEGREES: unary((x) => (x * 180) / Math.PI),
    RADIANS: unary((x) => (x * Math.PI) / 180),
    SIN: unary(Math.sin),
    COS: unary(Math.cos),
    TAN: unary(Math.tan),
    ASIN: unary(Math.asin),
    ACOS: unary(Math.acos),
    ATAN: unary(Math.atan),
    SINH: unary(Math.sinh),
    COSH: unary(Math.cosh),
    TANH: unary(Math.tanh),
    COT: unary((x) => 1 / Math.tan(x)),
    FLOE_SQUARE: unary((x) => x * x),
    PI: () => Math.PI,
    ATAN2: (y: unknown, x: unknown) => (y === null || x === null ? null : Math.atan2(dbl(y), dbl(x))),
    POWER: (x: unknown, y: unknown) => (x === null || y === null ? null : Math.pow(dbl(x), dbl(y))),
    FLOE_LOG: (base: unknown, x: unknown) => {
      if (base === null || x === null) return null;
      const b = dbl(base);
      const v = dbl(x);
      if (b <= 0 || b === 1 || v <= 0) throw udfError('100095', '22023', `Invalid floating point operation: log(${b}, ${v})`);
      return b === 10 ? Math.log10(v) : b === 2 ? Math.log2(v) : Math.log(v) / Math.log(b);
    },

    FLOE_UNIFORM_INT: (min: unknown, max: unknown, gen: unknown) => {
      if (min === null || max === null || gen === null) return null;
      const lo = dbl(min);
      const hi = dbl(max);
      return lo + Math.floor(fractionOf(gen) * (hi - lo + 1));
    },
    FLOE_UNIFORM_FLOAT: (min: unknown, max: unknown, gen: unknown) => {
      if (min === null || max === null || gen === null) return null;
      const lo = dbl(min);
      return lo + fractionOf(gen) * (dbl(max) - lo);
    },
    FLOE_NORMAL: (mean: unknown, stddev: unknown, gen: unknown) => {
      if (mean === null || stddev === null || gen === null) return null;
      // Box-Muller over two fractions derived from the one generator value: hashes 0 (UNIFORM's
      // fraction) and 1 of its seed.
      const seed = seedOf(gen);
      const u1 = Math.max(fractionAt(0, seed), Number.MIN_VALUE);
      const u2 = fractionAt(1, seed);
      return dbl(mean) + dbl(stddev) * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
    RANDSTR: (length: unknown, gen: unknown) => {
      if (length === null || gen === null) return null;
      const n = int(length, 'length');
      if (n < 0) throw udfError('100097', '22023', `Invalid length for RANDSTR: ${n}, must not be negative`);
      checkValueLength(n);
      return randomString(n, gen);
    },
    HAVERSINE: (lat1: unknown, lon1: unknown, lat2: unknown, lon2: unknown) =>
      (lat1 === null || lon1 === null || lat2 === null || lon2 === null ? null : haversine(dbl(lat1), dbl(lon1), dbl(lat2), dbl(lon2))),
    WIDTH_BUCKET: (v: unknown, min: unknown, max: unknown, n: unknown) => {
      if (v === null || min === null || max === null || n === null) return null;
      const [x, lo, hi, k] = [dbl(v), dbl(min), dbl(max), int(n, 'bucket count')];
      if (k <= 0) throw udfError('100097', '22023', 'Invalid bucket count: must be positive');
      if (lo < hi) return x < lo ? 0 : x >= hi ? k + 1 : Math.floor(((x - lo) / (hi - lo)) * k) + 1;
      return x > lo ? 0 : x <= hi ? k + 1 : Math.floor(((lo - x) / (lo - hi)) * k) + 1;
    },
    BITAND: bit2((a, b) => a & b),
    BITOR: bit2((a, b) => a | b),
    BITXOR: bit2((a, b) => a ^ b),
    BITSHIFTLEFT: bit2((a, n) => a << places(n)),
    BITSHIFTRIGHT: bit2((a, n) => a >> places(n)),
    BITNOT: converting((a: unknown) => (a === null ? null : bigintResult(~int64(a)))),

    HASH: variadic((...args: unknown[]) => bigintResult(hashText(args.map(hashPart).join('\u0001')))),

    FACTORIAL: converting((v: unknown) => {
      if (v === null) return null;
      const n = int(v);
      if (n < 0 || n > 33) throw udfError('100097', '22023', `Invalid factorial argument: ${n}`);
      let f = 1n;
      for (let i = 2n; i <= BigInt(n); i++) f *= i;
      return bigintResult(f);
    }),

    // SUM over NUMBER with a scale: exact (a double sum drifts). Plain numbers while they are
    // safe integers at the scale, a bigint beyond.
    FLOE_SUM_DEC: {
      init: () => ({ n: 0, big: 0n, scale: -1 }),
      step: (st: SumState, v: unknown, s: unknown) => (v === null ? st : sumStep(st, v, s as number)),
      finalize: (st: SumState) => (st.scale < 0 ? null : checkedDecimalOrError(st.big + BigInt(st.n), st.scale)),
    },
    // Text rows of an integer SUM (beyond int64): what they exceed the int64 SQLite's >> and & read
    // them as (the nearest one), as text; NULL without rows.
    FLOE_SUM_TEXT_EXCESS: {
      init: (): { u: bigint; any: boolean } => ({ u: 0n, any: false }),
      step: (st: { u: bigint; any: boolean }, v: unknown) => {
        if (v === null) return st;
        const x = exact(v).u;
        st.u += x - (x > INT64_MAX ? INT64_MAX : x < INT64_MIN ? INT64_MIN : x);
        st.any = true;
        return st;
      },
      finalize: (st: { u: bigint; any: boolean }) => (st.any ? st.u.toString() : null),
    },
    // An integer SUM from its parts: the sums of the int64 rows' high and low 32 bits, and of the
    // text rows beyond int64. NULL when there were no rows.
    FLOE_DEC_SUM_PARTS: converting((high: unknown, low: unknown, text: unknown) => {
      if (high === null && text === null) return null;
      const int64s = high === null ? 0n : (exact(high).u << 32n) + exact(low).u;
      return checkedDecimal(int64s + (text === null ? 0n : exact(text).u), 0);
    }),
    // AVG from an exact SUM and the count, rounded half away from zero to the result scale.
    FLOE_DEC_AVG: converting((sum: unknown, n: unknown, scale: unknown) => {
      if (sum === null || !n) return null;
      return decDiv(exact(sum), { u: BigInt(n as number), scale: 0 }, scale as number);
    }),
    // AVG over NUMBER with a scale: the exact sum at the input scale, divided once per group.
    FLOE_AVG_DEC: {
      init: (): AvgState => ({ n: 0, big: 0n, scale: -1, count: 0, out: 0 }),
      step: (st: AvgState, v: unknown, s: unknown, out: unknown) => {
        if (v === null) return st;
        st.count++;
        st.out = out as number;
        return sumStep(st, v, s as number) as AvgState;
      },
      finalize: (st: AvgState) => {
        if (st.count === 0) return null;
        const u = divRound((st.big + BigInt(st.n)) * pow10n(st.out), BigInt(st.count) * pow10n(st.scale));
        return checkedDecimalOrError(u, st.out);
      },
    },
    // A window frame's SUM from its parts (exact-window.ts): native sums of the high and low 32 bits
    // of the scaled integers, and the other values as a JSON array; NULL when the frame has none.
    FLOE_DEC_SUM_WINDOW: converting((high: unknown, low: unknown, arr: unknown, scale: unknown) => {
      const rest = jsonValues(arr);
      if (high === null && rest.length === 0) return null;
      const k = scale as number;
      let u = high === null ? 0n : (exact(high).u << 32n) + exact(low).u;
      for (const v of rest) u += rescale(exact(v), k);
      return checkedDecimal(u, k);
    }),
    // A window frame's MIN/MAX: SQLite's extreme of the number rows against the text rows'.
    FLOE_DEC_EXTREME_WINDOW: converting((native: unknown, arr: unknown, sign: unknown) => {
      let best = native;
      let bx = native === null ? null : exact(native);
      for (const v of jsonValues(arr)) {
        const x = exact(v);
        if (bx === null || decCompare(x, bx) * (sign as number) > 0) { best = v; bx = x; }
      }
      return best;
    }),
    FLOE_DEC_GREATEST: pick(1),
    FLOE_DEC_LEAST: pick(-1),
    FLOE_MIN_DEC: extreme(-1),
    FLOE_MAX_DEC: extreme(1),
  } satisfies ImplementationSlice;
}
