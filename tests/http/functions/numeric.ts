import type { ColumnType, FunctionCase } from './types';

// Numeric functions and arithmetic (https://docs.snowflake.com/en/sql-reference/functions-numeric,
// https://docs.snowflake.com/en/sql-reference/operators-arithmetic): the documented examples,
// NUMBER results with the scale Snowflake's typing rules give them.
const fixed = (scale: number, precision?: number): ColumnType => (precision === undefined ? { type: 'fixed', scale } : { type: 'fixed', precision, scale });
const real: ColumnType = 'real';
const TABLE_N = ['CREATE TABLE T (N NUMBER(10,3), F FLOAT)', 'INSERT INTO T VALUES (135.135, 135.135), (-975.975, -975.975), (NULL, NULL)'];

export const numeric: FunctionCase[] = [
  // ROUND: half away from zero, negative scales, rounding mode, FLOAT input.
  { sql: 'SELECT ROUND(135.135), ROUND(-975.975)', rows: [['135', '-976']], types: [fixed(0, 38), fixed(0, 38)] },
  { sql: 'SELECT ROUND(135.135, 1), ROUND(-975.975, 1)', rows: [['135.1', '-976.0']], types: [fixed(1), fixed(1)] },
  { sql: 'SELECT ROUND(135.135, -1), ROUND(-975.975, -2)', rows: [['140', '-1000']], types: [fixed(0), fixed(0)] },
  { sql: 'SELECT ROUND(-975.975, 2), ROUND(135.135, 5)', rows: [['-975.98', '135.135']], types: [fixed(2), fixed(3)] },
  { sql: "SELECT ROUND(2.5, 0), ROUND(2.5, 0, 'HALF_TO_EVEN'), ROUND(-2.5, 0, 'HALF_TO_EVEN'), ROUND(3.5, 0, 'HALF_TO_EVEN')", rows: [['3', '2', '-2', '4']] },
  { name: 'ROUND of a decimal a double would misplace', sql: 'SELECT ROUND(1.005, 2), ROUND(-1.005, 2), ROUND(0.125, 2)', rows: [['1.01', '-1.01', '0.13']] },
  { sql: 'SELECT ROUND(2.5::FLOAT), ROUND(-2.5::FLOAT), ROUND(1.25::FLOAT, 1)', rows: [['3', '-3', '1.3']], types: [real, real, real] },
  { sql: 'SELECT ROUND(12345678901234567890.123456789, 5)', rows: [['12345678901234567890.12346']], types: [fixed(5, 38)] },
  { name: 'ROUND over a NUMBER(10,3) column', setup: TABLE_N, sql: 'SELECT ROUND(N, 1), ROUND(N, -1), ROUND(F, 1) FROM T ORDER BY N', rows: [['-976.0', '-980', '-976'], ['135.1', '140', '135.1'], [null, null, null]], types: [fixed(1, 38), fixed(0, 38), real] },
  { sql: 'SELECT ROUND(NULL::NUMBER(10,2), 1)', rows: [[null]], types: [fixed(1)] },
  { sql: 'SELECT ROUND(42)', rows: [['42']], types: [fixed(0)] },
  // TRUNC / TRUNCATE
  { sql: 'SELECT TRUNCATE(135.135), TRUNC(-975.975)', rows: [['135', '-975']], types: [fixed(0), fixed(0)] },
  { sql: 'SELECT TRUNC(135.135, 1), TRUNC(-975.975, 1)', rows: [['135.1', '-975.9']], types: [fixed(1), fixed(1)] },
  { sql: 'SELECT TRUNC(135.135, -1), TRUNC(-975.975, -2)', rows: [['130', '-900']], types: [fixed(0), fixed(0)] },
  { sql: 'SELECT TRUNC(-975.975::FLOAT, 2), TRUNCATE(2.9::FLOAT)', rows: [['-975.97', '2']], types: [real, real] },
  // FLOOR / CEIL with a scale
  { sql: 'SELECT FLOOR(135.135), FLOOR(-975.975)', rows: [['135', '-976']], types: [fixed(0), fixed(0)] },
  { sql: 'SELECT FLOOR(135.135, 1), FLOOR(-975.975, 1)', rows: [['135.1', '-976.0']], types: [fixed(1), fixed(1)] },
  { sql: 'SELECT FLOOR(135.135, -1), FLOOR(-975.975, -2)', rows: [['130', '-1000']] },
  { sql: 'SELECT CEIL(135.135), CEIL(-975.975)', rows: [['136', '-975']], types: [fixed(0), fixed(0)] },
  { sql: 'SELECT CEIL(135.135, 1), CEIL(-975.975, 1)', rows: [['135.2', '-975.9']], types: [fixed(1), fixed(1)] },
  { sql: 'SELECT CEIL(135.135, -1), CEIL(-975.975, -2)', rows: [['140', '-900']] },
  { sql: 'SELECT FLOOR(-1.5::FLOAT), CEIL(-1.5::FLOAT)', rows: [['-2', '-1']], types: [real, real] },
  // The scale is exact at any size: 10^-37 is not a double's (nor numeric's default) 16 digits.
  { name: 'FLOOR and CEIL at 37 tens and 21 decimals', sql: 'SELECT CEIL(1.5, -37), FLOOR(-1.5, -37), CEIL(0.000000000000000000001, 20), FLOOR(-0.000000000000000000001, 20)', rows: [['10000000000000000000000000000000000000', '-10000000000000000000000000000000000000', '0.00000000000000000001', '-0.00000000000000000001']] },
  { name: 'CEIL beyond 38 digits is out of range', sql: 'SELECT CEIL(1.5, -38)', error: '100046' },
  { name: 'FLOOR and CEIL over a column', setup: TABLE_N, sql: 'SELECT FLOOR(N, 2), CEIL(N, 2) FROM T WHERE N IS NOT NULL ORDER BY N', rows: [['-975.98', '-975.97'], ['135.13', '135.14']], types: [fixed(2), fixed(2)] },
  // MOD and %
  { sql: 'SELECT MOD(3, 2), MOD(4.5, 1.2)', rows: [['1', '0.9']], types: [fixed(0), fixed(1)] },
  { sql: 'SELECT MOD(-7, 3), -7 % 3, 7 % -3', rows: [['-1', '-1', '1']] },
  { sql: 'SELECT MOD(7.5::FLOAT, 2), 10.5 % 3', rows: [['1.5', '1.5']], types: [real, fixed(1)] },
  // ABS, SIGN
  { sql: 'SELECT ABS(-1.5), ABS(2), ABS(-0.5::FLOAT)', rows: [['1.5', '2', '0.5']], types: [fixed(1, 2), fixed(0, 1), real] },
  { sql: 'SELECT ABS(-12345678901234567890.5)', rows: [['12345678901234567890.5']], types: [fixed(1)] },
  { sql: 'SELECT SIGN(-5), SIGN(0), SIGN(3.2), SIGN(-0.5::FLOAT)', rows: [['-1', '0', '1', '-1']], types: [fixed(0), fixed(0), fixed(0), real] },
  // Exponents and logarithms (FLOAT results)
  { sql: 'SELECT POWER(2, 3), POW(2, -1), POWER(2, 0.5)', rows: [['8', '0.5', '1.4142135623730951']], types: [real, real, real] },
  { name: 'POWER past a double: infinite (signed by an odd exponent) or zero', sql: 'SELECT POWER(2, 1024), POWER(-2, 1025), POWER(2, -1075), POWER(2, -1074)', rows: [['inf', '-inf', '0', '5e-324']], types: [real, real, real, real] },
  { sql: 'SELECT SQRT(2), SQRT(4)', rows: [['1.4142135623730951', '2']], types: [real, real] },
  { sql: 'SELECT EXP(0), EXP(1)', rows: [['1', '2.718281828459045']], types: [real, real] },
  { sql: 'SELECT LN(1), LN(10)', rows: [['0', '2.302585092994046']], types: [real, real] },
  { sql: 'SELECT LOG(2, 8), LOG(2, 0.5), LOG(10, 100), LOG(10, 20)', rows: [['3', '-1', '2', '1.3010299956639813']], types: [real, real, real, real] },
  { sql: 'SELECT LN(0)', error: '100095' },
  { sql: 'SELECT SQUARE(3), SQUARE(-1.5)', rows: [['9', '2.25']], types: [real, real] },
  { sql: 'SELECT CBRT(27), CBRT(-8)', rows: [['3', '-2']], types: [real, real] },
  // Trigonometry
  { sql: 'SELECT PI()', rows: [['3.141592653589793']], types: [{ type: 'real', nullable: true }] },
  { sql: 'SELECT DEGREES(PI()), RADIANS(180)', rows: [['180', '3.141592653589793']], types: [real, real] },
  { sql: 'SELECT SIN(0), COS(0), TAN(0)', rows: [['0', '1', '0']], types: [real, real, real] },
  { sql: 'SELECT ASIN(1), ACOS(1), ATAN(1), ATAN2(1, 1)', rows: [['1.5707963267948966', '0', '0.7853981633974483', '0.7853981633974483']], types: [real, real, real, real] },
  // Random numbers: deterministic for a given generator value, within the bounds.
  { sql: 'SELECT UNIFORM(1, 10, RANDOM()) BETWEEN 1 AND 10, UNIFORM(1, 10, 1234) = UNIFORM(1, 10, 1234)', rows: [['true', 'true']] },
  { sql: 'SELECT UNIFORM(1, 10, RANDOM()) AS U', types: [fixed(0)], names: ['U'] },
  { sql: 'SELECT UNIFORM(0::FLOAT, 1::FLOAT, 42) BETWEEN 0 AND 1', rows: [['true']] },
  { sql: 'SELECT UNIFORM(0::FLOAT, 1::FLOAT, 42) AS U', types: [real] },
  { name: 'UNIFORM over consecutive generator values is uniform', sql: 'SELECT MIN(U) = 1, MAX(U) = 100, COUNT(DISTINCT U) = 100, ABS(AVG(U) - 50.5) < 1, MAX(N) < 260 FROM (SELECT U, COUNT(*) OVER (PARTITION BY U) AS N FROM (SELECT UNIFORM(1, 100, SEQ4()) AS U FROM TABLE(GENERATOR(ROWCOUNT => 20000))))', rows: [['true', 'true', 'true', 'true', 'true']] },
  { name: 'UNIFORM over a generator stays in range', sql: 'SELECT MIN(U) >= 1, MAX(U) <= 6, COUNT(DISTINCT U) > 3 FROM (SELECT UNIFORM(1, 6, RANDOM()) AS U FROM (WITH RECURSIVE C(X) AS (SELECT 1 UNION ALL SELECT X + 1 FROM C WHERE X < 200) SELECT X FROM C))', rows: [['true', 'true', 'true']] },
  { sql: 'SELECT NORMAL(0, 1, 7) = NORMAL(0, 1, 7)', rows: [['true']] },
  { sql: 'SELECT NORMAL(0, 1, RANDOM()) AS N', types: [real] },
  { name: 'NORMAL over a generator is standard normal', sql: 'SELECT ABS(AVG(N)) < 0.05, STDDEV(N) BETWEEN 0.95 AND 1.05, AVG(IFF(ABS(N) < 1, 1, 0)) BETWEEN 0.66 AND 0.70 FROM (SELECT NORMAL(0, 1, SEQ4()) AS N FROM TABLE(GENERATOR(ROWCOUNT => 20000)))', rows: [['true', 'true', 'true']] },
  { sql: 'SELECT RANDOM() AS R', types: [{ type: 'fixed', scale: 0, nullable: false }] },
  // NUMBER against FLOAT compares as FLOAT, also for a NUMBER beyond int64 (sql.js keeps it as text).
  { name: 'NUMBER beyond int64 against FLOAT', sql: 'SELECT N > 1e18, N < 2e19, -N < -1e18, -N > -2e19, N * 1.0 > 1.5::FLOAT FROM (SELECT 12345678901234567890::NUMBER(38,0) AS N)', rows: [['true', 'true', 'true', 'true', 'true']] },
  // A number in exponent form is a FLOAT on both engines (double arithmetic, FLOAT comparisons).
  { name: 'exponent literals are FLOAT', sql: 'SELECT 0.1e0 + 0.2e0, 0.1e0 + 0.2e0 = 0.3e0, 12345678901234567890::NUMBER(38,0) = 1.2345678901234567e19, SYSTEM$TYPEOF(1e3)', rows: [['0.30000000000000004', 'false', 'true', 'FLOAT[DOUBLE]']] },
  // A signed 64-bit integer, as Snowflake's: negative as often as not, most beyond 10^18.
  { name: 'RANDOM() spans 64 bits', sql: 'SELECT MIN(R) < -1e18, MAX(R) > 1e18, COUNT(DISTINCT R), COUNT_IF(R < 0) BETWEEN 400 AND 600 FROM (SELECT RANDOM() AS R FROM TABLE(GENERATOR(ROWCOUNT => 1000)))', rows: [['true', 'true', '1000', 'true']] },
  { sql: 'SELECT RANDOM(42) AS R', types: [{ type: 'fixed', scale: 0 }] },
  // WIDTH_BUCKET
  { sql: 'SELECT WIDTH_BUCKET(290000, 200000, 600000, 4), WIDTH_BUCKET(320000, 200000, 600000, 4), WIDTH_BUCKET(610000, 200000, 600000, 4), WIDTH_BUCKET(100000, 200000, 600000, 4)', rows: [['1', '2', '5', '0']], types: [fixed(0), fixed(0), fixed(0), fixed(0)] },
  // Bitwise
  { sql: 'SELECT BITAND(11, 7), BITOR(11, 7), BITXOR(11, 7)', rows: [['3', '15', '12']], types: [fixed(0), fixed(0), fixed(0)] },
  { sql: 'SELECT BITNOT(11), BITSHIFTLEFT(1, 3), BITSHIFTRIGHT(16, 2), BITSHIFTRIGHT(-16, 2)', rows: [['-12', '8', '4', '-4']] },
  { sql: 'SELECT BITAND(NULL, 1)', rows: [[null]] },
  // HASH: deterministic 64-bit
  { sql: "SELECT HASH('a') = HASH('a'), HASH('a') <> HASH('b'), HASH(1, 'x') = HASH(1, 'x'), HASH(NULL) IS NOT NULL", rows: [['true', 'true', 'true', 'true']] },
  { sql: 'SELECT HASH(1) AS H', types: [{ type: 'fixed', precision: 19, scale: 0, nullable: false }] },
  // HASH of the same stored values is the same on both engines (the values as sql.js computes
  // them; the http-pg project runs these cases on PostgreSQL): each type, several arguments, HASH_AGG.
  {
    name: 'HASH of each stored type and of several arguments is the same on every engine',
    setup: [
      'CREATE TABLE hv (i NUMBER(10,0), d NUMBER(10,2), w NUMBER(38,2), f FLOAT, s VARCHAR, dt DATE, v VARIANT, b BOOLEAN, bin BINARY)',
      "INSERT INTO hv SELECT 42, 1.50, 12345678901234567890.12, 0.1, 'héllo', '2024-02-29', PARSE_JSON('{\"a\":[1,2]}'), TRUE, TO_BINARY('01ab', 'HEX')",
      'INSERT INTO hv SELECT -7, -2.25, 3, -1e300, \'\', NULL, PARSE_JSON(\'"x"\'), FALSE, NULL',
    ],
    sql: 'SELECT HASH(i), HASH(d), HASH(w), HASH(f), HASH(s), HASH(dt), HASH(v), HASH(b), HASH(bin), HASH(i, s, dt), HASH(*) FROM hv ORDER BY i',
    rows: [
      ['7676548240159347079', '-6176101861041021454', '7237987329754272636', '-770175821331564764', '-8990468433836954260', '8194341491194388614', '-2345277516120094061', '7206257106614488028', '8194341491194388614', '-6078207947732437856', '-3571015672200768214'],
      ['7347823821583949492', '-4330125634786106500', '1599433509872714755', '-4187954092889175214', '-6631003685432404282', '1514667946641039108', '-6192797797742067335', '6606165266220292521', '5822837881637317871', '-1848452386235289169', '7829021545948445845'],
    ],
  },
  {
    name: 'HASH_AGG of stored rows is the same on every engine',
    setup: ['CREATE TABLE ha (k NUMBER, x NUMBER(10,2), s VARCHAR)', "INSERT INTO ha VALUES (1, 1.5, 'a'), (1, NULL, 'b'), (2, 2.25, NULL)"],
    sql: 'SELECT k, HASH_AGG(x), HASH_AGG(x, s), HASH_AGG(*) FROM ha GROUP BY k ORDER BY k',
    rows: [['1', '5407023405432131214', '2655948064299549520', '5405803250207071219'], ['2', '2058831661251161690', '-7769035485506063097', '-244292389018399981']],
  },
  // FACTORIAL
  { sql: 'SELECT FACTORIAL(0), FACTORIAL(5), FACTORIAL(20), FACTORIAL(33)', rows: [['1', '120', '2432902008176640000', '8683317618811886495518194401280000000']], types: [fixed(0), fixed(0), fixed(0), fixed(0)] },
  // Arithmetic: precision and scale as Snowflake derives them, exact values.
  { sql: 'SELECT 1 + 1', rows: [['2']], types: [fixed(0, 2)] },
  { sql: 'SELECT 1.1 + 2.25, 0.1 + 0.2, 1.5 - 3', rows: [['3.35', '0.3', '-1.5']], types: [fixed(2, 4), fixed(1, 2), fixed(1, 3)] },
  { sql: 'SELECT 10.01 * 1.1', rows: [['11.011']], types: [fixed(3, 6)] },
  { sql: 'SELECT 10.001 * .001', rows: [['0.010001']], types: [fixed(6)] },
  { sql: 'SELECT .1 * .0000000000001', rows: [['0.0000000000000']], types: [fixed(13)] },
  { sql: 'SELECT 1 / 3, 2 / 3, 10.5 / 4', rows: [['0.333333', '0.666667', '2.6250000']], types: [fixed(6), fixed(6), fixed(7)] },
  { sql: 'SELECT 1.0 / 3.0', rows: [['0.3333333']], types: [fixed(7)] },
  { sql: 'SELECT 1 / 0', error: '100051' },
  { sql: 'SELECT 12345678901234567890.123456789 * 2', rows: [['24691357802469135780.246913578']], types: [fixed(9, 30)] },
  { sql: 'SELECT 12345678901234567890.123456789', rows: [['12345678901234567890.123456789']], types: [fixed(9, 29)] },
  { sql: 'SELECT -12345678901234567890.5 + 1, 99999999999999999999 + 1', rows: [['-12345678901234567889.5', '100000000000000000000']] },
  { sql: 'SELECT 0.1::FLOAT + 0.2::FLOAT', rows: [['0.30000000000000004']], types: [real] },
  { sql: 'SELECT 1.5 * 2::FLOAT', rows: [['3']], types: [real] },
  // Casts into NUMBER(p,s): rounding half away from zero, range checks.
  { sql: "SELECT '12.345'::NUMBER(10,2), '-12.345'::NUMBER(10,2), 1.5::NUMBER(10,2)", rows: [['12.35', '-12.35', '1.50']], types: [fixed(2, 10), fixed(2, 10), fixed(2, 10)] },
  { sql: "SELECT 'abc'::NUMBER", error: '100038' },
  { sql: 'SELECT 123.45::NUMBER(4,2)', error: '100046' },
  // CASE: the common supertype of its branches.
  { sql: 'SELECT CASE WHEN TRUE THEN 1 ELSE 2.5 END', rows: [['1.0']], types: [{ type: 'fixed', precision: 2, scale: 1, nullable: false }] },
  { sql: 'SELECT CASE WHEN TRUE THEN 123 WHEN FALSE THEN 0.25 END', rows: [['123.00']], types: [{ type: 'fixed', precision: 5, scale: 2, nullable: true }] },
  { sql: "SELECT CASE WHEN FALSE THEN 'a' ELSE 'bcd' END", rows: [['bcd']], types: [{ type: 'text', length: 3 }] },
  { sql: 'SELECT CASE WHEN TRUE THEN 1.5 ELSE 2::FLOAT END', rows: [['1.5']], types: [real] },
  { name: 'comparison of a NUMBER with a string', sql: "SELECT 1.5 = '1.50', 10 > '9'", rows: [['true', 'true']] },
  // RANDSTR(length, gen): characters of [0-9A-Za-z], the same string for the same gen.
  { sql: "SELECT LENGTH(RANDSTR(5, 1234)) AS n, RANDSTR(5, 1234) = RANDSTR(5, 1234) AS same, RANDSTR(5, 1234) = RANDSTR(5, 4321) AS other, RANDSTR(12, 'abc') REGEXP '[0-9A-Za-z]{12}' AS chars", rows: [['5', 'true', 'false', 'true']] },
  { sql: 'SELECT RANDSTR(0, 1) AS e, RANDSTR(NULL, 1) AS n, RANDSTR(3, NULL) AS g', rows: [['', null, null]], types: ['text', 'text', 'text'] },
  { name: 'RANDSTR over a generator', sql: 'SELECT COUNT(DISTINCT S) > 190, MIN(LENGTH(S)) = 8 FROM (SELECT RANDSTR(8, RANDOM()) AS S FROM (WITH RECURSIVE C(X) AS (SELECT 1 UNION ALL SELECT X + 1 FROM C WHERE X < 200) SELECT X FROM C))', rows: [['true', 'true']] },
  { sql: 'SELECT RANDSTR(-1, 1)', error: '100097' },
  { sql: 'SELECT RANDSTR(5)', error: '000938' },
  // HAVERSINE: great-circle distance in kilometres.
  // The documented 3936.385096389 is the display's rounding of this double.
  { sql: 'SELECT HAVERSINE(40.7127, -74.0059, 34.0500, -118.2500) AS km', rows: [['3936.385096389294']], types: [real] },
  { sql: 'SELECT HAVERSINE(0, 0, 0, 0) AS z, HAVERSINE(NULL, 0, 0, 0) AS n', rows: [['0', null]], types: [real, { type: 'real', nullable: true }] },
  { sql: 'SELECT HAVERSINE(1, 2, 3)', error: '000938' },
  // Special FLOAT values (https://docs.snowflake.com/en/sql-reference/data-types-numeric#special-values):
  // NaN is greater than every other value, NaN = NaN, and arithmetic with NaN is NaN.
  { sql: "SELECT 'NaN'::FLOAT + 1 AS a, 'NaN'::FLOAT * 0 AS b, 'inf'::FLOAT - 1 AS c, '-inf'::FLOAT * 2 AS d", rows: [['NaN', 'NaN', 'inf', '-inf']], types: [real, real, real, real] },
  { sql: "SELECT 'NaN'::FLOAT = 'NaN'::FLOAT AS e, 'NaN'::FLOAT > 'inf'::FLOAT AS g", rows: [['true', 'true']], types: ['boolean', 'boolean'] },
  { sql: "SELECT SUM(x) AS s, AVG(x) AS a, MAX(x) AS m FROM (SELECT 'NaN'::FLOAT AS x UNION ALL SELECT 1)", rows: [['NaN', 'NaN', 'NaN']], types: [{ type: 'real', nullable: true }, { type: 'real', nullable: true }, { type: 'real', nullable: true }] },
  // FLOAT is IEEE 754 (same page): an undefined operation of infinities is NaN, not NULL.
  { sql: "SELECT 'inf'::FLOAT - 'inf'::FLOAT AS a, 'inf'::FLOAT + '-inf'::FLOAT AS b, 'inf'::FLOAT * 0 AS c, 'inf'::FLOAT / 'inf'::FLOAT AS d, 'inf'::FLOAT - NULL AS e", rows: [['NaN', 'NaN', 'NaN', 'NaN', null]], types: [real, real, real, real, real] },
  { name: 'SUM and AVG of both infinities are NaN, of one the infinity', sql: "SELECT SUM(x) AS s, AVG(x) AS a, SUM(IFF(x > 0, x, 1)) AS p FROM (SELECT 'inf'::FLOAT AS x UNION ALL SELECT '-inf'::FLOAT UNION ALL SELECT 1)", rows: [['NaN', 'NaN', 'inf']] },
  // The special values are read case-insensitively from text (same page).
  { sql: "SELECT 'NaN'::FLOAT AS a, 'INF'::FLOAT AS b, '-Inf'::FLOAT AS c, 'nan'::FLOAT AS d", rows: [['NaN', 'inf', '-inf', 'NaN']], types: [real, real, real, real] },
  { name: 'PERCENTILE_DISC, MODE and MIN of FLOAT infinities', sql: "SELECT PERCENTILE_DISC(1) WITHIN GROUP (ORDER BY x) AS p, MODE(x) AS m, MIN(x) AS n FROM (SELECT 'inf'::FLOAT AS x UNION ALL SELECT 'inf'::FLOAT UNION ALL SELECT '-inf'::FLOAT)", rows: [['inf', 'inf', '-inf']] },
  { name: 'MEDIAN, STDDEV and PERCENTILE_CONT of FLOAT values with NaN', sql: "SELECT MEDIAN(x) AS m, STDDEV(x) AS s, PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x) AS p FROM (SELECT 'NaN'::FLOAT AS x UNION ALL SELECT 1 UNION ALL SELECT 3)", rows: [['3', 'NaN', '2']] },
  {
    name: 'window SUM over FLOAT with NaN and infinities',
    setup: ['CREATE TABLE W (k INT, x FLOAT)', "INSERT INTO W VALUES (1, 1), (2, 'inf'), (3, 2), (4, 3), (5, 'NaN'), (6, 4)"],
    sql: 'SELECT k, SUM(x) OVER (ORDER BY k ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS s, AVG(x) OVER () AS a FROM W ORDER BY k',
    rows: [['1', '1', 'NaN'], ['2', 'inf', 'NaN'], ['3', 'inf', 'NaN'], ['4', '5', 'NaN'], ['5', 'NaN', 'NaN'], ['6', 'NaN', 'NaN']],
  },
];
