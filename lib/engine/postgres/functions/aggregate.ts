/**
 * Aggregate finals over a JSON array of a group's or a window frame's values
 * (lib/engine/worker/functions/aggregate*.ts): the dialect may hand them json_agg(x) where
 * PostgreSQL has no aggregate of Snowflake's meaning. Doubles throughout, in the same formulas
 * and summation order as the sql.js side (two passes about the mean), so results agree to the
 * last bits or nearly (variances: PostgreSQL's var_samp, whose steps the sql.js side takes too: to the bit).
 */
import { plpgsql, sql, type PgForm, type PgLibrarySlice } from './define';
import { variantOrder } from './semi-structured';

/** The non-NULL elements of the JSON array $1 as doubles, in order: a CTE `xs(x, i)`. */
const XS = `xs AS (SELECT floe._number_of(e) AS x, i FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE json_typeof(e) <> 'null')`;
/** Pairs [y, x] with both present: a CTE `ps(y, x, i)`. */
const PS = `ps AS (SELECT floe._number_of(e -> 0) AS y, floe._number_of(e -> 1) AS x, i FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i)
  WHERE json_typeof(e) = 'array' AND json_typeof(e -> 0) NOT IN ('null') AND json_typeof(e -> 1) NOT IN ('null'))`;
const PAIR_SUMS = `m AS (SELECT count(*)::float8 AS n, sum(x ORDER BY i) / nullif(count(*), 0) AS avgx, sum(y ORDER BY i) / nullif(count(*), 0) AS avgy FROM ps),
  s AS (SELECT m.n, m.avgx, m.avgy, sum((ps.x - m.avgx) * (ps.x - m.avgx) ORDER BY i) AS sxx, sum((ps.y - m.avgy) * (ps.y - m.avgy) ORDER BY i) AS syy,
    sum((ps.x - m.avgx) * (ps.y - m.avgy) ORDER BY i) AS sxy FROM m LEFT JOIN ps ON true GROUP BY m.n, m.avgx, m.avgy)`;

const overValues = (returns: 'double precision', expr: string): PgForm[] => [sql(['text'], returns, `WITH ${XS} SELECT ${expr} FROM xs`, { strict: false })];
const pairStatistic = (expr: string): PgForm[] => [sql(['text'], 'double precision', `WITH ${PS}, ${PAIR_SUMS} SELECT CASE WHEN n = 0 THEN NULL ELSE ${expr} END FROM s`, { strict: false })];
/** percentile_cont of the values xs at a fraction, in an order of x (a subquery). */
const percentileOf = (fraction: string, order = 'x') => `(SELECT percentile_cont(${fraction}) WITHIN GROUP (ORDER BY ${order}) FROM xs)`;
const CHECKED_FRACTION = 'floe._fraction($2)';

/** Central sums of the powers 2..4 about the mean (aggregate-statistics.ts centralSums): CTE `c(n, s2, s3, s4)`. */
const CENTRAL = `mu AS (SELECT count(*)::float8 AS n, sum(x ORDER BY i) / nullif(count(*), 0) AS mean FROM xs),
  dev AS (SELECT x - mean AS dv, i FROM xs, mu),
  c AS (SELECT mu.n, coalesce(sum(dv * dv ORDER BY i), 0) AS s2, coalesce(sum((dv * dv) * dv ORDER BY i), 0) AS s3, coalesce(sum((dv * dv) * (dv * dv) ORDER BY i), 0) AS s4 FROM mu LEFT JOIN dev ON true GROUP BY mu.n)`;

const bitwise = (agg: string): PgForm[] => [sql(['text'], 'bigint', `
  SELECT ${agg}(floe._int64(round(v))) FROM (
    SELECT CASE WHEN json_typeof(e) = 'number' THEN (e::text)::numeric WHEN json_typeof(e) = 'string' AND btrim(e #>> '{}') ~ '^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$' THEN (btrim(e #>> '{}'))::numeric END AS v
    FROM json_array_elements(coalesce($1, '[]')::json) AS t(e) WHERE json_typeof(e) <> 'null') x WHERE v IS NOT NULL`, { strict: false })];

