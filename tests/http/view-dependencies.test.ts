// Views and the tables under them, as in Snowflake: a view is expanded by name where a statement
// uses it, so it follows a table that was replaced or re-created, fails in Snowflake's words while
// something it reads is missing, and never stops a table from being altered.
import { expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';

const failure = async (sql: string, ctx: object) => {
  const r = await exec(sql, ctx);
  expect(r.status, `${sql} → ${r.status} ${JSON.stringify(r.json)}`).toBe(422);
  return r.json as { code: string; sqlState: string; message: string };
};

test('CREATE VIEW over a column or table that does not exist fails and creates nothing', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B INT)', ctx);
  const col = await failure('CREATE VIEW V AS SELECT ID, N FROM T', ctx);
  expect(col).toMatchObject({ code: '000904', sqlState: '42000' });
  expect(col.message).toContain("invalid identifier 'ID'");
  expect((await failure('CREATE VIEW V AS SELECT A FROM NO_SUCH_TABLE', ctx)).code).toBe('002003');
  expect((await ok('SHOW VIEWS', ctx)).data).toEqual([]);
  await ok('CREATE VIEW V AS SELECT A, B FROM T', ctx);
  expect((await ok('SELECT * FROM V', ctx)).data).toEqual([]);
});

test('a view follows its table by name through CREATE OR REPLACE TABLE and DROP + CREATE', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B VARCHAR)', ctx);
  await ok("INSERT INTO T VALUES (1, 'one')", ctx);
  await ok('CREATE VIEW V AS SELECT A, B FROM T WHERE A > 0', ctx);
  expect((await ok('SELECT * FROM V', ctx)).data).toEqual([['1', 'one']]);
  await ok('CREATE OR REPLACE TABLE T (B VARCHAR, A INT, C INT)', ctx);
  await ok("INSERT INTO T VALUES ('two', 2, 20), ('minus', -1, 0)", ctx);
  expect((await ok('SELECT * FROM V', ctx)).data).toEqual([['2', 'two']]);
  await ok('DROP TABLE T', ctx);
  await ok('CREATE TABLE T (A INT, B VARCHAR)', ctx);
  await ok("INSERT INTO T VALUES (3, 'three')", ctx);
  const r = await ok('SELECT V.A, V.B FROM V JOIN T USING (A)', ctx);
  expect(r.data).toEqual([['3', 'three']]);
  expect(r.resultSetMetaData?.rowType.map((c) => c.name)).toEqual(['A', 'B']);
});

test('a view whose table is gone fails naming the view and the table; ALTER TABLE elsewhere is not blocked; re-creating the table mends it', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B INT)', ctx);
  await ok('CREATE TABLE U (X INT)', ctx);
  await ok('CREATE VIEW VU AS SELECT X FROM U', ctx);
  await ok('DROP TABLE U', ctx);
  const read = await failure('SELECT * FROM VU', ctx);
  expect(read).toMatchObject({ code: '002003', sqlState: '42S02' });
  expect(read.message).toContain(`Failure during expansion of view '${ctx.database}.PUBLIC.VU'`);
  expect(read.message).toContain(`Object '${ctx.database}.PUBLIC.U' does not exist or not authorized.`);
  expect(read.message).not.toMatch(/\bt\d{6,}/);
  await ok('ALTER TABLE T RENAME COLUMN A TO AA', ctx);
  await ok('ALTER TABLE T DROP COLUMN B', ctx);
  expect((await ok('SELECT * FROM T', ctx)).resultSetMetaData?.rowType.map((c) => c.name)).toEqual(['AA']);
  await ok('CREATE TABLE U (X INT)', ctx);
  await ok('INSERT INTO U VALUES (7)', ctx);
  expect((await ok('SELECT * FROM VU', ctx)).data).toEqual([['7']]);
});

test('dropping or renaming a column a view uses succeeds; the view then fails until its columns are back', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B INT)', ctx);
  await ok('INSERT INTO T VALUES (1, 2)', ctx);
  await ok('CREATE VIEW V AS SELECT A, B FROM T', ctx);
  await ok('ALTER TABLE T DROP COLUMN B', ctx);
  const gone = await failure('SELECT * FROM V', ctx);
  expect(gone.code).toBe('000904');
  expect(gone.message).toContain("invalid identifier 'B'");
  await ok('ALTER TABLE T ADD COLUMN B INT', ctx);
  await ok('UPDATE T SET B = 5', ctx);
  expect((await ok('SELECT * FROM V', ctx)).data).toEqual([['1', '5']]);
  await ok('ALTER TABLE T RENAME COLUMN A TO AA', ctx);
  expect((await failure('SELECT B FROM V', ctx)).message).toContain("invalid identifier 'A'");
});

