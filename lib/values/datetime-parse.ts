/**
 * AUTO detection of date/time/timestamp text (Snowflake's "supported formats for AUTO
 * detection"): ISO 'YYYY-MM-DD[( |T)HH24:MI[:SS[.FF]]][ ][TZ]', 'DD-MON-YYYY',
 * 'MM/DD/YYYY', RFC 'DY, DD MON YYYY HH24:MI:SS TZHTZM', ctime 'DY MON DD HH24:MI:SS
 * [TZHTZM] YYYY', 12-hour clocks with AM/PM, offsets 'Z' / ±HH / ±HHMM / ±HH:MM.
 * Canonical stored forms take a regex-free fast path.
 */
import { daysFromCivil, isValidDate } from './civil';
import { POW10, scan, scanDate, scanStoredTime, scanStoredTimestamp } from './stored';

export interface ParsedDateTime {
  hasDate: boolean;
  hasTime: boolean;
  /** Epoch days of the (wall-clock) date; 0 when there is no date. */
  days: number;
  /** Seconds of day; 0 when there is no time. */
  secs: number;
  nanos: number;
  /** Explicit offset in minutes east of UTC, or null. */
  offset: number | null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Month number of 'Mar' / 'march' / 'SEPT' (case-insensitive), or 0. */
export function monthFromName(name: string): number {
  const n = name.toLowerCase();
  if (n.length < 3) return 0;
  for (let i = 0; i < 12; i++) {
    const full = MONTHS[i];
    if (full.startsWith(n) || (n === 'sept' && i === 8)) return i + 1;
  }
  return 0;
}

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:\s*([AaPp])\.?[Mm]\.?)?`;
const TZ = String.raw`(?:\s*(Z|z|[+-]\d{2}(?::?\d{2})?))?`;
const TIME_ONLY_RE = new RegExp('^' + TIME + TZ + '$');
const TIME_REST_RE = new RegExp(String.raw`^(?:T|t|\s+)` + TIME + TZ + '$');

// Each yields [y, m(number or name), d] group indices and leaves the remainder in the last group.
const ISO_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})([\s\S]*)$/;
const DMY_RE = /^(\d{1,2})-([A-Za-z]{3,9})-(\d{4})([\s\S]*)$/;
const MDY_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})([\s\S]*)$/;
const RFC_RE = /^(?:[A-Za-z]{3,9},?\s+)?(\d{1,2})\s+([A-Za-z]{3,9})\s+(\d{4})([\s\S]*)$/;
const CTIME_RE = new RegExp(
  String.raw`^[A-Za-z]{3,9},?\s+([A-Za-z]{3,9})\s+(\d{1,2})\s+` + TIME + String.raw`(?:\s+(Z|[+-]\d{2}(?::?\d{2})?))?\s+(\d{4})$`,
);

function parseOffset(tz: string | undefined): number | null | undefined {
  if (tz === undefined) return null;
  if (tz === 'Z' || tz === 'z') return 0;
  const sign = tz[0] === '-' ? -1 : 1;
  const digits = tz.slice(1).replace(':', '');
  const h = +digits.slice(0, 2);
  const m = digits.length > 2 ? +digits.slice(2, 4) : 0;
  if (h > 23 || m > 59) return undefined;
  return sign * (h * 60 + m);
}

/** Time-of-day groups (h, mi, s, frac, meridian) → [secs, nanos], or null if out of range. */
function timeOf(h: string, mi: string, s: string | undefined, frac: string | undefined, ampm: string | undefined): [number, number] | null {
  let hour = +h;
  const minute = +mi;
  const second = s === undefined ? 0 : +s;
  if (minute > 59 || second > 59) return null;
  if (ampm !== undefined) {
    if (hour > 12) return null;
    hour = (hour % 12) + (ampm === 'p' || ampm === 'P' ? 12 : 0);
  } else if (hour > 23) return null;
  let nanos = 0;
  if (frac !== undefined) {
    const f = frac.length > 9 ? frac.slice(0, 9) : frac;
    nanos = +f * POW10[9 - f.length];
  }
  return [hour * 3600 + minute * 60 + second, nanos];
}

function result(hasDate: boolean, hasTime: boolean, days: number, secs: number, nanos: number, offset: number | null): ParsedDateTime {
  return { hasDate, hasTime, days, secs, nanos, offset };
}

/** Parse the remainder after a date: '' or a time with optional offset. */
function withRest(days: number, rest: string): ParsedDateTime | null {
  if (rest.trim() === '') return result(true, false, days, 0, 0, null);
  const m = TIME_REST_RE.exec(rest);
  if (!m) return null;
  const t = timeOf(m[1], m[2], m[3], m[4], m[5]);
  const off = parseOffset(m[6]);
  if (!t || off === undefined) return null;
  return result(true, true, days, t[0], t[1], off);
}

function dateDays(y: number, m: number, d: number): number | null {
  return isValidDate(y, m, d) ? daysFromCivil(y, m, d) : null;
}

/**
 * Parse date/time text in any AUTO format. Returns null when unrecognized or
 * invalid (e.g. month 13). Epoch-number strings are NOT handled here.
 */
export function parseDateTimeText(text: string): ParsedDateTime | null {
  const s = text.trim();
  // Fast paths: canonical stored forms.
  if (s.length === 10) {
    const days = scanDate(s, 0);
    if (days === days) return result(true, false, days, 0, 0, null);
  } else if (s.length >= 19 && scanStoredTimestamp(s)) {
    return result(true, true, scan.days, scan.secs, scan.nanos, scan.offset);
  } else if (s.length >= 8 && s.length <= 18 && scanStoredTime(s)) {
    return result(false, true, 0, scan.secs, scan.nanos, null);
  }

  let m = ISO_RE.exec(s);
  if (m) {
    const days = dateDays(+m[1], +m[2], +m[3]);
    return days === null ? null : withRest(days, m[4]);
  }
  m = MDY_RE.exec(s);
  if (m) {
    const days = dateDays(+m[3], +m[1], +m[2]);
    return days === null ? null : withRest(days, m[4]);
  }
  m = DMY_RE.exec(s) ?? RFC_RE.exec(s);
  if (m) {
    const days = dateDays(+m[3], monthFromName(m[2]), +m[1]);
    return days === null ? null : withRest(days, m[4]);
  }
  m = CTIME_RE.exec(s);
  if (m) {
    const days = dateDays(+m[9], monthFromName(m[1]), +m[2]);
    const t = timeOf(m[3], m[4], m[5], m[6], m[7]);
    const off = parseOffset(m[8]);
    if (days === null || !t || off === undefined) return null;
    return result(true, true, days, t[0], t[1], off);
  }
  m = TIME_ONLY_RE.exec(s);
  if (m) {
    const t = timeOf(m[1], m[2], m[3], m[4], m[5]);
    const off = parseOffset(m[6]);
    if (!t || off === undefined) return null;
    return result(false, true, 0, t[0], t[1], off);
  }
  return null;
}
