/**
 * Time-zone offsets via Intl (the only tz database available without dependencies).
 * Formatters are cached per zone and offsets per 15-minute bucket, because
 * formatToParts costs microseconds and LTZ formatting may run per cell.
 */
import { daysFromCivil } from './civil';
import { ValueConversionError } from './errors';

interface Zone {
  /** Fixed offset in minutes, or null when `dtf` must be consulted. */
  fixed: number | null;
  dtf: Intl.DateTimeFormat | null;
  cache: Map<number, number>;
}

const zones = new Map<string, Zone>();
const BUCKET_MS = 15 * 60 * 1000;
const MAX_CACHE = 20000;

function parseFixedZone(zone: string): number | null {
  const u = zone.trim().toUpperCase();
  if (u === 'UTC' || u === 'GMT' || u === 'Z' || u === 'ETC/UTC' || u === 'ETC/GMT') return 0;
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(u);
  if (!m) return null;
  const h = +m[2];
  const mi = m[3] ? +m[3] : 0;
  if (h > 23 || mi > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (h * 60 + mi);
}

function getZone(zone: string): Zone {
  let z = zones.get(zone);
  if (z) return z;
  const fixed = parseFixedZone(zone);
  let dtf: Intl.DateTimeFormat | null = null;
  if (fixed === null) {
    try {
      dtf = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      throw new ValueConversionError(`Unknown time zone: '${zone}'`);
    }
  }
  z = { fixed, dtf, cache: new Map() };
  zones.set(zone, z);
  return z;
}

/** True when `zone` is usable as TIMEZONE (IANA name, UTC/GMT, or ±HH:MM). */
export function isValidTimeZone(zone: string): boolean {
  try {
    getZone(zone);
    return true;
  } catch {
    return false;
  }
}

/** Exact offset (seconds east of UTC) from Intl at an instant. */
function intlOffsetSeconds(dtf: Intl.DateTimeFormat, ms: number): number {
  let y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  let bc = false;
  for (const p of dtf.formatToParts(ms)) {
    switch (p.type) {
      case 'year': y = +p.value; break;
      case 'month': mo = +p.value; break;
      case 'day': d = +p.value; break;
      case 'hour': h = +p.value; break;
      case 'minute': mi = +p.value; break;
      case 'second': s = +p.value; break;
      case 'era': bc = p.value.startsWith('B'); break;
    }
  }
  if (bc) y = 1 - y;
  const wall = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
  return wall - Math.floor(ms / 1000);
}

/** Offset in minutes east of UTC of `zone` at the instant `epochMs`. */
export function zoneOffsetAt(epochMs: number, zone: string): number {
  const z = getZone(zone);
  if (z.fixed !== null) return z.fixed;
  const dtf = z.dtf as Intl.DateTimeFormat;
  const bucket = Math.floor(epochMs / BUCKET_MS);
  const hit = z.cache.get(bucket);
  if (hit !== undefined) return hit;
  // Offsets are whole minutes in practice; old LMT offsets with seconds round to a minute.
  const start = Math.round(intlOffsetSeconds(dtf, bucket * BUCKET_MS) / 60);
  const end = Math.round(intlOffsetSeconds(dtf, bucket * BUCKET_MS + BUCKET_MS - 1) / 60);
  if (start === end) {
    if (z.cache.size >= MAX_CACHE) z.cache.clear();
    z.cache.set(bucket, start);
    return start;
  }
  // A transition inside this bucket: answer exactly, do not cache.
  return Math.round(intlOffsetSeconds(dtf, epochMs) / 60);
}

/**
 * Resolve a wall-clock time (seconds since epoch read as if UTC) in `zone`.
 * Ambiguous times (fall back) take the earlier instant; times in a gap (spring
 * forward) are moved forward by the gap, as java.time does.
 * Returns the UTC epoch seconds and the offset (minutes) in effect.
 */
export function wallToInstant(wallSeconds: number, zone: string): { utc: number; offset: number } {
  const z = getZone(zone);
  if (z.fixed !== null) return { utc: wallSeconds - z.fixed * 60, offset: z.fixed };
  const wallMs = wallSeconds * 1000;
  // Offsets in force well before / after any instant this wall time could denote.
  const before = zoneOffsetAt(wallMs - 86400000, zone);
  const after = zoneOffsetAt(wallMs + 86400000, zone);
  const valid = (o: number) => zoneOffsetAt(wallMs - o * 60000, zone) === o;
  if (valid(before)) return { utc: wallSeconds - before * 60, offset: before };
  if (before !== after && valid(after)) return { utc: wallSeconds - after * 60, offset: after };
  // Gap: interpret with the earlier offset, which lands after the transition.
  const utc = wallSeconds - before * 60;
  return { utc, offset: zoneOffsetAt(utc * 1000, zone) };
}
