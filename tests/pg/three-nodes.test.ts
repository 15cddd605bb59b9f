// Three Floe nodes on one PostgreSQL behind HAProxy (scripts/floe-cluster.mjs: the deploy/
// compose.yaml topology from Debian's packages, with deploy/haproxy.cfg itself), spoken to
// through HAProxy and through each node's own URL: a statement submitted on A is polled on B and
// its partitions fetched on C; C cancels what runs on A; a requestId retry on another node is
// recognised; a GRANT on A holds on B at once; a node killed behind HAProxy costs the clients
// nothing; PostgreSQL stopped and started under load gives clear errors, then every node serves
// again without a restart (pool, LISTEN and leases come back); A killed with -9 during an async
// statement leaves it failed once its lease ends, run once, with no committed write lost.
//
// The cluster is this file's own (not the project's shared one): it is stopped and started here.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFloeCluster, type FloeCluster } from '../../scripts/floe-cluster.mjs';
import { LISTENER_APPLICATION_NAME } from '@/lib/statements/node-lease';
import { describeRes, makeClient, type StatementResponse } from '../http/client';

const LEASE_S = 2;
let cluster: FloeCluster;
type Client = ReturnType<typeof makeClient>;
/** Through HAProxy. */
let H: Client;
let A: Client;
let B: Client;
let C: Client;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

beforeAll(async () => {
  cluster = await startFloeCluster({ nodes: 3, leaseS: LEASE_S });
  H = makeClient({ url: cluster.url, token: cluster.token });
  [A, B, C] = cluster.nodes.map((n) => makeClient({ url: n.url, token: cluster.token }));
}, 400_000);

afterAll(async () => {
  await cluster?.stop();
}, 120_000);

/** A query from outside Floe, on the cluster's database. */
async function outside<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: cluster.pg.url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

test('writes through HAProxy (spread over the nodes) are one account\'s: every node reads them all', async () => {
  const id = randomBytes(3).toString('hex').toUpperCase();
  await H.ok(`CREATE DATABASE RR_${id}`);
  await H.ok(`CREATE TABLE RR_${id}.PUBLIC.T (N INT)`);
  // Round robin: consecutive inserts land on different nodes, all into the one table.
  for (let i = 1; i <= 6; i++) await H.ok(`INSERT INTO RR_${id}.PUBLIC.T VALUES (${i})`);
  for (const node of [A, B, C, H]) expect((await node.ok(`SELECT COUNT(*), SUM(N) FROM RR_${id}.PUBLIC.T`)).data).toEqual([['6', '21']]);
  // Three live leases: one per node.
  const leases = await outside<{ n: string }>('SELECT count(*) AS n FROM floe_state.nodes WHERE lease_until > now()');
  expect(Number(leases[0].n)).toBe(3);
});

test('submitted async on A, polled on B, every partition fetched on C (and through HAProxy) equals A\'s', async () => {
  const sql = "SELECT SEQ4() AS N, REPEAT('y', 40) || SEQ4() AS S FROM TABLE(GENERATOR(ROWCOUNT => 50000))";
  const posted = await A.submit(sql, { async: true });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  const onB = await B.poll(handle, { pollTimeoutMs: 120_000 });
  expect(onB.status, describeRes(onB)).toBe(200);
  const parts = onB.json!.resultSetMetaData!.partitionInfo!;
  expect(parts.length).toBeGreaterThanOrEqual(2);
  let rows = onB.json!.data!.length;
  for (let k = 1; k < parts.length; k++) {
    const [fromC, fromA, viaH] = await Promise.all([C, A, H].map((n) => n.getStatement(handle, { partition: k })));
    expect(fromC.status, describeRes(fromC)).toBe(200);
    expect(fromC.text).toBe(fromA.text);
    expect(viaH.text).toBe(fromA.text);
    expect(fromC.json!.data).toHaveLength(parts[k].rowCount);
    rows += fromC.json!.data!.length;
  }
  expect(rows).toBe(50000);
});

test('SYSTEM$WAIT running on A, cancelled on C: every node answers 000604', async () => {
  const posted = await A.submit('SELECT SYSTEM$WAIT(60)', { async: true });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  expect((await C.getStatement(handle)).status).toBe(202);
  const cancelled = await C.cancel(handle);
  expect(cancelled.status, describeRes(cancelled)).toBe(200);
  for (const node of [A, B, C, H]) {
    const res = await node.poll(handle, { pollTimeoutMs: 10_000 });
    expect(res.status, describeRes(res)).toBe(422);
    expect(res.json).toMatchObject({ code: '000604', sqlState: '57014' });
  }
});

