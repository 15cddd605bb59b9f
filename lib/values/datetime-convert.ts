/**
 * Conversions of arbitrary input into the stored DATE/TIME/TIMESTAMP_* forms (casts,
 * TO_DATE/TO_TIME/TO_TIMESTAMP_*, TEXT bindings). Inputs: AUTO-format text, strings of
 * digits (epoch seconds/ms/µs/ns by magnitude, as TO_DATE/TO_TIMESTAMP document),
 * JS numbers/bigints (epoch seconds), Date objects, and every stored form.
 *
 * An LTZ stored value carries no marker, so it reads like NTZ text: convert it with
 * `ltzToTz(stored, timezone)` first when casting FROM timestamp_ltz.
 */
import {
  MAX_DAYS,
  MIN_DAYS,
  SECONDS_PER_DAY,
  formatDate,
  formatTimeOfDay,
  formatTimestamp,
  splitSeconds,
} from './civil';
import { numberToDecimal } from './decimal';
import { ValueConversionError } from './errors';
import { type ParsedDateTime, parseDateTimeText } from './datetime-parse';
import { isAutoFormat, parseWithFormat } from './datetime-format-parse';
import { epochDaysOf, scan, scanStoredTimestamp } from './stored';
import { wallToInstant, zoneOffsetAt } from './timezone';

type Kind = 'Date' | 'Time' | 'Timestamp';

interface Input extends ParsedDateTime {
  /** True for epoch numbers: a UTC instant rather than a wall clock. */
  instant: boolean;
}

const NS_PER_S = 1_000_000_000n;

function fail(kind: Kind, v: unknown): never {
  const shown = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : String(v);
  throw new ValueConversionError(`${kind} '${shown}' is not recognized`);
}

/** Epoch nanoseconds → instant parts, or null when outside years 0000..9999. */
export function partsFromEpochNanos(ns: bigint): { days: number; secs: number; nanos: number } | null {
  let sec = ns / NS_PER_S;
  let rem = ns % NS_PER_S;
  if (rem < 0n) {
    rem += NS_PER_S;
    sec -= 1n;
  }
  const [days, secs] = splitSeconds(Number(sec));
  if (days < MIN_DAYS || days > MAX_DAYS) return null;
  return { days, secs, nanos: Number(rem) };
}

/** Digits → epoch ns with Snowflake's magnitude rule (s < 31536000000 ≤ ms < … ≤ µs < … ≤ ns). */
function epochNanosFromDigits(t: string): bigint {
  const n = BigInt(t);
  if (n < 31536000000n) return n * NS_PER_S;
  if (n < 31536000000000n) return n * 1_000_000n;
  if (n < 31536000000000000n) return n * 1_000n;
  return n;
}

/** Exact epoch nanoseconds of a JS number of seconds (via its shortest decimal text). */
function epochNanosFromSeconds(n: number): bigint {
  const d = numberToDecimal(n);
  const ns = BigInt(d.int + (d.frac + '000000000').slice(0, 9));
  return d.neg ? -ns : ns;
}

function instantInput(ns: bigint, kind: Kind, v: unknown): Input {
  const p = partsFromEpochNanos(ns);
  if (!p) fail(kind, v);
  return { hasDate: true, hasTime: true, days: p.days, secs: p.secs, nanos: p.nanos, offset: 0, instant: true };
}

const DIGITS_RE = /^[+-]?\d+$/;

function readInput(v: unknown, kind: Kind, format?: string | null): Input {
  if (typeof v === 'string') {
    const t = v.trim();
    if (!isAutoFormat(format)) {
      const p = parseWithFormat(t, format as string);
      // Snowflake names the format it could not read the text by (code 100096; AUTO text: 100040).
      if (!p) throw new ValueConversionError(`Can't parse '${v}' as ${kind.toLowerCase()} with format '${format}'`);
      return { ...p, instant: false };
    }
    if (DIGITS_RE.test(t)) return instantInput(epochNanosFromDigits(t), kind, v);
    const p = parseDateTimeText(t);
    if (!p) fail(kind, v);
    return { ...p, instant: false };
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) fail(kind, v);
    return instantInput(epochNanosFromSeconds(v), kind, v);
  }
  if (typeof v === 'bigint') return instantInput(v * NS_PER_S, kind, v);
  if (v instanceof Date && !Number.isNaN(v.getTime())) return instantInput(BigInt(v.getTime()) * 1_000_000n, kind, v);
  return fail(kind, v);
}

/** Wall clock + offset → UTC instant parts (range-checked). */
function toUtc(days: number, secs: number, offset: number, kind: Kind, v: unknown): [number, number] {
  const [d, s] = splitSeconds(days * SECONDS_PER_DAY + secs - offset * 60);
  if (d < MIN_DAYS || d > MAX_DAYS) fail(kind, v);
  return [d, s];
}

/** TO_DATE / ::DATE → 'YYYY-MM-DD'. Time and offset parts are dropped (wall-clock date). */
export function toDate(v: unknown, timezone: string, format?: string | null): string {
  void timezone; // epoch inputs are UTC in Snowflake; kept for API symmetry / LTZ callers
  // Already canonical (a format model still has to match it: TRY_TO_DATE('2024-05-10', 'DD/MM/YYYY') is NULL).
  if (typeof v === 'string' && isAutoFormat(format) && !Number.isNaN(epochDaysOf(v))) return v;
  const p = readInput(v, 'Date', format);
  if (!p.hasDate) fail('Date', v);
  return formatDate(p.days);
}

