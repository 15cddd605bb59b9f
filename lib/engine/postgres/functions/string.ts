/**
 * String functions (lib/engine/worker/functions/string.ts): positions and lengths in characters
 * (PostgreSQL's text functions count code points in a UTF-8 database), 1-based, NULL in gives
 * NULL out. Case mapping uses the ICU root collation ("und-x-icu"): the database's own may be C,
 * which maps ASCII letters only, where Snowflake (and JavaScript) map every letter.
 */
import { fail, plpgsql, sql, type PgLibrarySlice } from './define';

const ICU = 'COLLATE "und-x-icu"';
/** INITCAP's default word separators (Snowflake's documented list), as an SQL expression (E'' has no \v). */
const INITCAP_DELIMITERS = String.raw`E' \t\n\r\f' || chr(11) || E'!?@"^#$&~_,.:;+-*%/|\\[](){}<>'`;

const tokensBody = String.raw`
DECLARE out text[] := '{}'; cur text := ''; c text;
BEGIN
  FOR c IN SELECT regexp_split_to_table($1, '') LOOP
    IF strpos($2, c) > 0 THEN
      IF cur <> '' THEN out := out || cur; END IF;
      cur := '';
    ELSE
      cur := cur || c;
    END IF;
  END LOOP;
  IF cur <> '' THEN out := out || cur; END IF;
  RETURN out;
END`;

/** SPLIT's parts: an empty string is one empty part; an empty separator leaves the string whole. */
const parts = (s: string, sep: string) => `CASE WHEN ${s} = '' THEN ARRAY[''] ELSE string_to_array(${s}, ${sep}) END`;

const pad = (fn: 'lpad' | 'rpad') => [
  sql(['text', 'bigint'], 'text', `SELECT CASE WHEN floe._check_length($2) THEN ${fn}($1, floe._int(greatest($2, 0)), ' ') END`),
  sql(['text', 'bigint', 'text'], 'text', `SELECT CASE WHEN floe._check_length($2) THEN ${fn}($1, floe._int(greatest($2, 0)), $3) END`),
];

const initcapBody = String.raw`
DECLARE out text := ''; c text; word_start boolean := true;
BEGIN
  FOR c IN SELECT regexp_split_to_table($1, '') LOOP
    out := out || CASE WHEN word_start THEN upper(c COLLATE "und-x-icu") ELSE lower(c COLLATE "und-x-icu") END;
    word_start := strpos($2, c) > 0;
  END LOOP;
  RETURN out;
END`;

/** American Soundex (string.ts soundex): $2 true keeps the second letter's digit (SOUNDEX_P123). */
const soundexBody = String.raw`
DECLARE letters text; codes text := '01230120022455012623010202'; d text; prev text; digits text := ''; c text; i integer;
BEGIN
  letters := regexp_replace(upper($1), '[^A-Z]', '', 'g');
  IF letters = '' THEN RETURN ''; END IF;
  prev := CASE WHEN $2 THEN '0' ELSE substr(codes, ascii(left(letters, 1)) - 64, 1) END;
  FOR i IN 2 .. length(letters) LOOP
    c := substr(letters, i, 1);
    CONTINUE WHEN c IN ('H', 'W');
    d := substr(codes, ascii(c) - 64, 1);
    IF d <> '0' AND d <> prev THEN digits := digits || d; END IF;
    prev := d;
  END LOOP;
  RETURN left(left(letters, 1) || digits || '000', 4);
END`;

/** Levenshtein over characters, stopping once `max` ($3, NULL: none) is certain. */
const editDistanceBody = String.raw`
DECLARE a text[] := regexp_split_to_array($1, ''); b text[] := regexp_split_to_array($2, '');
  la integer := coalesce(array_length(a, 1), 0); lb integer := coalesce(array_length(b, 1), 0);
  prev integer[]; cur integer[]; i integer; j integer; row_min integer; mx integer := CASE WHEN $3 IS NULL THEN NULL ELSE greatest($3, 0)::integer END;
BEGIN
  IF $1 = '' THEN a := '{}'; la := 0; END IF;
  IF $2 = '' THEN b := '{}'; lb := 0; END IF;
  IF mx IS NOT NULL AND abs(la - lb) >= mx THEN RETURN mx; END IF;
  prev := ARRAY(SELECT generate_series(0, lb));
  FOR i IN 1 .. la LOOP
    cur := ARRAY[i];
    row_min := i;
    FOR j IN 1 .. lb LOOP
      cur := cur || least(prev[j + 1] + 1, cur[j] + 1, prev[j] + CASE WHEN a[i] = b[j] THEN 0 ELSE 1 END);
      row_min := least(row_min, cur[j + 1]);
    END LOOP;
    IF mx IS NOT NULL AND row_min >= mx THEN RETURN mx; END IF;
    prev := cur;
  END LOOP;
  RETURN CASE WHEN mx IS NULL THEN prev[lb + 1] ELSE least(prev[lb + 1], mx) END;
END`;

