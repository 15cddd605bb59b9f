/**
 * Conversion functions: the store-as-type conversions (FLOE_TO_*), and FLOE_CONVERT, which
 * casts and the TO_* / TRY_TO_* functions share: the compiler names the source kind, the
 * target and the format; TRY_ forms answer NULL where the conversion fails.
 */
import {
  formatDate, formatTimeOfDay, formatTimestamp, instantOfWall, parseNumberWithFormat, readWall, temporalKind,
  timestampFromEpochNanos, toBinary, toBoolean, toDate, toNumber, toReal, toTime, toTimestampLtz, toTimestampNtz,
  toTimestampTz, valueToText, ValueConversionError, writeWall, ltzToTz,
} from '@/lib/values';
import { udfError } from '../../sqlite-errors';
import { converting, type FunctionContext, type ImplementationSlice } from './util';

const TEMPORAL = new Set(['DATE', 'TIME', 'NTZ', 'LTZ', 'TZ']);

/** A value handed to SQLite: bigints as numbers when exact, else as text. */
function sqliteValue(r: unknown): unknown {
  return typeof r === 'bigint' ? (Number.isSafeInteger(Number(r)) ? Number(r) : r.toString()) : r;
}

/** One conversion: `from` is the source kind (DATE, TIME, NTZ, LTZ, TZ, BOOLEAN, FIXED:s, REAL, TEXT, BINARY, AUTO). */
function convert(v: unknown, from: string, to: string, fmt: string, tz: string): unknown {
  // An exact NUMBER may arrive as decimal text: as a date/time it is epoch seconds, not text.
  if (typeof v === 'string' && (from.startsWith('FIXED:') || from === 'REAL') && TEMPORAL.has(to)) v = Number(v);
  if (to === 'TEXT') return valueToText(v, from, fmt, tz);
  if (TEMPORAL.has(to) && TEMPORAL.has(from)) {
    if (from === 'TIME' && to !== 'TIME') throw new ValueConversionError(`Timestamp '${String(v)}' is not recognized`);
    const w = readWall(v, temporalKind(from), tz);
    switch (to) {
      case 'DATE': return formatDate(w.days);
      case 'TIME': return formatTimeOfDay(w.secs, w.nanos);
      case 'NTZ': return formatTimestamp(w.days, w.secs, w.nanos);
      case 'LTZ': return from === 'TZ' || from === 'LTZ' ? instantOfWall(w) : writeWall(w, 'LTZ', tz);
      default: return from === 'LTZ' ? writeWall(w, 'TZ', tz) : from === 'TZ' ? v : toTimestampTz(formatTimestamp(w.days, w.secs, w.nanos), tz);
    }
  }
  const f = fmt || null;
  switch (to) {
    case 'DATE': return toDate(v, tz, f);
    case 'TIME': return toTime(v, f);
    case 'NTZ': return toTimestampNtz(v, f);
    case 'LTZ': return toTimestampLtz(v, tz, f);
    case 'TZ': return toTimestampTz(v, tz, f);
    case 'BOOLEAN': return toBoolean(v);
    case 'REAL': {
      if (f && typeof v === 'string') {
        const t = parseNumberWithFormat(v, f);
        if (t === null) throw new ValueConversionError(`Numeric value '${v}' is not recognized`);
        return Number(t);
      }
      return toReal(v);
    }
    case 'BINARY':
      if (v instanceof Uint8Array) return v;
      return toBinary(String(v), (f ? f.toUpperCase() : 'HEX') as 'HEX' | 'BASE64' | 'UTF-8');
  }
  if (to.startsWith('FIXED:')) {
    const [, p, s] = to.split(':');
    let input = v;
    if (f && typeof v === 'string') {
      const t = parseNumberWithFormat(v, f);
      if (t === null) throw new ValueConversionError(`Numeric value '${v}' is not recognized`);
      input = t;
    }
    return sqliteValue(toNumber(input, Number(p), Number(s)));
  }
  return v;
}

