// A compile worker's heap is bounded (FLOE_COMPILE_WORKER_MEMORY_MB, here its minimum): a
// statement whose parse and compile needs more fails with 300003 naming the setting, never hangs;
// the worker is replaced, other requests are answered meanwhile, and large statements after it
// compile as before.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { startServer, type FloeServer } from './server-control';

const MEMORY_MB = 64;

let server: FloeServer;
let client: ReturnType<typeof makeClient>;

beforeAll(async () => {
  server = await startServer({ env: { FLOE_COMPILE_WORKER_MEMORY_MB: String(MEMORY_MB) } });
  client = makeClient(server);
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

/** A select list of n computed items: ~20 bytes of text each, far more as a syntax tree (the parser's JSON, then objects). */
const wide = (n: number) => `SELECT ${Array.from({ length: n }, (_, i) => `${i} + 1 AS C${i}`).join(', ')}`;

test('a statement whose compile needs more heap than a compile worker has gets 300003; the worker is replaced', async () => {
  await client.ok('CREATE DATABASE LIMITS');
  const ctx = { database: 'LIMITS', schema: 'PUBLIC' };
  await client.ok('CREATE TABLE T (N INT)', ctx);
  let bigDone = false;
  const big = client.exec(wide(250_000), { pollTimeoutMs: 600_000 }).finally(() => { bigDone = true; });
  // Short statements compile on the request thread and run meanwhile.
  expect((await client.ok('SELECT 1')).data).toEqual([['1']]);
  const r = await big;
  expect(bigDone).toBe(true);
  expect(r.status).toBe(422);
  expect([r.json!.code, r.json!.sqlState]).toEqual(['300003', '53200']);
  expect(r.json!.message).toBe(`Statement memory limit reached: compiling the statement needs more than ${MEMORY_MB} MB (FLOE_COMPILE_WORKER_MEMORY_MB)`);
  expect(r.json!.statementHandle).toBeTypeOf('string');
  // Large statements after it compile on a fresh worker.
  const values = Array.from({ length: 3000 }, (_, i) => `(${i + 1})`).join(', ');
  expect((await client.ok(`INSERT INTO T VALUES ${values}`, ctx)).data).toEqual([['3000']]);
  expect((await client.ok(`SELECT COUNT(*), SUM(N) FROM T WHERE '${'x'.repeat(20_000)}' <> ''`, ctx)).data).toEqual([['3000', String((3000 * 3001) / 2)]]);
  // And the same statement fails the same way again (no worker is left broken or waiting).
  const again = await client.exec(wide(250_000), { pollTimeoutMs: 600_000 });
  expect([again.status, again.json!.code]).toEqual([422, '300003']);
}, 600_000);