/** SUBSTR's start ($2) and length ($3, NULL: to the end) as JavaScript's slice bounds, then the slice. */
const substrBody = `
  SELECT CASE WHEN $3 IS NOT NULL AND $3 <= 0 THEN '' WHEN f >= e THEN '' ELSE substr($1, floe._int(f + 1), floe._int(e - f)) END
  FROM (SELECT greatest(f0, 0) AS f, least(CASE WHEN $3 IS NULL THEN n ELSE f0 + $3 END, n) AS e
        FROM (SELECT char_length($1)::bigint AS n, CASE WHEN $2 > 0 THEN $2 - 1 WHEN $2 = 0 THEN 0 ELSE char_length($1) + $2 END AS f0) x) y`;

export const STRING_FUNCTIONS = {
  FLOE_FIXED_TEXT: [sql(['numeric', 'bigint'], 'text', 'SELECT CASE WHEN $2 < 0 THEN $1::text ELSE round($1, floe._int($2))::text END')],
  FLOE_SPLIT: [sql(['text', 'text'], 'text', `SELECT floe._json_texts(${parts('$1', '$2')})`)],
  FLOE_SPLIT_PART: [sql(['text', 'text', 'bigint'], 'text', `SELECT coalesce((${parts('$1', '$2')})[CASE WHEN $3 = 0 THEN 1 WHEN $3 > 0 THEN floe._int($3) ELSE floe._int(cardinality(${parts('$1', '$2')}) + 1 + $3) END], '')`)],
  FLOE_STRTOK: [
    sql(['text'], 'text', `SELECT CASE WHEN $1 = '' THEN NULL ELSE (floe._tokens($1, ' '))[1] END`),
    sql(['text', 'text'], 'text', `SELECT CASE WHEN $1 = '' THEN NULL ELSE (floe._tokens($1, $2))[1] END`),
    sql(['text', 'text', 'bigint'], 'text', `SELECT CASE WHEN $1 = '' OR $3 < 1 THEN NULL ELSE (floe._tokens($1, $2))[floe._int($3)] END`),
  ],
  FLOE_STRTOK_TO_ARRAY: [
    sql(['text'], 'text', `SELECT floe._json_texts(floe._tokens($1, ' '))`),
    sql(['text', 'text'], 'text', `SELECT floe._json_texts(floe._tokens($1, $2))`),
  ],
  FLOE_INSERT: [sql(['text', 'bigint', 'bigint', 'text'], 'text', 'SELECT left($1, floe._int(greatest($2 - 1, 0))) || $4 || substr($1, floe._int(greatest($2 - 1, 0) + greatest($3, 0) + 1))')],
  FLOE_CONTAINS: [sql(['text', 'text'], 'boolean', 'SELECT strpos($1, $2) > 0')],
  FLOE_STARTSWITH: [sql(['text', 'text'], 'boolean', 'SELECT starts_with($1, $2)')],
  FLOE_ENDSWITH: [sql(['text', 'text'], 'boolean', 'SELECT right($1, char_length($2)) = $2')],
  FLOE_LPAD: pad('lpad'),
  FLOE_RPAD: pad('rpad'),
  FLOE_INITCAP: [
    // The two-argument form first: the one-argument form's body calls it.
    plpgsql(['text', 'text'], 'text', initcapBody),
    sql(['text'], 'text', `SELECT floe.floe_initcap($1, ${INITCAP_DELIMITERS})`),
  ],
  FLOE_UPPER: [sql(['text'], 'text', `SELECT upper($1 ${ICU})`)],
  FLOE_LOWER: [sql(['text'], 'text', `SELECT lower($1 ${ICU})`)],
  FLOE_LEFT: [sql(['text', 'bigint'], 'text', 'SELECT left($1, floe._int(greatest($2, 0)))')],
  FLOE_RIGHT: [sql(['text', 'bigint'], 'text', "SELECT CASE WHEN $2 <= 0 THEN '' ELSE right($1, floe._int($2)) END")],
  FLOE_SUBSTR: [
    sql(['text', 'bigint'], 'text', 'SELECT floe._substr($1, $2, NULL)'),
    sql(['text', 'bigint', 'bigint'], 'text', 'SELECT floe._substr($1, $2, $3)'),
  ],
  FLOE_POSITION: [
    sql(['text', 'text'], 'bigint', 'SELECT strpos($2, $1)::bigint'),
    sql(['text', 'text', 'bigint'], 'bigint', `
      SELECT CASE WHEN st > char_length($2) THEN 0 ELSE (SELECT CASE WHEN p = 0 THEN 0 ELSE p + st END FROM (SELECT strpos(substr($2, floe._int(st + 1)), $1)::bigint AS p) x) END
      FROM (SELECT greatest($3, 1) - 1 AS st) s`),
  ],
  FLOE_REPEAT: [sql(['text', 'bigint'], 'text', 'SELECT CASE WHEN floe._check_length(char_length($1) * greatest($2, 0)) THEN repeat($1, floe._int(greatest($2, 0))) END')],
  FLOE_SOUNDEX: [sql(['text'], 'text', 'SELECT floe._soundex($1, false)')],
  FLOE_SOUNDEX_P123: [sql(['text'], 'text', 'SELECT floe._soundex($1, true)')],
  FLOE_REVERSE: [sql(['text'], 'text', 'SELECT reverse($1)')],
  FLOE_TRANSLATE: [sql(['text', 'text', 'text'], 'text', 'SELECT translate($1, $2, $3)')],
  FLOE_ASCII: [sql(['text'], 'bigint', 'SELECT ascii($1)::bigint')],
  FLOE_CHR: [sql(['bigint'], 'text', `
    SELECT CASE WHEN $1 < 0 OR $1 > 1114111 OR $1 BETWEEN 55296 AND 57343 THEN ${fail('100140', '22023', "'Invalid character code ' || $1 || ' in the CHR input'", 'text')}
      WHEN $1 = 0 THEN ${fail('100140', '22023', "'Invalid character code 0 in the CHR input (PostgreSQL text cannot hold NUL)'", 'text')}
      ELSE chr($1::integer) END`)],
  FLOE_EDITDISTANCE: [
    sql(['text', 'text'], 'bigint', 'SELECT floe._editdistance($1, $2, NULL)'),
    sql(['text', 'text', 'bigint'], 'bigint', 'SELECT floe._editdistance($1, $2, $3)'),
  ],
} satisfies PgLibrarySlice;

