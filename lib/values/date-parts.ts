/**
 * Date and time parts (Snowflake's "Supported date and time parts") and the calendar
 * arithmetic of DATE_PART, DATE_TRUNC, DATEADD and DATEDIFF on wall-clock values.
 * Integer math on epoch days + seconds of day + nanos; no Date objects.
 */
import { civilFromDays, dayOfWeek, daysFromCivil, daysInMonth, SECONDS_PER_DAY, splitSeconds } from './civil';
import { ValueConversionError } from './errors';

/** A wall-clock value: epoch days, seconds of day, nanos, and the offset it was read with (minutes). */
export interface Wall {
  days: number;
  secs: number;
  nanos: number;
  offset: number;
}

export type DatePart =
  | 'year' | 'quarter' | 'month' | 'week' | 'weekiso' | 'day' | 'dayofweek' | 'dayofweekiso' | 'dayofyear'
  | 'yearofweek' | 'yearofweekiso' | 'hour' | 'minute' | 'second' | 'millisecond' | 'microsecond' | 'nanosecond'
  | 'epoch_second' | 'epoch_millisecond' | 'epoch_microsecond' | 'epoch_nanosecond' | 'timezone_hour' | 'timezone_minute';

const ALIASES: Record<DatePart, string[]> = {
  year: ['y', 'yy', 'yyy', 'yyyy', 'yr', 'years', 'yrs'],
  quarter: ['q', 'qtr', 'qtrs', 'quarters'],
  month: ['mm', 'mon', 'mons', 'months'],
  week: ['w', 'wk', 'weekofyear', 'woy', 'wy', 'weeks'],
  weekiso: ['week_iso', 'weekofyeariso', 'weekofyear_iso'],
  day: ['d', 'dd', 'days', 'dayofmonth'],
  dayofweek: ['weekday', 'dow', 'dw'],
  dayofweekiso: ['dayofweek_iso', 'weekday_iso', 'dow_iso', 'dw_iso'],
  dayofyear: ['yearday', 'doy', 'dy'],
  yearofweek: [],
  yearofweekiso: ['yearofweek_iso'],
  hour: ['h', 'hh', 'hr', 'hours', 'hrs'],
  minute: ['m', 'mi', 'min', 'minutes', 'mins'],
  second: ['s', 'sec', 'seconds', 'secs'],
  millisecond: ['ms', 'msec', 'milliseconds'],
  microsecond: ['us', 'usec', 'microseconds'],
  nanosecond: ['ns', 'nsec', 'nanosec', 'nsecond', 'nanoseconds', 'nanosecs', 'nseconds'],
  epoch_second: ['epoch', 'epoch_seconds'],
  epoch_millisecond: ['epoch_milliseconds'],
  epoch_microsecond: ['epoch_microseconds'],
  epoch_nanosecond: ['epoch_nanoseconds'],
  timezone_hour: ['tzh', 'timezonehour'],
  timezone_minute: ['tzm', 'timezoneminute'],
};

const PARTS = new Map<string, DatePart>();
for (const [part, names] of Object.entries(ALIASES) as [DatePart, string[]][]) {
  PARTS.set(part, part);
  for (const n of names) PARTS.set(n, part);
}

/** The canonical part of a name or abbreviation (case-insensitive), or null. */
export function datePartOf(name: string): DatePart | null {
  return PARTS.get(name.trim().toLowerCase()) ?? null;
}

/** Parts that live in the date (they need a DATE or TIMESTAMP, and keep a DATE a DATE). */
export function isDateLevel(p: DatePart): boolean {
  return p === 'year' || p === 'quarter' || p === 'month' || p === 'week' || p === 'weekiso' || p === 'day'
    || p === 'dayofweek' || p === 'dayofweekiso' || p === 'dayofyear' || p === 'yearofweek' || p === 'yearofweekiso';
}

const NS = 1_000_000_000n;

