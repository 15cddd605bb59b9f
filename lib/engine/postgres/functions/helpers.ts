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
/** Snowflake's date and time parts and their other names (lib/values/date-parts.ts ALIASES). */
const DATE_PART_NAMES: Record<string, string[]> = {
  year: ['y', 'yy', 'yyy', 'yyyy', 'yr', 'years', 'yrs'], quarter: ['q', 'qtr', 'qtrs', 'quarters'], month: ['mm', 'mon', 'mons', 'months'],
  week: ['w', 'wk', 'weekofyear', 'woy', 'wy', 'weeks'], weekiso: ['week_iso', 'weekofyeariso', 'weekofyear_iso'],
  day: ['d', 'dd', 'days', 'dayofmonth'], dayofweek: ['weekday', 'dow', 'dw'], dayofweekiso: ['dayofweek_iso', 'weekday_iso', 'dow_iso', 'dw_iso'],
  dayofyear: ['yearday', 'doy', 'dy'], yearofweek: [], yearofweekiso: ['yearofweek_iso'],
  hour: ['h', 'hh', 'hr', 'hours', 'hrs'], minute: ['m', 'mi', 'min', 'minutes', 'mins'], second: ['s', 'sec', 'seconds', 'secs'],
  millisecond: ['ms', 'msec', 'milliseconds'], microsecond: ['us', 'usec', 'microseconds'],
  nanosecond: ['ns', 'nsec', 'nanosec', 'nsecond', 'nanoseconds', 'nanosecs', 'nseconds'],
  epoch_second: ['epoch', 'epoch_seconds'], epoch_millisecond: ['epoch_milliseconds'], epoch_microsecond: ['epoch_microseconds'],
  epoch_nanosecond: ['epoch_nanoseconds'], timezone_hour: ['tzh', 'timezonehour'], timezone_minute: ['tzm', 'timezoneminute'],
};
const PART_CASES = Object.entries(DATE_PART_NAMES).map(([part, names]) => `WHEN p IN (${[part, ...names].map((n) => `'${n}'`).join(', ')}) THEN '${part}'`).join(' ');

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
-- (Not STRICT, NULL-preserving without it: PostgreSQL inlines it.)
CREATE OR REPLACE FUNCTION floe._int(n bigint) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$ SELECT (CASE WHEN n > 2147483647 THEN 2147483647 WHEN n < -2147483647 THEN -2147483647 ELSE n END)::integer $f$;

