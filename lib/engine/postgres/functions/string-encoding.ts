/**
 * Hashes and text encodings (lib/engine/worker/functions/string-encoding.ts) on PostgreSQL's
 * built-ins only (md5(), sha224() … sha512(), encode/decode): pgcrypto is not assumed. Each takes
 * text (hashed or encoded as its UTF-8 bytes) or bytea.
 */
import { fail, plpgsql, sql, unsupported, type PgForm, type PgLibrarySlice } from './define';

/** One form for text (as UTF-8) and one for bytea, of a body over the bytes `b`. */
const overBytes = (returns: 'text' | 'numeric', body: (b: string) => string, extra: ('bigint' | 'text')[] = []): PgForm[] => [
  sql(['text', ...extra], returns, `SELECT ${body("convert_to($1, 'UTF8')")}`),
  sql(['bytea', ...extra], returns, `SELECT ${body('$1')}`),
];

/** The upper or lower 64 bits of the MD5 digest as an unsigned integer. */
const md5Half = (upper: boolean) => overBytes('numeric', (b) => `floe._unsigned64(${upper ? 'left' : 'right'}(md5(${b}), 16))`);

const notLegal = (what: string, value: string) => fail('100040', '22007', `'The following string is not a legal ${what}-encoded value: ''' || ${value} || ''''`, 'text');

export const STRING_ENCODING_FUNCTIONS = {
  FLOE_MD5: overBytes('text', (b) => `md5(${b})`),
  FLOE_MD5_NUMBER_UPPER64: md5Half(true),
  FLOE_MD5_NUMBER_LOWER64: md5Half(false),
  // PostgreSQL 15 has no built-in SHA-1 and pgcrypto is not assumed: floe._sha1 is SHA-1 in PL/pgSQL.
  FLOE_SHA1: overBytes('text', (b) => `encode(floe._sha1(${b}), 'hex')`),
  FLOE_SHA2: [
    ...overBytes('text', (b) => `encode(sha256(${b}), 'hex')`),
    ...overBytes('text', (b) => `CASE $2 WHEN 0 THEN encode(sha256(${b}), 'hex') WHEN 224 THEN encode(sha224(${b}), 'hex') WHEN 256 THEN encode(sha256(${b}), 'hex')
      WHEN 384 THEN encode(sha384(${b}), 'hex') WHEN 512 THEN encode(sha512(${b}), 'hex')
      ELSE ${fail('100151', '22023', "'Invalid digest size for SHA2: ' || $2", 'text')} END`, ['bigint']),
  ],
  FLOE_BASE64_ENCODE: [
    ...overBytes('text', (b) => `floe._base64(${b}, 0, '')`),
    ...overBytes('text', (b) => `floe._base64(${b}, $2, '')`, ['bigint']),
    ...overBytes('text', (b) => `floe._base64(${b}, $2, $3)`, ['bigint', 'text']),
  ],
  FLOE_BASE64_DECODE_STRING: [
    sql(['text'], 'text', `SELECT floe._base64_decode($1, '', false)`),
    sql(['text', 'text'], 'text', `SELECT floe._base64_decode($1, $2, false)`),
  ],
  FLOE_TRY_BASE64_DECODE_STRING: [
    sql(['text'], 'text', `SELECT floe._base64_decode($1, '', true)`),
    sql(['text', 'text'], 'text', `SELECT floe._base64_decode($1, $2, true)`),
  ],
  FLOE_HEX_ENCODE: [
    ...overBytes('text', (b) => `upper(encode(${b}, 'hex'))`),
    ...overBytes('text', (b) => `CASE WHEN $2 = 0 THEN encode(${b}, 'hex') ELSE upper(encode(${b}, 'hex')) END`, ['bigint']),
  ],
  FLOE_HEX_DECODE_STRING: [sql(['text'], 'text', `SELECT CASE WHEN $1 ~ '^([0-9A-Fa-f]{2})*$' THEN convert_from(decode($1, 'hex'), 'UTF8') ELSE ${notLegal('hex', '$1')} END`)],
  FLOE_TRY_HEX_DECODE_STRING: [sql(['text'], 'text', `SELECT CASE WHEN $1 ~ '^([0-9A-Fa-f]{2})*$' THEN convert_from(decode($1, 'hex'), 'UTF8') END`)],
  // Version 4 from the statement's seed (floe.seed), which then moves on as on sql.js; version 5 of (namespace, name).
  FLOE_UUID_STRING: [
    sql(['text', 'text'], 'text', String.raw`
      SELECT CASE WHEN replace($1, '-', '') ~ '^[0-9A-Fa-f]{32}$' THEN floe._uuid_text(floe._sha1(decode(replace($1, '-', ''), 'hex') || convert_to($2, 'UTF8')), 5)
        ELSE floe._fail('100146', '22023', 'Invalid UUID string: ''' || $1 || '''', NULL::text) END`),plpgsql([], 'text', String.raw`
DECLARE h bytea := sha256(convert_to('uuid:' || coalesce(nullif(current_setting('floe.seed', true), ''), '0'), 'UTF8'));
BEGIN
  PERFORM set_config('floe.seed', ((get_byte(h, 16)::bigint << 24) | (get_byte(h, 17) << 16) | (get_byte(h, 18) << 8) | get_byte(h, 19))::text, false);
  RETURN floe._uuid_text(h, 4);
END`, { parallelUnsafe: true }),
  ],
} satisfies PgLibrarySlice;

