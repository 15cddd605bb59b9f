// Column defaults, IDENTITY / AUTOINCREMENT columns, sequences and positional column references
// ($1), as Snowflake's CREATE TABLE, CREATE SEQUENCE ("Using sequences") and SELECT pages
// document them.
import { status, type CorpusCase } from './types';

const EMP = ["CREATE TABLE EMP (NAME STRING, DEPT VARCHAR(20) DEFAULT 'eng')"];
const IDT = ['CREATE TABLE T (ID INT AUTOINCREMENT, A VARCHAR)'];
const SEQ = ['CREATE OR REPLACE SEQUENCE SEQ_01 START = 1 INCREMENT = 1'];

export const defaults: CorpusCase[] = [
  // DEFAULT
  { name: 'a column left out of INSERT gets its DEFAULT', setup: EMP, sql: "INSERT INTO EMP (NAME) VALUES ('bob'); SELECT NAME, DEPT FROM EMP", multi: true, expect: { rows: [['bob', 'eng']] } },
  { name: 'an explicit NULL is not replaced by the DEFAULT', setup: EMP, sql: "INSERT INTO EMP (NAME, DEPT) VALUES ('bob', NULL); SELECT DEPT FROM EMP", multi: true, expect: { rows: [[null]] } },
  { name: 'DEFAULT as a VALUES item', setup: EMP, sql: "INSERT INTO EMP VALUES ('al', DEFAULT); SELECT NAME, DEPT FROM EMP", multi: true, expect: { rows: [['al', 'eng']] } },
  { name: 'INSERT … SELECT with a column list fills DEFAULTs', setup: EMP, sql: "INSERT INTO EMP (NAME) SELECT 'x' UNION ALL SELECT 'y'; SELECT NAME, DEPT FROM EMP ORDER BY NAME", multi: true,
    expect: { rows: [['x', 'eng'], ['y', 'eng']] } },
  { name: 'a DEFAULT is stored as its column type', setup: ['CREATE TABLE T (A INT, N NUMBER(5,2) DEFAULT 1)'], sql: 'INSERT INTO T (A) VALUES (1); SELECT N FROM T', multi: true,
    expect: { columns: [['N', 'fixed']], rows: [['1.00']] } },
  { name: 'DEFAULT CURRENT_DATE()', setup: ['CREATE TABLE T (A INT, D DATE DEFAULT CURRENT_DATE())'], sql: 'INSERT INTO T (A) VALUES (1); SELECT D = CURRENT_DATE() AS TODAY FROM T', multi: true,
    expect: { rows: [['true']] } },
  { name: 'DEFAULT CURRENT_TIMESTAMP() is the statement time', setup: ['CREATE TABLE T (A INT, TS TIMESTAMP_LTZ DEFAULT CURRENT_TIMESTAMP())'],
    sql: 'INSERT INTO T (A) VALUES (1), (2); SELECT COUNT(DISTINCT TS) AS N, MAX(TS) <= CURRENT_TIMESTAMP() AS PAST FROM T', multi: true, expect: { rows: [['1', 'true']] } },
  { name: 'MERGE … WHEN NOT MATCHED THEN INSERT fills DEFAULTs', setup: [...EMP, "CREATE TABLE S (NAME STRING)", "INSERT INTO S VALUES ('new')"],
    sql: 'MERGE INTO EMP USING S ON EMP.NAME = S.NAME WHEN NOT MATCHED THEN INSERT (NAME) VALUES (S.NAME); SELECT NAME, DEPT FROM EMP', multi: true, expect: { rows: [['new', 'eng']] } },
  { name: 'DESCRIBE TABLE shows the DEFAULT', setup: EMP, sql: 'DESCRIBE TABLE EMP', expect: { pick: ['name', 'default'], rows: [['NAME', null], ['DEPT', "'eng'"]] } },
  { name: 'ALTER TABLE ADD COLUMN … DEFAULT fills the rows there and later ones', setup: ['CREATE TABLE T (A INT)', 'INSERT INTO T VALUES (1), (2)'],
    sql: "ALTER TABLE T ADD COLUMN C VARCHAR DEFAULT 'x'; INSERT INTO T (A) VALUES (3); SELECT A, C FROM T ORDER BY A", multi: true,
    expect: { rows: [['1', 'x'], ['2', 'x'], ['3', 'x']] } },
  { name: 'ALTER TABLE ALTER COLUMN … DROP DEFAULT', setup: EMP, sql: "ALTER TABLE EMP ALTER COLUMN DEPT DROP DEFAULT; INSERT INTO EMP (NAME) VALUES ('bob'); SELECT DEPT FROM EMP", multi: true,
    expect: { rows: [[null]] } },
  { name: 'ALTER TABLE MODIFY COLUMN … SET DEFAULT a sequence', setup: ['CREATE TABLE T (ID INT, A VARCHAR)', 'CREATE SEQUENCE S1'],
    sql: "ALTER TABLE T MODIFY COLUMN ID SET DEFAULT S1.NEXTVAL; INSERT INTO T (A) VALUES ('a'), ('b'); SELECT ID FROM T ORDER BY ID", multi: true, expect: { rows: [['1'], ['2']] } },
  { name: 'a DEFAULT naming a missing column fails CREATE TABLE', sql: 'CREATE TABLE T (A INT, B INT DEFAULT NOPE)', expect: { error: '000904' } },

  // IDENTITY / AUTOINCREMENT
  { name: 'AUTOINCREMENT numbers inserted rows from 1', setup: IDT, sql: "INSERT INTO T (A) VALUES ('a'), ('b'); INSERT INTO T (A) VALUES ('c'); SELECT ID, A FROM T ORDER BY ID", multi: true,
    expect: { rows: [['1', 'a'], ['2', 'b'], ['3', 'c']] } },
  { name: 'IDENTITY (start, step)', setup: ['CREATE TABLE T (ID NUMBER IDENTITY(10, 5), A VARCHAR)'], sql: "INSERT INTO T (A) VALUES ('a'), ('b'); SELECT ID FROM T ORDER BY ID", multi: true,
    expect: { rows: [['10'], ['15']] } },
  { name: 'AUTOINCREMENT START n INCREMENT m', setup: ['CREATE TABLE T (ID INT AUTOINCREMENT START 100 INCREMENT 10 ORDER, A VARCHAR)'],
    sql: "INSERT INTO T (A) SELECT 'x' UNION ALL SELECT 'y'; SELECT ID FROM T ORDER BY ID", multi: true, expect: { rows: [['100'], ['110']] } },
  { name: 'an explicit value goes into an identity column', setup: IDT, sql: "INSERT INTO T VALUES (42, 'a'); INSERT INTO T (A) VALUES ('b'); SELECT ID FROM T ORDER BY ID", multi: true,
    expect: { rows: [['1'], ['42']] } },
  { name: 'MERGE inserts number the identity column', setup: [...IDT, 'CREATE TABLE S (A VARCHAR)', "INSERT INTO S VALUES ('p'), ('q')"],
    sql: 'MERGE INTO T USING S ON T.A = S.A WHEN NOT MATCHED THEN INSERT (A) VALUES (S.A); SELECT ID FROM T ORDER BY ID', multi: true, expect: { rows: [['1'], ['2']] } },
  { name: 'DESCRIBE TABLE shows IDENTITY as the default', setup: ['CREATE TABLE T (ID INT IDENTITY START 1 INCREMENT 1 ORDER, N INT AUTOINCREMENT)'], sql: 'DESCRIBE TABLE T',
    expect: { pick: ['name', 'default'], rows: [['ID', 'IDENTITY START 1 INCREMENT 1 ORDER'], ['N', 'IDENTITY START 1 INCREMENT 1 NOORDER']] } },
  { name: 'SHOW COLUMNS shows autoincrement', setup: ['CREATE TABLE T (ID INT AUTOINCREMENT START 5 INCREMENT 2 ORDER, A VARCHAR)'], sql: 'SHOW COLUMNS IN TABLE T',
    expect: { pick: ['column_name', 'autoincrement'], rows: [['ID', 'start 5 increment 2 order'], ['A', '']] } },
  { name: 'INFORMATION_SCHEMA.COLUMNS identity columns', setup: ['CREATE TABLE T (ID INT IDENTITY(3, 4), A VARCHAR)'],
    sql: "SELECT COLUMN_NAME, IS_IDENTITY, IDENTITY_START, IDENTITY_INCREMENT, IDENTITY_ORDERED FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'T' ORDER BY ORDINAL_POSITION",
    expect: { rows: [['ID', 'YES', '3', '4', 'NO'], ['A', 'NO', null, null, null]] } },
  { name: 'a dropped and re-created table numbers from the start again', setup: [...IDT, "INSERT INTO T (A) VALUES ('a')"],
    sql: "CREATE OR REPLACE TABLE T (ID INT AUTOINCREMENT, A VARCHAR); INSERT INTO T (A) VALUES ('b'); SELECT ID FROM T", multi: true, expect: { rows: [['1']] } },

  // Sequences
  { name: 'CREATE SEQUENCE', sql: SEQ[0], expect: status('Sequence SEQ_01 successfully created.') },
  { name: 'SEQUENCE IF NOT EXISTS', setup: SEQ, sql: 'CREATE SEQUENCE IF NOT EXISTS SEQ_01', expect: status('SEQ_01 already exists, statement succeeded.') },
  { name: 'CREATE SEQUENCE over an existing one fails', setup: SEQ, sql: 'CREATE SEQUENCE SEQ_01', expect: { error: '002002' } },
  { name: 'NEXTVAL in a SELECT advances the sequence', setup: [...SEQ, 'SELECT SEQ_01.NEXTVAL'], sql: 'SELECT seq_01.nextval',
    expect: { columns: [['NEXTVAL', 'fixed']], rows: [['2']] } },
  { name: 'each NEXTVAL of a row is a new value', setup: ['CREATE OR REPLACE SEQUENCE seq_5 START = 1 INCREMENT = 5'],
    sql: 'SELECT seq_5.nextval a, seq_5.nextval b, seq_5.nextval c, seq_5.nextval d', expect: { names: ['A', 'B', 'C', 'D'], rows: [['1', '6', '11', '16']] } },
  { name: 'NEXTVAL over rows', setup: SEQ, sql: 'SELECT SEQ_01.NEXTVAL AS N, COLUMN1 FROM VALUES (10), (20), (30)', expect: { rows: [['1', '10'], ['2', '20'], ['3', '30']] } },
  { name: 'NEXTVAL in INSERT VALUES', setup: [...SEQ, 'CREATE TABLE sequence_test_table (i INTEGER)', 'SELECT seq_01.nextval', 'SELECT seq_01.nextval'],
    sql: 'INSERT INTO sequence_test_table (i) VALUES (seq_01.nextval); SELECT i FROM sequence_test_table', multi: true, expect: { rows: [['3']] } },
  { name: 'a sequence as a column DEFAULT', setup: ['CREATE OR REPLACE SEQUENCE seq90', 'CREATE OR REPLACE TABLE sequence_demo (i INTEGER DEFAULT seq90.nextval, dummy SMALLINT)',
    'INSERT INTO sequence_demo (dummy) VALUES (0)'], sql: 'INSERT INTO sequence_demo (dummy) SELECT dummy FROM sequence_demo; SELECT * FROM sequence_demo ORDER BY i', multi: true,
    expect: { rows: [['1', '0'], ['2', '0']] } },
  { name: 'DESCRIBE TABLE shows a sequence DEFAULT qualified', setup: ['CREATE SEQUENCE S1', 'CREATE TABLE T (I INT DEFAULT s1.nextval)'], sql: 'DESCRIBE TABLE T',
    expect: { pick: ['default'], rows: [['{db}.PUBLIC.S1.NEXTVAL']] } },
  { name: 'SHOW SEQUENCES', setup: ['CREATE SEQUENCE S1 START WITH 5 INCREMENT BY 2 ORDER', 'CREATE SEQUENCE S2', 'SELECT S1.NEXTVAL'], sql: 'SHOW SEQUENCES',
    expect: { pick: ['name', 'schema_name', 'database_name', 'next_value', 'interval', 'ordered'], rows: [['S1', 'PUBLIC', '{db}', '7', '2', 'Y'], ['S2', 'PUBLIC', '{db}', '1', '1', 'N']] } },
  { name: 'SHOW SEQUENCES LIKE', setup: ['CREATE SEQUENCE S1', 'CREATE SEQUENCE X2'], sql: "SHOW SEQUENCES LIKE 's%'", expect: { pick: ['name'], rows: [['S1']] } },
  { name: 'SHOW SEQUENCES columns', setup: ['CREATE SEQUENCE S1'], sql: 'SHOW SEQUENCES',
    expect: { names: ['created_on', 'name', 'schema_name', 'database_name', 'next_value', 'interval', 'owner', 'comment', 'owner_role_type', 'ordered'] } },
  { name: 'DESCRIBE SEQUENCE', setup: [...SEQ, 'SELECT SEQ_01.NEXTVAL, SEQ_01.NEXTVAL'], sql: 'DESC SEQUENCE SEQ_01', expect: { pick: ['name', 'next_value', 'interval'], rows: [['SEQ_01', '3', '1']] } },
  { name: 'ALTER SEQUENCE SET INCREMENT', setup: [...SEQ, 'SELECT SEQ_01.NEXTVAL'], sql: 'ALTER SEQUENCE SEQ_01 SET INCREMENT BY 10; SELECT SEQ_01.NEXTVAL AS A, SEQ_01.NEXTVAL AS B', multi: true,
    expect: { rows: [['2', '12']] } },
  { name: 'ALTER SEQUENCE RENAME TO', setup: SEQ, sql: 'ALTER SEQUENCE SEQ_01 RENAME TO SEQ_02; SELECT SEQ_02.NEXTVAL', multi: true, expect: { rows: [['1']] } },
  { name: 'DROP SEQUENCE', setup: SEQ, sql: 'DROP SEQUENCE SEQ_01', expect: status('SEQ_01 successfully dropped.') },
  { name: 'DROP SEQUENCE IF EXISTS of a missing one', sql: 'DROP SEQUENCE IF EXISTS NOPE', expect: status('Drop statement executed successfully (NOPE already dropped).') },
  { name: 'NEXTVAL of a dropped sequence fails', setup: [...SEQ, 'DROP SEQUENCE SEQ_01'], sql: 'SELECT SEQ_01.NEXTVAL', expect: { error: '000904' } },

  // Positional column references
  { name: '$1, $2 over VALUES', sql: "SELECT $1, $2 FROM VALUES (1, 'a'), (2, 'b')", expect: { names: ['$1', '$2'], rows: [['1', 'a'], ['2', 'b']] } },
  { name: '$n over a table, in WHERE and ORDER BY', setup: ["CREATE TABLE T (ID INT, A VARCHAR)", "INSERT INTO T VALUES (1, 'a'), (2, 'b'), (3, 'c')"],
    sql: 'SELECT $2 AS A FROM T WHERE $1 > 1 ORDER BY $1 DESC', expect: { rows: [['c'], ['b']] } },
  { name: '$n over a subquery', sql: 'SELECT $2 + 1 AS N FROM (SELECT 1 AS X, 41 AS Y)', expect: { rows: [['42']] } },
  { name: '$n beyond the columns is an invalid identifier', sql: 'SELECT $3 FROM VALUES (1, 2)', expect: { error: '000904' } },
  { name: '$n with joins is an invalid identifier', sql: 'SELECT $1 FROM VALUES (1) a, VALUES (2) b', expect: { error: '000904' } },
  { name: '$name is still a session variable', sql: 'SET V = 7; SELECT $V AS V', multi: true, expect: { rows: [['7']] } },
];
