/**
 * Semi-structured functions (lib/engine/worker/functions/semi-structured.ts) over the stored
 * VARIANT text, read with PostgreSQL's json type (not jsonb: json keeps each element's text, so
 * numbers keep their digits and objects their stored key order). Results are built from the
 * elements' own text, compact as the stored form is.
 *
 * Not ported yet: the functions that build VARIANTs from SQL values by the compiler's type tags
 * (toVariant: OBJECT_CONSTRUCT, ARRAY_CONSTRUCT, ARRAY_APPEND …), and PARSE_JSON's lenient parser.
 * Known difference: the stored text of an array with a missing element (`[1,undefined]`) is no
 * JSON to PostgreSQL, so such an argument fails as invalid JSON.
 */
import { plpgsql, sql, unsupported, type PgLibrarySlice } from './define';

const NOT_YET_TAGS = 'not ported yet: builds VARIANTs from SQL values by the compiler\'s type tags (variant-args.ts toVariant), which the PostgreSQL library does not have yet';
const NOT_YET_PARSER = 'not ported yet: Snowflake\'s lenient JSON parser (single quotes, bare keys, trailing commas, duplicate-key rules, keys sorted, numbers kept as written) has no PostgreSQL port; json/jsonb parse stricter and differently';
const NOT_YET_TYPES = 'not ported yet: needs the VARIANT number kinds (INTEGER, DECIMAL, DOUBLE by the stored text, lib/values VNum) in SQL';

/** An array argument as json (JSON null: NULL), named for its error. */
const arr = (x: string, fn: string) => `floe._json_array(${x}, '${fn}')`;
/** Elements of a json array with their positions (from 1). */
const elems = (j: string) => `json_array_elements(${j}) WITH ORDINALITY AS t(e, i)`;
const joined = (expr: string, order = 'i') => `'[' || coalesce(string_agg(${expr}, ',' ORDER BY ${order}), '') || ']'`;

/** GET_PATH's steps (lib/values/variant.ts parsePath): keys and array indexes, walked one by one. */
const getPathBody = String.raw`
DECLARE j json := floe._json($1); p text := $2; i integer := 1; n integer := length($2); c text; close integer; inner_ text; q text[]; k text; isnum boolean;
BEGIN
  IF j IS NULL OR json_typeof(j) = 'null' THEN RETURN NULL; END IF;
  WHILE i <= n LOOP
    c := substr(p, i, 1);
    IF c IN ('.', ':') THEN i := i + 1; CONTINUE; END IF;
    isnum := false;
    IF c = '[' THEN
      close := strpos(substr(p, i), ']');
      IF close = 0 THEN RETURN floe._fail('100000', '22000', 'Invalid path: ' || p, NULL::text); END IF;
      inner_ := btrim(substr(p, i + 1, close - 2));
      q := regexp_match(inner_, '^([''"])(.*)\1$');
      IF q IS NOT NULL THEN k := q[2];
      ELSIF inner_ ~ '^\d+$' THEN k := inner_; isnum := true;
      ELSE RETURN floe._fail('100000', '22000', 'Invalid path: ' || p, NULL::text); END IF;
      i := i + close;
    ELSIF c = '"' THEN
      close := strpos(substr(p, i + 1), '"');
      IF close = 0 THEN RETURN floe._fail('100000', '22000', 'Invalid path: ' || p, NULL::text); END IF;
      k := substr(p, i + 1, close - 1);
      i := i + close + 1;
    ELSE
      k := substring(substr(p, i) FROM '^[^.:\[]*');
      i := i + length(k);
    END IF;
    IF isnum THEN
      IF json_typeof(j) <> 'array' OR length(k) > 9 THEN RETURN NULL; END IF;
      j := j -> k::integer;
    ELSE
      IF json_typeof(j) <> 'object' THEN RETURN NULL; END IF;
      j := j -> k;
    END IF;
    IF j IS NULL THEN RETURN NULL; END IF;
  END LOOP;
  RETURN j::text;
END`;

