/**
 * SQL API bindings (§4.3): `{ type, value }` with string values in Snowflake's binding
 * encodings (DATE = epoch ms, TIME = ns since midnight, TIMESTAMP_* = epoch ns,
 * TIMESTAMP_TZ = '<ns> <offset+1440>', BINARY = hex) → a storage-form value to bind
 * into SQLite plus the wire type of the bound value. TEXT is data, never SQL.
 * For client leniency, date/time types also accept AUTO-detectable text.
 */
import { formatDate, formatTimeOfDay, formatTimestamp, MAX_DAYS, MIN_DAYS, splitSeconds } from './civil';
import { hexToBytes } from './binary';
import { type Decimal, decimalToString, parseDecimal, plainNumberString } from './decimal';
import { toDate, toTime, toTimestampLtz, toTimestampNtz, toTimestampTz, partsFromEpochNanos } from './datetime-convert';
import { BindingError } from './errors';
import { toReal } from './numeric';
import { zoneOffsetAt } from './timezone';
import type { BindType, WireType } from './types';

export interface Binding {
  type: string;
  value: unknown;
}

export type BoundValue = string | number | bigint | Uint8Array | null;

export interface ConvertedBinding {
  value: BoundValue;
  wireType: WireType;
  /** FIXED / DECFLOAT: the fraction digits written ("1.25": 2), the bound value's scale. */
  scale?: number;
}

/**
 * An integer bound as an SQLite number (an integer, or a double holding it exactly), not as
 * text: sql.js binds a bigint as its text (the engine's replica binds these as numbers).
 */
export const bindsAsNumber = (v: bigint): boolean => Number.isSafeInteger(Number(v));

/** What the statement is told of a converted binding (a FIXED one with a fraction keeps its scale). */
export const bindTypeOf = (c: ConvertedBinding): BindType => {
  if (c.scale) return `fixed:${c.scale}`;
  return c.wireType === 'fixed' && typeof c.value === 'bigint' && bindsAsNumber(c.value) ? 'fixed:int53' : c.wireType;
};

/** Fraction digits of a FIXED value written as a plain decimal ("1.25": 2; at most NUMBER's 37). */
function writtenScale(v: unknown): number {
  const m = typeof v === 'string' || typeof v === 'number' ? /^\s*[+-]?\d*\.(\d+)\s*$/.exec(String(v)) : null;
  return Math.min(m?.[1].length ?? 0, 37);
}

const WIRE_TYPES: Record<string, WireType> = {
  FIXED: 'fixed',
  REAL: 'real',
  DECFLOAT: 'fixed', // exact numeric; no separate storage form
  TEXT: 'text',
  BINARY: 'binary',
  BOOLEAN: 'boolean',
  DATE: 'date',
  TIME: 'time',
  TIMESTAMP_NTZ: 'timestamp_ntz',
  TIMESTAMP_LTZ: 'timestamp_ltz',
  TIMESTAMP_TZ: 'timestamp_tz',
};

const INT_RE = /^\s*[+-]?\d+\s*$/;
const TZ_RE = /^\s*([+-]?\d+)\s+(\d+)\s*$/;
const NS_PER_DAY = 86_400_000_000_000n;
const MS_PER_DAY = 86_400_000n;

function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    try {
      return JSON.stringify(v);
    } catch {
      /* fall through */
    }
  }
  return String(v);
}

/** Integer-valued input (string of digits, integral JSON number, bigint) as a bigint. */
function integerOf(v: unknown): bigint | null {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : null;
  if (typeof v === 'string' && INT_RE.test(v)) return BigInt(v.trim());
  return null;
}

/** Exact storage form of a decimal: bigint for integers, number when lossless, else text. */
function exactNumeric(d: Decimal): bigint | number | string {
  let frac = d.frac;
  while (frac.endsWith('0')) frac = frac.slice(0, -1);
  const text = decimalToString({ neg: d.neg, int: d.int, frac });
  if (frac === '') return BigInt(text);
  const n = Number(text);
  return plainNumberString(n) === text ? n : text;
}

function numericOf(v: unknown): bigint | number | string | null {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    return Number.isInteger(v) ? BigInt(v) : v;
  }
  if (typeof v !== 'string') return null;
  const d = parseDecimal(v);
  return d ? exactNumeric(d) : null;
}

