import type { FunctionCase } from './types';

// Query syntax beyond plain SELECT: FLATTEN, GENERATOR (https://docs.snowflake.com/en/sql-reference/functions/flatten,
// …/generator). VARIANT cells are pretty-printed JSON with sorted keys.
const j = (v: unknown) => JSON.stringify(v, null, 2);

const FLATTEN_TYPES = ['fixed', 'text', 'text', 'fixed', 'variant', 'variant'];
const AB = { a: 1, b: [77, 88] };
const ABC = { a: 1, b: [77, 88], c: { d: 'X' } };

const PERSONS = [
  'CREATE TABLE persons (id NUMBER(8, 0), c VARIANT)',
  `INSERT INTO persons SELECT column1, PARSE_JSON(column2) FROM VALUES
    (12712555, '{ name: { first: "John", last: "Smith"}, contact: [ { business: [ { type: "phone", content: "555-1234" }, { type: "email", content: "j.smith@company.com" } ] } ] }'),
    (98127771, '{ name: { first: "Jane", last: "Doe"}, contact: [ { business: [ { type: "phone", content: "555-1236" }, { type: "email", content: "j.doe@company.com" } ] } ] }')`,
];
const contact = (phone: string, email: string) => j({ business: [{ content: phone, type: 'phone' }, { content: email, type: 'email' }] });

const ORDERS = [
  'CREATE TABLE orders (id NUMBER, v VARIANT)',
  `INSERT INTO orders SELECT 1, PARSE_JSON('{"items": [{"name": "pen", "qty": 2}, {"name": "ink", "qty": 1}]}')`,
  `INSERT INTO orders SELECT 2, PARSE_JSON('{"items": []}')`,
  `INSERT INTO orders SELECT 3, PARSE_JSON('{"items": [{"name": "pad", "qty": 5}]}')`,
];

const QUARTERLY = [
  'CREATE TABLE quarterly_sales (empid INT, amount INT, quarter TEXT)',
  `INSERT INTO quarterly_sales VALUES (1, 10000, '2023_Q1'), (1, 400, '2023_Q1'), (2, 4500, '2023_Q1'), (2, 35000, '2023_Q1'),
    (1, 5000, '2023_Q2'), (1, 3000, '2023_Q2'), (2, 200, '2023_Q2'), (2, 90500, '2023_Q2'),
    (1, 6000, '2023_Q3'), (1, 5000, '2023_Q3'), (2, 2500, '2023_Q3'), (2, 9500, '2023_Q3'), (3, 2700, '2023_Q3'),
    (1, 8000, '2023_Q4'), (1, 10000, '2023_Q4'), (2, 800, '2023_Q4'), (2, 4500, '2023_Q4')`,
];
const PIVOTED = [['1', '10400', '8000', '11000', '18000'], ['2', '39500', '90700', '12000', '5300'], ['3', null, null, '2700', null]];

const MONTHLY = [
  'CREATE TABLE monthly_sales (empid INT, dept TEXT, jan INT, feb INT, mar INT, apr INT)',
  `INSERT INTO monthly_sales VALUES (1, 'electronics', 100, 200, 300, 100), (2, 'clothes', 100, 300, 150, 200),
    (3, 'cars', 200, 400, 100, 50), (4, 'appliances', 100, NULL, 100, 50)`,
];

const CAR_SALES = [
  'CREATE TABLE car_sales (src VARIANT)',
  `INSERT INTO car_sales SELECT PARSE_JSON('{"date": "2017-04-28", "dealership": "Valley View Auto Sales", "salesperson": {"id": "55", "name": "Frank Beasley"}, "vehicle": [{"make": "Honda", "price": "20275"}]}')`,
  `INSERT INTO car_sales SELECT PARSE_JSON('{"date": "2017-04-28", "dealership": "Tindel Toyota", "salesperson": {"id": "274", "name": "Greg Northrup"}, "vehicle": [{"make": "Toyota", "price": "23500"}]}')`,
];

