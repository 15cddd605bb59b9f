// Statements run on their session's current warehouse: MAX_CONCURRENCY_LEVEL bounds how many run
// at once and the rest wait in a FIFO queue (GET 202, QUERY_HISTORY QUEUED, SHOW WAREHOUSES
// running/queued), cancel and STATEMENT_QUEUED_TIMEOUT_IN_SECONDS take them out of it, other
// warehouses are not held up, and statements that need compute fail with 000606 without one.
import { describe, expect, test } from 'vitest';
import { cancel, describeRes, exec, getStatement, ok, poll, submit, type StatementJson } from './client';
import { addPat, createUser } from './auth-keys';
import { freshDatabase, uniqueName } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NO_WAREHOUSE = "No active warehouse selected in the current session.  Select an active warehouse with the 'use warehouse' command.";

/** A new warehouse of its own (ALTER/DROP in one test never touch another's). */
async function warehouse(props = ''): Promise<string> {
  const name = uniqueName('WH');
  await ok(`CREATE WAREHOUSE ${name} ${props}`);
  return name;
}

/** Starts a statement asynchronously on a warehouse; returns its handle. */
async function start(sql: string, wh: string, extra: Parameters<typeof submit>[1] = {}): Promise<string> {
  // Never answered from an earlier result (which needs no warehouse and would not queue).
  const res = await submit(sql, { warehouse: wh, async: true, ...extra, parameters: { USE_CACHED_RESULT: 'FALSE', ...extra.parameters } });
  expect(res.status, describeRes(res)).toBe(202);
  return res.json!.statementHandle!;
}

const col = (j: StatementJson, name: string) => j.data!.map((r) => r[j.resultSetMetaData!.rowType.findIndex((c) => c.name === name)]);

async function load(wh: string): Promise<[string | null, string | null]> {
  const j = await ok(`SHOW WAREHOUSES LIKE '${wh}'`);
  return [col(j, 'running')[0], col(j, 'queued')[0]];
}

async function historyStatus(handle: string): Promise<string | null> {
  const j = await ok(`SELECT EXECUTION_STATUS FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_ID = '${handle}'`);
  return j.data![0]?.[0] ?? null;
}

/** Waits until `cond` holds (polling), failing after `ms`. */
async function until(cond: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(50);
  }
}

