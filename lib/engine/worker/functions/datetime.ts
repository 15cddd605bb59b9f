/**
 * Date and time functions. The compiler passes each temporal argument's kind (DATE, TIME, NTZ,
 * LTZ, TZ or AUTO) and canonical part names, so these only compute: wall clocks in, stored
 * forms out (lib/values/temporal.ts). The clock and time zone are the statement's pins.
 */
import {
  addMonthsToDays, addPart, civilFromDays, datePartOf, dayOfWeek, daysFromCivil, daysInMonth, diffPart, extractPart,
  formatDate, formatTimeOfDay, formatTimestamp, instantOfWall, isDateLevel, readWall, SECONDS_PER_DAY, slicePart, splitSeconds,
  lastDayOfWeek, temporalKind, truncatePart, ValueConversionError, wallToInstant, writeWall, zoneOffsetAt,
  type DatePart, type TemporalKind, type Wall, type WeekSettings,
} from '@/lib/values';
import { parseStoredTimestamp } from '@/lib/values/stored';
import { udfError } from '../../sqlite-errors';
import { converting, variadic, type FunctionContext, type ImplementationSlice } from './util';

function part(name: unknown): DatePart {
  const p = datePartOf(String(name));
  if (!p) throw udfError('002020', '42601', `SQL compilation error:\nInvalid date/time part '${String(name)}'`);
  return p;
}

/** sql.js cannot return a bigint: safe integers as numbers, others as text (SQLite keeps the digits). */
function intResult(n: number | bigint): number | string {
  if (typeof n === 'number') return n;
  return Number.isSafeInteger(Number(n)) ? Number(n) : n.toString();
}

function int(v: unknown): number {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new ValueConversionError(`Numeric value '${String(v)}' is not recognized`);
  return Math.round(n);
}

const DAY_NAMES = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];
/** 0 = Sunday … 6 = Saturday from a day name ('Friday', 'fr', 'FRI '): the first two letters count. */
function dayOfWeekNamed(name: unknown): number {
  const i = DAY_NAMES.indexOf(String(name).trim().slice(0, 2).toLowerCase());
  if (i < 0) throw udfError('100097', '22023', `Invalid day of week: '${String(name)}'`);
  return i;
}

/** Wall clock of an instant in a zone. */
function wallAt(epochSeconds: number, nanos: number, zone: string): Wall {
  const offset = zoneOffsetAt(epochSeconds * 1000, zone);
  const [days, secs] = splitSeconds(epochSeconds + offset * 60);
  return { days, secs, nanos, offset };
}

