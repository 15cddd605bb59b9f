// Scaling from 1 to 3 Floe nodes on one PostgreSQL, through HAProxy (scripts/floe-cluster.mjs,
// deploy/haproxy.cfg): bench/select1.mjs's closed loop (16 keep-alive clients, 5 s warm-up + 10 s
// measured) on SELECT 1 and on a mixed load, against a 1-node and then a 3-node cluster. On a
// 2-core machine the nodes, PostgreSQL, HAProxy and this client share the same cores, so the CPU
// each used over the measured seconds is printed beside the throughput: it says what limits it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BODY, load } from './select1.mjs';
import { buildScanTable, createBenchDb, DB, groupPids, printTable, report, request, result, sleep, sqlOk } from './lib.mjs';
import { startFloeCluster } from '../scripts/floe-cluster.mjs';

// The mixed load, in rotation: point reads, a small aggregation, writes and a count over them.
const MIXED = [
  () => `SELECT * FROM T WHERE id = ${1 + Math.floor(Math.random() * 100_000)}`,
  () => `SELECT * FROM T WHERE id = ${1 + Math.floor(Math.random() * 100_000)}`,
  () => 'SELECT category, COUNT(*), SUM(amount) FROM T WHERE id <= 20000 GROUP BY category',
  () => `INSERT INTO L VALUES (${Math.floor(Math.random() * 1e9)}, 'mixed')`,
  () => 'SELECT COUNT(*) FROM L',
  () => 'SELECT 1',
];
const ticks = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch { return 0; }
};
const HZ = 100;

/** The postmaster of the cluster (its data dir beside the log) and its children: the backends. */
function postgresPids(logFile) {
  const pm = Number(fs.readFileSync(path.join(path.dirname(logFile), 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [pm];
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pm) pids.push(Number(p));
    } catch { /* gone */ }
  }
  return pids;
}

/** CPU seconds of the nodes, PostgreSQL, HAProxy and this client between two calls of the returned function. */
function cpuMeter(cluster) {
  const parts = () => ({
    nodes: cluster.nodes.reduce((s, n) => s + groupPids(n.pid).reduce((t, p) => t + ticks(p), 0), 0) / HZ,
    postgres: postgresPids(cluster.pg.logFile).reduce((t, p) => t + ticks(p), 0) / HZ,
    haproxy: ticks(cluster.haproxy.pid) / HZ,
    client: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  let start = null;
  return {
    mark() { start = parts(); },
    since() { const now = parts(); return Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - start[k]])); },
  };
}

/** load() from select1.mjs with the CPU split over its measured seconds (from 5 s to 15 s). */
async function measured(target, once, cpu) {
  const t = setTimeout(() => cpu.mark(), 5_000);
  let split = null;
  const t2 = setTimeout(() => { split = cpu.since(); }, 15_000);
  const r = await load(target, once);
  clearTimeout(t);
  clearTimeout(t2);
  return { ...r, cpu: split };
}

async function run1(nodes) {
  const cluster = await startFloeCluster({ nodes });
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const target = { port: Number(new URL(cluster.url).port), token: cluster.token, agent, pgUrl: cluster.pg.url };
    await createBenchDb(target);
    await buildScanTable(target, 100_000);
    await sqlOk(target, 'CREATE OR REPLACE TABLE L (n INT, s VARCHAR)');
    const cpu = cpuMeter(cluster);
    const select1 = await measured(target, () => request(target, 'POST', '/api/v2/statements', BODY).then((r) => r.status), cpu);
    await sleep(500);
    let k = 0;
    const mixed = await measured(target, () => request(target, 'POST', '/api/v2/statements', {
      statement: MIXED[k++ % MIXED.length](), database: DB, schema: 'PUBLIC', parameters: { USE_CACHED_RESULT: 'FALSE' },
    }).then((r) => r.status), cpu);
    agent.destroy();
    return { select1, mixed };
  } finally {
    await cluster.stop();
  }
}

export async function run() {
  const one = await run1(1);
  const three = await run1(3);
  const cpuCell = (c) => (c ? `nodes ${c.nodes.toFixed(1)}, PostgreSQL ${c.postgres.toFixed(1)}, HAProxy ${c.haproxy.toFixed(1)}, client ${c.client.toFixed(1)}` : '');
  console.log(`pg-scale: 16 keep-alive clients through HAProxy, 5 s warm-up + 10 s measured per load; ${os.cpus().length} CPUs = ${os.cpus().length * 10} CPU-s per measured 10 s\n`);
  // CPU per request of everything on the request's way (nodes + PostgreSQL + HAProxy): what a core buys.
  const perReq = (r) => (r.cpu ? ((r.cpu.nodes + r.cpu.postgres + r.cpu.haproxy) * 1000) / r.n : NaN);
  const row = (load, nodes, r) => [load, nodes, r.rps, r.errors, r.p50, r.p99, perReq(r), cpuCell(r.cpu)];
  printTable(['load', 'nodes', 'req/s', 'errors', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'CPU-s used in the measured 10 s'], [
    row('SELECT 1', 1, one.select1), row('SELECT 1', 3, three.select1), row('mixed', 1, one.mixed), row('mixed', 3, three.mixed),
  ]);
  const used = Math.max(...[one.select1, three.select1, one.mixed, three.mixed].map((r) => (r.cpu ? r.cpu.nodes + r.cpu.postgres + r.cpu.haproxy + r.cpu.client : 0)));
  const cap = os.cpus().length * 10;
  console.log(used < 0.8 * cap
    ? `At most ${used.toFixed(1)} of ${cap} CPU-s went to Floe, PostgreSQL, HAProxy and the client: the host's other processes held the rest (load average ${os.loadavg()[0].toFixed(1)}).`
    : `Up to ${used.toFixed(1)} of ${cap} CPU-s went to Floe, PostgreSQL, HAProxy and the client: the cores were full.`);
  console.log('mixed: in rotation 2 point reads of a 100,000-row table, an aggregation over 20,000 of its rows, an INSERT, a COUNT(*) of the inserted rows, SELECT 1');
  // No target of its own on 2 cores: 3 nodes share the CPU one node already fills (ratio ≥ 1: no loss).
  const results = [
    result('pg-scale', 'SELECT 1 req/s, 3 nodes / 1 node (HAProxy)', three.select1.rps / one.select1.rps, 1, '×', { higherIsBetter: true, note: `${three.select1.rps.toFixed(0)} vs ${one.select1.rps.toFixed(0)} req/s` }),
    result('pg-scale', 'mixed req/s, 3 nodes / 1 node (HAProxy)', three.mixed.rps / one.mixed.rps, 1, '×', { higherIsBetter: true, note: `${three.mixed.rps.toFixed(0)} vs ${one.mixed.rps.toFixed(0)} req/s` }),
  ];
  report(results);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
