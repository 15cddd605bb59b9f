// Async execution, the synchronous wait, statement timeouts and cancel (soft and hard).
import { describe, expect, test } from 'vitest';
import { cancel, describeRes, exec, getStatement, ok, poll, submit } from './client';
import { freshDatabase, uniqueName, UUID_RE } from './helpers';

/** A CPU-bound statement that never checks a cancel flag (runs ~forever). */
const CPU_BOUND = 'SELECT COUNT(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT x FROM c)';

describe('async and sync', () => {
  test('async=true answers 202 333334 at once; GET is 202 while running and 200 after', async () => {
    const t0 = Date.now();
    const res = await submit('SELECT SYSTEM$WAIT(2)', { async: true });
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(res.status, describeRes(res)).toBe(202);
    expect(res.json).toMatchObject({ code: '333334' });
    expect(res.json!.statementHandle).toMatch(UUID_RE);
    expect((await getStatement(res.json!.statementHandle!)).status).toBe(202);
    const done = await poll(res.json!.statementHandle!);
    expect(done.status).toBe(200);
    expect(done.json!.data).toEqual([['waited 2 seconds']]);
  });

  test('a synchronous statement waits for its result; CALL SYSTEM$WAIT works too', async () => {
    const t0 = Date.now();
    const j = await ok('CALL SYSTEM$WAIT(1)');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(j.data).toEqual([['waited 1 seconds']]);
  });
});