/**
 * The session's WEEK_START (0: legacy, weeks start on Monday and DAYOFWEEK counts 0 = Sunday;
 * 1 = Monday … 7 = Sunday) and WEEK_OF_YEAR_POLICY (0: a week belongs to the year holding at
 * least 4 of its days; 1: the week holding January 1 is week 1) ("Calendar weeks and weekdays").
 */
export interface WeekSettings {
  start: number;
  policy: number;
}

/** Snowflake's defaults: ISO weeks. */
export const ISO_WEEKS: WeekSettings = { start: 0, policy: 0 };

/** 1 = Monday … 7 = Sunday. */
function isoDayOfWeek(days: number): number {
  return ((dayOfWeek(days) + 6) % 7) + 1;
}

/** The ISO number (1 = Monday … 7 = Sunday) of the day weeks start on. */
const firstDay = (s: WeekSettings): number => (s.start >= 1 && s.start <= 7 ? s.start : 1);

/** The epoch day the week holding `days` starts on. */
function weekStartDay(days: number, s: WeekSettings): number {
  return days - ((isoDayOfWeek(days) - firstDay(s) + 7) % 7);
}

/** DAYOFWEEK: 0 = Sunday … 6 = Saturday with WEEK_START 0, else 1 = the first day of the week … 7. */
function dayOfWeekIn(days: number, s: WeekSettings): number {
  if (s.start < 1 || s.start > 7) return dayOfWeek(days);
  return ((isoDayOfWeek(days) - s.start + 7) % 7) + 1;
}

/** [year of week, week of year] of an epoch day under the session's week settings. */
function weekOfYear(days: number, s: WeekSettings): [number, number] {
  const start = weekStartDay(days, s);
  if (s.policy === 1) {
    // January 1 starts week 1; weeks break on the first day of the week (the first and last weeks may be short).
    const [y] = civilFromDays(days);
    return [y, Math.floor((start - weekStartDay(daysFromCivil(y, 1, 1), s)) / 7) + 1];
  }
  // A week belongs to the year holding at least 4 of its days: the year of its fourth day.
  const fourth = start + 3;
  const [y] = civilFromDays(fourth);
  return [y, Math.floor((fourth - daysFromCivil(y, 1, 1)) / 7) + 1];
}

/** [ISO year, ISO week] of an epoch day (weeks start Monday; week 1 holds the first Thursday). */
function isoWeek(days: number): [number, number] {
  const thursday = days - isoDayOfWeek(days) + 4;
  const [y] = civilFromDays(thursday);
  return [y, Math.floor((thursday - daysFromCivil(y, 1, 1)) / 7) + 1];
}

/** Epoch seconds of the wall clock read as UTC, minus the offset (the instant). */
function instantNanos(w: Wall): bigint {
  return BigInt(w.days * SECONDS_PER_DAY + w.secs - w.offset * 60) * NS + BigInt(w.nanos);
}

