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
  expect(col(await ok(`SHOW SCHEMAS IN DATABASE ${database}`), 'name')).toEqual(['PUBLIC', 'S2']);
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
