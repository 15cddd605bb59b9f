// Views and the tables under them: CREATE VIEW checks the names it uses at once, a view whose
// table is gone fails in Snowflake's words (no storage names), and an ALTER TABLE that SQLite
// refuses because of a view gets a compilation error, never an internal one.
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
  // The failed statements left nothing behind: the name is free and other ALTERs work.
  await ok('CREATE VIEW V AS SELECT A, B FROM T', ctx);
  await ok('ALTER TABLE T RENAME COLUMN A TO AA', ctx);
  expect((await ok('SELECT * FROM V', ctx)).data).toEqual([]);
});

test('a view whose table was dropped fails without naming storage; ALTER TABLE elsewhere then says why it cannot run', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B INT)', ctx);
  await ok('CREATE TABLE U (X INT)', ctx);
  await ok('CREATE VIEW VU AS SELECT X FROM U', ctx);
  await ok('DROP TABLE U', ctx);
  const read = await failure('SELECT * FROM VU', ctx);
  expect(read.code).toBe('002003');
  expect(read.message).not.toMatch(/\bt\d{6,}/);
  expect(read.message).toContain('view');
  const alter = await failure('ALTER TABLE T RENAME COLUMN A TO AA', ctx);
  expect(alter).toMatchObject({ code: '002140', sqlState: '42601' });
  expect(alter.message).toContain('view');
  await ok('DROP VIEW VU', ctx);
  await ok('ALTER TABLE T RENAME COLUMN A TO AA', ctx);
  expect((await ok('SELECT AA, B FROM T', ctx)).resultSetMetaData?.rowType.map((c) => c.name)).toEqual(['AA', 'B']);
});

test('dropping a column a view uses is refused with a compilation error; the table is unchanged', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT, B INT)', ctx);
  await ok('INSERT INTO T VALUES (1, 2)', ctx);
  await ok('CREATE VIEW V AS SELECT A, B FROM T', ctx);
  expect((await failure('ALTER TABLE T DROP COLUMN B', ctx)).code).toBe('002140');
  expect((await ok('SELECT A, B FROM T', ctx)).data).toEqual([['1', '2']]);
  expect((await ok('SELECT * FROM V', ctx)).data).toEqual([['1', '2']]);
});
