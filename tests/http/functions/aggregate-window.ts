import type { FunctionCase } from './types';

// Aggregate and window functions (https://docs.snowflake.com/en/sql-reference/functions-aggregation,
// https://docs.snowflake.com/en/sql-reference/functions-window).
const j = (v: unknown) => JSON.stringify(v, null, 2);

const AVG_EXAMPLE = [
  'CREATE TABLE avg_example (int_col INT, d DECIMAL(10,5), s1 VARCHAR(10), s2 VARCHAR(10))',
  "INSERT INTO avg_example VALUES (1, 1.1, '1.1', 'one'), (1, 10, '10', 'ten'), (2, 2.4404, '2.4404', 'two'), (3, NULL, NULL, 'NULL'), (4, 99.9, '99.9', 'nine-nine')",
];

const SALES = [
  'CREATE TABLE sales (region VARCHAR, rep VARCHAR, amount NUMBER(10,2), qty INT, ok BOOLEAN)',
  "INSERT INTO sales VALUES ('east', 'ann', 100.50, 1, TRUE), ('east', 'bob', 200.25, 2, TRUE), ('east', 'cid', 50.00, NULL, FALSE), ('west', 'dan', 10.00, 3, TRUE), ('west', 'eve', NULL, 4, NULL), ('west', 'fay', 30.00, 4, TRUE)",
];

const BYTES = [
  'CREATE TABLE bytes_t (k VARCHAR, b BINARY, n INT)',
  "INSERT INTO bytes_t VALUES ('w', X'FF', 1), ('x', X'0A0B', 2), ('z', X'0A0B', 3), ('y', X'00', 4), ('v', NULL, 5)",
];
const MINMAX = [
  'CREATE TABLE minmax_example (k CHAR(4), d CHAR(4))',
  "INSERT INTO minmax_example VALUES ('1', '1'), ('1', '5'), ('1', '3'), ('2', '2'), ('2', NULL), ('3', NULL), (NULL, '7'), (NULL, '1')",
];

const WIN = [
  'CREATE TABLE win (p INT, o INT, v INT)',
  'INSERT INTO win VALUES (1, 1, 10), (1, 2, NULL), (1, 3, 30), (1, 4, 40), (2, 1, 5), (2, 2, 5), (2, 3, 7)',
];

