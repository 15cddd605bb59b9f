// SHOW, DESCRIBE and ALTER SESSION: Snowflake's output columns and the shared SHOW clauses.
import { expect, test } from 'vitest';
import { exec, ok, poll, type StatementJson } from './client';
import { freshDatabase } from './helpers';

const names = (j: StatementJson) => j.resultSetMetaData!.rowType.map((c) => c.name);
const col = (j: StatementJson, name: string) => j.data!.map((r) => r[names(j).indexOf(name)]);

test('SHOW DATABASES / SCHEMAS / TABLES with LIKE, IN, STARTS WITH and LIMIT … FROM', async () => {
  const { database } = await freshDatabase();
  await ok(`CREATE SCHEMA ${database}.S2`);
  for (const t of ['ALPHA', 'BETA', 'BRAVO', 'GAMMA']) await ok(`CREATE TABLE ${database}.S2.${t} (A INT)`);
  const dbs = await ok(`SHOW DATABASES LIKE '${database.toLowerCase()}'`);
  expect(names(dbs).slice(0, 7)).toEqual(['created_on', 'name', 'is_default', 'is_current', 'origin', 'owner', 'comment']);
  expect(col(dbs, 'name')).toEqual([database]);
  expect(dbs.resultSetMetaData!.rowType[0].type).toBe('timestamp_ltz');
  expect(col(await ok(`SHOW SCHEMAS IN DATABASE ${database}`), 'name')).toEqual(['INFORMATION_SCHEMA', 'PUBLIC', 'S2']);
  const tables = await ok(`SHOW TABLES IN SCHEMA ${database}.S2`);
  expect(names(tables).slice(0, 9)).toEqual(['created_on', 'name', 'database_name', 'schema_name', 'kind', 'comment', 'cluster_by', 'rows', 'bytes']);
  expect(col(tables, 'name')).toEqual(['ALPHA', 'BETA', 'BRAVO', 'GAMMA']);
  expect(col(await ok(`SHOW TABLES LIKE 'b%' IN SCHEMA ${database}.S2`), 'name')).toEqual(['BETA', 'BRAVO']);
  expect(col(await ok(`SHOW TABLES IN SCHEMA ${database}.S2 STARTS WITH 'G'`), 'name')).toEqual(['GAMMA']);
  expect(col(await ok(`SHOW TABLES IN SCHEMA ${database}.S2 LIMIT 2 FROM 'BETA'`), 'name')).toEqual(['BETA', 'BRAVO']);
  const terse = await ok(`SHOW TERSE TABLES IN DATABASE ${database}`);
  expect(names(terse)).toEqual(['created_on', 'name', 'kind', 'database_name', 'schema_name']);
  expect((await exec('SHOW TABLES IN DATABASE NO_SUCH_DB_Q')).status).toBe(422);
});

test('SHOW COLUMNS and DESCRIBE TABLE describe declared types and nullability', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (N NUMBER(10,2) NOT NULL, S VARCHAR(5), D DATE)', ctx);
  const cols = await ok('SHOW COLUMNS IN TABLE T', ctx);
  expect(names(cols).slice(0, 6)).toEqual(['table_name', 'schema_name', 'column_name', 'data_type', 'null?', 'default']);
  expect(col(cols, 'column_name')).toEqual(['N', 'S', 'D']);
  expect(JSON.parse(col(cols, 'data_type')[0]!)).toEqual({ type: 'FIXED', precision: 10, scale: 2, nullable: false });
  const d = await ok(`DESCRIBE TABLE ${ctx.database}.PUBLIC.T`);
  expect(names(d).slice(0, 10)).toEqual(['name', 'type', 'kind', 'null?', 'default', 'primary key', 'unique key', 'check', 'expression', 'comment']);
  expect(d.data!.map((r) => r.slice(0, 4))).toEqual([['N', 'NUMBER(10,2)', 'COLUMN', 'N'], ['S', 'VARCHAR(5)', 'COLUMN', 'Y'], ['D', 'DATE', 'COLUMN', 'Y']]);
  expect((await exec('DESC TABLE NO_SUCH_T', ctx)).json!.code).toBe('002003');
});

test('ALTER SESSION applies to the rest of the request and shows in SHOW PARAMETERS', async () => {
  const r = await ok("ALTER SESSION SET TIMEZONE = 'UTC', DATE_OUTPUT_FORMAT = 'DD.MM.YYYY', SOME_TOOL_SETTING = 7; SELECT '2020-02-03'::DATE; SHOW PARAMETERS LIKE '%ZONE%'; ALTER SESSION UNSET DATE_OUTPUT_FORMAT; SELECT '2020-02-03'::DATE",
    { parameters: { MULTI_STATEMENT_COUNT: 0 } });
  const [, date, params, , after] = await Promise.all(r.statementHandles!.map((h) => poll(h)));
  expect(date.json!.data).toEqual([['03.02.2020']]);
  expect(names(params.json!)).toEqual(['key', 'value', 'default', 'level', 'description', 'type']);
  expect(params.json!.data).toEqual([['TIMEZONE', 'UTC', 'America/Los_Angeles', 'SESSION', 'time zone', 'STRING']]);
  expect(after.json!.data).toEqual([['18295']]);
  expect((await exec("ALTER SESSION SET TIMEZONE = 'Nowhere/Land'")).status).toBe(422);
});