export const querySyntax: FunctionCase[] = [
  // FLATTEN: the documented examples.
  {
    sql: `SELECT * FROM TABLE(FLATTEN(INPUT => PARSE_JSON('{"a":1, "b":[77,88]}'), OUTER => TRUE)) f`,
    rows: [['1', 'a', 'a', null, '1', j(AB)], ['1', 'b', 'b', null, j([77, 88]), j(AB)]],
    types: FLATTEN_TYPES,
    names: ['SEQ', 'KEY', 'PATH', 'INDEX', 'VALUE', 'THIS'],
  },
  {
    sql: `SELECT * FROM TABLE(FLATTEN(INPUT => PARSE_JSON('{"a":1, "b":[77,88]}'), PATH => 'b')) f`,
    rows: [['1', null, 'b[0]', '0', '77', j([77, 88])], ['1', null, 'b[1]', '1', '88', j([77, 88])]],
    types: FLATTEN_TYPES,
  },
  { sql: "SELECT * FROM TABLE(FLATTEN(INPUT => PARSE_JSON('[]'))) f", rows: [] },
  {
    sql: "SELECT seq, key, index, value, this FROM TABLE(FLATTEN(INPUT => PARSE_JSON('[]'), OUTER => TRUE)) f",
    rows: [['1', null, null, null, '[]']],
  },
  {
    sql: `SELECT * FROM TABLE(FLATTEN(INPUT => PARSE_JSON('{"a":1, "b":[77,88], "c": {"d":"X"}}'), RECURSIVE => TRUE)) f`,
    rows: [
      ['1', 'a', 'a', null, '1', j(ABC)],
      ['1', 'b', 'b', null, j([77, 88]), j(ABC)],
      ['1', null, 'b[0]', '0', '77', j([77, 88])],
      ['1', null, 'b[1]', '1', '88', j([77, 88])],
      ['1', 'c', 'c', null, j({ d: 'X' }), j(ABC)],
      ['1', 'd', 'c.d', null, '"X"', j({ d: 'X' })],
    ],
  },
  {
    sql: `SELECT * FROM TABLE(FLATTEN(INPUT => PARSE_JSON('{"a":1, "b":[77,88], "c": {"d":"X"}}'), RECURSIVE => TRUE, MODE => 'OBJECT')) f`,
    rows: [
      ['1', 'a', 'a', null, '1', j(ABC)],
      ['1', 'b', 'b', null, j([77, 88]), j(ABC)],
      ['1', 'c', 'c', null, j({ d: 'X' }), j(ABC)],
      ['1', 'd', 'c.d', null, '"X"', j({ d: 'X' })],
    ],
  },
  {
    name: 'FLATTEN: lateral joins over a table (documented persons example)',
    setup: PERSONS,
    sql: `SELECT id AS "ID", f.value AS "Contact", f1.value:type AS "Type", f1.value:content AS "Details"
      FROM persons p, LATERAL FLATTEN(INPUT => p.c, PATH => 'contact') f, LATERAL FLATTEN(INPUT => f.value:business) f1
      ORDER BY "ID", "Type" DESC`,
    rows: [
      ['12712555', contact('555-1234', 'j.smith@company.com'), '"phone"', '"555-1234"'],
      ['12712555', contact('555-1234', 'j.smith@company.com'), '"email"', '"j.smith@company.com"'],
      ['98127771', contact('555-1236', 'j.doe@company.com'), '"phone"', '"555-1236"'],
      ['98127771', contact('555-1236', 'j.doe@company.com'), '"email"', '"j.doe@company.com"'],
    ],
    types: ['fixed', 'variant', 'variant', 'variant'],
    names: ['ID', 'Contact', 'Type', 'Details'],
  },
  {
    name: 'FLATTEN: typed values of a lateral join, SEQ per input row',
    setup: ORDERS,
    sql: 'SELECT o.id, f.seq, f.index, f.value:name::string AS name, f.value:qty::number AS qty FROM orders o, LATERAL FLATTEN(input => o.v:items) f ORDER BY o.id, f.index',
    rows: [['1', '1', '0', 'pen', '2'], ['1', '1', '1', 'ink', '1'], ['3', '3', '0', 'pad', '5']],
    types: ['fixed', 'fixed', 'fixed', 'text', 'fixed'],
    names: ['ID', 'SEQ', 'INDEX', 'NAME', 'QTY'],
  },
  {
    name: 'FLATTEN: OUTER keeps the input row with NULLs',
    setup: ORDERS,
    sql: 'SELECT o.id, f.index, f.value:name::string FROM orders o, LATERAL FLATTEN(input => o.v:items, outer => true) f ORDER BY o.id, f.index',
    rows: [['1', '0', 'pen'], ['1', '1', 'ink'], ['2', null, null], ['3', '0', 'pad']],
  },
  {
    name: 'FLATTEN: unqualified VALUE and KEY, positional input',
    sql: `SELECT key, value FROM TABLE(FLATTEN(PARSE_JSON('{"x": "a b", "y": [1]}')))`,
    rows: [['x', '"a b"'], ['y', j([1])]],
    names: ['KEY', 'VALUE'],
  },
  {
    name: 'FLATTEN: a WHERE clause over its columns and aggregates by input row',
    setup: ORDERS,
    sql: 'SELECT o.id, SUM(f.value:qty::number) AS total FROM orders o, LATERAL FLATTEN(input => o.v:items) f WHERE f.value:qty::number > 0 GROUP BY o.id ORDER BY o.id',
    rows: [['1', '3'], ['3', '5']],
  },
  {
    sql: "SELECT f.path, f.value FROM TABLE(FLATTEN(INPUT => PARSE_JSON('{\"a b\": 1}'))) f",
    rows: [["['a b']", '1']],
  },
  {
    name: 'FLATTEN: f.* and a nested SELECT * name its six columns',
    setup: ORDERS,
    sql: 'SELECT o.id, f.* FROM orders o, LATERAL FLATTEN(input => o.v:items) f ORDER BY o.id, f.index',
    rows: [
      ['1', '1', null, '[0]', '0', j({ name: 'pen', qty: 2 }), j([{ name: 'pen', qty: 2 }, { name: 'ink', qty: 1 }])],
      ['1', '1', null, '[1]', '1', j({ name: 'ink', qty: 1 }), j([{ name: 'pen', qty: 2 }, { name: 'ink', qty: 1 }])],
      ['3', '3', null, '[0]', '0', j({ name: 'pad', qty: 5 }), j([{ name: 'pad', qty: 5 }])],
    ],
    names: ['ID', 'SEQ', 'KEY', 'PATH', 'INDEX', 'VALUE', 'THIS'],
    types: ['fixed', ...FLATTEN_TYPES],
  },
  {
    sql: "SELECT * FROM (SELECT * FROM TABLE(FLATTEN(INPUT => PARSE_JSON('[10]')))) s",
    rows: [['1', null, '[0]', '0', '10', j([10])]],
    names: ['SEQ', 'KEY', 'PATH', 'INDEX', 'VALUE', 'THIS'],
  },
  {
    sql: "SELECT COUNT(*) FROM TABLE(FLATTEN(INPUT => ARRAY_CONSTRUCT(1, 2, 3)))",
    rows: [['3']],
  },

  // GENERATOR with SEQ4/SEQ8, RANDOM and UNIFORM per row.
  { sql: 'SELECT SEQ4() FROM TABLE(GENERATOR(ROWCOUNT => 5))', rows: [['0'], ['1'], ['2'], ['3'], ['4']], types: ['fixed'] },
  { sql: 'SELECT SEQ8() AS n FROM TABLE(GENERATOR(ROWCOUNT => 3)) ORDER BY n DESC', rows: [['2'], ['1'], ['0']] },
  { sql: 'SELECT COUNT(*) FROM TABLE(GENERATOR(ROWCOUNT => 0))', rows: [['0']] },
  { sql: 'SELECT COUNT(*), MIN(s), MAX(s) FROM (SELECT SEQ4() AS s FROM TABLE(GENERATOR(ROWCOUNT => 1000000)))', rows: [['1000000', '0', '999999']] },
  {
    sql: 'SELECT COUNT(DISTINCT r) = 1000 AS per_row, MIN(u) >= 1 AND MAX(u) <= 10 AS bounded FROM (SELECT RANDOM() AS r, UNIFORM(1, 10, RANDOM()) AS u FROM TABLE(GENERATOR(ROWCOUNT => 1000)) g)',
    rows: [['true', 'true']],
  },
  { sql: 'SELECT COUNT(*) FROM TABLE(GENERATOR(ROWCOUNT => 10, TIMELIMIT => 60)) g', rows: [['10']] },
  // A generator's value in a subquery or CTE is computed once a row, however often the query
  // reading it names it (SQLite would copy the call to every mention: one row, several values).
  {
    name: 'RANDOM() of a subquery is one value a row, named twice and filtered on',
    sql: 'SELECT COUNT(*) > 100, COUNT_IF(R <> R2), COUNT_IF(ABS(R % 2) = 1) FROM (SELECT R, R AS R2 FROM (SELECT RANDOM() AS R FROM TABLE(GENERATOR(ROWCOUNT => 400)))) WHERE R % 2 = 0 OR R2 % 2 = 0',
    rows: [['true', '0', '0']],
  },
  {
    name: 'UUID_STRING() of a CTE is one value a row',
    sql: 'WITH T AS (SELECT UUID_STRING() AS U FROM TABLE(GENERATOR(ROWCOUNT => 50))) SELECT COUNT(DISTINCT U), COUNT_IF(U = U2) FROM (SELECT U, U AS U2 FROM T)',
    rows: [['50', '50']],
  },

  // PIVOT / UNPIVOT: the documented quarterly_sales and monthly_sales examples.
  {
    setup: QUARTERLY,
    sql: "SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN ('2023_Q1', '2023_Q2', '2023_Q3', '2023_Q4')) ORDER BY empid",
    rows: PIVOTED,
    names: ['EMPID', "'2023_Q1'", "'2023_Q2'", "'2023_Q3'", "'2023_Q4'"],
    types: ['fixed', 'fixed', 'fixed', 'fixed', 'fixed'],
  },
  {
    setup: QUARTERLY,
    sql: "SELECT * FROM quarterly_sales PIVOT(SUM(amount) FOR quarter IN ('2023_Q1', '2023_Q2', '2023_Q3', '2023_Q4')) AS p (empid_renamed, Q1, Q2, Q3, Q4) ORDER BY empid_renamed",
    rows: PIVOTED,
    names: ['EMPID_RENAMED', 'Q1', 'Q2', 'Q3', 'Q4'],
  },
  {
    setup: QUARTERLY,
    sql: `SELECT p.*, "'2023_Q1'" + "'2023_Q2'" AS h1 FROM (SELECT empid, amount, quarter FROM quarterly_sales) PIVOT(COUNT(amount) FOR quarter IN ('2023_Q1', '2023_Q2')) AS p ORDER BY empid`,
    rows: [['1', '2', '2', '4'], ['2', '2', '2', '4'], ['3', '0', '0', '0']],
  },
  {
    setup: MONTHLY,
    sql: 'SELECT * FROM monthly_sales UNPIVOT (sales FOR month IN (jan, feb, mar, apr)) ORDER BY empid, month',
    rows: [
      ['1', 'electronics', 'APR', '100'], ['1', 'electronics', 'FEB', '200'], ['1', 'electronics', 'JAN', '100'], ['1', 'electronics', 'MAR', '300'],
      ['2', 'clothes', 'APR', '200'], ['2', 'clothes', 'FEB', '300'], ['2', 'clothes', 'JAN', '100'], ['2', 'clothes', 'MAR', '150'],
      ['3', 'cars', 'APR', '50'], ['3', 'cars', 'FEB', '400'], ['3', 'cars', 'JAN', '200'], ['3', 'cars', 'MAR', '100'],
      ['4', 'appliances', 'APR', '50'], ['4', 'appliances', 'JAN', '100'], ['4', 'appliances', 'MAR', '100'],
    ],
    names: ['EMPID', 'DEPT', 'MONTH', 'SALES'],
    types: ['fixed', 'text', 'text', 'fixed'],
  },
  {
    setup: MONTHLY,
    sql: 'SELECT dept, month, sales FROM monthly_sales UNPIVOT (sales FOR month IN (jan, feb)) u WHERE empid = 4',
    rows: [['appliances', 'JAN', '100']],
  },

  // SAMPLE / TABLESAMPLE: probabilities, fixed row counts, SEED repeatability.
  { setup: MONTHLY, sql: 'SELECT COUNT(*) FROM monthly_sales SAMPLE (100)', rows: [['4']] },
  { setup: MONTHLY, sql: 'SELECT COUNT(*) FROM monthly_sales TABLESAMPLE BERNOULLI (0)', rows: [['0']] },
  { setup: MONTHLY, sql: 'SELECT COUNT(*) FROM monthly_sales AS m SAMPLE (2 ROWS) WHERE m.empid > 0', rows: [['2']] },
  { setup: MONTHLY, sql: 'SELECT * FROM monthly_sales SAMPLE ROW (0 ROWS)', rows: [], types: ['fixed', 'text', 'fixed', 'fixed', 'fixed', 'fixed'] },
  // A fixed row count is exactly that many rows, also from a subquery and a view; a seeded sample of a subquery repeats.
  { setup: MONTHLY, sql: 'SELECT COUNT(*) FROM (SELECT * FROM monthly_sales WHERE empid > 0) SAMPLE (3 ROWS)', rows: [['3']] },
  { setup: [...MONTHLY, 'CREATE VIEW ms_view AS SELECT empid, dept FROM monthly_sales'], sql: 'SELECT COUNT(*) FROM ms_view SAMPLE ROW (2 ROWS)', rows: [['2']] },
  {
    name: 'SAMPLE: a seeded sample of a subquery is the same every time',
    setup: ['CREATE TABLE nums2 AS SELECT SEQ4() AS n FROM TABLE(GENERATOR(ROWCOUNT => 300))'],
    sql: `SELECT (SELECT LISTAGG(n, ',') WITHIN GROUP (ORDER BY n) FROM (SELECT n FROM nums2 WHERE n >= 0) SAMPLE BERNOULLI (20) SEED (7))
      = (SELECT LISTAGG(n, ',') WITHIN GROUP (ORDER BY n) FROM (SELECT n FROM nums2 WHERE n >= 0) SAMPLE ROW (20) SEED (7)) AS same`,
    rows: [['true']],
  },
  {
    name: 'SAMPLE: a SEED picks the same rows in another statement',
    setup: ['CREATE TABLE nums3 AS SELECT SEQ4() AS n FROM TABLE(GENERATOR(ROWCOUNT => 300))', 'CREATE TABLE picked AS SELECT n FROM nums3 SAMPLE (25) SEED (11)'],
    sql: `SELECT (SELECT LISTAGG(n, ',') WITHIN GROUP (ORDER BY n) FROM picked) = (SELECT LISTAGG(n, ',') WITHIN GROUP (ORDER BY n) FROM nums3 SAMPLE (25) SEED (11)) AS same,
      (SELECT COUNT(*) FROM picked) BETWEEN 30 AND 120 AS sized`,
    rows: [['true', 'true']],
  },
  {
    name: 'SAMPLE: 10 % of a million generated rows is about 100000',
    sql: 'SELECT COUNT(*) BETWEEN 98000 AND 102000 FROM (SELECT SEQ4() AS n FROM TABLE(GENERATOR(ROWCOUNT => 1000000))) SAMPLE (10)',
    rows: [['true']],
  },
  {
    name: 'SAMPLE: the same SEED picks the same rows',
    setup: ['CREATE TABLE nums AS SELECT SEQ4() AS n FROM TABLE(GENERATOR(ROWCOUNT => 200))'],
    sql: `SELECT (SELECT LISTAGG(n, ',') WITHIN GROUP (ORDER BY n) FROM nums SAMPLE SYSTEM (30) SEED (42)) = (SELECT LISTAGG(n, ',') WITHIN GROUP (ORDER BY n) FROM nums TABLESAMPLE BLOCK (30) REPEATABLE (42)) AS same,
      (SELECT COUNT(*) FROM nums SAMPLE (30) SEED (42)) BETWEEN 30 AND 90 AS sized`,
    rows: [['true', 'true']],
  },

  // Result names of path expressions and :: casts as written; VARIANT compared with text and numbers.
  { setup: CAR_SALES, sql: 'SELECT src:dealership FROM car_sales ORDER BY 1', rows: [['"Tindel Toyota"'], ['"Valley View Auto Sales"']], names: ['SRC:DEALERSHIP'], types: ['variant'] },
  {
    setup: CAR_SALES,
    sql: 'SELECT src:salesperson.name::string, src:vehicle[0].price::number FROM car_sales ORDER BY 1',
    rows: [['Frank Beasley', '20275'], ['Greg Northrup', '23500']],
    names: ['SRC:SALESPERSON.NAME::STRING', 'SRC:VEHICLE[0].PRICE::NUMBER'],
    types: ['text', 'fixed'],
  },
  { setup: CAR_SALES, sql: "SELECT src:salesperson.id FROM car_sales WHERE src:dealership = 'Tindel Toyota'", rows: [['"274"']] },
  { setup: CAR_SALES, sql: 'SELECT COUNT(*) FROM car_sales WHERE src:vehicle[0].price::number > 21000 AND src:salesperson.id > 100', rows: [['1']] },
  { sql: `SELECT PARSE_JSON('{"a": "x"}'):a = 'x' AS eq, PARSE_JSON('{"n": 5}'):n > 3 AS gt, 4.5 < PARSE_JSON('{"n": 5}'):n AS lt`, rows: [['true', 'true', 'true']] },

  // OBJECT_CONSTRUCT(*): the documented demo_table_1 example (NULLs are left out).
  {
    setup: [
      'CREATE TABLE demo_table_1 (province VARCHAR, created_date DATE)',
      "INSERT INTO demo_table_1 (province, created_date) VALUES ('Manitoba', '2024-01-18'::DATE), ('Alberta', '2024-01-19'::DATE), ('Yukon', NULL)",
    ],
    sql: "SELECT OBJECT_CONSTRUCT(*) AS oc FROM demo_table_1 ORDER BY oc['PROVINCE']",
    rows: [[j({ CREATED_DATE: '2024-01-19', PROVINCE: 'Alberta' })], [j({ CREATED_DATE: '2024-01-18', PROVINCE: 'Manitoba' })], [j({ PROVINCE: 'Yukon' })]],
    types: ['object'],
  },
  {
    name: 'OBJECT_CONSTRUCT(*) over a join of aliased tables',
    setup: ['CREATE TABLE oa (id INT, a VARCHAR)', 'CREATE TABLE ob (id INT, b INT)', "INSERT INTO oa VALUES (1, 'x')", 'INSERT INTO ob VALUES (1, 7)'],
    sql: 'SELECT OBJECT_CONSTRUCT(*) FROM oa JOIN ob AS y ON oa.id = y.id',
    rows: [[j({ A: 'x', B: 7, ID: 1 })]],
  },
];