export function conversionFunctions(ctx: FunctionContext) {
  return {
    FLOE_TO_DATE: converting((v: unknown) => (v === null ? null : toDate(v, ctx.pins.timezone))),
    FLOE_TO_TIME: converting((v: unknown) => (v === null ? null : toTime(v))),
    FLOE_TO_TIMESTAMP_NTZ: converting((v: unknown) => (v === null ? null : toTimestampNtz(v))),
    FLOE_TO_TIMESTAMP_LTZ: converting((v: unknown) => (v === null ? null : toTimestampLtz(v, ctx.pins.timezone))),
    FLOE_TO_TIMESTAMP_TZ: converting((v: unknown) => (v === null ? null : toTimestampTz(v, ctx.pins.timezone))),
    FLOE_TO_BOOLEAN: converting((v: unknown) => (v === null ? null : toBoolean(v))),
    FLOE_TO_NUMBER: converting((v: unknown, p: unknown, s: unknown) => {
      if (v === null) return null;
      const r = toNumber(v, p === null ? null : Number(p), s === null ? null : Number(s));
      // A bigint result would become NULL in sql.js: hand back text, SQLite's affinity stores it.
      return typeof r === 'bigint' ? (Number.isSafeInteger(Number(r)) ? Number(r) : r.toString()) : r;
    }),
    FLOE_TO_BINARY: converting((v: unknown, fmt: unknown) => {
      if (v === null) return null;
      if (v instanceof Uint8Array) return v;
      return toBinary(String(v), (typeof fmt === 'string' ? fmt.toUpperCase() : 'HEX') as 'HEX' | 'BASE64' | 'UTF-8');
    }),
    FLOE_CONVERT: converting((v: unknown, from: unknown, to: unknown, fmt: unknown, tryIt: unknown) => {
      if (v === null || fmt === null) return null;
      if (!tryIt) return convert(v, String(from), String(to), String(fmt), ctx.pins.timezone);
      try {
        return convert(v, String(from), String(to), String(fmt), ctx.pins.timezone);
      } catch {
        return null;
      }
    }),
    /** TO_TIMESTAMP*(n, scale) / TO_DATE(n, scale): n is in units of 10^-scale seconds. */
    FLOE_EPOCH_TO: converting((v: unknown, scale: unknown, to: unknown, tryIt: unknown) => {
      if (v === null || scale === null) return null;
      try {
        const digits = typeof v === 'bigint' ? v.toString() : String(toNumber(v, 38, 0));
        const sc = Number(scale);
        const ns = sc <= 9 ? BigInt(digits) * 10n ** BigInt(9 - sc) : BigInt(digits) / 10n ** BigInt(sc - 9);
        const utc = timestampFromEpochNanos(ns);
        if (utc === null) throw new ValueConversionError(`Timestamp '${String(v)}' is not recognized`);
        switch (String(to)) {
          case 'DATE': return utc.slice(0, 10);
          case 'TZ': return ltzToTz(utc, ctx.pins.timezone);
          default: return utc; // NTZ: the UTC wall clock; LTZ: the instant
        }
      } catch (e) {
        if (tryIt) return null;
        throw e;
      }
    }),
    // A write into VARCHAR(n): longer text is refused, as Snowflake does (a cast keeps it).
    FLOE_STORE_VARCHAR: (v: unknown, n: unknown) => {
      if (v === null) return null;
      const text = v instanceof Uint8Array ? Buffer.from(v).toString('hex').toUpperCase() : String(v);
      if (text.length > (n as number) && [...text].length > (n as number)) throw udfError('100074', '22000', `String '${text}' is too long and would be truncated`);
      return text;
    },
    FLOE_TO_VARCHAR: (v: unknown) => {
      if (v === null) return null;
      if (v instanceof Uint8Array) return Buffer.from(v).toString('hex').toUpperCase();
      return String(v);
    },
  } satisfies ImplementationSlice;
}