export function datetimeFunctions(ctx: FunctionContext) {
  const tz = () => ctx.pins.timezone;
  const weeks = (): WeekSettings => ({ start: ctx.pins.weekStart ?? 0, policy: ctx.pins.weekOfYearPolicy ?? 0 });
  const now = () => {
    const ms = ctx.pins.nowMs;
    return { secs: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
  };

  // GREATEST/LEAST of TIMESTAMP_TZ values compare instants, not wall clocks (the stored text);
  // NULL when any argument is NULL, the first of equal instants wins.
  const tzExtreme = (sign: number) => variadic(converting((...vs: unknown[]) => {
    let best: unknown = null;
    let key: [number, number] | null = null;
    for (const v of vs) {
      if (v === null) return null;
      const p = parseStoredTimestamp(String(v));
      if (!p) throw new ValueConversionError(`Timestamp '${String(v)}' is not recognized`);
      const k: [number, number] = [p.days * SECONDS_PER_DAY + p.secs - (p.offset ?? 0) * 60, p.nanos];
      if (key === null || (k[0] - key[0] || k[1] - key[1]) * sign > 0) { best = v; key = k; }
    }
    return best;
  }));

  const stepToDay = (dir: 1 | -1) => converting((v: unknown, kind: unknown, name: unknown) => {
    if (v === null || name === null) return null;
    const days = readWall(v, temporalKind(kind), tz()).days;
    const target = dayOfWeekNamed(name);
    const delta = dir === 1 ? ((target - dayOfWeek(days) + 7) % 7) || 7 : -(((dayOfWeek(days) - target + 7) % 7) || 7);
    return formatDate(days + delta);
  });

  const clock = (h: unknown, mi: unknown, s: unknown, ns: unknown): bigint =>
    (BigInt(int(h)) * 3600n + BigInt(int(mi)) * 60n + BigInt(int(s))) * 1_000_000_000n
    + BigInt(ns === null || ns === undefined ? 0 : int(ns));

  return {
    FLOE_TZ_GREATEST: tzExtreme(1),
    FLOE_TZ_LEAST: tzExtreme(-1),
    // A TIMESTAMP_TZ as its UTC instant in sortable text: what comparisons and ORDER BY of such
    // values use (the stored text is a wall clock plus an offset).
    FLOE_TZ_INSTANT: converting((v: unknown) => {
      if (v === null) return null;
      const p = parseStoredTimestamp(String(v));
      if (!p) throw new ValueConversionError(`Timestamp '${String(v)}' is not recognized`);
      const [days, secs] = splitSeconds(p.days * SECONDS_PER_DAY + p.secs - (p.offset ?? 0) * 60);
      return formatTimestamp(days, secs, p.nanos);
    }),

    // Pinned per statement: replaying a write gives the same value.
    FLOE_NOW_LTZ: () => {
      const n = now();
      const [days, secs] = splitSeconds(n.secs);
      return formatTimestamp(days, secs, n.nanos);
    },
    FLOE_SYSDATE: () => {
      const n = now();
      const [days, secs] = splitSeconds(n.secs);
      return formatTimestamp(days, secs, n.nanos);
    },
    FLOE_CURRENT_DATE: () => formatDate(wallAt(now().secs, 0, tz()).days),
    FLOE_CURRENT_TIME: () => {
      const n = now();
      const w = wallAt(n.secs, n.nanos, tz());
      return formatTimeOfDay(w.secs, w.nanos);
    },

    FLOE_DATEADD: converting((p: unknown, n: unknown, v: unknown, kindIn: unknown, kindOut: unknown) => {
      if (n === null || v === null) return null;
      const dp = part(p);
      const kin = temporalKind(kindIn);
      const w = addPart(dp, int(n), readWall(v, kin, tz()));
      // LTZ plus hours is an instant plus hours; plus days keeps the local clock.
      if (kin === 'LTZ' && !isDateLevel(dp)) return instantOfWall(w);
      return writeWall(w, temporalKind(kindOut), tz());
    }),

    FLOE_DATEDIFF: converting((p: unknown, a: unknown, ka: unknown, b: unknown, kb: unknown) => {
      if (a === null || b === null) return null;
      return intResult(diffPart(part(p), readWall(a, temporalKind(ka), tz()), readWall(b, temporalKind(kb), tz()), weeks()));
    }),

    FLOE_DATE_TRUNC: converting((p: unknown, v: unknown, kind: unknown) => {
      if (v === null) return null;
      const k = temporalKind(kind);
      return writeWall(truncatePart(part(p), readWall(v, k, tz()), weeks()), k === 'AUTO' ? 'NTZ' : k, tz());
    }),

    FLOE_TIME_SLICE: converting((v: unknown, n: unknown, p: unknown, kind: unknown, end: unknown) => {
      if (v === null || n === null) return null;
      const len = Number(n);
      if (!Number.isInteger(len) || len < 1) throw udfError('100097', '22023', `Invalid slice length for TIME_SLICE: ${String(n)}, must be an integer greater than or equal to 1`);
      const k = temporalKind(kind);
      return writeWall(slicePart(part(p), len, readWall(v, k, tz()), end === 1), k === 'AUTO' ? 'NTZ' : k, tz());
    }),

    FLOE_DATE_PART: converting((p: unknown, v: unknown, kind: unknown) => {
      if (v === null) return null;
      return intResult(extractPart(part(p), readWall(v, temporalKind(kind), tz()), weeks()));
    }),

    FLOE_LAST_DAY: converting((v: unknown, kind: unknown, p: unknown) => {
      if (v === null) return null;
      const w = readWall(v, temporalKind(kind), tz());
      const dp = p === null ? 'month' : part(p);
      const [y, m] = civilFromDays(w.days);
      switch (dp) {
        case 'year': return formatDate(daysFromCivil(y, 12, 31));
        case 'quarter': { const qm = m + 2 - ((m - 1) % 3); return formatDate(daysFromCivil(y, qm, daysInMonth(y, qm))); }
        case 'month': return formatDate(daysFromCivil(y, m, daysInMonth(y, m)));
        case 'week': return formatDate(lastDayOfWeek(w.days, weeks()));
        case 'weekiso': return formatDate(lastDayOfWeek(w.days));
        default: throw udfError('002020', '42601', `SQL compilation error:\nInvalid date/time part '${String(p)}' for LAST_DAY`);
      }
    }),

    FLOE_ADD_MONTHS: converting((v: unknown, n: unknown, kind: unknown, kindOut: unknown) => {
      if (v === null || n === null) return null;
      const w = readWall(v, temporalKind(kind), tz());
      return writeWall({ ...w, days: addMonthsToDays(w.days, int(n), true) }, temporalKind(kindOut), tz());
    }),

    FLOE_MONTHS_BETWEEN: converting((a: unknown, ka: unknown, b: unknown, kb: unknown) => {
      if (a === null || b === null) return null;
      const wa = readWall(a, temporalKind(ka), tz());
      const wb = readWall(b, temporalKind(kb), tz());
      const [ya, ma, da] = civilFromDays(wa.days);
      const [yb, mb, db] = civilFromDays(wb.days);
      const months = (ya - yb) * 12 + (ma - mb);
      // The same day of the month, or both last days: whole months (times do not count);
      // otherwise days and time count in 31sts of a month.
      if (da === db || (da === daysInMonth(ya, ma) && db === daysInMonth(yb, mb))) return months;
      return months + (da - db) / 31 + (wa.secs - wb.secs + (wa.nanos - wb.nanos) / 1e9) / (SECONDS_PER_DAY * 31);
    }),
    FLOE_NEXT_DAY: stepToDay(1),
    FLOE_PREVIOUS_DAY: stepToDay(-1),

    FLOE_DATE_FROM_PARTS: converting((y: unknown, m: unknown, d: unknown) => {
      if (y === null || m === null || d === null) return null;
      // Months and days outside their range carry: (2004, 0, 0) is 2003-11-30.
      const total = int(y) * 12 + int(m) - 1;
      const yy = Math.floor(total / 12);
      return writeWall({ days: daysFromCivil(yy, total - yy * 12 + 1, 1) + int(d) - 1, secs: 0, nanos: 0, offset: 0 }, 'DATE', tz());
    }),

    FLOE_TIME_FROM_PARTS: variadic(converting((...a: unknown[]) => {
      if (a.slice(0, 3).some((x) => x === null)) return null;
      const day = 86_400_000_000_000n;
      const ns = ((clock(a[0], a[1], a[2], a[3]) % day) + day) % day;
      return formatTimeOfDay(Number(ns / 1_000_000_000n), Number(ns % 1_000_000_000n));
    })),

    /** TIMESTAMP_*_FROM_PARTS(kind, y, mo, d, h, mi, s [, ns [, zone]]) or (kind, date, time). */
    FLOE_TIMESTAMP_FROM_PARTS: variadic(converting((kindOut: unknown, ...a: unknown[]) => {
      if (a.some((x, i) => x === null && i < 6)) return null;
      const kind = temporalKind(kindOut);
      let w: Wall;
      if (a.length === 2) {
        const d = readWall(a[0], 'DATE', tz());
        const t = readWall(a[1], 'TIME', tz());
        w = { days: d.days, secs: t.secs, nanos: t.nanos, offset: 0 };
      } else {
        const total = int(a[0]) * 12 + int(a[1]) - 1;
        const yy = Math.floor(total / 12);
        const days = daysFromCivil(yy, total - yy * 12 + 1, 1) + int(a[2]) - 1;
        const ns = BigInt(days) * 86_400_000_000_000n + clock(a[3], a[4], a[5], a[6] ?? null);
        const secs = ns / 1_000_000_000n - (ns % 1_000_000_000n < 0n ? 1n : 0n);
        const nanos = Number(ns - secs * 1_000_000_000n);
        const [dd, sod] = splitSeconds(Number(secs));
        w = { days: dd, secs: sod, nanos, offset: 0 };
      }
      if (kind === 'TZ') {
        const zone = a.length >= 8 && a[7] !== null ? String(a[7]) : tz();
        const { utc, offset } = wallToInstant(w.days * SECONDS_PER_DAY + w.secs, zone);
        const [days, secs] = splitSeconds(utc + offset * 60);
        return formatTimestamp(days, secs, w.nanos, offset);
      }
      return writeWall(w, kind, tz());
    })),

    /** CONVERT_TIMEZONE(target, tz_or_ltz) → TIMESTAMP_TZ; (source, target, ntz) → TIMESTAMP_NTZ. */
    FLOE_CONVERT_TIMEZONE: variadic(converting((...a: unknown[]) => {
      if (a.some((x) => x === null)) return null;
      if (a.length === 3) {
        const [target, v, kind] = a;
        const w = readWall(v, kindForTz(temporalKind(kind)), tz());
        const utc = w.days * SECONDS_PER_DAY + w.secs - w.offset * 60;
        const out = wallAt(utc, w.nanos, String(target));
        return formatTimestamp(out.days, out.secs, out.nanos, out.offset);
      }
      const [source, target, v, kind] = a;
      const w = readWall(v, temporalKind(kind), tz());
      const { utc } = wallToInstant(w.days * SECONDS_PER_DAY + w.secs, String(source));
      const out = wallAt(utc, w.nanos, String(target));
      return formatTimestamp(out.days, out.secs, out.nanos);
    })),
  } satisfies ImplementationSlice;
}

/** Text given to the 2-argument CONVERT_TIMEZONE is a TIMESTAMP_TZ (its offset, else the session zone). */
function kindForTz(k: TemporalKind): TemporalKind {
  return k === 'AUTO' || k === 'NTZ' ? 'TZ' : k;
}
