/**
 * Semi-structured functions (lib/engine/worker/functions/semi-structured.ts) over the stored
 * VARIANT text, read with PostgreSQL's json type (not jsonb: json keeps each element's text, so
 * numbers keep their digits and objects their stored key order). Results are built from the
 * elements' own text, compact as the stored form is.
 *
 * Not ported yet: the functions that build VARIANTs from SQL values by the compiler's type tags
 * (toVariant: OBJECT_CONSTRUCT, ARRAY_CONSTRUCT, ARRAY_APPEND …).
 * Known difference: the stored text of an array with a missing element (`[1,undefined]`), NaN or
 * Infinity is no JSON to PostgreSQL, so such an argument fails closed (floe._json).
 */
import { JS_SPACE } from './check-json';
import { plpgsql, sql, type PgLibrarySlice } from './define';

/**
 * ORDER BY keys of a json element in Snowflake's order of VARIANT values (lib/values
 * compareVariants): null, numbers by value, strings by code point, booleans, arrays, objects.
 */
export const variantOrder = (e: string, dir: 'ASC' | 'DESC', when?: string): string => [
  `floe._vrank(${e})`,
  `CASE WHEN json_typeof(${e}) = 'number' THEN (${e}::text)::float8 END`,
  `CASE WHEN json_typeof(${e}) = 'string' THEN ${e} #>> '{}' END COLLATE "C"`,
  `CASE WHEN json_typeof(${e}) IN ('boolean', 'array', 'object') THEN ${e}::text END COLLATE "C"`,
].map((k) => `${when ? `CASE WHEN ${when} THEN ${k} END` : k} ${dir}`).join(', ');

const arrayExtreme = (fn: string, dir: 'ASC' | 'DESC') => [sql(['text'], 'text', `
  SELECT (SELECT e::text FROM ${'json_array_elements(a) WITH ORDINALITY AS t(e, i)'} WHERE json_typeof(e) <> 'null' ORDER BY ${variantOrder('e', dir)}, i LIMIT 1)
  FROM (SELECT floe._json_array($1, '${fn}') AS a) x WHERE a IS NOT NULL`)];

const arraySort = (asc: string) => `
  SELECT (SELECT '[' || coalesce(string_agg(e::text, ',' ORDER BY ${variantOrder('e', 'ASC', asc)}, ${variantOrder('e', 'DESC', `NOT ${asc}`)}, i), '') || ']'
          FROM json_array_elements(a) WITH ORDINALITY AS t(e, i))
  FROM (SELECT floe._json_array($1, 'ARRAY_SORT') AS a) x WHERE a IS NOT NULL`;

/** An array argument as json (JSON null: NULL), named for its error. */
const arr = (x: string, fn: string) => `floe._json_array(${x}, '${fn}')`;
/** Elements of a json array with their positions (from 1). */
const elems = (j: string) => `json_array_elements(${j}) WITH ORDINALITY AS t(e, i)`;
const joined = (expr: string, order = 'i') => `'[' || coalesce(string_agg(${expr}, ',' ORDER BY ${order}), '') || ']'`;

/**
 * OBJECT_CONSTRUCT (tags, key, value, …): keys sorted by code point, a repeated key's last value,
 * NULL keys dropped, NULL values dropped (or JSON null with KEEP_NULL).
 */
const objectConstruct = (keepNull: boolean) => [
  sql(['text'], 'text', "SELECT '{}'"),
  sql(['text'], 'text', `
    SELECT '{' || coalesce(string_agg(to_json(k)::text || ':' || val, ',' ORDER BY k COLLATE "C"), '') || '}' FROM (
      SELECT DISTINCT ON (k) k, val FROM (
        SELECT $2[2 * g - 1] AS k, CASE WHEN $2[2 * g] IS NULL THEN ${keepNull ? "'null'" : 'NULL'} ELSE floe._variant(substr($1, 2 * g, 1), $2[2 * g]) END AS val, g
        FROM generate_series(1, cardinality($2) / 2) AS g) x
      WHERE k IS NOT NULL AND val IS NOT NULL ORDER BY k, g DESC) y`, { variadic: 'text', strict: false }),
];