describe('timeout', () => {
  test('a sync statement past its timeout answers 408; GET then reports 000630', async () => {
    const t0 = Date.now();
    const res = await submit('SELECT SYSTEM$WAIT(30)', { timeout: 1 });
    expect(res.status, describeRes(res)).toBe(408);
    expect(Date.now() - t0).toBeLessThan(10_000);
    const after = await poll(res.json!.statementHandle!);
    expect(after.status).toBe(422);
    expect(after.json).toMatchObject({ code: '000630', sqlState: '57014' });
  });

  test('a CPU-bound statement is stopped by its timeout, and the engine answers right after', async () => {
    const res = await submit(CPU_BOUND, { timeout: 1, async: true });
    const after = await poll(res.json!.statementHandle!, { pollTimeoutMs: 15_000 });
    expect(after.status).toBe(422);
    const t0 = Date.now();
    expect((await ok('SELECT 1')).data).toEqual([['1']]);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  test('timeout 0 means the maximum', async () => {
    expect((await submit('SELECT 1', { timeout: 0 })).status).toBe(200);
  });
});

describe('STATEMENT_TIMEOUT_IN_SECONDS of the session', () => {
  const multi = { parameters: { MULTI_STATEMENT_COUNT: 0 } };

  test('ALTER SESSION sets it for the statements after it in the request: 408, then GET reports 000630', async () => {
    const res = await submit('ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 1; CALL SYSTEM$WAIT(30)', { ...multi, timeout: 60 });
    expect(res.status, describeRes(res)).toBe(408);
    expect(res.json).toMatchObject({ code: '000630', sqlState: '57014' });
    expect(res.json!.message).toContain('timeout of 1 second');
    const after = await poll(res.json!.statementHandle!);
    expect(after.status).toBe(422);
    expect(after.json).toMatchObject({ code: '000630' });
    // The ALTER SESSION succeeded; the wait is the statement that timed out.
    const [alter, wait] = after.headers.get('x-floe-statement-handles')!.split(',');
    expect((await getStatement(alter)).status).toBe(200);
    expect((await getStatement(wait)).json).toMatchObject({ code: '000630' });
  });

  test("the body's parameters set it; the body's timeout stands for it during the request", async () => {
    const res = await submit('SELECT SYSTEM$WAIT(30)', { parameters: { STATEMENT_TIMEOUT_IN_SECONDS: 1 } });
    expect(res.status, describeRes(res)).toBe(408);
    expect(res.json!.message).toContain('timeout of 1 second');
    const timeoutWins = await submit('SELECT SYSTEM$WAIT(30)', { timeout: 2, parameters: { STATEMENT_TIMEOUT_IN_SECONDS: 60 } });
    expect(timeoutWins.status, describeRes(timeoutWins)).toBe(408);
    expect(timeoutWins.json!.message).toContain('timeout of 2 second');
    // ALTER SESSION in the request takes over from the body's timeout for the statements after it.
    const shown = await ok("ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 1; SHOW PARAMETERS LIKE 'STATEMENT_TIMEOUT_IN_SECONDS'", { ...multi, timeout: 60 });
    const handles = shown.statementHandles!;
    expect((await getStatement(handles[1])).json!.data![0].slice(0, 4)).toEqual(['STATEMENT_TIMEOUT_IN_SECONDS', '1', '172800', 'SESSION']);
  });

  test('the request as a whole keeps the timeout it started with: raising it inside does not extend the request', async () => {
    const res = await submit('ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 60; CALL SYSTEM$WAIT(30)', { ...multi, timeout: 1 });
    expect(res.status, describeRes(res)).toBe(408);
    expect(res.json!.message).toContain('timeout of 1 second');
  });

  test("the warehouse's lower STATEMENT_TIMEOUT_IN_SECONDS still wins over the session's", async () => {
    const wh = uniqueName('WH');
    await ok(`CREATE WAREHOUSE ${wh} WITH STATEMENT_TIMEOUT_IN_SECONDS = 1`);
    const res = await submit('ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 60; CALL SYSTEM$WAIT(30)', { ...multi, warehouse: wh });
    expect(res.status, describeRes(res)).toBe(408);
    expect(res.json!.message).toContain('timeout of 1 second');
    await ok(`DROP WAREHOUSE ${wh}`);
  });
});

describe('cancel', () => {
  test('cancel of a waiting statement: 200 000604 / 57014, then GET says canceled', async () => {
    const res = await submit('SELECT SYSTEM$WAIT(60)', { async: true });
    const h = res.json!.statementHandle!;
    const c = await cancel(h);
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({ code: '000604', sqlState: '57014', statementHandle: h });
    const after = await poll(h, { pollTimeoutMs: 5000 });
    expect(after.status).toBe(422);
    expect(after.json!.code).toBe('000604');
  });

  test('cancel of a CPU-bound read stops it (worker terminated) and reads keep working', async () => {
    const res = await submit(CPU_BOUND, { async: true });
    const h = res.json!.statementHandle!;
    await new Promise((r) => setTimeout(r, 500));
    const c = await cancel(h);
    expect(c.status).toBe(200);
    const after = await poll(h, { pollTimeoutMs: 5000 });
    expect(after.json!.code).toBe('000604');
    expect((await ok('SELECT 2')).data).toEqual([['2']]);
  });

  test('cancel of a CPU-bound write restores the writer at its last commit', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (N INT)', ctx);
    await ok('INSERT INTO T VALUES (1), (2)', ctx);
    const res = await submit('INSERT INTO T SELECT x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT x FROM c)', { ...ctx, async: true });
    await new Promise((r) => setTimeout(r, 500));
    expect((await cancel(res.json!.statementHandle!)).status).toBe(200);
    expect((await poll(res.json!.statementHandle!, { pollTimeoutMs: 5000 })).json!.code).toBe('000604');
    // The cancelled INSERT left nothing behind; committed rows are intact; writes work again.
    expect((await ok('SELECT COUNT(*), SUM(N) FROM T', ctx)).data).toEqual([['2', '3']]);
    await ok('INSERT INTO T VALUES (3)', ctx);
    expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['3']]);
  });

  test('cancel or GET of an unknown handle: 422 000709 / 02000', async () => {
    const c = await cancel('11111111-2222-3333-4444-555555555555');
    expect(c.status).toBe(422);
    expect(c.json).toMatchObject({ code: '000709', sqlState: '02000' });
  });

  test('a statement of another request keeps running when one is cancelled', async () => {
    const a = await submit('SELECT SYSTEM$WAIT(2)', { async: true });
    const b = await submit('SELECT SYSTEM$WAIT(60)', { async: true });
    await cancel(b.json!.statementHandle!);
    expect((await poll(a.json!.statementHandle!)).status).toBe(200);
    expect((await exec('SELECT 3')).json!.data).toEqual([['3']]);
  });
});