describe('MAX_CONCURRENCY_LEVEL and the queue', () => {
  test('with MAX_CONCURRENCY_LEVEL = 1 the second statement waits (202, QUEUED, SHOW WAREHOUSES 1/1) until the first is done', async () => {
    const wh = await warehouse('WITH MAX_CONCURRENCY_LEVEL = 1');
    expect(await load(wh)).toEqual(['0', '0']);
    const t0 = Date.now();
    // Long enough that the checks below happen while it runs, even on a loaded machine.
    const first = await start('SELECT SYSTEM$WAIT(8)', wh);
    await until(async () => (await load(wh))[0] === '1');
    expect(await historyStatus(first)).toBe('RUNNING');
    const second = await start('SELECT SYSTEM$WAIT(1)', wh);
    // It cannot be admitted before the first ends, however slow this machine is.
    expect(await load(wh)).toEqual(['1', '1']);
    expect((await getStatement(second)).status).toBe(202);
    expect(await historyStatus(second)).toBe('QUEUED');
    const a = await poll(first);
    expect(a.json!.data).toEqual([['waited 8 seconds']]);
    const b = await poll(second);
    expect(b.status, describeRes(b)).toBe(200);
    // It ran after the first, for its own second.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(8900);
    expect(await historyStatus(second)).toBe('SUCCESS');
    expect(await load(wh)).toEqual(['0', '0']);
  });

  test('a queued statement is cancelled at once; the running one is not affected', async () => {
    const wh = await warehouse('WITH MAX_CONCURRENCY_LEVEL = 1');
    const first = await start('SELECT SYSTEM$WAIT(6)', wh);
    await until(async () => (await load(wh))[0] === '1');
    const queued = await start('SELECT 7', wh);
    expect(await load(wh)).toEqual(['1', '1']);
    const t0 = Date.now();
    const c = await cancel(queued);
    expect(c.status).toBe(200);
    // Long before the running statement ends.
    expect(Date.now() - t0).toBeLessThan(3000);
    const after = await getStatement(queued);
    expect(after.status).toBe(422);
    expect(after.json).toMatchObject({ code: '000604', sqlState: '57014' });
    expect(await load(wh)).toEqual(['1', '0']);
    expect((await poll(first)).status).toBe(200);
  });

  test('STATEMENT_QUEUED_TIMEOUT_IN_SECONDS of the warehouse or the session fails a statement that waits longer with 000630', async () => {
    const wh = await warehouse('WITH MAX_CONCURRENCY_LEVEL = 1 STATEMENT_QUEUED_TIMEOUT_IN_SECONDS = 1');
    const first = await start('SELECT SYSTEM$WAIT(8)', wh);
    await until(async () => (await load(wh))[0] === '1');
    const t0 = Date.now();
    // A cached result needs no warehouse and would not queue: another file's SELECT 1 made one.
    const timedOut = await exec('SELECT 1', { warehouse: wh, parameters: { USE_CACHED_RESULT: 'FALSE' } });
    expect(timedOut.status, describeRes(timedOut)).toBe(422);
    expect(timedOut.json).toMatchObject({ code: '000630', sqlState: '57014', message: 'Statement reached its statement or warehouse timeout of 1 second(s) and was canceled.' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(Date.now() - t0).toBeLessThan(6000);

    // The session's parameter, on a warehouse without one.
    const other = await warehouse('WITH MAX_CONCURRENCY_LEVEL = 1');
    const busy = await start('SELECT SYSTEM$WAIT(3)', other);
    await until(async () => (await load(other))[0] === '1');
    const viaSession = await exec('SELECT 1', { warehouse: other, parameters: { STATEMENT_QUEUED_TIMEOUT_IN_SECONDS: 1, USE_CACHED_RESULT: 'FALSE' } });
    expect(viaSession.json).toMatchObject({ code: '000630' });
    const multi = await ok('ALTER SESSION SET STATEMENT_QUEUED_TIMEOUT_IN_SECONDS = 5; SHOW PARAMETERS LIKE \'STATEMENT_QUEUED%\'', { parameters: { MULTI_STATEMENT_COUNT: 2 } });
    const shown = await poll(multi.statementHandles![1]);
    expect(shown.json!.data![0].slice(0, 3)).toEqual(['STATEMENT_QUEUED_TIMEOUT_IN_SECONDS', '5', '0']);
    expect((await poll(first)).status).toBe(200);
    expect((await poll(busy)).status).toBe(200);
  });

  test('a busy warehouse does not hold up another one; USE WAREHOUSE moves the next statements', async () => {
    const busy = await warehouse('WITH MAX_CONCURRENCY_LEVEL = 1');
    const free = await warehouse();
    const first = await start('SELECT SYSTEM$WAIT(8)', busy);
    await until(async () => (await load(busy))[0] === '1');
    expect((await ok('SELECT CURRENT_WAREHOUSE()', { warehouse: free })).data).toEqual([[free]]);
    // Submitted on the busy one, switched to the free one: not queued.
    const switched = await ok(`USE WAREHOUSE ${free}; SELECT CURRENT_WAREHOUSE()`, { warehouse: busy, parameters: { MULTI_STATEMENT_COUNT: 2 } });
    // Both answered while the busy warehouse's statement still runs.
    expect((await getStatement(first)).status).toBe(202);
    expect(await load(busy)).toEqual(['1', '0']);
    expect((await poll(switched.statementHandles![1])).json!.data).toEqual([[free]]);
    // And the other way: the statement after USE waits for the busy warehouse.
    const moved = await submit(`USE WAREHOUSE ${busy}; SELECT CURRENT_WAREHOUSE()`, { warehouse: free, async: true, parameters: { MULTI_STATEMENT_COUNT: 2 } });
    await until(async () => (await load(busy))[1] === '1');
    const done = await poll(moved.json!.statementHandle!);
    expect(done.status).toBe(200);
    expect((await poll(first)).status).toBe(200);
    const h = await ok(`SELECT WAREHOUSE_NAME FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_ID = '${done.json!.statementHandles![1]}'`);
    expect(h.data).toEqual([[busy]]);
  });

  test('ALTER WAREHOUSE SET MAX_CONCURRENCY_LEVEL lets waiting statements in at once', async () => {
    const wh = await warehouse('WITH MAX_CONCURRENCY_LEVEL = 1');
    const first = await start('SELECT SYSTEM$WAIT(8)', wh);
    await until(async () => (await load(wh))[0] === '1');
    const second = await start('SELECT 2', wh);
    expect(await load(wh)).toEqual(['1', '1']);
    await ok(`ALTER WAREHOUSE ${wh} SET MAX_CONCURRENCY_LEVEL = 2`);
    expect((await poll(second)).json!.data).toEqual([['2']]);
    // Admitted while the first still runs.
    expect((await getStatement(first)).status).toBe(202);
    expect((await poll(first)).status).toBe(200);
  });
});

describe('statement timeout and abort of a warehouse', () => {
  test("the warehouse's STATEMENT_TIMEOUT_IN_SECONDS stops a statement when it is lower than the statement's own", async () => {
    const wh = await warehouse('WITH STATEMENT_TIMEOUT_IN_SECONDS = 1');
    const res = await exec('SELECT SYSTEM$WAIT(5)', { warehouse: wh, timeout: 30 });
    expect(res.status, describeRes(res)).toBe(408);
    expect(res.json).toMatchObject({ code: '000630' });
    expect(res.json!.message).toContain('timeout of 1 second');
    // A lower timeout of the request still wins.
    await ok(`ALTER WAREHOUSE ${wh} SET STATEMENT_TIMEOUT_IN_SECONDS = 60`);
    const own = await exec('SELECT SYSTEM$WAIT(5)', { warehouse: wh, timeout: 1 });
    expect(own.status).toBe(408);
  });

  test('ALTER WAREHOUSE … ABORT ALL QUERIES cancels its running and queued statements, not those of other warehouses', async () => {
    const wh = await warehouse('WITH MAX_CONCURRENCY_LEVEL = 1');
    const other = await warehouse();
    const running = await start('SELECT SYSTEM$WAIT(30)', wh);
    await until(async () => (await load(wh))[0] === '1');
    const queued = await start('SELECT SYSTEM$WAIT(30)', wh);
    const elsewhere = await start('SELECT SYSTEM$WAIT(2)', other);
    await ok(`ALTER WAREHOUSE ${wh} ABORT ALL QUERIES`);
    for (const h of [running, queued]) {
      const r = await getStatement(h);
      expect(r.status, describeRes(r)).toBe(422);
      expect(r.json).toMatchObject({ code: '000604', sqlState: '57014' });
    }
    expect(await load(wh)).toEqual(['0', '0']);
    expect((await poll(elsewhere)).json!.data).toEqual([['waited 2 seconds']]);
  });
});

describe('no usable warehouse', () => {
  test('without a current warehouse, statements that read or change tables fail with 000606; metadata, DDL and constant queries work', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (A INT)', ctx);
    const user = await createUser();
    await ok(`ALTER USER ${user} UNSET DEFAULT_WAREHOUSE`);
    const { secret: token } = await addPat(user);
    const as = { ...ctx, token };
    for (const sql of ['SELECT * FROM T', 'INSERT INTO T VALUES (1)', 'UPDATE T SET A = 2', 'DELETE FROM T', 'CREATE TABLE T3 AS SELECT * FROM T',
      'MERGE INTO T USING (SELECT 1 AS A) S ON T.A = S.A WHEN NOT MATCHED THEN INSERT (A) VALUES (S.A)']) {
      const res = await exec(sql, as);
      expect(res.status, `${sql}: ${describeRes(res)}`).toBe(422);
      expect(res.json).toMatchObject({ code: '000606', sqlState: '57P03', message: NO_WAREHOUSE });
    }
    expect((await ok('SELECT CURRENT_WAREHOUSE(), 1 + 1', as)).data).toEqual([[null, '2']]);
    for (const sql of ['SHOW TABLES', 'DESCRIBE TABLE T', 'CREATE TABLE T2 (B INT)', 'ALTER TABLE T2 ADD COLUMN C INT', 'DROP TABLE T2', 'SHOW WAREHOUSES',
      'SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES']) {
      const res = await exec(sql, as);
      expect(res.status, `${sql}: ${describeRes(res)}`).toBe(200);
    }
    // A multi-statement request runs on a warehouse (sqlapi-notes §4.4): none → 000606 before any statement runs.
    const none = await exec('CREATE TABLE T4 (X INT); SELECT COUNT(*) FROM T', { ...as, parameters: { MULTI_STATEMENT_COUNT: 2 } });
    expect(none.status).toBe(422);
    expect(none.json).toMatchObject({ code: '000606', sqlState: '57P03', message: NO_WAREHOUSE });
    expect((await exec('SELECT * FROM T4', { ...ctx })).json).toMatchObject({ code: '002003' });
    // The request's warehouse field gives it one, and USE WAREHOUSE moves the later statements.
    const multi = await ok('USE WAREHOUSE COMPUTE_WH; SELECT COUNT(*), CURRENT_WAREHOUSE() FROM T', { ...as, warehouse: 'COMPUTE_WH', parameters: { MULTI_STATEMENT_COUNT: 2 } });
    expect((await poll(multi.statementHandles![1])).json!.data).toEqual([['0', 'COMPUTE_WH']]);
  });

  test('a suspended warehouse resumes for a statement (AUTO_RESUME) or, with AUTO_RESUME = FALSE, counts as none', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (A INT)', ctx);
    const resuming = await warehouse('WITH INITIALLY_SUSPENDED = TRUE');
    const [before] = (await ok(`SHOW WAREHOUSES LIKE '${resuming}'`)).data!;
    expect(before[1]).toBe('SUSPENDED');
    expect((await ok('SELECT COUNT(*) FROM T', { ...ctx, warehouse: resuming })).data).toEqual([['0']]);
    expect((await ok(`SHOW WAREHOUSES LIKE '${resuming}'`)).data![0][1]).toBe('STARTED');

    const manual = await warehouse('WITH AUTO_RESUME = FALSE');
    await ok(`ALTER WAREHOUSE ${manual} SUSPEND`);
    // (Another text than above: a reused result would need no warehouse.)
    const res = await exec('SELECT COUNT(*) AS N FROM T', { ...ctx, warehouse: manual });
    expect(res.json).toMatchObject({ code: '000606', sqlState: '57P03', message: NO_WAREHOUSE });
    await ok(`ALTER WAREHOUSE ${manual} RESUME`);
    expect((await ok('SELECT COUNT(*) FROM T', { ...ctx, warehouse: manual })).data).toEqual([['0']]);
  });

  test('a dropped current warehouse counts as none', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (A INT)', ctx);
    const wh = uniqueName('WH');
    const res = await submit(`CREATE WAREHOUSE ${wh}; DROP WAREHOUSE ${wh}; SELECT * FROM T`, { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 3 } });
    expect(res.status, describeRes(res)).toBe(422);
    expect(res.json!.message).toContain(NO_WAREHOUSE);
  });
});
