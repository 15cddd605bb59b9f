// DML beyond the basics: UPDATE … FROM, DELETE … USING, INSERT OVERWRITE, session variables,
// and statements the SQL API refuses by name.
import { expect, test } from 'vitest';
import { exec, ok, poll } from './client';
import { freshDatabase } from './helpers';

test('UPDATE … FROM and DELETE … USING join another table; counts are exact', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (ID INT, A VARCHAR)', ctx);
  await ok('CREATE TABLE S (ID INT, A VARCHAR)', ctx);
  await ok("INSERT INTO T VALUES (1, 'a'), (2, 'b'), (3, 'c')", ctx);
  await ok("INSERT INTO S VALUES (2, 'B'), (3, 'C'), (4, 'D')", ctx);
  const u = await ok('UPDATE T SET A = S.A FROM S WHERE T.ID = S.ID', ctx);
  expect(u.stats).toMatchObject({ numRowsUpdated: 2 });
  expect((await ok('SELECT ID, A FROM T ORDER BY ID', ctx)).data).toEqual([['1', 'a'], ['2', 'B'], ['3', 'C']]);
  const d = await ok("DELETE FROM T USING S WHERE T.ID = S.ID AND S.A = 'C'", ctx);
  expect(d.data).toEqual([['1']]);
  expect((await ok('SELECT ID FROM T ORDER BY ID', ctx)).data).toEqual([['1'], ['2']]);
});

test('INSERT OVERWRITE replaces the rows in one statement', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (N INT)', ctx);
  await ok('INSERT INTO T VALUES (1), (2), (3)', ctx);
  const j = await ok('INSERT OVERWRITE INTO T VALUES (7), (8)', ctx);
  expect(j.stats).toEqual({ numRowsInserted: 2 });
  expect((await ok('SELECT N FROM T ORDER BY N', ctx)).data).toEqual([['7'], ['8']]);
});

test('SET variables are read as $name later in the same request', async () => {
  const ok2 = await ok("SET C = 5; SET D = 'hi'; SELECT $C + 1, $d", { parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect((await poll(ok2.statementHandles![2])).json!.data).toEqual([['6', 'hi']]);
  expect((await exec('SELECT $NOPE')).json!.code).toBe('002211');
});

test('file-transfer statements are refused by name', async () => {
  for (const [sql, type] of [['PUT file:///tmp/x @stage', 'PUT_FILES'], ['GET @stage file:///tmp', 'GET_FILES'], ["COPY INTO T FROM @s", 'COPY']]) {
    const r = await exec(sql);
    expect(r.status).toBe(422);
    expect(r.json!.message).toBe(`Unsupported statement type '${type}'.`);
  }
});
