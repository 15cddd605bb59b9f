/**
 * NUMBER/FLOAT conversions into storage form and their default wire text.
 * Storage: bigint or number, or a decimal string when a number cannot hold the value.
 */
import {
  type Decimal,
  decimalToString,
  integerDigits,
  numberToDecimal,
  parseDecimal,
  plainNumberString,
  roundDecimal,
} from './decimal';
import { ValueConversionError } from './errors';

const DEFAULT_PRECISION = 38;

function display(v: unknown): string {
  return typeof v === 'string' ? v : String(v);
}

function notNumeric(v: unknown): never {
  throw new ValueConversionError(`Numeric value '${display(v)}' is not recognized`);
}

/** Snowflake's physical width of a NUMBER(p): it names it in the out-of-range message. */
function storageClass(precision: number): string {
  return precision <= 2 ? 'SB1' : precision <= 4 ? 'SB2' : precision <= 9 ? 'SB4' : precision <= 18 ? 'SB8' : 'SB16';
}

function outOfRange(precision: number, scale: number, value: string): never {
  throw new ValueConversionError(
    `Number out of representable range: type FIXED[${storageClass(precision)}](${precision},${scale}){nullable=true}, value ${value}`,
  );
}

/** Any accepted numeric input as an exact decimal, or null when not numeric. */
function decimalOf(v: unknown): Decimal | null {
  switch (typeof v) {
    case 'string':
      return parseDecimal(v);
    case 'number':
      return Number.isFinite(v) ? numberToDecimal(v) : null;
    case 'bigint':
      return v < 0n ? { neg: true, int: (-v).toString(), frac: '' } : { neg: false, int: v.toString(), frac: '' };
    case 'boolean':
      return { neg: false, int: v ? '1' : '0', frac: '' };
    default:
      return null;
  }
}

/**
 * Convert to NUMBER(precision, scale) storage form (casts, TO_NUMBER, bindings).
 * Scale 0 → bigint (rounded half away from zero). Scale > 0 → number when its
 * shortest text equals the rounded decimal, else the decimal string.
 * null precision/scale mean Snowflake's defaults (38, 0).
 */
export function toNumber(v: unknown, precision: number | null, scale: number | null): bigint | number | string {
  const p = precision ?? DEFAULT_PRECISION;
  const s = scale ?? 0;
  // Fast path: safe integers into scale 0.
  if (s === 0 && typeof v === 'number' && Number.isSafeInteger(v)) {
    if (Math.abs(v) >= 10 ** p) outOfRange(p, s, String(v));
    return BigInt(v);
  }
  const d = decimalOf(v);
  if (!d) notNumeric(v);
  const r = roundDecimal(d, s);
  if (integerDigits(r) > p - s) outOfRange(p, s, decimalToString(r));
  if (s === 0) return BigInt(decimalToString(r));
  // Canonical: without trailing fraction zeros ('1.50' is 1.5), so that equal values are stored
  // alike and SQLite's own =, GROUP BY and DISTINCT compare them exactly.
  let text = decimalToString(r);
  if (text.includes('.')) text = text.replace(/\.?0+$/, '');
  const n = Number(text);
  return plainNumberString(n) === text ? (n === 0 ? 0 : n) : text;
}

/** FLOAT storage form: a double. Accepts numeric text and 'NaN'/'inf'/'-inf'. */
export function toReal(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'nan') return NaN;
    if (t === 'inf' || t === '+inf' || t === 'infinity' || t === '+infinity') return Infinity;
    if (t === '-inf' || t === '-infinity') return -Infinity;
    if (parseDecimal(t)) return Number(t);
  }
  return notNumeric(v);
}

const ZEROS = '0'.repeat(64);
function zeros(n: number): string {
  return n <= 64 ? ZEROS.slice(0, n) : '0'.repeat(n);
}

/**
 * Encoder for FIXED cells: exact decimal text with exactly `scale` fraction digits
 * (null scale: as stored, no padding). Built once per column.
 */
export function makeFixedEncoder(scale: number | null): (v: unknown) => string | null {
  const s = scale ?? -1;
  const suffix = s > 0 ? '.' + zeros(s) : '';
  // Decimal text already in the column's own form (PostgreSQL's numeric output, exact text SQLite
  // stores) is its own answer: no parse, no rounding. Never -0 (the slow path spells it 0).
  const canonical = s === 0 ? /^(?:-?[1-9]\d*|0)$/ : s > 0 ? new RegExp(`^(?:-?[1-9]\\d*|0|-0(?=\\.\\d*[1-9]))\\.\\d{${s}}$`) : null;
  const slow = (v: unknown): string => {
    const d = decimalOf(v);
    if (!d) return String(v); // not numeric at all: show what is stored
    return decimalToString(s >= 0 ? roundDecimal(d, s) : d);
  };
  return (v: unknown): string | null => {
    if (v == null) return null;
    if (typeof v === 'bigint') return v.toString() + suffix;
    if (typeof v === 'number') {
      if (Number.isInteger(v) && v < 1e21 && v > -1e21) return '' + v + suffix; // '' + -0 is '0'
      if (s > 0) {
        // Common case: shortest text has no exponent and no more than `s` decimals.
        const t = '' + v;
        const dot = t.indexOf('.');
        const have = t.length - dot - 1;
        if (dot > 0 && have <= s && t.indexOf('e') < 0) return have === s ? t : t + zeros(s - have);
      }
    }
    if (typeof v === 'string' && canonical !== null && canonical.test(v)) return v;
    return slow(v);
  };
}

/** FLOAT cell text: shortest round-trip form; Snowflake spells specials NaN/inf/-inf. */
export function encodeReal(v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return '' + v;
    return v !== v ? 'NaN' : v > 0 ? 'inf' : '-inf';
  }
  // PostgreSQL's text of an infinite double (a FLOAT an engine function handed back as text).
  if (v === 'Infinity' || v === '-Infinity') return v === 'Infinity' ? 'inf' : '-inf';
  return typeof v === 'bigint' ? v.toString() : String(v);
}
