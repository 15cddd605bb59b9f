// Registry and result writes that fail (FLOE_FAULTS_FILE) on private servers are answered as clear
// errors with nothing torn or left behind, the server working on and restarting intact. These are
// the files of the single-node state stores (the data dir); on PostgreSQL that state lives in the
// database, so the http-pg project leaves this file out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { describeRes, makeClient } from './client';
import { expectWholeLines, registryFile } from './registry-file';
import { startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

describe('failed registry and result writes (FLOE_FAULTS_FILE)', () => {
  test('a registry append that fails answers 422 with the disk or I/O code; the server keeps working; after a restart every acknowledged handle reads and no line is torn', { timeout: 400_000 }, async () => {
    const faults = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'floe-faults-')), 'faults.json');
    const setFaults = (plan: object) => fs.writeFileSync(faults, JSON.stringify(plan));
    const s = await startServer({ env: { FLOE_FAULTS_FILE: faults } });
    servers.push(s);
    const c = makeClient(s);
    const acknowledged: { handle: string; data: unknown }[] = [];
    const ack = async (sql: string) => {
      const r = await c.ok(sql);
      acknowledged.push({ handle: r.statementHandle!, data: r.data });
    };
    await ack('SELECT 1 AS a');

    // The next registry write (this statement's final line) fails: disk full.
    setFaults({ rules: [{ site: 'registry', fault: 'ENOSPC', nth: 1, times: 1 }] });
    const full = await c.submit('SELECT 2 AS b');
    expect(full.status, describeRes(full)).toBe(422);
    expect(full.json).toMatchObject({ code: '300001', sqlState: '53100' });
    expect(full.json!.message).toMatch(/registry write failed \(ENOSPC\)/);
    const refused = full.json!.statementHandle!;
    // Its handle answers the same while the server runs; the next statements are written.
    expect((await c.getStatement(refused)).json).toMatchObject({ code: '300001' });
    await ack('SELECT 3 AS c');

    // An I/O error on the line of an async statement's handle: the handle is not given out as running.
    setFaults({ rules: [{ site: 'registry', fault: 'EIO', nth: 1, times: 1 }] });
    const io = await c.submit('SELECT SYSTEM$WAIT(1) AS w', { async: true });
    expect(io.status, describeRes(io)).toBe(422);
    expect(io.json).toMatchObject({ code: '300006', sqlState: '58030' });
    setFaults({ rules: [] });
    await ack('SELECT 4 AS d');
    const asyncOk = await c.submit('SELECT 5 AS e', { async: true });
    expect(asyncOk.status).toBe(202);
    const polled = await c.poll(asyncOk.json!.statementHandle!);
    expect(polled.status).toBe(200);
    acknowledged.push({ handle: asyncOk.json!.statementHandle!, data: polled.json!.data });
    expectWholeLines(s);

    await s.kill9();
    const again = await startServer({ dataDir: s.dataDir });
    servers.push(again);
    const c2 = makeClient(again);
    for (const { handle, data } of acknowledged) {
      const res = await c2.getStatement(handle);
      expect(res.status, describeRes(res)).toBe(200);
      expect(res.json!.data).toEqual(data);
    }
    // Never acknowledged: unknown after the restart.
    expect((await c2.getStatement(refused)).json).toMatchObject({ code: '000709' });
    expectWholeLines(again);
  });

  test('a result write that hits a full disk (or the free-space reserve) fails its statement with 300001 and leaves no partial files; a worksheet write answers 507; statement text over 16 MiB 413', { timeout: 300_000 }, async () => {
    const faults = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'floe-faults-')), 'faults.json');
    const s = await startServer({ env: { FLOE_FAULTS_FILE: faults } });
    servers.push(s);
    const c = makeClient(s);
    const resultsDir = path.join(s.dataDir, 'results');
    // Three partitions (256 KB first, then up to 4 MB): the second partition's write fails.
    const big = (i: number) => `SELECT ${i} AS run, SEQ4() AS n, REPEAT('z', 200) AS pad FROM TABLE(GENERATOR(ROWCOUNT => 30000))`;
    fs.writeFileSync(faults, JSON.stringify({ rules: [{ site: 'result', fault: 'ENOSPC', nth: 2 }] }));
    const res = await c.exec(big(1));
    expect(res.status, describeRes(res)).toBe(422);
    expect(res.json).toMatchObject({ code: '300001', sqlState: '53100' });
    expect(res.json!.message).toMatch(/result write failed \(ENOSPC\)/);
    expect(fs.existsSync(path.join(resultsDir, res.json!.statementHandle!))).toBe(false);
    expect(fs.readdirSync(resultsDir)).toEqual([]);
    // Below the free-space reserve (FLOE_MIN_FREE_DISK_BYTES, 64 MiB by default): refused before writing.
    fs.writeFileSync(faults, JSON.stringify({ rules: [], freeBytes: 1_000_000 }));
    const reserve = await c.exec(big(2));
    expect(reserve.status, describeRes(reserve)).toBe(422);
    expect(reserve.json).toMatchObject({ code: '300001' });
    expect(reserve.json!.message).toMatch(/FLOE_MIN_FREE_DISK_BYTES/);
    expect(fs.readdirSync(resultsDir)).toEqual([]);
    // Space back: the same statement stores its result.
    fs.writeFileSync(faults, JSON.stringify({ rules: [] }));
    const fine = await c.ok(big(3));
    expect(fine.resultSetMetaData!.partitionInfo!.length).toBeGreaterThan(1);
    expect(fs.readdirSync(resultsDir)).toEqual([fine.statementHandle]);
    // A worksheet write the disk refuses answers 507 with the disk code; the stored list is unchanged.
    const list = await c.api('GET', '/api/console/worksheets');
    expect(list.status, describeRes(list)).toBe(200);
    fs.writeFileSync(faults, JSON.stringify({ rules: [{ site: 'worksheet', fault: 'ENOSPC' }] }));
    const refused = await c.api('POST', '/api/console/worksheets', { body: { sql: 'SELECT 1' } });
    expect(refused.status, describeRes(refused)).toBe(507);
    expect(refused.json).toMatchObject({ code: '300001', sqlState: '53100' });
    fs.writeFileSync(faults, JSON.stringify({ rules: [] }));
    expect((await c.api('GET', '/api/console/worksheets')).json.worksheets).toEqual(list.json.worksheets);
    // Statement text is kept in the registry: past 16 MiB it is refused as an object too large.
    const long = await c.submit(`SELECT 1 -- ${'t'.repeat(16 * 1024 * 1024)}`);
    expect(long.status, describeRes(long).slice(0, 300)).toBe(413);
    expect(long.json).toMatchObject({ code: '300005', sqlState: '54000' });
    expect(long.json!.message).toMatch(/statement text of \d+ bytes exceeds the limit of 16777216 bytes/);
  });
});