-- Texts as a compact JSON array (JSON.stringify's form).
CREATE OR REPLACE FUNCTION floe._json_texts(xs text[]) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT '[' || coalesce((SELECT string_agg(coalesce(to_json(x)::text, 'null'), ',' ORDER BY i) FROM unnest(xs) WITH ORDINALITY AS t(x, i)), '') || ']'
$f$;

-- Snowflake's error for a value beyond the largest a function returns (lib/engine/worker/functions/util.ts MAX_RESULT_BYTES).
CREATE OR REPLACE FUNCTION floe._check_length(n bigint) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
BEGIN
  RETURN CASE WHEN n > 4194304 THEN floe._fail('100082', '22000', 'Max LOB size (4194304) exceeded, actual size of parsed column is ' || n, NULL::boolean) ELSE true END;
END $f$;

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

CREATE OR REPLACE FUNCTION floe._date_text(days integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT to_char(DATE '1970-01-01' + days, 'YYYY-MM-DD') $f$;

CREATE OR REPLACE FUNCTION floe._time_text(secs integer, nanos integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
  SELECT lpad((secs / 3600)::text, 2, '0') || ':' || lpad((secs % 3600 / 60)::text, 2, '0') || ':' || lpad((secs % 60)::text, 2, '0') || '.' || lpad(nanos::text, 9, '0')
$f$;

CREATE OR REPLACE FUNCTION floe._offset_text(minutes integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
  SELECT CASE WHEN minutes IS NULL THEN NULL ELSE CASE WHEN minutes < 0 THEN '-' ELSE '+' END || lpad((abs(minutes) / 60)::text, 2, '0') || ':' || lpad((abs(minutes) % 60)::text, 2, '0') END
$f$;

DO $f$ BEGIN
  IF to_regtype('floe._wall') IS NULL THEN
    CREATE TYPE floe._wall AS (days integer, secs integer, nanos integer, off integer);
  END IF;
END $f$;

CREATE OR REPLACE FUNCTION floe._wall_text(w floe._wall, with_offset boolean) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
BEGIN
  RETURN to_char(DATE '1970-01-01' + w.days, 'YYYY-MM-DD') || ' ' || lpad((w.secs / 3600)::text, 2, '0') || ':' || lpad((w.secs % 3600 / 60)::text, 2, '0') || ':'
    || lpad((w.secs % 60)::text, 2, '0') || '.' || lpad(w.nanos::text, 9, '0') || CASE WHEN with_offset THEN ' ' || floe._offset_text(w.off) ELSE '' END;
END $f$;

-- Minutes east of UTC of a zone at an instant (epoch seconds); '+05:30'-style zones are fixed.
CREATE OR REPLACE FUNCTION floe._zone_offset(utc bigint, zone text) RETURNS integer
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
DECLARE m text[];
BEGIN
  IF zone = 'UTC' THEN RETURN 0; END IF;
  -- The session's zone is known valid (SET checked it): no exception block (a subtransaction a call).
  IF zone = current_setting('TimeZone') THEN
    RETURN (extract(timezone FROM to_timestamp(utc))::bigint / 60)::integer;
  END IF;
  m := regexp_match(zone, '^([+-])(\d\d):?(\d\d)$');
  IF m IS NOT NULL THEN
    RETURN (CASE WHEN m[1] = '-' THEN -1 ELSE 1 END) * (m[2]::integer * 60 + m[3]::integer);
  END IF;
  -- A name PostgreSQL knows (floe._zones): no exception handler, whose subtransaction a parallel plan refuses.
  IF NOT EXISTS (SELECT 1 FROM floe._zones z WHERE z.name = lower(zone)) THEN
    RETURN floe._fail('100040', '22007', 'Unknown time zone: ''' || zone || '''', NULL::integer);
  END IF;
  RETURN ((extract(epoch FROM (to_timestamp(utc) AT TIME ZONE zone))::bigint - utc) / 60)::integer;
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
-- By position, not by one regular expression (PostgreSQL's took ~70 µs a call on these).
DECLARE n integer := length(v); p integer := 1; y integer; mo integer; dd integer; k integer; f text;
BEGIN
  has_date := false; has_time := false; has_offset := false;
  days := 0; secs := 0; nanos := 0; off := 0;
  IF n >= 10 AND substr(v, 5, 1) = '-' AND substr(v, 8, 1) = '-' THEN
    IF translate(substr(v, 1, 4) || substr(v, 6, 2) || substr(v, 9, 2), '0123456789', '') <> '' THEN days := NULL; RETURN; END IF;
    y := substr(v, 1, 4)::integer; mo := substr(v, 6, 2)::integer; dd := substr(v, 9, 2)::integer;
    -- Checked by arithmetic, not by catching make_date's error: an exception block costs a subtransaction a call.
    -- (The CASE in parentheses: PL/pgSQL ends an IF condition at its first THEN.)
    IF y < 1 OR mo < 1 OR mo > 12 OR dd < 1 OR dd > (CASE WHEN mo = 2 THEN (CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END)
        WHEN mo IN (4, 6, 9, 11) THEN 30 ELSE 31 END) THEN
      days := NULL; RETURN;
    END IF;
    days := make_date(y, mo, dd) - DATE '1970-01-01';
    has_date := true;
    IF n = 10 THEN RETURN; END IF;
    IF substr(v, 11, 1) NOT IN (' ', 'T') THEN days := NULL; RETURN; END IF;
    p := 12;
  END IF;
  IF n - p + 1 < 8 OR substr(v, p + 2, 1) <> ':' OR substr(v, p + 5, 1) <> ':'
      OR translate(substr(v, p, 2) || substr(v, p + 3, 2) || substr(v, p + 6, 2), '0123456789', '') <> '' THEN
    days := NULL; RETURN;
  END IF;
  IF substr(v, p, 2)::integer > 23 OR substr(v, p + 3, 2)::integer > 59 OR substr(v, p + 6, 2)::integer > 59 THEN days := NULL; RETURN; END IF;
  secs := substr(v, p, 2)::integer * 3600 + substr(v, p + 3, 2)::integer * 60 + substr(v, p + 6, 2)::integer;
  has_time := true;
  p := p + 8;
  IF p <= n AND substr(v, p, 1) = '.' THEN
    f := substr(v, p + 1, 10);
    k := length(f) - length(ltrim(f, '0123456789'));
    IF k = 0 OR k > 9 THEN days := NULL; RETURN; END IF;
    nanos := rpad(left(f, k), 9, '0')::integer;
    p := p + 1 + k;
  END IF;
  IF p > n THEN RETURN; END IF;
  IF NOT has_date OR n - p + 1 <> 7 OR substr(v, p, 1) <> ' ' OR substr(v, p + 1, 1) NOT IN ('+', '-') OR substr(v, p + 4, 1) <> ':'
      OR translate(substr(v, p + 2, 2) || substr(v, p + 5, 2), '0123456789', '') <> '' OR substr(v, p + 2, 2)::integer > 23 OR substr(v, p + 5, 2)::integer > 59 THEN
    days := NULL; RETURN;
  END IF;
  has_offset := true;
  off := (CASE WHEN substr(v, p + 1, 1) = '-' THEN -1 ELSE 1 END) * (substr(v, p + 2, 2)::integer * 60 + substr(v, p + 5, 2)::integer);
END $f$;

-- The wall clock of a stored value of a kind (DATE, TIME, NTZ, LTZ, TZ, else AUTO: read as NTZ);
-- LTZ (a UTC instant) and TZ without an offset are read in the session's time zone.
-- quiet (TRY_ forms): NULL where Snowflake's error would be (no exception handler: see install.ts).
CREATE OR REPLACE FUNCTION floe._read_wall(v text, kind text, quiet boolean DEFAULT false) RETURNS floe._wall
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
DECLARE s record; k text := upper(kind); utc bigint; r record; t text;
BEGIN
  s := floe._scan(v);
  IF s.days IS NULL OR (k = 'TIME' AND NOT s.has_time) OR (k <> 'TIME' AND NOT s.has_date) THEN
    -- Not a stored form of the kind (text of another AUTO form, epoch digits): converted first, as
    -- readWall does (floe._to_temporal, datetime-parse.ts), or Snowflake's error.
    t := floe._to_temporal(v, CASE WHEN k IN ('DATE', 'TIME', 'TZ') THEN k ELSE 'NTZ' END, '', quiet);
    IF t IS NULL THEN RETURN NULL; END IF;
    s := floe._scan(t);
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
CREATE OR REPLACE FUNCTION floe._write_wall(w floe._wall, kind text, quiet boolean DEFAULT false) RETURNS text
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
    IF quiet THEN RETURN NULL; END IF;
    RETURN floe._fail('100040', '22007', 'Timestamp is out of the supported range', NULL::text);
  END IF;
  IF k = 'DATE' THEN RETURN floe._date_text(w.days); END IF;
  RETURN floe._wall_text(w, k = 'TZ');
END $f$;

-- The stored LTZ form (UTC) of a wall clock read with its offset.
CREATE OR REPLACE FUNCTION floe._instant_text(w floe._wall, quiet boolean DEFAULT false) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE l bigint := w.days::bigint * 86400 + w.secs - w.off * 60; days integer;
BEGIN
  days := floe._fdiv(l, 86400)::integer;
  IF days < -719528 OR days > 2932896 THEN
    IF quiet THEN RETURN NULL; END IF;
    RETURN floe._fail('100040', '22007', 'Timestamp is out of the supported range', NULL::text);
  END IF;
  RETURN floe._wall_text(ROW(days, (l - days::bigint * 86400)::integer, w.nanos, 0)::floe._wall, false);
END $f$;

-- A date or time part's canonical name (Snowflake's names and abbreviations), or Snowflake's error.
-- A CASE over the names (rendered from DATE_PART_NAMES below): a lookup table costs ~20 µs a call.
CREATE OR REPLACE FUNCTION floe._part(name text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE p text := lower(btrim(name));
BEGIN
  p := CASE ${PART_CASES} ELSE NULL END;
  IF p IS NULL THEN
    RETURN floe._fail('002020', '42601', E'SQL compilation error:\nInvalid date/time part ''' || name || '''', NULL::text);
  END IF;
  RETURN p;
END $f$;

-- Civil parts of an epoch day.
CREATE OR REPLACE FUNCTION floe._civil(days integer, OUT y integer, OUT m integer, OUT d integer)
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE x date := DATE '1970-01-01' + days;
BEGIN
  y := extract(year FROM x); m := extract(month FROM x); d := extract(day FROM x);
END $f$;

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
/**
 * The zone names (lower case) and abbreviations PostgreSQL's AT TIME ZONE takes, which
 * floe._zone_offset checks a zone against. Each install adds what the server's tz database has
 * gained; the table outlives a reinstall (which drops only functions).
 */
const ZONE_STATEMENTS = [
  'CREATE TABLE IF NOT EXISTS floe._zones (name text PRIMARY KEY)',
  `INSERT INTO floe._zones SELECT lower(name) FROM pg_timezone_names UNION SELECT lower(abbrev) FROM pg_timezone_abbrevs
    ON CONFLICT DO NOTHING`,
];

export const HELPER_STATEMENTS: string[] = [
  ...ZONE_STATEMENTS,
  ...SQL_HELPERS.split(/(?<=\$f\$);\s*\n/).map((s) => s.trim()).filter((s) => s !== ''),
];
