// Permanent, TRANSIENT and TEMPORARY objects (CREATE TABLE / SCHEMA / DATABASE pages): how SHOW
// and INFORMATION_SCHEMA report them. A TEMPORARY table lives as long as its session, which in
// Floe is one request: the multi-statement cases see it, the next request does not.
import type { CorpusCase } from './types';

const MIXED = ['CREATE TABLE P (A INT)', 'CREATE TRANSIENT TABLE T (A INT)', 'CREATE VIEW V AS SELECT A FROM P'];

const transient: CorpusCase[] = [
  { name: 'SHOW TABLES kind of a transient table', setup: MIXED, sql: 'SHOW TABLES', expect: { pick: ['name', 'kind'], rows: [['P', 'TABLE'], ['T', 'TRANSIENT']] } },
  { name: 'SHOW OBJECTS kind of a transient table', setup: MIXED, sql: 'SHOW OBJECTS', expect: { pick: ['name', 'kind'], rows: [['P', 'TABLE'], ['T', 'TRANSIENT'], ['V', 'VIEW']] } },
  // SHOW TERSE TABLES: "The kind column value is always TABLE."
  { name: 'SHOW TERSE TABLES kind is always TABLE', setup: MIXED, sql: 'SHOW TERSE TABLES', expect: { pick: ['name', 'kind'], rows: [['P', 'TABLE'], ['T', 'TABLE']] } },
  { name: 'TABLES view TABLE_TYPE and IS_TRANSIENT', setup: MIXED,
    sql: "SELECT TABLE_NAME, TABLE_TYPE, IS_TRANSIENT, IS_TEMPORARY FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY TABLE_NAME",
    expect: { rows: [['P', 'BASE TABLE', 'NO', 'NO'], ['T', 'BASE TABLE', 'YES', 'NO'], ['V', 'VIEW', 'NO', 'NO']] } },
  { name: 'CREATE OR REPLACE TRANSIENT TABLE AS SELECT', setup: ['CREATE TABLE X (A INT)', 'CREATE OR REPLACE TRANSIENT TABLE X AS SELECT 1 AS A'], sql: 'SHOW TABLES',
    expect: { pick: ['name', 'kind'], rows: [['X', 'TRANSIENT']] } },
  { name: 'CREATE TRANSIENT TABLE LIKE', setup: ['CREATE TABLE X (A INT)', 'CREATE TRANSIENT TABLE Y LIKE X'], sql: "SHOW TABLES LIKE 'Y'",
    expect: { pick: ['name', 'kind'], rows: [['Y', 'TRANSIENT']] } },
  // "All tables created in a transient schema are transient."
  { name: 'a transient schema and its tables', setup: ['CREATE TRANSIENT SCHEMA TS', 'CREATE TABLE TS.X (A INT)'], sql: 'SHOW TABLES IN SCHEMA {db}.TS',
    expect: { pick: ['name', 'kind'], rows: [['X', 'TRANSIENT']] } },
  { name: 'SHOW SCHEMAS options of a transient schema', setup: ['CREATE TRANSIENT SCHEMA TS', 'CREATE OR REPLACE SCHEMA PS'], sql: 'SHOW SCHEMAS IN DATABASE {db}',
    expect: { pick: ['name', 'options'], rows: [['INFORMATION_SCHEMA', ''], ['PS', ''], ['PUBLIC', ''], ['TS', 'TRANSIENT']] } },
  { name: 'SCHEMATA IS_TRANSIENT', setup: ['CREATE OR REPLACE TRANSIENT SCHEMA TS'], sql: 'SELECT SCHEMA_NAME, IS_TRANSIENT FROM INFORMATION_SCHEMA.SCHEMATA ORDER BY 1',
    expect: { rows: [['INFORMATION_SCHEMA', 'NO'], ['PUBLIC', 'NO'], ['TS', 'YES']] } },
  { name: 'SHOW DATABASES options of a transient database', setup: ['CREATE TRANSIENT DATABASE {db}_T'], sql: "SHOW DATABASES LIKE '{db}%'",
    expect: { pick: ['name', 'options', 'kind'], rows: [['{db}', '', 'STANDARD'], ['{db}_T', 'TRANSIENT', 'STANDARD']] } },
  { name: 'a transient database: schemas and tables transient', setup: ['CREATE OR REPLACE TRANSIENT DATABASE {db}_T', 'CREATE SCHEMA {db}_T.S', 'CREATE TABLE {db}_T.S.X (A INT)'],
    sql: 'SHOW TABLES IN DATABASE {db}_T', expect: { pick: ['schema_name', 'name', 'kind'], rows: [['S', 'X', 'TRANSIENT']] } },
  { name: 'SHOW SCHEMAS in a transient database', setup: ['CREATE TRANSIENT DATABASE {db}_T'], sql: 'SHOW SCHEMAS IN DATABASE {db}_T',
    expect: { pick: ['name', 'options'], rows: [['INFORMATION_SCHEMA', ''], ['PUBLIC', 'TRANSIENT']] } },
  { name: 'DATABASES view IS_TRANSIENT', setup: ['CREATE TRANSIENT DATABASE {db}_T'],
    sql: "SELECT DATABASE_NAME, IS_TRANSIENT FROM INFORMATION_SCHEMA.DATABASES WHERE DATABASE_NAME LIKE '{db}%' ORDER BY 1",
    expect: { rows: [['{db}', 'NO'], ['{db}_T', 'YES']] } },
  // CREATE [ OR REPLACE ] [ TRANSIENT ] DATABASE | SCHEMA: no TEMPORARY there.
  { name: 'CREATE TEMPORARY DATABASE is a syntax error', sql: 'CREATE TEMPORARY DATABASE {db}_X', expect: { error: '001003', sqlState: '42000' } },
  { name: 'CREATE TEMP SCHEMA is a syntax error', sql: 'CREATE TEMP SCHEMA S', expect: { error: '001003', sqlState: '42000' } },
];