test('a requestId retry landing on another node answers the first attempt\'s statement', async () => {
  const requestId = randomUUID();
  const first = await A.submit('SELECT UUID_STRING() AS U', { requestId });
  expect(first.status, describeRes(first)).toBe(200);
  // The retry on C, and two more through HAProxy (round robin: on other nodes again).
  for (const node of [C, H, H]) {
    const retried = await node.submit('SELECT UUID_STRING() AS U', { requestId, retry: true });
    expect(retried.status, describeRes(retried)).toBe(200);
    expect(retried.json!.statementHandle).toBe(first.json!.statementHandle);
    expect(retried.json!.data).toEqual(first.json!.data);
  }
});

test('a GRANT on A holds on B at once', async () => {
  const id = randomBytes(4).toString('hex').toUpperCase();
  const [db, role, user] = [`G_${id}`, `R_${id}`, `U_${id}`];
  await A.ok(`CREATE DATABASE ${db}`);
  await A.ok(`CREATE TABLE ${db}.PUBLIC.T (N INT)`);
  await A.ok(`INSERT INTO ${db}.PUBLIC.T VALUES (7)`);
  await A.ok(`CREATE ROLE ${role}`);
  await A.ok(`CREATE USER ${user} DEFAULT_ROLE=PUBLIC DEFAULT_WAREHOUSE=COMPUTE_WH`);
  const secret = (await A.ok(`ALTER USER ${user} ADD PROGRAMMATIC ACCESS TOKEN P_${id}`)).data![0][1]!;
  await A.ok(`GRANT ROLE ${role} TO USER ${user}`);
  await A.ok(`GRANT USAGE ON DATABASE ${db} TO ROLE ${role}`);
  await A.ok(`GRANT USAGE ON SCHEMA ${db}.PUBLIC TO ROLE ${role}`);
  const before = await B.exec(`SELECT N FROM ${db}.PUBLIC.T`, { token: secret, role });
  expect(before.status, describeRes(before)).toBe(422);
  await A.ok(`GRANT SELECT ON TABLE ${db}.PUBLIC.T TO ROLE ${role}`);
  const after = await B.exec(`SELECT N FROM ${db}.PUBLIC.T`, { token: secret, role });
  expect(after.status, describeRes(after)).toBe(200);
  expect(after.json!.data).toEqual([['7']]);
});

/**
 * A statement as Snowflake's drivers send it: a requestId, and the same one again with retry=true
 * when the connection drops without an answer. How many such retries it took, too.
 */
async function asDriver(client: Client, sql: string): Promise<{ res: StatementResponse; retries: number }> {
  const requestId = randomUUID();
  for (let retries = 0; ; retries++) {
    try {
      return { res: await client.exec(sql, { requestId, retry: retries > 0 }), retries };
    } catch (e) {
      if (retries >= 3) throw e;
    }
  }
}

test('a node killed behind HAProxy: requests keep working through the others (each statement once), and it rejoins', async () => {
  const id = randomBytes(3).toString('hex').toUpperCase();
  const table = `NK_${id}.PUBLIC.T`;
  await H.ok(`CREATE DATABASE NK_${id}`);
  await H.ok(`CREATE TABLE ${table} (N INT)`);
  await cluster.nodes[2].kill();
  const answers: StatementResponse[] = [];
  let retries = 0;
  for (let i = 0; i < 12; i++) {
    const r = await asDriver(H, `INSERT INTO ${table} VALUES (${i})`);
    answers.push(r.res);
    retries += r.retries;
  }
  // (HAProxy closes a kept-alive client connection without an answer when the dead node was to
  // answer on it: the driver's retry is then the only one; it never reaches the dead node again.)
  console.log(`[three-nodes] after the kill: ${retries} driver retr${retries === 1 ? 'y' : 'ies'} for 12 statements`);
  expect(answers.map((r) => r.status), answers.map(describeRes).join('\n')).toEqual(answers.map(() => 200));
  // Every statement ran exactly once.
  expect((await H.ok(`SELECT COUNT(*), COUNT(DISTINCT N) FROM ${table}`)).data).toEqual([['12', '12']]);
  await cluster.nodes[2].restart();
  C = makeClient({ url: cluster.nodes[2].url, token: cluster.token });
  expect((await C.ok(`SELECT COUNT(*) FROM ${table}`)).data).toEqual([['12']]);
}, 240_000);

/** One request's outcome under load: the answer, or what the client met instead. */
interface Seen { status: number; code?: string; message?: string; json: boolean; failure?: string; phase: string }