export const STRING_ENCODING_HELPERS: string[] = [
  // SHA-1 (FIPS 180-4) over 32-bit words held in bigints.
  `CREATE OR REPLACE FUNCTION floe._sha1(msg bytea) RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE mask bigint := 4294967295; h0 bigint := 1732584193; h1 bigint := 4023233417; h2 bigint := 2562383102; h3 bigint := 271733878; h4 bigint := 3285377520;
      m bytea; w bigint[]; a bigint; b bigint; c bigint; d bigint; e bigint; f bigint; k bigint; t bigint; o integer;
    BEGIN
      m := msg || decode('80', 'hex') || decode(repeat('00', ((119 - length(msg) % 64) % 64)::integer), 'hex') || int8send(length(msg)::bigint * 8);
      FOR chunk IN 0 .. length(m) / 64 - 1 LOOP
        w := array_fill(0::bigint, ARRAY[80]);
        FOR i IN 0 .. 15 LOOP
          o := chunk * 64 + i * 4;
          w[i + 1] := (get_byte(m, o)::bigint << 24) | (get_byte(m, o + 1)::bigint << 16) | (get_byte(m, o + 2)::bigint << 8) | get_byte(m, o + 3)::bigint;
        END LOOP;
        FOR i IN 16 .. 79 LOOP
          t := w[i - 2] # w[i - 7] # w[i - 13] # w[i - 15];
          w[i + 1] := ((t << 1) | (t >> 31)) & mask;
        END LOOP;
        a := h0; b := h1; c := h2; d := h3; e := h4;
        FOR i IN 0 .. 79 LOOP
          IF i < 20 THEN f := (b & c) | ((~b & mask) & d); k := 1518500249;
          ELSIF i < 40 THEN f := b # c # d; k := 1859775393;
          ELSIF i < 60 THEN f := (b & c) | (b & d) | (c & d); k := 2400959708;
          ELSE f := b # c # d; k := 3395469782;
          END IF;
          t := ((((a << 5) | (a >> 27)) & mask) + f + e + k + w[i + 1]) & mask;
          e := d; d := c; c := ((b << 30) | (b >> 2)) & mask; b := a; a := t;
        END LOOP;
        h0 := (h0 + a) & mask; h1 := (h1 + b) & mask; h2 := (h2 + c) & mask; h3 := (h3 + d) & mask; h4 := (h4 + e) & mask;
      END LOOP;
      RETURN substring(int8send(h0) FROM 5) || substring(int8send(h1) FROM 5) || substring(int8send(h2) FROM 5) || substring(int8send(h3) FROM 5) || substring(int8send(h4) FROM 5);
    END $f$`,
  // A UUID of a version from the first 16 bytes of a digest (RFC 4122 version and variant bits).
  `CREATE OR REPLACE FUNCTION floe._uuid_text(h bytea, version integer) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT substr(x, 1, 8) || '-' || substr(x, 9, 4) || '-' || substr(x, 13, 4) || '-' || substr(x, 17, 4) || '-' || substr(x, 21)
    FROM (SELECT encode(set_byte(set_byte(substring(h FROM 1 FOR 16), 6, (get_byte(h, 6) & 15) | (version << 4)), 8, (get_byte(h, 8) & 63) | 128), 'hex') AS x) t $f$`,
  `CREATE OR REPLACE FUNCTION floe._unsigned64(hex text) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN v < 0 THEN v + 18446744073709551616 ELSE v END FROM (SELECT ('x' || hex)::bit(64)::bigint::numeric AS v) x $f$`,
  // BASE64 with Snowflake's line length and alphabet (replacing '+', '/' and '='); PostgreSQL's own breaks lines at 76.
  `CREATE OR REPLACE FUNCTION floe._base64(b bytea, line bigint, alphabet text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN line <= 0 OR s = '' THEN s
      ELSE (SELECT string_agg(substr(s, i, floe._int(line)), E'\\n' ORDER BY i) FROM generate_series(1, length(s), floe._int(line)) AS g(i)) END
    FROM (SELECT CASE WHEN alphabet = '' THEN t ELSE translate(t, left('+/=', length(alphabet)), left(alphabet, 3)) END AS s
          FROM (SELECT replace(encode(b, 'base64'), E'\\n', '') AS t) x) y $f$`,
  // The decoded text, or NULL (try) / Snowflake's error for text that is no BASE64.
  `CREATE OR REPLACE FUNCTION floe._base64_decode(v text, alphabet text, try boolean) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN length(c) % 4 <> 1 AND c ~ '^[A-Za-z0-9+/]*$' THEN convert_from(decode(c || repeat('=', (4 - length(c) % 4) % 4), 'base64'), 'UTF8')
      WHEN try THEN NULL
      ELSE floe._fail('100040', '22007', 'The following string is not a legal base64-encoded value: ''' || t || '''', NULL::text) END
    FROM (SELECT t, regexp_replace(regexp_replace(t, '\\s+', '', 'g'), '=+$', '') AS c
          FROM (SELECT CASE WHEN alphabet = '' THEN u ELSE translate(u, left(alphabet, 3), left('+/=', length(left(alphabet, 3)))) END AS t
                FROM (SELECT regexp_replace(v, '[\\r\\n]', '', 'g') AS u) x) y) z $f$`,
];