const temporary: CorpusCase[] = [
  { name: 'a temporary table within its request', multi: true, sql: 'CREATE TEMPORARY TABLE TMP (A INT); INSERT INTO TMP VALUES (1), (2); SELECT A FROM TMP ORDER BY A',
    expect: { rows: [['1'], ['2']] } },
  { name: 'SHOW TABLES kind of a temporary table', multi: true, sql: 'CREATE TEMP TABLE TMP (A INT); CREATE TABLE P (A INT); SHOW TABLES',
    expect: { pick: ['name', 'kind'], rows: [['P', 'TABLE'], ['TMP', 'TEMPORARY']] } },
  { name: 'SHOW OBJECTS kind of a temporary table', multi: true, sql: 'CREATE TEMPORARY TABLE TMP AS SELECT 1 AS A; SHOW OBJECTS',
    expect: { pick: ['name', 'kind'], rows: [['TMP', 'TEMPORARY']] } },
  { name: 'TABLES view TABLE_TYPE of a temporary table', multi: true,
    sql: "CREATE TEMPORARY TABLE TMP (A INT); SELECT TABLE_NAME, TABLE_TYPE, IS_TRANSIENT, IS_TEMPORARY FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'",
    expect: { rows: [['TMP', 'TEMPORARY TABLE', 'NO', 'YES']] } },
  { name: 'a temporary view within its request', multi: true, sql: 'CREATE TEMPORARY VIEW TV AS SELECT 1 AS X; SELECT X FROM TV', expect: { rows: [['1']] } },
  { name: 'a temporary table is gone in the next request', setup: ['CREATE TEMPORARY TABLE TMP (A INT)'], sql: 'SELECT * FROM TMP', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'SHOW TABLES after a temporary table’s request', setup: ['CREATE TEMPORARY TABLE TMP (A INT)'], sql: 'SHOW TABLES', expect: { rows: [] } },
  { name: 'the name of a finished temporary table is free', setup: ['CREATE TEMPORARY TABLE TMP (A INT)'], sql: 'CREATE TABLE TMP (B INT)',
    expect: { rows: [['Table TMP successfully created.']] } },
  // Snowflake would hide the permanent table behind the temporary one; Floe keeps one object per name.
  { name: 'a temporary table may not take an existing table’s name', setup: ['CREATE TABLE P (A INT)'], sql: 'CREATE OR REPLACE TEMPORARY TABLE P (A INT)',
    expect: { error: '002140', sqlState: '42601' } },
];

// rows: the table's row count; bytes: Floe's estimate (average stored size of up to 100 rows
// times the count; 0 when empty), the engine's own measure (PostgreSQL counts each row's header, and an
// INT column is a bigint there: 8 bytes). Views have neither.
const FILLED = ['CREATE TABLE E (A INT)', 'CREATE TABLE F (A INT, B VARCHAR)', "INSERT INTO F VALUES (1, 'abc'), (22, 'de'), (NULL, 'wxyz')", 'CREATE VIEW V AS SELECT A FROM F'];

const sizes: CorpusCase[] = [
  { name: 'SHOW TABLES rows and bytes', setup: FILLED, sql: 'SHOW TABLES', expect: { pick: ['name', 'rows', 'bytes'], rows: [['E', '0', '0'], ['F', '3', '12']] },
    onPostgres: { pick: ['name', 'rows', 'bytes'], rows: [['E', '0', '0'], ['F', '3', '97']] } },
  { name: 'SHOW OBJECTS rows and bytes', setup: FILLED, sql: 'SHOW OBJECTS', expect: { pick: ['name', 'kind', 'rows', 'bytes'], rows: [['E', 'TABLE', '0', '0'], ['F', 'TABLE', '3', '12'], ['V', 'VIEW', null, null]] },
    onPostgres: { pick: ['name', 'kind', 'rows', 'bytes'], rows: [['E', 'TABLE', '0', '0'], ['F', 'TABLE', '3', '97'], ['V', 'VIEW', null, null]] } },
  { name: 'SHOW TABLES rows follow DML', setup: [...FILLED, 'DELETE FROM F WHERE A = 1', 'INSERT INTO E SELECT A FROM F'], sql: "SHOW TABLES LIKE '_'",
    expect: { pick: ['name', 'rows'], rows: [['E', '2'], ['F', '2']] } },
  { name: 'SHOW TABLES rows of a temporary table', multi: true, sql: 'CREATE TEMPORARY TABLE TMP (A INT); INSERT INTO TMP VALUES (1), (2); SHOW TABLES',
    expect: { pick: ['name', 'rows'], rows: [['TMP', '2']] } },
  { name: 'TABLES view ROW_COUNT and BYTES', setup: FILLED,
    sql: "SELECT TABLE_NAME, ROW_COUNT, BYTES FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY TABLE_NAME",
    expect: { rows: [['E', '0', '0'], ['F', '3', '12'], ['V', null, null]] }, onPostgres: { rows: [['E', '0', '0'], ['F', '3', '97'], ['V', null, null]] } },
  { name: 'TABLES view ROW_COUNT in an expression', setup: FILLED,
    sql: "SELECT SUM(ROW_COUNT) AS N FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_TYPE = 'BASE TABLE' AND TABLE_SCHEMA = 'PUBLIC'", expect: { rows: [['3']] } },
];

export const tableKinds: CorpusCase[] = [...transient, ...temporary, ...sizes];
