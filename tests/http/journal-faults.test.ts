// The journal tells the truth: a write whose entry did not fully reach the disk answers an error
// and is never applied (not by this server, not after kill -9 and restart); every answered write
// survives. Faults are injected into the writer's journal appends (FLOE_FAULTS_FILE).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { faultyServer, outcome, type FaultyServer } from './storage-faults';

let f: FaultyServer;
beforeAll(async () => {
  f = await faultyServer();
});
afterAll(async () => f?.dispose());

const ctx = { database: 'JF', schema: 'PUBLIC' };
const rows = async (table: string) => (await f.client.ok(`SELECT N FROM ${table} ORDER BY N`, ctx)).data!.map((r) => Number(r[0]));

async function inserts(table: string, from: number, to: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(outcome(await f.client.exec(`INSERT INTO ${table} VALUES (${i})`, ctx)));
  return out;
}

test('setup', async () => {
  await f.client.ok('CREATE DATABASE JF');
});

test('a short journal write is continued: the INSERT is answered and kept', async () => {
  await f.client.ok('CREATE TABLE SHORT (N INT)', ctx);
  f.setFaults({ rules: [{ site: 'journal', fault: 'short', nth: 2, times: 1 }] });
  expect(await inserts('SHORT', 1, 4)).toEqual(['ok', 'ok', 'ok', 'ok']);
  f.setFaults({});
  await f.restart();
  expect(await rows('SHORT')).toEqual([1, 2, 3, 4]);
});

test('a journal append cut off by a full disk fails its INSERT (300001); it is absent, and every answered INSERT survives kill -9', async () => {
  await f.client.ok('CREATE TABLE TORN (N INT)', ctx);
  // What a full disk does: part of the line is written, then nothing more fits.
  f.setFaults({ rules: [{ site: 'journal', fault: 'short', nth: 3, times: 1 }, { site: 'journal', fault: 'ENOSPC', nth: 4, times: 1 }] });
  const got = await inserts('TORN', 1, 6);
  expect(got).toEqual(['ok', 'ok', '422 300001', 'ok', 'ok', 'ok']);
  // Not applied on any replica either.
  expect(await rows('TORN')).toEqual([1, 2, 4, 5, 6]);
  f.setFaults({});
  await f.restart();
  expect(await rows('TORN')).toEqual([1, 2, 4, 5, 6]);
  // The journal goes on cleanly after the cut.
  await f.client.ok('INSERT INTO TORN VALUES (7)', ctx);
  await f.restart();
  expect(await rows('TORN')).toEqual([1, 2, 4, 5, 6, 7]);
});

test('ENOSPC on journal writes: the refused INSERTs are absent after restart, the rest present', async () => {
  await f.client.ok('CREATE TABLE FULL_DISK (N INT)', ctx);
  f.setFaults({ rules: [{ site: 'journal', fault: 'ENOSPC', nth: 2, times: 2 }] });
  const got = await inserts('FULL_DISK', 1, 5);
  expect(got).toEqual(['ok', '422 300001', '422 300001', 'ok', 'ok']);
  const failed = await f.client.exec('INSERT INTO FULL_DISK VALUES (99)', ctx);
  expect(failed.status).toBe(200);
  f.setFaults({ rules: [{ site: 'journal', fault: 'ENOSPC' }] });
  const refused = await f.client.exec('INSERT INTO FULL_DISK VALUES (100)', ctx);
  expect(refused.status).toBe(422);
  expect(refused.json!).toMatchObject({ code: '300001', sqlState: '53100' });
  expect(refused.json!.message).toMatch(/^Disk space limit reached: journal write failed \(ENOSPC\)/);
  expect(refused.json!.statementHandle).toBeTruthy();
  expect(await rows('FULL_DISK')).toEqual([1, 4, 5, 99]);
  f.setFaults({});
  await f.restart();
  expect(await rows('FULL_DISK')).toEqual([1, 4, 5, 99]);
});

test('EIO on the journal fsync fails the write with 300006, and it is never applied', async () => {
  await f.client.ok('CREATE TABLE SYNC_FAIL (N INT)', ctx);
  f.setFaults({ rules: [{ site: 'journal', op: 'fsync', fault: 'EIO', nth: 2, times: 1 }] });
  const got = await inserts('SYNC_FAIL', 1, 3);
  expect(got).toEqual(['ok', '422 300006', 'ok']);
  const upd = await f.client.exec('UPDATE SYNC_FAIL SET N = N + 10', ctx);
  expect(upd.status).toBe(200);
  f.setFaults({ rules: [{ site: 'journal', op: 'fsync', fault: 'EIO', nth: 1, times: 1 }] });
  const failedUpdate = await f.client.exec('UPDATE SYNC_FAIL SET N = N + 100', ctx);
  expect(failedUpdate.status).toBe(422);
  expect(failedUpdate.json!).toMatchObject({ code: '300006', sqlState: '58030' });
  expect(await rows('SYNC_FAIL')).toEqual([11, 13]);
  f.setFaults({});
  await f.restart();
  expect(await rows('SYNC_FAIL')).toEqual([11, 13]);
});

test('a COMMIT whose journal entry fails rolls the transaction back, and other writes go on', async () => {
  await f.client.ok('CREATE TABLE TXN (N INT)', ctx);
  const multi = { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 4 } };
  f.setFaults({ rules: [{ site: 'journal', fault: 'ENOSPC', nth: 1, times: 1 }] });
  const r = await f.client.exec('BEGIN; INSERT INTO TXN VALUES (1); INSERT INTO TXN VALUES (2); COMMIT', multi);
  // A multi-statement request reports the failed statement inside Snowflake's 100132.
  expect(r.status).toBe(422);
  expect(r.json!.code).toBe('100132');
  expect(r.json!.message).toMatch(/on statement "COMMIT".*\nDisk space limit reached: journal write failed \(ENOSPC\)/s);
  // The writer is not left holding the failed transaction.
  await f.client.ok('INSERT INTO TXN VALUES (3)', ctx);
  await f.client.ok('BEGIN; INSERT INTO TXN VALUES (4); INSERT INTO TXN VALUES (5); COMMIT', multi);
  expect(await rows('TXN')).toEqual([3, 4, 5]);
  f.setFaults({});
  await f.restart();
  expect(await rows('TXN')).toEqual([3, 4, 5]);
});

test('below the free-space reserve writes are refused (300001) before they run, reads go on, and writes work again once space returns', async () => {
  await f.client.ok('CREATE TABLE RESERVE (N INT)', ctx);
  await f.client.ok('INSERT INTO RESERVE VALUES (1)', ctx);
  f.setFaults({ freeBytes: 1024 * 1024 });
  for (const sql of ['INSERT INTO RESERVE VALUES (2)', 'CREATE TABLE NOT_MADE (A INT)', 'DELETE FROM RESERVE']) {
    const r = await f.client.exec(sql, ctx);
    expect(r.status, sql).toBe(422);
    expect(r.json!).toMatchObject({ code: '300001', sqlState: '53100' });
    expect(r.json!.message).toContain('FLOE_MIN_FREE_DISK_BYTES');
  }
  expect(await rows('RESERVE')).toEqual([1]);
  expect((await f.client.ok('SELECT COUNT(*) FROM TORN', ctx)).data).toEqual([['6']]);
  f.setFaults({});
  await f.client.ok('INSERT INTO RESERVE VALUES (3)', ctx);
  expect(await rows('RESERVE')).toEqual([1, 3]);
  expect((await f.client.exec('SELECT * FROM NOT_MADE', ctx)).status).toBe(422);
});
