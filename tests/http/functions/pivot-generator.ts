import type { FunctionCase } from './types';

// PIVOT … DEFAULT ON NULL and value aliases, UNPIVOT INCLUDE / EXCLUDE NULLS, GENERATOR without
// ROWCOUNT (https://docs.snowflake.com/en/sql-reference/constructs/pivot, …/constructs/unpivot,
// …/functions/generator), with the documented tables.

const QUARTERLY = [
  'CREATE TABLE quarterly_sales (empid INT, amount INT, quarter TEXT)',
  `INSERT INTO quarterly_sales VALUES (1, 10000, '2023_Q1'), (1, 400, '2023_Q1'), (2, 4500, '2023_Q1'), (2, 35000, '2023_Q1'),
    (1, 5000, '2023_Q2'), (1, 3000, '2023_Q2'), (2, 200, '2023_Q2'), (2, 90500, '2023_Q2'),
    (1, 6000, '2023_Q3'), (1, 5000, '2023_Q3'), (2, 2500, '2023_Q3'), (2, 9500, '2023_Q3'), (3, 2700, '2023_Q3'),
    (1, 8000, '2023_Q4'), (1, 10000, '2023_Q4'), (2, 800, '2023_Q4'), (2, 4500, '2023_Q4'), (3, 2700, '2023_Q4'), (3, 16000, '2023_Q4'), (3, 10200, '2023_Q4')`,
];
const MONTHLY = [
  'CREATE TABLE monthly_sales (empid INT, dept TEXT, jan INT, feb INT, mar INT, apr INT)',
  `INSERT INTO monthly_sales VALUES (1, 'electronics', 100, 200, 300, 100), (2, 'clothes', 100, 300, 150, 200),
    (3, 'cars', 200, 400, 100, 50), (4, 'appliances', 100, NULL, 100, 50)`,
];
const unpivoted = (feb4: boolean): (string | null)[][] => [
  ['1', 'electronics', 'APR', '100'], ['1', 'electronics', 'FEB', '200'], ['1', 'electronics', 'JAN', '100'], ['1', 'electronics', 'MAR', '300'],
  ['2', 'clothes', 'APR', '200'], ['2', 'clothes', 'FEB', '300'], ['2', 'clothes', 'JAN', '100'], ['2', 'clothes', 'MAR', '150'],
  ['3', 'cars', 'APR', '50'], ['3', 'cars', 'FEB', '400'], ['3', 'cars', 'JAN', '200'], ['3', 'cars', 'MAR', '100'],
  ['4', 'appliances', 'APR', '50'], ...(feb4 ? [['4', 'appliances', 'FEB', null]] : []), ['4', 'appliances', 'JAN', '100'], ['4', 'appliances', 'MAR', '100'],
];

export const pivotGenerator: FunctionCase[] = [
  {
    name: 'PIVOT over all four quarters', setup: QUARTERLY,
    sql: "SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN ('2023_Q1', '2023_Q2', '2023_Q3', '2023_Q4')) ORDER BY empid",
    rows: [['1', '10400', '8000', '11000', '18000'], ['2', '39500', '90700', '12000', '5300'], ['3', null, null, '2700', '28900']],
    names: ['EMPID', "'2023_Q1'", "'2023_Q2'", "'2023_Q3'", "'2023_Q4'"],
  },
  {
    name: 'PIVOT values with aliases', setup: QUARTERLY,
    sql: "SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN ('2023_Q1' AS q1, '2023_Q2' AS q2, '2023_Q3' AS q3, '2023_Q4' AS q4)) ORDER BY empid",
    rows: [['1', '10400', '8000', '11000', '18000'], ['2', '39500', '90700', '12000', '5300'], ['3', null, null, '2700', '28900']],
    names: ['EMPID', 'Q1', 'Q2', 'Q3', 'Q4'],
  },
  {
    name: 'PIVOT DEFAULT ON NULL with a list of values', setup: QUARTERLY,
    sql: "SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN ('2023_Q1', '2023_Q2') DEFAULT ON NULL (0)) ORDER BY empid",
    rows: [['1', '10400', '8000'], ['2', '39500', '90700'], ['3', '0', '0']],
    names: ['EMPID', "'2023_Q1'", "'2023_Q2'"],
  },
  {
    name: 'UNPIVOT INCLUDE NULLS keeps the NULL value', setup: MONTHLY,
    sql: 'SELECT * FROM monthly_sales UNPIVOT INCLUDE NULLS (sales FOR month IN (jan, feb, mar, apr)) ORDER BY empid, month',
    rows: unpivoted(true), names: ['EMPID', 'DEPT', 'MONTH', 'SALES'],
  },
  {
    name: 'UNPIVOT EXCLUDE NULLS is the default', setup: MONTHLY,
    sql: 'SELECT * FROM monthly_sales UNPIVOT EXCLUDE NULLS (sales FOR month IN (jan, feb, mar, apr)) ORDER BY empid, month',
    rows: unpivoted(false),
  },
  // GENERATOR: no arguments (or a NULL ROWCOUNT) makes no rows; TIMELIMIT alone makes some.
  { sql: 'SELECT seq4(), uniform(1, 10, RANDOM(12)) FROM TABLE(GENERATOR()) v ORDER BY 1', rows: [] },
  { sql: 'SELECT COUNT(*) FROM TABLE(GENERATOR(ROWCOUNT => NULL)) v', rows: [['0']] },
  { name: 'GENERATOR with TIMELIMIT alone', sql: 'SELECT COUNT(seq4()) > 0 FROM TABLE(GENERATOR(TIMELIMIT => 1)) v', rows: [['true']] },
  { name: 'GENERATOR with ROWCOUNT reached before TIMELIMIT', sql: 'SELECT COUNT(seq4()), MAX(seq4()) FROM TABLE(GENERATOR(ROWCOUNT => 1000, TIMELIMIT => 1)) v', rows: [['1000', '999']] },
];
