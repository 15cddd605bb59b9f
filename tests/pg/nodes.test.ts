// Two real Floe servers (nodes A and B) on one PostgreSQL database (FLOE_ENGINE=postgres://…):
// a statement submitted on one node is polled, its partitions fetched and it is cancelled on the
// other; a requestId retry landing on the other node is recognised; a node killed with -9 during
// an async statement leaves it failed ("lost") for the other once its lease ends, never re-run.
// A catalog, grant or token change made on one node holds on the other at once (no waiting).
// Admission is global: MAX_CONCURRENCY_LEVEL and the per-user running limit count both nodes'
// statements, and a dead node's stop counting when its lease ends. A write on one node is seen
// by the same query on the other (no stale cached result); RESULT_SCAN and QUERY_HISTORY reach
// the other node's statements; temporary tables stay their session's, and a dead node's are
// dropped by the other. Sequence and identity values taken on both nodes at once never repeat.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeRes, makeClient } from '../http/client';
import { consoleSignIn } from '../http/console-login';
import { startServer, type FloeServer } from '../http/server-control';
import { freshDatabase, outside } from './cluster';

// (Short, so that a dead node's lease ends quickly; not 2 s: under the whole suite's load a
// renewal every 667 ms was once late enough for the other node to declare A's statement lost.)
const LEASE_S = 4;
/** FLOE_MAX_RUNNING_PER_USER on both nodes (ADMIN runs at most this many statements at once over both). */
const PER_USER = 3;
let a: FloeServer;
let b: FloeServer;
let A: ReturnType<typeof makeClient>;
let B: ReturnType<typeof makeClient>;
let url: string;
let password: string;
/** B's fault plan (lib/storage/faults.ts): while it says so, B ignores other nodes' catalog notices. */
const bFaults = path.join(os.tmpdir(), `floe-nodes-faults-${process.pid}.json`);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until `cond` holds (polling), failing after `ms`. */
async function until(what: string, cond: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`not reached: ${what}`);
    await sleep(100);
  }
}

/** A statement started asynchronously (never answered from a cached result); its handle. */
async function start(node: typeof A, sql: string, o: Parameters<typeof A.submit>[1] = {}): Promise<string> {
  const res = await node.submit(sql, { async: true, ...o, parameters: { USE_CACHED_RESULT: 'FALSE', ...o.parameters } });
  expect(res.status, describeRes(res)).toBe(202);
  return res.json!.statementHandle!;
}

/** QUERY_HISTORY's EXECUTION_STATUS of a statement, as `node` reports it. */
async function historyStatus(node: typeof A, handle: string): Promise<string | null> {
  const j = await node.ok(`SELECT EXECUTION_STATUS FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_ID = '${handle}'`);
  return j.data![0]?.[0] ?? null;
}

/** Runs `sql` in kept session `id` ('new' starts one) on `node`; the answer and the session's id. */
async function inSession(node: typeof A, id: string, sql: string): Promise<{ res: Awaited<ReturnType<typeof A.poll>>; id: string }> {
  const headers = { 'x-floe-session': id };
  const posted = await node.submit(sql, { headers });
  const res = posted.status === 202 ? await node.poll(posted.json!.statementHandle!, { headers }) : posted;
  return { res, id: posted.headers.get('x-floe-session') ?? id };
}

beforeAll(async () => {
  url = await freshDatabase();
  // The same account on both nodes: the same admin token and the shared session secret.
  const token = `floe_pat_${randomBytes(24).toString('hex')}`;
  password = `pw_${randomBytes(12).toString('hex')}`;
  const env = { FLOE_ENGINE: url, NEXTAUTH_SECRET: randomBytes(32).toString('base64url'), FLOE_NODE_LEASE_S: String(LEASE_S), FLOE_MAX_RUNNING_PER_USER: String(PER_USER) };
  [a, b] = await Promise.all([startServer({ token, password, env }), startServer({ token, password, env: { ...env, FLOE_FAULTS_FILE: bFaults } })]);
  A = makeClient({ url: a.url, token });
  B = makeClient({ url: b.url, token });
}, 400_000);

