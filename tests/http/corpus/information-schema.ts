import type { CorpusCase } from './types';

const TT = ['CREATE TABLE T1 (A INT NOT NULL, B VARCHAR(10))', 'CREATE TABLE T2 (C DATE)'];
const VIEW = ['CREATE TABLE T (A INT)', 'CREATE VIEW V AS SELECT A FROM T'];
export const informationSchema: CorpusCase[] = [
  { name: 'TABLES lists base tables', setup: TT, sql: "SELECT TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY 1",
    expect: { columns: [['TABLE_NAME', 'text'], ['TABLE_TYPE', 'text']], rows: [['T1', 'BASE TABLE'], ['T2', 'BASE TABLE']] } },
  { name: 'TABLES lists views as VIEW', setup: VIEW, sql: "SELECT TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY 1",
    expect: { rows: [['T', 'BASE TABLE'], ['V', 'VIEW']] } },
  { name: 'VIEWS lists a view with its definition', setup: VIEW, sql: 'SELECT TABLE_NAME, VIEW_DEFINITION FROM INFORMATION_SCHEMA.VIEWS',
    expect: { rows: [['V', 'CREATE VIEW V AS SELECT A FROM T']] } },
  { name: 'COLUMNS of a view', setup: VIEW, sql: "SELECT COLUMN_NAME, DATA_TYPE FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'V'", expect: { rows: [['A', 'NUMBER']] } },
  { name: 'COLUMNS describes types', setup: TT,
    sql: 'SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, IS_NULLABLE, DATA_TYPE, NUMERIC_PRECISION, CHARACTER_MAXIMUM_LENGTH FROM INFORMATION_SCHEMA.COLUMNS ORDER BY TABLE_NAME, ORDINAL_POSITION',
    expect: { rows: [['T1', 'A', '1', 'NO', 'NUMBER', '38', null], ['T1', 'B', '2', 'YES', 'TEXT', null, '10'], ['T2', 'C', '1', 'YES', 'DATE', null, null]] } },
  { name: 'ORDINAL_POSITION is a number', setup: TT, sql: 'SELECT ORDINAL_POSITION FROM INFORMATION_SCHEMA.COLUMNS WHERE COLUMN_NAME = \'A\'', expect: { columns: [['ORDINAL_POSITION', 'fixed']], rows: [['1']] } },
  { name: 'SCHEMATA includes INFORMATION_SCHEMA', sql: 'SELECT SCHEMA_NAME FROM INFORMATION_SCHEMA.SCHEMATA ORDER BY 1', expect: { rows: [['INFORMATION_SCHEMA'], ['PUBLIC']] } },
  { name: 'three-part INFORMATION_SCHEMA name', setup: TT, sql: 'SELECT COUNT(*) FROM {db}.INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = \'PUBLIC\'', expect: { rows: [['2']] } },
  { name: 'DATABASES filtered by CURRENT_DATABASE()', sql: 'SELECT DATABASE_NAME FROM INFORMATION_SCHEMA.DATABASES WHERE DATABASE_NAME = CURRENT_DATABASE()', expect: { rows: [['{db}']] } },
  { name: 'COMMENT ON shows in TABLES.COMMENT', setup: ['CREATE TABLE T (A INT)', "COMMENT ON TABLE T IS 'hello'"], sql: 'SELECT COMMENT FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = \'T\'', expect: { rows: [['hello']] } },
  { name: 'joins two views', setup: TT,
    sql: 'SELECT t.TABLE_NAME, COUNT(c.COLUMN_NAME) FROM INFORMATION_SCHEMA.TABLES t JOIN INFORMATION_SCHEMA.COLUMNS c ON c.TABLE_NAME = t.TABLE_NAME GROUP BY 1 ORDER BY 1',
    expect: { rows: [['T1', '2'], ['T2', '1']] } },
  { name: 'unknown INFORMATION_SCHEMA view', sql: 'SELECT * FROM INFORMATION_SCHEMA.NOPE', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'COLUMNS lists "a" and A apart', setup: ['CREATE TABLE C ("a" INT, A VARCHAR)'], sql: "SELECT COLUMN_NAME, DATA_TYPE FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'C' ORDER BY ORDINAL_POSITION",
    expect: { rows: [['a', 'NUMBER'], ['A', 'TEXT']] } },
  { name: 'TABLES flags of a base table', setup: TT, sql: "SELECT IS_INSERTABLE_INTO, IS_TYPED, AUTO_CLUSTERING_ON, IS_TEMPORARY FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'T1'",
    expect: { rows: [['YES', 'YES', 'NO', 'NO']] } },
];