/** ARRAY_CONSTRUCT (tags, value, …): a NULL value is a missing element (`undefined`); COMPACT drops them and JSON nulls. */
const arrayConstruct = (compact: boolean) => [
  sql(['text'], 'text', "SELECT '[]'"),
  sql(['text'], 'text', `
    SELECT ${joined('x')} FROM (SELECT CASE WHEN a IS NULL THEN 'undefined' ELSE floe._variant(substr($1, i::integer, 1), a) END AS x, i FROM unnest($2) WITH ORDINALITY AS t(a, i)) y
    ${compact ? "WHERE x NOT IN ('undefined', 'null')" : ''}`, { variadic: 'text', strict: false }),
];

/** A path GET_PATH cannot read: Snowflake's compilation error, as sql.js reports it (sqlite-errors.ts). */
const BAD_PATH = "floe._fail('002140', '42601', 'SQL compilation error:' || chr(10) || 'Invalid extraction path ''' || p || '''.', NULL::text)";
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
      IF close = 0 THEN RETURN ${BAD_PATH}; END IF;
      inner_ := btrim(substr(p, i + 1, close - 2));
      q := regexp_match(inner_, '^([''"])(.*)\1$');
      IF q IS NOT NULL THEN k := q[2];
      ELSIF inner_ ~ '^\d+$' THEN k := inner_; isnum := true;
      ELSE RETURN ${BAD_PATH}; END IF;
      i := i + close;
    ELSIF c = '"' THEN
      close := strpos(substr(p, i + 1), '"');
      IF close = 0 THEN RETURN ${BAD_PATH}; END IF;
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
  // Strict JSON (PostgreSQL's json parser), else Snowflake's lenient JSON (floe._lenient_json), made
  // canonical: keys sorted, numbers as Snowflake keeps them, NaN, Infinity and undefined as bare words.
  PARSE_JSON: [
    sql(['text'], 'text', 'SELECT floe._parse_json($1, false)'),
    sql(['text', 'text'], 'text', "SELECT floe._parse_json($1, lower($2) = 'd')", { strict: false }),
  ],
  TRY_PARSE_JSON: [sql(['text'], 'text', 'SELECT floe._try_parse_json($1)')],
  FLOE_TO_VARIANT: [sql(['text', 'text'], 'text', 'SELECT floe._variant($1, $2)')],
  FLOE_TO_ARRAY: [sql(['text', 'text'], 'text', "SELECT CASE WHEN left(x, 1) = '[' THEN x ELSE '[' || x || ']' END FROM (SELECT floe._variant($1, $2) AS x) t")],
  TO_OBJECT: [sql(['text'], 'text', `SELECT CASE WHEN json_typeof(j) = 'object' THEN j::text ELSE floe._fail('100071', '22000', 'Invalid object: ' || j::text, NULL::text) END FROM (SELECT floe._json($1) AS j) x`)],
  FLOE_FROM_VARIANT: [sql(['text', 'bigint'], 'text', `
    SELECT CASE WHEN t IN ('NaN', 'Infinity', '-Infinity') THEN t ELSE (SELECT CASE json_typeof(j) WHEN 'null' THEN NULL WHEN 'string' THEN j #>> '{}'
      WHEN 'boolean' THEN CASE WHEN $2 = 1 THEN j::text WHEN j::text = 'true' THEN '1' ELSE '0' END ELSE j::text END FROM (SELECT floe._json(t) AS j) x) END
    FROM (SELECT btrim($1) AS t) y`, { strict: false })],
  FLOE_OBJECT_CONSTRUCT: objectConstruct(false),
  FLOE_OBJECT_CONSTRUCT_KEEP_NULL: objectConstruct(true),
  FLOE_OBJECT_INSERT: [
    plpgsql(['text', 'text', 'text', 'text'], 'text', 'BEGIN RETURN floe._object_insert($1, $2, $3, $4, false); END', { strict: false }),
    plpgsql(['text', 'text', 'text', 'text', 'text'], 'text', "BEGIN RETURN floe._object_insert($1, $2, $3, $4, $5 IN ('1', 'true')); END", { strict: false }),
  ],
  OBJECT_DELETE: [sql(['text'], 'text', `
    SELECT '{' || coalesce((SELECT string_agg(to_json(key)::text || ':' || value::text, ',' ORDER BY i) FROM json_each(o) WITH ORDINALITY AS t(key, value, i) WHERE NOT (key = ANY (array_remove(coalesce($2, '{}'), NULL)))), '') || '}'
    FROM (SELECT floe._json_object($1, 'OBJECT_DELETE') AS o) x WHERE o IS NOT NULL`, { variadic: 'text', strict: false })],
  OBJECT_PICK: [sql(['text'], 'text', `
    SELECT '{' || coalesce((SELECT string_agg(to_json(key)::text || ':' || value::text, ',' ORDER BY i) FROM json_each(o) WITH ORDINALITY AS t(key, value, i)
      WHERE key IN (SELECT CASE WHEN k IS NULL THEN 'null' ELSE w END FROM unnest($2) AS u(k)
        CROSS JOIN LATERAL (SELECT x FROM json_array_elements_text(CASE WHEN left(k, 1) = '[' THEN k::json END) AS a(x) UNION ALL SELECT k WHERE k IS NULL OR left(k, 1) <> '[') AS v(w))), '') || '}'
    FROM (SELECT floe._json_object($1, 'OBJECT_PICK') AS o) x WHERE o IS NOT NULL`, { variadic: 'text', strict: false })],
  OBJECT_KEYS: [sql(['text'], 'text', `
    SELECT CASE WHEN json_typeof(o) = 'object' THEN floe._json_texts(ARRAY(SELECT json_object_keys(o))) WHEN json_typeof(o) = 'null' THEN NULL ELSE '[]' END
    FROM (SELECT floe._json($1) AS o) x`)],
  FLOE_ARRAY_CONSTRUCT: arrayConstruct(false),
  FLOE_ARRAY_CONSTRUCT_COMPACT: arrayConstruct(true),
  ARRAY_SIZE: [sql(['text'], 'bigint', `SELECT CASE WHEN json_typeof(j) = 'array' THEN json_array_length(j) END FROM (SELECT floe._json($1) AS j) x`)],
  FLOE_ARRAY_CONTAINS: [sql(['text', 'text', 'text'], 'boolean', `
    SELECT CASE WHEN $2 IS NULL THEN (SELECT CASE WHEN bool_or(json_typeof(e) = 'null') THEN true END FROM json_array_elements(a) AS t(e))
      ELSE EXISTS (SELECT 1 FROM json_array_elements(a) AS t(e) WHERE floe._json_key(e) = floe._json_key(floe._variant(left($1, 1), $2)::json)) END
    FROM (SELECT ${arr('$3', 'ARRAY_CONTAINS')} AS a) x WHERE a IS NOT NULL`, { strict: false })],
  FLOE_ARRAY_POSITION: [sql(['text', 'text', 'text'], 'bigint', `
    SELECT (SELECT min(i) - 1 FROM ${elems('a')} WHERE floe._json_key(e) = floe._json_key(floe._variant(left($1, 1), $2)::json))
    FROM (SELECT ${arr('$3', 'ARRAY_POSITION')} AS a) x WHERE a IS NOT NULL AND $2 IS NOT NULL`, { strict: false })],
  FLOE_ARRAY_APPEND: [sql(['text', 'text', 'text'], 'text', `
    SELECT '[' || coalesce((SELECT string_agg(e::text, ',' ORDER BY i) || ',' FROM ${elems('a')}), '') || coalesce(floe._variant(substr($1, 2, 1), $3), 'undefined') || ']'
    FROM (SELECT ${arr('$2', 'ARRAY_APPEND')} AS a) x WHERE a IS NOT NULL`, { strict: false })],
  FLOE_ARRAY_PREPEND: [sql(['text', 'text', 'text'], 'text', `
    SELECT '[' || coalesce(floe._variant(substr($1, 2, 1), $3), 'undefined') || coalesce((SELECT ',' || string_agg(e::text, ',' ORDER BY i) FROM ${elems('a')}), '') || ']'
    FROM (SELECT ${arr('$2', 'ARRAY_PREPEND')} AS a) x WHERE a IS NOT NULL`, { strict: false })],
  FLOE_ARRAY_INSERT: [sql(['text', 'text', 'bigint', 'text'], 'text', `
    SELECT (SELECT ${joined('x', 'k')} FROM (
        SELECT e::text AS x, CASE WHEN i - 1 < p THEN i - 1 ELSE i END::numeric AS k FROM ${elems('a')}
        UNION ALL SELECT 'undefined', g::numeric FROM generate_series(n, p - 1) AS g
        UNION ALL SELECT coalesce(floe._variant(substr($1, 3, 1), $4), 'undefined'), p) y)
    FROM (SELECT a, n, CASE WHEN $3 < 0 THEN greatest(0, n + $3) ELSE $3 END AS p
          FROM (SELECT a, json_array_length(a) AS n FROM (SELECT ${arr('$2', 'ARRAY_INSERT')} AS a) z) w) x
    WHERE a IS NOT NULL AND $3 IS NOT NULL`, { strict: false })],
  ARRAY_REMOVE_AT: [sql(['text', 'bigint'], 'text', `
    SELECT (SELECT ${joined('e::text')} FROM ${elems('a')} WHERE i - 1 <> CASE WHEN $2 < 0 THEN json_array_length(a) + $2 ELSE $2 END)
    FROM (SELECT ${arr('$1', 'ARRAY_REMOVE_AT')} AS a) x WHERE a IS NOT NULL`)],
  // The n-th object holds the n-th element of each array as $1, $2 … (keys in code point order); JSON null where an array is shorter.
  ARRAYS_ZIP: [sql([], 'text', `
    SELECT CASE WHEN array_position($1, NULL) IS NOT NULL THEN NULL WHEN len = 0 THEN '[{}]' ELSE
      (SELECT '[' || string_agg((SELECT '{' || string_agg(to_json('$' || k)::text || ':' || coalesce((floe._json_array($1[k], 'ARRAYS_ZIP') -> (n - 1)::integer)::text, 'null'), ',' ORDER BY ('$' || k) COLLATE "C") || '}'
        FROM generate_subscripts($1, 1) AS k), ',' ORDER BY n) || ']' FROM generate_series(1, len) AS n) END
    FROM (SELECT coalesce((SELECT max(json_array_length(floe._json_array(a, 'ARRAYS_ZIP'))) FROM unnest($1) AS a), 0) AS len) x`, { variadic: 'text', strict: false })],
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
  // A missing element (the only thing NULLS FIRST moves) cannot be in json: the third argument only makes NULL.
  ARRAY_SORT: [
    sql(['text'], 'text', arraySort('true')),
    sql(['text', 'boolean'], 'text', arraySort('$2')),
    sql(['text', 'boolean', 'boolean'], 'text', arraySort('$2')),
  ],
  ARRAY_MIN: arrayExtreme('ARRAY_MIN', 'ASC'),
  ARRAY_MAX: arrayExtreme('ARRAY_MAX', 'DESC'),
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
  FLOE_IS: [sql(['text', 'text', 'text'], 'boolean', 'SELECT floe._holds($1, floe._tagged($2, $3))')],
  FLOE_AS: [sql(['text', 'text', 'text'], 'text', 'SELECT CASE WHEN floe._holds($1, x) THEN floe.floe_from_variant(x, 0) END FROM (SELECT floe._tagged($2, $3) AS x) t')],
  FLOE_TYPEOF: [sql(['text'], 'text', 'SELECT floe._type_name($1)')],
  STRIP_NULL_VALUE: [sql(['text'], 'text', `SELECT CASE WHEN json_typeof(j) = 'null' THEN NULL ELSE j::text END FROM (SELECT floe._json($1) AS j) x`)],
} satisfies PgLibrarySlice;

