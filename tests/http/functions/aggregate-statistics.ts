import type { FunctionCase } from './types';

// Statistical aggregates (https://docs.snowflake.com/en/sql-reference/functions-aggregation):
// KURTOSIS, SKEW, CORR, COVAR_*, REGR_*, APPROX_PERCENTILE. The tables are the documentation's;
// FLOAT results are the exact formulas' doubles (Snowflake's documented digits differ past the
// sixth significant digit for SKEW).

const KURTOSIS_AGGR = [
  'CREATE TABLE aggr (k INT, v DECIMAL(10,2), v2 DECIMAL(10,2))',
  'INSERT INTO aggr VALUES (1, 10, NULL), (2, 10, 12), (2, 20, 22), (2, 25, NULL), (2, 30, 35)',
];

const SKEW_AGGR = [
  'CREATE TABLE aggr (k INT, v DECIMAL(10,2), v2 DECIMAL(10,2))',
  'INSERT INTO aggr VALUES (1, 10, NULL), (2, 10, NULL), (2, 20, 22), (2, 25, NULL), (2, 30, 35)',
];

const REGR_AGGR = [
  'CREATE TABLE aggr (k INT, v DECIMAL(10,2), v2 DECIMAL(10,2))',
  'INSERT INTO aggr VALUES (1, 10, NULL), (2, 10, 11), (2, 20, 22), (2, 25, NULL), (2, 30, 35)',
];

const XY = [
  'CREATE TABLE xy (col_x DOUBLE, col_y DOUBLE)',
  'INSERT INTO xy (col_x, col_y) VALUES (1.0, 2.0), (3.0, NULL), (NULL, 6.0)',
];

const DIGITS = 'SELECT 0 AS x UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9';

