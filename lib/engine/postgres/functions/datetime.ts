/**
 * Date and time functions (lib/engine/worker/functions/datetime.ts) over the stored text forms:
 * the compiler passes each value's kind (DATE, TIME, NTZ, LTZ, TZ, AUTO) and the part's name, and
 * these compute on wall clocks (floe._wall: epoch days, seconds of the day, nanoseconds, offset)
 * read and written by helpers.ts, so nanoseconds and offsets survive as on SQLite. The session's
 * time zone is PostgreSQL's TimeZone; WEEK_START / WEEK_OF_YEAR_POLICY the floe.* settings.
 */
import { plpgsql, sql, unsupported, type PgLibrarySlice } from './define';

const STABLE = { volatility: 'STABLE' } as const;
const WEEK_START = "floe._setting_int('floe.week_start')";
const WEEK_POLICY = "floe._setting_int('floe.week_of_year_policy')";

/** The statement's pinned instant: floe.now_ms when the engine set it, else the statement's start. */
const NOW = `(SELECT coalesce(nullif(current_setting('floe.now_ms', true), '')::numeric / 1000, extract(epoch FROM statement_timestamp())))`;

const dateaddBody = String.raw`
DECLARE p text := floe._part($1); kin text := upper($4); w floe._wall; total numeric; unit numeric; secs numeric; days integer;
BEGIN
  w := floe._read_wall($3, kin);
  IF p IN ('year', 'quarter', 'month') THEN
    w.days := floe._add_months(w.days, $2 * CASE p WHEN 'year' THEN 12 WHEN 'quarter' THEN 3 ELSE 1 END, false);
  ELSIF p IN ('week', 'weekiso') THEN w.days := w.days + $2 * 7;
  ELSIF p IN ('day', 'dayofweek', 'dayofweekiso', 'dayofyear') THEN w.days := w.days + $2;
  ELSE
    unit := CASE p WHEN 'hour' THEN 3600e9 WHEN 'minute' THEN 60e9 WHEN 'second' THEN 1e9 WHEN 'millisecond' THEN 1e6 WHEN 'microsecond' THEN 1e3 WHEN 'nanosecond' THEN 1 END;
    IF unit IS NULL THEN
      RETURN floe._fail('100040', '22007', 'Invalid date/time part ''' || p || ''' for DATEADD', NULL::text);
    END IF;
    total := (w.days::numeric * 86400 + w.secs) * 1e9 + w.nanos + $2 * unit;
    secs := floe._fdiv(total, 1e9);
    days := floe._fdiv(secs, 86400)::integer;
    w := ROW(days, (secs - days::numeric * 86400)::integer, (total - secs * 1e9)::integer, w.off)::floe._wall;
  END IF;
  -- LTZ plus hours is an instant plus hours; plus days keeps the local clock.
  IF kin = 'LTZ' AND p NOT IN ('year', 'quarter', 'month', 'week', 'weekiso', 'day', 'dayofweek', 'dayofweekiso', 'dayofyear', 'yearofweek', 'yearofweekiso') THEN
    RETURN floe._instant_text(w);
  END IF;
  RETURN floe._write_wall(w, $5);
END`;

const datediffBody = String.raw`
DECLARE p text := floe._part($1); a floe._wall := floe._read_wall($2, $3); b floe._wall := floe._read_wall($4, $5);
  ca record := floe._civil(a.days); cb record := floe._civil(b.days); unit numeric; ws integer := ${WEEK_START};
BEGIN
  CASE p
    WHEN 'year' THEN RETURN cb.y - ca.y;
    WHEN 'quarter' THEN RETURN (cb.y * 4 + (cb.m - 1) / 3) - (ca.y * 4 + (ca.m - 1) / 3);
    WHEN 'month' THEN RETURN (cb.y * 12 + cb.m) - (ca.y * 12 + ca.m);
    WHEN 'week' THEN RETURN (floe._week_start_day(b.days, ws) - floe._week_start_day(a.days, ws)) / 7;
    WHEN 'weekiso' THEN RETURN (floe._week_start_day(b.days, 0) - floe._week_start_day(a.days, 0)) / 7;
    WHEN 'day', 'dayofweek', 'dayofweekiso', 'dayofyear' THEN RETURN b.days - a.days;
    ELSE NULL;
  END CASE;
  unit := CASE p WHEN 'hour' THEN 3600e9 WHEN 'minute' THEN 60e9 WHEN 'second' THEN 1e9 WHEN 'millisecond' THEN 1e6 WHEN 'microsecond' THEN 1e3 WHEN 'nanosecond' THEN 1 END;
  IF unit IS NULL THEN
    RETURN floe._fail('100040', '22007', 'Invalid date/time part ''' || p || ''' for DATEDIFF', NULL::bigint);
  END IF;
  RETURN floe._fdiv(floe._instant_nanos(b), unit) - floe._fdiv(floe._instant_nanos(a), unit);
END`;

