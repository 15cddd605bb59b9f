/**
 * Reading date/time text, as lib/values does on the sql.js side, form for form: AUTO detection
 * (datetime-parse.ts: ISO with 'T' or ' ', offsets Z / ±HH / ±HHMM / ±HH:MM, DD-MON-YYYY,
 * MM/DD/YYYY, RFC and ctime forms, 12-hour clocks, fractions up to 9 digits, ',' as the decimal
 * mark), explicit format models (datetime-format-parse.ts: YYYY YY MM MON MMMM DD DY HH24 HH12 HH
 * AM PM MI SS FF[0-9] TZH TZM, "quoted" text) and the conversions built on them
 * (datetime-convert.ts: digits as epoch s/ms/µs/ns, the kind's rules for offsets and the session's
 * time zone). PostgreSQL's own date/time input is not used: it reads forms Snowflake refuses.
 */

// The sql.js side's regular expressions (datetime-parse.ts), in PostgreSQL's ARE syntax.
const TIME = String.raw`([0-9]{1,2}):([0-9]{2})(?::([0-9]{2})(?:[.,]([0-9]+))?)?(?:\s*([AaPp])\.?[Mm]\.?)?`;
const TZ = String.raw`(?:\s*(Z|z|[+-][0-9]{2}(?::?[0-9]{2})?))?`;
const REST = String.raw`(.*)`;
const ISO_RE = String.raw`^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})` + REST + '$';
const MDY_RE = String.raw`^([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})` + REST + '$';
const DMY_RE = String.raw`^([0-9]{1,2})-([A-Za-z]{3,9})-([0-9]{4})` + REST + '$';
const RFC_RE = String.raw`^(?:[A-Za-z]{3,9},?\s+)?([0-9]{1,2})\s+([A-Za-z]{3,9})\s+([0-9]{4})` + REST + '$';
const CTIME_RE = String.raw`^[A-Za-z]{3,9},?\s+([A-Za-z]{3,9})\s+([0-9]{1,2})\s+` + TIME + String.raw`(?:\s+(Z|[+-][0-9]{2}(?::?[0-9]{2})?))?\s+([0-9]{4})$`;
const TIME_REST_RE = String.raw`^(?:T|t|\s+)` + TIME + TZ + '$';
const TIME_ONLY_RE = '^' + TIME + TZ + '$';

/** JavaScript's String.prototype.trim() set of white space. */
const JS_SPACE = String.raw`E' \t\n\r\f\u000B\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'`;

const PARTS = 'OUT days integer, OUT secs integer, OUT nanos integer, OUT off integer, OUT has_date boolean, OUT has_time boolean, OUT has_offset boolean';

