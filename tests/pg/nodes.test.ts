// Two real Floe servers (nodes A and B) on one PostgreSQL database (FLOE_ENGINE=postgres://…):
// a statement submitted on one node is polled, its partitions fetched and it is cancelled on the
// other; a requestId retry landing on the other node is recognised; a node killed with -9 during
// an async statement leaves it failed ("lost") for the other once its lease ends, never re-run.
// A catalog, grant or token change made on one node holds on the other at once (no waiting).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeRes, makeClient } from '../http/client';
import { consoleSignIn } from '../http/console-login';
import { startServer, type FloeServer } from '../http/server-control';
import { freshDatabase, outside } from './cluster';

const LEASE_S = 2;
let a: FloeServer;
let b: FloeServer;
let A: ReturnType<typeof makeClient>;
let B: ReturnType<typeof makeClient>;
let url: string;
let password: string;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

beforeAll(async () => {
  url = await freshDatabase();
  // The same account on both nodes: the same admin token and the shared session secret.
  const token = `floe_pat_${randomBytes(24).toString('hex')}`;
  password = `pw_${randomBytes(12).toString('hex')}`;
  const env = { FLOE_ENGINE: url, NEXTAUTH_SECRET: randomBytes(32).toString('base64url'), FLOE_NODE_LEASE_S: String(LEASE_S) };
  [a, b] = await Promise.all([startServer({ token, password, env }), startServer({ token, password, env })]);
  A = makeClient({ url: a.url, token });
  B = makeClient({ url: b.url, token });
}, 400_000);

afterAll(async () => {
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

test('a catalog change on A holds on B at once: a table, a token, grants, a revoke, a dropped user', async () => {
  const id = randomBytes(4).toString('hex').toUpperCase();
  const [db, role, user] = [`CAT_${id}`, `R_${id}`, `U_${id}`];
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
  expect(refused.json!.code).toMatch(/^(002003|003001)$/);

  await A.ok(`DROP USER ${user}`);
  const gone = await B.exec('SELECT 1', { token: secret });
  expect(gone.status, describeRes(gone)).toBe(401);
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

test('A killed with -9 during an async statement: B answers it failed (lost) once the lease ends, and it never runs again', async () => {
  const posted = await A.submit('SELECT SYSTEM$WAIT(60)', { async: true });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  expect((await B.getStatement(handle)).status).toBe(202);
  await a.kill9();
  const res = await B.poll(handle, { pollTimeoutMs: 30_000 });
  expect(res.status, describeRes(res)).toBe(422);
  expect(res.json).toMatchObject({ code: '000603', sqlState: 'XX000', statementHandle: handle });
  expect(res.json!.message).toMatch(/statement lost: the Floe node that ran it .* stopped before it finished/);
  // Failed for good: nobody runs it again, and it stays failed past another lease.
  await sleep(LEASE_S * 1000 + 500);
  expect((await B.getStatement(handle)).json).toMatchObject({ code: '000603' });
  const db = await outside(url);
  try {
    const row = (await db.query('SELECT status, owner FROM floe_state.statements WHERE handle = $1', [handle])).rows[0];
    expect(row).toEqual({ status: 'failed', owner: null });
  } finally {
    await db.end();
  }
}, 90_000);