const dateTruncBody = String.raw`
DECLARE p text := floe._part($1); k text := upper($3); w floe._wall := floe._read_wall($2, $3); c record := floe._civil(w.days);
BEGIN
  CASE p
    WHEN 'year' THEN w := ROW(floe._days(c.y, 1, 1), 0, 0, w.off);
    WHEN 'quarter' THEN w := ROW(floe._days(c.y, c.m - (c.m - 1) % 3, 1), 0, 0, w.off);
    WHEN 'month' THEN w := ROW(floe._days(c.y, c.m, 1), 0, 0, w.off);
    WHEN 'week' THEN w := ROW(floe._week_start_day(w.days, ${WEEK_START}), 0, 0, w.off);
    WHEN 'weekiso' THEN w := ROW(floe._week_start_day(w.days, 0), 0, 0, w.off);
    WHEN 'day' THEN w := ROW(w.days, 0, 0, w.off);
    WHEN 'hour' THEN w.secs := w.secs - w.secs % 3600; w.nanos := 0;
    WHEN 'minute' THEN w.secs := w.secs - w.secs % 60; w.nanos := 0;
    WHEN 'second' THEN w.nanos := 0;
    WHEN 'millisecond' THEN w.nanos := w.nanos - w.nanos % 1000000;
    WHEN 'microsecond' THEN w.nanos := w.nanos - w.nanos % 1000;
    WHEN 'nanosecond' THEN NULL;
    ELSE RETURN floe._fail('100040', '22007', 'Invalid date/time part ''' || p || ''' for DATE_TRUNC', NULL::text);
  END CASE;
  RETURN floe._write_wall(w, CASE WHEN k IN ('DATE', 'TIME', 'NTZ', 'LTZ', 'TZ') THEN k ELSE 'NTZ' END);
END`;

const datePartBody = String.raw`
DECLARE p text := floe._part($1); w floe._wall := floe._read_wall($2, $3); c record := floe._civil(w.days);
  ws integer := ${WEEK_START}; policy integer := ${WEEK_POLICY}; yw record;
BEGIN
  CASE p
    WHEN 'year' THEN RETURN c.y;
    WHEN 'quarter' THEN RETURN (c.m - 1) / 3 + 1;
    WHEN 'month' THEN RETURN c.m;
    WHEN 'day' THEN RETURN c.d;
    WHEN 'dayofweek' THEN RETURN CASE WHEN ws BETWEEN 1 AND 7 THEN (floe._isodow(w.days) - ws + 7) % 7 + 1 ELSE floe._isodow(w.days) % 7 END;
    WHEN 'dayofweekiso' THEN RETURN floe._isodow(w.days);
    WHEN 'dayofyear' THEN RETURN w.days - floe._days(c.y, 1, 1) + 1;
    WHEN 'week', 'yearofweek' THEN
      yw := floe._week_of_year(w.days, ws, policy);
      RETURN CASE p WHEN 'week' THEN yw.week ELSE yw.year END;
    WHEN 'weekiso', 'yearofweekiso' THEN
      yw := floe._week_of_year(w.days, 0, 0);
      RETURN CASE p WHEN 'weekiso' THEN yw.week ELSE yw.year END;
    WHEN 'hour' THEN RETURN w.secs / 3600;
    WHEN 'minute' THEN RETURN (w.secs % 3600) / 60;
    WHEN 'second' THEN RETURN w.secs % 60;
    WHEN 'millisecond' THEN RETURN w.nanos / 1000000;
    WHEN 'microsecond' THEN RETURN w.nanos / 1000;
    WHEN 'nanosecond' THEN RETURN w.nanos;
    WHEN 'epoch_second' THEN RETURN floe._fdiv(floe._instant_nanos(w), 1e9);
    WHEN 'epoch_millisecond' THEN RETURN floe._fdiv(floe._instant_nanos(w), 1e6);
    WHEN 'epoch_microsecond' THEN RETURN floe._fdiv(floe._instant_nanos(w), 1e3);
    WHEN 'epoch_nanosecond' THEN RETURN floe._instant_nanos(w);
    WHEN 'timezone_hour' THEN RETURN trunc(w.off / 60.0);
    ELSE RETURN w.off - trunc(w.off / 60.0) * 60;
  END CASE;
END`;