/** PARSE_JSON's text that makes NULL: none, or blank as JavaScript's trim() sees it (sql.js). */
const NO_JSON_TEXT = `v IS NULL OR v ~ '^[${JS_SPACE}]*$'`;

export const SEMI_STRUCTURED_HELPERS: string[] = [
  // A JSON number's text as Snowflake keeps it in a VARIANT (variant.ts numberFromText).
  `CREATE OR REPLACE FUNCTION floe._number_text(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE m text[] := regexp_match(raw, '^([+-]?)0*(\\d*)(?:\\.(\\d*))?$'); i text; f text;
    BEGIN
      IF raw ~* 'e' OR m IS NULL THEN RETURN floe._double_text(raw::float8); END IF;
      i := CASE WHEN m[2] = '' THEN '0' ELSE m[2] END;
      f := coalesce(m[3], '');
      IF length(ltrim(i, '0')) + length(f) > 38 THEN RETURN floe._double_text(raw::float8); END IF;
      RETURN CASE WHEN m[1] = '-' AND (i || f) !~ '^0*$' THEN '-' ELSE '' END || i || CASE WHEN f <> '' THEN '.' || f ELSE '' END;
    END $f$`,
  // A parsed JSON value as the stored VARIANT text: keys sorted by code point (a repeated key's
  // last value with dup), numbers kept; NULL where a key repeats without dup (the caller names the
  // parser's error: a handler would keep TRY_PARSE_JSON's queries from parallel plans).
  // special: j is floe._lenient_json's, whose "\u0023<word>" strings stand for NaN, Infinity, -Infinity and undefined.
  // One query per container, which also finds its repeated keys; members are written only when
  // none repeats. (OFFSET 0: a member is used twice, and a subquery pulled up would write it twice.)
  `CREATE OR REPLACE FUNCTION floe._canonical(j json, dup boolean, special boolean) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE t text := json_typeof(j); out text; repeated boolean; own text;
    BEGIN
      IF t = 'object' THEN
        SELECT CASE WHEN bool_and(m IS NOT NULL) FILTER (WHERE written) IS NOT FALSE
            THEN '{' || coalesce(string_agg(to_json(key)::text || ':' || m, ',' ORDER BY key COLLATE "C") FILTER (WHERE written), '') || '}' END,
          bool_or(nth > 1)
        INTO out, repeated
        FROM (SELECT key, nth, written, CASE WHEN written THEN floe._canonical_member(value, dup, special) END AS m
          FROM (SELECT key, value, nth, nth_last = 1 AND (dup OR max(nth) OVER () = 1) AS written
            FROM (SELECT key, value, row_number() OVER (PARTITION BY key ORDER BY i) AS nth, row_number() OVER (PARTITION BY key ORDER BY i DESC) AS nth_last
              FROM json_each(j) WITH ORDINALITY AS e(key, value, i)) a) b OFFSET 0) c;
        RETURN CASE WHEN repeated AND NOT dup THEN NULL ELSE out END;
      ELSIF t = 'array' THEN
        SELECT CASE WHEN bool_and(m IS NOT NULL) IS NOT FALSE THEN '[' || coalesce(string_agg(m, ',' ORDER BY i), '') || ']' END INTO out
        FROM (SELECT i, floe._canonical_member(e, dup, special) AS m FROM json_array_elements(j) WITH ORDINALITY AS a(e, i) OFFSET 0) x;
        RETURN out;
      END IF;
      -- A scalar's own text (the whole text's keeps the whitespace around it).
      own := btrim(j::text, E' \\t\\n\\r');
      IF t = 'string' THEN
        IF special AND left(own, 7) = '"\\u0023' THEN RETURN substr(own, 8, length(own) - 8); END IF;
        -- A lone surrogate or NUL escape: no PostgreSQL text holds it, so it is kept as its escape (as JSON.stringify writes it).
        IF own ~ '\\\\u([dD][89a-fA-F]|0000)' THEN RETURN floe._lenient_string(own); END IF;
        RETURN to_json(j #>> '{}')::text;
      ELSIF t = 'number' THEN RETURN floe._number_text(own);
      END IF;
      RETURN own;
    END $f$`,
  // Text that is not strict JSON read as Snowflake's lenient JSON (floe._lenient_json: its
  // "\u0023<word>" strings stand for NaN, Infinity and undefined), or: try: NULL where it is no
  // JSON; else Snowflake's parse error. Lenient text _lenient_json does not read (an undefined
  // value of a repeated key) fails closed either way (NULL would be a wrong answer).
  `CREATE OR REPLACE FUNCTION floe._lenient_parse(v text, try boolean) RETURNS json LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE j json := floe._lenient_json(v)::json;
    BEGIN
      IF j IS NOT NULL THEN RETURN j; END IF;
      IF v !~ '''|[{,]\\s*[A-Za-z_$][A-Za-z0-9_$]*\\s*:|,\\s*[]}]|\\m(NaN|Infinity|undefined)\\M' THEN
        IF try THEN RETURN NULL; END IF;
        RETURN floe._fail('100069', '22P02', 'Error parsing JSON: ' || CASE WHEN length(v) > 100 THEN left(v, 100) || '…' ELSE v END, NULL::json);
      END IF;
      RETURN floe._fail('002140', '42601', 'SQL compilation error:' || chr(10) || 'Unsupported feature ''JSON beyond strict JSON (' || CASE WHEN length(v) > 60 THEN left(v, 60) || '…' ELSE v END || ')'' on the PostgreSQL engine.', NULL::json);
    END $f$`,
  // A member or element of a parsed JSON container as floe._canonical writes it, without a call
  // for a string, number or literal already in its stored form (not STRICT: it is inlined).
  `CREATE OR REPLACE FUNCTION floe._canonical_member(e json, dup boolean, special boolean) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT CASE WHEN e::text ~ '^("[^\\\\]*"|true|false|null)$'
        OR (length(e::text) <= 38 AND e::text ~ '^(-?[1-9][0-9]*(\\.[0-9]+)?|-?0\\.[0-9]*[1-9][0-9]*|0(\\.[0-9]+)?)$') THEN e::text
      ELSE floe._canonical(e, dup, special) END $f$`,
  // PARSE_JSON: NULL for blank text (NO_JSON_TEXT). No exception handler,
  // so queries of it get parallel plans: strict text is cast (if its structure is no JSON, that is
  // PostgreSQL's parse error: the same code, without the text), other text is read leniently. A
  // repeated key is the parser's error, as CHECK_JSON words it.
  `CREATE OR REPLACE FUNCTION floe._parse_json(v text, dup boolean) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    DECLARE out text;
    BEGIN
      IF ${NO_JSON_TEXT} THEN RETURN NULL; END IF;
      out := CASE WHEN floe._strict_json_text(v) THEN floe._canonical(v::json, coalesce(dup, false), false)
        ELSE floe._canonical(floe._lenient_parse(v, false), coalesce(dup, false), true) END;
      IF out IS NOT NULL THEN RETURN out; END IF;
      RETURN floe._fail('100069', '22P02', coalesce(floe._check_json(v), 'Error parsing JSON: duplicate object attribute'), NULL::text);
    END $f$`,
  // TRY_PARSE_JSON: NULL where PARSE_JSON gives its parse error. Strict text whose structure is no
  // JSON is only found by casting it, so this one has an exception handler (no parallel plans).
  `CREATE OR REPLACE FUNCTION floe._try_parse_json(v text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    DECLARE j json;
    BEGIN
      IF ${NO_JSON_TEXT} THEN RETURN NULL; END IF;
      IF NOT floe._strict_json_text(v) THEN RETURN floe._canonical(floe._lenient_parse(v, true), false, true); END IF;
      BEGIN
        j := v::json;
      EXCEPTION WHEN invalid_text_representation THEN RETURN NULL;
      END;
      RETURN floe._canonical(j, false, false);
    END $f$`,
  // The words a VARIANT's missing array element (\`undefined\`: ARRAY_CONSTRUCT of a NULL,
  // PARSE_JSON('[1,,2]')) and PARSE_JSON's NaN, Infinity and -Infinity are stored as, as JSON
  // barewords (strings emptied first): json has no form for them (read as nulls, an array function
  // would answer null where Snowflake keeps the element missing), so such a value fails closed.
  `CREATE OR REPLACE FUNCTION floe._refuse_json_barewords(v text) RETURNS void LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE bare text := regexp_replace(v, '"(\\\\.|[^"\\\\])*"', '""', 'g');
    BEGIN
      IF bare ~ '\\mundefined\\M' THEN
        PERFORM floe._fail('002140', '42601', 'SQL compilation error:' || chr(10) || 'Unsupported feature ''an array with missing elements'' on the PostgreSQL engine.', NULL::json);
      END IF;
      IF bare ~ '\\m(NaN|Infinity)\\M' THEN
        PERFORM floe._fail('002140', '42601', 'SQL compilation error:' || chr(10) || 'Unsupported feature ''NaN or Infinity inside a VARIANT'' on the PostgreSQL engine.', NULL::json);
      END IF;
    END $f$`,
  // Stored VARIANT text (or text given where a VARIANT is wanted) as json, or Snowflake's parse
  // error. No exception handler: one would keep every query of a VARIANT function from parallel
  // plans and start a subtransaction per call. (Not LANGUAGE sql: _fail keeps it from being
  // inlined, and a SQL function called as such was ten times slower.) Text whose first or last
  // character rules JSON out gets the parse error naming it; other text that is no JSON gets
  // PostgreSQL's (the same code, without the text: postgres-errors.ts).
  `CREATE OR REPLACE FUNCTION floe._json(v text) RETURNS json LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    BEGIN
      IF strpos(v, 'undefined') > 0 OR strpos(v, 'NaN') > 0 OR strpos(v, 'Infinity') > 0 THEN PERFORM floe._refuse_json_barewords(v); END IF;
      IF v ~ '^[ \\t\\n\\r]*[[{"0-9tfn-]' AND v ~ '["\\]}0-9el][ \\t\\n\\r]*$' THEN RETURN v::json; END IF;
      RETURN floe._fail('100069', '22P02', 'Error parsing JSON: ' || left(v, 100), NULL::json);
    END $f$`,
  `CREATE OR REPLACE FUNCTION floe._json_array(v text, fn text) RETURNS json LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(j) WHEN 'array' THEN j WHEN 'null' THEN NULL ELSE floe._fail('100072', '22000', fn || ': argument is not an array', NULL::json) END
    FROM (SELECT floe._json(v) AS j) x $f$`,
  `CREATE OR REPLACE FUNCTION floe._json_object(v text, fn text) RETURNS json LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(j) WHEN 'object' THEN j WHEN 'null' THEN NULL ELSE floe._fail('100072', '22000', fn || ': argument is not an object', NULL::json) END
    FROM (SELECT floe._json(v) AS j) x $f$`,
  // A slice bound as JavaScript's Array.prototype.slice reads it.
  `CREATE OR REPLACE FUNCTION floe._vrank(e json) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(e) WHEN 'null' THEN 0 WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'boolean' THEN 3 WHEN 'array' THEN 4 ELSE 5 END $f$`,
  `CREATE OR REPLACE FUNCTION floe._slice_bound(k bigint, n integer) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN k < 0 THEN greatest(n + k, 0) ELSE least(k, n) END $f$`,
  // ARRAY_INTERSECTION (keep) / ARRAY_EXCEPT: a's elements, each matched against one of b's at most (multisets).
  `CREATE OR REPLACE FUNCTION floe._multiset(x text, y text, keep boolean, fn text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT (SELECT '[' || coalesce(string_agg(e::text, ',' ORDER BY i), '') || ']' FROM (
        SELECT e, i, row_number() OVER (PARTITION BY floe._json_key(e) ORDER BY i) AS occ,
          (SELECT count(*) FROM json_array_elements(b) AS u(f) WHERE floe._json_key(f) = floe._json_key(t.e)) AS inb
        FROM json_array_elements(a) WITH ORDINALITY AS t(e, i)) z WHERE (occ <= inb) = keep)
    FROM (SELECT floe._json_array(x, fn) AS a, floe._json_array(y, fn) AS b) w WHERE a IS NOT NULL AND b IS NOT NULL $f$`,
  // A double as Snowflake's DOUBLE text in a VARIANT (variant.ts doubleText: 16 digits, two-digit exponent).
  `CREATE OR REPLACE FUNCTION floe._double_text(x double precision) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN x = 'NaN'::float8 THEN 'NaN' WHEN x = 'Infinity'::float8 THEN 'Infinity' WHEN x = '-Infinity'::float8 THEN '-Infinity'
      WHEN x = 0 THEN '0.000000000000000e+00' ELSE btrim(to_char(x, '9.999999999999999EEEE')) END $f$`,
  // A NUMBER's text as a VARIANT number (variant.ts fixedVariant): no trailing fraction zeros; beyond 38 digits a DOUBLE.
  `CREATE OR REPLACE FUNCTION floe._fixed_variant(v text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    DECLARE m text[] := regexp_match(btrim(v), '^([+-]?)0*(\\d*)(?:\\.(\\d*))?$');
    BEGIN
      IF btrim(v) ~* 'e' OR (m IS NOT NULL AND length(ltrim(m[2], '0')) + length(coalesce(m[3], '')) > 38) THEN RETURN floe._double_text(btrim(v)::float8); END IF;
      IF m IS NULL THEN RETURN floe._fail('100038', '22018', 'Numeric value ''' || v || ''' is not recognized', NULL::text); END IF;
      RETURN trim_scale(btrim(v)::numeric)::text;
    END $f$`,
  // A SQL value (as text) as a VARIANT's stored text by the compiler's type tag (variant-args.ts toVariant).
  `CREATE OR REPLACE FUNCTION floe._variant(tag text, v text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE tag
      WHEN 'j' THEN floe._json(v)::text
      WHEN 'b' THEN CASE WHEN v IN ('0', 'false') THEN 'false' ELSE 'true' END
      WHEN 'r' THEN floe._double_text(v::float8)
      WHEN 'n' THEN floe._fixed_variant(v)
      WHEN 'x' THEN to_json(upper(CASE WHEN v LIKE '\\\\x%' THEN substr(v, 3) ELSE v END))::text
      ELSE to_json(v)::text END $f$`,
  // An argument as a VARIANT by its tag: a VARIANT (or a value of unknown type) is read, other SQL values wrapped.
  `CREATE OR REPLACE FUNCTION floe._tagged(tag text, v text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN tag IN ('j', '?') THEN CASE WHEN btrim(v) IN ('NaN', 'Infinity', '-Infinity') THEN btrim(v) ELSE floe._json(v)::text END ELSE floe._variant(tag, v) END $f$`,
  // TYPEOF's name of a stored VARIANT: numbers by their text (an exponent: DOUBLE; a point: DECIMAL; else INTEGER).
  `CREATE OR REPLACE FUNCTION floe._type_name(v text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE WHEN btrim(v) IN ('NaN', 'Infinity', '-Infinity') THEN 'DOUBLE' ELSE (SELECT CASE json_typeof(j)
      WHEN 'object' THEN 'OBJECT' WHEN 'array' THEN 'ARRAY' WHEN 'string' THEN 'VARCHAR' WHEN 'boolean' THEN 'BOOLEAN' WHEN 'null' THEN 'NULL_VALUE'
      ELSE CASE WHEN j::text ~* 'e' THEN 'DOUBLE' WHEN j::text LIKE '%.%' THEN 'DECIMAL' ELSE 'INTEGER' END END FROM (SELECT floe._json(v) AS j) x) END $f$`,
  // IS_<type>: a number is also a DOUBLE, an exact one also a DECIMAL.
  `CREATE OR REPLACE FUNCTION floe._holds(type text, v text) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE type WHEN 'DECIMAL' THEN t IN ('DECIMAL', 'INTEGER') WHEN 'DOUBLE' THEN t IN ('DECIMAL', 'INTEGER', 'DOUBLE') ELSE t = type END
    FROM (SELECT floe._type_name(v) AS t) x $f$`,
  `CREATE OR REPLACE FUNCTION floe._object_insert(tags text, o text, k text, v text, upd boolean) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    DECLARE obj json; out text;
    BEGIN
      IF o IS NULL THEN RETURN NULL; END IF;
      obj := floe._json_object(o, 'OBJECT_INSERT');
      IF obj IS NULL OR k IS NULL THEN RETURN obj::text; END IF;
      IF obj -> k IS NOT NULL AND NOT coalesce(upd, false) THEN
        RETURN floe._fail('100227', '22000', 'Duplicate field key ''' || k || '''', NULL::text);
      END IF;
      SELECT '{' || coalesce(string_agg(to_json(key)::text || ':' || val, ',' ORDER BY key COLLATE "C"), '') || '}' INTO out FROM (
        SELECT key, value::text AS val FROM json_each(obj) WHERE key <> k
        UNION ALL SELECT k, floe._variant(substr(tags, 3, 1), v) WHERE v IS NOT NULL) x;
      RETURN out;
    END $f$`,
  // An element of an aggregated JSON array as a VARIANT element by the tag of the aggregated expression (aggregate.ts element).
  `CREATE OR REPLACE FUNCTION floe._element(tag text, e json) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(e)
      WHEN 'number' THEN CASE tag WHEN 'r' THEN floe._double_text((e::text)::float8) WHEN 'b' THEN CASE WHEN e::text = '0' THEN 'false' ELSE 'true' END
        WHEN 'n' THEN floe._fixed_variant(e::text) ELSE e::text END
      WHEN 'string' THEN floe._variant(tag, e #>> '{}')
      ELSE e::text END $f$`,
];
