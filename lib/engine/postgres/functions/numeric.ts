/**
 * Numeric functions (lib/engine/worker/functions/numeric.ts). NUMBER is PostgreSQL's exact
 * numeric here, so the fixed-point helpers are numeric arithmetic at the result scale with
 * Snowflake's 38-digit limit; FLOAT is double precision, with JavaScript's answers where
 * PostgreSQL would raise instead (sqrt(-1) is NaN, exp(1000) is Infinity, sin(inf) is NaN).
 */
import { fail, plpgsql, sql, unsupported, type PgForm, type PgLibrarySlice } from './define';

const NATIVE_NUMERIC = 'SQLite stores wide NUMBERs as text and needs this to order, sum and compare them; PostgreSQL\'s numeric is exact and native, so the dialect uses ORDER BY, sum(), min() and max() on it directly';
const NATIVE_AGGREGATE = 'PostgreSQL\'s own aggregate over numeric is exact (and window-capable): the dialect uses it (AVG: round(avg(x), result scale))';

const divisionByZero = (type: 'numeric' | 'double precision') => fail('100051', '22012', "'Division by zero'", type);

/** A double argument of a FLOAT function: a one-argument function over x. */
const float1 = (expr: (x: string) => string): PgForm[] => [sql(['double precision'], 'double precision', `SELECT ${expr('$1')}`)];
const INF = "'Infinity'::float8";
const NAN = "'NaN'::float8";
const finite = (x: string) => `${x} NOT IN ('Infinity'::float8, '-Infinity'::float8)`;

/**
 * The rounding of NUMBER values: $1 at $2 digits (any whole number: floe._digits), in one of
 * decRound's modes; a result beyond 38 digits is Snowflake's 100046.
 */
const roundFixed = (mode: string): PgForm[] => [sql(['numeric', 'numeric'], 'numeric', `SELECT floe._check38(floe._round($1, floe._digits($2), '${mode}'))`)];
/** FLOAT rounding on the value as it prints (its shortest text), as Snowflake does; beyond a double it is infinite. */
const roundFloat = (mode: string): PgForm[] => [sql(['double precision', 'numeric'], 'double precision',
  `SELECT CASE WHEN ${finite('$1')} AND $1 <> ${NAN} THEN floe._float_of(floe._round($1::text::numeric, floe._digits($2), '${mode}')) ELSE $1 END`)];

/** A 64-bit argument of the bitwise functions: whole, wrapped to 64 bits (BigInt.asIntN). */
const bits = (x: string) => `floe._int64(${x})`;

const powerBody = String.raw`
DECLARE m numeric;
BEGIN
  -- JavaScript's Math.pow: NaN for a NaN exponent, and for 1 or -1 to an infinite power (C's pow answers 1).
  IF $2 = 'NaN'::float8 OR (abs($1) = 1 AND NOT (${finite('$2')})) THEN RETURN 'NaN'; END IF;
  IF $1 = 0 AND $2 < 0 THEN RETURN 'Infinity'; END IF;
  IF $1 < 0 AND $2 <> trunc($2) AND ${finite('$2')} THEN RETURN 'NaN'; END IF;
  -- PostgreSQL's power raises where pow overflows or underflows finite operands (no exception
  -- handler: its subtransaction is refused in a parallel plan), so the result's size is decided
  -- first: m = ln|result| in double away from the bounds, near them from the operands' exact values.
  IF ${finite('$1')} AND ${finite('$2')} AND $1 <> ${NAN} AND $1 <> 0 AND abs($1) <> 1 AND $2 <> 0 THEN
    m := $2::numeric * ln(abs($1))::numeric;
    IF m BETWEEN 709.78 AND 709.79 OR m BETWEEN -745.2 AND -745.1 THEN
      -- Near a bound: at or past the midpoint beyond the largest double is infinite, at or below half the
      -- least subnormal zero (a tie, as 2^-5 to the 215th, rounds to even: 1e-30 covers ln40's last digits).
      m := floe._f8_exact($2) * floe._ln40(abs(floe._f8_exact($1)));
      m := CASE WHEN m >= floe._ln40(2::numeric ^ 1024 - 2::numeric ^ 970) THEN 1000 WHEN m <= -1075 * floe._ln40(2) + 1e-30 THEN -1000 ELSE 0 END;
    END IF;
    IF m > 709.79 THEN
      RETURN CASE WHEN $1 < 0 AND mod(floe._f8_exact($2), 2) <> 0 THEN '-Infinity'::float8 ELSE 'Infinity'::float8 END;
    END IF;
    IF m < -745.2 THEN RETURN 0; END IF;
  END IF;
  RETURN power($1, $2);
END`;