test('a view over * keeps the columns it was created with: a table that gained one makes it fail as in Snowflake', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B INT)', ctx);
  await ok('CREATE VIEW VS AS SELECT * FROM T', ctx);
  await ok('ALTER TABLE T ADD COLUMN C INT', ctx);
  const wide = await failure('SELECT * FROM VS', ctx);
  expect(wide).toMatchObject({ code: '002057', sqlState: '42601' });
  expect(wide.message).toContain(`View definition for '${ctx.database}.PUBLIC.VS' declared 2 column(s), but view query produces 3 column(s).`);
  await ok('CREATE OR REPLACE VIEW VS AS SELECT * FROM T', ctx);
  expect((await ok('SELECT * FROM VS', ctx)).resultSetMetaData?.rowType.map((c) => c.name)).toEqual(['A', 'B', 'C']);
});

test("names in a view resolve in the view's database and schema, whatever the session uses", async () => {
  const home = await freshDatabase();
  const other = await freshDatabase();
  await ok('CREATE SCHEMA S', home);
  await ok('CREATE TABLE S.T (A INT)', home);
  await ok('INSERT INTO S.T VALUES (10)', home);
  await ok('CREATE TABLE T (A INT)', home);
  await ok('INSERT INTO T VALUES (20)', home);
  await ok('CREATE VIEW S.V AS SELECT A FROM T', home);
  await ok('CREATE TABLE T (A INT)', other);
  await ok('INSERT INTO T VALUES (30)', other);
  expect((await ok(`SELECT A FROM ${home.database}.S.V`, other)).data).toEqual([['10']]);
  expect((await ok(`SELECT v.A, t.A FROM ${home.database}.S.V v, T t`, other)).data).toEqual([['10', '30']]);
});

test('views over views, renamed columns, a view that would read itself', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B INT)', ctx);
  await ok('INSERT INTO T VALUES (1, 10), (2, 20)', ctx);
  await ok('CREATE VIEW V1 (X, Y) AS SELECT A, B FROM T ORDER BY A', ctx);
  await ok('CREATE VIEW V2 AS SELECT X + Y AS S FROM V1', ctx);
  await ok('CREATE VIEW TWICE (P, Q) AS SELECT A, A FROM T', ctx);
  expect((await ok('SELECT S FROM V2 ORDER BY S', ctx)).data).toEqual([['11'], ['22']]);
  expect((await ok('SELECT P, Q FROM TWICE ORDER BY P', ctx)).data).toEqual([['1', '1'], ['2', '2']]);
  await ok('CREATE OR REPLACE VIEW V1 (X, Y) AS SELECT A * 100, B FROM T', ctx);
  expect((await ok('SELECT S FROM V2 ORDER BY S', ctx)).data).toEqual([['110'], ['220']]);
  const self = await failure('CREATE OR REPLACE VIEW V1 (X, Y) AS SELECT S, S FROM V2', ctx);
  expect(self.code).toBe('002140');
  expect(self.message).toContain('cannot be defined in terms of itself');
  expect((await ok('SELECT S FROM V2 ORDER BY S', ctx)).data).toEqual([['110'], ['220']]);
});

test('a view is not a DML target and not a table to ALTER; ALTER VIEW … RENAME TO keeps it working', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT)', ctx);
  await ok('INSERT INTO T VALUES (1)', ctx);
  await ok('CREATE VIEW V AS SELECT A FROM T', ctx);
  for (const sql of ['INSERT INTO V VALUES (2)', 'UPDATE V SET A = 3', 'DELETE FROM V', 'TRUNCATE TABLE V',
    'MERGE INTO V USING T ON V.A = T.A WHEN MATCHED THEN DELETE']) {
    expect(await failure(sql, ctx), sql).toMatchObject({ code: '002023', sqlState: '42601' });
  }
  expect((await failure('ALTER TABLE V ADD COLUMN B INT', ctx)).code).toBe('002003');
  expect((await failure('ALTER VIEW T RENAME TO T2', ctx)).code).toBe('002003');
  await ok('ALTER VIEW V RENAME TO W', ctx);
  expect((await ok('SELECT * FROM W', ctx)).data).toEqual([['1']]);
  // Reading a view while writing a table is fine.
  await ok('INSERT INTO T SELECT A + 1 FROM W', ctx);
  expect((await ok('SELECT A FROM T ORDER BY A', ctx)).data).toEqual([['1'], ['2']]);
});

