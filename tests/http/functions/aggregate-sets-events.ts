import type { FunctionCase } from './types';

// Set aggregates (BITAND_AGG / BITOR_AGG / BITXOR_AGG, HASH_AGG, ARRAY_UNIQUE_AGG,
// ARRAY_UNION_AGG) and the window-only CONDITIONAL_TRUE_EVENT / CONDITIONAL_CHANGE_EVENT,
// with the documentation's tables.
const j = (v: unknown) => JSON.stringify(v, null, 2);

const BITWISE = [
  'CREATE TABLE bitwise_example (k INT, d DECIMAL(10,5), s1 VARCHAR(10), s2 VARCHAR(10))',
  "INSERT INTO bitwise_example VALUES (15, 1.1, '12', 'one'), (26, 2.9, '10', 'two'), (12, 7.1, '7.9', 'two'), (14, NULL, NULL, 'null'), (8, NULL, NULL, 'null'), (NULL, 9.1, '14', 'nine')",
];

const WIN = [
  'CREATE TABLE win (p INT, o INT, v INT)',
  'INSERT INTO win VALUES (1, 1, 10), (1, 2, NULL), (1, 3, 30), (1, 4, 40), (2, 1, 5), (2, 2, 5), (2, 3, 7)',
];

const TABLE1 = [
  'CREATE TABLE table1 (province VARCHAR, o_col INTEGER, o2_col INTEGER)',
  "INSERT INTO table1 (province, o_col, o2_col) VALUES ('Alberta', 0, 10), ('Alberta', 0, 10), ('Alberta', 13, 10), ('Alberta', 13, 11), ('Alberta', 14, 11), ('Alberta', 15, 12), ('Alberta', NULL, NULL), ('Manitoba', 30, 30)",
];

const UNION_TEST = [
  'CREATE TABLE union_test (a ARRAY)',
  "INSERT INTO union_test SELECT PARSE_JSON('[1, 1, 2]') UNION ALL SELECT PARSE_JSON('[1, 2, 3]')",
];

const ONE_TWO_THREE = 'SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT 3';
const THREE_ONE_TWO = 'SELECT 3 AS x UNION ALL SELECT 1 UNION ALL SELECT 2';