/** TO_TIME / ::TIME → 'HH:MM:SS.fffffffff'. */
export function toTime(v: unknown, format?: string | null): string {
  const p = readInput(v, 'Time', format); // a date alone gives midnight
  return formatTimeOfDay(p.secs, p.nanos);
}

/** TO_TIMESTAMP_NTZ / ::TIMESTAMP_NTZ → wall clock; an explicit offset is ignored. */
export function toTimestampNtz(v: unknown, format?: string | null): string {
  if (typeof v === 'string' && isAutoFormat(format) && scanStoredTimestamp(v)) return formatTimestamp(scan.days, scan.secs, scan.nanos);
  const p = readInput(v, 'Timestamp', format);
  if (!p.hasDate) fail('Timestamp', v);
  return formatTimestamp(p.days, p.secs, p.nanos);
}

/**
 * TO_TIMESTAMP_LTZ / ::TIMESTAMP_LTZ → the UTC instant. Text with an offset is
 * converted to UTC; text without one is a wall clock in `timezone`.
 */
export function toTimestampLtz(v: unknown, timezone: string, format?: string | null): string {
  const p = readInput(v, 'Timestamp', format);
  if (!p.hasDate) fail('Timestamp', v);
  let days: number, secs: number;
  if (p.offset !== null) {
    [days, secs] = toUtc(p.days, p.secs, p.offset, 'Timestamp', v);
  } else {
    const { utc } = wallToInstant(p.days * SECONDS_PER_DAY + p.secs, timezone);
    [days, secs] = splitSeconds(utc);
    if (days < MIN_DAYS || days > MAX_DAYS) fail('Timestamp', v);
  }
  return formatTimestamp(days, secs, p.nanos);
}

/**
 * TO_TIMESTAMP_TZ / ::TIMESTAMP_TZ → wall clock + offset. An explicit offset is kept;
 * otherwise the offset of `timezone` at that wall time (epoch inputs: at that instant).
 */
export function toTimestampTz(v: unknown, timezone: string, format?: string | null): string {
  const p = readInput(v, 'Timestamp', format);
  if (!p.hasDate) fail('Timestamp', v);
  if (p.instant) {
    const offset = zoneOffsetAt((p.days * SECONDS_PER_DAY + p.secs) * 1000, timezone);
    return tzForm(p.days * SECONDS_PER_DAY + p.secs + offset * 60, p.nanos, offset, v);
  }
  if (p.offset !== null) return formatTimestamp(p.days, p.secs, p.nanos, p.offset);
  const { utc, offset } = wallToInstant(p.days * SECONDS_PER_DAY + p.secs, timezone);
  // Recompute the wall clock: it moves forward when it fell into a DST gap.
  return tzForm(utc + offset * 60, p.nanos, offset, v);
}

function tzForm(wallSeconds: number, nanos: number, offset: number, v: unknown): string {
  const [days, secs] = splitSeconds(wallSeconds);
  if (days < MIN_DAYS || days > MAX_DAYS) fail('Timestamp', v);
  return formatTimestamp(days, secs, nanos, offset);
}

/**
 * Stored LTZ value (UTC instant text) → stored TZ form showing it in `timezone`.
 * Use it before casting from TIMESTAMP_LTZ to anything else (date, time, NTZ, TZ).
 */
export function ltzToTz(stored: string, timezone: string): string {
  const p = readInput(stored, 'Timestamp');
  if (!p.hasDate) fail('Timestamp', stored);
  const utc = p.offset !== null
    ? p.days * SECONDS_PER_DAY + p.secs - p.offset * 60
    : p.days * SECONDS_PER_DAY + p.secs;
  const offset = zoneOffsetAt(utc * 1000, timezone);
  return tzForm(utc + offset * 60, p.nanos, offset, stored);
}

/** Stored timestamp (any kind; NTZ/LTZ read as UTC) → epoch nanoseconds, or null if not a stored form. */
export function epochNanosOf(stored: string): bigint | null {
  if (!scanStoredTimestamp(stored)) return null;
  const secs = scan.days * SECONDS_PER_DAY + scan.secs - (scan.offset ?? 0) * 60;
  return BigInt(secs) * NS_PER_S + BigInt(scan.nanos);
}

/** Epoch nanoseconds → stored timestamp text; with `offset` (minutes) the TZ form of that instant. */
export function timestampFromEpochNanos(ns: bigint, offset?: number | null): string | null {
  const shifted = offset == null ? ns : ns + BigInt(offset * 60) * NS_PER_S;
  const p = partsFromEpochNanos(shifted);
  return p ? formatTimestamp(p.days, p.secs, p.nanos, offset ?? null) : null;
}

/** Epoch milliseconds as a stored TIMESTAMP_LTZ value (catalog timestamps: created_on, …). */
export function ltzFromEpochMs(ms: number): string {
  return timestampFromEpochNanos(BigInt(ms) * 1_000_000n)!;
}