export const DATETIME_PARSE_HELPERS: string[] = [
  String.raw`CREATE OR REPLACE FUNCTION floe._js_trim(v text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$ SELECT btrim(v, ${JS_SPACE}) $f$`,
  // Month number of 'Mar' / 'march' / 'SEPT' (any case, at least 3 letters), or 0 (monthFromName).
  String.raw`CREATE OR REPLACE FUNCTION floe._month_number(name text) RETURNS integer LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE n text := lower(name); months text[] := ARRAY['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
    BEGIN
      IF length(n) < 3 THEN RETURN 0; END IF;
      FOR i IN 1..12 LOOP
        IF starts_with(months[i], n) OR (n = 'sept' AND i = 9) THEN RETURN i; END IF;
      END LOOP;
      RETURN 0;
    END $f$`,
  // Epoch days of a calendar date, NULL when there is none (PostgreSQL's calendar has no year 0).
  String.raw`CREATE OR REPLACE FUNCTION floe._valid_days(y integer, m integer, d integer) RETURNS integer LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    BEGIN
      IF y < 1 OR y > 9999 OR m < 1 OR m > 12 OR d < 1 OR d > (CASE WHEN m = 2 THEN (CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END)
          WHEN m IN (4, 6, 9, 11) THEN 30 ELSE 31 END) THEN
        RETURN NULL;
      END IF;
      RETURN make_date(y, m, d) - DATE '1970-01-01';
    END $f$`,
  // Minutes east of UTC of 'Z' / ±HH / ±HHMM / ±HH:MM; NULL when out of range (parseOffset).
  String.raw`CREATE OR REPLACE FUNCTION floe._offset_minutes(tz text) RETURNS integer LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE d text := replace(substr(tz, 2), ':', ''); h integer; m integer;
    BEGIN
      IF upper(tz) = 'Z' THEN RETURN 0; END IF;
      h := left(d, 2)::integer; m := coalesce(nullif(substr(d, 3, 2), '')::integer, 0);
      IF h > 23 OR m > 59 THEN RETURN NULL; END IF;
      RETURN (CASE WHEN left(tz, 1) = '-' THEN -1 ELSE 1 END) * (h * 60 + m);
    END $f$`,
  // A time of day's groups (hour, minute, second, fraction, meridian) as seconds and nanoseconds; secs NULL when out of range (timeOf).
  String.raw`CREATE OR REPLACE FUNCTION floe._time_of(h text, mi text, s text, frac text, ampm text, OUT secs integer, OUT nanos integer)
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    DECLARE hour integer := h::integer; minute integer := mi::integer; second integer := coalesce(s::integer, 0);
    BEGIN
      secs := NULL; nanos := 0;
      IF minute > 59 OR second > 59 THEN RETURN; END IF;
      IF ampm IS NOT NULL THEN
        IF hour > 12 THEN RETURN; END IF;
        hour := hour % 12 + CASE WHEN upper(ampm) = 'P' THEN 12 ELSE 0 END;
      ELSIF hour > 23 THEN RETURN;
      END IF;
      IF frac IS NOT NULL THEN nanos := rpad(left(frac, 9), 9, '0')::integer; END IF;
      secs := hour * 3600 + minute * 60 + second;
    END $f$`,
  // Text in any AUTO form (parseDateTimeText): days NULL when it is in none. Epoch digits are not read here.
  String.raw`CREATE OR REPLACE FUNCTION floe._auto_parse(v text, ${PARTS})
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE s text := floe._js_trim(v); m text[]; r record; t record; rest text;
    BEGIN
      -- The stored forms first, by position (a regular expression costs ~70 µs a call).
      r := floe._scan(s);
      IF r.days IS NOT NULL THEN
        days := r.days; secs := r.secs; nanos := r.nanos; off := r.off; has_date := r.has_date; has_time := r.has_time; has_offset := r.has_offset;
        RETURN;
      END IF;
      has_date := false; has_time := false; has_offset := false; secs := 0; nanos := 0; off := 0;
      m := regexp_match(s, '${ISO_RE}');
      IF m IS NOT NULL THEN
        days := floe._valid_days(m[1]::integer, m[2]::integer, m[3]::integer);
      ELSE
        m := regexp_match(s, '${MDY_RE}');
        IF m IS NOT NULL THEN
          days := floe._valid_days(m[3]::integer, m[1]::integer, m[2]::integer);
        ELSE
          m := coalesce(regexp_match(s, '${DMY_RE}'), regexp_match(s, '${RFC_RE}'));
          IF m IS NOT NULL THEN days := floe._valid_days(m[3]::integer, floe._month_number(m[2]), m[1]::integer); END IF;
        END IF;
      END IF;
      IF m IS NOT NULL THEN
        IF days IS NULL THEN RETURN; END IF;
        has_date := true;
        rest := m[4];
        IF rest = '' THEN RETURN; END IF;
        m := regexp_match(rest, '${TIME_REST_RE}');
        IF m IS NULL THEN days := NULL; RETURN; END IF;
      ELSE
        m := regexp_match(s, '${CTIME_RE}');
        IF m IS NOT NULL THEN
          days := floe._valid_days(m[9]::integer, floe._month_number(m[1]), m[2]::integer);
          IF days IS NULL THEN RETURN; END IF;
          has_date := true;
          m := ARRAY[m[3], m[4], m[5], m[6], m[7], m[8]];
        ELSE
          m := regexp_match(s, '${TIME_ONLY_RE}');
          IF m IS NULL THEN days := NULL; RETURN; END IF;
          days := 0;
        END IF;
      END IF;
      t := floe._time_of(m[1], m[2], m[3], m[4], m[5]);
      IF t.secs IS NULL THEN days := NULL; RETURN; END IF;
      secs := t.secs; nanos := t.nanos; has_time := true;
      IF m[6] IS NOT NULL THEN
        off := floe._offset_minutes(m[6]);
        IF off IS NULL THEN days := NULL; RETURN; END IF;
        has_offset := true;
      ELSE
        off := 0;
      END IF;
    END $f$`,
  // Text by an explicit format model (parseWithFormat): days NULL when it does not match. Missing
  // date parts are 1970-01-01; the elements are format-model.ts's (the same tokenizer as floe._format_wall).
  String.raw`CREATE OR REPLACE FUNCTION floe._format_parse(v text, fmt text, ${PARTS})
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE s text := floe._js_trim(v); n integer := length(s); i integer := 1; u text := upper(fmt); fl integer := length(fmt); j integer := 1;
      e text; lit text; q integer; c text; k integer; num integer; w text;
      y integer := 1970; mo integer := 1; d integer := 1; h integer := 0; mi integer := 0; sec integer := 0; pm boolean; tz_sign integer := 1; tz integer;
    BEGIN
      days := NULL; secs := 0; nanos := 0; off := 0; has_date := false; has_time := false; has_offset := false;
      WHILE j <= fl LOOP
        lit := NULL; e := NULL;
        IF substr(fmt, j, 1) = '"' THEN
          q := strpos(substr(fmt, j + 1), '"');
          IF q = 0 THEN lit := substr(fmt, j + 1); j := fl + 1; ELSE lit := substr(fmt, j + 1, q - 1); j := j + q + 1; END IF;
        ELSE
          e := CASE WHEN substr(u, j, 4) IN ('MMMM', 'YYYY', 'HH24', 'HH12') THEN substr(u, j, 4)
            WHEN substr(u, j, 3) IN ('TZH', 'TZM', 'MON') THEN substr(u, j, 3)
            WHEN substr(u, j, 2) IN ('YY', 'MM', 'MI', 'DD', 'DY', 'HH', 'AM', 'PM', 'SS', 'FF') THEN substr(u, j, 2) END;
          IF e IS NULL THEN lit := substr(fmt, j, 1); j := j + 1; ELSE j := j + length(e); END IF;
        END IF;
        IF lit IS NOT NULL THEN
          -- A space skips any spaces; one of - / . , : matches any other of them.
          FOR x IN 1..length(lit) LOOP
            c := substr(lit, x, 1);
            IF c = ' ' THEN
              WHILE substr(s, i, 1) = ' ' LOOP i := i + 1; END LOOP;
            ELSIF substr(s, i, 1) = c OR (i <= n AND strpos('-/.,:', c) > 0 AND strpos('-/.,:', substr(s, i, 1)) > 0) THEN
              i := i + 1;
            ELSE
              RETURN;
            END IF;
          END LOOP;
        ELSIF e IN ('MON', 'MMMM', 'DY') THEN
          k := i;
          WHILE k <= n AND strpos('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', substr(s, k, 1)) > 0 LOOP k := k + 1; END LOOP;
          w := substr(s, i, k - i); i := k;
          IF e = 'DY' THEN
            IF length(w) < 3 THEN RETURN; END IF;
          ELSE
            mo := floe._month_number(w);
            IF mo = 0 THEN RETURN; END IF;
            has_date := true;
          END IF;
        ELSIF e IN ('AM', 'PM') THEN
          w := upper(substr(s, i, 2));
          IF w NOT IN ('AM', 'PM') THEN RETURN; END IF;
          pm := w = 'PM'; i := i + 2;
        ELSE
          IF e = 'TZH' THEN
            tz_sign := CASE WHEN substr(s, i, 1) = '-' THEN -1 ELSE 1 END;
            IF substr(s, i, 1) IN ('-', '+') THEN i := i + 1; END IF;
          END IF;
          k := i;
          WHILE k <= n AND k - i < (CASE e WHEN 'YYYY' THEN 4 WHEN 'FF' THEN 9 ELSE 2 END) AND strpos('0123456789', substr(s, k, 1)) > 0 LOOP k := k + 1; END LOOP;
          IF e = 'FF' THEN
            -- Up to 9 digits whatever FF's own digit says (none: 0).
            IF k > i THEN nanos := rpad(substr(s, i, k - i), 9, '0')::integer; ELSE nanos := 0; END IF;
            i := k;
            IF substr(fmt, j, 1) <> '' AND strpos('0123456789', substr(fmt, j, 1)) > 0 THEN j := j + 1; END IF;
            CONTINUE;
          END IF;
          IF k = i THEN RETURN; END IF;
          num := substr(s, i, k - i)::integer; i := k;
          CASE e
            WHEN 'YYYY' THEN y := num; has_date := true;
            WHEN 'YY' THEN y := CASE WHEN num < 70 THEN 2000 + num ELSE 1900 + num END; has_date := true;
            WHEN 'MM' THEN mo := num; has_date := true;
            WHEN 'DD' THEN d := num; has_date := true;
            WHEN 'MI' THEN mi := num; has_time := true;
            WHEN 'SS' THEN sec := num; has_time := true;
            WHEN 'TZH' THEN tz := tz_sign * num * 60;
            WHEN 'TZM' THEN tz := coalesce(tz, 0) + tz_sign * num;
            ELSE h := num; has_time := true;
          END CASE;
        END IF;
      END LOOP;
      IF i <> n + 1 THEN RETURN; END IF;
      IF pm IS NOT NULL THEN
        IF h < 1 OR h > 12 THEN RETURN; END IF;
        h := h % 12 + CASE WHEN pm THEN 12 ELSE 0 END;
      END IF;
      IF h > 23 OR mi > 59 OR sec > 59 THEN RETURN; END IF;
      days := floe._valid_days(y, mo, d);
      secs := h * 3600 + mi * 60 + sec;
      has_offset := tz IS NOT NULL; off := coalesce(tz, 0);
    END $f$`,
  // Text (or epoch digits) as a stored DATE / TIME / NTZ / LTZ / TZ by an optional format model
  // ('' or AUTO: the AUTO forms), else Snowflake's error (toDate, toTime, toTimestamp* of datetime-convert.ts),
  // or NULL when quiet (TRY_ forms, without an exception handler: see install.ts).
  String.raw`CREATE OR REPLACE FUNCTION floe._to_temporal(v text, dst text, fmt text, quiet boolean DEFAULT false) RETURNS text LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $f$
    DECLARE t text := floe._js_trim(v); auto boolean := upper(floe._js_trim(fmt)) IN ('', 'AUTO'); p record; w floe._wall;
    BEGIN
      -- A stored date as it is (toDate's first test).
      IF dst = 'DATE' AND auto AND length(v) = 10 THEN
        p := floe._scan(v);
        IF p.days IS NOT NULL AND p.has_date THEN RETURN v; END IF;
      END IF;
      IF auto AND t ~ '^[+-]?[0-9]+$' THEN
        IF dst = 'TIME' THEN RETURN substr(floe."floe_epoch_to"(t::numeric, floe._epoch_scale(t::numeric), 'NTZ', quiet), 12); END IF;
        RETURN floe."floe_epoch_to"(t::numeric, floe._epoch_scale(t::numeric), dst, quiet);
      END IF;
      IF auto THEN p := floe._auto_parse(t); ELSE p := floe._format_parse(t, fmt); END IF;
      IF (p.days IS NULL OR (dst <> 'TIME' AND NOT p.has_date)) AND quiet THEN RETURN NULL; END IF;
      IF p.days IS NULL AND NOT auto THEN
        RETURN floe._fail('100096', '22007', 'Can''t parse ''' || v || ''' as ' || CASE dst WHEN 'DATE' THEN 'date' WHEN 'TIME' THEN 'time' ELSE 'timestamp' END
          || ' with format ''' || fmt || '''', NULL::text);
      END IF;
      IF p.days IS NULL OR (dst <> 'TIME' AND NOT p.has_date) THEN
        RETURN floe._fail('100040', '22007', CASE dst WHEN 'DATE' THEN 'Date' WHEN 'TIME' THEN 'Time' ELSE 'Timestamp' END || ' ''' || v || ''' is not recognized', NULL::text);
      END IF;
      w := ROW(p.days, p.secs, p.nanos, p.off)::floe._wall;
      CASE dst
        WHEN 'DATE' THEN RETURN floe._date_text(p.days);
        WHEN 'TIME' THEN RETURN floe._time_text(p.secs, p.nanos);
        WHEN 'NTZ' THEN RETURN floe._wall_text(w, false);
        -- Text with an offset is that instant; without one, a wall clock in the session's time zone.
        WHEN 'LTZ' THEN RETURN CASE WHEN p.has_offset THEN floe._instant_text(w, quiet) ELSE floe._write_wall(w, 'LTZ', quiet) END;
        -- An offset written is kept; else the session zone's offset at that wall clock (a DST gap moves it forward).
        ELSE RETURN CASE WHEN p.has_offset THEN floe._wall_text(w, true) ELSE floe._from_parts_out('TZ', w, NULL) END;
      END CASE;
    END $f$`,
];