const widthBucketBody = String.raw`
DECLARE k double precision := $4;
BEGIN
  IF k <> trunc(k) OR NOT ${finite('k')} OR k = 'NaN' THEN
    RETURN floe._fail('100097', '22023', 'Invalid bucket count: ' || floe._js_number(k), NULL::bigint);
  END IF;
  IF k <= 0 THEN RETURN floe._fail('100097', '22023', 'Invalid bucket count: must be positive', NULL::bigint); END IF;
  IF $2 < $3 THEN
    RETURN CASE WHEN $1 < $2 THEN 0 WHEN $1 >= $3 THEN k + 1 ELSE floor((($1 - $2) / ($3 - $2)) * k) + 1 END;
  END IF;
  RETURN CASE WHEN $1 > $2 THEN 0 WHEN $1 <= $3 THEN k + 1 ELSE floor((($2 - $1) / ($2 - $3)) * k) + 1 END;
END`;

export const NUMERIC_FUNCTIONS = {
  FLOE_DEC_ADD: [sql(['numeric', 'numeric', 'bigint'], 'numeric', 'SELECT floe._check38(round($1, $3::integer) + round($2, $3::integer))')],
  FLOE_DEC_SUB: [sql(['numeric', 'numeric', 'bigint'], 'numeric', 'SELECT floe._check38(round($1, $3::integer) - round($2, $3::integer))')],
  FLOE_DEC_MUL: [sql(['numeric', 'numeric', 'bigint', 'bigint', 'bigint'], 'numeric', 'SELECT floe._check38(round($1 * $2, $5::integer))')],
  FLOE_DEC_DIV: [sql(['numeric', 'numeric', 'bigint'], 'numeric', `SELECT CASE WHEN $2 = 0 THEN ${divisionByZero('numeric')} ELSE floe._check38(floe._div_round($1, $2, $3::integer)) END`)],
  FLOE_DEC_MOD: [sql(['numeric', 'numeric', 'bigint'], 'numeric', `SELECT CASE WHEN $2 = 0 THEN ${divisionByZero('numeric')} ELSE floe._check38(round($1, $3::integer) % round($2, $3::integer)) END`)],
  FLOE_NUMERIC: [sql(['text'], 'numeric', 'SELECT floe._num_text($1)')],
  FLOE_DEC_NEG: [sql(['numeric'], 'numeric', 'SELECT -$1')],
  FLOE_DEC_ABS: [sql(['numeric'], 'numeric', 'SELECT abs($1)')],
  FLOE_DEC_CMP: [sql(['numeric', 'numeric'], 'bigint', 'SELECT CASE WHEN $1 < $2 THEN -1 WHEN $1 > $2 THEN 1 ELSE 0 END')],
  FLOE_DEC_KEY: unsupported(NATIVE_NUMERIC),
  FLOE_DEC_RESIDUE: unsupported(NATIVE_NUMERIC),
  FLOE_DEC_SUM_PARTS: unsupported(NATIVE_NUMERIC),
  FLOE_DEC_SUM_WINDOW: unsupported(NATIVE_NUMERIC),
  FLOE_DEC_EXTREME_WINDOW: unsupported(NATIVE_NUMERIC),
  FLOE_SUM_TEXT_EXCESS: unsupported(NATIVE_NUMERIC),
  FLOE_DEC_AVG: [sql(['numeric', 'bigint', 'bigint'], 'numeric', 'SELECT CASE WHEN $2 = 0 THEN NULL ELSE floe._check38(floe._div_round($1, $2, $3::integer)) END')],
  FLOE_DEC_GREATEST: [sql([], 'numeric', 'SELECT CASE WHEN array_position($1, NULL) IS NOT NULL THEN NULL ELSE (SELECT max(x) FROM unnest($1) x) END', { variadic: 'numeric' })],
  FLOE_DEC_LEAST: [sql([], 'numeric', 'SELECT CASE WHEN array_position($1, NULL) IS NOT NULL THEN NULL ELSE (SELECT min(x) FROM unnest($1) x) END', { variadic: 'numeric' })],
  FLOE_SUM_DEC: unsupported(NATIVE_AGGREGATE),
  FLOE_AVG_DEC: unsupported(NATIVE_AGGREGATE),
  FLOE_MIN_DEC: unsupported(NATIVE_AGGREGATE),
  FLOE_MAX_DEC: unsupported(NATIVE_AGGREGATE),

  FLOE_DIV: [sql(['double precision', 'double precision'], 'double precision', `SELECT CASE WHEN $2 = 0 THEN ${divisionByZero('double precision')} ELSE $1 / $2 END`)],
  // PostgreSQL has no fmod of doubles, and numeric's modulo works on decimal text (MOD(0.3, 0.1) would be 0, not
  // 0.09999999999999998): floe._fmod computes the exact remainder of the doubles' binary values.
  FLOE_FMOD: [sql(['double precision', 'double precision'], 'double precision', `SELECT CASE WHEN $2 = 0 THEN ${divisionByZero('double precision')} ELSE floe._fmod($1, $2) END`)],
  FLOE_ROUND: roundFixed('half_away'),
  FLOE_ROUND_EVEN: roundFixed('half_even'),
  FLOE_TRUNC: roundFixed('trunc'),
  FLOE_FLOOR: roundFixed('floor'),
  FLOE_CEIL: roundFixed('ceil'),
  FLOE_ROUND_FLOAT: roundFloat('half_away'),
  FLOE_ROUND_EVEN_FLOAT: roundFloat('half_even'),
  FLOE_TRUNC_FLOAT: roundFloat('trunc'),
  FLOE_FLOOR_FLOAT: roundFloat('floor'),
  FLOE_CEIL_FLOAT: roundFloat('ceil'),
  // A FLOAT's NaN arrives as numeric's NaN, which Snowflake does not read as a number (sql.js: 100038).
  FLOE_SIGN: [sql(['numeric'], 'bigint', `SELECT CASE WHEN $1 = 'NaN'::numeric THEN ${fail('100038', '22018', "'Numeric value ''NaN'' is not recognized'", 'bigint')} ELSE sign($1)::bigint END`)],

  SQRT: float1((x) => `CASE WHEN ${x} < 0 THEN ${NAN} ELSE sqrt(${x}) END`),
  EXP: float1((x) => `CASE WHEN ${x} = ${NAN} THEN ${x} WHEN ${x} > 709.782712893384 THEN ${INF} WHEN ${x} < -745.1332191019412 THEN 0 ELSE exp(${x}) END`),
  LN: float1((x) => `CASE WHEN ${x} <= 0 THEN ${fail('100095', '22023', `'Invalid floating point operation: ln(' || floe._js_number(${x}) || ')'`, 'double precision')} ELSE ln(${x}) END`),
  // Exact on perfect cubes, as JavaScript's Math.cbrt is (PostgreSQL's cbrt(27) is 3.0000000000000004).
  CBRT: float1((x) => `CASE WHEN round(cbrt(${x})) ^ 3 = ${x} THEN round(cbrt(${x})) ELSE cbrt(${x}) END`),
  DEGREES: float1((x) => `(${x} * 180) / pi()`),
  RADIANS: float1((x) => `(${x} * pi()) / 180`),
  SIN: float1((x) => `CASE WHEN ${finite(x)} THEN sin(${x}) ELSE ${NAN} END`),
  COS: float1((x) => `CASE WHEN ${finite(x)} THEN cos(${x}) ELSE ${NAN} END`),
  TAN: float1((x) => `CASE WHEN ${finite(x)} THEN tan(${x}) ELSE ${NAN} END`),
  ASIN: float1((x) => `CASE WHEN abs(${x}) > 1 THEN ${NAN} ELSE asin(${x}) END`),
  ACOS: float1((x) => `CASE WHEN abs(${x}) > 1 THEN ${NAN} ELSE acos(${x}) END`),
  ATAN: float1((x) => `atan(${x})`),
  SINH: float1((x) => `sinh(${x})`),
  COSH: float1((x) => `cosh(${x})`),
  TANH: float1((x) => `tanh(${x})`),
  COT: float1((x) => `CASE WHEN ${finite(x)} THEN cot(${x}) ELSE ${NAN} END`),
  FLOE_SQUARE: float1((x) => `CASE WHEN abs(${x}) > 1.3407807929942596e154 AND ${x} <> ${NAN} THEN ${INF} ELSE ${x} * ${x} END`),
  PI: [sql([], 'double precision', 'SELECT pi()')],
  ATAN2: [sql(['double precision', 'double precision'], 'double precision', 'SELECT atan2($1, $2)')],
  POWER: [plpgsql(['double precision', 'double precision'], 'double precision', powerBody)],
  FLOE_LOG: [sql(['double precision', 'double precision'], 'double precision', `
    SELECT CASE WHEN $1 <= 0 OR $1 = 1 OR $2 <= 0
      THEN ${fail('100095', '22023', "'Invalid floating point operation: log(' || floe._js_number($1) || ', ' || floe._js_number($2) || ')'", 'double precision')}
      WHEN NOT (${finite('$2')}) OR $2 = ${NAN} OR $1 = ${NAN} THEN CASE WHEN $1 = ${NAN} THEN $1 ELSE ln($2) / ln($1) END
      WHEN $1 = 10 THEN log($2)
      WHEN $1 = 2 THEN log(2::numeric, $2::text::numeric)::float8
      ELSE ln($2) / ln($1) END`)],
  HAVERSINE: [sql(['double precision', 'double precision', 'double precision', 'double precision'], 'double precision', `
    SELECT 2 * 6371 * asin(sqrt(a)) FROM (SELECT
      sin((($3 - $1) * pi()) / 180 / 2) * sin((($3 - $1) * pi()) / 180 / 2)
      + cos(($1 * pi()) / 180) * cos(($3 * pi()) / 180) * sin((($4 - $2) * pi()) / 180 / 2) * sin((($4 - $2) * pi()) / 180 / 2) AS a) x`)],
  WIDTH_BUCKET: [plpgsql(['double precision', 'double precision', 'double precision', 'double precision'], 'bigint', widthBucketBody)],
  FACTORIAL: [sql(['numeric'], 'numeric', `
    SELECT CASE WHEN $1 <> trunc($1) THEN ${fail('100097', '22023', "'Invalid argument: ' || trim_scale($1)", 'numeric')}
      WHEN $1 < 0 OR $1 > 33 THEN ${fail('100097', '22023', "'Invalid factorial argument: ' || trim_scale($1)", 'numeric')}
      ELSE factorial($1::bigint) END`)],

  BITAND: [sql(['numeric', 'numeric'], 'bigint', `SELECT ${bits('$1')} & ${bits('$2')}`)],
  BITOR: [sql(['numeric', 'numeric'], 'bigint', `SELECT ${bits('$1')} | ${bits('$2')}`)],
  BITXOR: [sql(['numeric', 'numeric'], 'bigint', `SELECT ${bits('$1')} # ${bits('$2')}`)],
  BITSHIFTLEFT: [sql(['numeric', 'numeric'], 'bigint', 'SELECT floe._shift(floe._int64($1), floe._int64($2))')],
  BITSHIFTRIGHT: [sql(['numeric', 'numeric'], 'bigint', 'SELECT floe._shift(floe._int64($1), -floe._int64($2))')],
  BITNOT: [sql(['numeric'], 'bigint', `SELECT ~${bits('$1')}`)],
  // HASH: each argument's canonical bytes (floe._hash_part, which the dialect wraps every argument
  // in: by its PostgreSQL type, the form sql.js hashes for the same value), joined as sql.js joins them.
  HASH: [plpgsql([], 'bigint', String.raw`
DECLARE b bytea := ''::bytea;
BEGIN
  FOR i IN 1 .. coalesce(array_length($1, 1), 0) LOOP
    IF i > 1 THEN b := b || '\x01'::bytea; END IF;
    b := b || coalesce($1[i], '\x00'::bytea);
  END LOOP;
  RETURN floe._hash_bytes(b)::bigint;
END`, { variadic: 'bytea', strict: false })],

  // RANDOM(): 64 random bits of the backend's own generator (two draws of 32). Unlike sql.js,
  // PostgreSQL replays no journal of Floe's, so nothing needs the statement's pinned seed here:
  // an inlined call costs ~0.1 µs, where a PL/pgSQL step of floe.seed through set_config cost
  // 3.5 µs and kept the query from parallel plans. (random() is PARALLEL RESTRICTED.)
  FLOE_RANDOM: [sql([], 'bigint', 'SELECT (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint', { strict: false, parallelRestricted: true })],
  FLOE_RANDOM_SEEDED: [plpgsql(['double precision'], 'numeric', String.raw`
DECLARE key text := 'floe.rs_' || md5(floe._js_number($1)); stmt text := coalesce(nullif(current_setting('floe.now_ms', true), ''), statement_timestamp()::text);
  cur text := current_setting(key, true); x numeric;
BEGIN
  IF $1 <> trunc($1) OR $1 IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) THEN
    RETURN floe._fail('100097', '22023', 'Invalid seed: ' || floe._js_number($1), NULL::numeric);
  END IF;
  x := floe._mix64(CASE WHEN cur IS NOT NULL AND split_part(cur, '/', 1) = stmt THEN split_part(cur, '/', 2)::numeric ELSE $1::numeric END);
  PERFORM set_config(key, stmt || '/' || x, false);
  RETURN floe._signed64(x);
END`, { parallelUnsafe: true })],
  // The generator is usually RANDOM(), a volatile argument: PostgreSQL inlines a SQL function only
  // if such an argument is used once, and a STRICT form gets its NULL rule written out with every
  // parameter used again (tuned), so that UNIFORM(1, 10, RANDOM()) cost a full SQL function call a
  // row (36 µs). These bodies are NULL for any NULL argument by themselves (strict operators and
  // functions only): declared not strict, they are inlined. NORMAL uses its generator twice:
  // PL/pgSQL, which evaluates it once.
  FLOE_UNIFORM_INT: [sql(['double precision', 'double precision', 'text'], 'double precision', 'SELECT $1 + floor(floe._fraction_of($3) * ($2 - $1 + 1))', { strict: false })],
  FLOE_UNIFORM_FLOAT: [sql(['double precision', 'double precision', 'text'], 'double precision', 'SELECT $1 + floe._fraction_of($3) * ($2 - $1)', { strict: false })],
  // (numeric.ts FLOE_NORMAL: the fractions of hashes 0 and 1 of the seed.)
  FLOE_NORMAL: [plpgsql(['double precision', 'double precision', 'text'], 'double precision', String.raw`
DECLARE seed bigint := floe._seed64($3);
BEGIN
  RETURN $1 + $2 * sqrt(-2 * ln(greatest(floe._fraction(0, seed), 5e-324))) * cos(2 * pi() * floe._fraction(1, seed));
END`)],
  // (numeric.ts randomString: eight characters a chunk, the base-62 digits of the top 60 bits of
  // hashint8extended(chunk, the seed's low 64 bits).)
  RANDSTR: [plpgsql(['double precision', 'text'], 'text', String.raw`
DECLARE seed bigint; out text := ''; n bigint; v bigint; chunk text; k integer := 0;
BEGIN
  IF $1 <> trunc($1) OR $1 IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) THEN
    RETURN floe._fail('100097', '22023', 'Invalid length: ' || floe._js_number($1), NULL::text);
  END IF;
  n := $1::bigint;
  IF n < 0 THEN RETURN floe._fail('100097', '22023', 'Invalid length for RANDSTR: ' || n || ', must not be negative', NULL::text); END IF;
  -- (An expression, not PERFORM: a PERFORM runs a query each call.)
  IF NOT floe._check_length(n) THEN RETURN NULL; END IF;
  seed := floe._seed64($2);
  WHILE k * 8 < n LOOP
    v := (hashint8extended(k, seed) >> 4) & 1152921504606846975;
    chunk := '';
    FOR j IN 1 .. least(8, n - k * 8) LOOP
      chunk := chunk || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v % 62)::integer + 1, 1);
      v := v / 62;
    END LOOP;
    out := out || chunk;
    k := k + 1;
  END LOOP;
  RETURN out;
END`)],
} satisfies PgLibrarySlice;

