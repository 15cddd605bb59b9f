// One statement never breaks the engine for everyone (issue 16): a replica that traps is answered
// for and replaced, never reused; a statement that needs more memory than
// FLOE_MAX_STATEMENT_MEMORY_BYTES fails with that limit's error; a function result too big for
// the engine is Snowflake's 100082. Meanwhile another user's table reads all succeed.
// A private server with a low memory limit, and an engine fault (FLOE_FAULTS_FILE) that makes the
// replica running a statement containing FLOE_TRAP_PROBE trap for real (a WebAssembly trap).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addPat, createUser } from './auth-keys';
import { makeClient, type StatementResponse } from './client';
import { startServer, type FloeServer } from './server-control';

const MEMORY = 32 * 1024 * 1024;
const ctx = { database: 'HEALTH', schema: 'PUBLIC' };

let server: FloeServer;
let admin: ReturnType<typeof makeClient>;
let other: ReturnType<typeof makeClient>;
let faultsDir: string;

beforeAll(async () => {
  faultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-faults-'));
  const faults = path.join(faultsDir, 'faults.json');
  fs.writeFileSync(faults, JSON.stringify({ rules: [], engine: [{ fault: 'trap', match: 'FLOE_TRAP_PROBE' }] }));
  server = await startServer({ env: { FLOE_MAX_STATEMENT_MEMORY_BYTES: String(MEMORY), FLOE_FAULTS_FILE: faults } });
  admin = makeClient(server);
  await admin.ok('CREATE DATABASE HEALTH');
  await admin.ok('CREATE TABLE T (N INT, S VARCHAR)', ctx);
  await admin.ok("INSERT INTO T SELECT SEQ4(), 'row' FROM TABLE(GENERATOR(ROWCOUNT => 1000))", ctx);
  const user = await createUser({ baseUrl: server.url, token: server.token });
  other = makeClient({ url: server.url, token: (await addPat(user, { baseUrl: server.url, token: server.token })).secret });
}, 240_000);

afterAll(async () => {
  await server?.dispose();
  if (faultsDir) fs.rmSync(faultsDir, { recursive: true, force: true });
});

const outcome = (r: StatementResponse) => (r.status === 200 ? 'ok' : `${r.status} ${r.json?.code} ${r.json?.message}`);

/** Runs `work` while the other user reads the table in a loop; returns every read's outcome. */
async function whileOthersRead(work: () => Promise<void>): Promise<string[]> {
  let done = false;
  const outcomes: string[] = [];
  const reads = (async () => {
    while (!done) {
      const r = await other.exec('SELECT COUNT(*) FROM T', ctx);
      outcomes.push(r.status === 200 && r.json?.data?.[0]?.[0] === '1000' ? 'ok' : outcome(r));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await reads;
  }
  // And afterwards: every reader the other user can get is a healthy one.
  for (let i = 0; i < 6; i++) outcomes.push(outcome(await other.exec('SELECT COUNT(*) FROM T', ctx)));
  return outcomes;
}

const allOk = (outcomes: string[]) => expect(outcomes.filter((o) => o !== 'ok'), `${outcomes.length} reads`).toEqual([]);

test('a read that traps its replica is answered, the replica is replaced, and nobody else sees it', async () => {
  const reads = await whileOthersRead(async () => {
    for (let i = 0; i < 4; i++) {
      const r = await admin.exec("SELECT COUNT(*) FROM T WHERE S <> 'FLOE_TRAP_PROBE'", ctx);
      expect({ status: r.status, code: r.json?.code }, outcome(r)).toEqual({ status: 422, code: '000603' });
      expect(r.json?.message).toMatch(/replica .*failed and was replaced/);
    }
  });
  allOk(reads);
  expect(server.log()).toMatch(/engine replica failed \(.*out of bounds.*\); replacing it/);
  expect((await admin.ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['1000']]);
}, 180_000);

test('a write that traps the writer is not committed; the writer is rebuilt with every committed row', async () => {
  const reads = await whileOthersRead(async () => {
    const r = await admin.exec("INSERT INTO T VALUES (-1, 'FLOE_TRAP_PROBE')", ctx);
    expect({ status: r.status, code: r.json?.code }, outcome(r)).toEqual({ status: 422, code: '000603' });
  });
  allOk(reads);
  await admin.ok('CREATE TABLE W (N INT)', ctx);
  await admin.ok('INSERT INTO W VALUES (1), (2)', ctx);
  expect((await admin.ok('SELECT COUNT(*) FROM T WHERE N < 0', ctx)).data).toEqual([['0']]);
  expect((await admin.ok('SELECT SUM(N) FROM W', ctx)).data).toEqual([['3']]);
}, 180_000);

test('statements past the memory limit get its error, again and again, and others read on', async () => {
  const limit = { status: 422, code: '300003', sqlState: '53200', message: `Statement memory limit reached: ${MEMORY} bytes (FLOE_MAX_STATEMENT_MEMORY_BYTES)` };
  const reads = await whileOthersRead(async () => {
    for (const sql of [
      // SQLite's own heap (json_group_array of 3M values) reaches the limit.
      'SELECT ARRAY_SIZE(ARRAY_AGG(SEQ4())) FROM TABLE(GENERATOR(ROWCOUNT => 3000000))',
      // The collected values would take more than the limit once parsed.
      'SELECT ARRAY_SIZE(ARRAY_AGG(SEQ4())) FROM TABLE(GENERATOR(ROWCOUNT => 1000000))',
      "SELECT LENGTH(LISTAGG(RANDSTR(100, SEQ4()), ',')) FROM TABLE(GENERATOR(ROWCOUNT => 300000))",
      'SELECT ARRAY_SIZE(ARRAY_AGG(SEQ4())) FROM TABLE(GENERATOR(ROWCOUNT => 1000000))',
    ]) {
      const r = await admin.exec(sql, ctx);
      expect({ status: r.status, code: r.json?.code, sqlState: r.json?.sqlState, message: r.json?.message }, sql).toEqual(limit);
    }
  });
  allOk(reads);
}, 300_000);

test('a function result larger than the engine can pass on is 100082, and the replica stays usable', async () => {
  const reads = await whileOthersRead(async () => {
    for (const sql of [
      'SELECT ARRAY_SIZE(ARRAY_AGG(RANDSTR(1000, SEQ4()))) FROM TABLE(GENERATOR(ROWCOUNT => 5000))',
      "SELECT LENGTH(REPEAT('x', 6000000))",
      "SELECT LENGTH(LISTAGG(RANDSTR(1000, SEQ4()), ',')) FROM TABLE(GENERATOR(ROWCOUNT => 5000))",
    ]) {
      for (let i = 0; i < 2; i++) {
        const r = await admin.exec(sql, ctx);
        expect({ status: r.status, code: r.json?.code }, `${sql}: ${outcome(r)}`).toEqual({ status: 422, code: '100082' });
        expect(r.json?.message).toMatch(/^Max LOB size \(4194304\) exceeded, actual size of parsed column is \d+$/);
      }
    }
  });
  allOk(reads);
  // Just below the bound still works.
  expect((await admin.ok("SELECT LENGTH(REPEAT('x', 4000000))", ctx)).data).toEqual([['4000000']]);
}, 300_000);
