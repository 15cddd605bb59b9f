// Multi-statement requests: counts, child handles, failure semantics, transactions, USE.
import { expect, test } from 'vitest';
import { describeRes, getStatement, ok, poll, submit } from './client';
import { freshDatabase } from './helpers';

test('MULTI_STATEMENT_COUNT 2: parent message and one readable child per statement', async () => {
  const res = await submit('SELECT 1 AS A; SELECT 2 AS B', { parameters: { MULTI_STATEMENT_COUNT: '2' } });
  expect(res.status, describeRes(res)).toBe(200);
  expect(res.json!.data).toEqual([['Multiple statements executed successfully.']]);
  expect(res.json!.resultSetMetaData!.rowType[0]).toMatchObject({ name: 'multiple statement execution', type: 'text' });
  const [c1, c2] = await Promise.all(res.json!.statementHandles!.map((h) => poll(h)));
  expect(c1.json!.data).toEqual([['1']]);
  expect(c2.json!.resultSetMetaData!.rowType[0].name).toBe('B');
  const again = await getStatement(res.json!.statementHandle!);
  expect(again.json!.statementHandles).toEqual(res.json!.statementHandles);
});

test('count 0 accepts any number; a mismatch names both counts', async () => {
  expect((await submit('SELECT 1; SELECT 2; SELECT 3', { parameters: { multi_statement_count: 0 } })).json!.statementHandles).toHaveLength(3);
  const bad = await submit('SELECT 1; SELECT 2');
  expect(bad.status).toBe(422);
  expect(bad.json!.message).toContain('Actual statement count 2 did not match the desired statement count 1.');
});

test('a failing statement: 422 100132, earlier ones stay, later ones never run', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT)', ctx);
  const res = await submit('INSERT INTO T VALUES (1); SELECT * FROM NO_SUCH_TABLE; INSERT INTO T VALUES (2)', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect(res.status).toBe(422);
  expect(res.json).toMatchObject({ code: '100132', sqlState: 'P0000' });
  expect(res.json!.message).toContain('NO_SUCH_TABLE');
  expect((await ok('SELECT A FROM T', ctx)).data).toEqual([['1']]);
});

test('semicolons in strings, comments and $$ blocks do not split statements', async () => {
  const res = await submit("SELECT 'a;b' AS V; /* ; */ SELECT $$x;y$$ AS W -- ;\n", { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  expect(res.status, describeRes(res)).toBe(200);
  const [a, b] = await Promise.all(res.json!.statementHandles!.map((h) => poll(h)));
  expect(a.json!.data).toEqual([['a;b']]);
  expect(b.json!.data).toEqual([['x;y']]);
});

test('CURRENT_TRANSACTION is the open transaction; LAST_TRANSACTION the one COMMIT or ROLLBACK ended', async () => {
  const sql = 'SELECT CURRENT_TRANSACTION(); BEGIN; SELECT CURRENT_TRANSACTION(); BEGIN; SELECT CURRENT_TRANSACTION(); COMMIT; SELECT CURRENT_TRANSACTION(), LAST_TRANSACTION()';
  const r = await ok(sql, { parameters: { MULTI_STATEMENT_COUNT: 7 } });
  const [before, first, nested, after] = await Promise.all([0, 2, 4, 6].map(async (i) => (await poll(r.statementHandles![i])).json!.data![0]));
  expect(before).toEqual([null]);
  expect(first[0]).toMatch(/^\d{19}$/);
  // A BEGIN inside a transaction keeps it.
  expect(nested).toEqual(first);
  expect(after).toEqual([null, first[0]]);
});

test('BEGIN … ROLLBACK undoes; BEGIN … COMMIT keeps; USE applies to later statements only', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT)', ctx);
  await ok('BEGIN; INSERT INTO T VALUES (1); SELECT COUNT(*) FROM T; ROLLBACK', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 4 } });
  expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['0']]);
  const r = await ok('BEGIN; INSERT INTO T VALUES (5); SELECT COUNT(*) FROM T; COMMIT', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 4 } });
  expect((await poll(r.statementHandles![2])).json!.data).toEqual([['1']]);
  expect((await ok('SELECT A FROM T', ctx)).data).toEqual([['5']]);
  const use = await ok(`USE DATABASE ${ctx.database}; SELECT CURRENT_DATABASE(), CURRENT_SCHEMA()`, { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  expect((await poll(use.statementHandles![1])).json!.data).toEqual([[ctx.database, 'PUBLIC']]);
  expect((await ok('SELECT CURRENT_DATABASE()')).data).toEqual([[null]]);
});

test('an open transaction at the end of a request is rolled back', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT)', ctx);
  await ok('BEGIN; INSERT INTO T VALUES (1)', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 2 } });
  expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['0']]);
  await ok('INSERT INTO T VALUES (2)', ctx);
  expect((await ok('SELECT A FROM T', ctx)).data).toEqual([['2']]);
});
