import type { FunctionCase } from './types';

// Conditional expressions (https://docs.snowflake.com/en/sql-reference/expressions-conditional):
// the documented examples, and the result types Snowflake's coercion rules give.
const NVL2_SETUP = [
  'CREATE TABLE I2 (A INT, B INT, C INT)',
  'INSERT INTO I2 VALUES (0, 5, 3), (0, 5, NULL), (0, NULL, 3), (0, NULL, NULL), (NULL, 5, 3), (NULL, 5, NULL), (NULL, NULL, 3), (NULL, NULL, NULL)',
];
const DECODE_SETUP = ['CREATE TABLE D (COLUMN1 INT)', 'INSERT INTO D VALUES (1), (2), (NULL), (4)'];

export const conditional: FunctionCase[] = [
  { sql: "SELECT COALESCE(NULL, 'x')", rows: [['x']] },
  // IFF
  { sql: "SELECT IFF(TRUE, 'true', 'false')", rows: [['true']], types: [{ type: 'text', length: 5, nullable: false }] },
  { sql: "SELECT IFF(FALSE, 'true', 'false')", rows: [['false']] },
  { sql: "SELECT IFF(NULL, 'true', 'false')", rows: [['false']] },
  { sql: "SELECT IFF(TRUE, NULL, 'false')", rows: [[null]], types: [{ type: 'text', nullable: true }] },
  { sql: 'SELECT IFF(1 > 2, 1, 2.5)', rows: [['2.5']], types: [{ type: 'fixed', precision: 2, scale: 1 }] },
  { sql: 'SELECT IFF(2 > 1, 1, 2.5)', rows: [['1.0']] },
  // NVL / IFNULL / COALESCE
  { sql: "SELECT NVL('a', 'b')", rows: [['a']], types: [{ type: 'text', length: 1, nullable: false }] },
  { sql: "SELECT NVL(NULL, 'b')", rows: [['b']], types: [{ type: 'text', nullable: false }] },
  { sql: 'SELECT NVL(NULL, NULL)', rows: [[null]] },
  { sql: "SELECT IFNULL(NULL, 'fallback')", rows: [['fallback']] },
  { sql: "SELECT IFNULL('value', 'fallback')", rows: [['value']], types: [{ type: 'text', length: 8 }] },
  { sql: 'SELECT COALESCE(1, 2, 3)', rows: [['1']], types: [{ type: 'fixed', precision: 1, scale: 0, nullable: false }] },
  { sql: 'SELECT COALESCE(NULL, 2, 3)', rows: [['2']] },
  { sql: 'SELECT COALESCE(NULL, NULL, 3)', rows: [['3']] },
  { sql: 'SELECT COALESCE(NULL, NULL, NULL)', rows: [[null]] },
  { sql: 'SELECT COALESCE(NULL, 1, 2.25)', rows: [['1.00']], types: [{ type: 'fixed', precision: 3, scale: 2 }] },
  // NVL2
  {
    name: 'NVL2 over the documented table',
    setup: NVL2_SETUP,
    sql: 'SELECT A, B, C, NVL2(A, B, C) FROM I2',
    rows: [['0', '5', '3', '5'], ['0', '5', null, '5'], ['0', null, '3', null], ['0', null, null, null], [null, '5', '3', '3'], [null, '5', null, null], [null, null, '3', '3'], [null, null, null, null]],
    types: ['fixed', 'fixed', 'fixed', { type: 'fixed', scale: 0, nullable: true }],
  },
  { sql: "SELECT NVL2('x', 'not null', 'null')", rows: [['not null']], types: [{ type: 'text', length: 8 }] },
  { sql: "SELECT NVL2(NULL, 'not null', 'null')", rows: [['null']] },
  // ZEROIFNULL / NULLIFZERO / NULLIF
  { sql: 'SELECT ZEROIFNULL(NULL)', rows: [['0']], types: [{ type: 'fixed', nullable: false }] },
  { sql: 'SELECT ZEROIFNULL(1)', rows: [['1']] },
  { sql: 'SELECT ZEROIFNULL(3.14159)', rows: [['3.14159']], types: [{ type: 'fixed', precision: 6, scale: 5, nullable: false }] },
  { sql: 'SELECT NULLIFZERO(0)', rows: [[null]], types: [{ type: 'fixed', scale: 0, nullable: true }] },
  { sql: 'SELECT NULLIFZERO(52)', rows: [['52']] },
  { sql: 'SELECT NULLIFZERO(3.14159)', rows: [['3.14159']], types: [{ type: 'fixed', precision: 6, scale: 5 }] },
  { sql: 'SELECT NULLIF(0, 0)', rows: [[null]] },
  { sql: 'SELECT NULLIF(0, 1)', rows: [['0']] },
  { sql: "SELECT NULLIF('a', 'b')", rows: [['a']], types: [{ type: 'text' }] },
  { sql: 'SELECT NULLIF(NULL, 1)', rows: [[null]] },
  // DECODE: NULL matches NULL
  {
    name: 'DECODE over the documented table',
    setup: DECODE_SETUP,
    sql: "SELECT COLUMN1, DECODE(COLUMN1, 1, 'one', 2, 'two', NULL, '-NULL-', 'other') AS DECODE_RESULT FROM D",
    rows: [['1', 'one'], ['2', 'two'], [null, '-NULL-'], ['4', 'other']],
    types: ['fixed', { type: 'text', length: 6 }],
  },
  { sql: "SELECT DECODE(3, 1, 'one', 2, 'two')", rows: [[null]], types: [{ type: 'text', nullable: true }] },
  { sql: "SELECT DECODE(NULL, NULL, 'null matched', 'no match')", rows: [['null matched']] },
  // EQUAL_NULL
  { sql: 'SELECT EQUAL_NULL(1, 1)', rows: [['true']], types: [{ type: 'boolean', nullable: false }] },
  { sql: 'SELECT EQUAL_NULL(1, 2)', rows: [['false']] },
  { sql: 'SELECT EQUAL_NULL(1, NULL)', rows: [['false']] },
  { sql: 'SELECT EQUAL_NULL(NULL, NULL)', rows: [['true']] },
  { sql: "SELECT EQUAL_NULL('i', 'i')", rows: [['true']] },
  // GREATEST / LEAST: NULL when any argument is NULL
  { sql: 'SELECT GREATEST(1, 3, 0)', rows: [['3']], types: [{ type: 'fixed', precision: 1, scale: 0 }] },
  { sql: 'SELECT LEAST(1, 3, 0)', rows: [['0']] },
  { sql: 'SELECT GREATEST(1, NULL, 3)', rows: [[null]] },
  { sql: 'SELECT LEAST(1, NULL, 3)', rows: [[null]] },
  { sql: "SELECT GREATEST('apples', 'oranges', 'bananas')", rows: [['oranges']], types: [{ type: 'text', length: 7 }] },
  { sql: 'SELECT GREATEST(1.5, 2)', rows: [['2.0']], types: [{ type: 'fixed', precision: 2, scale: 1 }] },
  // DIV0 / DIV0NULL
  { sql: 'SELECT DIV0(1, 0)', rows: [['0.000000']], types: [{ type: 'fixed', scale: 6 }] },
  { sql: 'SELECT DIV0(10, 4)', rows: [['2.500000']] },
  { sql: 'SELECT DIV0(1, NULL)', rows: [[null]] },
  { sql: 'SELECT DIV0NULL(1, 0)', rows: [['0.000000']] },
  { sql: 'SELECT DIV0NULL(1, NULL)', rows: [['0.000000']] },
  { sql: 'SELECT DIV0NULL(7, 2)', rows: [['3.500000']] },
  { sql: 'SELECT 1 / 0', error: '100051' },
  // CASE: the common type of its results
  { sql: "SELECT CASE WHEN 1 = 1 THEN 'one' ELSE 'other' END", rows: [['one']], types: [{ type: 'text', length: 5 }] },
  { sql: "SELECT CASE 2 WHEN 1 THEN 'one' WHEN 2 THEN 'two' END", rows: [['two']], types: [{ type: 'text', length: 3, nullable: true }] },
  { sql: 'SELECT CASE WHEN 1 = 2 THEN 1 ELSE 2.5 END', rows: [['2.5']], types: [{ type: 'fixed', precision: 2, scale: 1 }] },
  { sql: 'SELECT CASE WHEN 1 = 1 THEN 1 ELSE 2.5 END', rows: [['1.0']] },
  { sql: 'SELECT CASE WHEN 1 = 2 THEN 1 END', rows: [[null]], types: [{ type: 'fixed', scale: 0, nullable: true }] },
  // An unknown function is a compilation error (Floe keeps the code its conformance suite pins).
  { sql: 'SELECT NVLX(1, 2)', error: '002139' },
  // GREATEST_IGNORE_NULLS / LEAST_IGNORE_NULLS: NULL only when every argument is.
  { sql: 'SELECT GREATEST_IGNORE_NULLS(1, NULL, 3) AS g, LEAST_IGNORE_NULLS(5, NULL, 3) AS l', rows: [['3', '3']], types: [{ type: 'fixed', scale: 0 }, { type: 'fixed', scale: 0 }] },
  { sql: "SELECT GREATEST_IGNORE_NULLS(NULL, 'b', 'a') AS g, LEAST_IGNORE_NULLS(1.5, NULL, 2.25) AS l", rows: [['b', '1.50']] },
  { sql: 'SELECT GREATEST_IGNORE_NULLS(NULL, NULL) AS g, LEAST_IGNORE_NULLS(NULL::INT, NULL::INT) AS l', rows: [[null, null]] },
  { sql: 'SELECT GREATEST_IGNORE_NULLS(2, 1) AS g', types: [{ type: 'fixed', nullable: false }] },
  { name: 'GREATEST_IGNORE_NULLS over rows with NULLs', setup: ['CREATE TABLE gin (a INT, b INT, c INT)', 'INSERT INTO gin VALUES (1, NULL, 3), (NULL, NULL, NULL), (NULL, 7, 2)'], sql: 'SELECT GREATEST_IGNORE_NULLS(a, b, c), LEAST_IGNORE_NULLS(a, b, c) FROM gin ORDER BY 1 NULLS LAST', rows: [['3', '1'], ['7', '2'], [null, null]] },
  { sql: 'SELECT GREATEST_IGNORE_NULLS(12345678901234567890123, NULL, 1) AS g', rows: [['12345678901234567890123']] },
  { sql: 'SELECT LEAST_IGNORE_NULLS()', error: '000938' },
  // BOOLNOT: TRUE for 0, FALSE for any other number.
  { sql: 'SELECT BOOLNOT(0) AS z, BOOLNOT(10) AS p, BOOLNOT(-3.5) AS n, BOOLNOT(NULL) AS u', rows: [['true', 'false', 'false', null]], types: ['boolean', 'boolean', 'boolean', { type: 'boolean', nullable: true }] },
  { sql: 'SELECT BOOLNOT(0.0::FLOAT) AS f', rows: [['true']] },
  { sql: "SELECT BOOLNOT('abc')", error: '100038' },
  { sql: 'SELECT BOOLNOT(1, 2)', error: '000939' },
];