afterAll(async () => {
  fs.rmSync(bFaults, { force: true });
  await Promise.all([a?.dispose(), b?.dispose()]);
}, 60_000);

test('a node refuses to start on shared state without the shared console session secret', async () => {
  const res = await startServer({ env: { FLOE_ENGINE: url, NEXTAUTH_SECRET: undefined }, timeoutMs: 120_000 }).then(
    (s) => s.dispose().then(() => 'started'), (e: Error) => e.message);
  expect(res).toMatch(/set NEXTAUTH_SECRET \(at least 32 characters, the same on every node\)/);
}, 200_000);

test('submitted async on A: polled on B, every partition fetched on B equals A\'s', async () => {
  const sql = "SELECT SEQ4() AS N, REPEAT('x', 40) || SEQ4() AS S FROM TABLE(GENERATOR(ROWCOUNT => 60000))";
  const posted = await A.submit(sql, { async: true });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  const onB = await B.poll(handle, { pollTimeoutMs: 120_000 });
  expect(onB.status, describeRes(onB)).toBe(200);
  const parts = onB.json!.resultSetMetaData!.partitionInfo!;
  expect(parts.length).toBeGreaterThanOrEqual(2);
  expect(onB.json!.resultSetMetaData!.numRows).toBe(60000);
  let rows = onB.json!.data!.length;
  for (let k = 1; k < parts.length; k++) {
    const [fromB, fromA] = await Promise.all([B.getStatement(handle, { partition: k }), A.getStatement(handle, { partition: k })]);
    expect(fromB.status, describeRes(fromB)).toBe(200);
    expect(fromB.text).toBe(fromA.text);
    expect(fromB.json!.data).toHaveLength(parts[k].rowCount);
    rows += fromB.json!.data!.length;
  }
  expect(rows).toBe(60000);
  expect((await B.getStatement(handle, { partition: parts.length })).json).toMatchObject({ code: '000710' });
});

/**
 * Catalog changes made on A, each checked on B's very next request: a table (written on B), a
 * token, a role grant and object grants, a revoke, a dropped table, and dropped users' tokens on
 * a request that runs a statement and on one that does not (a handle's status).
 */
async function catalogChangesHoldOnB(prefix: string): Promise<void> {
  const id = randomBytes(4).toString('hex').toUpperCase();
  const [db, role, user] = [`${prefix}_${id}`, `R_${id}`, `U_${id}`];
  await A.ok(`CREATE DATABASE ${db}`);
  await A.ok(`CREATE TABLE ${db}.PUBLIC.T (N INT)`);
  expect((await B.exec(`INSERT INTO ${db}.PUBLIC.T VALUES (1), (2)`)).status).toBe(200);
  expect((await B.ok(`SELECT SUM(N) FROM ${db}.PUBLIC.T`)).data).toEqual([['3']]);

  await A.ok(`CREATE ROLE ${role}`);
  await A.ok(`CREATE USER ${user} DEFAULT_ROLE=PUBLIC DEFAULT_WAREHOUSE=COMPUTE_WH`);
  const secret = (await A.ok(`ALTER USER ${user} ADD PROGRAMMATIC ACCESS TOKEN P_${id}`)).data![0][1]!;
  const asUser = (sql: string) => B.exec(sql, { token: secret, role });
  // The token made on A authenticates on B; the role is not the user's yet.
  expect((await B.exec('SELECT 1', { token: secret })).status).toBe(200);
  expect((await asUser('SELECT 1')).status).not.toBe(200);

  await A.ok(`GRANT ROLE ${role} TO USER ${user}`);
  for (const g of [`USAGE ON DATABASE ${db}`, `USAGE ON SCHEMA ${db}.PUBLIC`, `SELECT ON TABLE ${db}.PUBLIC.T`]) await A.ok(`GRANT ${g} TO ROLE ${role}`);
  const allowed = await asUser(`SELECT COUNT(*) FROM ${db}.PUBLIC.T`);
  expect(allowed.status, describeRes(allowed)).toBe(200);
  expect(allowed.json!.data).toEqual([['2']]);

  await A.ok(`REVOKE SELECT ON TABLE ${db}.PUBLIC.T FROM ROLE ${role}`);
  const refused = await asUser(`SELECT COUNT(*) FROM ${db}.PUBLIC.T`);
  expect(refused.status, describeRes(refused)).toBe(422);
  expect(refused.json!.code).toBe('002003'); // (Snowflake: "does not exist or not authorized")

  await A.ok(`DROP TABLE ${db}.PUBLIC.T`);
  const dropped = await B.exec(`SELECT COUNT(*) FROM ${db}.PUBLIC.T`);
  expect(dropped.status, describeRes(dropped)).toBe(422);
  expect(dropped.json!.code).toBe('002003');

  await A.ok(`CREATE USER ${user}_2 DEFAULT_ROLE=PUBLIC DEFAULT_WAREHOUSE=COMPUTE_WH`);
  const secret2 = (await A.ok(`ALTER USER ${user}_2 ADD PROGRAMMATIC ACCESS TOKEN P2_${id}`)).data![0][1]!;
  const handle = (await B.exec('SELECT 1', { token: secret })).json!.statementHandle!;
  await A.ok(`DROP USER ${user}`);
  const polled = await B.getStatement(handle, { token: secret });
  expect(polled.status, describeRes(polled)).toBe(401);
  expect((await B.exec('SELECT 1', { token: secret2 })).status).toBe(200);
  await A.ok(`DROP USER ${user}_2`);
  const gone = await B.exec('SELECT 1', { token: secret2 });
  expect(gone.status, describeRes(gone)).toBe(401);
}