/** The non-NULL elements of $1 as VARIANT elements by the tag $2 (aggregate.ts element): CTE `vs(v, i)`. */
const VS = `vs AS (SELECT floe._element($2, e) AS v, i FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE json_typeof(e) <> 'null')`;

const EXTREME_BY = String.raw`
DECLARE out text; k integer;
BEGIN
  IF $3 IS NULL THEN
    SELECT floe._sql_value(e -> 1) INTO out FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i)
    WHERE json_typeof(e) = 'array' AND json_typeof(e -> 0) <> 'null'
    ORDER BY ${variantOrder('(e -> 0)', 'DESC', '$2 < 0')}, ${variantOrder('(e -> 0)', 'ASC', '$2 >= 0')}, i LIMIT 1;
    RETURN out;
  END IF;
  IF $3 <> trunc($3) OR $3 < 0 OR $3 > 1000 THEN
    RETURN floe._fail('100097', '22023', 'Invalid number of values to return: ' || floe._js_number($3) || ', must be between 0 and 1000', NULL::text);
  END IF;
  k := $3::integer;
  SELECT '[' || coalesce(string_agg(CASE WHEN json_typeof(v) = 'null' OR v IS NULL THEN 'undefined' ELSE floe._element($4, v) END, ',' ORDER BY r), '') || ']' INTO out
  FROM (SELECT e -> 1 AS v, row_number() OVER (ORDER BY ${variantOrder('(e -> 0)', 'DESC', '$2 < 0')}, ${variantOrder('(e -> 0)', 'ASC', '$2 >= 0')}, i) AS r
        FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE json_typeof(e) = 'array' AND json_typeof(e -> 0) <> 'null') x
  WHERE r <= k;
  RETURN out;
END`;

const ARRAY_SUM = String.raw`
DECLARE a json; x json; sums float8[]; n integer; j integer;
BEGIN
  FOR a IN SELECT floe._element($2, e)::json FROM json_array_elements(coalesce($1, '[]')::json) AS t(e) WHERE json_typeof(e) <> 'null' LOOP
    CONTINUE WHEN json_typeof(a) <> 'array';
    n := json_array_length(a);
    IF sums IS NULL THEN sums := array_fill(0::float8, ARRAY[n]); END IF;
    IF n <> coalesce(array_length(sums, 1), 0) THEN
      RETURN floe._fail('100097', '22023', 'Input to ARRAY_SUM has mismatched lengths: expected ' || coalesce(array_length(sums, 1), 0) || ' but got ' || n, NULL::text);
    END IF;
    j := 0;
    FOR x IN SELECT * FROM json_array_elements(a) LOOP
      j := j + 1;
      IF json_typeof(x) <> 'null' THEN sums[j] := sums[j] + floe._number_of(x); END IF;
    END LOOP;
  END LOOP;
  IF sums IS NULL THEN RETURN NULL; END IF;
  RETURN '[' || coalesce((SELECT string_agg(floe._double_text(v), ',' ORDER BY i) FROM unnest(sums) WITH ORDINALITY AS u(v, i)), '') || ']';
END`;

