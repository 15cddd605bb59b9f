/**
 * Hashes and text encodings (lib/engine/worker/functions/string-encoding.ts) on PostgreSQL's
 * built-ins only (md5(), sha224() … sha512(), encode/decode): pgcrypto is not assumed. Each takes
 * text (hashed or encoded as its UTF-8 bytes) or bytea.
 */
import { fail, sql, unsupported, type PgForm, type PgLibrarySlice } from './define';

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
  FLOE_SHA1: unsupported('PostgreSQL 15 has no built-in SHA-1 (only sha224 … sha512), and pgcrypto\'s digest() is not guaranteed to be installed'),
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
  FLOE_UUID_STRING: unsupported('version 5 needs SHA-1 (not built into PostgreSQL 15, pgcrypto not assumed); version 4 draws from the statement\'s seed, state a PostgreSQL function cannot step in parallel workers'),
} satisfies PgLibrarySlice;

export const STRING_ENCODING_HELPERS: string[] = [
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
