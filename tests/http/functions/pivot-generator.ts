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
// The documented quarterly_sales after `ADD COLUMN discount_percent` and its (random) UPDATE, as listed.
const DISCOUNTED = [
  'CREATE TABLE quarterly_sales (empid INT, amount INT, quarter TEXT, discount_percent INT)',
  `INSERT INTO quarterly_sales VALUES (1, 10000, '2023_Q1', 0), (1, 400, '2023_Q1', 1), (2, 4500, '2023_Q1', 4), (2, 35000, '2023_Q1', 2),
    (1, 5000, '2023_Q2', 2), (1, 3000, '2023_Q2', 1), (2, 200, '2023_Q2', 2), (2, 90500, '2023_Q2', 1),
    (1, 6000, '2023_Q3', 1), (1, 5000, '2023_Q3', 3), (2, 2500, '2023_Q3', 1), (2, 9500, '2023_Q3', 3), (3, 2700, '2023_Q3', 1),
    (1, 8000, '2023_Q4', 1), (1, 10000, '2023_Q4', 4), (2, 800, '2023_Q4', 3), (2, 4500, '2023_Q4', 5), (3, 2700, '2023_Q4', 3), (3, 16000, '2023_Q4', 0), (3, 10200, '2023_Q4', 1)`,
];
const AD_CAMPAIGNS = [
  'CREATE TABLE ad_campaign_types_by_quarter (quarter VARCHAR, television BOOLEAN, radio BOOLEAN, print BOOLEAN)',
  "INSERT INTO ad_campaign_types_by_quarter VALUES ('2023_Q1', TRUE, FALSE, FALSE), ('2023_Q2', FALSE, TRUE, TRUE), ('2023_Q3', FALSE, TRUE, FALSE), ('2023_Q4', TRUE, FALSE, TRUE)",
];
const QUARTER_NAMES = ["'2023_Q1'", "'2023_Q2'", "'2023_Q3'", "'2023_Q4'"];
const ALL_QUARTERS = [['1', '10400', '8000', '11000', '18000'], ['2', '39500', '90700', '12000', '5300'], ['3', null, null, '2700', '28900']];

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
  // Dynamic pivot: the values come from the data (ANY) or a subquery, read before the statement compiles.
  {
    name: 'PIVOT IN (ANY ORDER BY …)', setup: QUARTERLY,
    sql: 'SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN (ANY ORDER BY quarter)) ORDER BY empid',
    rows: ALL_QUARTERS, names: ['EMPID', ...QUARTER_NAMES],
  },
  {
    name: 'PIVOT IN (ANY ORDER BY …) with an aggregate alias', setup: QUARTERLY,
    sql: 'SELECT * FROM quarterly_sales PIVOT(SUM(amount) AS total FOR quarter IN (ANY ORDER BY quarter)) ORDER BY empid',
    rows: ALL_QUARTERS, names: ['EMPID', "'2023_Q1_TOTAL'", "'2023_Q2_TOTAL'", "'2023_Q3_TOTAL'", "'2023_Q4_TOTAL'"],
  },
  {
    name: 'PIVOT IN (subquery)', setup: [...QUARTERLY, ...AD_CAMPAIGNS],
    sql: `SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN (
      SELECT DISTINCT quarter FROM ad_campaign_types_by_quarter WHERE television = TRUE ORDER BY quarter)) ORDER BY empid`,
    rows: [['1', '10400', '18000'], ['2', '39500', '5300'], ['3', null, '28900']], names: ['EMPID', "'2023_Q1'", "'2023_Q4'"],
  },
  {
    name: 'PIVOT IN (ANY) with several aggregations by UNION', setup: QUARTERLY,
    sql: `SELECT 'Average sale amount' AS aggregate, * FROM quarterly_sales PIVOT(AVG(amount) FOR quarter IN (ANY ORDER BY quarter))
      UNION SELECT 'Highest value sale' AS aggregate, * FROM quarterly_sales PIVOT(MAX(amount) FOR quarter IN (ANY ORDER BY quarter))
      UNION SELECT 'Lowest value sale' AS aggregate, * FROM quarterly_sales PIVOT(MIN(amount) FOR quarter IN (ANY ORDER BY quarter))
      UNION SELECT 'Number of sales' AS aggregate, * FROM quarterly_sales PIVOT(COUNT(amount) FOR quarter IN (ANY ORDER BY quarter))
      UNION SELECT 'Total amount' AS aggregate, * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN (ANY ORDER BY quarter))
      ORDER BY aggregate, empid`,
    rows: [
      ['Average sale amount', '1', '5200.000000', '4000.000000', '5500.000000', '9000.000000'],
      ['Average sale amount', '2', '19750.000000', '45350.000000', '6000.000000', '2650.000000'],
      ['Average sale amount', '3', null, null, '2700.000000', '9633.333333'],
      ['Highest value sale', '1', '10000.000000', '5000.000000', '6000.000000', '10000.000000'],
      ['Highest value sale', '2', '35000.000000', '90500.000000', '9500.000000', '4500.000000'],
      ['Highest value sale', '3', null, null, '2700.000000', '16000.000000'],
      ['Lowest value sale', '1', '400.000000', '3000.000000', '5000.000000', '8000.000000'],
      ['Lowest value sale', '2', '4500.000000', '200.000000', '2500.000000', '800.000000'],
      ['Lowest value sale', '3', null, null, '2700.000000', '2700.000000'],
      ['Number of sales', '1', '2.000000', '2.000000', '2.000000', '2.000000'],
      ['Number of sales', '2', '2.000000', '2.000000', '2.000000', '2.000000'],
      ['Number of sales', '3', '0.000000', '0.000000', '1.000000', '3.000000'],
      ['Total amount', '1', '10400.000000', '8000.000000', '11000.000000', '18000.000000'],
      ['Total amount', '2', '39500.000000', '90700.000000', '12000.000000', '5300.000000'],
      ['Total amount', '3', null, null, '2700.000000', '28900.000000'],
    ],
    names: ['AGGREGATE', 'EMPID', ...QUARTER_NAMES],
  },
  {
    // As documented: the bare `empid` of ORDER BY is the result column src.* brings (em has one too).
    name: 'PIVOT IN (ANY) in a CTE joined to a table',
    setup: [...QUARTERLY, 'CREATE TABLE emp_manager (empid INT, managerid INT)', 'INSERT INTO emp_manager VALUES (1, 7), (2, 8), (3, 9)'],
    sql: `WITH src AS (SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN (ANY ORDER BY quarter)))
      SELECT em.managerid, src.* FROM emp_manager em JOIN src ON em.empid = src.empid ORDER BY empid`,
    rows: [['7', '1', '10400', '8000', '11000', '18000'], ['8', '2', '39500', '90700', '12000', '5300'], ['9', '3', null, null, '2700', '28900']],
    names: ['MANAGERID', 'EMPID', ...QUARTER_NAMES],
  },
  {
    name: 'PIVOT IN (ANY) DEFAULT ON NULL', setup: QUARTERLY,
    sql: 'SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN (ANY ORDER BY quarter) DEFAULT ON NULL (0)) ORDER BY empid',
    rows: [['1', '10400', '8000', '11000', '18000'], ['2', '39500', '90700', '12000', '5300'], ['3', '0', '0', '2700', '28900']], names: ['EMPID', ...QUARTER_NAMES],
  },
  {
    name: 'PIVOT IN (ANY) over a CTE that EXCLUDEs a column', setup: DISCOUNTED,
    sql: `WITH sales_without_discount AS (SELECT * EXCLUDE(discount_percent) FROM quarterly_sales)
      SELECT * FROM sales_without_discount PIVOT(SUM(amount) FOR quarter IN (ANY ORDER BY quarter)) ORDER BY empid`,
    rows: ALL_QUARTERS, names: ['EMPID', ...QUARTER_NAMES],
  },
  {
    name: 'PIVOT IN (ANY) of AVG over a CTE', setup: DISCOUNTED,
    sql: `WITH sales_without_amount AS (SELECT * EXCLUDE(amount) FROM quarterly_sales)
      SELECT * FROM sales_without_amount PIVOT(AVG(discount_percent) FOR quarter IN (ANY ORDER BY quarter)) ORDER BY empid`,
    rows: [['1', '0.500000', '1.500000', '2.000000', '2.500000'], ['2', '3.000000', '1.500000', '2.000000', '4.000000'], ['3', null, null, '1.000000', '1.333333']],
    names: ['EMPID', ...QUARTER_NAMES],
  },
  {
    name: 'PIVOT IN (ANY) in CREATE TABLE AS SELECT',
    setup: [...QUARTERLY, 'CREATE TABLE pivoted AS SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN (ANY ORDER BY quarter))'],
    sql: 'SELECT * FROM pivoted ORDER BY empid', rows: ALL_QUARTERS, names: ['EMPID', ...QUARTER_NAMES],
    types: ['fixed', 'fixed', 'fixed', 'fixed', 'fixed'],
  },
  {
    name: 'PIVOT IN (subquery) in INSERT … SELECT',
    setup: [...QUARTERLY, ...AD_CAMPAIGNS, 'CREATE TABLE tv_quarters (empid INT, q1 INT, q4 INT)',
      'INSERT INTO tv_quarters SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN (SELECT quarter FROM ad_campaign_types_by_quarter WHERE television ORDER BY quarter))'],
    sql: 'SELECT * FROM tv_quarters ORDER BY empid', rows: [['1', '10400', '18000'], ['2', '39500', '5300'], ['3', null, '28900']],
  },
  // GENERATOR: no arguments (or a NULL ROWCOUNT) makes no rows; TIMELIMIT alone makes some.
  { sql: 'SELECT seq4(), uniform(1, 10, RANDOM(12)) FROM TABLE(GENERATOR()) v ORDER BY 1', rows: [] },
  { sql: 'SELECT COUNT(*) FROM TABLE(GENERATOR(ROWCOUNT => NULL)) v', rows: [['0']] },
  { name: 'GENERATOR with TIMELIMIT alone', sql: 'SELECT COUNT(seq4()) > 0 FROM TABLE(GENERATOR(TIMELIMIT => 1)) v', rows: [['true']] },
  { name: 'GENERATOR with ROWCOUNT reached before TIMELIMIT', sql: 'SELECT COUNT(seq4()), MAX(seq4()) FROM TABLE(GENERATOR(ROWCOUNT => 1000, TIMELIMIT => 1)) v', rows: [['1000', '999']] },
];
