// Bounded storage, on private servers: stored results stay under FLOE_MAX_RESULTS_BYTES (the
// oldest finished evicted, their handles answering 422 300004) and the registry is compacted while
// serving. Failed writes of these files: state-file-faults.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { describeRes, makeClient } from './client';
import { expectWholeLines, registryFile } from './registry-file';
import { startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

/** Bytes of every file under `dir`. */
function treeBytes(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    n += e.isDirectory() ? treeBytes(p) : fs.statSync(p).size;
  }
  return n;
}

/** ~100 KB of JSON rows: more than an inline first partition, so the result is a file. */
const fileResult = (i: number) => `SELECT ${i} AS run, SEQ4() AS n, REPEAT('x', 100) AS pad FROM TABLE(GENERATOR(ROWCOUNT => 900))`;
/** ~55 KB: kept inline in the statement's registry line. */
const inlineResult = (i: number) => `SELECT ${i} AS run, SEQ4() AS n, REPEAT('y', 100) AS pad FROM TABLE(GENERATOR(ROWCOUNT => 450))`;

describe('results store cap and registry compaction', () => {
  const CAP = 300_000;
  let s: FloeServer;
  let c: ReturnType<typeof makeClient>;
  const evictedSeen = new Set<string>();
  let fileHandles: string[] = [];
  let inlineHandles: string[] = [];

  test('older results are evicted past FLOE_MAX_RESULTS_BYTES: 422 300004 with the handle; the newest reads; the results dir stays under the cap', { timeout: 300_000 }, async () => {
    s = await startServer({ env: { FLOE_MAX_RESULTS_BYTES: String(CAP) } });
    servers.push(s);
    c = makeClient(s);
    // A cacheable query (USE_CACHED_RESULT): once its stored result is evicted, a repeat runs again.
    const probe = "SELECT 'cache probe' AS what, 42 AS answer";
    const probed = await c.ok(probe);
    const first = await c.ok(fileResult(0));
    expect(first.resultSetMetaData!.partitionInfo![0].uncompressedSize).toBeGreaterThan(64 * 1024);
    fileHandles = [first.statementHandle!];
    for (let i = 1; i < 8; i++) {
      const r = await c.ok(fileResult(i));
      fileHandles.push(r.statementHandle!);
      await expect.poll(() => treeBytes(path.join(s.dataDir, 'results'))).toBeLessThanOrEqual(CAP);
    }
    // The newest reads in full; the oldest are evicted, with a clear error naming the limit.
    const newest = await c.getStatement(fileHandles[7]);
    expect(newest.status, describeRes(newest)).toBe(200);
    expect(newest.json!.data).toHaveLength(900);
    for (const h of fileHandles.slice(0, 4)) {
      const res = await c.getStatement(h);
      expect(res.status, describeRes(res)).toBe(422);
      expect(res.json).toMatchObject({ code: '300004', sqlState: '53400', statementHandle: h });
      expect(res.json!.message).toMatch(new RegExp(`${CAP} bytes \\(FLOE_MAX_RESULTS_BYTES\\)`));
      // A later partition and RESULT_SCAN answer alike; the statement is still known to QUERY_HISTORY.
      expect((await c.getStatement(h, { partition: 0 })).json).toMatchObject({ code: '300004' });
      const scan = await c.exec(`SELECT COUNT(*) FROM TABLE(RESULT_SCAN('${h}'))`);
      expect(scan.status, describeRes(scan)).toBe(422);
      expect(scan.json).toMatchObject({ code: '300004' });
      evictedSeen.add(h);
    }
    expect((await c.getStatement(probed.statementHandle!)).json).toMatchObject({ code: '300004' });
    const repeat = await c.exec(probe);
    expect(repeat.status, describeRes(repeat)).toBe(200);
    expect(repeat.json!.data).toEqual([['cache probe', '42']]);
    const history = await c.ok('SELECT QUERY_ID FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 100))');
    const listed = new Set(history.data!.map((r) => r[0]));
    for (const h of fileHandles) expect(listed.has(h)).toBe(true);
  });

  // (On PostgreSQL the records are its rows and the node keeps no registry file: the same handles answer the same after a restart, from PostgreSQL.)
  const onPostgres = !!inject('FLOE_PG_URL');
  test('the registry is compacted while serving (superseded lines reclaimed); every handle answers the same after a restart', { timeout: 400_000 }, async () => {
    // Each result is kept inline in its line; evicting it supersedes that line by a short one.
    for (let i = 0; i < 110; i++) inlineHandles.push((await c.ok(inlineResult(i))).statementHandle!);
    const appended = 110 * 50_000;
    if (onPostgres) expect(fs.existsSync(registryFile(s))).toBe(false);
    else {
      // Without compaction the file would hold every ~55 KB line appended.
      await expect.poll(() => fs.statSync(registryFile(s)).size, { timeout: 30_000 }).toBeLessThan(appended / 2);
      expectWholeLines(s);
    }
    const answers = async (cl: ReturnType<typeof makeClient>) => {
      const out: Record<string, number> = {};
      for (const h of [...fileHandles, ...inlineHandles]) {
        const res = await cl.getStatement(h);
        expect([200, 422], describeRes(res)).toContain(res.status);
        if (res.status === 422) expect(res.json).toMatchObject({ code: '300004', statementHandle: h });
        else expect(res.json!.data!.length).toBeGreaterThan(0);
        out[h] = res.status;
      }
      return out;
    };
    const before = await answers(c);
    expect(before[inlineHandles[109]]).toBe(200);
    expect(before[inlineHandles[0]]).toBe(422);
    for (const h of evictedSeen) expect(before[h]).toBe(422);

    await s.stop();
    const again = await startServer({ dataDir: s.dataDir, env: { FLOE_MAX_RESULTS_BYTES: String(CAP) } });
    servers.push(again);
    expect(await answers(makeClient(again))).toEqual(before);
    expect(treeBytes(path.join(again.dataDir, 'results'))).toBeLessThanOrEqual(CAP);
    if (!onPostgres) expectWholeLines(again);
  });
});