/** The string family's own helpers (installed with the library's helpers). */
export const STRING_HELPERS: string[] = [
  `CREATE OR REPLACE FUNCTION floe._tokens(text, text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$${tokensBody}$f$`,
  `CREATE OR REPLACE FUNCTION floe._soundex(text, boolean) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$${soundexBody}$f$`,
  `CREATE OR REPLACE FUNCTION floe._editdistance(text, text, bigint) RETURNS bigint LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$${editDistanceBody}$f$`,
  // LEFT, RIGHT and REVERSE of a BINARY (the dialect's bytes): bytes, where the engine functions count characters.
  `CREATE OR REPLACE FUNCTION floe._bytes_left(bytea, bigint) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT substr($1, 1, greatest(least($2, 2147483647), 0)::integer) $f$`,
  `CREATE OR REPLACE FUNCTION floe._bytes_right(bytea, bigint) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT substr($1, greatest(length($1) - greatest(least($2, 2147483647), 0) + 1, 1)::integer) $f$`,
  `CREATE OR REPLACE FUNCTION floe._bytes_reverse(bytea) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT coalesce((SELECT string_agg(substr($1, i, 1), ''::bytea ORDER BY i DESC) FROM generate_series(1, length($1)) AS i), ''::bytea) $f$`,
  `CREATE OR REPLACE FUNCTION floe._substr(text, bigint, bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$${substrBody}$f$`,
];
