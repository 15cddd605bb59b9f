import type { CorpusCase } from './types';

const TABLES = ['CREATE TABLE ALPHA (A INT)', 'CREATE TABLE BETA (A INT)', 'CREATE TABLE BRAVO (A INT)', 'CREATE TABLE GAMMA (A INT)'];
const VIEW = ['CREATE TABLE T (A INT NOT NULL, B VARCHAR(5))', 'CREATE VIEW V AS SELECT A, B FROM T'];

const Z = ['CREATE TABLE Z1 (ID INTEGER)', 'CREATE TABLE Z2 (ID INTEGER)', 'INSERT INTO Z1 VALUES (1), (2)', 'INSERT INTO Z2 VALUES (1), (3)'];

export const showDescribe: CorpusCase[] = [
  // EXPLAIN (Snowflake's reference, examples): the plan of a join of Z1 and Z2, never run.
  { name: 'EXPLAIN USING TABULAR of a join', setup: Z, sql: 'EXPLAIN USING TABULAR SELECT Z1.ID, Z2.ID FROM Z1, Z2 WHERE Z2.ID = Z1.ID',
    expect: { pick: ['step', 'id', 'parentOperators', 'operation', 'objects'], rows: [[null, null, null, 'GlobalStats', null], ['1', '0', null, 'Result', null], ['1', '1', '[0]', 'TableScan', '{db}.PUBLIC.Z1'], ['1', '2', '[0]', 'JoinFilter', null], ['1', '3', '[0]', 'TableScan', '{db}.PUBLIC.Z2']] },
    // The plan is the engine's own (by design): PostgreSQL's merge join of the two sorted scans, in Snowflake's operations and expressions.
    onPostgres: { pick: ['step', 'id', 'parentOperators', 'operation', 'objects', 'expressions'], rows: [[null, null, null, 'GlobalStats', null, null], ['1', '0', null, 'Result', null, 'ID, ID'],
      ['1', '1', '[0]', 'InnerJoin', null, 'joinKey: (Z1.ID = Z2.ID)'], ['1', '2', '[1]', 'Sort', null, 'sortKey: [Z1.ID]'], ['1', '3', '[2]', 'TableScan', '{db}.PUBLIC.Z1', null],
      ['1', '4', '[1]', 'Sort', null, 'sortKey: [Z2.ID]'], ['1', '5', '[4]', 'TableScan', '{db}.PUBLIC.Z2', null]] } },
  { name: 'EXPLAIN USING JSON is one content column', setup: Z, sql: 'EXPLAIN USING JSON SELECT Z1.ID, Z2.ID FROM Z1, Z2 WHERE Z2.ID = Z1.ID', expect: { columns: [['content', 'text']] } },
  { name: 'EXPLAIN of a DML statement is refused', setup: Z, sql: 'EXPLAIN DELETE FROM Z1', expect: { error: '002140', sqlState: '42601' } },
  { name: 'SHOW TABLES lists names in order', setup: TABLES, sql: 'SHOW TABLES', expect: { pick: ['name', 'kind'], rows: [['ALPHA', 'TABLE'], ['BETA', 'TABLE'], ['BRAVO', 'TABLE'], ['GAMMA', 'TABLE']] } },
  { name: 'SHOW TABLES LIKE is case-insensitive', setup: TABLES, sql: "SHOW TABLES LIKE 'b%'", expect: { pick: ['name'], rows: [['BETA'], ['BRAVO']] } },
  { name: 'SHOW TABLES STARTS WITH is case-sensitive', setup: TABLES, sql: "SHOW TABLES STARTS WITH 'g'", expect: { pick: ['name'], rows: [] } },
  { name: 'SHOW TABLES STARTS WITH', setup: TABLES, sql: "SHOW TABLES STARTS WITH 'G'", expect: { pick: ['name'], rows: [['GAMMA']] } },
  { name: 'SHOW TABLES LIMIT', setup: TABLES, sql: 'SHOW TABLES LIMIT 2', expect: { pick: ['name'], rows: [['ALPHA'], ['BETA']] } },
  { name: 'SHOW TABLES LIMIT … FROM', setup: TABLES, sql: "SHOW TABLES LIMIT 2 FROM 'BETA'", expect: { pick: ['name'], rows: [['BETA'], ['BRAVO']] } },
  { name: 'SHOW TABLES IN SCHEMA', setup: ['CREATE SCHEMA S2', 'CREATE TABLE S2.X (A INT)'], sql: 'SHOW TABLES IN SCHEMA {db}.S2', expect: { pick: ['name', 'schema_name'], rows: [['X', 'S2']] } },
  { name: 'SHOW TABLES IN DATABASE', setup: ['CREATE SCHEMA S2', 'CREATE TABLE S2.X (A INT)', 'CREATE TABLE Y (A INT)'], sql: 'SHOW TABLES IN DATABASE {db}',
    expect: { pick: ['schema_name', 'name'], rows: [['PUBLIC', 'Y'], ['S2', 'X']] } },
  { name: 'SHOW TERSE TABLES', setup: ['CREATE TABLE T (A INT)'], sql: 'SHOW TERSE TABLES', expect: { pick: ['name', 'kind', 'database_name', 'schema_name'], rows: [['T', 'TABLE', '{db}', 'PUBLIC']] } },
  { name: 'SHOW TABLES does not list views', setup: VIEW, sql: 'SHOW TABLES', expect: { pick: ['name'], rows: [['T']] } },
  { name: 'SHOW VIEWS lists a view with its text', setup: VIEW, sql: 'SHOW VIEWS', expect: { pick: ['name', 'database_name', 'schema_name', 'text'], rows: [['V', '{db}', 'PUBLIC', 'CREATE VIEW V AS SELECT A, B FROM T']] } },
  { name: 'SHOW VIEWS LIKE', setup: VIEW, sql: "SHOW VIEWS LIKE 'x%'", expect: { pick: ['name'], rows: [] } },
  { name: 'SHOW TERSE VIEWS', setup: VIEW, sql: 'SHOW TERSE VIEWS', expect: { pick: ['name', 'kind'], rows: [['V', 'VIEW']] } },
  { name: 'SHOW OBJECTS lists tables and views', setup: VIEW, sql: 'SHOW OBJECTS', expect: { pick: ['name', 'kind'], rows: [['T', 'TABLE'], ['V', 'VIEW']] } },
  { name: 'SHOW SCHEMAS', setup: ['CREATE SCHEMA S2'], sql: 'SHOW SCHEMAS', expect: { pick: ['name', 'database_name'], rows: [['INFORMATION_SCHEMA', '{db}'], ['PUBLIC', '{db}'], ['S2', '{db}']] } },
  { name: 'SHOW SCHEMAS marks the current schema', sql: "SHOW SCHEMAS LIKE 'PUBLIC'", expect: { pick: ['name', 'is_current'], rows: [['PUBLIC', 'Y']] } },
  { name: 'SHOW DATABASES LIKE', sql: "SHOW DATABASES LIKE '{db}'", expect: { pick: ['name', 'is_current'], rows: [['{db}', 'Y']] } },
  { name: 'SHOW COLUMNS IN TABLE', setup: ['CREATE TABLE T (N NUMBER(10,2) NOT NULL, S VARCHAR(5))'], sql: 'SHOW COLUMNS IN TABLE T',
    expect: { pick: ['table_name', 'column_name', 'null?', 'kind'], rows: [['T', 'N', 'false', 'COLUMN'], ['T', 'S', 'true', 'COLUMN']] } },
  { name: 'SHOW COLUMNS IN VIEW', setup: VIEW, sql: 'SHOW COLUMNS IN VIEW V', expect: { pick: ['table_name', 'column_name'], rows: [['V', 'A'], ['V', 'B']] } },
  { name: 'DESCRIBE TABLE', setup: ['CREATE TABLE T (N NUMBER(10,2) NOT NULL, S VARCHAR(5), D DATE)'], sql: 'DESCRIBE TABLE T',
    expect: { pick: ['name', 'type', 'kind', 'null?'], rows: [['N', 'NUMBER(10,2)', 'COLUMN', 'N'], ['S', 'VARCHAR(5)', 'COLUMN', 'Y'], ['D', 'DATE', 'COLUMN', 'Y']] } },
  { name: 'DESC TABLE with a three-part name', setup: ['CREATE TABLE T (A INT)'], sql: 'DESC TABLE {db}.PUBLIC.T', expect: { pick: ['name', 'type'], rows: [['A', 'NUMBER(38,0)']] } },
  { name: 'DESCRIBE VIEW', setup: VIEW, sql: 'DESCRIBE VIEW V', expect: { pick: ['name', 'type', 'kind'], rows: [['A', 'NUMBER(38,0)', 'COLUMN'], ['B', 'VARCHAR(5)', 'COLUMN']] } },
  { name: 'DESCRIBE missing table', sql: 'DESCRIBE TABLE NOPE', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'SHOW TABLES IN missing database', sql: 'SHOW TABLES IN DATABASE NODB_Q', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'SHOW PARAMETERS LIKE', sql: "SHOW PARAMETERS LIKE 'TIMEZONE'", expect: { pick: ['key'], rows: [['TIMEZONE']] } },
  { name: 'SHOW COLUMNS column names and data_type', setup: ['CREATE TABLE T (N NUMBER(10,2) NOT NULL)'], sql: 'SHOW COLUMNS IN TABLE T',
    expect: { pick: ['column_name', 'data_type'], rows: [['N', '{"type":"FIXED","precision":10,"scale":2,"nullable":false}']] } },
  { name: 'SHOW TABLES values of the table flags', setup: ['CREATE TABLE T (A INT)'], sql: 'SHOW TABLES',
    expect: { pick: ['kind', 'automatic_clustering', 'change_tracking', 'search_optimization', 'is_external', 'is_hybrid', 'is_iceberg', 'is_dynamic'], rows: [['TABLE', 'OFF', 'OFF', 'OFF', 'N', 'N', 'N', 'N']] } },
  { name: 'DESCRIBE TABLE of a case-sensitive column', setup: ['CREATE TABLE T ("a" INT, A VARCHAR)'], sql: 'DESC TABLE T', expect: { pick: ['name', 'type'], rows: [['a', 'NUMBER(38,0)'], ['A', 'VARCHAR(16777216)']] } },
];