const lastDayBody = String.raw`
DECLARE w floe._wall := floe._read_wall($1, $2); c record := floe._civil(w.days); p text := CASE WHEN $3 IS NULL THEN 'month' ELSE floe._part($3) END; qm integer;
BEGIN
  IF $1 IS NULL OR $2 IS NULL THEN RETURN NULL; END IF;
  CASE p
    WHEN 'year' THEN RETURN floe._date_text(floe._days(c.y, 12, 31));
    WHEN 'quarter' THEN qm := c.m + 2 - (c.m - 1) % 3; RETURN floe._date_text(floe._days(c.y, qm, floe._days_in_month(c.y, qm)));
    WHEN 'month' THEN RETURN floe._date_text(floe._days(c.y, c.m, floe._days_in_month(c.y, c.m)));
    WHEN 'week' THEN RETURN floe._date_text(floe._week_start_day(w.days, ${WEEK_START}) + 6);
    WHEN 'weekiso' THEN RETURN floe._date_text(floe._week_start_day(w.days, 0) + 6);
    ELSE RETURN floe._fail('002020', '42601', E'SQL compilation error:\nInvalid date/time part ''' || $3 || ''' for LAST_DAY', NULL::text);
  END CASE;
END`;

const monthsBetweenBody = String.raw`
DECLARE wa floe._wall := floe._read_wall($1, $2); wb floe._wall := floe._read_wall($3, $4); ca record := floe._civil(wa.days); cb record := floe._civil(wb.days);
  months integer := (ca.y - cb.y) * 12 + (ca.m - cb.m);
BEGIN
  IF ca.d = cb.d OR (ca.d = floe._days_in_month(ca.y, ca.m) AND cb.d = floe._days_in_month(cb.y, cb.m)) THEN RETURN months; END IF;
  RETURN months + (ca.d - cb.d)::float8 / 31 + ((wa.secs - wb.secs) + (wa.nanos - wb.nanos) / 1e9::float8) / (86400 * 31);
END`;

/** NEXT_DAY / PREVIOUS_DAY: the first day after (before) the value that is the named weekday. */
const stepToDay = (dir: 1 | -1) => plpgsql(['text', 'text', 'text'], 'text', String.raw`
DECLARE days integer := (floe._read_wall($1, $2)).days; target integer; dow integer;
BEGIN
  target := array_position(ARRAY['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'], lower(left(btrim($3), 2))) - 1;
  IF target IS NULL THEN RETURN floe._fail('100097', '22023', 'Invalid day of week: ''' || $3 || '''', NULL::text); END IF;
  dow := floe._isodow(days) % 7;
  RETURN floe._date_text(days + ${dir === 1 ? "coalesce(nullif((target - dow + 7) % 7, 0), 7)" : "-coalesce(nullif((dow - target + 7) % 7, 0), 7)"});
END`, STABLE);

/** GREATEST / LEAST of TIMESTAMP_TZ values by instant; NULL when any is NULL; the first of equal instants wins. */
const tzExtreme = (sign: 1 | -1) => plpgsql([], 'text', String.raw`
DECLARE v text; best text; bk numeric; k numeric; s record;
BEGIN
  FOREACH v IN ARRAY $1 LOOP
    IF v IS NULL THEN RETURN NULL; END IF;
    s := floe._scan(v);
    IF s.days IS NULL OR NOT s.has_date OR NOT s.has_time THEN
      RETURN floe._fail('100040', '22007', 'Timestamp ''' || v || ''' is not recognized', NULL::text);
    END IF;
    k := (s.days::numeric * 86400 + s.secs - s.off * 60) * 1e9 + s.nanos;
    IF bk IS NULL OR ${sign === 1 ? 'k > bk' : 'k < bk'} THEN best := v; bk := k; END IF;
  END LOOP;
  RETURN best;
END`, { variadic: 'text', strict: false });