test('an expanded view works wherever a table does: joins with itself, subqueries, CTEs, SAMPLE, qualified names, V.*', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (K VARCHAR, N INT)', ctx);
  await ok("INSERT INTO T VALUES ('a', 1), ('a', 2), ('b', 3)", ctx);
  await ok(`CREATE VIEW AGG AS WITH X AS (SELECT K, N FROM T) SELECT K, SUM(N) AS TOTAL FROM X GROUP BY K
    UNION ALL SELECT 'all', SUM(N) FROM T`, ctx);
  expect((await ok('SELECT K, TOTAL FROM AGG ORDER BY K', ctx)).data).toEqual([['a', '3'], ['all', '6'], ['b', '3']]);
  expect((await ok('SELECT x.K, y.K FROM AGG x JOIN AGG y ON x.TOTAL = y.TOTAL AND x.K < y.K', ctx)).data).toEqual([['a', 'b']]);
  expect((await ok("SELECT N FROM T WHERE K IN (SELECT K FROM AGG WHERE TOTAL = 3) ORDER BY N", ctx)).data).toEqual([['1'], ['2'], ['3']]);
  expect((await ok('WITH W AS (SELECT * FROM AGG) SELECT COUNT(*) FROM W', ctx)).data).toEqual([['3']]);
  expect((await ok('SELECT COUNT(*) FROM AGG SAMPLE (100)', ctx)).data).toEqual([['3']]);
  const star = await ok(`SELECT a.* FROM ${ctx.database}.PUBLIC.AGG AS a WHERE a.K = 'b'`, ctx);
  expect(star.data).toEqual([['b', '3']]);
  expect(star.resultSetMetaData?.rowType.map((c) => [c.name, c.type])).toEqual([['K', 'text'], ['TOTAL', 'fixed']]);
  expect((await ok('DESCRIBE VIEW AGG', ctx)).data?.map((r) => r[0])).toEqual(['K', 'TOTAL']);
  expect((await ok('SELECT COUNT(*) FROM INFORMATION_SCHEMA.VIEWS WHERE TABLE_NAME = \'AGG\'', ctx)).data).toEqual([['1']]);
});

test('a view over INFORMATION_SCHEMA reads it when used, not when created; bind variables are refused', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T1 (A INT)', ctx);
  await ok("CREATE VIEW MINE AS SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_TYPE = 'BASE TABLE'", ctx);
  expect((await ok('SELECT * FROM MINE', ctx)).data).toEqual([['T1']]);
  await ok('CREATE TABLE T2 (A INT)', ctx);
  expect((await ok('SELECT * FROM MINE ORDER BY 1', ctx)).data).toEqual([['T1'], ['T2']]);
  expect((await ok('SELECT COUNT(*) FROM MINE m JOIN T1 ON m.TABLE_NAME = \'T1\'', ctx)).data).toEqual([['0']]);
  const bound = await exec('CREATE VIEW B AS SELECT A FROM T1 WHERE A = ?', { ...ctx, bindings: { 1: { type: 'FIXED', value: '1' } } });
  expect(bound.status).toBe(422);
  expect((bound.json as { code: string }).code).toBe('002140');
});

test('a view as the source of MERGE, UPDATE … FROM and DELETE … USING', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (K INT, V VARCHAR)', ctx);
  await ok("INSERT INTO T VALUES (1, 'old'), (2, 'old')", ctx);
  await ok('CREATE TABLE S (K INT, V VARCHAR)', ctx);
  await ok("INSERT INTO S VALUES (1, 'new'), (3, 'added'), (2, 'gone')", ctx);
  await ok("CREATE VIEW SV AS SELECT K, V FROM S WHERE V <> 'gone'", ctx);
  await ok('MERGE INTO T USING SV ON T.K = SV.K WHEN MATCHED THEN UPDATE SET V = SV.V WHEN NOT MATCHED THEN INSERT (K, V) VALUES (SV.K, SV.V)', ctx);
  expect((await ok('SELECT K, V FROM T ORDER BY K', ctx)).data).toEqual([['1', 'new'], ['2', 'old'], ['3', 'added']]);
  await ok("UPDATE T SET V = SV.V || '!' FROM SV WHERE T.K = SV.K AND SV.K = 3", ctx);
  await ok('DELETE FROM T USING SV WHERE T.K = SV.K AND SV.K = 1', ctx);
  expect((await ok('SELECT K, V FROM T ORDER BY K', ctx)).data).toEqual([['2', 'old'], ['3', 'added!']]);
});
