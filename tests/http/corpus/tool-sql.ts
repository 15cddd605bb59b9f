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
  // Table COMMENT and CLUSTER BY at CREATE TABLE, and ALTER TABLE … CLUSTER BY / DROP CLUSTERING KEY.
  { name: 'CREATE TABLE … COMMENT is shown by SHOW TABLES', setup: ["CREATE OR REPLACE TABLE mytable (amount NUMBER) COMMENT = 'my table comment'"],
    sql: "SHOW TABLES LIKE 'MYTABLE'", expect: { pick: ['name', 'comment'], rows: [['MYTABLE', 'my table comment']] } },
  { name: 'CREATE TABLE … COMMENT is INFORMATION_SCHEMA.TABLES.COMMENT', setup: ["CREATE TABLE T (A INT) CLUSTER BY (A) COMMENT = 'clustered'", "CREATE TABLE T2 COMMENT = 'from a query' AS SELECT 1 AS X"],
    sql: 'SELECT TABLE_NAME, COMMENT, CLUSTERING_KEY FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = \'PUBLIC\' ORDER BY TABLE_NAME', expect: { rows: [['T', 'clustered', 'LINEAR(A)'], ['T2', 'from a query', null]] } },
  { name: 'CREATE TABLE … CLUSTER BY is SHOW TABLES cluster_by', setup: ['CREATE OR REPLACE TABLE t1 (c1 DATE, c2 STRING, c3 NUMBER) CLUSTER BY (c1, c2)'],
    sql: "SHOW TABLES LIKE 'T1'", expect: { pick: ['name', 'cluster_by', 'automatic_clustering'], rows: [['T1', 'LINEAR(c1, c2)', 'ON']] } },
  { name: 'ALTER TABLE … CLUSTER BY changes the clustering key', setup: ['CREATE OR REPLACE TABLE t1 (c1 DATE, c2 STRING, c3 NUMBER) CLUSTER BY (c1, c2)', 'ALTER TABLE t1 CLUSTER BY (c1, c3)'],
    sql: "SHOW TABLES LIKE 'T1'", expect: { pick: ['cluster_by'], rows: [['LINEAR(c1, c3)']] } },
  { name: 'ALTER TABLE … DROP CLUSTERING KEY', setup: ['CREATE OR REPLACE TABLE t1 (c1 DATE, c2 STRING) CLUSTER BY (c1)', 'ALTER TABLE t1 DROP CLUSTERING KEY'],
    sql: "SHOW TABLES LIKE 'T1'", expect: { pick: ['cluster_by', 'automatic_clustering'], rows: [['', 'OFF']] } },
  { name: 'ALTER TABLE … CLUSTER BY status', setup: ['CREATE TABLE T (A INT)'], sql: 'ALTER TABLE T CLUSTER BY (A)', expect: status('Statement executed successfully.') },
  // Constraints: stored as Snowflake stores them (not enforced) and listed by SHOW … KEYS.
  { name: 'SHOW PRIMARY KEYS lists a table\'s key columns', setup: ['CREATE TABLE T (ID INT, K VARCHAR, CONSTRAINT PK_T PRIMARY KEY (ID, K))'],
    sql: 'SHOW PRIMARY KEYS IN TABLE T', expect: { pick: ['database_name', 'schema_name', 'table_name', 'column_name', 'key_sequence', 'constraint_name', 'rely'],
      rows: [['{db}', 'PUBLIC', 'T', 'ID', '1', 'PK_T', 'false'], ['{db}', 'PUBLIC', 'T', 'K', '2', 'PK_T', 'false']] } },
  { name: 'SHOW PRIMARY KEYS columns', sql: 'SHOW PRIMARY KEYS', expect: { names: ['created_on', 'database_name', 'schema_name', 'table_name', 'column_name', 'key_sequence', 'constraint_name', 'rely', 'comment'], rows: [] } },
  { name: 'SHOW UNIQUE KEYS IN a table without the TABLE keyword', setup: ['CREATE TABLE T (ID INT PRIMARY KEY, CODE VARCHAR UNIQUE)'],
    sql: 'SHOW UNIQUE KEYS IN T', expect: { pick: ['table_name', 'column_name', 'key_sequence'], rows: [['T', 'CODE', '1']] } },
  { name: 'SHOW IMPORTED KEYS names both sides of a foreign key', setup: ['CREATE TABLE P (ID INT, CONSTRAINT PK_P PRIMARY KEY (ID))', 'CREATE TABLE C (ID INT, PID INT, CONSTRAINT FK_C FOREIGN KEY (PID) REFERENCES P (ID))'],
    sql: 'SHOW IMPORTED KEYS IN SCHEMA PUBLIC', expect: {
      names: ['created_on', 'pk_database_name', 'pk_schema_name', 'pk_table_name', 'pk_column_name', 'fk_database_name', 'fk_schema_name', 'fk_table_name', 'fk_column_name', 'key_sequence', 'update_rule', 'delete_rule', 'fk_name', 'pk_name', 'deferrability', 'rely', 'comment'],
      pick: ['pk_table_name', 'pk_column_name', 'fk_table_name', 'fk_column_name', 'key_sequence', 'update_rule', 'delete_rule', 'fk_name', 'pk_name', 'deferrability'],
      rows: [['P', 'ID', 'C', 'PID', '1', 'NO ACTION', 'NO ACTION', 'FK_C', 'PK_P', 'NOT DEFERRABLE']] } },
  { name: 'DESCRIBE TABLE marks primary and unique key columns', setup: ['CREATE TABLE T (ID INT PRIMARY KEY, CODE VARCHAR UNIQUE, N INT)'],
    sql: 'DESCRIBE TABLE T', expect: { pick: ['name', 'null?', 'primary key', 'unique key'], rows: [['ID', 'N', 'Y', 'N'], ['CODE', 'Y', 'N', 'Y'], ['N', 'Y', 'N', 'N']] } },
  { name: 'a foreign key to a missing table fails', sql: 'CREATE TABLE T (ID INT REFERENCES NOPE (X))', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'SHOW PROCEDURES has Snowflake\'s columns', sql: 'SHOW PROCEDURES', expect: {
    names: ['created_on', 'name', 'schema_name', 'is_builtin', 'is_aggregate', 'is_ansi', 'min_num_arguments', 'max_num_arguments', 'arguments', 'description', 'catalog_name',
      'is_table_function', 'valid_for_clustering', 'is_secure', 'secrets', 'external_access_integrations'], rows: [] } },
  // CREATE TABLE … CLONE (documentation example): columns and rows copied; later writes to either stay apart.
  { name: 'CREATE TABLE … CLONE copies columns and rows', setup: ["CREATE TABLE mytable (id INT, v VARCHAR DEFAULT 'x') COMMENT = 'source' CLUSTER BY (id)", 'INSERT INTO mytable (id) VALUES (1), (2)'],
    sql: 'CREATE TABLE mytable_2 CLONE mytable; INSERT INTO mytable VALUES (3, \'y\'); SELECT * FROM mytable_2 ORDER BY id', multi: true,
    expect: { columns: [['ID', 'fixed'], ['V', 'text']], rows: [['1', 'x'], ['2', 'x']] } },
  { name: 'CREATE TABLE … CLONE status', setup: ['CREATE TABLE mytable (id INT)'], sql: 'CREATE TABLE mytable_2 CLONE mytable', expect: status('Table MYTABLE_2 successfully created.') },
  { name: 'a clone keeps the comment and clustering key', setup: ["CREATE TABLE mytable (id INT) COMMENT = 'source' CLUSTER BY (id)", 'CREATE TABLE mytable_2 CLONE mytable'],
    sql: "SHOW TABLES LIKE 'MYTABLE_2'", expect: { pick: ['comment', 'cluster_by'], rows: [['source', 'LINEAR(id)']] } },
  { name: 'CREATE OR REPLACE TABLE … CLONE', setup: ['CREATE TABLE mytable (id INT)', 'INSERT INTO mytable VALUES (1), (2), (3)', 'CREATE TABLE mytable_2 (other VARCHAR)'],
    sql: 'CREATE OR REPLACE TABLE mytable_2 CLONE mytable; SELECT COUNT(*), MAX(id) FROM mytable_2', multi: true, expect: { rows: [['3', '3']] } },
  { name: 'CREATE TABLE IF NOT EXISTS … CLONE keeps an existing table', setup: ['CREATE TABLE mytable (id INT)', 'CREATE TABLE mytable_2 (other VARCHAR)'],
    sql: 'CREATE TABLE IF NOT EXISTS mytable_2 CLONE mytable', expect: status('MYTABLE_2 already exists, statement succeeded.') },
  { name: 'CREATE TABLE … CLONE of a missing table fails', sql: 'CREATE TABLE mytable_2 CLONE nope', expect: { error: '002003', sqlState: '42S02' } },
];