/** TIME_SLICE (value, length, part, kind, end): the start (or end) of the slice holding the value (date-parts.ts slicePart). */
const TIME_SLICE = String.raw`
DECLARE k text := upper($4); p text; w floe._wall; c record; m integer; n bigint; total numeric; days integer; step numeric; x numeric;
BEGIN
  IF $1 IS NULL OR $2 IS NULL THEN RETURN NULL; END IF;
  IF $2 <> trunc($2) OR $2 < 1 OR $2 IN ('NaN'::float8, 'Infinity'::float8) THEN
    RETURN floe._fail('100097', '22023', 'Invalid slice length for TIME_SLICE: ' || floe._js_number($2) || ', must be an integer greater than or equal to 1', NULL::text);
  END IF;
  n := $2::bigint;
  p := floe._part($3);
  w := floe._read_wall($1, $4);
  IF p IN ('year', 'quarter', 'month') THEN
    c := floe._civil(w.days);
    m := CASE p WHEN 'year' THEN 12 WHEN 'quarter' THEN 3 ELSE 1 END;
    x := floe._fdiv((c.y - 1970) * 12 + c.m - 1, n * m) * n * m + CASE WHEN $5 = 1 THEN n * m ELSE 0 END;
    w := ROW(floe._days((1970 + floe._fdiv(x, 12))::integer, (mod(mod(x, 12) + 12, 12) + 1)::integer, 1), 0, 0, w.off);
  ELSIF p = 'week' THEN
    w := ROW((floe._fdiv(w.days + 3, 7 * n) * 7 * n - 3 + CASE WHEN $5 = 1 THEN 7 * n ELSE 0 END)::integer, 0, 0, w.off);
  ELSE
    step := CASE p WHEN 'day' THEN 86400 WHEN 'hour' THEN 3600 WHEN 'minute' THEN 60 WHEN 'second' THEN 1 END;
    IF step IS NULL THEN
      RETURN floe._fail('100040', '22007', 'Invalid date/time part ''' || p || ''' for TIME_SLICE', NULL::text);
    END IF;
    total := floe._fdiv(w.days::numeric * 86400 + w.secs, n * step) * n * step + CASE WHEN $5 = 1 THEN n * step ELSE 0 END;
    days := floe._fdiv(total, 86400)::integer;
    w := ROW(days, (total - days::numeric * 86400)::integer, 0, w.off);
  END IF;
  RETURN floe._write_wall(w, CASE WHEN k IN ('DATE', 'TIME', 'NTZ', 'LTZ', 'TZ') THEN k ELSE 'NTZ' END);
END`;

/** TIMESTAMP_*_FROM_PARTS (kind, year, month, day, hour, minute, second [, nanosecond [, zone]]): parts carry over. */
const fromParts = (n: 6 | 7 | 8) => plpgsql(['text', ...Array<'double precision'>(Math.min(n, 7)).fill('double precision'), ...(n === 8 ? ['text' as const] : [])], 'text', String.raw`
DECLARE a numeric[] := ARRAY[$2, $3, $4, $5, $6, $7]::numeric[]; total numeric; yy numeric; days numeric; ns numeric; secs numeric; d integer;
BEGIN
  IF array_position(a, NULL) IS NOT NULL THEN RETURN NULL; END IF;
  a := ARRAY(SELECT floor(x + 0.5) FROM unnest(a) AS x);
  total := a[1] * 12 + a[2] - 1;
  yy := floe._fdiv(total, 12);
  days := floe._days(yy::integer, (total - yy * 12 + 1)::integer, 1) + a[3] - 1;
  ns := days * 86400000000000 + (a[4] * 3600 + a[5] * 60 + a[6]) * 1000000000 + ${n >= 7 ? 'coalesce(floor($8::numeric + 0.5), 0)' : '0'};
  secs := floe._fdiv(ns, 1000000000);
  d := floe._fdiv(secs, 86400)::integer;
  RETURN floe._from_parts_out($1, ROW(d, (secs - d::numeric * 86400)::integer, (ns - secs * 1000000000)::integer, 0)::floe._wall, ${n === 8 ? '$9' : 'NULL'});
END`, { volatility: 'STABLE', strict: false });

