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

test('MERGE: first matching clause per row, inserts for unmatched source rows, Snowflake count columns', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (ID INT, A VARCHAR, N NUMBER(10,2))', ctx);
  await ok("INSERT INTO T VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3)", ctx);
  await ok("CREATE TABLE S (ID INT, A VARCHAR, DEL BOOLEAN)", ctx);
  await ok("INSERT INTO S VALUES (2, 'B', FALSE), (3, 'C', TRUE), (4, 'D', FALSE), (5, 'E', TRUE)", ctx);
  const j = await ok(`MERGE INTO T t USING S s ON t.ID = s.ID
    WHEN MATCHED AND s.DEL THEN DELETE
    WHEN MATCHED THEN UPDATE SET A = s.A, N = t.N * 10
    WHEN NOT MATCHED AND NOT s.DEL THEN INSERT (ID, A, N) VALUES (s.ID, s.A, 0.5)`, ctx);
  expect(j.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['number of rows inserted', 'number of rows updated', 'number of rows deleted']);
  expect(j.data).toEqual([['1', '1', '1']]);
  expect(j.stats).toEqual({ numRowsInserted: 1, numRowsUpdated: 1, numRowsDeleted: 1 });
  expect((await ok('SELECT ID, A, N FROM T ORDER BY ID', ctx)).data).toEqual([['1', 'a', '1.00'], ['2', 'B', '20.00'], ['4', 'D', '0.50']]);
  const only = await ok('MERGE INTO T USING (SELECT 9 AS ID) s ON T.ID = s.ID WHEN NOT MATCHED THEN INSERT (ID) VALUES (s.ID)', ctx);
  expect(only.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['number of rows inserted']);
  expect(only.data).toEqual([['1']]);
});