test('a catalog change on A holds on B at once: a table, a token, grants, a revoke, a dropped table and user', async () => {
  await catalogChangesHoldOnB('CAT');
});

test('B deaf to catalog notices (as if late): the same changes still hold on its next request, read with its admission or its authentication', async () => {
  fs.writeFileSync(bFaults, JSON.stringify({ rules: [], catalogNotices: 'ignore' }));
  try {
    await catalogChangesHoldOnB('DEAF');
  } finally {
    fs.rmSync(bFaults, { force: true });
  }
});

test('NEXTVAL and identity values taken on A and B at once never repeat', async () => {
  const db = `SEQ_${randomBytes(4).toString('hex').toUpperCase()}`;
  await A.ok(`CREATE DATABASE ${db}`);
  await A.ok(`CREATE SEQUENCE ${db}.PUBLIC.S`);
  await A.ok(`CREATE TABLE ${db}.PUBLIC.T (ID INT AUTOINCREMENT, N INT DEFAULT ${db}.PUBLIC.S.NEXTVAL, X INT)`);
  const rows = Array.from({ length: 20 }, () => '(1)').join(', ');
  // PER_USER at once: the per-user limit counts both nodes' statements.
  const nodes = [A, B, A, B].slice(0, PER_USER);
  const taken = await Promise.all(nodes.map((node) => node.ok(`INSERT INTO ${db}.PUBLIC.T (X) VALUES ${rows}`)));
  expect(taken.map((r) => r.data)).toEqual(Array(nodes.length).fill([['20']]));
  const n = 20 * nodes.length;
  const both = await Promise.all([A.ok(`SELECT ${db}.PUBLIC.S.NEXTVAL`), B.ok(`SELECT ${db}.PUBLIC.S.NEXTVAL`)]);
  expect(both.map((r) => r.data![0][0]).sort()).toEqual([String(n + 1), String(n + 2)]);
  const counts = (await B.ok(`SELECT COUNT(DISTINCT ID), COUNT(DISTINCT N), MIN(ID), MAX(ID), MAX(N) FROM ${db}.PUBLIC.T`)).data;
  expect(counts).toEqual([[String(n), String(n), '1', String(n), String(n)]]);
});

test('an unknown handle is "not found" on every node', async () => {
  const handle = randomUUID();
  for (const node of [A, B]) expect((await node.getStatement(handle)).json).toMatchObject({ code: '000709' });
});

