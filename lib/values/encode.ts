/**
 * Cell encoders: stored value → jsonv2 cell text (§4.2). `makeCellEncoder` resolves
 * the column type and the effective output format ONCE and returns a small closure;
 * the default (epoch) encodings use integer/string arithmetic on the stored text, so
 * nanoseconds are exact and no Date objects are created per cell.
 */
import { SECONDS_PER_DAY, splitSeconds } from './civil';
import { bytesToBase64, bytesToHex, bytesToUtf8, normalizeBinaryFormat, utf8ToBytes } from './binary';
import { toBoolean } from './boolean';
import { toDate, toTime, toTimestampLtz, toTimestampNtz, toTimestampTz } from './datetime-convert';
import { compileFormat, isAutoFormat, renderFormat } from './format-model';
import { encodeReal, makeFixedEncoder } from './numeric';
import { POW10, epochDaysOf, scan, scanStoredTime, scanStoredTimestamp } from './stored';
import { zoneOffsetAt } from './timezone';
import type { OutputFormats, WireType } from './types';
import { prettyVariant } from './variant';

export type CellEncoder = (v: unknown) => string | null;

const ZEROS9 = '000000000';

/** Fraction text of `nanos` with `decimals` digits (truncating), '' for 0 decimals. */
function fraction(nanos: number, decimals: number): string {
  let s = '' + nanos;
  if (s.length < 9) s = ZEROS9.slice(s.length) + s;
  return decimals === 9 ? s : s.slice(0, decimals);
}

/**
 * Exact decimal text of (seconds + nanos/1e9) with `decimals` fraction digits, e.g.
 * '1609556645.123456000' or '-0.750000000' for 1969-12-31 23:59:59.25.
 */
export function epochSecondsText(seconds: number, nanos: number, decimals: number): string {
  if (decimals < 9) nanos -= nanos % POW10[9 - decimals];
  if (decimals === 0) return '' + seconds;
  if (seconds < 0 && nanos > 0) return '-' + -(seconds + 1) + '.' + fraction(1_000_000_000 - nanos, decimals);
  return seconds + '.' + fraction(nanos, decimals);
}

/** The effective format text, or null for the default encoding. */
function effectiveFormat(specific: string | undefined, general?: string): string | null {
  const f = specific != null && specific.trim() !== '' ? specific : general;
  return isAutoFormat(f) ? null : (f as string);
}

/** Fraction digits of time/timestamp epoch text: the column scale, 9 when unknown. */
function decimalsOf(scale: number | null): number {
  return scale == null || scale > 9 || scale < 0 ? 9 : Math.floor(scale);
}

function encodeText(v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return bytesToUtf8(v);
  return String(v);
}

function encodeJson(v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'string') return prettyVariant(v);
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Uint8Array) return bytesToUtf8(v);
  return JSON.stringify(v);
}

function encodeBoolean(v: unknown): string | null {
  if (v == null) return null;
  if (v === 1 || v === 1n || v === true) return 'true';
  if (v === 0 || v === 0n || v === false) return 'false';
  try {
    return toBoolean(v) ? 'true' : 'false';
  } catch {
    return String(v);
  }
}

function makeBinaryEncoder(format: string | undefined): CellEncoder {
  const f = normalizeBinaryFormat(format);
  const enc = f === 'BASE64' ? bytesToBase64 : f === 'UTF-8' ? bytesToUtf8 : bytesToHex;
  return (v) => {
    if (v == null) return null;
    return enc(v instanceof Uint8Array ? v : utf8ToBytes(String(v)));
  };
}

/** Best effort for values not in canonical stored form: the converted text, or null if unconvertible. */
function normalized(v: unknown, convert: (v: unknown) => string): string | null {
  try {
    return convert(v);
  } catch {
    return null;
  }
}

// ---- DATE -------------------------------------------------------------------

function dateDays(v: unknown, timezone: string): number {
  if (typeof v === 'string') {
    const d = epochDaysOf(v);
    if (d === d) return d;
  }
  const n = normalized(v, (x) => toDate(x, timezone));
  return n === null ? NaN : epochDaysOf(n);
}

function makeDateEncoder(fmt: OutputFormats): CellEncoder {
  const f = effectiveFormat(fmt.dateOutputFormat);
  const compiled = f === null ? null : compileFormat(f);
  return (v) => {
    if (v == null) return null;
    const days = dateDays(v, fmt.timezone);
    if (days !== days) return String(v);
    return compiled ? renderFormat(compiled, days, 0, 0, 0) : '' + days;
  };
}

// ---- TIME -------------------------------------------------------------------

function makeTimeEncoder(scale: number | null, fmt: OutputFormats): CellEncoder {
  const f = effectiveFormat(fmt.timeOutputFormat);
  const compiled = f === null ? null : compileFormat(f);
  const decimals = decimalsOf(scale);
  return (v) => {
    if (v == null) return null;
    if (typeof v !== 'string' || !scanStoredTime(v)) {
      const n = normalized(v, toTime);
      if (n === null || !scanStoredTime(n)) return String(v);
    }
    return compiled
      ? renderFormat(compiled, 0, scan.secs, scan.nanos, 0)
      : epochSecondsText(scan.secs, scan.nanos, decimals);
  };
}

