/**
 * Proleptic-Gregorian calendar arithmetic on epoch days, plus the canonical text
 * writers for stored date/time values. Integer math only (H. Hinnant's algorithms),
 * so no Date objects and no year-0..99 surprises from Date.UTC.
 */

export const SECONDS_PER_DAY = 86400;
/** Stored values are limited to years 0000..9999 so that text order equals time order. */
export const MIN_YEAR = 0;
export const MAX_YEAR = 9999;

/** Days since 1970-01-01 of a civil date (month 1..12). */
export function daysFromCivil(y: number, m: number, d: number): number {
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date [year, month 1..12, day] of an epoch-day number. */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1];
}

/** True when y-m-d is a real calendar date inside the supported year range. */
export function isValidDate(y: number, m: number, d: number): boolean {
  return y >= MIN_YEAR && y <= MAX_YEAR && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function dayOfWeek(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

// Epoch-day bounds of the supported range, used to reject out-of-range epochs.
export const MIN_DAYS = daysFromCivil(MIN_YEAR, 1, 1);
export const MAX_DAYS = daysFromCivil(MAX_YEAR, 12, 31);

export function pad2(n: number): string {
  return n < 10 ? '0' + n : '' + n;
}

export function pad4(n: number): string {
  return n < 10 ? '000' + n : n < 100 ? '00' + n : n < 1000 ? '0' + n : '' + n;
}

const ZEROS = '000000000';
/** Nanoseconds (0..999999999) as exactly 9 digits. */
export function pad9(n: number): string {
  const s = '' + n;
  return s.length >= 9 ? s : ZEROS.slice(s.length) + s;
}

/** 'YYYY-MM-DD' of an epoch day. */
export function formatDate(days: number): string {
  const [y, m, d] = civilFromDays(days);
  return pad4(y) + '-' + pad2(m) + '-' + pad2(d);
}

/** Canonical 'HH:MM:SS.fffffffff' of seconds-of-day + nanos. */
export function formatTimeOfDay(secs: number, nanos: number): string {
  const h = Math.floor(secs / 3600);
  const mi = Math.floor((secs % 3600) / 60);
  return pad2(h) + ':' + pad2(mi) + ':' + pad2(secs % 60) + '.' + pad9(nanos);
}

/** '+HH:MM' / '-HH:MM' of an offset in minutes east of UTC. */
export function formatOffset(minutes: number): string {
  const a = Math.abs(minutes);
  return (minutes < 0 ? '-' : '+') + pad2(Math.floor(a / 60)) + ':' + pad2(a % 60);
}

/**
 * Canonical stored timestamp 'YYYY-MM-DD HH:MM:SS.fffffffff' (+ ' ±HH:MM' when an
 * offset is given, i.e. the TIMESTAMP_TZ form).
 */
export function formatTimestamp(days: number, secs: number, nanos: number, offset?: number | null): string {
  const base = formatDate(days) + ' ' + formatTimeOfDay(secs, nanos);
  return offset == null ? base : base + ' ' + formatOffset(offset);
}

/** Split a (possibly negative) count of epoch seconds into [days, secondsOfDay]. */
export function splitSeconds(total: number): [number, number] {
  const days = Math.floor(total / SECONDS_PER_DAY);
  return [days, total - days * SECONDS_PER_DAY];
}