describe('a write whose registry line fails', () => {
  test('an INSERT that committed is answered as it happened (never "failed" while its rows are there); its handle lasts until a restart', { timeout: 300_000 }, async () => {
    const faults = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'floe-faults-')), 'faults.json');
    const s = await startServer({ env: { FLOE_FAULTS_FILE: faults } });
    servers.push(s);
    const c = makeClient(s);
    await c.ok('CREATE DATABASE RF');
    const ctx = { database: 'RF', schema: 'PUBLIC' };
    await c.ok('CREATE TABLE T (N INT)', ctx);
    fs.writeFileSync(faults, JSON.stringify({ rules: [{ site: 'registry', fault: 'ENOSPC', nth: 1, times: 1 }] }));
    const ins = await c.submit('INSERT INTO T VALUES (1), (2)', ctx);
    expect(ins.status, describeRes(ins)).toBe(200);
    expect(ins.json!.data).toEqual([['2']]);
    fs.writeFileSync(faults, JSON.stringify({ rules: [] }));
    expect((await c.getStatement(ins.json!.statementHandle!)).json!.data).toEqual([['2']]);
    expect((await c.ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['2']]);
    await s.kill9();
    const again = makeClient(await startServer({ dataDir: s.dataDir }).then((x) => { servers.push(x); return x; }));
    expect((await again.ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['2']]);
  });
});