test('cancelled on B while it runs on A: A stops it, both nodes answer 000604', async () => {
  const posted = await A.submit('SELECT SYSTEM$WAIT(60)', { async: true });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  expect((await B.getStatement(handle)).status).toBe(202);
  const cancelled = await B.cancel(handle);
  expect(cancelled.status, describeRes(cancelled)).toBe(200);
  expect(cancelled.json).toMatchObject({ code: '000604', statementHandle: handle });
  for (const node of [B, A]) {
    const res = await node.poll(handle, { pollTimeoutMs: 10_000 });
    expect(res.status, describeRes(res)).toBe(422);
    expect(res.json).toMatchObject({ code: '000604', sqlState: '57014' });
  }
});

test('a requestId retry landing on the other node gets the first attempt\'s statement, not a second run', async () => {
  const requestId = randomUUID();
  const first = await A.submit('SELECT UUID_STRING() AS U', { requestId });
  expect(first.status, describeRes(first)).toBe(200);
  const retried = await B.submit('SELECT UUID_STRING() AS U', { requestId, retry: true });
  expect(retried.status, describeRes(retried)).toBe(200);
  expect(retried.json!.statementHandle).toBe(first.json!.statementHandle);
  expect(retried.json!.data).toEqual(first.json!.data);
  // A running first attempt: the retry on B answers its handle (202), and the end of it later.
  const slow = randomUUID();
  const running = await A.submit('SELECT SYSTEM$WAIT(2) AS W', { requestId: slow, async: true });
  const again = await B.submit('SELECT SYSTEM$WAIT(2) AS W', { requestId: slow, retry: true, async: true });
  expect(again.status, describeRes(again)).toBe(202);
  expect(again.json!.statementHandle).toBe(running.json!.statementHandle);
  expect((await B.poll(running.json!.statementHandle!)).status).toBe(200);
});