/**
 * Convert one binding. `position` is the 1-based bind index (for messages);
 * `timezone` is used only when text without an offset reaches TIMESTAMP_LTZ/TZ.
 */
export function convertBinding(binding: Binding, position: number, timezone = 'UTC'): ConvertedBinding {
  const type = String(binding?.type ?? '').trim().toUpperCase();
  const wireType = WIRE_TYPES[type];
  if (wireType === undefined || !Object.prototype.hasOwnProperty.call(WIRE_TYPES, type)) {
    throw new BindingError(`Unsupported bind type '${binding?.type}' for bind variable ${position}`);
  }
  const v = binding.value;
  if (v === null || v === undefined) return { value: null, wireType };
  const bad: () => never = () => {
    throw new BindingError(`${type} value '${show(v)}' is not recognized`);
  };
  const lenient = (convert: (x: unknown) => string): string => {
    if (typeof v !== 'string') return bad();
    try {
      return convert(v);
    } catch {
      return bad();
    }
  };
  let value: BoundValue;
  switch (type) {
    case 'FIXED':
    case 'DECFLOAT': {
      value = numericOf(v) ?? bad();
      const scale = type === 'FIXED' ? writtenScale(v) : 0;
      if (scale > 0) return { value, wireType, scale };
      break;
    }
    case 'REAL':
      if (typeof v !== 'string' && typeof v !== 'number') bad();
      try {
        value = toReal(v);
        // SQLite would store a NaN as NULL: kept as its text (as engine functions return it).
        if (value !== value) value = 'NaN';
      } catch {
        value = bad();
      }
      break;
    case 'TEXT':
      value = typeof v === 'string' ? v : typeof v === 'object' ? show(v) : String(v);
      break;
    case 'BOOLEAN': {
      const t = typeof v === 'string' ? v.trim().toLowerCase() : v;
      if (t === true || t === 'true' || t === '1' || t === 1) value = 1;
      else if (t === false || t === 'false' || t === '0' || t === 0) value = 0;
      else value = bad();
      break;
    }
    case 'DATE': {
      const ms = integerOf(v);
      if (ms === null) {
        value = lenient((x) => toDate(x, timezone));
        break;
      }
      let days = ms / MS_PER_DAY;
      if (ms % MS_PER_DAY < 0n) days -= 1n; // floor toward the earlier day
      const d = Number(days);
      value = d >= MIN_DAYS && d <= MAX_DAYS ? formatDate(d) : bad();
      break;
    }
    case 'TIME': {
      const ns = integerOf(v);
      if (ns === null) {
        value = lenient(toTime);
        break;
      }
      let n = ns % NS_PER_DAY;
      if (n < 0n) n += NS_PER_DAY;
      value = formatTimeOfDay(Number(n / 1_000_000_000n), Number(n % 1_000_000_000n));
      break;
    }
    case 'TIMESTAMP_NTZ':
    case 'TIMESTAMP_LTZ': {
      const ns = integerOf(v);
      if (ns === null) {
        value = lenient(type === 'TIMESTAMP_NTZ' ? toTimestampNtz : (x) => toTimestampLtz(x, timezone));
        break;
      }
      const p = partsFromEpochNanos(ns);
      value = p ? formatTimestamp(p.days, p.secs, p.nanos) : bad();
      break;
    }
    case 'TIMESTAMP_TZ': {
      const m = typeof v === 'string' ? TZ_RE.exec(v) : null;
      let ns: bigint | null;
      let offset: number;
      if (m) {
        ns = BigInt(m[1]);
        offset = Number(m[2]) - 1440;
        if (offset <= -1440 || offset >= 1440) bad();
      } else {
        ns = integerOf(v);
        if (ns === null) {
          value = lenient((x) => toTimestampTz(x, timezone));
          break;
        }
        offset = zoneOffsetAt(Number(ns / 1_000_000n), timezone);
      }
      const p = partsFromEpochNanos(ns) ?? bad();
      const [days, secs] = splitSeconds(p.days * 86400 + p.secs + offset * 60);
      value = days >= MIN_DAYS && days <= MAX_DAYS ? formatTimestamp(days, secs, p.nanos, offset) : bad();
      break;
    }
    case 'BINARY':
      value = (typeof v === 'string' ? hexToBytes(v.trim()) : null) ?? bad();
      break;
    default:
      value = bad();
  }
  return { value, wireType };
}
