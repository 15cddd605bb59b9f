/**
 * Stored DATE/TIME/TIMESTAMP values ⇄ wall clocks, by the kind the compiler knows the value
 * has. TIMESTAMP_LTZ is stored as a UTC instant: it is read as the wall clock of the session
 * time zone and written back as an instant, so date functions see what the user sees.
 */
import { formatDate, formatTimeOfDay, formatTimestamp, MAX_DAYS, MIN_DAYS, SECONDS_PER_DAY, splitSeconds } from './civil';
import type { Wall } from './date-parts';
import { toDate, toTime, toTimestampNtz, toTimestampTz } from './datetime-convert';
import { ValueConversionError } from './errors';
import { epochDaysOf, scan, scanStoredTime, scanStoredTimestamp } from './stored';
import { wallToInstant, zoneOffsetAt } from './timezone';

/** What a value is: a temporal type, or AUTO for text/numbers (read as TIMESTAMP_NTZ). */
export type TemporalKind = 'DATE' | 'TIME' | 'NTZ' | 'LTZ' | 'TZ' | 'AUTO';

const KINDS = new Set<string>(['DATE', 'TIME', 'NTZ', 'LTZ', 'TZ', 'AUTO']);
export function temporalKind(tag: unknown): TemporalKind {
  const t = String(tag).toUpperCase();
  return (KINDS.has(t) ? t : 'AUTO') as TemporalKind;
}

function fromScan(offset: number): Wall {
  return { days: scan.days, secs: scan.secs, nanos: scan.nanos, offset };
}

/** The wall clock of a value of `kind` (LTZ: in `timezone`). Throws on unreadable input. */
export function readWall(v: unknown, kind: TemporalKind, timezone: string): Wall {
  switch (kind) {
    case 'DATE': {
      const days = epochDaysOf(typeof v === 'string' ? v : toDate(v, timezone));
      return { days: days === days ? days : epochDaysOf(toDate(v, timezone)), secs: 0, nanos: 0, offset: 0 };
    }
    case 'TIME': {
      if (!(typeof v === 'string' && scanStoredTime(v))) scanStoredTime(toTime(v));
      return { days: 0, secs: scan.secs, nanos: scan.nanos, offset: 0 };
    }
    case 'LTZ': {
      if (!(typeof v === 'string' && scanStoredTimestamp(v))) scanStoredTimestamp(toTimestampNtz(v));
      const utc = scan.days * SECONDS_PER_DAY + scan.secs - (scan.offset ?? 0) * 60;
      const nanos = scan.nanos;
      const offset = zoneOffsetAt(utc * 1000, timezone);
      const [days, secs] = splitSeconds(utc + offset * 60);
      return { days, secs, nanos, offset };
    }
    case 'TZ': {
      if (typeof v === 'string' && scanStoredTimestamp(v) && scan.offset !== null) return fromScan(scan.offset);
      scanStoredTimestamp(toTimestampTz(v, timezone));
      return fromScan(scan.offset ?? 0);
    }
    default: {
      if (!(typeof v === 'string' && scanStoredTimestamp(v))) scanStoredTimestamp(toTimestampNtz(v));
      return fromScan(0);
    }
  }
}

function checkRange(days: number): void {
  if (days < MIN_DAYS || days > MAX_DAYS) throw new ValueConversionError('Timestamp is out of the supported range');
}

/**
 * The stored form of a wall clock as `kind`. LTZ: the wall clock is resolved in `timezone`
 * (so adding a day keeps the local time across a DST change); TZ keeps the wall's offset.
 */
export function writeWall(w: Wall, kind: TemporalKind, timezone: string): string {
  switch (kind) {
    case 'DATE': checkRange(w.days); return formatDate(w.days);
    case 'TIME': return formatTimeOfDay(w.secs, w.nanos);
    case 'LTZ': {
      const { utc } = wallToInstant(w.days * SECONDS_PER_DAY + w.secs, timezone);
      const [days, secs] = splitSeconds(utc);
      checkRange(days);
      return formatTimestamp(days, secs, w.nanos);
    }
    case 'TZ': checkRange(w.days); return formatTimestamp(w.days, w.secs, w.nanos, w.offset);
    default: checkRange(w.days); return formatTimestamp(w.days, w.secs, w.nanos);
  }
}

/** The stored LTZ form (UTC) of an instant given as a wall clock and its offset. */
export function instantOfWall(w: Wall): string {
  const [days, secs] = splitSeconds(w.days * SECONDS_PER_DAY + w.secs - w.offset * 60);
  checkRange(days);
  return formatTimestamp(days, secs, w.nanos);
}