export const AGGREGATE_FUNCTIONS = {
  FLOE_AGG_MEDIAN: [sql(['text'], 'double precision', `WITH ${XS} SELECT ${percentileOf('0.5')}`, { strict: false })],
  // $3 = 1 for a descending WITHIN GROUP order (the fraction counts from the largest value).
  FLOE_AGG_PERCENTILE_CONT: [sql(['text', 'double precision', 'bigint'], 'double precision',
    `WITH ${XS} SELECT CASE WHEN $3 = 1 THEN ${percentileOf(CHECKED_FRACTION, 'x DESC')} ELSE ${percentileOf(CHECKED_FRACTION)} END`, { strict: false })],
  FLOE_AGG_APPROX_PERCENTILE: [sql(['text', 'double precision'], 'double precision', `WITH ${XS} SELECT ${percentileOf(CHECKED_FRACTION)}`, { strict: false })],
  FLOE_AGG_PERCENTILE_DISC: [sql(['text', 'double precision'], 'text', `
    WITH v AS (SELECT e, row_number() OVER (ORDER BY i) AS k, count(*) OVER () AS n FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE json_typeof(e) <> 'null')
    SELECT floe._sql_value(e) FROM v WHERE k = greatest(1, ceil(floe._fraction($2) * n))`, { strict: false })],
  FLOE_AGG_MODE: [sql(['text'], 'text', `
    WITH v AS (SELECT e, i, row_number() OVER (PARTITION BY e::text ORDER BY i) AS occ, count(*) OVER (PARTITION BY e::text) AS cnt
      FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE json_typeof(e) <> 'null')
    SELECT floe._sql_value(e) FROM v WHERE cnt = (SELECT max(cnt) FROM v) AND occ = cnt ORDER BY i LIMIT 1`, { strict: false })],
  FLOE_AGG_VAR_SAMP: overValues('double precision', 'var_samp(x ORDER BY i)'),
  FLOE_AGG_VAR_POP: overValues('double precision', 'var_pop(x ORDER BY i)'),
  FLOE_AGG_STDDEV_SAMP: overValues('double precision', 'stddev_samp(x ORDER BY i)'),
  FLOE_AGG_STDDEV_POP: overValues('double precision', 'stddev_pop(x ORDER BY i)'),
  FLOE_AGG_KURTOSIS: [sql(['text'], 'double precision', `WITH ${XS}, ${CENTRAL}
    SELECT CASE WHEN n < 4 OR s2 / (n - 1) = 0 THEN NULL
      ELSE (n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3)) * (s4 / ((s2 / (n - 1)) * (s2 / (n - 1)))) - (3 * ((n - 1) * (n - 1))) / ((n - 2) * (n - 3)) END FROM c`, { strict: false })],
  FLOE_AGG_SKEW: [sql(['text'], 'double precision', `WITH ${XS}, ${CENTRAL}
    SELECT CASE WHEN n < 3 OR s2 / (n - 1) = 0 THEN NULL ELSE (n * n) / ((n - 1) * (n - 2)) * (s3 / n) / (s2 / (n - 1)) ^ 1.5::float8 END FROM c`, { strict: false })],
  FLOE_AGG_COVAR_SAMP: pairStatistic('CASE WHEN n < 2 THEN NULL ELSE sxy / (n - 1) END'),
  FLOE_AGG_COVAR_POP: pairStatistic('sxy / n'),
  FLOE_AGG_CORR: pairStatistic('CASE WHEN sxx = 0 OR syy = 0 THEN NULL ELSE sxy / sqrt(sxx * syy) END'),
  FLOE_AGG_REGR_AVGX: pairStatistic('avgx'),
  FLOE_AGG_REGR_AVGY: pairStatistic('avgy'),
  FLOE_AGG_REGR_SLOPE: pairStatistic('CASE WHEN sxx = 0 THEN NULL ELSE sxy / sxx END'),
  FLOE_AGG_REGR_INTERCEPT: pairStatistic('CASE WHEN sxx = 0 THEN NULL ELSE avgy - (sxy / sxx) * avgx END'),
  FLOE_AGG_REGR_R2: pairStatistic('CASE WHEN sxx = 0 THEN NULL WHEN syy = 0 THEN 1 ELSE (sxy * sxy) / (sxx * syy) END'),
  FLOE_AGG_REGR_SXX: pairStatistic('sxx'),
  FLOE_AGG_REGR_SYY: pairStatistic('syy'),
  FLOE_AGG_REGR_SXY: pairStatistic('sxy'),
  FLOE_AGG_BOOLXOR: [sql(['text'], 'boolean', `WITH ${XS} SELECT CASE WHEN count(*) = 0 THEN NULL ELSE count(*) FILTER (WHERE x <> 0) = 1 END FROM xs`, { strict: false })],
  FLOE_AGG_LISTAGG: [sql(['text', 'text'], 'text', `
    SELECT CASE WHEN floe._check_length(coalesce(sum(char_length(p)), 0) + char_length(coalesce($2, '')) * greatest(count(*) - 1, 0)) THEN coalesce(string_agg(p, coalesce($2, '') ORDER BY i), '') END
    FROM (SELECT CASE WHEN json_typeof(e) = 'string' THEN e #>> '{}' ELSE e::text END AS p, i
          FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE json_typeof(e) <> 'null') x`, { strict: false })],
  FLOE_AGG_ARRAY: [sql(['text', 'text'], 'text', `WITH ${VS} SELECT '[' || coalesce(string_agg(v, ',' ORDER BY i), '') || ']' FROM vs`, { strict: false })],
  FLOE_AGG_OBJECT: [sql(['text', 'text'], 'text', `
    SELECT '{' || coalesce(string_agg(to_json(k)::text || ':' || v, ',' ORDER BY k COLLATE "C"), '') || '}' FROM (
      SELECT DISTINCT ON (k) k, v FROM (
        SELECT CASE WHEN json_typeof(e -> 0) = 'string' THEN e ->> 0 ELSE (e -> 0)::text END AS k, floe._element($2, e -> 1) AS v, i
        FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i)
        WHERE json_typeof(e) = 'array' AND json_typeof(e -> 0) NOT IN ('null') AND json_typeof(e -> 1) NOT IN ('null')) x
      ORDER BY k, i DESC) y`, { strict: false })],
  FLOE_AGG_EXTREME_BY: [plpgsql(['text', 'bigint', 'double precision', 'text'], 'text', EXTREME_BY, { strict: false })],
  FLOE_AGG_NTH_NONNULL: [sql(['text', 'bigint', 'bigint'], 'text', `
    WITH v AS (SELECT e, row_number() OVER (ORDER BY i) AS k, count(*) OVER () AS n FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE json_typeof(e) <> 'null')
    SELECT floe._sql_value(e) FROM v WHERE k = CASE WHEN $3 = 1 THEN n + 1 - coalesce($2, 1) ELSE coalesce($2, 1) END`, { strict: false })],
  FLOE_JSON_DISTINCT: [sql(['text', 'boolean'], 'text', `
    SELECT '[' || coalesce(string_agg(e::text, ',' ORDER BY i), '') || ']' FROM (
      SELECT e, i, row_number() OVER (PARTITION BY floe._json_key(e) ORDER BY i) AS occ
      FROM json_array_elements(coalesce($1, '[]')::json) WITH ORDINALITY AS t(e, i) WHERE NOT (coalesce($2, false) AND json_typeof(e) = 'null')) x WHERE occ = 1`, { strict: false })],
  FLOE_AGG_BITAND: bitwise('bit_and'),
  FLOE_AGG_BITOR: bitwise('bit_or'),
  FLOE_AGG_BITXOR: bitwise('bit_xor'),
  // Each row's HASH mixed again and added modulo 2^64 (aggregate-sets.ts): no rows hash to 0.
  FLOE_AGG_HASH: [sql(['text'], 'bigint', `
    SELECT floe._signed64(mod(coalesce(sum(floe._mix64(x::numeric)), 0), 18446744073709551616))::bigint
    FROM json_array_elements_text(coalesce($1, '[]')::json) AS t(x)`, { strict: false })],
  FLOE_AGG_UNIQUE: [sql(['text', 'text'], 'text', `WITH ${VS}
    SELECT '[' || coalesce(string_agg(v, ',' ORDER BY i), '') || ']' FROM (SELECT v, i, row_number() OVER (PARTITION BY v ORDER BY i) AS occ FROM vs) x WHERE occ = 1`, { strict: false })],
  // Multiset union: each element as often as the one array holding it most often, in order of first appearance.
  FLOE_AGG_UNION: [sql(['text', 'text'], 'text', `WITH ${VS},
    els AS (SELECT x.e::text AS k, vs.i AS ai, x.n FROM vs CROSS JOIN LATERAL json_array_elements(CASE WHEN json_typeof(vs.v::json) = 'array' THEN vs.v::json END) WITH ORDINALITY AS x(e, n)),
    per AS (SELECT k, ai, count(*) AS c, min(n) AS first FROM els GROUP BY k, ai),
    best AS (SELECT k, max(c) AS c, min(ARRAY[ai, first]) AS at FROM per GROUP BY k)
    SELECT '[' || coalesce(string_agg(k, ',' ORDER BY at, g), '') || ']' FROM best CROSS JOIN LATERAL generate_series(1, c) AS g`, { strict: false })],
  FLOE_AGG_ARRAY_SUM: [plpgsql(['text', 'text'], 'text', ARRAY_SUM, { strict: false })],
  FLOE_AGG_CHANGES: [plpgsql(['text'], 'bigint', String.raw`
DECLARE e json; prev json; n bigint := 0;
BEGIN
  FOR e IN SELECT x FROM json_array_elements(coalesce($1, '[]')::json) AS t(x) LOOP
    IF prev IS NOT NULL AND json_typeof(prev) <> 'null' AND json_typeof(e) <> 'null' AND floe._json_key(prev) <> floe._json_key(e) THEN n := n + 1; END IF;
    prev := e;
  END LOOP;
  RETURN n;
END`, { strict: false })],
} satisfies PgLibrarySlice;