test('SHOW WAREHOUSES lists COMPUTE_WH as current', async () => {
  const j = await ok('SHOW WAREHOUSES');
  expect(col(j, 'name')).toContain('COMPUTE_WH');
  expect(col(j, 'is_current')[col(j, 'name').indexOf('COMPUTE_WH')]).toBe('Y');
});

test('INFORMATION_SCHEMA views list the catalog of their database, typed, filterable and joinable', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T1 (A INT NOT NULL, B VARCHAR(10))', ctx);
  await ok('CREATE TABLE T2 (C DATE)', ctx);
  const t = await ok("SELECT TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY 1", ctx);
  expect(t.data).toEqual([['T1', 'BASE TABLE'], ['T2', 'BASE TABLE']]);
  const c = await ok(`SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, IS_NULLABLE, DATA_TYPE, NUMERIC_PRECISION, CHARACTER_MAXIMUM_LENGTH FROM ${ctx.database}.INFORMATION_SCHEMA.COLUMNS ORDER BY TABLE_NAME, ORDINAL_POSITION`);
  expect(c.data).toEqual([['T1', 'A', '1', 'NO', 'NUMBER', '38', null], ['T1', 'B', '2', 'YES', 'TEXT', null, '10'], ['T2', 'C', '1', 'YES', 'DATE', null, null]]);
  expect(c.resultSetMetaData!.rowType[2].type).toBe('fixed');
  const j = await ok('SELECT s.SCHEMA_NAME, COUNT(t.TABLE_NAME) FROM INFORMATION_SCHEMA.SCHEMATA s LEFT JOIN INFORMATION_SCHEMA.TABLES t ON t.TABLE_SCHEMA = s.SCHEMA_NAME GROUP BY 1 ORDER BY 1', ctx);
  expect(j.data).toEqual([['INFORMATION_SCHEMA', '0'], ['PUBLIC', '2']]);
  const star = await ok('SELECT * FROM INFORMATION_SCHEMA.DATABASES WHERE DATABASE_NAME = CURRENT_DATABASE()', ctx);
  expect(names(star).slice(0, 3)).toEqual(['DATABASE_NAME', 'DATABASE_OWNER', 'IS_TRANSIENT']);
  expect(star.data).toHaveLength(1);
});

test('QUERY_HISTORY() lists the caller’s own statements with status, type, rows and tag', async () => {
  const tag = `tag-${Date.now()}`;
  await ok('SELECT 1 UNION ALL SELECT 2', { parameters: { QUERY_TAG: tag } });
  await exec('SELECT NO_SUCH_FUNCTION_Q(1)', { parameters: { QUERY_TAG: tag } });
  const h = await ok(`SELECT QUERY_TEXT, EXECUTION_STATUS, QUERY_TYPE, ROWS_PRODUCED, ERROR_CODE, USER_NAME FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_TAG = '${tag}' ORDER BY START_TIME`);
  expect(h.data).toEqual([
    ['SELECT 1 UNION ALL SELECT 2', 'SUCCESS', 'SELECT', '2', null, 'ADMIN'],
    // An unknown function fails compiling (it never reaches the engine): no type, as for other compilation errors.
    ['SELECT NO_SUCH_FUNCTION_Q(1)', 'FAILED_WITH_ERROR', 'UNKNOWN', null, '002139', 'ADMIN'],
  ]);
  const types = (await ok('SELECT START_TIME, TOTAL_ELAPSED_TIME FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY()) LIMIT 1')).resultSetMetaData!.rowType.map((c) => c.type);
  expect(types).toEqual(['timestamp_ltz', 'fixed']);
});

test('ALTER TABLE ADD / RENAME / DROP COLUMN and RENAME TO keep data and catalog in step; COMMENT ON', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B VARCHAR)', ctx);
  await ok("INSERT INTO T VALUES (1, 'x')", ctx);
  await ok('ALTER TABLE T ADD COLUMN C NUMBER(10,2), D DATE', ctx);
  await ok("INSERT INTO T VALUES (2, 'y', 1.5, '2020-01-02')", ctx);
  await ok('ALTER TABLE T RENAME COLUMN B TO BB', ctx);
  await ok('ALTER TABLE T DROP COLUMN D', ctx);
  await ok('ALTER TABLE T RENAME TO T2', ctx);
  const j = await ok('SELECT * FROM T2 ORDER BY A', ctx);
  expect(names(j)).toEqual(['A', 'BB', 'C']);
  expect(j.data).toEqual([['1', 'x', null], ['2', 'y', '1.50']]);
  expect((await exec('SELECT * FROM T', ctx)).json!.code).toBe('002003');
  expect((await exec('ALTER TABLE T2 ADD COLUMN A INT', ctx)).status).toBe(422);
  await ok('ALTER TABLE T2 ADD COLUMN IF NOT EXISTS A INT', ctx);
  await ok('ALTER TABLE IF EXISTS NO_SUCH_T RENAME TO X', ctx);
  await ok("COMMENT ON TABLE T2 IS 'the table'", ctx);
  await ok("COMMENT ON COLUMN T2.BB IS 'a column'", ctx);
  expect(col(await ok('SHOW TABLES LIKE \'T2\'', ctx), 'comment')).toEqual(['the table']);
  expect((await ok('DESC TABLE T2', ctx)).data![1][9]).toBe('a column');
});