export const SEMI_STRUCTURED_FUNCTIONS = {
  PARSE_JSON: unsupported(NOT_YET_PARSER),
  TRY_PARSE_JSON: unsupported(NOT_YET_PARSER),
  CHECK_JSON: unsupported(NOT_YET_PARSER),
  FLOE_TO_VARIANT: unsupported(NOT_YET_TAGS),
  FLOE_TO_ARRAY: unsupported(NOT_YET_TAGS),
  TO_OBJECT: [sql(['text'], 'text', `SELECT CASE WHEN json_typeof(j) = 'object' THEN j::text ELSE floe._fail('100071', '22000', 'Invalid object: ' || j::text, NULL::text) END FROM (SELECT floe._json($1) AS j) x`)],
  FLOE_FROM_VARIANT: unsupported(NOT_YET_TYPES),
  FLOE_OBJECT_CONSTRUCT: unsupported(NOT_YET_TAGS),
  FLOE_OBJECT_CONSTRUCT_KEEP_NULL: unsupported(NOT_YET_TAGS),
  FLOE_OBJECT_INSERT: unsupported(NOT_YET_TAGS),
  OBJECT_DELETE: [sql(['text'], 'text', `
    SELECT '{' || coalesce((SELECT string_agg(to_json(key)::text || ':' || value::text, ',' ORDER BY i) FROM json_each(o) WITH ORDINALITY AS t(key, value, i) WHERE NOT (key = ANY (array_remove(coalesce($2, '{}'), NULL)))), '') || '}'
    FROM (SELECT floe._json_object($1, 'OBJECT_DELETE') AS o) x WHERE o IS NOT NULL`, { variadic: 'text', strict: false })],
  OBJECT_PICK: unsupported('not ported yet: OBJECT_PICK takes its keys as arguments or as one ARRAY, which needs the argument\'s type tag'),
  OBJECT_KEYS: [sql(['text'], 'text', `
    SELECT CASE WHEN json_typeof(o) = 'object' THEN floe._json_texts(ARRAY(SELECT json_object_keys(o))) WHEN json_typeof(o) = 'null' THEN NULL ELSE '[]' END
    FROM (SELECT floe._json($1) AS o) x`)],
  FLOE_ARRAY_CONSTRUCT: unsupported(NOT_YET_TAGS),
  FLOE_ARRAY_CONSTRUCT_COMPACT: unsupported(NOT_YET_TAGS),
  ARRAY_SIZE: [sql(['text'], 'bigint', `SELECT CASE WHEN json_typeof(j) = 'array' THEN json_array_length(j) END FROM (SELECT floe._json($1) AS j) x`)],
  FLOE_ARRAY_CONTAINS: unsupported(NOT_YET_TAGS),
  FLOE_ARRAY_POSITION: unsupported(NOT_YET_TAGS),
  FLOE_ARRAY_APPEND: unsupported(NOT_YET_TAGS),
  FLOE_ARRAY_PREPEND: unsupported(NOT_YET_TAGS),
  FLOE_ARRAY_INSERT: unsupported(NOT_YET_TAGS),
  ARRAY_REMOVE_AT: [sql(['text', 'bigint'], 'text', `
    SELECT (SELECT ${joined('e::text')} FROM ${elems('a')} WHERE i - 1 <> CASE WHEN $2 < 0 THEN json_array_length(a) + $2 ELSE $2 END)
    FROM (SELECT ${arr('$1', 'ARRAY_REMOVE_AT')} AS a) x WHERE a IS NOT NULL`)],
  ARRAYS_ZIP: unsupported('not ported yet: ARRAYS_ZIP builds objects of $1, $2 … keys whose missing elements are JSON null'),
  ARRAY_CAT: [sql(['text', 'text'], 'text', `
    SELECT (SELECT ${joined('e::text', 'k, i')} FROM (SELECT e, i, 1 AS k FROM ${elems('a')} UNION ALL SELECT e, i, 2 FROM ${elems('b').replace('t(e, i)', 'u(e, i)')}) y)
    FROM (SELECT ${arr('$1', 'ARRAY_CAT')} AS a, ${arr('$2', 'ARRAY_CAT')} AS b) x WHERE a IS NOT NULL AND b IS NOT NULL`)],
  ARRAY_SLICE: [sql(['text', 'bigint', 'bigint'], 'text', `
    SELECT (SELECT ${joined('e::text')} FROM ${elems('a')} WHERE i - 1 >= floe._slice_bound($2, n) AND i - 1 < floe._slice_bound($3, n))
    FROM (SELECT a, json_array_length(a) AS n FROM (SELECT ${arr('$1', 'ARRAY_SLICE')} AS a) y) x WHERE a IS NOT NULL`)],
  ARRAY_TO_STRING: [sql(['text', 'text'], 'text', `
    SELECT (SELECT coalesce(string_agg(CASE json_typeof(e) WHEN 'null' THEN '' WHEN 'string' THEN e #>> '{}' ELSE e::text END, $2 ORDER BY i), '') FROM ${elems('a')})
    FROM (SELECT ${arr('$1', 'ARRAY_TO_STRING')} AS a) x WHERE a IS NOT NULL`)],
  ARRAY_DISTINCT: [sql(['text'], 'text', `
    SELECT (SELECT ${joined('e::text')} FROM (SELECT e, i, row_number() OVER (PARTITION BY floe._json_key(e) ORDER BY i) AS occ FROM ${elems('a')}) y WHERE occ = 1)
    FROM (SELECT ${arr('$1', 'ARRAY_DISTINCT')} AS a) x WHERE a IS NOT NULL`)],
  ARRAY_COMPACT: [sql(['text'], 'text', `
    SELECT (SELECT ${joined('e::text')} FROM ${elems('a')} WHERE json_typeof(e) <> 'null') FROM (SELECT ${arr('$1', 'ARRAY_COMPACT')} AS a) x WHERE a IS NOT NULL`)],
  ARRAY_REVERSE: [sql(['text'], 'text', `
    SELECT (SELECT ${joined('e::text', 'i DESC')} FROM ${elems('a')}) FROM (SELECT ${arr('$1', 'ARRAY_REVERSE')} AS a) x WHERE a IS NOT NULL`)],
  ARRAY_SORT: unsupported('not ported yet: needs Snowflake\'s order of VARIANT values across types (lib/values compareVariants) in SQL'),
  ARRAY_MIN: unsupported('not ported yet: needs Snowflake\'s order of VARIANT values across types (lib/values compareVariants) in SQL'),
  ARRAY_MAX: unsupported('not ported yet: needs Snowflake\'s order of VARIANT values across types (lib/values compareVariants) in SQL'),
  ARRAY_GENERATE_RANGE: [
    sql(['bigint', 'bigint', 'bigint'], 'text', `
      SELECT CASE WHEN $3 = 0 THEN floe._fail('100097', '22023', 'Invalid step for ARRAY_GENERATE_RANGE: 0', NULL::text)
        WHEN greatest(0, ceil(($2 - $1)::numeric / $3)) > 10000000 THEN floe._fail('100078', '22000', 'ARRAY_GENERATE_RANGE: more than 10000000 elements', NULL::text)
        ELSE (SELECT ${joined('($1 + (g - 1) * $3)::text', 'g')} FROM generate_series(1, greatest(0, ceil(($2 - $1)::numeric / $3))::bigint) AS g) END`),
    // After the three-argument form: its body calls that one.
    sql(['bigint', 'bigint'], 'text', 'SELECT floe.array_generate_range($1, $2, 1)'),
  ],
  ARRAY_FLATTEN: [sql(['text'], 'text', `
    SELECT (SELECT ${joined('v::text', 'i, k')} FROM (
      SELECT f.e AS v, t.i, f.k FROM ${elems('a')} CROSS JOIN LATERAL (SELECT e2, k FROM json_array_elements(CASE WHEN json_typeof(t.e) = 'array' THEN t.e ELSE json_build_array(t.e) END) WITH ORDINALITY AS z(e2, k)) AS f(e, k)) y)
    FROM (SELECT ${arr('$1', 'ARRAY_FLATTEN')} AS a) x WHERE a IS NOT NULL`)],
  ARRAYS_OVERLAP: [sql(['text', 'text'], 'boolean', `
    SELECT EXISTS (SELECT 1 FROM json_array_elements(a) AS p(e) JOIN json_array_elements(b) AS q(e) ON floe._json_key(p.e) = floe._json_key(q.e))
    FROM (SELECT ${arr('$1', 'ARRAYS_OVERLAP')} AS a, ${arr('$2', 'ARRAYS_OVERLAP')} AS b) x WHERE a IS NOT NULL AND b IS NOT NULL`)],
  ARRAY_INTERSECTION: [sql(['text', 'text'], 'text', 'SELECT floe._multiset($1, $2, true, \'ARRAY_INTERSECTION\')')],
  ARRAY_EXCEPT: [sql(['text', 'text'], 'text', 'SELECT floe._multiset($1, $2, false, \'ARRAY_EXCEPT\')')],
  FLOE_GET: [sql(['text', 'text'], 'text', `
    SELECT (CASE json_typeof(j) WHEN 'array' THEN CASE WHEN $2 ~ '^\\s*\\+?\\d{1,9}(\\.0*)?\\s*$' THEN j -> floor(btrim($2)::numeric)::integer END WHEN 'object' THEN j -> $2 END)::text
    FROM (SELECT floe._json($1) AS j) x`)],
  FLOE_GET_IGNORE_CASE: [sql(['text', 'text'], 'text', `
    SELECT CASE WHEN json_typeof(j) <> 'object' THEN NULL WHEN j -> $2 IS NOT NULL THEN (j -> $2)::text
      ELSE (SELECT value::text FROM json_each(j) WITH ORDINALITY AS t(key, value, i) WHERE lower(key) = lower($2) ORDER BY i LIMIT 1) END
    FROM (SELECT floe._json($1) AS j) x`)],
  GET_PATH: [plpgsql(['text', 'text'], 'text', getPathBody)],
  FLOE_IS: unsupported(NOT_YET_TYPES),
  FLOE_AS: unsupported(NOT_YET_TYPES),
  FLOE_TYPEOF: unsupported(NOT_YET_TYPES),
  STRIP_NULL_VALUE: [sql(['text'], 'text', `SELECT CASE WHEN json_typeof(j) = 'null' THEN NULL ELSE j::text END FROM (SELECT floe._json($1) AS j) x`)],
} satisfies PgLibrarySlice;