export const AGGREGATE_HELPERS: string[] = [
  // A JSON element as a number (aggregate.ts numberOf): numbers, numeric text, booleans; other text is Snowflake's 100038.
  // A FLOAT's NaN and infinities are collected as the strings 'NaN', 'Infinity' and '-Infinity' (to_json of a double).
  `CREATE OR REPLACE FUNCTION floe._number_of(e json) RETURNS double precision LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(e)
      WHEN 'number' THEN (e::text)::float8
      WHEN 'boolean' THEN CASE WHEN e::text = 'true' THEN 1 ELSE 0 END
      WHEN 'string' THEN CASE
        WHEN btrim(e #>> '{}') = '' THEN 0
        WHEN btrim(e #>> '{}') ~ '^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$' OR btrim(e #>> '{}') IN ('NaN', 'Infinity', '-Infinity', '+Infinity') THEN (btrim(e #>> '{}'))::float8
        ELSE floe._fail('100038', '22018', 'Numeric value ''' || (e #>> '{}') || ''' is not recognized', NULL::float8) END
      ELSE floe._fail('100038', '22018', 'Numeric value ''' || e::text || ''' is not recognized', NULL::float8) END $f$`,
  // A percentile's fraction, or Snowflake's error.
  `CREATE OR REPLACE FUNCTION floe._fraction(p double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT CASE WHEN p >= 0 AND p <= 1 AND p <> 'NaN'::float8 THEN p
      ELSE floe._fail('100035', '22023', 'Invalid percentile value: ' || coalesce(floe._js_number(p), 'null') || ', must be between 0 and 1', NULL::float8) END $f$`,
  // An element as the SQL value it was (text: strings unquoted, other values their JSON text).
  `CREATE OR REPLACE FUNCTION floe._sql_value(e json) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(e) WHEN 'string' THEN e #>> '{}' WHEN 'null' THEN NULL ELSE e::text END $f$`,
  // Equality key of an element: numbers by value, anything else by type and text.
  `CREATE OR REPLACE FUNCTION floe._json_key(e json) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $f$
    SELECT CASE json_typeof(e) WHEN 'number' THEN 'n' || (e::text)::float8::text ELSE 'j' || e::text END $f$`,
];
