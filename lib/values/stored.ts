/**
 * Allocation-free scanners for the canonical STORED forms (the hot path of the cell
 * encoder and the fast path of every conversion). They accept 0..9 fraction digits and
 * return false / null for anything else so callers can fall back to the lenient parser.
 */
import { daysFromCivil, isValidDate } from './civil';

/** Wall-clock (or UTC, for LTZ) parts of a stored time/timestamp. */
export interface DateTimeParts {
  /** Epoch days of the wall-clock date. */
  days: number;
  /** Seconds of the day, 0..86399. */
  secs: number;
  /** Nanoseconds, 0..999999999. */
  nanos: number;
  /** Minutes east of UTC (TIMESTAMP_TZ only), else null. */
  offset: number | null;
}

export const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000];

/** Two decimal digits at i (caller guarantees i + 1 < length), or -1. Small ints keep V8 on its fast path. */
function num2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Result registers of the last successful scan (single-threaded, so a shared scratch is safe). */
export const scan = { days: 0, secs: 0, nanos: 0, offset: null as number | null, end: 0 };

/** 'YYYY-MM-DD' at position i → epoch days, or NaN. */
export function scanDate(s: string, i: number): number {
  if (s.length < i + 10 || s.charCodeAt(i + 4) !== 45 || s.charCodeAt(i + 7) !== 45) return NaN;
  const y1 = num2(s, i);
  const y2 = num2(s, i + 2);
  const m = num2(s, i + 5);
  const d = num2(s, i + 8);
  if (y1 < 0 || y2 < 0) return NaN;
  const y = y1 * 100 + y2;
  return isValidDate(y, m, d) ? daysFromCivil(y, m, d) : NaN;
}

/** 'HH:MM:SS[.f{1,9}]' at position i into scan.secs/nanos/end. */
export function scanTime(s: string, i: number): boolean {
  const len = s.length;
  if (len < i + 8 || s.charCodeAt(i + 2) !== 58 || s.charCodeAt(i + 5) !== 58) return false;
  const h = num2(s, i);
  const mi = num2(s, i + 3);
  const se = num2(s, i + 6);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return false;
  let j = i + 8;
  let nanos = 0;
  if (j < len && s.charCodeAt(j) === 46) {
    j++;
    let k = 0;
    for (; k < 9 && j + k < len; k++) {
      const dd = s.charCodeAt(j + k) - 48;
      if (dd < 0 || dd > 9) break;
      nanos = nanos * 10 + dd;
    }
    if (k === 0) return false;
    nanos *= POW10[9 - k];
    j += k;
  }
  scan.secs = h * 3600 + mi * 60 + se;
  scan.nanos = nanos;
  scan.end = j;
  return true;
}

/** Whole-string stored TIME → scan.secs/nanos. */
export function scanStoredTime(s: string): boolean {
  return scanTime(s, 0) && scan.end === s.length;
}

/**
 * Whole-string stored timestamp: 'YYYY-MM-DD HH:MM:SS[.f]' with an optional ' ±HH:MM'
 * suffix (TZ form). Also accepts 'T' as the separator. Fills scan.days/secs/nanos/offset.
 */
export function scanStoredTimestamp(s: string): boolean {
  if (s.length < 19) return false;
  const days = scanDate(s, 0);
  if (days !== days) return false;
  const sep = s.charCodeAt(10);
  if ((sep !== 32 && sep !== 84) || !scanTime(s, 11)) return false;
  scan.days = days;
  const j = scan.end;
  if (j === s.length) {
    scan.offset = null;
    return true;
  }
  if (s.length !== j + 7) return false;
  const sign = s.charCodeAt(j + 1);
  if (s.charCodeAt(j) !== 32 || (sign !== 43 && sign !== 45) || s.charCodeAt(j + 4) !== 58) return false;
  const oh = num2(s, j + 2);
  const om = num2(s, j + 5);
  if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
  scan.offset = (sign === 45 ? -1 : 1) * (oh * 60 + om);
  return true;
}

/** Epoch days of a stored 'YYYY-MM-DD' date; NaN when it is not one. */
export function epochDaysOf(date: string): number {
  return date.length === 10 ? scanDate(date, 0) : NaN;
}

/** Parts of a stored timestamp (any kind), or null when it is not in a stored form. */
export function parseStoredTimestamp(s: string): DateTimeParts | null {
  if (!scanStoredTimestamp(s)) return null;
  return { days: scan.days, secs: scan.secs, nanos: scan.nanos, offset: scan.offset };
}