/** DATE_PART / EXTRACT. The *iso parts ignore the week settings. */
export function extractPart(p: DatePart, w: Wall, weeks: WeekSettings = ISO_WEEKS): number | bigint {
  const [y, m, d] = civilFromDays(w.days);
  switch (p) {
    case 'year': return y;
    case 'quarter': return Math.floor((m - 1) / 3) + 1;
    case 'month': return m;
    case 'day': return d;
    case 'dayofweek': return dayOfWeekIn(w.days, weeks);
    case 'dayofweekiso': return isoDayOfWeek(w.days);
    case 'dayofyear': return w.days - daysFromCivil(y, 1, 1) + 1;
    case 'week': return weekOfYear(w.days, weeks)[1];
    case 'weekiso': return isoWeek(w.days)[1];
    case 'yearofweek': return weekOfYear(w.days, weeks)[0];
    case 'yearofweekiso': return isoWeek(w.days)[0];
    case 'hour': return Math.floor(w.secs / 3600);
    case 'minute': return Math.floor((w.secs % 3600) / 60);
    case 'second': return w.secs % 60;
    case 'millisecond': return Math.floor(w.nanos / 1_000_000);
    case 'microsecond': return Math.floor(w.nanos / 1000);
    case 'nanosecond': return w.nanos;
    case 'epoch_second': return floorDiv(instantNanos(w), NS);
    case 'epoch_millisecond': return floorDiv(instantNanos(w), 1_000_000n);
    case 'epoch_microsecond': return floorDiv(instantNanos(w), 1000n);
    case 'epoch_nanosecond': return instantNanos(w);
    case 'timezone_hour': return Math.trunc(w.offset / 60);
    case 'timezone_minute': return w.offset % 60;
  }
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** DATE_TRUNC: the start of the part's period holding the value (weeks start on WEEK_START's day). */
export function truncatePart(p: DatePart, w: Wall, weeks: WeekSettings = ISO_WEEKS): Wall {
  const [y, m] = civilFromDays(w.days);
  const day = (days: number): Wall => ({ days, secs: 0, nanos: 0, offset: w.offset });
  switch (p) {
    case 'year': return day(daysFromCivil(y, 1, 1));
    case 'quarter': return day(daysFromCivil(y, m - ((m - 1) % 3), 1));
    case 'month': return day(daysFromCivil(y, m, 1));
    case 'week': return day(weekStartDay(w.days, weeks));
    case 'weekiso': return day(weekStartDay(w.days, ISO_WEEKS));
    case 'day': return day(w.days);
    case 'hour': return { ...w, secs: w.secs - (w.secs % 3600), nanos: 0 };
    case 'minute': return { ...w, secs: w.secs - (w.secs % 60), nanos: 0 };
    case 'second': return { ...w, nanos: 0 };
    case 'millisecond': return { ...w, nanos: w.nanos - (w.nanos % 1_000_000) };
    case 'microsecond': return { ...w, nanos: w.nanos - (w.nanos % 1000) };
    case 'nanosecond': return w;
    default: throw new ValueConversionError(`Invalid date/time part '${p}' for DATE_TRUNC`);
  }
}

/** Months in one unit of the month-based parts TIME_SLICE takes. */
const MONTHS_IN: Partial<Record<DatePart, number>> = { year: 12, quarter: 3, month: 1 };
/** Seconds in one unit of the day and time parts TIME_SLICE takes. */
const SECONDS_IN: Partial<Record<DatePart, number>> = { day: 86_400, hour: 3600, minute: 60, second: 1 };
/** Week slices start on a Monday: the one of the week holding 1970-01-01 (a Thursday). */
const FIRST_MONDAY = -3;

const floorTo = (x: number, step: number, origin = 0): number => Math.floor((x - origin) / step) * step + origin;

/**
 * TIME_SLICE: the start (or, with `end`, the end) of the slice of `n` parts that holds the wall
 * clock. Slices are counted from 1970-01-01 00:00:00, weeks from the Monday before it.
 */
export function slicePart(p: DatePart, n: number, w: Wall, end: boolean): Wall {
  const at = (days: number, secs = 0): Wall => ({ days, secs, nanos: 0, offset: w.offset });
  const months = MONTHS_IN[p];
  if (months !== undefined) {
    const [y, m] = civilFromDays(w.days);
    const k = floorTo((y - 1970) * 12 + m - 1, n * months) + (end ? n * months : 0);
    return at(daysFromCivil(1970 + Math.floor(k / 12), (((k % 12) + 12) % 12) + 1, 1));
  }
  if (p === 'week') return at(floorTo(w.days, 7 * n, FIRST_MONDAY) + (end ? 7 * n : 0));
  const seconds = SECONDS_IN[p];
  if (seconds === undefined) throw new ValueConversionError(`Invalid date/time part '${p}' for TIME_SLICE`);
  const total = floorTo(w.days * SECONDS_PER_DAY + w.secs, n * seconds) + (end ? n * seconds : 0);
  const days = Math.floor(total / SECONDS_PER_DAY);
  return at(days, total - days * SECONDS_PER_DAY);
}