async function seen(phase: string, call: () => Promise<StatementResponse>): Promise<Seen> {
  try {
    const res = await call();
    const body = res.json as { code?: unknown; message?: unknown } | undefined;
    return {
      status: res.status, phase, json: (res.headers.get('content-type') ?? '').includes('application/json') && typeof body === 'object',
      code: typeof body?.code === 'string' ? body.code : undefined, message: typeof body?.message === 'string' ? body.message : undefined,
    };
  } catch (e) {
    return { status: 0, phase, json: false, failure: (e as Error).message };
  }
}

/** GET /healthz of a node: its status and JSON body. */
async function health(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, body: (() => { try { return JSON.parse(text); } catch { return text; } })() };
}

async function untilAllHealthy(): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    const states = await Promise.all([...cluster.nodes.map((n) => n.url), cluster.url].map((u) => health(u).then((h) => h.status, () => 0)));
    if (states.every((s) => s === 200)) return;
    if (Date.now() > until) throw new Error(`nodes not healthy again 60 s after PostgreSQL came back: ${states.join(', ')}`);
    await sleep(250);
  }
}

test('PostgreSQL stopped and started under load: clear JSON errors meanwhile, then every node serves again without a restart', async () => {
  const id = randomBytes(3).toString('hex').toUpperCase();
  const table = `PGR_${id}.PUBLIC.T`;
  await H.ok(`CREATE DATABASE PGR_${id}`);
  await H.ok(`CREATE TABLE ${table} (N INT)`);
  // Running on A, inside PostgreSQL, when PostgreSQL stops: it fails then, and B must learn that
  // once it is back. (SYSTEM$WAIT alone is a timer in the node: a second column runs it in PostgreSQL.)
  const across = await A.submit('SELECT SYSTEM$WAIT(60) AS W, 1 AS X', { async: true });
  expect(across.status, describeRes(across)).toBe(202);
  // A statement of A's, read on the other nodes during the load (from the shared registry).
  const earlier = (await A.ok(`SELECT COUNT(*) FROM ${table}`)).statementHandle!;
  let phase = 'before';
  let running = true;
  const log: Seen[] = [];
  // Four clients (HAProxy and each node directly), each submitting statements and reading A's.
  const load = [H, A, B, C].map(async (client, k) => {
    for (let i = 0; running; i++) {
      const sql = i % 2 ? `INSERT INTO ${table} VALUES (${k * 100_000 + i})` : `SELECT COUNT(*) FROM ${table}`;
      log.push(await seen(phase, () => (i % 3 === 2 ? client.getStatement(earlier, { timeoutMs: 30_000 }) : client.submit(sql, { timeoutMs: 30_000 }))));
      await sleep(20);
    }
  });
  await sleep(1000);
  phase = 'outage';
  await cluster.pg.stop();
  let down: { status: number; body: unknown }[];
  try {
    // While it is down every node says so on /healthz (503, JSON), and HAProxy takes them out.
    await sleep(2500);
    down = await Promise.all(cluster.nodes.map((n) => health(n.url)));
  } finally {
    phase = 'restart';
    await cluster.pg.start();
  }
  for (const h of down) {
    expect(h.status, JSON.stringify(h.body)).toBe(503);
    expect(h.body).toMatchObject({ status: 'unavailable' });
  }
  await untilAllHealthy();
  phase = 'after';
  await sleep(1500);
  running = false;
  await Promise.all(load);

  // What the clients met, by phase (for the reader of the run; the assertions follow).
  const tally: Record<string, number> = {};
  for (const s of log) {
    const key = `${s.phase} ${s.status}${s.code ? ` ${s.code}` : ''}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  console.log('[three-nodes] answers under the PostgreSQL restart:', tally);
  // A statement says so in its answer (422); a request that could not reach the shared state is a
  // 503 (drivers retry it; HAProxy's own answers are 503 too), never a 500.
  const bad = log.filter((s) => !(s.status === 200 || ((s.status === 503 || s.status === 422) && s.json && /^\d{6}$/.test(s.code ?? '') && s.message)));
  expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
  // The outage was seen (the test can fail), and the load ran before and after it.
  expect(log.filter((s) => s.phase === 'outage' && s.status !== 200).length).toBeGreaterThan(0);
  expect(log.filter((s) => s.phase === 'before' && s.status === 200).length).toBeGreaterThan(0);
  const afterwards = log.filter((s) => s.phase === 'after');
  expect(afterwards.length).toBeGreaterThan(0);
  expect(afterwards.filter((s) => s.status !== 200), JSON.stringify(afterwards.filter((s) => s.status !== 200).slice(0, 5))).toEqual([]);

  // The statement that failed while PostgreSQL was down: its outcome reached the other nodes.
  const failed = await B.poll(across.json!.statementHandle!, { pollTimeoutMs: 20_000 });
  expect(failed.status, describeRes(failed)).toBe(422);
  expect(failed.json).toMatchObject({ code: '000603', statementHandle: across.json!.statementHandle });
  expect(failed.json!.message).toMatch(/PostgreSQL engine is unavailable/);

  // Every node serves again, reads and writes.
  for (const [k, node] of [A, B, C].entries()) await node.ok(`INSERT INTO ${table} VALUES (${-1 - k})`);
  const counted = await Promise.all([A, B, C].map((n) => n.ok(`SELECT COUNT(*) FROM ${table} WHERE N < 0`)));
  expect(counted.map((r) => r.data)).toEqual([[['3']], [['3']], [['3']]]);

  // Each node listens again (one LISTEN connection per node) ...
  const listening = await outside<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${LISTENER_APPLICATION_NAME}'`);
  expect(Number(listening[0].n)).toBe(3);
  // ... and a cancel asked on C reaches A's statement, a catalog write on B holds on A at once.
  const posted = await A.submit('SELECT SYSTEM$WAIT(60)', { async: true });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  expect((await C.cancel(handle)).status).toBe(200);
  expect((await A.poll(handle, { pollTimeoutMs: 10_000 })).json).toMatchObject({ code: '000604' });
  await B.ok(`CREATE TABLE PGR_${id}.PUBLIC.AFTER_RESTART (S STRING)`);
  await A.ok(`INSERT INTO PGR_${id}.PUBLIC.AFTER_RESTART VALUES ('a')`);
  // Leases renew: a statement running on B longer than a lease is still B's, and ends well.
  const waiting = await B.submit(`SELECT SYSTEM$WAIT(${LEASE_S * 2}) AS W`, { async: true });
  expect(waiting.status, describeRes(waiting)).toBe(202);
  const waited = await C.poll(waiting.json!.statementHandle!, { pollTimeoutMs: 30_000 });
  expect(waited.status, describeRes(waited)).toBe(200);
  const leases = await outside<{ n: string }>('SELECT count(*) AS n FROM floe_state.nodes WHERE lease_until > now()');
  expect(Number(leases[0].n)).toBe(3);
}, 240_000);

