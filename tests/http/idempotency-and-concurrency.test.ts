// requestId + retry=true never runs a statement twice; concurrent clients do not block each other.
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { cancel, exec, getStatement, ok, poll, submit } from './client';
import { freshDatabase } from './helpers';
import { addPat, createUser } from './auth-keys';

test('retry=true with a known requestId returns the earlier outcome without running again', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT)', ctx);
  const requestId = randomUUID();
  const first = await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId });
  const again = await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId, retry: true });
  expect(again.status).toBe(200);
  expect(again.json!.statementHandle).toBe(first.json!.statementHandle);
  expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['1']]);
  // Without retry the same requestId runs again (docs); with a new one, retry runs normally.
  await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId });
  await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId: randomUUID(), retry: true });
  expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['3']]);
});

test('retry=true after a failed first attempt runs the statement again; a success is then what retries answer', async () => {
  const ctx = await freshDatabase();
  const requestId = randomUUID();
  const first = await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId });
  expect(first.json!.code).toBe('002003');
  await ok('CREATE TABLE T (A INT)', ctx);
  // The failure is not replayed: the statement runs, under a new handle.
  const second = await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId, retry: true });
  expect(second.status, second.text).toBe(200);
  expect(second.json!.statementHandle).not.toBe(first.json!.statementHandle);
  // Succeeded once: later retries answer that attempt and do not insert again.
  const third = await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId, retry: true });
  expect(third.json!.statementHandle).toBe(second.json!.statementHandle);
  expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['1']]);
});

test("requestIds are each user's own: another user's statement with my requestId neither answers nor blocks my retry", async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (A INT)', ctx);
  const other = (await addPat(await createUser())).secret;
  const requestId = randomUUID();
  const mine = await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId });
  expect(mine.status).toBe(200);
  // Another user submits with the same requestId (and retries it): his statement runs as his own.
  const theirs = await exec('SELECT 42', { requestId, token: other });
  expect(theirs.json!.data).toEqual([['42']]);
  expect((await exec('SELECT 42', { requestId, retry: true, token: other })).json!.statementHandle).toBe(theirs.json!.statementHandle);
  // My retry still finds my statement: the INSERT is not run a second time.
  const again = await exec('INSERT INTO T VALUES (1)', { ...ctx, requestId, retry: true });
  expect(again.json!.statementHandle).toBe(mine.json!.statementHandle);
  expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['1']]);
});

test('a retried async request that is still running answers 202 for the same handle', async () => {
  const requestId = randomUUID();
  const first = await submit('SELECT SYSTEM$WAIT(2)', { async: true, requestId });
  const again = await submit('SELECT SYSTEM$WAIT(2)', { async: true, requestId, retry: true });
  expect(again.status).toBe(202);
  expect(again.json!.statementHandle).toBe(first.json!.statementHandle);
  expect((await poll(first.json!.statementHandle!)).status).toBe(200);
});

test('SELECT 1 answers within 2 s while another client runs a long statement', async () => {
  const long = await submit('SELECT SYSTEM$WAIT(10)', { async: true });
  try {
    const t0 = Date.now();
    expect((await ok('SELECT 1 AS A')).data).toEqual([['1']]);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await getStatement(long.json!.statementHandle!)).status).toBe(202);
  } finally {
    await cancel(long.json!.statementHandle!);
  }
});

test('20 concurrent INSERTs lose nothing; 30 concurrent SELECTs get their own results', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (N INT)', ctx);
  const ins = await Promise.all(Array.from({ length: 20 }, (_, i) => exec(`INSERT INTO T VALUES (${i})`, ctx)));
  ins.forEach((r) => expect(r.json!.stats).toEqual({ numRowsInserted: 1 }));
  expect((await ok('SELECT COUNT(*), SUM(N) FROM T', ctx)).data).toEqual([['20', '190']]);
  const sel = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(`SELECT ${i} AS N`)));
  sel.forEach((r, i) => expect(r.json!.data).toEqual([[String(i)]]));
});