/** The numeric family's helpers. */
export const NUMERIC_HELPERS: string[] = [
  // A finite double's exact value as mantissa × 2^exponent (from its IEEE 754 bits), sign dropped.
  `CREATE OR REPLACE FUNCTION floe._float_parts(x double precision, OUT m numeric, OUT e integer) LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE v bigint := ('x' || encode(float8send(x), 'hex'))::bit(64)::bigint; raw integer;
    BEGIN
      raw := ((v >> 52) & 2047)::integer;
      m := (v & 4503599627370495)::numeric + CASE WHEN raw = 0 THEN 0 ELSE 4503599627370496 END;
      e := CASE WHEN raw = 0 THEN -1074 ELSE raw - 1075 END;
    END $f$`,
  // JavaScript's x % y (C's fmod): the exact remainder, with the dividend's sign.
  `CREATE OR REPLACE FUNCTION floe._fmod(x double precision, y double precision) RETURNS double precision LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE px record; py record; e integer; r numeric; digits text; t text; out double precision;
    BEGIN
      IF x = 'NaN'::float8 OR y = 'NaN'::float8 OR x IN ('Infinity'::float8, '-Infinity'::float8) THEN RETURN 'NaN'; END IF;
      IF y IN ('Infinity'::float8, '-Infinity'::float8) OR x = 0 THEN RETURN x; END IF;
      px := floe._float_parts(x); py := floe._float_parts(y);
      e := least(px.e, py.e);
      r := mod(px.m * trunc(power(2::numeric, px.e - e)), py.m * trunc(power(2::numeric, py.e - e)));
      IF e >= 0 THEN t := trunc(r * trunc(power(2::numeric, e)))::text;
      ELSE
        digits := trunc(r * trunc(power(5::numeric, -e)))::text;
        t := CASE WHEN length(digits) <= -e THEN '0.' || lpad(digits, -e, '0') ELSE left(digits, length(digits) + e) || '.' || right(digits, -e) END;
      END IF;
      out := t::float8;
      RETURN CASE WHEN x < 0 THEN -out ELSE out END;
    END $f$`,
  // An unsigned 64-bit value (numeric) as the signed one of the same bits.
  `CREATE OR REPLACE FUNCTION floe._signed64(u numeric) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN u >= 9223372036854775808 THEN u - 18446744073709551616 ELSE u END $f$`,
  // splitmix64 (numeric.ts mix64) of any integer, as an unsigned 64-bit value. The xor-shifts on
  // the value as a signed bigint (a logical shift is the arithmetic one masked), the products mod
  // 2^64 in numeric: 5.8 µs a call, against 19 µs through bit(64) conversions (RANDOM() feeds it
  // every row of UNIFORM, RANDSTR, NORMAL).
  `CREATE OR REPLACE FUNCTION floe._mix64(x numeric) RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE m numeric := 18446744073709551616; h numeric := 9223372036854775808; z numeric; b bigint;
    BEGIN
      z := mod(mod(x + 11400714819323198485, m) + m, m);
      b := (CASE WHEN z >= h THEN z - m ELSE z END)::bigint;
      b := b # ((b >> 30) & 17179869183);
      z := mod((CASE WHEN b < 0 THEN b + m ELSE b END) * 13787848793156543929, m);
      b := (CASE WHEN z >= h THEN z - m ELSE z END)::bigint;
      b := b # ((b >> 27) & 137438953471);
      z := mod((CASE WHEN b < 0 THEN b + m ELSE b END) * 10723151780598845931, m);
      b := (CASE WHEN z >= h THEN z - m ELSE z END)::bigint;
      b := b # ((b >> 31) & 8589934591);
      RETURN CASE WHEN b < 0 THEN b + m ELSE b END;
    END $f$`,
  // FNV-1a 64 over bytes (the UTF-8 of a text), mixed and signed (numeric.ts hashText).
  `CREATE OR REPLACE FUNCTION floe._hash_bytes(b bytea) RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE h numeric := 14695981039346656037; low integer;
    BEGIN
      FOR i IN 0 .. length(b) - 1 LOOP
        low := mod(h, 256)::integer;
        h := mod((h - low + (low # get_byte(b, i))) * 1099511628211, 18446744073709551616);
      END LOOP;
      RETURN floe._signed64(floe._mix64(h));
    END $f$`,
  `CREATE OR REPLACE FUNCTION floe._hash_text(t text) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT floe._hash_bytes(convert_to(t, 'UTF8')) $f$`,
  // HASH's canonical bytes of one argument, as sql.js's hashPart makes them from the value's SQLite
  // storage form: 'n' and the digits of a number SQLite holds as a number (an integer beyond 2^53
  // reaches a function as the nearest double), 's' and the text of text (a NUMBER whose double
  // does not print back as its digits is stored as its text), 'f' Infinity, 'b' and the hex of
  // BINARY; NULL is the byte 0 (the part is NULL here).
  `CREATE OR REPLACE FUNCTION floe._hash_part(x text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT convert_to('s' || x, 'UTF8') $f$`,
  `CREATE OR REPLACE FUNCTION floe._hash_part(x json) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT convert_to('s' || x::text, 'UTF8') $f$`,
  `CREATE OR REPLACE FUNCTION floe._hash_part(x bytea) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT convert_to('b' || encode(x, 'hex'), 'UTF8') $f$`,
  `CREATE OR REPLACE FUNCTION floe._hash_part(x boolean) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT convert_to(CASE WHEN x THEN 'n1' ELSE 'n0' END, 'UTF8') $f$`,
  `CREATE OR REPLACE FUNCTION floe._hash_part(x bigint) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT convert_to('n' || CASE WHEN x BETWEEN -9007199254740991 AND 9007199254740991 THEN x::text ELSE x::float8::text::numeric::text END, 'UTF8') $f$`,
  // An integer in int64's range hashes as the bigint it would be: an integer column is a bigint
  // until a value beyond int64 widens it to numeric (its values' hashes stay the same).
  `CREATE OR REPLACE FUNCTION floe._hash_part(x numeric) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN scale(x) = 0 AND x BETWEEN -9223372036854775808 AND 9223372036854775807 THEN floe._hash_part(x::bigint)
      ELSE convert_to(CASE WHEN x = t::float8::text::numeric THEN 'n' ELSE 's' END || t, 'UTF8') END FROM (SELECT trim_scale(x)::text AS t) y $f$`,
  `CREATE OR REPLACE FUNCTION floe._hash_part(x double precision) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT convert_to(CASE WHEN x = 'NaN'::float8 THEN 'sNaN' WHEN x IN ('Infinity'::float8, '-Infinity'::float8) THEN 'f' || x::text
      ELSE 'n' || trim_scale(x::text::numeric)::text END, 'UTF8') $f$`,
  // A generator value's 64-bit seed: a number's unscaled digits, else the hash of its text (numeric.ts seedOf).
  `CREATE OR REPLACE FUNCTION floe._seed_of(g text) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN btrim(g) ~ '^[+-]?(\\d+\\.?\\d*|\\.\\d+)$' THEN replace(btrim(g), '.', '')::numeric ELSE floe._hash_text(g) END $f$`,
  // The seed as a signed 64-bit value (its low 64 bits), the key of the generators' hashes
  // (numeric.ts seed64). An integer of up to 18 digits is its own: _seed_of and numeric arithmetic
  // cost more than all the rest of UNIFORM or RANDSTR.
  `CREATE OR REPLACE FUNCTION floe._seed64(g text) RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE s numeric;
    BEGIN
      IF g ~ '^-?[0-9]{1,18}$' THEN RETURN g::bigint; END IF;
      s := mod(floe._seed_of(g), 18446744073709551616);
      IF s < 0 THEN s := s + 18446744073709551616; END IF;
      RETURN (CASE WHEN s >= 9223372036854775808 THEN s - 18446744073709551616 ELSE s END)::bigint;
    END $f$`,
  // A fraction in [0, 1): the top 53 bits of hashint8extended(k, seed) (numeric.ts fractionAt; a
  // built-in C function, where a splitmix64 step in numeric arithmetic cost 6 µs).
  `CREATE OR REPLACE FUNCTION floe._fraction(k integer, seed bigint) RETURNS double precision LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT ((hashint8extended(k, seed) >> 11) & 9007199254740991)::float8 / 9007199254740992 $f$`,
  `CREATE OR REPLACE FUNCTION floe._fraction_of(g text) RETURNS double precision LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT floe._fraction(0, floe._seed64(g)) $f$`,
  // Snowflake's 38 digits: a larger value fails as checkedDecimal does (the digits in its message without trailing zeros).
  `CREATE OR REPLACE FUNCTION floe._check38(x numeric) RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    BEGIN
      IF length(trunc(abs(x))::text) + scale(x) > 38 AND abs(x) >= power(10::numeric, 38 - scale(x)) THEN
        RETURN floe._fail('100046', '22003', 'Number out of representable range: type FIXED[SB16](38,' || scale(x) || '){nullable=true}, value ' || trim_scale(x), NULL::numeric);
      END IF;
      RETURN x;
    END $f$`,
  // a / b rounded half away from zero at scale s, exactly (numeric division alone rounds to a scale of its own first).
  `CREATE OR REPLACE FUNCTION floe._div_round(a numeric, b numeric, s integer) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT round((q + CASE WHEN 2 * abs(n - q * b) >= abs(b) THEN sign(n) * sign(b) ELSE 0 END) * power(10::numeric, -s), s)
    FROM (SELECT n, div(n, b) AS q FROM (SELECT a * power(10::numeric, s) AS n) x) y $f$`,
  // ROUND/TRUNC/FLOOR/CEIL's digits (numeric.ts roundingDigits): a whole number, else Snowflake's 100097; below -400
  // every answer is 0 or beyond any NUMBER or FLOAT alike, and beyond any numeric's scale x stays as it is.
  `CREATE OR REPLACE FUNCTION floe._digits(d numeric) RETURNS integer LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    BEGIN
      IF d IN ('NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric) OR d <> trunc(d) THEN
        RETURN floe._fail('100097', '22023', 'Invalid scale: ' || trim_scale(d), NULL::integer);
      END IF;
      RETURN greatest(least(d, 100000), -400)::integer;
    END $f$`,
  // 10^k exactly (power(10::numeric, k) keeps only 16 significant decimals for k < 0).
  `CREATE OR REPLACE FUNCTION floe._pow10(k integer) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT ('1e' || k)::numeric $f$`,
  // decRound: x at d digits (negative: tens, hundreds …) in a mode; d at or beyond x's scale leaves x as it is.
  `CREATE OR REPLACE FUNCTION floe._round(x numeric, d integer, mode text) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN d >= scale(x) THEN x ELSE round(CASE mode
      WHEN 'half_away' THEN round(x, d)
      WHEN 'trunc' THEN trunc(x, d)
      WHEN 'floor' THEN floor(x * floe._pow10(d)) * floe._pow10(-d)
      WHEN 'ceil' THEN ceil(x * floe._pow10(d)) * floe._pow10(-d)
      ELSE (SELECT CASE WHEN abs(u - trunc(u)) = 0.5 THEN (trunc(u) + CASE WHEN mod(trunc(u), 2) = 0 THEN 0 ELSE sign(u) END) * floe._pow10(-d) ELSE round(x, d) END
            FROM (SELECT x * floe._pow10(d) AS u) t)
    END, greatest(d, 0)) END $f$`,
  // An exact number as the nearest double, infinite beyond the largest and zero below the least (JavaScript's
  // Number(text); numeric's cast raises for both): at or above 2^1024 - 2^970 (the midpoint past the largest
  // double) a value rounds to infinity, at or below 2^-1075 (half the least subnormal, a tie to even) to zero.
  `CREATE OR REPLACE FUNCTION floe._float_of(x numeric) RETURNS double precision LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN abs(x) >= 2::numeric ^ 1024 - 2::numeric ^ 970 THEN sign(x) * 'Infinity'::float8
      WHEN abs(x) < 1e-300 AND abs(x) * 2::numeric ^ 1075 <= 1 THEN sign(x) * 0::float8 ELSE x::float8 END $f$`,
  // Decimal text (lower case, trimmed, already matched as a number) as the nearest double, as Number(text):
  // an exponent far out of either range is decided by magnitude first, as numeric cannot hold 1e400000.
  `CREATE OR REPLACE FUNCTION floe._float_text(t text) RETURNS double precision LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN m = 0 THEN CASE WHEN left(t, 1) = '-' THEN '-0'::float8 ELSE 0::float8 END
      WHEN e + log(abs(m)) > 400 THEN sign(m) * 'Infinity'::float8
      WHEN e + log(abs(m)) < -400 THEN sign(m) * 0::float8
      ELSE floe._float_of((split_part(t, 'e', 1) || 'e' || e)::numeric) END
    FROM (SELECT split_part(t, 'e', 1)::numeric AS m, coalesce(nullif(split_part(t, 'e', 2), ''), '0')::numeric AS e) x $f$`,
  // A finite double's exact value (its IEEE bits: a text or numeric cast keeps 15 to 17 digits only).
  `CREATE OR REPLACE FUNCTION floe._f8_exact(x double precision) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT sign(x)::numeric * CASE WHEN k <= 0 THEN n * 2::numeric ^ (-k) ELSE (trunc(n * 5::numeric ^ k)::text || 'e-' || k)::numeric END
    FROM (SELECT (b & 4503599627370495) + CASE WHEN e > 0 THEN 4503599627370496 ELSE 0 END AS n, 1075 - greatest(e, 1) AS k
      FROM (SELECT b, (b >> 52) & 2047 AS e FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::bigint AS b) r) p) q $f$`,
  // ln to 40 decimals (numeric's ln keeps about 16 significant digits unless its argument carries more scale).
  `CREATE OR REPLACE FUNCTION floe._ln40(x numeric) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT ln(x + 0.0000000000000000000000000000000000000000) $f$`,
  `CREATE OR REPLACE FUNCTION floe._int64(x numeric) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN x <> trunc(x) THEN floe._fail('100097', '22023', 'Invalid argument for bitwise function: ' || trim_scale(x), NULL::bigint)
      ELSE (mod(mod(trunc(x) + 9223372036854775808, 18446744073709551616) + 18446744073709551616, 18446744073709551616) - 9223372036854775808)::bigint END $f$`,
  // a << n (n < 0: a >> -n) within 64 bits; 64 places or more: all bits gone (or the sign's).
  `CREATE OR REPLACE FUNCTION floe._shift(a bigint, n bigint) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN n >= 64 THEN 0 WHEN n <= -64 THEN CASE WHEN a < 0 THEN -1 ELSE 0 END
      WHEN n >= 0 THEN a << n::integer ELSE a >> (-n)::integer END $f$`,
];