test('A killed with -9 during an async statement that wrote, then waits: failed (lost) on B, ran once, no committed write lost', async () => {
  const id = randomBytes(3).toString('hex').toUpperCase();
  const table = `KILL_${id}.PUBLIC.T`;
  await A.ok(`CREATE DATABASE KILL_${id}`);
  await A.ok(`CREATE TABLE ${table} (N INT)`);
  // Acknowledged before the kill: it must be there after.
  await A.ok(`INSERT INTO ${table} VALUES (1)`);
  const posted = await A.submit(`INSERT INTO ${table} VALUES (2); SELECT SYSTEM$WAIT(60)`, { async: true, parameters: { MULTI_STATEMENT_COUNT: 2 } });
  expect(posted.status, describeRes(posted)).toBe(202);
  const handle = posted.json!.statementHandle!;
  // Its first statement committed; the second is waiting on A.
  const until = Date.now() + 30_000;
  while ((await B.ok(`SELECT COUNT(*) FROM ${table}`)).data![0][0] !== '2') {
    if (Date.now() > until) throw new Error('the INSERT before SYSTEM$WAIT never committed');
    await sleep(100);
  }
  expect((await B.getStatement(handle)).status).toBe(202);
  await cluster.nodes[0].kill();
  const res = await B.poll(handle, { pollTimeoutMs: 30_000 });
  expect(res.status, describeRes(res)).toBe(422);
  expect(res.json).toMatchObject({ code: '000603', sqlState: 'XX000', statementHandle: handle });
  expect(res.json!.message).toMatch(/statement lost: the Floe node that ran it .* stopped before it finished/);
  // Never re-run (by C either, or through HAProxy): the INSERT ran once, the acknowledged row is there.
  await sleep(LEASE_S * 1000 + 500);
  for (const node of [C, H]) expect((await node.getStatement(handle)).json).toMatchObject({ code: '000603' });
  expect((await C.ok(`SELECT N FROM ${table} ORDER BY N`)).data).toEqual([['1'], ['2']]);
}, 120_000);