export const SEMI_STRUCTURED_HELPERS: string[] = [
  // Stored VARIANT text as json, or Snowflake's parse error.
  `CREATE OR REPLACE FUNCTION floe._json(v text) RETURNS json LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    BEGIN
      RETURN v::json;
    EXCEPTION WHEN invalid_text_representation THEN
      RETURN floe._fail('100069', '22P02', 'Error parsing JSON: ' || left(v, 100), NULL::json);
    END $f$`,
  `CREATE OR REPLACE FUNCTION floe._json_array(v text, fn text) RETURNS json LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(j) WHEN 'array' THEN j WHEN 'null' THEN NULL ELSE floe._fail('100072', '22000', fn || ': argument is not an array', NULL::json) END
    FROM (SELECT floe._json(v) AS j) x $f$`,
  `CREATE OR REPLACE FUNCTION floe._json_object(v text, fn text) RETURNS json LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(j) WHEN 'object' THEN j WHEN 'null' THEN NULL ELSE floe._fail('100072', '22000', fn || ': argument is not an object', NULL::json) END
    FROM (SELECT floe._json(v) AS j) x $f$`,
  // A slice bound as JavaScript's Array.prototype.slice reads it.
  `CREATE OR REPLACE FUNCTION floe._slice_bound(k bigint, n integer) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN k < 0 THEN greatest(n + k, 0) ELSE least(k, n) END $f$`,
  // ARRAY_INTERSECTION (keep) / ARRAY_EXCEPT: a's elements, each matched against one of b's at most (multisets).
  `CREATE OR REPLACE FUNCTION floe._multiset(x text, y text, keep boolean, fn text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT (SELECT '[' || coalesce(string_agg(e::text, ',' ORDER BY i), '') || ']' FROM (
        SELECT e, i, row_number() OVER (PARTITION BY floe._json_key(e) ORDER BY i) AS occ,
          (SELECT count(*) FROM json_array_elements(b) AS u(f) WHERE floe._json_key(f) = floe._json_key(t.e)) AS inb
        FROM json_array_elements(a) WITH ORDINALITY AS t(e, i)) z WHERE (occ <= inb) = keep)
    FROM (SELECT floe._json_array(x, fn) AS a, floe._json_array(y, fn) AS b) w WHERE a IS NOT NULL AND b IS NOT NULL $f$`,
];
