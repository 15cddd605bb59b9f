/**
 * Conversion functions (lib/engine/worker/functions/conversion.ts): the store-as-type helpers
 * that need no text parser. The lenient date/time and number parsers (TO_DATE of '3/4/2024',
 * format models, FLOE_CONVERT's every source and target) are lib/values' and not ported yet.
 */
import { fail, sql, unsupported, type PgLibrarySlice } from './define';

const NOT_YET_PARSER = 'not ported yet: needs lib/values\' lenient date, time and timestamp text parser (and the session time zone rules) in SQL';
const NOT_YET_FORMATS = 'not ported yet: needs lib/values\' conversions between every source and target kind, with format models, in SQL';

const tooLong = (v: string) => fail('100074', '22000', `'String ''' || ${v} || ''' is too long and would be truncated'`, 'text');
const toBinary = (v: string, f: string) => `CASE upper(btrim(coalesce(${f}, 'HEX'))) WHEN 'UTF-8' THEN convert_to(${v}, 'UTF8') WHEN 'UTF8' THEN convert_to(${v}, 'UTF8')
  WHEN 'BASE64' THEN floe._base64_bytes(${v})
  ELSE CASE WHEN ${v} ~ '^([0-9A-Fa-f]{2})*$' THEN decode(${v}, 'hex') ELSE ${fail('100040', '22007', `'The following string is not a legal hex-encoded value: ''' || ${v} || ''''`, 'bytea')} END END`;

export const CONVERSION_FUNCTIONS = {
  FLOE_TO_DATE: unsupported(NOT_YET_PARSER),
  FLOE_TO_TIME: unsupported(NOT_YET_PARSER),
  FLOE_TO_TIMESTAMP_NTZ: unsupported(NOT_YET_PARSER),
  FLOE_TO_TIMESTAMP_LTZ: unsupported(NOT_YET_PARSER),
  FLOE_TO_TIMESTAMP_TZ: unsupported(NOT_YET_PARSER),
  FLOE_TO_BOOLEAN: [
    sql(['text'], 'boolean', `SELECT CASE WHEN lower(btrim($1)) IN ('true', 't', 'yes', 'y', 'on', '1') THEN true WHEN lower(btrim($1)) IN ('false', 'f', 'no', 'n', 'off', '0') THEN false
      ELSE ${fail('100037', '22018', "'Boolean value ''' || $1 || ''' is not recognized'", 'boolean')} END`),
    sql(['double precision'], 'boolean', `SELECT CASE WHEN $1 = 'NaN'::float8 THEN ${fail('100037', '22018', "'Boolean value ''NaN'' is not recognized'", 'boolean')} ELSE $1 <> 0 END`),
    sql(['numeric'], 'boolean', 'SELECT $1 <> 0'),
    sql(['boolean'], 'boolean', 'SELECT $1'),
  ],
  FLOE_TO_NUMBER: unsupported('not ported yet: needs lib/values\' toNumber (text, booleans, exponents, precision and scale checks with Snowflake\'s messages) in SQL'),
  FLOE_TO_BINARY: [
    sql(['text', 'text'], 'bytea', `SELECT CASE WHEN $1 IS NOT NULL THEN ${toBinary('$1', '$2')} END`, { strict: false }),
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
  FLOE_CONVERT: unsupported(NOT_YET_FORMATS),
  FLOE_EPOCH_TO: unsupported('not ported yet: TO_TIMESTAMP*(n, scale) needs lib/values\' epoch range checks and TIMESTAMP_TZ rendering in SQL'),
  FLOE_STORE_VARCHAR: [
    sql(['text', 'bigint'], 'text', `SELECT CASE WHEN char_length($1) > $2 THEN ${tooLong('$1')} ELSE $1 END`),
    sql(['bytea', 'bigint'], 'text', `SELECT CASE WHEN char_length(h) > $2 THEN ${tooLong('h')} ELSE h END FROM (SELECT upper(encode($1, 'hex')) AS h) x`),
  ],
} satisfies PgLibrarySlice;

export const CONVERSION_HELPERS: string[] = [
  `CREATE OR REPLACE FUNCTION floe._base64_bytes(v text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN length(c) % 4 <> 1 AND c ~ '^[A-Za-z0-9+/]*$' THEN decode(c || repeat('=', (4 - length(c) % 4) % 4), 'base64')
      ELSE floe._fail('100040', '22007', 'The following string is not a legal base64-encoded value: ''' || v || '''', NULL::bytea) END
    FROM (SELECT regexp_replace(regexp_replace(v, '\\s+', '', 'g'), '=+$', '') AS c) x $f$`,
];