// ---- TIMESTAMPS ---------------------------------------------------------------

/**
 * Load a stored timestamp into `scan` (days/secs/nanos/offset). Non-canonical values
 * are first converted with `convert`. Returns false when hopeless.
 */
function loadTimestamp(v: unknown, convert: (v: unknown) => string): boolean {
  if (typeof v === 'string' && scanStoredTimestamp(v)) return true;
  const n = normalized(v, convert);
  return n !== null && scanStoredTimestamp(n);
}

function makeNtzEncoder(scale: number | null, fmt: OutputFormats): CellEncoder {
  const f = effectiveFormat(fmt.timestampNtzOutputFormat, fmt.timestampOutputFormat);
  const compiled = f === null ? null : compileFormat(f);
  const decimals = decimalsOf(scale);
  return (v) => {
    if (v == null) return null;
    if (!loadTimestamp(v, toTimestampNtz)) return String(v);
    // NTZ is a wall clock: any stray offset is ignored, the clock is read as UTC.
    if (compiled) return renderFormat(compiled, scan.days, scan.secs, scan.nanos, 0);
    const seconds = scan.days * SECONDS_PER_DAY + scan.secs;
    // Canonical 29-char text already holds the 9 fraction digits: reuse them.
    if (decimals === 9 && seconds >= 0 && (v as string).length === 29) return seconds + (v as string).substring(19);
    return epochSecondsText(seconds, scan.nanos, decimals);
  };
}

function makeLtzEncoder(scale: number | null, fmt: OutputFormats): CellEncoder {
  const f = effectiveFormat(fmt.timestampLtzOutputFormat, fmt.timestampOutputFormat);
  const compiled = f === null ? null : compileFormat(f);
  const decimals = decimalsOf(scale);
  const zone = fmt.timezone;
  if (compiled) zoneOffsetAt(0, zone); // fail fast on an unknown zone
  const toLtz = (x: unknown) => toTimestampLtz(x, 'UTC'); // stored LTZ text is UTC
  return (v) => {
    if (v == null) return null;
    if (!loadTimestamp(v, toLtz)) return String(v);
    const utc = scan.days * SECONDS_PER_DAY + scan.secs - (scan.offset ?? 0) * 60;
    const nanos = scan.nanos;
    if (!compiled) return epochSecondsText(utc, nanos, decimals);
    const offset = zoneOffsetAt(utc * 1000, zone);
    const [days, secs] = splitSeconds(utc + offset * 60);
    return renderFormat(compiled, days, secs, nanos, offset);
  };
}

function makeTzEncoder(scale: number | null, fmt: OutputFormats): CellEncoder {
  const f = effectiveFormat(fmt.timestampTzOutputFormat, fmt.timestampOutputFormat);
  const compiled = f === null ? null : compileFormat(f);
  const decimals = decimalsOf(scale);
  const toTz = (x: unknown) => toTimestampTz(x, fmt.timezone);
  return (v) => {
    if (v == null) return null;
    // Offset-less text (e.g. an NTZ-form value) is placed in the session zone.
    const stored = typeof v === 'string' && scanStoredTimestamp(v) && scan.offset !== null;
    if (!stored) {
      const n = normalized(v, toTz);
      if (n === null || !scanStoredTimestamp(n)) return String(v);
    }
    const offset = scan.offset as number;
    if (compiled) return renderFormat(compiled, scan.days, scan.secs, scan.nanos, offset);
    const utc = scan.days * SECONDS_PER_DAY + scan.secs - offset * 60;
    return epochSecondsText(utc, scan.nanos, decimals) + ' ' + (offset + 1440);
  };
}

/**
 * Build the encoder for one result column. null/undefined cells → null. Throws
 * ValueConversionError only for an unknown time zone (LTZ with a format).
 */
export function makeCellEncoder(col: { type: WireType; scale: number | null }, fmt: OutputFormats): CellEncoder {
  switch (col.type) {
    case 'fixed': return makeFixedEncoder(col.scale);
    case 'real': return encodeReal;
    case 'text': return encodeText;
    case 'boolean': return encodeBoolean;
    case 'date': return makeDateEncoder(fmt);
    case 'time': return makeTimeEncoder(col.scale, fmt);
    case 'timestamp_ntz': return makeNtzEncoder(col.scale, fmt);
    case 'timestamp_ltz': return makeLtzEncoder(col.scale, fmt);
    case 'timestamp_tz': return makeTzEncoder(col.scale, fmt);
    case 'variant':
    case 'object':
    case 'array': return encodeJson;
    case 'binary': return makeBinaryEncoder(fmt.binaryOutputFormat);
    default: return encodeText; // unknown types (geography, vector, …): show as text
  }
}
