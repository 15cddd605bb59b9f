/**
 * The library's own helpers, installed before the functions (names start with '_', so none can
 * meet a manifest name): raising a Snowflake error, and reading and writing the stored text forms
 * of dates and times (lib/values/temporal.ts on the sql.js side).
 *
 * Errors: floe._fail(code, sqlState, message, NULL::type) raises SQLSTATE P0001 with the message
 * `FLOE|code|sqlState|message`, the marker both engines' error mappers read
 * (lib/engine/engine-errors.ts markedError): a call fails with the same Snowflake code, state and
 * text as its sql.js twin. It is VOLATILE so that the planner never folds a constant call of it
 * inside a branch that is not taken.
 *
 * Session: the time zone is PostgreSQL's own TimeZone setting; WEEK_START, WEEK_OF_YEAR_POLICY
 * and the statement's pinned instant are the settings floe.week_start, floe.week_of_year_policy
 * and floe.now_ms (unset: 0, 0 and statement_timestamp()), which the engine sets per plan.
 */
const SQL_HELPERS = String.raw`
CREATE OR REPLACE FUNCTION floe._fail(code text, state text, message text, type anyelement) RETURNS anyelement
LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $f$
BEGIN
  RAISE EXCEPTION USING MESSAGE = 'FLOE|' || code || '|' || state || '|' || coalesce(message, 'NULL'), ERRCODE = 'P0001';
END $f$;

CREATE OR REPLACE FUNCTION floe._setting_int(name text) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $f$
  SELECT coalesce(nullif(current_setting(name, true), '')::integer, 0)
$f$;

CREATE OR REPLACE FUNCTION floe._num_text(v text) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
BEGIN
  IF v !~ '^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$' THEN
    RETURN floe._fail('100038', '22018', 'Numeric value ''' || v || ''' is not recognized', NULL::numeric);
  END IF;
  RETURN v::numeric;
END $f$;

-- A bigint as an integer argument of PostgreSQL's string functions (texts are far shorter than 2^31).
CREATE OR REPLACE FUNCTION floe._int(n bigint) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT greatest(least(n, 2147483647), -2147483647)::integer $f$;

-- Texts as a compact JSON array (JSON.stringify's form).
CREATE OR REPLACE FUNCTION floe._json_texts(xs text[]) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT '[' || coalesce((SELECT string_agg(coalesce(to_json(x)::text, 'null'), ',' ORDER BY i) FROM unnest(xs) WITH ORDINALITY AS t(x, i)), '') || ']'
$f$;

-- Snowflake's error for a value beyond the largest a function returns (lib/engine/worker/functions/util.ts MAX_RESULT_BYTES).
CREATE OR REPLACE FUNCTION floe._check_length(n bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT CASE WHEN n > 4194304 THEN floe._fail('100082', '22000', 'Max LOB size (4194304) exceeded, actual size of parsed column is ' || n, NULL::boolean) ELSE true END
$f$;

-- A double as JavaScript's String(x) spells it (Snowflake's messages quote values so).
CREATE OR REPLACE FUNCTION floe._js_number(x double precision) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE t text; m text[]; digits text; e integer; neg boolean;
BEGIN
  IF x = 'NaN'::float8 THEN RETURN 'NaN'; END IF;
  IF x = 'Infinity'::float8 THEN RETURN 'Infinity'; END IF;
  IF x = '-Infinity'::float8 THEN RETURN '-Infinity'; END IF;
  IF x = 0 THEN RETURN '0'; END IF;
  t := x::text;
  neg := left(t, 1) = '-';
  m := regexp_match(ltrim(t, '-'), '^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$');
  digits := m[1] || coalesce(m[2], '');
  e := coalesce(m[3]::integer, 0) + length(m[1]);
  e := e - (length(digits) - length(ltrim(digits, '0')));
  digits := rtrim(ltrim(digits, '0'), '0');
  -- digits d1…dk, value 0.d1…dk × 10^e (ECMAScript Number::toString with n = e)
  IF e >= length(digits) AND e <= 21 THEN t := digits || repeat('0', e - length(digits));
  ELSIF e > 0 AND e <= 21 THEN t := left(digits, e) || '.' || substr(digits, e + 1);
  ELSIF e > -6 AND e <= 0 THEN t := '0.' || repeat('0', -e) || digits;
  ELSE
    t := left(digits, 1) || CASE WHEN length(digits) > 1 THEN '.' || substr(digits, 2) ELSE '' END
      || 'e' || CASE WHEN e - 1 >= 0 THEN '+' ELSE '-' END || abs(e - 1);
  END IF;
  RETURN CASE WHEN neg THEN '-' ELSE '' END || t;
END $f$;

-- a / b rounded down (b > 0): numeric division alone rounds to a scale of its own.
CREATE OR REPLACE FUNCTION floe._fdiv(a numeric, b numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT div(a, b) - CASE WHEN mod(a, b) < 0 THEN 1 ELSE 0 END $f$;

CREATE OR REPLACE FUNCTION floe._pad(n bigint, width integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT lpad(n::text, width, '0') $f$;

CREATE OR REPLACE FUNCTION floe._date_text(days integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT floe._pad(extract(year FROM d)::bigint, 4) || '-' || floe._pad(extract(month FROM d)::bigint, 2) || '-' || floe._pad(extract(day FROM d)::bigint, 2)
  FROM (SELECT DATE '1970-01-01' + days AS d) x
$f$;

CREATE OR REPLACE FUNCTION floe._time_text(secs integer, nanos integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT floe._pad(secs / 3600, 2) || ':' || floe._pad((secs % 3600) / 60, 2) || ':' || floe._pad(secs % 60, 2) || '.' || floe._pad(nanos, 9)
$f$;

CREATE OR REPLACE FUNCTION floe._offset_text(minutes integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT CASE WHEN minutes < 0 THEN '-' ELSE '+' END || floe._pad(abs(minutes) / 60, 2) || ':' || floe._pad(abs(minutes) % 60, 2)
$f$;

DO $f$ BEGIN
  IF to_regtype('floe._wall') IS NULL THEN
    CREATE TYPE floe._wall AS (days integer, secs integer, nanos integer, off integer);
  END IF;
END $f$;

CREATE OR REPLACE FUNCTION floe._wall_text(w floe._wall, with_offset boolean) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT floe._date_text(w.days) || ' ' || floe._time_text(w.secs, w.nanos) || CASE WHEN with_offset THEN ' ' || floe._offset_text(w.off) ELSE '' END
$f$;

-- Minutes east of UTC of a zone at an instant (epoch seconds); '+05:30'-style zones are fixed.
CREATE OR REPLACE FUNCTION floe._zone_offset(utc bigint, zone text) RETURNS integer
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
DECLARE m text[];
BEGIN
  m := regexp_match(zone, '^([+-])(\d\d):?(\d\d)$');
  IF m IS NOT NULL THEN
    RETURN (CASE WHEN m[1] = '-' THEN -1 ELSE 1 END) * (m[2]::integer * 60 + m[3]::integer);
  END IF;
  BEGIN
    RETURN ((extract(epoch FROM (to_timestamp(utc) AT TIME ZONE zone))::bigint - utc) / 60)::integer;
  EXCEPTION WHEN invalid_parameter_value THEN
    RETURN floe._fail('100040', '22007', 'Unknown time zone: ''' || zone || '''', NULL::integer);
  END;
END $f$;

-- The instant (epoch seconds) of a wall clock (seconds from the epoch, as if UTC) in a zone and its
-- offset; a wall clock in a DST overlap takes the earlier offset, one in a gap the offset before it.
CREATE OR REPLACE FUNCTION floe._wall_to_utc(wall bigint, zone text, OUT utc bigint, OUT off integer)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
DECLARE before integer; after integer;
BEGIN
  before := floe._zone_offset(wall - 86400, zone);
  after := floe._zone_offset(wall + 86400, zone);
  IF floe._zone_offset(wall - before * 60, zone) = before THEN
    utc := wall - before * 60; off := before;
  ELSIF before <> after AND floe._zone_offset(wall - after * 60, zone) = after THEN
    utc := wall - after * 60; off := after;
  ELSE
    utc := wall - before * 60; off := floe._zone_offset(utc, zone);
  END IF;
END $f$;

CREATE OR REPLACE FUNCTION floe._wall_at(utc bigint, nanos integer, zone text) RETURNS floe._wall
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
DECLARE o integer := floe._zone_offset(utc, zone); l bigint;
BEGIN
  l := utc + o * 60;
  RETURN ROW(floe._fdiv(l, 86400)::integer, (l - floe._fdiv(l, 86400) * 86400)::integer, nanos, o)::floe._wall;
END $f$;

-- A stored text form's parts: 'YYYY-MM-DD', 'HH:MM:SS[.f]', 'YYYY-MM-DD[ T]HH:MM:SS[.f][ ±HH:MM]'.
-- NULL when the text is in none of them; has_offset says whether an offset was written.
CREATE OR REPLACE FUNCTION floe._scan(v text, OUT days integer, OUT secs integer, OUT nanos integer, OUT off integer, OUT has_date boolean, OUT has_time boolean, OUT has_offset boolean)
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE m text[]; d date;
BEGIN
  m := regexp_match(v, '^(?:(\d{4})-(\d\d)-(\d\d))?(?:(?:^|[ T])(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?)?(?: ([+-])(\d\d):(\d\d))?$');
  IF m IS NULL OR (m[1] IS NULL AND m[4] IS NULL) OR (m[8] IS NOT NULL AND (m[1] IS NULL OR m[4] IS NULL)) THEN RETURN; END IF;
  has_date := m[1] IS NOT NULL; has_time := m[4] IS NOT NULL; has_offset := m[8] IS NOT NULL;
  days := 0; secs := 0; nanos := 0; off := 0;
  IF has_date THEN
    BEGIN
      d := make_date(m[1]::integer, m[2]::integer, m[3]::integer);
    EXCEPTION WHEN others THEN days := NULL; RETURN;
    END;
    days := d - DATE '1970-01-01';
  END IF;
  IF has_time THEN
    IF m[4]::integer > 23 OR m[5]::integer > 59 OR m[6]::integer > 59 THEN days := NULL; RETURN; END IF;
    secs := m[4]::integer * 3600 + m[5]::integer * 60 + m[6]::integer;
    nanos := coalesce(rpad(m[7], 9, '0')::integer, 0);
  END IF;
  IF has_offset THEN
    IF m[9]::integer > 23 OR m[10]::integer > 59 THEN days := NULL; RETURN; END IF;
    off := (CASE WHEN m[8] = '-' THEN -1 ELSE 1 END) * (m[9]::integer * 60 + m[10]::integer);
  END IF;
END $f$;

-- The wall clock of a stored value of a kind (DATE, TIME, NTZ, LTZ, TZ, else AUTO: read as NTZ);
-- LTZ (a UTC instant) and TZ without an offset are read in the session's time zone.
CREATE OR REPLACE FUNCTION floe._read_wall(v text, kind text) RETURNS floe._wall
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
DECLARE s record; k text := upper(kind); utc bigint; r record;
BEGIN
  s := floe._scan(v);
  IF s.days IS NULL OR (k = 'TIME' AND NOT s.has_time) OR (k <> 'TIME' AND NOT s.has_date) THEN
    RETURN floe._fail('100040', '22007', CASE k WHEN 'DATE' THEN 'Date' WHEN 'TIME' THEN 'Time' ELSE 'Timestamp' END || ' ''' || v || ''' is not recognized', NULL::floe._wall);
  END IF;
  IF k = 'DATE' THEN RETURN ROW(s.days, 0, 0, 0)::floe._wall;
  ELSIF k = 'TIME' THEN RETURN ROW(0, s.secs, s.nanos, 0)::floe._wall;
  ELSIF k = 'LTZ' THEN
    utc := s.days::bigint * 86400 + s.secs - s.off * 60;
    RETURN floe._wall_at(utc, s.nanos, current_setting('TimeZone'));
  ELSIF k = 'TZ' AND NOT s.has_offset THEN
    r := floe._wall_to_utc(s.days::bigint * 86400 + s.secs, current_setting('TimeZone'));
    RETURN ROW(s.days, s.secs, s.nanos, r.off)::floe._wall;
  ELSIF k = 'TZ' THEN
    RETURN ROW(s.days, s.secs, s.nanos, s.off)::floe._wall;
  END IF;
  RETURN ROW(s.days, s.secs, s.nanos, 0)::floe._wall;
END $f$;

-- The stored form of a wall clock as a kind (LTZ: resolved in the session's time zone; TZ keeps its offset).
CREATE OR REPLACE FUNCTION floe._write_wall(w floe._wall, kind text) RETURNS text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
DECLARE k text := upper(kind); r record; days integer := w.days; l bigint;
BEGIN
  IF k = 'TIME' THEN RETURN floe._time_text(w.secs, w.nanos); END IF;
  IF k = 'LTZ' THEN
    r := floe._wall_to_utc(w.days::bigint * 86400 + w.secs, current_setting('TimeZone'));
    l := r.utc;
    days := floe._fdiv(l, 86400)::integer;
    w := ROW(days, (l - days::bigint * 86400)::integer, w.nanos, 0)::floe._wall;
  END IF;
  IF days < -719528 OR days > 2932896 THEN
    RETURN floe._fail('100040', '22007', 'Timestamp is out of the supported range', NULL::text);
  END IF;
  IF k = 'DATE' THEN RETURN floe._date_text(w.days); END IF;
  RETURN floe._wall_text(w, k = 'TZ');
END $f$;

-- The stored LTZ form (UTC) of a wall clock read with its offset.
CREATE OR REPLACE FUNCTION floe._instant_text(w floe._wall) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE l bigint := w.days::bigint * 86400 + w.secs - w.off * 60; days integer;
BEGIN
  days := floe._fdiv(l, 86400)::integer;
  IF days < -719528 OR days > 2932896 THEN
    RETURN floe._fail('100040', '22007', 'Timestamp is out of the supported range', NULL::text);
  END IF;
  RETURN floe._wall_text(ROW(days, (l - days::bigint * 86400)::integer, w.nanos, 0)::floe._wall, false);
END $f$;

-- A date or time part's canonical name (Snowflake's names and abbreviations), or Snowflake's error.
CREATE OR REPLACE FUNCTION floe._part(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT coalesce((
    SELECT p FROM (VALUES
      ('year', '{y,yy,yyy,yyyy,yr,years,yrs}'::text[]), ('quarter', '{q,qtr,qtrs,quarters}'), ('month', '{mm,mon,mons,months}'),
      ('week', '{w,wk,weekofyear,woy,wy,weeks}'), ('weekiso', '{week_iso,weekofyeariso,weekofyear_iso}'),
      ('day', '{d,dd,days,dayofmonth}'), ('dayofweek', '{weekday,dow,dw}'), ('dayofweekiso', '{dayofweek_iso,weekday_iso,dow_iso,dw_iso}'),
      ('dayofyear', '{yearday,doy,dy}'), ('yearofweek', '{}'), ('yearofweekiso', '{yearofweek_iso}'),
      ('hour', '{h,hh,hr,hours,hrs}'), ('minute', '{m,mi,min,minutes,mins}'), ('second', '{s,sec,seconds,secs}'),
      ('millisecond', '{ms,msec,milliseconds}'), ('microsecond', '{us,usec,microseconds}'),
      ('nanosecond', '{ns,nsec,nanosec,nsecond,nanoseconds,nanosecs,nseconds}'),
      ('epoch_second', '{epoch,epoch_seconds}'), ('epoch_millisecond', '{epoch_milliseconds}'),
      ('epoch_microsecond', '{epoch_microseconds}'), ('epoch_nanosecond', '{epoch_nanoseconds}'),
      ('timezone_hour', '{tzh,timezonehour}'), ('timezone_minute', '{tzm,timezoneminute}')
    ) AS t(p, names) WHERE p = lower(btrim(name)) OR lower(btrim(name)) = ANY (names)),
    floe._fail('002020', '42601', E'SQL compilation error:\nInvalid date/time part ''' || name || '''', NULL::text))
$f$;

-- Civil parts of an epoch day.
CREATE OR REPLACE FUNCTION floe._civil(days integer, OUT y integer, OUT m integer, OUT d integer)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT extract(year FROM x)::integer, extract(month FROM x)::integer, extract(day FROM x)::integer FROM (SELECT DATE '1970-01-01' + days AS x) t
$f$;

CREATE OR REPLACE FUNCTION floe._days(y integer, m integer, d integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT make_date(y, m, d) - DATE '1970-01-01' $f$;

CREATE OR REPLACE FUNCTION floe._days_in_month(y integer, m integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT extract(day FROM (make_date(y, m, 1) + interval '1 month' - interval '1 day'))::integer $f$;

-- 1 = Monday … 7 = Sunday.
CREATE OR REPLACE FUNCTION floe._isodow(days integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT ((((days + 4) % 7 + 7) % 7) + 6) % 7 + 1 $f$;

-- The epoch day the week holding a day starts on (WEEK_START 0 or 1..7; 0 means Monday).
CREATE OR REPLACE FUNCTION floe._week_start_day(days integer, start integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT days - ((floe._isodow(days) - (CASE WHEN start BETWEEN 1 AND 7 THEN start ELSE 1 END) + 7) % 7)
$f$;

-- Months added keeping the day when it exists, else the month's last (sticky: a last day stays last).
CREATE OR REPLACE FUNCTION floe._add_months(days integer, months bigint, sticky boolean) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE c record; total bigint; ny integer; nm integer; last integer; nd integer;
BEGIN
  c := floe._civil(days);
  total := c.y::bigint * 12 + (c.m - 1) + months;
  ny := floe._fdiv(total, 12)::integer;
  nm := (total - ny::bigint * 12 + 1)::integer;
  IF ny < 0 OR ny > 9999 THEN
    RETURN floe._fail('100040', '22007', 'Timestamp is out of the supported range', NULL::integer);
  END IF;
  last := floe._days_in_month(ny, nm);
  nd := CASE WHEN sticky AND c.d = floe._days_in_month(c.y, c.m) THEN last ELSE least(c.d, last) END;
  RETURN floe._days(ny, nm, nd);
END $f$;
`;

/** The helpers' statements, in order (each a single statement). */
export const HELPER_STATEMENTS: string[] = SQL_HELPERS.split(/(?<=\$f\$);\s*\n/).map((s) => s.trim()).filter((s) => s !== '');
