/**
 * Conversion functions (lib/engine/worker/functions/conversion.ts): the store-as-type helpers.
 * Text to DATE/TIME/TIMESTAMP is read as lib/values reads it, AUTO forms and format models alike
 * (floe._to_temporal, datetime-parse.ts).
 */
import { fail, plpgsql, sql, type PgLibrarySlice } from './define';


const STABLE = { volatility: 'STABLE' } as const;

/** Decimal text TO_NUMBER reads (trimmed), as a PostgreSQL string literal. */
export const NUMBER_TEXT = String.raw`'^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$'`;
/** Text TO_BOOLEAN reads (lower case, trimmed), as PostgreSQL lists. */
const TRUE_WORDS = "('true', 't', 'yes', 'y', 'on', '1')";
const FALSE_WORDS = "('false', 'f', 'no', 'n', 'off', '0')";

const tooLong = (v: string) => fail('100074', '22000', `'String ''' || ${v} || ''' is too long and would be truncated'`, 'text');
/** Text as BINARY by a format; quiet (an SQL boolean): NULL where the text is not of the format (TRY_). */
const toBinary = (v: string, f: string, quiet = 'false') => `CASE upper(btrim(coalesce(${f}, 'HEX'))) WHEN 'UTF-8' THEN convert_to(${v}, 'UTF8') WHEN 'UTF8' THEN convert_to(${v}, 'UTF8')
  WHEN 'BASE64' THEN floe._base64_bytes(${v}, ${quiet})
  ELSE CASE WHEN ${v} ~ '^([0-9A-Fa-f]{2})*$' THEN decode(${v}, 'hex') WHEN ${quiet} THEN NULL ELSE ${fail('100040', '22007', `'The following string is not a legal hex-encoded value: ''' || ${v} || ''''`, 'bytea')} END END`;

export const CONVERSION_FUNCTIONS = {
  // Text in the AUTO forms, or digits alone: an instant since the epoch in s, ms, µs or ns by magnitude (datetime-parse.ts).
  FLOE_TO_DATE: [sql(['text'], 'text', "SELECT floe._to_temporal($1, 'DATE', '')", STABLE)],
  FLOE_TO_TIME: [sql(['text'], 'text', "SELECT floe._to_temporal($1, 'TIME', '')", STABLE)],
  FLOE_TO_TIMESTAMP_NTZ: [sql(['text'], 'text', "SELECT floe._to_temporal($1, 'NTZ', '')", STABLE)],
  FLOE_TO_TIMESTAMP_LTZ: [sql(['text'], 'text', "SELECT floe._to_temporal($1, 'LTZ', '')", STABLE)],
  FLOE_TO_TIMESTAMP_TZ: [sql(['text'], 'text', "SELECT floe._to_temporal($1, 'TZ', '')", STABLE)],
  FLOE_TO_BOOLEAN: [
    sql(['text'], 'boolean', `SELECT CASE WHEN lower(btrim($1)) IN ${TRUE_WORDS} THEN true WHEN lower(btrim($1)) IN ${FALSE_WORDS} THEN false
      ELSE ${fail('100037', '22018', "'Boolean value ''' || $1 || ''' is not recognized'", 'boolean')} END`),
    sql(['double precision'], 'boolean', `SELECT CASE WHEN $1 = 'NaN'::float8 THEN ${fail('100037', '22018', "'Boolean value ''NaN'' is not recognized'", 'boolean')} ELSE $1 <> 0 END`),
    sql(['numeric'], 'boolean', 'SELECT $1 <> 0'),
    sql(['boolean'], 'boolean', 'SELECT $1'),
  ],
  FLOE_TO_NUMBER: [
    // Short text of digits, signs, points and spaces (the common case) is numeric's own input, which
    // reads it as NUMBER_TEXT does and fails where it does not match (postgres-errors: 100038 naming
    // the text): no regular expression per row. Any other text is read as parseDecimal reads it.
    sql(['text', 'bigint', 'bigint'], 'numeric', `SELECT CASE WHEN $1 IS NULL THEN NULL
      WHEN length($1) <= 1000 AND $1 !~ '[^ 0-9.+-]' THEN floe._to_number($1::numeric, $2, $3)
      WHEN btrim($1) ~ ${NUMBER_TEXT} THEN floe._text_number(btrim($1), $2, $3)
      ELSE ${fail('100038', '22018', "'Numeric value ''' || $1 || ''' is not recognized'", 'numeric')} END`, { strict: false }),
    sql(['double precision', 'bigint', 'bigint'], 'numeric', `SELECT CASE WHEN $1 IS NULL THEN NULL
      WHEN $1 IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) THEN ${fail('100038', '22018', "'Numeric value ''' || floe._js_number($1) || ''' is not recognized'", 'numeric')}
      ELSE floe._to_number($1::text::numeric, $2, $3) END`, { strict: false }),
    sql(['numeric', 'bigint', 'bigint'], 'numeric', 'SELECT floe._to_number($1, $2, $3)', { strict: false }),
  ],
  FLOE_TO_BINARY: [
    // The dialect passes every argument as text (a form by arity): a BINARY value arrives as PostgreSQL's
    // bytea text, '\\x' and lower-case hex, which no legal HEX input is (a backslash), so it is read back.
    sql(['text', 'text'], 'bytea', `SELECT CASE WHEN $1 IS NULL THEN NULL
      WHEN upper(btrim(coalesce($2, 'HEX'))) = 'HEX' AND $1 ~ '^\\\\x([0-9a-f]{2})*$' THEN decode(substr($1, 3), 'hex')
      ELSE ${toBinary('$1', '$2')} END`, { strict: false }),
    sql(['bytea', 'text'], 'bytea', 'SELECT $1', { strict: false }),
  ],
  FLOE_TO_VARCHAR: [
    sql(['text'], 'text', 'SELECT $1'),
    sql(['bytea'], 'text', "SELECT upper(encode($1, 'hex'))"),
    sql(['double precision'], 'text', 'SELECT floe._js_number($1)'),
    sql(['numeric'], 'text', 'SELECT trim_scale($1)::text'),
    sql(['bigint'], 'text', 'SELECT $1::text'),
    sql(['boolean'], 'text', "SELECT CASE WHEN $1 THEN '1' ELSE '0' END"),
  ],
  // (value, source kind, target, format, try) as text: the dialect casts it to the target's type
  // (BINARY travels as hex). Number format models and some output formats of TO_VARCHAR are not
  // ported: those fail with Snowflake's unsupported-feature error, as the dialect does for what it lacks.
  // TRY_ (q) answers NULL where the conversion would fail, asked of each step (their quiet forms), not
  // caught: an exception handler's subtransaction is refused in a parallel plan (install.ts).
  FLOE_CONVERT: [plpgsql(['text', 'text', 'text', 'text', 'bigint'], 'text', String.raw`
DECLARE src text := upper($2); dst text := upper($3); fmt text := upper(btrim($4)); q boolean := $5 = 1; w floe._wall; r text; pn text[];
BEGIN
  IF $1 IS NULL OR $4 IS NULL THEN RETURN NULL; END IF;
  IF dst IN ('DATE', 'TIME', 'NTZ', 'LTZ', 'TZ') THEN
    IF src IN ('DATE', 'TIME', 'NTZ', 'LTZ', 'TZ') THEN
      IF src = 'TIME' AND dst <> 'TIME' THEN
        IF q THEN RETURN NULL; END IF;
        RETURN floe._fail('100040', '22007', 'Timestamp ''' || $1 || ''' is not recognized', NULL::text);
      END IF;
      w := floe._read_wall($1, src, q);
      IF w.days IS NULL THEN RETURN NULL; END IF;
      RETURN CASE dst WHEN 'DATE' THEN floe._date_text(w.days) WHEN 'TIME' THEN floe._time_text(w.secs, w.nanos)
        WHEN 'NTZ' THEN floe._wall_text(w, false)
        WHEN 'LTZ' THEN CASE WHEN src IN ('TZ', 'LTZ') THEN floe._instant_text(w, q) ELSE floe._write_wall(w, 'LTZ', q) END
        ELSE CASE WHEN src = 'LTZ' THEN floe._write_wall(w, 'TZ', q) WHEN src = 'TZ' THEN $1 ELSE floe."floe_to_timestamp_tz"(floe._wall_text(w, false)) END END;
    END IF;
    IF src LIKE 'FIXED:%' OR src = 'REAL' THEN RETURN floe."floe_epoch_to"($1::numeric, 0, dst, q); END IF;
    RETURN floe._to_temporal($1, dst, $4, q);
  ELSIF dst = 'BINARY' THEN
    IF src = 'BINARY' THEN RETURN encode(decode(substr($1, 3), 'hex'), 'hex'); END IF;
    RETURN encode(${toBinary('$1', "nullif($4, '')", 'q')}, 'hex');
  ELSIF dst = 'BOOLEAN' THEN
    IF q AND src IN ('TEXT', 'AUTO') AND lower(btrim($1)) NOT IN ${TRUE_WORDS} AND lower(btrim($1)) NOT IN ${FALSE_WORDS} THEN RETURN NULL; END IF;
    RETURN CASE WHEN CASE WHEN src IN ('TEXT', 'AUTO') THEN floe."floe_to_boolean"($1) ELSE floe."floe_to_boolean"($1::numeric) END THEN '1' ELSE '0' END;
  ELSIF dst = 'TEXT' THEN
    IF src IN ('TEXT', 'AUTO') THEN RETURN $1; END IF;
    IF src = 'BOOLEAN' THEN RETURN CASE WHEN $1 IN ('0', 'false', 'f') THEN 'false' ELSE 'true' END; END IF;
    IF src IN ('DATE', 'TIME', 'NTZ', 'LTZ', 'TZ') THEN RETURN floe._format_wall(floe._read_wall($1, src, q), $4); END IF;
    IF src = 'BINARY' THEN
      RETURN CASE WHEN fmt IN ('', 'HEX') THEN upper(substr($1, 3)) WHEN fmt = 'BASE64' THEN replace(encode(decode(substr($1, 3), 'hex'), 'base64'), chr(10), '')
        WHEN fmt IN ('UTF-8', 'UTF8') THEN convert_from(decode(substr($1, 3), 'hex'), 'UTF8') ELSE floe._unsupported('TO_VARCHAR of BINARY with the format ' || $4) END;
    END IF;
    IF src = 'REAL' AND fmt = '' THEN
      r := floe._js_number($1::double precision);
      RETURN CASE r WHEN 'Infinity' THEN 'inf' WHEN '-Infinity' THEN '-inf' ELSE r END;
    END IF;
    IF src LIKE 'FIXED:%' AND fmt = '' THEN RETURN round($1::numeric, substr(src, 7)::integer)::text; END IF;
    IF fmt <> '' AND (src LIKE 'FIXED:%' OR src = 'REAL') THEN RETURN floe._unsupported('a number format model that is not a constant (' || $4 || ')'); END IF;
    RETURN floe._unsupported('TO_VARCHAR of ' || src || CASE WHEN fmt = '' THEN '' ELSE ' with a format' END);
  ELSIF fmt <> '' THEN
    RETURN floe._unsupported('a number format model that is not a constant (' || $4 || ')');
  ELSIF dst = 'REAL' THEN
    r := lower(btrim($1));
    IF r IN ('nan', 'inf', '+inf', 'infinity', '+infinity', '-inf', '-infinity') THEN
      RETURN CASE WHEN r = 'nan' THEN 'NaN' WHEN left(r, 1) = '-' THEN '-Infinity' ELSE 'Infinity' END;
    END IF;
    IF src = 'BOOLEAN' THEN RETURN CASE WHEN $1 IN ('0', 'false', 'f') THEN '0' ELSE '1' END; END IF;
    IF r !~ '^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$' THEN
      IF q THEN RETURN NULL; END IF;
      RETURN floe._fail('100038', '22018', 'Numeric value ''' || $1 || ''' is not recognized', NULL::text);
    END IF;
    RETURN floe._js_number(floe._float_text(r));
  ELSIF dst LIKE 'FIXED:%' THEN
    pn := string_to_array(dst, ':');
    IF src = 'BOOLEAN' THEN RETURN CASE WHEN $1 IN ('0', 'false', 'f') THEN '0' ELSE '1' END; END IF;
    IF q THEN RETURN CASE WHEN btrim($1) ~ ${NUMBER_TEXT} THEN floe._text_number(btrim($1), pn[2]::bigint, pn[3]::bigint, true)::text END; END IF;
    RETURN floe."floe_to_number"($1, pn[2]::bigint, pn[3]::bigint)::text;
  END IF;
  RETURN $1;
END`, { volatility: 'STABLE', strict: false })],
  // TO_DATE / TO_TIMESTAMP*(n, scale): n units of 10^-scale seconds (value, scale, target, try).
  FLOE_EPOCH_TO: [plpgsql(['numeric', 'bigint', 'text', 'boolean'], 'text', String.raw`
DECLARE u numeric; ns numeric; secs numeric; d numeric; days integer; utc text; w floe._wall;
BEGIN
  IF $1 IS NULL OR $2 IS NULL THEN RETURN NULL; END IF;
  -- TRY_: NULL where floe._to_number or the range check fails, tested first: an exception
  -- handler's subtransaction is refused in a parallel plan (the session's zone cannot fail).
  IF $4 AND abs(round($1)) >= 1e38 THEN RETURN NULL; END IF;
  u := floe._to_number($1, 38, 0);
  ns := CASE WHEN $2 <= 9 THEN u * power(10::numeric, 9 - $2) ELSE trunc(u / power(10::numeric, $2 - 9)) END;
  secs := floe._fdiv(ns, 1000000000);
  d := floe._fdiv(secs, 86400);
  IF d < -719528 OR d > 2932896 THEN
    IF $4 THEN RETURN NULL; END IF;
    RETURN floe._fail('100040', '22007', 'Timestamp ''' || trim_scale($1) || ''' is not recognized', NULL::text);
  END IF;
  days := d::integer;
  w := ROW(days, (secs - days::numeric * 86400)::integer, (ns - secs * 1000000000)::integer, 0)::floe._wall;
  utc := floe._wall_text(w, false);
  RETURN CASE upper($3) WHEN 'DATE' THEN left(utc, 10)
    WHEN 'TZ' THEN floe._wall_text(floe._wall_at(secs::bigint, w.nanos, current_setting('TimeZone')), true)
    ELSE utc END;
END`, { volatility: 'STABLE', strict: false })],
  FLOE_STORE_VARCHAR: [
    sql(['text', 'bigint'], 'text', `SELECT CASE WHEN char_length($1) > $2 THEN ${tooLong('$1')} ELSE $1 END`),
    sql(['bytea', 'bigint'], 'text', `SELECT CASE WHEN char_length(h) > $2 THEN ${tooLong('h')} ELSE h END FROM (SELECT upper(encode($1, 'hex')) AS h) x`),
  ],
} satisfies PgLibrarySlice;

export const CONVERSION_HELPERS: string[] = [
  // A number as NUMBER(p, s) (numeric.ts toNumber): rounded half away from zero, Snowflake's error beyond p - s integer digits
  // (and for NaN and the infinities, which abs(r) < bound does not pass either: numeric's NaN sorts above every number).
  // (PL/pgSQL simple expressions and a numeric bound, not the digits as text: it checks every row of exact arithmetic.)
  // quiet (TRY_): NULL instead of the error (no exception handler: see install.ts).
  `CREATE OR REPLACE FUNCTION floe._to_number(x numeric, p bigint, s bigint, quiet boolean DEFAULT false) RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    DECLARE r numeric := round(x, coalesce(s, 0)::integer);
    BEGIN
      IF r IS NULL OR abs(r) < 10::numeric ^ (coalesce(p, 38) - coalesce(s, 0)) THEN RETURN r; END IF;
      IF quiet THEN RETURN NULL; END IF;
      -- numeric holds NaN and the infinities (a FLOAT's, or text's), which no NUMBER does.
      IF r IN ('NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric) THEN
        RETURN floe._fail('100038', '22018', 'Numeric value ''' || r::text || ''' is not recognized', NULL::numeric);
      END IF;
      RETURN floe._fail('100046', '22003', 'Number out of representable range: type FIXED[' || CASE WHEN coalesce(p, 38) <= 2 THEN 'SB1' WHEN coalesce(p, 38) <= 4 THEN 'SB2'
        WHEN coalesce(p, 38) <= 9 THEN 'SB4' WHEN coalesce(p, 38) <= 18 THEN 'SB8' ELSE 'SB16' END || '](' || coalesce(p, 38) || ',' || coalesce(s, 0) || '){nullable=true}, value ' || r::text, NULL::numeric);
    END $f$`,
  // Decimal text (NUMBER_TEXT, trimmed) as NUMBER(p, s), read as lib/values parseDecimal reads it:
  // an exponent beyond ±400 counts as ±400 (the message then names 1 and 400 zeros, as sql.js's
  // does), so '1e400000' is out of range and '1e-400000' is 0 instead of overflowing numeric.
  // Short text without an exponent (the common case) is cast directly. A fraction is cut to s + 1
  // digits (rounding half away from zero reads no further), so the cast never overflows either;
  // beyond numeric's 131072 integer digits the value is out of range and named from its text.
  String.raw`CREATE OR REPLACE FUNCTION floe._text_number(t text, p bigint, s bigint, quiet boolean DEFAULT false) RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    DECLARE m text[]; digits text; point bigint; i text; f text; sc integer := coalesce(s, 0)::integer;
    BEGIN
      IF t IS NULL THEN RETURN NULL; END IF;
      IF length(t) <= 1000 AND strpos(t, 'e') = 0 AND strpos(t, 'E') = 0 THEN RETURN floe._to_number(t::numeric, p, s, quiet); END IF;
      m := regexp_match(t, '^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$');
      i := m[2]; f := coalesce(m[3], '');
      IF m[4] IS NOT NULL THEN
        digits := i || f;
        -- The exponent's digits may overflow bigint: ±400 is all that matters.
        point := length(i) + CASE WHEN length(ltrim(m[4], '+-0')) > 3 THEN CASE WHEN left(m[4], 1) = '-' THEN -400 ELSE 400 END
          ELSE greatest(-400, least(400, m[4]::integer)) END;
        IF point <= 0 THEN i := ''; f := repeat('0', (-point)::integer) || digits;
        ELSIF point >= length(digits) THEN i := digits || repeat('0', (point - length(digits))::integer); f := '';
        ELSE i := left(digits, point::integer); f := substr(digits, (point + 1)::integer); END IF;
      END IF;
      i := ltrim(i, '0'); f := left(f, greatest(sc, 0) + 1);
      IF length(i) <= 131000 THEN RETURN floe._to_number((m[1] || coalesce(nullif(i, ''), '0') || '.' || f || '0')::numeric, p, s, quiet); END IF;
      IF quiet THEN RETURN NULL; END IF;
      -- Too long for numeric: certainly out of range, named by its digits rounded half away from zero at s.
      digits := i || rpad(f, sc, '0');
      IF substr(f, sc + 1, 1) >= '5' THEN
        i := rtrim(digits, '9');
        digits := CASE WHEN i = '' THEN '1' ELSE left(i, -1) || (right(i, 1)::integer + 1)::text END || repeat('0', length(digits) - length(i));
      END IF;
      RETURN floe._fail('100046', '22003', 'Number out of representable range: type FIXED[' || CASE WHEN coalesce(p, 38) <= 2 THEN 'SB1' WHEN coalesce(p, 38) <= 4 THEN 'SB2'
        WHEN coalesce(p, 38) <= 9 THEN 'SB4' WHEN coalesce(p, 38) <= 18 THEN 'SB8' ELSE 'SB16' END || '](' || coalesce(p, 38) || ',' || sc || '){nullable=true}, value '
        || CASE WHEN m[1] = '-' THEN '-' ELSE '' END || CASE WHEN sc > 0 THEN left(digits, -sc) || '.' || right(digits, sc) ELSE digits END, NULL::numeric);
    END $f$`,
  `CREATE OR REPLACE FUNCTION floe._base64_bytes(v text, quiet boolean DEFAULT false) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN length(c) % 4 <> 1 AND c ~ '^[A-Za-z0-9+/]*$' THEN decode(c || repeat('=', (4 - length(c) % 4) % 4), 'base64') WHEN quiet THEN NULL
      ELSE floe._fail('100040', '22007', 'The following string is not a legal base64-encoded value: ''' || v || '''', NULL::bytea) END
    FROM (SELECT regexp_replace(regexp_replace(v, '\\s+', '', 'g'), '=+$', '') AS c) x $f$`,
  // A wall clock by a Snowflake date/time format model (lib/values/format-model.ts, element for
  // element): YYYY YY MM MON MMMM DD DY HH24 HH12 HH AM PM MI SS FF[0-9] TZH TZM, "quoted" text,
  // anything else as it is. The offset TZH/TZM show is the wall clock's own (LTZ: the session's).
  `CREATE OR REPLACE FUNCTION floe._format_wall(w floe._wall, fmt text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE u text := upper(fmt); n integer := length(fmt); i integer := 1; out text := ''; e text; q integer;
      dt date := DATE '1970-01-01' + w.days; h integer := w.secs / 3600; d integer;
    BEGIN
      WHILE i <= n LOOP
        IF substr(fmt, i, 1) = '"' THEN
          q := strpos(substr(fmt, i + 1), '"');
          IF q = 0 THEN out := out || substr(fmt, i + 1); EXIT; END IF;
          out := out || substr(fmt, i + 1, q - 1); i := i + q + 1; CONTINUE;
        END IF;
        e := CASE WHEN substr(u, i, 4) IN ('MMMM', 'YYYY', 'HH24', 'HH12') THEN substr(u, i, 4)
          WHEN substr(u, i, 3) IN ('TZH', 'TZM', 'MON') THEN substr(u, i, 3)
          WHEN substr(u, i, 2) IN ('YY', 'MM', 'MI', 'DD', 'DY', 'HH', 'AM', 'PM', 'SS', 'FF') THEN substr(u, i, 2) END;
        IF e IS NULL THEN out := out || substr(fmt, i, 1); i := i + 1; CONTINUE; END IF;
        i := i + length(e);
        out := out || CASE e
          WHEN 'YYYY' THEN lpad(extract(year FROM dt)::text, 4, '0')
          WHEN 'YY' THEN lpad((extract(year FROM dt)::integer % 100)::text, 2, '0')
          WHEN 'MM' THEN to_char(dt, 'MM')
          WHEN 'MON' THEN to_char(dt, 'Mon')
          WHEN 'MMMM' THEN to_char(dt, 'FMMonth')
          WHEN 'DD' THEN to_char(dt, 'DD')
          WHEN 'DY' THEN to_char(dt, 'Dy')
          WHEN 'HH24' THEN lpad(h::text, 2, '0') WHEN 'HH' THEN lpad(h::text, 2, '0')
          WHEN 'HH12' THEN lpad(CASE WHEN h % 12 = 0 THEN 12 ELSE h % 12 END::text, 2, '0')
          WHEN 'AM' THEN CASE WHEN h < 12 THEN 'AM' ELSE 'PM' END WHEN 'PM' THEN CASE WHEN h < 12 THEN 'AM' ELSE 'PM' END
          WHEN 'MI' THEN lpad(((w.secs % 3600) / 60)::text, 2, '0')
          WHEN 'SS' THEN lpad((w.secs % 60)::text, 2, '0')
          WHEN 'TZH' THEN CASE WHEN w.off < 0 THEN '-' ELSE '+' END || lpad((abs(w.off) / 60)::text, 2, '0')
          WHEN 'TZM' THEN lpad((abs(w.off) % 60)::text, 2, '0')
          ELSE '' END;
        IF e = 'FF' THEN
          d := CASE WHEN substr(fmt, i, 1) ~ '^[0-9]$' THEN substr(fmt, i, 1)::integer END;
          IF d IS NOT NULL THEN i := i + 1; ELSE d := 9; END IF;
          out := out || left(lpad(w.nanos::text, 9, '0'), d);
        END IF;
      END LOOP;
      RETURN out;
    END $f$`,
  // Snowflake's magnitude rule for epoch digits: seconds below 31536000000, then ms, µs, ns.
  `CREATE OR REPLACE FUNCTION floe._epoch_scale(n numeric) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN n < 31536000000 THEN 0 WHEN n < 31536000000000 THEN 3 WHEN n < 31536000000000000 THEN 6 ELSE 9 END::bigint $f$`,
  // Snowflake's unsupported-feature error at run time, for what this engine's port lacks.
  `CREATE OR REPLACE FUNCTION floe._unsupported(what text) RETURNS text LANGUAGE sql VOLATILE PARALLEL SAFE AS $f$
    SELECT floe._fail('002140', '42601', 'SQL compilation error:' || chr(10) || 'Unsupported feature ''' || what || ''' on the PostgreSQL engine.', NULL::text) $f$`,
];
