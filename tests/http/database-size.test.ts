// FLOE_MAX_DATABASE_BYTES (issue 16; on both engines): writes that would grow the database past it fail with
// 300002 naming the limit, nothing before them is lost, shrinking makes room again, and a
// database already larger than a lowered limit still starts, reads and shrinks.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClient, type StatementJson } from './client';
import { startServer, type FloeServer } from './server-control';

const LIMIT = 2 * 1024 * 1024;
const ctx = { database: 'SIZED', schema: 'PUBLIC' };
/** ~100 KB per batch: 100 rows of 1,000 characters. */
const batch = (k: number) => `INSERT INTO R SELECT ${k * 100} + SEQ4(), RANDSTR(1000, ${k} * 1000 + SEQ4()) FROM TABLE(GENERATOR(ROWCOUNT => 100))`;
const sizeError = (bytes: number) => ({
  status: 422, code: '300002', sqlState: '53400', message: `Database size limit reached: ${bytes} bytes (FLOE_MAX_DATABASE_BYTES)`,
});

let server: FloeServer;
let c: ReturnType<typeof makeClient>;
let dataDir: string;
beforeAll(async () => {
  server = await startServer({ env: { FLOE_MAX_DATABASE_BYTES: String(LIMIT) } });
  dataDir = server.dataDir;
  c = makeClient(server);
}, 240_000);
afterAll(async () => server?.dispose());

const count = async () => (await c.ok('SELECT COUNT(*), COUNT(DISTINCT N) FROM R', ctx) as StatementJson).data;
async function restart(env: Record<string, string>): Promise<void> {
  await server.stop();
  server = await startServer({ dataDir, env });
  c = makeClient(server);
}

/** Inserts batches from `from` on until one is refused; returns how many were accepted. */
async function fill(from: number, bytes: number): Promise<number> {
  for (let k = from; ; k++) {
    const r = await c.exec(batch(k), ctx);
    if (r.status !== 200) {
      expect({ status: r.status, code: r.json?.code, sqlState: r.json?.sqlState, message: r.json?.message }).toEqual(sizeError(bytes));
      return k - from;
    }
    expect(k - from, 'batches accepted under a 2 MB limit').toBeLessThan(40);
  }
}

test('inserts past the limit fail with 300002; the rows before them stay; shrinking makes room', async () => {
  await c.ok('CREATE DATABASE SIZED');
  await c.ok('CREATE TABLE R (N INT, S VARCHAR)', ctx);
  const k = await fill(0, LIMIT);
  expect(k).toBeGreaterThan(5);
  expect(await count()).toEqual([[String(k * 100), String(k * 100)]]);
  // Still full: the next write fails alike.
  const again = await c.exec(batch(k), ctx);
  expect({ status: again.status, code: again.json?.code }).toEqual({ status: 422, code: '300002' });

  await c.ok(`DELETE FROM R WHERE N >= ${(k - 3) * 100}`, ctx);
  await c.ok(batch(k - 3), ctx);
  expect(await count()).toEqual([[String((k - 2) * 100), String((k - 2) * 100)]]);

  await restart({ FLOE_MAX_DATABASE_BYTES: String(LIMIT) });
  expect(await count()).toEqual([[String((k - 2) * 100), String((k - 2) * 100)]]);
  // The limit holds after a restart too; nothing accepted is lost.
  const more = await fill(k - 2, LIMIT);
  expect(more).toBeLessThan(4);
  expect(await count()).toEqual([[String((k - 2 + more) * 100), String((k - 2 + more) * 100)]]);
}, 300_000);

test('a database larger than a lowered limit starts, warns, reads, shrinks, and does not grow', async () => {
  const lowered = 1024 * 1024;
  await restart({ FLOE_MAX_DATABASE_BYTES: String(lowered) });
  expect(server.log()).toMatch(/the database \(\d+ bytes\) is larger than FLOE_MAX_DATABASE_BYTES \(1048576 bytes\)/);
  const [[rows]] = (await count())!;
  expect(Number(rows)).toBeGreaterThan(500);
  const grow = await c.exec('CREATE TABLE MORE AS SELECT * FROM R', ctx);
  expect({ status: grow.status, code: grow.json?.code, message: grow.json?.message }).toEqual({
    status: 422, code: '300002', message: sizeError(lowered).message,
  });
  // Inside a transaction too; SQLite may roll the whole transaction back then, and whatever it
  // did, every replica and a restart agree on it.
  const inTxn = await c.exec("BEGIN; INSERT INTO R VALUES (-5, 'in a transaction'); CREATE TABLE MORE AS SELECT * FROM R; COMMIT", { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 4 } });
  // A failed statement of a multi-statement request is reported inside Snowflake's 100132.
  expect({ status: inTxn.status, code: inTxn.json?.code }, inTxn.text).toEqual({ status: 422, code: '100132' });
  expect(inTxn.json?.message).toContain(sizeError(lowered).message);
  const txnRows = async () => (await c.ok('SELECT COUNT(*) FROM R WHERE N = -5', ctx)).data;
  const seen = await txnRows();
  for (let i = 0; i < 3; i++) expect(await txnRows()).toEqual(seen);
  await restart({ FLOE_MAX_DATABASE_BYTES: String(lowered) });
  expect(await txnRows()).toEqual(seen);
  // Deleting frees pages inside the file: writes that fit in them are taken again.
  await c.ok('DELETE FROM R WHERE N < 300', ctx);
  await c.ok(batch(0), ctx);
  await c.ok('TRUNCATE TABLE R', ctx);
  expect(await count()).toEqual([['0', '0']]);
  await c.ok(batch(1), ctx);
  expect(await count()).toEqual([['100', '100']]);
}, 300_000);