export const aggregateStatistics: FunctionCase[] = [
  // KURTOSIS: NUMBER in, NUMBER(38,12) out; FLOAT in, FLOAT out; NULL below four values.
  { name: 'KURTOSIS (documentation example)', setup: KURTOSIS_AGGR, sql: 'SELECT KURTOSIS(k), KURTOSIS(v), KURTOSIS(v2) FROM aggr', rows: [['5.000000000000', '-2.324218750000', null]], types: [{ type: 'fixed', precision: 38, scale: 12 }, { type: 'fixed', scale: 12 }, { type: 'fixed', scale: 12 }] },
  { name: 'KURTOSIS of FLOAT is FLOAT', sql: 'SELECT KURTOSIS(x::FLOAT) AS k FROM (SELECT 1 AS x UNION ALL SELECT 3 UNION ALL SELECT 10 UNION ALL SELECT 1 UNION ALL SELECT 3)', rows: [['3.613736609955893']], types: ['real'] },
  { name: 'KURTOSIS per group', setup: KURTOSIS_AGGR, sql: 'SELECT k, KURTOSIS(v) AS ku FROM aggr GROUP BY k ORDER BY k', rows: [['1', null], ['2', '0.342857142857']] },
  { name: 'KURTOSIS over a partition', setup: KURTOSIS_AGGR, sql: 'SELECT k, KURTOSIS(v) OVER (PARTITION BY k) AS ku FROM aggr ORDER BY k, v', rows: [['1', null], ['2', '0.342857142857'], ['2', '0.342857142857'], ['2', '0.342857142857'], ['2', '0.342857142857']] },
  { name: 'KURTOSIS of no rows and of only NULLs', setup: KURTOSIS_AGGR, sql: 'SELECT (SELECT KURTOSIS(v) FROM aggr WHERE k > 5) AS e, (SELECT KURTOSIS(v2) FROM aggr WHERE v2 IS NULL) AS n', rows: [[null, null]] },
  { name: 'KURTOSIS of a BOOLEAN is refused', sql: 'SELECT KURTOSIS(TRUE)', error: '001044' },
  { name: 'KURTOSIS of text that is no number', sql: "SELECT KURTOSIS(x) FROM (SELECT 'a' AS x UNION ALL SELECT 'b' UNION ALL SELECT 'c' UNION ALL SELECT 'd')", error: '100038' },

  // SKEW: FLOAT; NULL below three values.
  { name: 'SKEW (documentation example)', setup: SKEW_AGGR, sql: 'SELECT SKEW(k), SKEW(v), SKEW(v2) FROM aggr', rows: [['-2.236067977499789', '0.05240784322265132', null]], types: ['real', 'real', 'real'] },
  { name: 'SKEW per group and over a partition', setup: SKEW_AGGR, sql: 'SELECT DISTINCT k, SKEW(v) OVER (PARTITION BY k) AS s FROM aggr ORDER BY k', rows: [['1', null], ['2', '-0.7528371991317255']] },
  { name: 'SKEW of equal values is NULL', sql: 'SELECT SKEW(x) AS s FROM (SELECT 2 AS x UNION ALL SELECT 2 UNION ALL SELECT 2)', rows: [[null]] },

  // CORR / COVAR_POP / COVAR_SAMP: (y, x), pairs with a NULL skipped.
  { name: 'CORR, COVAR_POP, COVAR_SAMP', setup: REGR_AGGR, sql: 'SELECT CORR(v, v2), COVAR_POP(v, v2), COVAR_SAMP(v, v2) FROM aggr', rows: [['0.9988445981121533', '80', '120']], types: ['real', 'real', 'real'] },
  { name: 'COVAR_POP per group', setup: REGR_AGGR, sql: 'SELECT k, COVAR_POP(v, v2) AS c, COVAR_SAMP(v, v2) AS s, CORR(v, v2) AS r FROM aggr GROUP BY k ORDER BY k', rows: [['1', null, null, null], ['2', '80', '120', '0.9988445981121533']] },
  { name: 'COVAR of one pair', sql: 'SELECT COVAR_POP(y, x) AS p, COVAR_SAMP(y, x) AS s, CORR(y, x) AS r FROM (SELECT 1 AS y, 2 AS x)', rows: [['0', null, null]] },
  { name: 'CORR over a partition', setup: REGR_AGGR, sql: 'SELECT k, CORR(v, v2) OVER (PARTITION BY k) AS r FROM aggr ORDER BY k, v', rows: [['1', null], ['2', '0.9988445981121533'], ['2', '0.9988445981121533'], ['2', '0.9988445981121533'], ['2', '0.9988445981121533']] },
  { name: 'CORR of a DATE is refused', sql: 'SELECT CORR(CURRENT_DATE(), 1)', error: '001044' },
  { name: 'COVAR_POP with one argument is refused', sql: 'SELECT COVAR_POP(1)', error: '000938' },
  { name: 'REGR_SLOPE with three arguments is refused', sql: 'SELECT REGR_SLOPE(1, 2, 3)', error: '000939' },

  // REGR_*.
  { name: 'REGR_SXX (documentation example)', setup: REGR_AGGR, sql: 'SELECT k, REGR_SXX(v, v2) FROM aggr GROUP BY k ORDER BY k', rows: [['1', null], ['2', '288.6666666666667']], types: ['fixed', 'real'] },
  {
    name: 'REGR_AVGX, AVGY, COUNT, SLOPE, INTERCEPT, R2, SXY, SYY',
    setup: REGR_AGGR,
    sql: 'SELECT REGR_AVGX(v, v2), REGR_AVGY(v, v2), REGR_COUNT(v, v2), REGR_SLOPE(v, v2), REGR_INTERCEPT(v, v2), REGR_R2(v, v2), REGR_SXY(v, v2), REGR_SYY(v, v2) FROM aggr',
    rows: [['22.666666666666668', '20', '3', '0.8314087759815242', '1.1547344110854496', '0.997690531177829', '240', '200']],
    types: ['real', 'real', { type: 'fixed', precision: 18, scale: 0, nullable: false }, 'real', 'real', 'real', 'real', 'real'],
  },
  { name: 'REGR_* of no rows', setup: REGR_AGGR, sql: 'SELECT REGR_COUNT(v, v2), REGR_SLOPE(v, v2), REGR_AVGX(v, v2) FROM aggr WHERE k > 5', rows: [['0', null, null]] },
  { name: 'REGR_SLOPE and REGR_R2 of a constant x are NULL; R2 of a constant y is 1', sql: 'SELECT REGR_SLOPE(y, 1) AS s, REGR_R2(y, 1) AS r, REGR_R2(1, y) AS r1 FROM (SELECT 1 AS y UNION ALL SELECT 2)', rows: [[null, null, '1']] },
  { name: 'REGR_COUNT over a partition', setup: REGR_AGGR, sql: 'SELECT k, REGR_COUNT(v, v2) OVER (PARTITION BY k) AS n FROM aggr ORDER BY k, v', rows: [['1', '0'], ['2', '3'], ['2', '3'], ['2', '3'], ['2', '3']] },
  { name: 'REGR_INTERCEPT of text is refused at run time', sql: "SELECT REGR_INTERCEPT('x', 1)", error: '100038' },

  // REGR_VALX / REGR_VALY: scalars, NULL when either argument is.
  { name: 'REGR_VALX and REGR_VALY (documentation example)', sql: 'SELECT REGR_VALX(NULL, 10), REGR_VALX(1, NULL), REGR_VALX(1, 10), REGR_VALY(1, 10)', rows: [[null, null, '10', '1']], types: ['real', 'real', 'real', 'real'] },
  { name: 'REGR_VALX and REGR_VALY of a table', setup: XY, sql: 'SELECT col_y, col_x, REGR_VALX(col_y, col_x), REGR_VALY(col_y, col_x) FROM xy ORDER BY col_x NULLS LAST', rows: [['2', '1', '1', '2'], [null, '3', null, null], ['6', null, null, null]] },

  // APPROX_PERCENTILE: FLOAT (an exact percentile, the same as Snowflake's estimate here).
  { name: 'APPROX_PERCENTILE', sql: `SELECT APPROX_PERCENTILE(x, 0.5) AS m, APPROX_PERCENTILE(x, 0) AS lo, APPROX_PERCENTILE(x, 1) AS hi FROM (${DIGITS})`, rows: [['4.5', '0', '9']], types: ['real', 'real', 'real'] },
  { name: 'APPROX_PERCENTILE per group', setup: REGR_AGGR, sql: 'SELECT k, APPROX_PERCENTILE(v, 0.5) AS m FROM aggr GROUP BY k ORDER BY k', rows: [['1', '10'], ['2', '22.5']] },
  { name: 'APPROX_PERCENTILE over a partition', setup: REGR_AGGR, sql: 'SELECT k, APPROX_PERCENTILE(v2, 0.5) OVER (PARTITION BY k) AS m FROM aggr ORDER BY k, v', rows: [['1', null], ['2', '22'], ['2', '22'], ['2', '22'], ['2', '22']] },
  { name: 'APPROX_PERCENTILE of no rows', setup: REGR_AGGR, sql: 'SELECT APPROX_PERCENTILE(v, 0.5) FROM aggr WHERE k > 5', rows: [[null]] },
  { name: 'APPROX_PERCENTILE of a BOOLEAN is refused', sql: 'SELECT APPROX_PERCENTILE(TRUE, 0.5)', error: '001044' },
];
