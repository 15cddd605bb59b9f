// Snowflake SQL that tools and test suites use (issue 19): examples from Snowflake's documentation.
import { status, type CorpusCase } from './types';

export const toolSql: CorpusCase[] = [
  // Data types: FLOAT4 / FLOAT8 are FLOAT; structured ARRAY / OBJECT / MAP keep their element types.
  { name: 'FLOAT4 and FLOAT8 columns are FLOAT', setup: ['CREATE TABLE T (A FLOAT4, B FLOAT8)', 'INSERT INTO T VALUES (1.5, 2.5)'],
    sql: 'SELECT A, B, 1::FLOAT4 AS C, CAST(2 AS FLOAT8) AS D FROM T', expect: { columns: [['A', 'real'], ['B', 'real'], ['C', 'real'], ['D', 'real']], rows: [['1.5', '2.5', '1', '2']] } },
  { name: 'structured types in CREATE TABLE', sql: 'CREATE TABLE T (A ARRAY(VARCHAR), O OBJECT(city VARCHAR, zip NUMBER(5,0) NOT NULL), M MAP(VARCHAR, INT)); DESCRIBE TABLE T', multi: true,
    expect: { pick: ['name', 'type'], rows: [['A', 'ARRAY(VARCHAR(16777216))'], ['O', 'OBJECT(city VARCHAR(16777216), zip NUMBER(5,0) NOT NULL)'], ['M', 'MAP(VARCHAR(16777216), NUMBER(38,0))']] } },
  { name: 'structured types hold arrays and objects', setup: ['CREATE TABLE T (A ARRAY(VARCHAR), O OBJECT(city VARCHAR))', "INSERT INTO T SELECT ['a'], {'city': 'Oslo'}"],
    sql: 'SELECT A, O FROM T', expect: { columns: [['A', 'array'], ['O', 'object']], rows: [['[\n  "a"\n]', '{\n  "city": "Oslo"\n}']] } },
  { name: 'casts to structured types', sql: "SELECT CAST(['x'] AS ARRAY(VARCHAR)) AS A, CAST({'a': 1} AS OBJECT(a INT)) AS O, {'k': 1}::MAP(VARCHAR, INT) AS M",
    expect: { columns: [['A', 'array'], ['O', 'object'], ['M', 'object']], rows: [['[\n  "x"\n]', '{\n  "a": 1\n}', '{\n  "k": 1\n}']] } },
  { name: 'a cast that keeps the stored value is typed as its target', sql: "SELECT ARRAY_CONSTRUCT('foo')::VARIANT AS V", expect: { columns: [['V', 'variant']], rows: [['[\n  "foo"\n]']] } },
  // TRUNCATE (documentation example): the table stays, its rows go (the stats are checked in tool-sql.test.ts).
  { name: 'TRUNCATE TABLE IF EXISTS empties the table', setup: ['CREATE OR REPLACE TABLE temp (i NUMBER)', 'INSERT INTO temp SELECT SEQ8() FROM TABLE(GENERATOR(ROWCOUNT => 20)) v'],
    sql: 'TRUNCATE TABLE IF EXISTS temp; SELECT COUNT (*) FROM temp', multi: true, expect: { rows: [['0']] } },
  { name: 'TRUNCATE TABLE reports its status', setup: ['CREATE TABLE temp (i NUMBER)'], sql: 'TRUNCATE TABLE temp', expect: status('Statement executed successfully.') },
  // DESCRIBE VIEW of an INFORMATION_SCHEMA view lists its columns (read back with RESULT_SCAN, as the docs do).
  { name: 'DESCRIBE VIEW INFORMATION_SCHEMA.TABLES', sql: 'DESCRIBE VIEW INFORMATION_SCHEMA.TABLES; SELECT "name", "type", "null?" FROM TABLE(RESULT_SCAN(LAST_QUERY_ID())) WHERE "name" IN (\'TABLE_NAME\', \'ROW_COUNT\')', multi: true,
    expect: { rows: [['TABLE_NAME', 'VARCHAR(16777216)', 'Y'], ['ROW_COUNT', 'NUMBER(38,0)', 'Y']] } },
  { name: 'DESCRIBE VIEW of a missing INFORMATION_SCHEMA view fails', sql: 'DESCRIBE VIEW INFORMATION_SCHEMA.NOPE', expect: { error: '002003', sqlState: '42S02' } },
];