export const aggregateWindow: FunctionCase[] = [
  // COUNT / COUNT_IF / APPROX_COUNT_DISTINCT.
  { name: 'COUNT(*) of no rows', sql: 'SELECT COUNT(*) AS n FROM (SELECT 1 AS x) WHERE x > 1', rows: [['0']], types: [{ type: 'fixed', precision: 18, scale: 0, nullable: false }] },
  // COUNT of several arguments counts the rows (DISTINCT: the tuples) in which none is NULL.
  {
    name: 'COUNT(a, b) and COUNT(DISTINCT a, b)',
    sql: "SELECT COUNT(DISTINCT X, Y), COUNT(X, Y), COUNT(DISTINCT X), COUNT(*), COUNT(DISTINCT X, Y, Z) FROM (SELECT 1 X, 'a' Y, 1 Z UNION ALL SELECT 1, 'a', 1 UNION ALL SELECT 2, NULL, 1 UNION ALL SELECT NULL, 'c', 1 UNION ALL SELECT 1, 'b', 1 UNION ALL SELECT 1, 'a,1', 1)",
    rows: [['3', '4', '2', '6', '3']],
  },
  {
    // A VARIANT part is its value: key order and spacing do not make another tuple; a JSON null is a value, not NULL.
    name: 'COUNT(DISTINCT a, v) with a VARIANT part',
    sql: `SELECT COUNT(DISTINCT A, V), COUNT(A, V) FROM (SELECT COLUMN1 A, PARSE_JSON(COLUMN2) V FROM VALUES
      (1, '{"x":1,"y":2}'), (1, '{"y":2,"x":1}'), (1, '{"x": 1, "y": 2}'), (2, '[1,2]'), (2, NULL), (NULL, '3'), (3, 'null'))`,
    rows: [['3', '5']],
  },
  { name: 'COUNT of a column skips NULLs', setup: SALES, sql: 'SELECT COUNT(amount) AS n, COUNT(*) AS m, COUNT(DISTINCT region) AS r FROM sales', rows: [['5', '6', '2']], types: [{ type: 'fixed', precision: 18, scale: 0, nullable: false }, 'fixed', 'fixed'] },
  { name: 'COUNT_IF', setup: SALES, sql: 'SELECT COUNT_IF(amount > 40) AS n, COUNT_IF(ok) AS k FROM sales', rows: [['3', '4']], types: [{ type: 'fixed', precision: 18, scale: 0, nullable: false }, 'fixed'] },
  { name: 'COUNT_IF per group', setup: SALES, sql: 'SELECT region, COUNT_IF(qty >= 2) AS n FROM sales GROUP BY region ORDER BY region', rows: [['east', '1'], ['west', '3']] },
  { name: 'APPROX_COUNT_DISTINCT', setup: SALES, sql: 'SELECT APPROX_COUNT_DISTINCT(qty) AS n FROM sales', rows: [['4']], types: ['fixed'] },

  // SUM / AVG: exact decimal results and Snowflake's scale rules.
  { name: 'AVG of INT has scale 6', setup: AVG_EXAMPLE, sql: 'SELECT AVG(int_col) AS a FROM avg_example', rows: [['2.200000']], types: [{ type: 'fixed', precision: 38, scale: 6 }] },
  { name: 'AVG per group', setup: AVG_EXAMPLE, sql: 'SELECT int_col, AVG(int_col) AS a FROM avg_example GROUP BY int_col ORDER BY int_col', rows: [['1', '1.000000'], ['2', '2.000000'], ['3', '3.000000'], ['4', '4.000000']] },
  { name: 'SUM of NUMBER(10,2) is NUMBER(38,2)', setup: SALES, sql: 'SELECT SUM(amount) AS s FROM sales', rows: [['390.75']], types: [{ type: 'fixed', precision: 38, scale: 2, nullable: true }] },
  { name: 'SUM of INT', setup: SALES, sql: 'SELECT SUM(qty) AS s FROM sales', rows: [['14']], types: [{ type: 'fixed', precision: 38, scale: 0 }] },
  { name: 'SUM of FLOAT is FLOAT', sql: 'SELECT SUM(x) AS s FROM (SELECT 1.5::FLOAT AS x UNION ALL SELECT 2.25::FLOAT)', rows: [['3.75']], types: ['real'] },
  { name: 'SUM of no rows is NULL', setup: SALES, sql: "SELECT SUM(amount) AS s FROM sales WHERE region = 'north'", rows: [[null]] },
  { name: 'SUM per group', setup: SALES, sql: 'SELECT region, SUM(amount) AS s FROM sales GROUP BY region ORDER BY region', rows: [['east', '350.75'], ['west', '40.00']] },
  { name: 'SUM of decimals is exact', sql: 'SELECT SUM(x) AS s FROM (SELECT 0.1 AS x UNION ALL SELECT 0.2 UNION ALL SELECT 0.3)', rows: [['0.6']] },
  { name: 'AVG of NUMBER(10,2) has scale 8', setup: SALES, sql: "SELECT AVG(amount) AS a FROM sales WHERE region = 'east'", rows: [['116.91666667']], types: [{ type: 'fixed', scale: 8 }] },

  // MIN / MAX / ANY_VALUE.
  { name: 'MIN and MAX of text', setup: MINMAX, sql: 'SELECT MIN(d) AS mn, MAX(d) AS mx FROM minmax_example', rows: [['1', '7']], types: ['text', 'text'] },
  { name: 'MIN and MAX per group', setup: MINMAX, sql: 'SELECT k, MIN(d) AS mn, MAX(d) AS mx FROM minmax_example GROUP BY k ORDER BY k', rows: [['1', '1', '5'], ['2', '2', '2'], ['3', null, null], [null, '1', '7']] },
  { name: 'MIN and MAX keep the column type', setup: SALES, sql: 'SELECT MIN(amount) AS mn, MAX(qty) AS mx FROM sales', rows: [['10.00', '4']], types: [{ type: 'fixed', precision: 10, scale: 2 }, { type: 'fixed', scale: 0 }] },
  { name: 'ANY_VALUE of a group', setup: SALES, sql: "SELECT region, ANY_VALUE(region) AS r FROM sales GROUP BY region ORDER BY region", rows: [['east', 'east'], ['west', 'west']], types: ['text', 'text'] },

  // MEDIAN / MODE / PERCENTILE_*.
  { name: 'MEDIAN of integers has scale 3', sql: 'SELECT MEDIAN(x) AS m FROM (SELECT 1 AS x UNION ALL SELECT 3 UNION ALL SELECT 10 UNION ALL SELECT 1 UNION ALL SELECT 3)', rows: [['3.000']], types: [{ type: 'fixed', scale: 3 }] },
  { name: 'MEDIAN of an even count', setup: WIN, sql: 'SELECT p, MEDIAN(v) AS m FROM win GROUP BY p ORDER BY p', rows: [['1', '30.000'], ['2', '5.000']] },
  { name: 'MEDIAN of NUMBER(10,2)', setup: SALES, sql: 'SELECT MEDIAN(amount) AS m FROM sales', rows: [['50.00000']], types: [{ type: 'fixed', precision: 13, scale: 5 }] },
  { name: 'MEDIAN of only NULLs', sql: 'SELECT MEDIAN(x) AS m FROM (SELECT NULL::INT AS x)', rows: [[null]] },
  { name: 'MEDIAN interpolates doubles, of FLOAT, NUMBER and text, with infinities', sql: "SELECT MEDIAN(x) AS n, MEDIAN(x::FLOAT) AS f, MEDIAN(TO_VARCHAR(x)) AS t, MEDIAN(IFF(x > 5, 'inf'::FLOAT, x)) AS i FROM (SELECT column1 AS x FROM VALUES (0.1), (0.2), (1e15 + 0.3), (NULL), (7))", rows: [['3.6', '3.6', '3.6', 'inf']] },
  { name: 'MODE', sql: 'SELECT MODE(x) AS m FROM (SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT 2 UNION ALL SELECT NULL UNION ALL SELECT NULL UNION ALL SELECT NULL)', rows: [['2']], types: ['fixed'] },
  { name: 'MODE per group', setup: WIN, sql: 'SELECT p, MODE(v) AS m FROM win WHERE p = 2 GROUP BY p', rows: [['2', '5']] },
  { name: 'PERCENTILE_CONT', setup: WIN, sql: 'SELECT p, PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY v) AS pc FROM win GROUP BY p ORDER BY p', rows: [['1', '20.000'], ['2', '5.000']], types: ['fixed', { type: 'fixed', scale: 3 }] },
  { name: 'PERCENTILE_CONT interpolates', sql: 'SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) AS pc FROM (SELECT 0 AS x UNION ALL SELECT 10 UNION ALL SELECT 20 UNION ALL SELECT 30)', rows: [['15.000']] },
  { name: 'PERCENTILE_DISC', setup: WIN, sql: 'SELECT p, PERCENTILE_DISC(0.25) WITHIN GROUP (ORDER BY v) AS pd FROM win GROUP BY p ORDER BY p', rows: [['1', '10'], ['2', '5']], types: ['fixed', { type: 'fixed', scale: 0 }] },
  // DESC: the fraction counts from the largest value (the standard's meaning, as PostgreSQL and Oracle read it).
  { name: 'PERCENTILE_CONT with a descending order', sql: 'SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x DESC) AS d, PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x) AS a, PERCENTILE_CONT(0) WITHIN GROUP (ORDER BY x DESC) AS top FROM (SELECT SEQ4() AS x FROM TABLE(GENERATOR(ROWCOUNT => 14)))', rows: [['9.750', '3.250', '13.000']] },
  { name: 'PERCENTILE_CONT with a descending order over a partition', setup: WIN, sql: 'SELECT p, o, PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY v DESC) OVER (PARTITION BY p) AS m FROM win ORDER BY p, o', rows: [['1', '1', '35.000'], ['1', '2', '35.000'], ['1', '3', '35.000'], ['1', '4', '35.000'], ['2', '1', '6.000'], ['2', '2', '6.000'], ['2', '3', '6.000']] },
  { name: 'PERCENTILE_DISC upper half', sql: 'SELECT PERCENTILE_DISC(0.6) WITHIN GROUP (ORDER BY x) AS pd FROM (SELECT 0 AS x UNION ALL SELECT 10 UNION ALL SELECT 20 UNION ALL SELECT 30)', rows: [['20']] },
  { name: 'PERCENTILE_CONT over a partition', setup: WIN, sql: 'SELECT p, o, PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY v) OVER (PARTITION BY p) AS m FROM win ORDER BY p, o', rows: [['1', '1', '30.000'], ['1', '2', '30.000'], ['1', '3', '30.000'], ['1', '4', '30.000'], ['2', '1', '5.000'], ['2', '2', '5.000'], ['2', '3', '5.000']] },

  // STDDEV / VARIANCE.
  { name: 'VAR_POP and STDDEV_POP', sql: 'SELECT VAR_POP(x) AS v, STDDEV_POP(x) AS s FROM (SELECT 2 AS x UNION ALL SELECT 4 UNION ALL SELECT 4 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 5 UNION ALL SELECT 7 UNION ALL SELECT 9)', rows: [['4', '2']], types: ['real', 'real'] },
  { name: 'VARIANCE and STDDEV are the sample forms', sql: 'SELECT VARIANCE(x) AS v, VAR_SAMP(x) AS v2, STDDEV(x) AS s, STDDEV_SAMP(x) AS s2 FROM (SELECT 1 AS x UNION ALL SELECT 3 UNION ALL SELECT 5)', rows: [['4', '4', '2', '2']], types: ['real', 'real', 'real', 'real'] },
  { name: 'VARIANCE of one value is NULL', sql: 'SELECT VARIANCE(x) AS v, VAR_POP(x) AS p FROM (SELECT 5 AS x)', rows: [[null, '0']] },
  // Youngs–Cramer's steps on both engines (PostgreSQL's own aggregate): the same last digits (Welford's differ in them).
  { name: 'VARIANCE and STDDEV of values with a large mean, to the last digit', sql: 'SELECT VARIANCE(x) AS v, VAR_POP(x) AS p, STDDEV(x) AS s, STDDEV_POP(x) AS sp FROM (SELECT column1 AS x FROM VALUES (1e9 + 0.1), (1e9 + 0.2), (1e9 + 0.3), (1e9 + 0.7))', rows: [['0.06916663805647102', '0.05187497854235327', '0.26299550957472834', '0.2277607923729483']] },
  { name: 'STDDEV over a sliding frame of NUMBER and FLOAT', sql: 'SELECT x, STDDEV(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS s, VAR_POP(x::FLOAT) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS v FROM (SELECT column1 AS x FROM VALUES (1), (2.5), (7), (NULL), (11)) ORDER BY x', rows: [['1', '1.0606601717798212', '0.5625'], ['2.5', '3.122498999199199', '6.5'], ['7', '4.252450274057692', '12.055555555555557'], ['11', '2.8284271247461903', '4'], [null, null, '0']] },
  { name: 'VARIANCE whose sum of squares overflows', sql: 'SELECT VARIANCE(x) FROM (SELECT 1e300::FLOAT AS x UNION ALL SELECT -1e300 UNION ALL SELECT 1e300)', error: '100046' },
  { name: 'VARIANCE of text that is no number', sql: "SELECT VARIANCE(x) FROM (SELECT 'x' AS x)", error: '100038' },
  // A bare NULL has no type: every aggregate of it answers as over no values.
  { name: 'aggregates of a bare NULL', sql: "SELECT MEDIAN(NULL) AS m, STDDEV(NULL) AS s, MODE(NULL) AS mo, KURTOSIS(NULL) AS k, ARRAY_AGG(NULL) AS a, LISTAGG(NULL, ',') AS l, COUNT(DISTINCT NULL) AS c", rows: [[null, null, null, null, '[]', '', '0']] },
  { name: 'window aggregates of a bare NULL', sql: 'SELECT ARRAY_AGG(NULL) OVER () AS a, MEDIAN(NULL) OVER () AS m FROM (SELECT 1)', rows: [['[]', null]] },

  // LISTAGG / ARRAY_AGG / OBJECT_AGG.
  { name: 'LISTAGG WITHIN GROUP', setup: SALES, sql: "SELECT LISTAGG(rep, ', ') WITHIN GROUP (ORDER BY rep DESC) AS l FROM sales", rows: [['fay, eve, dan, cid, bob, ann']], types: ['text'] },
  { name: 'LISTAGG per group', setup: SALES, sql: "SELECT region, LISTAGG(rep, '|') WITHIN GROUP (ORDER BY rep) AS l FROM sales GROUP BY region ORDER BY region", rows: [['east', 'ann|bob|cid'], ['west', 'dan|eve|fay']] },
  { name: 'LISTAGG DISTINCT', setup: SALES, sql: "SELECT LISTAGG(DISTINCT region, ',') WITHIN GROUP (ORDER BY region) AS l FROM sales", rows: [['east,west']] },
  { name: 'LISTAGG of numbers skips NULLs', setup: SALES, sql: "SELECT LISTAGG(qty, '-') WITHIN GROUP (ORDER BY qty) AS l FROM sales", rows: [['1-2-3-4-4']] },
  { name: 'LISTAGG of no rows is empty', setup: SALES, sql: "SELECT LISTAGG(rep, ',') AS l FROM sales WHERE region = 'north'", rows: [['']] },
  { name: 'LISTAGG as a window function', setup: SALES, sql: "SELECT rep, LISTAGG(rep, ',') WITHIN GROUP (ORDER BY rep) OVER (PARTITION BY region) AS l FROM sales WHERE region = 'east' ORDER BY rep", rows: [['ann', 'ann,bob,cid'], ['bob', 'ann,bob,cid'], ['cid', 'ann,bob,cid']] },
  { name: 'ARRAY_AGG WITHIN GROUP', setup: SALES, sql: 'SELECT ARRAY_AGG(qty) WITHIN GROUP (ORDER BY qty DESC) AS a FROM sales', rows: [[j([4, 4, 3, 2, 1])]], types: ['array'] },
  { name: 'ARRAY_AGG DISTINCT', setup: SALES, sql: 'SELECT ARRAY_AGG(DISTINCT region) WITHIN GROUP (ORDER BY region) AS a FROM sales', rows: [[j(['east', 'west'])]] },
  { name: 'ARRAY_AGG of BINARY values: their hex text, NULLs left out', sql: "SELECT ARRAY_AGG(b) WITHIN GROUP (ORDER BY b) AS a FROM (SELECT X'FF' AS b UNION ALL SELECT NULL UNION ALL SELECT X'0A')", rows: [[j(['0A', 'FF'])]], types: ['array'] },
  // BINARY values in the other aggregates: OBJECT_AGG holds their hex text (as a VARIANT does),
  // MODE / MAX_BY / MIN_BY return a BINARY, LISTAGG lists them as TO_VARCHAR shows them.
  { name: 'OBJECT_AGG of BINARY values', setup: BYTES, sql: 'SELECT OBJECT_AGG(k, b) AS o FROM bytes_t', rows: [[j({ w: 'FF', x: '0A0B', y: '00', z: '0A0B' })]], types: ['object'] },
  { name: 'MODE, MAX_BY and MIN_BY of BINARY values', setup: BYTES, sql: 'SELECT MODE(b), MAX_BY(b, n), MIN_BY(b, n), MAX_BY(b, n, 2), MAX_BY(n, b) FROM bytes_t WHERE n < 5', rows: [['0A0B', '00', 'FF', j(['00', '0A0B']), '1']], types: ['binary', 'binary', 'binary', 'array', 'fixed'] },
  { name: 'MODE and MAX_BY of BINARY values over a window', setup: BYTES, sql: 'SELECT n, MODE(b) OVER (), MAX_BY(b, n) OVER (PARTITION BY n % 2) FROM bytes_t WHERE n < 5 ORDER BY n', rows: [['1', '0A0B', '0A0B'], ['2', '0A0B', '00'], ['3', '0A0B', '0A0B'], ['4', '0A0B', '00']], types: ['fixed', 'binary', 'binary'] },
  { name: 'LISTAGG of BINARY values in hex', setup: BYTES, sql: "SELECT LISTAGG(b, ',') WITHIN GROUP (ORDER BY n), LISTAGG(DISTINCT b, ',') WITHIN GROUP (ORDER BY b) FROM bytes_t", rows: [['FF,0A0B,0A0B,00', '00,0A0B,FF']], types: ['text', 'text'] },
  { name: 'LISTAGG of BINARY values over a window', setup: BYTES, sql: 'SELECT DISTINCT LISTAGG(b) WITHIN GROUP (ORDER BY b DESC) OVER () FROM bytes_t', rows: [['FF0A0B0A0B00']] },
  { name: 'LISTAGG of BINARY values in BASE64', setup: BYTES, parameters: { BINARY_OUTPUT_FORMAT: 'BASE64' }, sql: "SELECT LISTAGG(b, ',') WITHIN GROUP (ORDER BY n), LISTAGG(DISTINCT b, ',') WITHIN GROUP (ORDER BY b DESC) FROM bytes_t", rows: [['/w==,Cgs=,Cgs=,AA==', '/w==,Cgs=,AA==']] },
  { name: 'LISTAGG(DISTINCT …) of BINARY values in BASE64 per group', setup: BYTES, parameters: { BINARY_OUTPUT_FORMAT: 'BASE64' }, sql: "SELECT n % 2 AS odd, LISTAGG(DISTINCT b, ',') WITHIN GROUP (ORDER BY b) FROM bytes_t GROUP BY odd ORDER BY odd", rows: [['0', 'AA==,Cgs='], ['1', 'Cgs=,/w==']] },
  { name: 'LISTAGG(DISTINCT …) of BINARY values in BASE64 over a window', setup: BYTES, parameters: { BINARY_OUTPUT_FORMAT: 'BASE64' }, sql: "SELECT DISTINCT LISTAGG(DISTINCT b, ',') WITHIN GROUP (ORDER BY b) OVER () FROM bytes_t", rows: [['AA==,Cgs=,/w==']] },
  { name: 'TO_VARCHAR of BINARY in the session\'s BINARY_OUTPUT_FORMAT', parameters: { BINARY_OUTPUT_FORMAT: 'BASE64' }, sql: "SELECT TO_VARCHAR(X'0A0B'), X'FF'::VARCHAR, TO_VARCHAR(X'0A0B', 'HEX')", rows: [['Cgs=', '/w==', '0A0B']] },
  { name: 'ARRAY_AGG of no rows is an empty array', setup: SALES, sql: "SELECT ARRAY_AGG(rep) AS a FROM sales WHERE region = 'north'", rows: [['[]']] },
  { name: 'ARRAY_AGG of decimals', setup: SALES, sql: "SELECT ARRAY_AGG(amount) WITHIN GROUP (ORDER BY amount) AS a FROM sales WHERE region = 'west'", rows: [['[\n  10,\n  30\n]']] },
  { name: 'ARRAY_AGG of VARIANTs', sql: "SELECT ARRAY_AGG(v) AS a FROM (SELECT PARSE_JSON('{\"a\": 1}') AS v)", rows: [[j([{ a: 1 }])]] },
  { name: 'ARRAY_AGG as a window function', setup: WIN, sql: 'SELECT o, ARRAY_AGG(v) OVER (PARTITION BY p ORDER BY o ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS a FROM win WHERE p = 2 ORDER BY o', rows: [['1', j([5])], ['2', j([5, 5])], ['3', j([5, 5, 7])]] },
  { name: 'OBJECT_AGG', setup: SALES, sql: "SELECT OBJECT_AGG(rep, qty::VARIANT) AS o FROM sales WHERE region = 'west'", rows: [[j({ dan: 3, eve: 4, fay: 4 })]], types: ['object'] },
  // MAX_BY / MIN_BY: the key's NULLs are skipped; NUMBER keys compare as numbers (100.50 > 50.00).
  { name: 'MAX_BY and MIN_BY', setup: SALES, sql: 'SELECT MAX_BY(rep, amount) AS hi, MIN_BY(rep, amount) AS lo, MAX_BY(amount, qty) AS amount_of_most FROM sales WHERE region = \'east\'', rows: [['bob', 'cid', '200.25']], types: ['text', 'text', { type: 'fixed', scale: 2 }] },
  { name: 'MAX_BY with a count is an ARRAY, greatest key first', setup: SALES, sql: 'SELECT MAX_BY(rep, amount, 3) AS top3, MIN_BY(amount, amount, 2) AS low2 FROM sales', rows: [[j(['bob', 'ann', 'cid']), j([10, 30])]], types: ['array', 'array'] },
  { name: 'MAX_BY per group and over no rows', setup: SALES, sql: 'SELECT region, MAX_BY(rep, qty) FROM sales GROUP BY region ORDER BY region', rows: [['east', 'bob'], ['west', 'eve']] },
  { name: 'MAX_BY over no rows', setup: SALES, sql: "SELECT MAX_BY(rep, amount) AS m, MAX_BY(rep, amount, 2) AS a FROM sales WHERE region = 'none'", rows: [[null, j([])]] },
  { name: 'OBJECT_AGG skips NULL values', setup: SALES, sql: "SELECT OBJECT_AGG(rep, amount::VARIANT) AS o FROM sales WHERE region = 'west'", rows: [[j({ dan: 10, fay: 30 })]] },

  // BOOLAND_AGG / BOOLOR_AGG.
  { name: 'BOOLAND_AGG and BOOLOR_AGG', setup: SALES, sql: 'SELECT region, BOOLAND_AGG(ok) AS a, BOOLOR_AGG(ok) AS o FROM sales GROUP BY region ORDER BY region', rows: [['east', 'false', 'true'], ['west', 'true', 'true']], types: ['text', 'boolean', 'boolean'] },
  { name: 'BOOLAND_AGG of numbers', sql: 'SELECT BOOLAND_AGG(x) AS a, BOOLOR_AGG(x) AS o FROM (SELECT 1 AS x UNION ALL SELECT -5 UNION ALL SELECT 0)', rows: [['false', 'true']] },
  { name: 'BOOLOR_AGG of only NULLs', sql: 'SELECT BOOLOR_AGG(x) AS o FROM (SELECT NULL::BOOLEAN AS x)', rows: [[null]] },

  // Ranking.
  { name: 'ROW_NUMBER, RANK, DENSE_RANK', setup: WIN, sql: 'SELECT o, ROW_NUMBER() OVER (PARTITION BY p ORDER BY v) AS rn, RANK() OVER (PARTITION BY p ORDER BY v) AS r, DENSE_RANK() OVER (PARTITION BY p ORDER BY v) AS dr FROM win WHERE p = 2 ORDER BY o', rows: [['1', '1', '1', '1'], ['2', '2', '1', '1'], ['3', '3', '3', '2']], types: ['fixed', { type: 'fixed', scale: 0, nullable: false }, 'fixed', 'fixed'] },
  { name: 'ROW_NUMBER sorts NULLs last', setup: WIN, sql: 'SELECT o, ROW_NUMBER() OVER (ORDER BY v) AS rn FROM win WHERE p = 1 ORDER BY o', rows: [['1', '1'], ['2', '4'], ['3', '2'], ['4', '3']] },
  { name: 'NTILE', setup: WIN, sql: 'SELECT o, NTILE(2) OVER (PARTITION BY p ORDER BY o) AS t FROM win ORDER BY p, o', rows: [['1', '1'], ['2', '1'], ['3', '2'], ['4', '2'], ['1', '1'], ['2', '1'], ['3', '2']] },
  { name: 'CUME_DIST and PERCENT_RANK', sql: 'SELECT x, CUME_DIST() OVER (ORDER BY x) AS c, PERCENT_RANK() OVER (ORDER BY x) AS pr FROM (SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT 2 UNION ALL SELECT 4 UNION ALL SELECT 5) ORDER BY x', rows: [['1', '0.2', '0'], ['2', '0.6', '0.25'], ['2', '0.6', '0.25'], ['4', '0.8', '0.75'], ['5', '1', '1']], types: ['fixed', 'real', 'real'] },

  // LAG / LEAD / FIRST_VALUE / LAST_VALUE / NTH_VALUE.
  { name: 'LAG and LEAD', setup: WIN, sql: 'SELECT o, LAG(v) OVER (PARTITION BY p ORDER BY o) AS lg, LEAD(v) OVER (PARTITION BY p ORDER BY o) AS ld FROM win WHERE p = 1 ORDER BY o', rows: [['1', null, null], ['2', '10', '30'], ['3', null, '40'], ['4', '30', null]], types: ['fixed', 'fixed', 'fixed'] },
  { name: 'LAG with an offset and a default', setup: WIN, sql: 'SELECT o, LAG(v, 2, 0) OVER (PARTITION BY p ORDER BY o) AS lg FROM win WHERE p = 1 ORDER BY o', rows: [['1', '0'], ['2', '0'], ['3', '10'], ['4', null]] },
  { name: 'LAG IGNORE NULLS', setup: WIN, sql: 'SELECT o, LAG(v) IGNORE NULLS OVER (PARTITION BY p ORDER BY o) AS lg FROM win WHERE p = 1 ORDER BY o', rows: [['1', null], ['2', '10'], ['3', '10'], ['4', '30']] },
  { name: 'LEAD IGNORE NULLS with a default', setup: WIN, sql: 'SELECT o, LEAD(v, 1, -1) IGNORE NULLS OVER (PARTITION BY p ORDER BY o) AS ld FROM win WHERE p = 1 ORDER BY o', rows: [['1', '30'], ['2', '30'], ['3', '40'], ['4', '-1']] },
  { name: 'FIRST_VALUE and LAST_VALUE look at the whole partition', setup: WIN, sql: 'SELECT o, FIRST_VALUE(v) OVER (PARTITION BY p ORDER BY o) AS f, LAST_VALUE(v) OVER (PARTITION BY p ORDER BY o) AS l FROM win WHERE p = 2 ORDER BY o', rows: [['1', '5', '7'], ['2', '5', '7'], ['3', '5', '7']], types: ['fixed', 'fixed', 'fixed'] },
  { name: 'LAST_VALUE with a cumulative frame', setup: WIN, sql: 'SELECT o, LAST_VALUE(v) OVER (PARTITION BY p ORDER BY o ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS l FROM win WHERE p = 2 ORDER BY o', rows: [['1', '5'], ['2', '5'], ['3', '7']] },
  { name: 'LAST_VALUE and NTH_VALUE IGNORE NULLS are values of their type (arithmetic takes them)', setup: WIN, sql: 'SELECT o, LAST_VALUE(v) IGNORE NULLS OVER (PARTITION BY p ORDER BY o) + 1 AS l, NTH_VALUE(v, 2) IGNORE NULLS OVER (PARTITION BY p ORDER BY o) * 2 AS n FROM win WHERE p = 1 ORDER BY o', rows: [['1', '41', '60'], ['2', '41', '60'], ['3', '41', '60'], ['4', '41', '60']] },
  { name: 'FIRST_VALUE IGNORE NULLS', setup: WIN, sql: 'SELECT o, FIRST_VALUE(v) IGNORE NULLS OVER (PARTITION BY p ORDER BY o DESC) AS f FROM win WHERE p = 1 ORDER BY o', rows: [['1', '40'], ['2', '40'], ['3', '40'], ['4', '40']] },
  { name: 'NTH_VALUE', setup: WIN, sql: 'SELECT o, NTH_VALUE(v, 3) OVER (PARTITION BY p ORDER BY o) AS n FROM win WHERE p = 1 ORDER BY o', rows: [['1', '30'], ['2', '30'], ['3', '30'], ['4', '30']] },

  // Aggregates over windows and frames.
  { name: 'RATIO_TO_REPORT', sql: 'SELECT x, RATIO_TO_REPORT(x) OVER () AS r FROM (SELECT 10 AS x UNION ALL SELECT 30 UNION ALL SELECT 60) ORDER BY x', rows: [['10', '0.100000'], ['30', '0.300000'], ['60', '0.600000']], types: ['fixed', { type: 'fixed', scale: 6 }] },
  // Of FLOAT values (https://docs.snowflake.com/en/sql-reference/data-types-numeric#special-values): NaN and infinities as FLOAT division gives them.
  { name: 'RATIO_TO_REPORT of FLOAT values with NaN and infinities', sql: "SELECT p, x, RATIO_TO_REPORT(x) OVER (PARTITION BY p) AS r FROM (SELECT 1 AS p, 1::FLOAT AS x UNION ALL SELECT 1, 3 UNION ALL SELECT 2, 'inf'::FLOAT UNION ALL SELECT 2, 1 UNION ALL SELECT 3, 'NaN'::FLOAT UNION ALL SELECT 3, 2) ORDER BY p, x", rows: [['1', '1', '0.25'], ['1', '3', '0.75'], ['2', '1', '0'], ['2', 'inf', 'NaN'], ['3', '2', 'NaN'], ['3', 'NaN', 'NaN']], types: ['fixed', 'real', 'real'] },
  { name: 'RATIO_TO_REPORT per partition', setup: WIN, sql: 'SELECT o, RATIO_TO_REPORT(v) OVER (PARTITION BY p) AS r FROM win WHERE p = 2 ORDER BY o', rows: [['1', '0.294118'], ['2', '0.294118'], ['3', '0.411765']] },
  { name: 'cumulative SUM (default RANGE frame)', setup: WIN, sql: 'SELECT o, SUM(v) OVER (PARTITION BY p ORDER BY o) AS s FROM win WHERE p = 1 ORDER BY o', rows: [['1', '10'], ['2', '10'], ['3', '40'], ['4', '80']], types: ['fixed', { type: 'fixed', scale: 0 }] },
  { name: 'moving AVG over ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING', setup: WIN, sql: 'SELECT o, AVG(v) OVER (PARTITION BY p ORDER BY o ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS a FROM win WHERE p = 2 ORDER BY o', rows: [['1', '5.000000'], ['2', '5.666667'], ['3', '6.000000']] },
  { name: 'RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING', setup: WIN, sql: 'SELECT o, MAX(v) OVER (PARTITION BY p ORDER BY o RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS m FROM win WHERE p = 1 ORDER BY o', rows: [['1', '40'], ['2', '40'], ['3', '40'], ['4', '40']] },
  { name: 'COUNT over a window', setup: WIN, sql: 'SELECT o, COUNT(v) OVER (PARTITION BY p) AS c, COUNT(*) OVER () AS t FROM win WHERE p = 1 ORDER BY o', rows: [['1', '3', '4'], ['2', '3', '4'], ['3', '3', '4'], ['4', '3', '4']] },
  { name: 'COUNT_IF over a window', setup: WIN, sql: 'SELECT o, COUNT_IF(v > 5) OVER (PARTITION BY p) AS c FROM win WHERE p = 2 ORDER BY o', rows: [['1', '1'], ['2', '1'], ['3', '1']] },
  { name: 'MEDIAN over a window', setup: WIN, sql: 'SELECT o, MEDIAN(v) OVER (PARTITION BY p) AS m FROM win WHERE p = 2 ORDER BY o', rows: [['1', '5.000'], ['2', '5.000'], ['3', '5.000']] },

  // Query syntax: QUALIFY, GROUP BY ALL, SELECT * EXCLUDE / RENAME.
  { name: 'QUALIFY on a window alias', setup: SALES, sql: 'SELECT region, rep, ROW_NUMBER() OVER (PARTITION BY region ORDER BY amount DESC) AS rn FROM sales QUALIFY rn = 1 ORDER BY region', rows: [['east', 'bob', '1'], ['west', 'eve', '1']], names: ['REGION', 'REP', 'RN'] },
  // A window function runs after the other select items: it may name a later item's alias.
  { name: 'a window ORDER BY naming a later alias', sql: 'SELECT ROW_NUMBER() OVER (ORDER BY b DESC) AS r, a + 1 AS b FROM (SELECT 3 AS a UNION ALL SELECT 1 UNION ALL SELECT 2) ORDER BY b', rows: [['3', '2'], ['2', '3'], ['1', '4']], names: ['R', 'B'] },
  { name: 'window arguments and PARTITION BY naming later aliases', sql: 'SELECT SUM(d) OVER (PARTITION BY p) AS s, a * 2 AS d, a % 2 AS p FROM (SELECT 3 AS a UNION ALL SELECT 1 UNION ALL SELECT 2) ORDER BY d', rows: [['8', '2', '1'], ['4', '4', '0'], ['8', '6', '1']] },
  { name: 'a window naming a later aggregate alias', setup: SALES, sql: 'SELECT region, RANK() OVER (ORDER BY total DESC) AS rk, SUM(qty) AS total FROM sales GROUP BY region ORDER BY region', rows: [['east', '2', '3'], ['west', '1', '11']] },
  { name: 'a window naming a later alias that is also a column: the column', setup: SALES, sql: "SELECT rep, ROW_NUMBER() OVER (ORDER BY amount) AS r, -amount AS amount FROM sales WHERE region = 'west' ORDER BY rep", rows: [['dan', '1', '-10.00'], ['eve', '3', null], ['fay', '2', '-30.00']] },
  { name: 'QUALIFY with the window function inline', setup: SALES, sql: 'SELECT region, rep FROM sales QUALIFY RANK() OVER (PARTITION BY region ORDER BY qty) = 1 ORDER BY region', rows: [['east', 'ann'], ['west', 'dan']], names: ['REGION', 'REP'] },
  { name: 'QUALIFY with LIMIT', setup: SALES, sql: 'SELECT rep FROM sales QUALIFY COUNT(*) OVER (PARTITION BY region) = 3 ORDER BY rep LIMIT 2', rows: [['ann'], ['bob']] },
  { name: 'GROUP BY ALL', setup: SALES, sql: 'SELECT region, ok, COUNT(*) AS n, SUM(qty) AS q FROM sales GROUP BY ALL ORDER BY region, ok', rows: [['east', 'false', '1', null], ['east', 'true', '2', '3'], ['west', 'true', '2', '7'], ['west', null, '1', '4']] },
  { name: 'GROUP BY ALL with an expression', setup: SALES, sql: 'SELECT UPPER(region) AS r, MAX(amount) AS m FROM sales GROUP BY ALL ORDER BY r', rows: [['EAST', '200.25'], ['WEST', '30.00']] },
  { name: 'SELECT * EXCLUDE', setup: SALES, sql: "SELECT * EXCLUDE (amount, qty, ok) FROM sales WHERE rep = 'ann'", rows: [['east', 'ann']], names: ['REGION', 'REP'] },
  { name: 'SELECT * RENAME', setup: SALES, sql: "SELECT * EXCLUDE (amount, ok) RENAME (rep AS seller) FROM sales WHERE rep = 'ann'", rows: [['east', 'ann', '1']], names: ['REGION', 'SELLER', 'QTY'] },
];