/** LAST_DAY(x, 'week'): the last day of the week holding the value. */
export function lastDayOfWeek(days: number, weeks: WeekSettings = ISO_WEEKS): number {
  return weekStartDay(days, weeks) + 6;
}

/** Adds months keeping the day when it exists, else the month's last day (DATEADD's rule). */
export function addMonthsToDays(days: number, months: number, endOfMonthSticks = false): number {
  const [y, m, d] = civilFromDays(days);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  const last = daysInMonth(ny, nm);
  // ADD_MONTHS: the last day of a month maps to the last day of the result month.
  const nd = endOfMonthSticks && d === daysInMonth(y, m) ? last : Math.min(d, last);
  return daysFromCivil(ny, nm, nd);
}

const UNIT_NANOS: Partial<Record<DatePart, bigint>> = {
  hour: 3600n * NS, minute: 60n * NS, second: NS, millisecond: 1_000_000n, microsecond: 1000n, nanosecond: 1n,
};

/** DATEADD on a wall clock: calendar parts move the date, time parts move the clock (overflow carries). */
export function addPart(p: DatePart, n: number, w: Wall): Wall {
  switch (p) {
    case 'year': return { ...w, days: addMonthsToDays(w.days, n * 12) };
    case 'quarter': return { ...w, days: addMonthsToDays(w.days, n * 3) };
    case 'month': return { ...w, days: addMonthsToDays(w.days, n) };
    case 'week': case 'weekiso': return { ...w, days: w.days + n * 7 };
    case 'day': case 'dayofweek': case 'dayofweekiso': case 'dayofyear': return { ...w, days: w.days + n };
  }
  const unit = UNIT_NANOS[p];
  if (unit === undefined) throw new ValueConversionError(`Invalid date/time part '${p}' for DATEADD`);
  const total = BigInt(w.days * SECONDS_PER_DAY + w.secs) * NS + BigInt(w.nanos) + BigInt(n) * unit;
  let secs = total / NS;
  let nanos = total % NS;
  if (nanos < 0n) { nanos += NS; secs -= 1n; }
  const [days, sod] = splitSeconds(Number(secs));
  return { days, secs: sod, nanos: Number(nanos), offset: w.offset };
}

/**
 * DATEDIFF: the number of part boundaries crossed from a to b. Both values are compared at
 * the part's level (2024-12-31 → 2025-01-01 is one year), in their wall clocks.
 */
export function diffPart(p: DatePart, a: Wall, b: Wall, weeks: WeekSettings = ISO_WEEKS): bigint {
  const [ya, ma] = civilFromDays(a.days);
  const [yb, mb] = civilFromDays(b.days);
  switch (p) {
    case 'year': return BigInt(yb - ya);
    case 'quarter': return BigInt(yb * 4 + Math.floor((mb - 1) / 3) - (ya * 4 + Math.floor((ma - 1) / 3)));
    case 'month': return BigInt(yb * 12 + mb - (ya * 12 + ma));
    case 'week': return BigInt((weekStartDay(b.days, weeks) - weekStartDay(a.days, weeks)) / 7);
    case 'weekiso': return BigInt((weekStartDay(b.days, ISO_WEEKS) - weekStartDay(a.days, ISO_WEEKS)) / 7);
    case 'day': case 'dayofweek': case 'dayofweekiso': case 'dayofyear': return BigInt(b.days - a.days);
  }
  const unit = UNIT_NANOS[p];
  if (unit === undefined) throw new ValueConversionError(`Invalid date/time part '${p}' for DATEDIFF`);
  // Time parts: whole units between the truncated values (offsets do count: instants).
  const na = instantNanos(a);
  const nb = instantNanos(b);
  return floorDiv(nb, unit) - floorDiv(na, unit);
}
