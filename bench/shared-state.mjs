// Shared state through PostgreSQL (FLOE_ENGINE=postgres://…, issue 20): what it costs and how
// fast another node sees a statement. A throw-away cluster (scripts/pg-cluster.mjs), one node
// alone (no shared state) and two nodes sharing the cluster's database:
// - sync SELECT 1, one at a time: median latency alone vs on a sharing node (its outcome is
//   written to PostgreSQL before it is answered);
// - async SELECT 1 submitted on node 1: from the POST to the first 200 from node 2;
// - cancel on node 2 of SYSTEM$WAIT(30) running on node 1: the cancel request's answer time
//   (node 1 stops it, node 2 sees it stopped);
// - a 300,000-row result's partitions fetched on node 1 (its files) and on node 2 (bytea rows).
import crypto from 'node:crypto';
import { median, printTable, report, request, result, sleep, sql, sqlOk, startServer } from './lib.mjs';
import { startPgCluster } from '../scripts/pg-cluster.mjs';

const N = 200;
const BIG = "SELECT SEQ4() AS N, REPEAT('x', 40) || SEQ4() AS S FROM TABLE(GENERATOR(ROWCOUNT => 300000))";

async function selectOneMs(server) {
  const lat = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await sqlOk(server, 'SELECT 1', { database: null });
    lat.push(performance.now() - t0);
  }
  return median(lat.slice(N / 5)); // the first fifth warms up
}

async function untilStatus(server, handle, want) {
  for (;;) {
    const r = await request(server, 'GET', `/api/v2/statements/${handle}`);
    if (r.status === want) return r;
    if (r.status !== 202) throw new Error(`statement ${handle}: HTTP ${r.status} ${r.text.slice(0, 300)}`);
    await sleep(5);
  }
}

async function fetchAll(server, handle, count) {
  const t0 = performance.now();
  let bytes = 0;
  for (let k = 1; k < count; k++) {
    const r = await request(server, 'GET', `/api/v2/statements/${handle}?partition=${k}`, undefined, { 'Accept-Encoding': 'identity' });
    if (r.status !== 200) throw new Error(`partition ${k}: HTTP ${r.status}`);
    bytes += r.bytes;
  }
  return { ms: performance.now() - t0, mb: bytes / 1024 / 1024 };
}

async function run() {
  const cluster = await startPgCluster({ database: 'floe' });
  const token = `floe_pat_${crypto.randomBytes(24).toString('hex')}`;
  const shared = { FLOE_ENGINE: cluster.url, NEXTAUTH_SECRET: crypto.randomBytes(32).toString('base64url'), FLOE_ADMIN_TOKEN: token };
  const servers = [];
  try {
    const [alone, one, two] = await Promise.all([startServer(), startServer({ env: shared }), startServer({ env: shared })]);
    servers.push(alone, one, two);
    one.token = token;
    two.token = token;
    const results = [];

    // Interleaved rounds, so that both see the same machine load.
    const rounds = { alone: [], shared: [] };
    for (let i = 0; i < 3; i++) {
      rounds.alone.push(await selectOneMs(alone));
      rounds.shared.push(await selectOneMs(one));
    }
    const aloneMs = median(rounds.alone);
    const sharedMs = median(rounds.shared);
    results.push(result('shared-state', 'sync SELECT 1 median, node alone', aloneMs, 20, 'ms'));
    results.push(result('shared-state', 'sync SELECT 1 median, sharing node', sharedMs, aloneMs + 5, 'ms', { note: 'target: alone + 5 ms' }));

    const seen = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const posted = await sql(one, 'SELECT 1', { async: true, wait: false, database: null });
      await untilStatus(two, posted.body.statementHandle, 200);
      seen.push(performance.now() - t0);
    }
    results.push(result('shared-state', 'async on node 1 → 200 on node 2 (median)', median(seen), 200, 'ms'));

    const cancels = [];
    for (let i = 0; i < 5; i++) {
      const posted = await sql(one, 'SELECT SYSTEM$WAIT(30)', { async: true, wait: false, database: null });
      await untilStatus(two, posted.body.statementHandle, 202);
      const t0 = performance.now();
      const r = await request(two, 'POST', `/api/v2/statements/${posted.body.statementHandle}/cancel`);
      if (r.status !== 200) throw new Error(`cancel: HTTP ${r.status} ${r.text}`);
      await untilStatus(two, posted.body.statementHandle, 422);
      cancels.push(performance.now() - t0);
    }
    results.push(result('shared-state', 'cancel on node 2 of SYSTEM$WAIT on node 1 (median)', median(cancels), 1000, 'ms'));

    const big = await sqlOk(one, BIG, { database: null });
    const handle = big.body.statementHandle;
    const count = big.body.resultSetMetaData.partitionInfo.length;
    await untilStatus(two, handle, 200);
    const local = await fetchAll(one, handle, count);
    const remote = await fetchAll(two, handle, count);
    printTable(['partitions of 300k rows', 'MB', 'ms', 'MB/s'], [
      ['node 1 (files)', local.mb.toFixed(1), local.ms.toFixed(0), (local.mb / (local.ms / 1000)).toFixed(0)],
      ['node 2 (PostgreSQL)', remote.mb.toFixed(1), remote.ms.toFixed(0), (remote.mb / (remote.ms / 1000)).toFixed(0)],
    ]);
    results.push(result('shared-state', `partitions from PostgreSQL on node 2 (${count - 1} partitions)`, remote.mb / (remote.ms / 1000), 0.5 * (local.mb / (local.ms / 1000)), 'MB/s',
      { higherIsBetter: true, note: 'target: half of node 1 reading its files' }));
    report(results);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await cluster.stop();
  }
}

await run();