export const DATETIME_FUNCTIONS = {
  FLOE_TZ_GREATEST: [tzExtreme(1)],
  FLOE_TZ_LEAST: [tzExtreme(-1)],
  FLOE_TZ_INSTANT: [plpgsql(['text'], 'text', String.raw`
DECLARE s record := floe._scan($1);
BEGIN
  IF s.days IS NULL OR NOT s.has_date OR NOT s.has_time THEN
    RETURN floe._fail('100040', '22007', 'Timestamp ''' || $1 || ''' is not recognized', NULL::text);
  END IF;
  RETURN floe._instant_text(ROW(s.days, s.secs, s.nanos, s.off)::floe._wall);
END`)],
  FLOE_NOW_LTZ: [sql([], 'text', `SELECT floe._instant_at(${NOW}, 'UTC', false)`, STABLE)],
  FLOE_SYSDATE: [sql([], 'text', `SELECT floe._instant_at(${NOW}, 'UTC', false)`, STABLE)],
  FLOE_CURRENT_DATE: [sql([], 'text', `SELECT left(floe._instant_at(${NOW}, current_setting('TimeZone'), false), 10)`, STABLE)],
  FLOE_CURRENT_TIME: [sql([], 'text', `SELECT substr(floe._instant_at(${NOW}, current_setting('TimeZone'), false), 12)`, STABLE)],
  FLOE_DATEADD: [plpgsql(['text', 'bigint', 'text', 'text', 'text'], 'text', dateaddBody, STABLE)],
  FLOE_DATEDIFF: [plpgsql(['text', 'text', 'text', 'text', 'text'], 'bigint', datediffBody, STABLE)],
  FLOE_DATE_TRUNC: [plpgsql(['text', 'text', 'text'], 'text', dateTruncBody, STABLE)],
  FLOE_TIME_SLICE: [plpgsql(['text', 'double precision', 'text', 'text', 'bigint'], 'text', TIME_SLICE, { ...STABLE, strict: false })],
  FLOE_DATE_PART: [plpgsql(['text', 'text', 'text'], 'numeric', datePartBody, STABLE)],
  FLOE_LAST_DAY: [plpgsql(['text', 'text', 'text'], 'text', lastDayBody, { ...STABLE, strict: false })],
  FLOE_ADD_MONTHS: [sql(['text', 'bigint', 'text', 'text'], 'text',
    'SELECT floe._write_wall(ROW(floe._add_months(w.days, $2, true), w.secs, w.nanos, w.off)::floe._wall, $4) FROM (SELECT (floe._read_wall($1, $3)).*) w', STABLE)],
  FLOE_MONTHS_BETWEEN: [plpgsql(['text', 'text', 'text', 'text'], 'double precision', monthsBetweenBody, STABLE)],
  FLOE_NEXT_DAY: [stepToDay(1)],
  FLOE_PREVIOUS_DAY: [stepToDay(-1)],
  FLOE_DATE_FROM_PARTS: [plpgsql(['bigint', 'bigint', 'bigint'], 'text', String.raw`
DECLARE total bigint := $1 * 12 + $2 - 1; yy bigint := floe._fdiv($1 * 12 + $2 - 1, 12);
BEGIN
  RETURN floe._write_wall(ROW(floe._days(yy::integer, (total - yy * 12 + 1)::integer, 1) + $3 - 1, 0, 0, 0)::floe._wall, 'DATE');
END`)],
  FLOE_TIME_FROM_PARTS: [
    sql(['bigint', 'bigint', 'bigint'], 'text', 'SELECT floe._time_from_parts($1, $2, $3, 0)'),
    sql(['bigint', 'bigint', 'bigint', 'bigint'], 'text', 'SELECT floe._time_from_parts($1, $2, $3, coalesce($4, 0))', { strict: false }),
  ],
  FLOE_TIMESTAMP_FROM_PARTS: [
    plpgsql(['text', 'text', 'text'], 'text', String.raw`
DECLARE d floe._wall; t floe._wall;
BEGIN
  IF $2 IS NULL OR $3 IS NULL THEN RETURN NULL; END IF;
  d := floe._read_wall($2, 'DATE'); t := floe._read_wall($3, 'TIME');
  RETURN floe._from_parts_out($1, ROW(d.days, t.secs, t.nanos, 0)::floe._wall, NULL);
END`, { ...STABLE, strict: false }),
    fromParts(6), fromParts(7), fromParts(8),
  ],
  FLOE_CONVERT_TIMEZONE: [
    plpgsql(['text', 'text', 'text'], 'text', String.raw`
DECLARE k text := upper($3); w floe._wall;
BEGIN
  w := floe._read_wall($2, CASE WHEN k IN ('AUTO', 'NTZ') OR k NOT IN ('DATE', 'TIME', 'LTZ', 'TZ') THEN 'TZ' ELSE k END);
  RETURN floe._instant_at((w.days::numeric * 86400 + w.secs - w.off * 60) + w.nanos / 1e9, $1, true);
END`, STABLE),
    plpgsql(['text', 'text', 'text', 'text'], 'text', String.raw`
DECLARE w floe._wall := floe._read_wall($3, $4); r record;
BEGIN
  r := floe._wall_to_utc(w.days::bigint * 86400 + w.secs, $1);
  RETURN floe._instant_at(r.utc + w.nanos / 1e9, $2, false);
END`, STABLE),
  ],
} satisfies PgLibrarySlice;