export const aggregateSetsEvents: FunctionCase[] = [
  // BITAND_AGG / BITOR_AGG / BITXOR_AGG: NUMBER(38,0); decimals and numeric text rounded; NULL of nothing.
  { name: 'BIT*_AGG of integers (documentation example)', setup: BITWISE, sql: 'SELECT BITAND_AGG(k), BITOR_AGG(k), BITXOR_AGG(k) FROM bitwise_example', rows: [['8', '31', '31']], types: [{ type: 'fixed', precision: 38, scale: 0 }, 'fixed', 'fixed'] },
  { name: 'BIT*_AGG round decimals and text', setup: BITWISE, sql: 'SELECT BITAND_AGG(d), BITOR_AGG(d), BITXOR_AGG(d), BITAND_AGG(s1), BITOR_AGG(s1), BITXOR_AGG(s1) FROM bitwise_example', rows: [['1', '15', '12', '8', '14', '0']] },
  { name: 'BIT*_AGG per group', setup: BITWISE, sql: 'SELECT s2, BITAND_AGG(k), BITOR_AGG(k), BITXOR_AGG(k) FROM bitwise_example GROUP BY s2 ORDER BY s2', rows: [['nine', null, null, null], ['null', '8', '14', '6'], ['one', '15', '15', '15'], ['two', '8', '30', '22']] },
  { name: 'BITXOR_AGG over a partition', setup: BITWISE, sql: "SELECT k, BITXOR_AGG(k) OVER (PARTITION BY s2) AS x FROM bitwise_example WHERE s2 = 'two' ORDER BY k", rows: [['12', '22'], ['26', '22']] },
  { name: 'BITXOR_AGG DISTINCT changes nothing (as documented)', sql: 'SELECT BITXOR_AGG(DISTINCT x) AS d, BITXOR_AGG(x) AS a FROM (SELECT 5 AS x UNION ALL SELECT 5 UNION ALL SELECT 3)', rows: [['3', '3']] },
  { name: 'BIT*_AGG with GROUP BY ALL', setup: BITWISE, sql: 'SELECT s2, BITOR_AGG(k) AS o FROM bitwise_example GROUP BY ALL ORDER BY s2', rows: [['nine', null], ['null', '14'], ['one', '15'], ['two', '30']] },
  { name: 'BITAND_AGG of no rows is NULL', setup: BITWISE, sql: 'SELECT BITAND_AGG(k) FROM bitwise_example WHERE k > 100', rows: [[null]] },
  { name: 'BITOR_AGG of a DATE is refused', sql: 'SELECT BITOR_AGG(CURRENT_DATE())', error: '001044' },
  { name: 'BITAND_AGG with two arguments is refused', sql: 'SELECT BITAND_AGG(1, 2)', error: '000939' },

  // BOOLAND_AGG / BOOLOR_AGG / BOOLXOR_AGG existed as aggregates; here as window functions.
  { name: 'BOOLAND_AGG, BOOLOR_AGG, BOOLXOR_AGG over a partition', setup: WIN, sql: 'SELECT p, o, BOOLAND_AGG(v) OVER (PARTITION BY p) AS a, BOOLOR_AGG(v) OVER (PARTITION BY p) AS r, BOOLXOR_AGG(v > 6) OVER (PARTITION BY p) AS x FROM win ORDER BY p, o', rows: [['1', '1', 'true', 'true', 'false'], ['1', '2', 'true', 'true', 'false'], ['1', '3', 'true', 'true', 'false'], ['1', '4', 'true', 'true', 'false'], ['2', '1', 'true', 'true', 'true'], ['2', '2', 'true', 'true', 'true'], ['2', '3', 'true', 'true', 'true']], types: ['fixed', 'fixed', 'boolean', 'boolean', 'boolean'] },
  { name: 'BOOLXOR_AGG over a partition of only NULLs', sql: 'SELECT BOOLXOR_AGG(x) OVER () AS x FROM (SELECT NULL::BOOLEAN AS x)', rows: [[null]] },

  // HASH_AGG: order-independent, NULL rows count, no rows hash to 0, never NULL.
  { name: 'HASH_AGG does not depend on the order of rows', sql: `SELECT (SELECT HASH_AGG(x) FROM (${ONE_TWO_THREE})) = (SELECT HASH_AGG(x) FROM (${THREE_ONE_TWO})) AS same`, rows: [['true']] },
  { name: 'HASH_AGG of other values differs', sql: `SELECT (SELECT HASH_AGG(x) FROM (${ONE_TWO_THREE})) <> (SELECT HASH_AGG(x) FROM (SELECT 1 AS x UNION ALL SELECT 2)) AS differs`, rows: [['true']] },
  { name: 'HASH_AGG of no rows is 0', setup: WIN, sql: 'SELECT HASH_AGG(v) AS h FROM win WHERE p > 5', rows: [['0']], types: [{ type: 'fixed', precision: 19, scale: 0, nullable: false }] },
  { name: 'HASH_AGG counts NULL rows', sql: 'SELECT HASH_AGG(x) <> 0 AS counted FROM (SELECT NULL AS x)', rows: [['true']] },
  { name: 'HASH_AGG of several expressions per group', setup: WIN, sql: 'SELECT p, HASH_AGG(o, v) = HASH_AGG(v, o) AS same FROM win GROUP BY p ORDER BY p', rows: [['1', 'false'], ['2', 'false']] },
  { name: 'HASH_AGG(*) hashes every column', setup: WIN, sql: 'SELECT HASH_AGG(*) = HASH_AGG(p, o, v) AS same, HASH_AGG(*) <> HASH_AGG(p, o) AS differs FROM win', rows: [['true', 'true']] },
  { name: 'HASH_AGG(*) per group and over a partition', setup: WIN, sql: 'SELECT DISTINCT p, HASH_AGG(*) OVER (PARTITION BY p) = HASH_AGG(p, o, v) OVER (PARTITION BY p) AS same FROM win ORDER BY p', rows: [['1', 'true'], ['2', 'true']] },
  { name: 'HASH_AGG over a partition agrees with GROUP BY', setup: WIN, sql: 'SELECT COUNT(*) FROM (SELECT DISTINCT p, HASH_AGG(v) OVER (PARTITION BY p) AS h FROM win) w JOIN (SELECT p, HASH_AGG(v) AS h FROM win GROUP BY p) g USING (p, h)', rows: [['2']] },

  // ARRAY_UNIQUE_AGG: the distinct non-NULL values; an empty ARRAY of nothing.
  { name: 'ARRAY_UNIQUE_AGG', sql: 'SELECT ARRAY_UNIQUE_AGG(a) AS u FROM (SELECT 5 AS a UNION ALL SELECT 10 UNION ALL SELECT 5 UNION ALL SELECT NULL)', rows: [[j([5, 10])]], types: [{ type: 'array', nullable: false }] },
  { name: 'ARRAY_UNIQUE_AGG per group', setup: WIN, sql: 'SELECT p, ARRAY_UNIQUE_AGG(v) AS u FROM win GROUP BY p ORDER BY p', rows: [['1', j([10, 30, 40])], ['2', j([5, 7])]] },
  { name: 'ARRAY_UNIQUE_AGG over a partition', setup: WIN, sql: 'SELECT o, ARRAY_UNIQUE_AGG(v) OVER (PARTITION BY p) AS u FROM win WHERE p = 2 ORDER BY o', rows: [['1', j([5, 7])], ['2', j([5, 7])], ['3', j([5, 7])]] },
  { name: 'ARRAY_UNIQUE_AGG of only NULLs and of no rows', setup: WIN, sql: 'SELECT (SELECT ARRAY_UNIQUE_AGG(v) FROM win WHERE v IS NULL) AS n, (SELECT ARRAY_UNIQUE_AGG(v) FROM win WHERE p > 5) AS e', rows: [['[]', '[]']] },
  { name: 'ARRAY_UNIQUE_AGG of text', sql: "SELECT ARRAY_UNIQUE_AGG(s) AS u FROM (SELECT 'a' AS s UNION ALL SELECT 'b' UNION ALL SELECT 'a')", rows: [[j(['a', 'b'])]] },
  { name: 'ARRAY_UNIQUE_AGG with two arguments is refused', sql: 'SELECT ARRAY_UNIQUE_AGG(1, 2)', error: '000939' },

  // ARRAY_UNION_AGG: multiset union (each value as often as in the array holding it most).
  { name: 'ARRAY_UNION_AGG (documentation example)', setup: UNION_TEST, sql: 'SELECT ARRAY_UNION_AGG(a) FROM union_test', rows: [[j([1, 1, 2, 3])]], types: [{ type: 'array', nullable: false }] },
  // ARRAY_SUM: an aggregate summing arrays position by position (a NULL row or element adds nothing).
  { name: 'ARRAY_SUM adds arrays position by position', setup: ['CREATE TABLE vectors (v ARRAY)', 'INSERT INTO vectors SELECT [1.5, 2, NULL] UNION ALL SELECT [1, 1, 1] UNION ALL SELECT NULL'],
    sql: 'SELECT ARRAY_SUM(v) FROM vectors', rows: [['[\n  2.500000000000000e+00,\n  3.000000000000000e+00,\n  1.000000000000000e+00\n]']], types: ['array'] },
  { name: 'ARRAY_SUM of no rows is NULL', setup: ['CREATE TABLE vectors (v ARRAY)'], sql: 'SELECT ARRAY_SUM(v) FROM vectors', rows: [[null]] },
  { name: 'ARRAY_SUM of arrays of different lengths fails', setup: ['CREATE TABLE vectors (v ARRAY)', 'INSERT INTO vectors SELECT [1, 2] UNION ALL SELECT [1]'], sql: 'SELECT ARRAY_SUM(v) FROM vectors', error: '100097' },
  // (Sorted: the union's order is the groups' order, which no query here fixes.)
  { name: 'ARRAY_UNION_AGG of ARRAY_UNIQUE_AGG per group', setup: WIN, sql: 'SELECT ARRAY_SORT(ARRAY_UNION_AGG(u)) AS a FROM (SELECT p, ARRAY_UNIQUE_AGG(v) AS u FROM win GROUP BY p)', rows: [[j([5, 7, 10, 30, 40])]] },
  { name: 'ARRAY_UNION_AGG over a partition', setup: UNION_TEST, sql: 'SELECT ARRAY_UNION_AGG(a) OVER () AS u FROM union_test', rows: [[j([1, 1, 2, 3])], [j([1, 1, 2, 3])]] },
  { name: 'ARRAY_UNION_AGG of no rows and of NULL arrays', setup: UNION_TEST, sql: 'SELECT (SELECT ARRAY_UNION_AGG(a) FROM union_test WHERE a IS NULL) AS n, (SELECT ARRAY_UNION_AGG(NULL::ARRAY)) AS e', rows: [['[]', '[]']] },
  { name: 'ARRAY_UNION_AGG of a number is refused', sql: 'SELECT ARRAY_UNION_AGG(1)', error: '001044' },

  // CONDITIONAL_TRUE_EVENT: rows so far whose argument is true (NULL is not).
  {
    name: 'CONDITIONAL_TRUE_EVENT (documentation example)',
    setup: TABLE1,
    sql: 'SELECT province, o_col, CONDITIONAL_TRUE_EVENT(o_col) OVER (PARTITION BY province ORDER BY o_col) AS true_event FROM table1 ORDER BY province, o_col',
    rows: [['Alberta', '0', '0'], ['Alberta', '0', '0'], ['Alberta', '13', '1'], ['Alberta', '13', '2'], ['Alberta', '14', '3'], ['Alberta', '15', '4'], ['Alberta', null, '4'], ['Manitoba', '30', '1']],
    types: ['text', 'fixed', { type: 'fixed', scale: 0, nullable: false }],
  },
  {
    name: 'CONDITIONAL_TRUE_EVENT of a comparison',
    setup: TABLE1,
    sql: 'SELECT province, o_col, CONDITIONAL_TRUE_EVENT(o_col > 20) OVER (ORDER BY o_col) AS true_event FROM table1 ORDER BY o_col NULLS LAST, province',
    rows: [['Alberta', '0', '0'], ['Alberta', '0', '0'], ['Alberta', '13', '0'], ['Alberta', '13', '0'], ['Alberta', '14', '0'], ['Alberta', '15', '0'], ['Manitoba', '30', '1'], ['Alberta', null, '1']],
  },
  { name: 'CONDITIONAL_TRUE_EVENT needs ORDER BY', setup: TABLE1, sql: 'SELECT CONDITIONAL_TRUE_EVENT(o_col) OVER (PARTITION BY province) FROM table1', error: '002303' },
  { name: 'CONDITIONAL_TRUE_EVENT needs OVER', setup: TABLE1, sql: 'SELECT CONDITIONAL_TRUE_EVENT(o_col) FROM table1', error: '002140' },

  // CONDITIONAL_CHANGE_EVENT: CONDITIONAL_TRUE_EVENT(x != LAG(x)), so a NULL on either side is no change.
  {
    name: 'CONDITIONAL_CHANGE_EVENT',
    setup: TABLE1,
    sql: 'SELECT province, o_col, CONDITIONAL_CHANGE_EVENT(o_col) OVER (PARTITION BY province ORDER BY o_col) AS change_event FROM table1 ORDER BY province, o_col',
    rows: [['Alberta', '0', '0'], ['Alberta', '0', '0'], ['Alberta', '13', '1'], ['Alberta', '13', '1'], ['Alberta', '14', '2'], ['Alberta', '15', '3'], ['Alberta', null, '3'], ['Manitoba', '30', '0']],
    types: ['text', 'fixed', { type: 'fixed', scale: 0, nullable: false }],
  },
  { name: 'CONDITIONAL_CHANGE_EVENT across NULLs', setup: WIN, sql: 'SELECT p, o, CONDITIONAL_CHANGE_EVENT(v) OVER (PARTITION BY p ORDER BY o) AS c FROM win ORDER BY p, o', rows: [['1', '1', '0'], ['1', '2', '0'], ['1', '3', '0'], ['1', '4', '1'], ['2', '1', '0'], ['2', '2', '0'], ['2', '3', '1']] },
  { name: 'CONDITIONAL_CHANGE_EVENT needs ORDER BY', setup: WIN, sql: 'SELECT CONDITIONAL_CHANGE_EVENT(v) OVER () FROM win', error: '002303' },
];
