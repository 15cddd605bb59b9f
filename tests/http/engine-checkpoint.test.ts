// Engine behaviour around checkpoints, on a private server (nothing else writes to it).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { startServer, type FloeServer } from './server-control';

let server: FloeServer;
let c: ReturnType<typeof makeClient>;
beforeAll(async () => {
  server = await startServer();
  c = makeClient(server);
});
afterAll(async () => server?.dispose());

const images = () => fs.readdirSync(path.join(server.dataDir, 'engine')).filter((f) => /^image-\d+\.sqlite$/.test(f)).sort();

test('a write sent while a checkpoint runs is answered without waiting for another write', async () => {
  await c.ok('CREATE DATABASE CP');
  const ctx = { database: 'CP', schema: 'PUBLIC' };
  await c.ok('CREATE TABLE D (N INT)', ctx);
  await c.ok(`INSERT INTO D VALUES ${Array.from({ length: 1000 }, (_, i) => `(${i})`).join(',')}`, ctx);
  const imagesBefore = images();
  // The engine checkpoints once the journal tail would take over 250 ms to replay (CHECKPOINT_COST_MS).
  // The 1M rows alone took 238 ms on a writer with a core to itself; the wait makes it more on any host.
  await c.ok("CREATE TABLE BIG AS SELECT a.N * 1000 + b.N AS N FROM D a, D b WHERE (SELECT SYSTEM$WAIT(400, 'MILLISECONDS')) IS NOT NULL", ctx);
  const t0 = Date.now();
  await c.ok('CREATE TABLE AFTER_CP (A INT)', ctx);
  await c.ok('INSERT INTO AFTER_CP VALUES (1)', ctx);
  expect(Date.now() - t0).toBeLessThan(20_000);
  // The checkpoint did run (these writes waited for it).
  expect(images()).not.toEqual(imagesBefore);
  expect((await c.ok('SELECT COUNT(*) FROM BIG', ctx)).data).toEqual([['1000000']]);
});