export const DATETIME_HELPERS: string[] = [
  // A from-parts wall clock as its kind; TIMESTAMP_TZ resolves it in the zone given, else the session's.
  `CREATE OR REPLACE FUNCTION floe._from_parts_out(kind text, w floe._wall, zone text) RETURNS text LANGUAGE plpgsql STABLE PARALLEL SAFE AS $f$
    DECLARE r record; l bigint; days integer;
    BEGIN
      IF upper(kind) <> 'TZ' THEN RETURN floe._write_wall(w, kind); END IF;
      r := floe._wall_to_utc(w.days::bigint * 86400 + w.secs, coalesce(zone, current_setting('TimeZone')));
      l := r.utc + r.off * 60;
      days := floe._fdiv(l, 86400)::integer;
      RETURN floe._wall_text(ROW(days, (l - days::bigint * 86400)::integer, w.nanos, r.off)::floe._wall, true);
    END $f$`,
  // Nanoseconds since the epoch of the instant a wall clock denotes.
  `CREATE OR REPLACE FUNCTION floe._instant_nanos(w floe._wall) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT (w.days::numeric * 86400 + w.secs - w.off * 60) * 1e9 + w.nanos $f$`,
  // The stored text of an instant (epoch seconds with a fraction) as the wall clock of a zone, with its offset or without.
  `CREATE OR REPLACE FUNCTION floe._instant_at(t numeric, zone text, with_offset boolean) RETURNS text LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
    DECLARE s bigint := floor(t); w floe._wall;
    BEGIN
      w := floe._wall_at(s, round((t - s) * 1e9)::integer, zone);
      RETURN floe._wall_text(w, with_offset);
    END $f$`,
  // [year of week, week of year] under WEEK_START and WEEK_OF_YEAR_POLICY (date-parts.ts weekOfYear; 0, 0: ISO).
  `CREATE OR REPLACE FUNCTION floe._week_of_year(days integer, start integer, policy integer, OUT year integer, OUT week integer) LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE ws integer := floe._week_start_day(days, start); fourth integer;
    BEGIN
      IF policy = 1 THEN
        year := (floe._civil(days)).y;
        week := (ws - floe._week_start_day(floe._days(year, 1, 1), start)) / 7 + 1;
      ELSE
        fourth := ws + 3;
        year := (floe._civil(fourth)).y;
        week := (fourth - floe._days(year, 1, 1)) / 7 + 1;
      END IF;
    END $f$`,
  `CREATE OR REPLACE FUNCTION floe._time_from_parts(h bigint, mi bigint, s bigint, ns bigint) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT floe._time_text(div(t, 1000000000)::integer, mod(t, 1000000000)::integer)
    FROM (SELECT mod(mod((h::numeric * 3600 + mi * 60 + s) * 1000000000 + ns, 86400000000000) + 86400000000000, 86400000000000) AS t) x $f$`,
];

