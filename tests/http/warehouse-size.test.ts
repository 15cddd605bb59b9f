// A warehouse's size bounds how many reader workers its statements hold at once: a private server
// where X-Small gets one reader (FLOE_XSMALL_READERS=1), so two reads on X-Small take turns and
// two on Small run side by side.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeRes, makeClient } from './client';
import { uniqueName } from './helpers';
import { startServer, type FloeServer } from './server-control';

let server: FloeServer;
let c: ReturnType<typeof makeClient>;

beforeAll(async () => {
  server = await startServer({ env: { FLOE_XSMALL_READERS: '1', FLOE_MAX_READERS: '4' } });
  c = makeClient(server);
});
afterAll(async () => server?.dispose());

/** Runs two 2-second reads on the warehouse at once; returns the wall time and the load seen meanwhile. */
async function twoReads(wh: string): Promise<{ ms: number; load: unknown[] }> {
  const t0 = Date.now();
  const handles = await Promise.all([1, 2].map(async () => {
    const res = await c.submit('SELECT SYSTEM$WAIT(2)', { warehouse: wh, async: true });
    expect(res.status, describeRes(res)).toBe(202);
    return res.json!.statementHandle!;
  }));
  await new Promise((r) => setTimeout(r, 500));
  const shown = await c.ok(`SHOW WAREHOUSES LIKE '${wh}'`);
  const names = shown.resultSetMetaData!.rowType.map((r) => r.name);
  const load = ['running', 'queued'].map((n) => shown.data![0][names.indexOf(n)]);
  for (const h of handles) expect((await c.poll(h)).status).toBe(200);
  return { ms: Date.now() - t0, load };
}

test('X-Small with one reader runs its reads one after the other; Small (two readers) runs them together', async () => {
  const wh = uniqueName('WH');
  await c.ok(`CREATE WAREHOUSE ${wh} WITH WAREHOUSE_SIZE = XSMALL MAX_CONCURRENCY_LEVEL = 8`);
  const xs = await twoReads(wh);
  expect(xs.load).toEqual(['1', '1']);
  expect(xs.ms).toBeGreaterThanOrEqual(3900);
  await c.ok(`ALTER WAREHOUSE ${wh} SET WAREHOUSE_SIZE = SMALL`);
  const small = await twoReads(wh);
  // Both at once (the time is not asserted: a loaded machine may stretch it).
  expect(small.load).toEqual(['2', '0']);
  // Writes do not hold readers: on X-Small, a write is not behind a running read.
  await c.ok(`ALTER WAREHOUSE ${wh} SET WAREHOUSE_SIZE = XSMALL`);
  await c.ok(`CREATE DATABASE ${wh}_DB`);
  await c.ok('CREATE TABLE T (A INT)', { database: `${wh}_DB`, schema: 'PUBLIC' });
  const read = (await c.submit('SELECT SYSTEM$WAIT(6)', { warehouse: wh, async: true })).json!.statementHandle!;
  const insert = await c.submit('INSERT INTO T VALUES (1)', { warehouse: wh, database: `${wh}_DB`, schema: 'PUBLIC' });
  expect(insert.status, describeRes(insert)).toBe(200);
  expect((await c.getStatement(read)).status).toBe(202);
  expect((await c.poll(read)).status).toBe(200);
});