test('a console export on B streams the result A stored', async () => {
  const done = await A.submit('SELECT SEQ4() AS N FROM TABLE(GENERATOR(ROWCOUNT => 30000))');
  expect(done.status, describeRes(done)).toBe(200);
  const csv = await B.api('GET', `/api/console/statements/${done.json!.statementHandle}/export`, { query: { format: 'csv' } });
  expect(csv.status, describeRes(csv)).toBe(200);
  const lines = csv.text.trim().split('\n');
  expect(lines).toHaveLength(30001);
  expect(lines[30000].replace(/"/g, '')).toBe('29999');
});

test('worksheets are shared: made on A, listed and changed on B, a stale save on A is a conflict', async () => {
  const PATH = '/api/console/worksheets';
  const listed = await A.api('GET', PATH);
  expect(listed.status, describeRes(listed)).toBe(200);
  const made = await A.api('POST', PATH, { body: { name: 'Shared', sql: 'SELECT 1' } });
  expect(made.status, describeRes(made)).toBe(201);
  const onB = await B.api('GET', PATH);
  const w = onB.json.worksheets.find((x: { id: string }) => x.id === made.json.id);
  expect(w).toMatchObject({ name: 'Shared', sql: 'SELECT 1', version: 1 });
  expect((await B.api('PATCH', `${PATH}/${w.id}`, { body: { sql: 'SELECT 2', baseVersion: 1 } })).status).toBe(200);
  const stale = await A.api('PATCH', `${PATH}/${w.id}`, { body: { sql: 'SELECT 3', baseVersion: 1 } });
  expect(stale.status, describeRes(stale)).toBe(409);
  expect(stale.json.current).toMatchObject({ sql: 'SELECT 2', version: 2 });
});

test('a console sign-in made on A is a session on B too (one session secret)', async () => {
  const { cookie } = await consoleSignIn('ADMIN', password, a.url);
  const session = await (await fetch(`${b.url}/api/auth/session`, { headers: { cookie } })).json() as { floe?: { user?: string } };
  expect(session.floe?.user).toBe('ADMIN');
});

test('every PostgreSQL connection of the nodes cut: they reconnect by themselves, and a cancel across nodes works again', async () => {
  const db = await outside(url);
  try {
    const cut = await db.query('SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    expect(Number(cut.rows[0].n)).toBeGreaterThan(0);
  } finally {
    await db.end();
  }
  // Whatever a request meets while connections come back is a JSON error with a code, never a page.
  let posted = await A.submit('SELECT SYSTEM$WAIT(60)', { async: true });
  for (let i = 0; posted.status !== 202 && i < 20; i++) {
    expect(posted.json?.code, describeRes(posted)).toMatch(/^\d{6}$/);
    await sleep(250);
    posted = await A.submit('SELECT SYSTEM$WAIT(60)', { async: true });
  }
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  const cancelled = await B.cancel(handle);
  expect(cancelled.status, describeRes(cancelled)).toBe(200);
  const res = await A.poll(handle, { pollTimeoutMs: 10_000 });
  expect(res.json).toMatchObject({ code: '000604' });
});

test('a write on B is seen by the same query on A at once: no result A cached before it (INSERT, a transaction, TRUNCATE)', async () => {
  const db = `RC_${randomBytes(4).toString('hex').toUpperCase()}`;
  await A.ok(`CREATE DATABASE ${db}`);
  await A.ok(`CREATE TABLE ${db}.PUBLIC.T (N INT)`);
  await A.ok(`INSERT INTO ${db}.PUBLIC.T VALUES (1)`);
  // Heavy enough that an execution takes a millisecond: QUERY_HISTORY's EXECUTION_TIME 0 is a reused result.
  const q = `SELECT N, COUNT(*) AS C FROM ${db}.PUBLIC.T, TABLE(GENERATOR(ROWCOUNT => 200000)) GROUP BY N ORDER BY N`;
  const onA = async () => {
    const res = await A.ok(q);
    const hist = await A.ok(`SELECT EXECUTION_TIME FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_ID = '${res.statementHandle}'`);
    return { rows: res.data!.map((r) => r[0]), reused: hist.data![0][0] === '0' };
  };
  expect(await onA()).toEqual({ rows: ['1'], reused: false });
  // Unchanged: A answers from its cache.
  expect(await onA()).toEqual({ rows: ['1'], reused: true });
  await B.ok(`INSERT INTO ${db}.PUBLIC.T VALUES (2)`);
  expect(await onA()).toEqual({ rows: ['1', '2'], reused: false });
  await B.ok(`BEGIN; INSERT INTO ${db}.PUBLIC.T VALUES (3); COMMIT`, { parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect((await onA()).rows).toEqual(['1', '2', '3']);
  // A transaction rolled back on B changed nothing.
  await B.ok(`BEGIN; DELETE FROM ${db}.PUBLIC.T; ROLLBACK`, { parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect((await onA()).rows).toEqual(['1', '2', '3']);
  await B.ok(`TRUNCATE TABLE ${db}.PUBLIC.T`);
  expect((await onA()).rows).toEqual([]);
});

test('RESULT_SCAN on B of a statement A ran, and QUERY_HISTORY on B lists it', async () => {
  const done = await A.submit('SELECT SEQ4() AS N FROM TABLE(GENERATOR(ROWCOUNT => 30000))');
  expect(done.status, describeRes(done)).toBe(200);
  const handle = done.json!.statementHandle!;
  expect(done.json!.resultSetMetaData!.partitionInfo!.length).toBeGreaterThanOrEqual(2);
  const scan = `SELECT COUNT(*), MIN(N), MAX(N), COUNT(DISTINCT N) FROM TABLE(RESULT_SCAN('${handle}'))`;
  const scanned = await B.ok(scan);
  expect(scanned.data![0][0]).toBe('30000');
  expect(scanned.data![0][3]).toBe('30000');
  // The same answer as on the node that ran it.
  expect((await A.ok(scan)).data).toEqual(scanned.data);
  expect(await historyStatus(B, handle)).toBe('SUCCESS');
  // Another user's handle stays "not found" on B, as on A.
  const id = randomBytes(4).toString('hex').toUpperCase();
  await A.ok(`CREATE USER RS_${id} DEFAULT_ROLE=PUBLIC DEFAULT_WAREHOUSE=COMPUTE_WH`);
  const secret = (await A.ok(`ALTER USER RS_${id} ADD PROGRAMMATIC ACCESS TOKEN P_${id}`)).data![0][1]!;
  const other = await B.exec(`SELECT COUNT(*) FROM TABLE(RESULT_SCAN('${handle}'))`, { token: secret });
  expect(other.status, describeRes(other)).toBe(422);
  expect(other.json).toMatchObject({ code: '000709' });
  expect((await B.ok(`SELECT COUNT(*) FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY()) WHERE QUERY_ID = '${handle}'`, { token: secret })).data).toEqual([['0']]);
});

/** A warehouse of MAX_CONCURRENCY_LEVEL 1 over both nodes: A's statement runs (60 s) and B's (SYSTEM$WAIT(1)) waits for its place. */
async function queuedOnBBehindA(): Promise<{ first: string; second: string }> {
  const wh = `WQ_${randomBytes(4).toString('hex').toUpperCase()}`;
  await A.ok(`CREATE WAREHOUSE ${wh} WITH MAX_CONCURRENCY_LEVEL = 1`);
  const first = await start(A, 'SELECT SYSTEM$WAIT(60)', { warehouse: wh });
  await until('A\'s statement running', async () => (await historyStatus(A, first)) === 'RUNNING');
  const second = await start(B, 'SELECT SYSTEM$WAIT(1) AS W', { warehouse: wh });
  await until('B\'s statement queued', async () => (await historyStatus(B, second)) === 'QUEUED');
  return { first, second };
}

test('MAX_CONCURRENCY_LEVEL = 1 holds over both nodes: B\'s statement waits (QUEUED) while A\'s runs, and runs once it is cancelled', async () => {
  const { first, second } = await queuedOnBBehindA();
  expect((await B.getStatement(second)).status).toBe(202);
  expect((await B.cancel(first)).status).toBe(200);
  const res = await B.poll(second, { pollTimeoutMs: 30_000 });
  expect(res.status, describeRes(res)).toBe(200);
  expect(res.json!.data).toEqual([['waited 1 seconds']]);
  expect(await historyStatus(A, second)).toBe('SUCCESS');
});

test('a statement waiting on B for a place over all nodes is cancelled there at once (its wait ends), and the running one on A is untouched', async () => {
  const { first, second } = await queuedOnBBehindA();
  const t0 = Date.now();
  expect((await B.cancel(second)).status).toBe(200);
  const res = await B.poll(second, { pollTimeoutMs: 10_000 });
  expect(res.json, describeRes(res)).toMatchObject({ code: '000604' });
  expect(Date.now() - t0).toBeLessThan(5_000);
  expect(await historyStatus(A, first)).toBe('RUNNING');
  expect((await A.cancel(first)).status).toBe(200);
});

test(`the per-user running limit (${PER_USER}) counts both nodes: one more on either is 429, and room comes back when one ends`, async () => {
  const running = [await start(A, 'SELECT SYSTEM$WAIT(60)'), await start(A, 'SELECT SYSTEM$WAIT(60)'), await start(B, 'SELECT SYSTEM$WAIT(60)')];
  for (const node of [A, B]) {
    const refused = await node.submit('SELECT 1');
    expect(refused.status, describeRes(refused)).toBe(429);
  }
  expect((await B.cancel(running[0])).status).toBe(200);
  const again = await B.submit('SELECT 2 AS X');
  expect(again.status, describeRes(again)).toBe(200);
  for (const h of running.slice(1)) expect((await A.cancel(h)).status).toBe(200);
});

test(`twelve statements submitted at once over both nodes: exactly ${PER_USER} run, the others are 429, and their places are free once cancelled`, async () => {
  const all = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? B : A).submit('SELECT SYSTEM$WAIT(60)',
    { async: true, parameters: { USE_CACHED_RESULT: 'FALSE' } }).then((res) => ({ res, node: i % 3 === 0 ? B : A }))));
  const admitted = all.filter((x) => x.res.status === 202);
  expect(all.map((x) => x.res.status).sort(), all.map((x) => describeRes(x.res)).join('\n')).toEqual([...Array(PER_USER).fill(202), ...Array(12 - PER_USER).fill(429)]);
  for (const { res, node } of admitted) expect((await node.cancel(res.json!.statementHandle!)).status).toBe(200);
  const again = await A.submit('SELECT 3 AS X');
  expect(again.status, describeRes(again)).toBe(200);
});

test('a temporary table is its session\'s: another session on either node does not see it', async () => {
  const db = `TT_${randomBytes(4).toString('hex').toUpperCase()}`;
  await A.ok(`CREATE DATABASE ${db}`);
  const made = await inSession(A, 'new', `CREATE TEMPORARY TABLE ${db}.PUBLIC.TMP (N INT)`);
  expect(made.res.status, describeRes(made.res)).toBe(200);
  expect((await inSession(A, made.id, `INSERT INTO ${db}.PUBLIC.TMP VALUES (7)`)).res.status).toBe(200);
  expect((await inSession(A, made.id, `SELECT N FROM ${db}.PUBLIC.TMP`)).res.json!.data).toEqual([['7']]);
  for (const node of [A, B]) {
    expect((await node.ok(`SHOW TABLES IN DATABASE ${db}`)).data).toEqual([]);
    const res = await node.exec(`SELECT N FROM ${db}.PUBLIC.TMP`);
    expect(res.status, describeRes(res)).toBe(422);
    expect(res.json!.code).toBe('002003');
  }
  // A kept session lives on the node that made it: the other answers its id as unknown.
  expect((await B.submit('SELECT 1', { headers: { 'x-floe-session': made.id } })).json).toMatchObject({ code: '390111' });
});

test('A killed with -9 during an async statement: B answers it failed (lost) once the lease ends, and it never runs again; A\'s admission places and temporary tables are freed', async () => {
  // A kept session of A's with a temporary table (a table in PostgreSQL and a catalog row).
  const db = `KT_${randomBytes(4).toString('hex').toUpperCase()}`;
  await A.ok(`CREATE DATABASE ${db}`);
  const made = await inSession(A, 'new', `CREATE TEMPORARY TABLE ${db}.PUBLIC.TMP (N INT)`);
  expect(made.res.status, describeRes(made.res)).toBe(200);
  const pgc = await outside(url);
  const temporary = async () => (await pgc.query("SELECT id FROM _floe_tables WHERE session_id IS NOT NULL")).rows.map((r) => Number(r.id));
  const ids = await temporary();
  expect(ids.length).toBeGreaterThan(0);
  // ADMIN at his running limit, all on A.
  const posted = await A.submit('SELECT SYSTEM$WAIT(60)', { async: true });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  for (let i = 1; i < PER_USER; i++) await start(A, 'SELECT SYSTEM$WAIT(60)');
  expect((await B.submit('SELECT 1')).status).toBe(429);
  expect((await B.getStatement(handle)).status).toBe(202);
  await a.kill9();
  const res = await B.poll(handle, { pollTimeoutMs: 30_000 });
  expect(res.status, describeRes(res)).toBe(422);
  expect(res.json).toMatchObject({ code: '000603', sqlState: 'XX000', statementHandle: handle });
  expect(res.json!.message).toMatch(/statement lost: the Floe node that ran it .* stopped before it finished/);
  // Failed for good: nobody runs it again, and it stays failed past another lease.
  await sleep(LEASE_S * 1000 + 500);
  expect((await B.getStatement(handle)).json).toMatchObject({ code: '000603' });
  try {
    const row = (await pgc.query('SELECT status, owner FROM floe_state.statements WHERE handle = $1', [handle])).rows[0];
    expect(row).toEqual({ status: 'failed', owner: null });
    // A's running statements no longer count once its lease has ended.
    const free = await B.submit('SELECT 3 AS X');
    expect(free.status, describeRes(free)).toBe(200);
    // B dropped A's session's temporary table: its catalog row and its PostgreSQL table.
    await until('A\'s temporary tables dropped', async () => (await temporary()).length === 0);
    const left = await pgc.query("SELECT relname FROM pg_class WHERE relname = ANY($1::text[])", [ids.map((id) => `t${id}`)]);
    expect(left.rows).toEqual([]);
    expect((await pgc.query('SELECT count(*)::int AS n FROM floe_state.session_nodes')).rows[0].n).toBe(0);
  } finally {
    await pgc.end();
  }
}, 90_000);
