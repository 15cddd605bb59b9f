import type { CorpusCase } from './types';

// Values Snowflake's documentation gives for constants, FLOAT specials, VARIANT values in string
// functions, scalar subqueries and window aggregates (issue 19: each used to come back wrong or
// as an internal error). The corpus runs with the default TIMEZONE (America/Los_Angeles).
const ORDERS = [
  'CREATE TABLE ORDERS (O_ORDERKEY INT, O_CLERK VARCHAR, O_ORDERSTATUS VARCHAR, O_TOTALPRICE NUMBER(12,2))',
  "INSERT INTO ORDERS VALUES (1, 'Clerk#1', 'F', 450001.00), (2, 'Clerk#2', 'O', 450001.00), (3, 'Clerk#1', 'F', 450001.00), (4, 'Clerk#3', 'P', 100.00)",
];
const WIDE = ['CREATE TABLE WIDE (C1 INT, C2 INT, C3 INT, C4 INT, C5 INT, C6 INT, C7 INT, C8 INT, C9 INT, C10 INT, C11 INT, C12 INT)', 'CREATE TABLE NARROW (A INT, B VARCHAR)'];

export const values: CorpusCase[] = [
  // https://docs.snowflake.com/en/sql-reference/data-types-datetime#date-and-time-constants
  {
    name: 'date, time and timestamp constants',
    sql: "SELECT DATE '2024-08-14' AS D, TIME '10:03:56' AS T, TIMESTAMP '2024-08-15 10:59:43' AS TS",
    expect: { columns: [['D', 'date'], ['T', 'time'], ['TS', 'timestamp_ntz']], rows: [['19949', '36236.000000000', '1723719583.000000000']] },
  },
  {
    name: 'timestamp constants of each variation',
    sql: "SELECT TIMESTAMP_NTZ '2024-08-15 10:59:43' AS NTZ, TIMESTAMP_TZ '2024-08-15 10:59:43 +02:00' AS TZ",
    expect: { columns: [['NTZ', 'timestamp_ntz'], ['TZ', 'timestamp_tz']], rows: [['1723719583.000000000', '1723712383.000000000 1560']] },
  },
  // https://docs.snowflake.com/en/sql-reference/data-types-text#binary-data-type (hex string constants)
  { name: 'hex string constant is BINARY', sql: "SELECT X'48656C6C6F' AS B", expect: { columns: [['B', 'binary']], rows: [['48656C6C6F']] } },
  // https://docs.snowflake.com/en/sql-reference/data-types-numeric#special-values
  {
    name: 'FLOAT special values',
    sql: "SELECT 'NaN'::FLOAT AS N, 'inf'::FLOAT AS I, '-inf'::FLOAT AS M",
    expect: { columns: [['N', 'real'], ['I', 'real'], ['M', 'real']], rows: [['NaN', 'inf', '-inf']] },
  },
  // https://docs.snowflake.com/en/user-guide/querying-semistructured (a VARIANT string into a string function)
  {
    name: 'string function over a VARIANT string',
    sql: `SELECT UPPER(PARSE_JSON('{"salesperson":{"name":"Joyce Ridgely"}}'):salesperson.name) AS N, LENGTH(PARSE_JSON('{"f":"banana"}'):f) AS L`,
    expect: { columns: [['N', 'text'], ['L', 'fixed']], rows: [['JOYCE RIDGELY', '6']] },
  },
  // https://docs.snowflake.com/en/user-guide/querying-subqueries (a scalar subquery is a value of its column's type)
  {
    name: 'scalar subquery keeps its type',
    setup: ORDERS,
    sql: "SELECT (SELECT MAX(O_TOTALPRICE) FROM ORDERS) AS M, (SELECT COUNT(*) > 3 FROM ORDERS) AS B, (SELECT TRUE) AS T",
    expect: { columns: [['M', 'fixed'], ['B', 'boolean'], ['T', 'boolean']], rows: [['450001.00', 'true', 'true']] },
  },
  // https://docs.snowflake.com/en/sql-reference/functions/array_agg (DISTINCT … WITHIN GROUP, as a window function)
  {
    name: 'ARRAY_AGG DISTINCT over a window',
    setup: ORDERS,
    sql: 'SELECT O_ORDERKEY, ARRAY_AGG(DISTINCT O_ORDERSTATUS) WITHIN GROUP (ORDER BY O_ORDERSTATUS ASC) OVER (PARTITION BY O_TOTALPRICE) AS S FROM ORDERS WHERE O_TOTALPRICE > 450000 ORDER BY O_ORDERKEY',
    expect: { rows: [['1', '[\n  "F",\n  "O"\n]'], ['2', '[\n  "F",\n  "O"\n]'], ['3', '[\n  "F",\n  "O"\n]']] },
  },
  // https://docs.snowflake.com/en/sql-reference/functions/array_construct (cast to VARIANT)
  { name: 'ARRAY cast to VARIANT', sql: "SELECT ARRAY_CONSTRUCT('foo')::VARIANT AS V", expect: { columns: [['V', 'variant']], rows: [['[\n  "foo"\n]']] } },
  // https://docs.snowflake.com/en/sql-reference/info-schema/tables
  {
    name: 'INFORMATION_SCHEMA.TABLES with a table of 12 columns',
    setup: WIDE,
    sql: "SELECT TABLE_NAME, ROW_COUNT FROM {db}.INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY TABLE_NAME",
    expect: { rows: [['NARROW', '0'], ['WIDE', '0']] },
  },
  // https://docs.snowflake.com/en/developer-guide/sql-api/submitting-requests (AUTOCOMMIT must be TRUE)
  { name: 'AUTOCOMMIT FALSE is refused', sql: 'ALTER SESSION SET AUTOCOMMIT = FALSE', expect: { error: '002140', sqlState: '0A000' } },
];
