// Shared helpers for `npm run bench`: start/stop a real Floe server, a keep-alive HTTP client
// for the SQL API, RSS sampling of the server's process group, percentiles and table printing.
// Node built-ins only.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DB = 'BENCH';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export { sleep };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** Starts `node scripts/start.mjs` (which builds first when there is no build) and waits for /healthz. */
export async function startServer({ env = {}, quiet = true } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-bench-data-'));
  const token = `floe_pat_${crypto.randomBytes(24).toString('hex')}`;
  const loopFile = path.join(os.tmpdir(), `floe-bench-loop-${port}-${process.pid}.log`);
  const probe = `--require ${path.join(ROOT, 'bench', 'event-loop-probe.cjs')}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    detached: true, // own process group: stop() kills next-server and the engine with it
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: String(port), FLOE_DATA_DIR: dataDir, FLOE_ADMIN_TOKEN: token,
      FLOE_ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'), NEXT_TELEMETRY_DISABLED: '1',
      FLOE_BENCH_LOOP_FILE: loopFile, NODE_OPTIONS: [process.env.NODE_OPTIONS, probe].filter(Boolean).join(' '), ...env,
    },
  });
  let log = '';
  const keep = (d) => { log = (log + d).slice(-20_000); if (!quiet) process.stderr.write(d); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, sig) => { exited = `exited (${code ?? sig})`; });

  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = {
    port, dataDir, token, pid: child.pid, agent, base: `http://127.0.0.1:${port}`,
    log: () => log,
    loopFile,
    /**
     * The request thread's longest event-loop block (ms) between two Date.now() times: the time it
     * could answer nothing at all, whatever the machine's load (bench/event-loop-probe.cjs).
     */
    loopBlockedMs(from, to = Date.now()) {
      let max = 0;
      let text = '';
      try { text = fs.readFileSync(loopFile, 'utf8'); } catch { /* nothing blocked yet */ }
      for (const line of text.split('\n')) {
        const [t, ms] = line.split(' ').map(Number);
        // A line is written up to 50 ms (plus the block itself) after the interval it describes.
        if (t >= from && t - ms <= to + 60 && ms > max) max = ms;
      }
      return max;
    },
    async stop() {
      agent.destroy();
      await writeCpuProfile(child.pid);
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      const t0 = Date.now();
      while (exited === null && Date.now() - t0 < 5000) await sleep(50);
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(loopFile, { force: true });
    },
  };
  const deadline = Date.now() + 300_000; // a first build can take a while
  for (;;) {
    if (exited) throw new Error(`Floe server ${exited} before it was ready:\n${log}`);
    if (Date.now() > deadline) { await server.stop(); throw new Error(`Floe server not ready in time:\n${log}`); }
    try {
      const r = await request(server, 'GET', '/healthz');
      if (r.status === 200) break;
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  // Next loads every route's code after it starts listening (preloadEntriesOnStart), which holds
  // the request thread 0.3–1 s: figures start once the thread has been free for a second.
  const until = Date.now() + 30_000;
  while (Date.now() < until && server.loopBlockedMs(Date.now() - 1000) > 20) await sleep(200);
  return server;
}

/**
 * With FLOE_BENCH_CPU_PROFILE=<dir>: asks the server's request thread for its CPU profile
 * (bench/event-loop-probe.cjs) and waits until it is written.
 */
async function writeCpuProfile(pgid) {
  const dir = process.env.FLOE_BENCH_CPU_PROFILE;
  if (!dir) return;
  for (const pid of groupPids(pgid)) {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('next-server')) continue;
    const file = path.join(dir, `floe-${pid}.cpuprofile`);
    process.kill(pid, 'SIGUSR2');
    for (let t0 = Date.now(); !fs.existsSync(file) && Date.now() - t0 < 10_000;) await sleep(100);
    await sleep(500);
    console.log(`request-thread CPU profile: ${file}`);
  }
}

/** One HTTP request over the server's keep-alive agent; resolves {status, headers, text, bytes}. */
export function request(server, method, urlPath, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request({
      host: '127.0.0.1', port: server.port, method, path: urlPath, agent: server.agent,
      headers: {
        Authorization: `Bearer ${server.token}`, Accept: 'application/json',
        ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        ...headers,
      },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        resolve({ status: res.statusCode, headers: res.headers, bytes: buf.length, text: buf.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Benchmarks measure execution: repeated queries are not answered from the result cache unless `cached`. */
const stmtBody = (statement, database, cached) => ({
  statement, timeout: 0, ...(database ? { database, schema: 'PUBLIC' } : {}), ...(cached ? {} : { parameters: { USE_CACHED_RESULT: 'FALSE' } }),
});

/** POST a statement; with wait (default) polls while 202. Returns {status, body, text, bytes}. */
export async function sql(server, statement, { async = false, wait = true, raw = false, database = DB, maxWaitMs = 180_000, cached = false, token } = {}) {
  const t0 = Date.now();
  // Another user's token (default: the admin's).
  const auth = token ? { Authorization: `Bearer ${token}` } : {};
  let r = await request(server, 'POST', `/api/v2/statements${async ? '?async=true' : ''}`, stmtBody(statement, database, cached), auth);
  let body = r.status < 300 || r.status === 422 ? JSON.parse(r.text) : null;
  while (wait && r.status === 202) {
    // A guard, so that a statement that never finishes cannot hang the whole run.
    if (Date.now() - t0 > maxWaitMs) throw new Error(`statement still running after ${maxWaitMs / 1000} s (handle ${body.statementHandle}): ${statement.slice(0, 120)}`);
    await sleep(20);
    r = await request(server, 'GET', `/api/v2/statements/${body.statementHandle}`, undefined, auth);
    body = JSON.parse(r.text);
  }
  return { status: r.status, body: raw ? null : body, text: r.text, bytes: r.bytes };
}

/** Like sql() but throws unless the final answer is 200. */
export async function sqlOk(server, statement, opts) {
  const r = await sql(server, statement, opts);
  if (r.status !== 200) throw new Error(`${statement.slice(0, 120)} → HTTP ${r.status}: ${r.text.slice(0, 400)}`);
  return r;
}

/** CREATE DATABASE BENCH (the PUBLIC schema comes with it). */
export async function createBenchDb(server) {
  await sqlOk(server, `CREATE DATABASE IF NOT EXISTS ${DB}`, { database: null });
}

/**
 * Builds T(id, customer, amount, category, created) with `rows` rows (a multiple of 1000) from a
 * 1000-row digits table and a cross join, in one INSERT … SELECT per 1000×1000 block.
 */
export async function buildScanTable(server, rows = 1_000_000, { amountType = 'FLOAT' } = {}) {
  await sqlOk(server, 'CREATE OR REPLACE TABLE D (N INT)');
  // digits × digits × digits rather than a recursive CTE: builds that could not resolve CTE names exist.
  await sqlOk(server, 'CREATE OR REPLACE TABLE D10 (N INT)');
  await sqlOk(server, 'INSERT INTO D10 VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)');
  await sqlOk(server, 'INSERT INTO D SELECT a.N * 100 + b.N * 10 + c.N FROM D10 a, D10 b, D10 c');
  await sqlOk(server, `CREATE OR REPLACE TABLE T (id INT, customer VARCHAR, amount ${amountType}, category INT, created VARCHAR)`);
  const blocks = Math.ceil(rows / 1_000_000);
  for (let k = 0; k < blocks; k++) {
    const n = Math.min(1000, Math.ceil((rows - k * 1_000_000) / 1000));
    await sqlOk(server, `INSERT INTO T SELECT ${k * 1_000_000} + a.N * 1000 + b.N + 1, 'customer_' || (b.N * 7919 % 10007), (a.N * 1000 + b.N) * 0.37 + 1.25, b.N % 100, '2024-01-' || (10 + a.N % 20) || ' 12:34:56' FROM D a, D b WHERE a.N < ${n}`);
  }
  // PostgreSQL keeps no images of Floe's: nothing to wait for there.
  if (!server.pgUrl && !(await waitForCheckpoint(server))) console.log('(no checkpoint image appeared within 30 s after the bulk load)');
}

/**
 * Waits until the checkpoint that follows a bulk write has been saved (an image file for the
 * current LSN appears in the data dir), so that the next phase is measured from quiet.
 */
export async function waitForCheckpoint(server, timeoutMs = 30_000) {
  const { lsn } = JSON.parse((await request(server, 'GET', '/healthz')).text);
  const want = `image-${String(lsn).padStart(12, '0')}.sqlite`;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.readdirSync(path.join(server.dataDir, 'engine')).includes(want)) { await sleep(200); return true; }
    await sleep(50);
  }
  return false;
}

/** The same rows as buildScanTable, as the raw sql.js baseline builds them. */
export const RAW_TABLE_SQL = [
  'CREATE TABLE D (N INT)',
  'INSERT INTO D WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < 999) SELECT x FROM c',
  'CREATE TABLE T (id INT, customer TEXT, amount REAL, category INT, created TEXT)',
  "INSERT INTO T SELECT a.N * 1000 + b.N + 1, 'customer_' || (b.N * 7919 % 10007), (a.N * 1000 + b.N) * 0.37 + 1.25, b.N % 100, '2024-01-' || (10 + a.N % 20) || ' 12:34:56' FROM D a, D b",
];

/** Samples the summed VmRSS of every process in a process group every `everyMs`. */
export function rssSampler(pgid, everyMs = 100) {
  let peak = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of groupPids(pgid)) {
      try {
        const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) sum += Number(m[1]) * 1024;
      } catch { /* process went away */ }
    }
    if (sum > peak) peak = sum;
    return sum;
  };
  const base = sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return { base, get peak() { return peak; }, reset() { peak = 0; sample(); }, stop() { clearInterval(timer); sample(); return peak; } };
}

/** Process ids in a process group (the server's: node scripts/start.mjs, next-server). */
export function groupPids(pgid) {
  const pids = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) pids.push(Number(pid));
    } catch { /* process went away */ }
  }
  return pids;
}

/**
 * CPU milliseconds used so far by the server's request thread: the main thread of the
 * next-server process (engine workers are other threads of it). Linux /proc, 10 ms ticks.
 */
export function requestThreadCpuMs(server) {
  for (const pid of groupPids(server.pid)) {
    if (!fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes('next-server')) continue;
    // task/<pid>: the main thread alone (/proc/<pid>/stat sums every thread).
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * (1000 / 100);
  }
  return NaN;
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
export const median = (v) => percentile(v, 50);

export function fmt(n, digits = 1) {
  if (typeof n !== 'number') return String(n);
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return Math.abs(n) >= 1000 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits);
}
export const mb = (bytes) => bytes / (1024 * 1024);

/** Prints rows (arrays of cells) as an aligned text table under a header row. */
export function printTable(header, rows) {
  const cells = [header, ...rows].map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : String(c ?? ''))));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/**
 * A result row for the final summary: `higherIsBetter` decides the ratio (measured/target or
 * target/measured, so ≥ 1 always means the target is met).
 */
export function result(bench, metric, measured, target, unit, { higherIsBetter = false, note = '' } = {}) {
  const ratio = higherIsBetter ? measured / target : target / measured;
  // The host's 1-minute load average when the figure was taken: on a shared 2-core host it says how much CPU contention is in it.
  return { bench, metric, measured, target, unit, higherIsBetter, met: ratio >= 1, ratio, note, load: os.loadavg()[0] };
}

export function printResults(results) {
  printTable(['bench', 'metric', 'measured', 'target', 'unit', 'ratio*', 'met', 'load', 'note'], results.map((r) => [
    r.bench, r.metric, r.measured, `${r.higherIsBetter ? '≥ ' : '≤ '}${fmt(r.target)}`, r.unit, r.ratio.toFixed(2), r.met ? 'yes' : 'NO', r.load?.toFixed(2) ?? '', r.note,
  ]));
}

/** Writes this benchmark's results where scripts/bench.mjs can collect them. */
export function report(results) {
  console.log();
  printResults(results);
  console.log('* ratio = measured/target for throughput-like figures, target/measured for times and sizes: ≥ 1 means the target is met.');
  if (process.env.FLOE_BENCH_RESULTS) fs.writeFileSync(process.env.FLOE_BENCH_RESULTS, JSON.stringify(results));
}

/**
 * Runs main(server, cluster) against a fresh Floe server on a throw-away PostgreSQL cluster
 * (scripts/pg-cluster.mjs), FLOE_ENGINE=postgres://…; server.pgUrl names its database.
 */
export async function withPgServer(main, { env = {}, settings = {} } = {}) {
  const { startPgCluster } = await import('../scripts/pg-cluster.mjs');
  const cluster = await startPgCluster({ database: 'floe', settings });
  try {
    return await withServer((server) => {
      server.pgUrl = cluster.url;
      return main(server, cluster);
    }, { env: { FLOE_ENGINE: cluster.url, NEXTAUTH_SECRET: crypto.randomBytes(32).toString('base64url'), ...env } });
  } finally {
    await cluster.stop();
  }
}

/** Runs main(server) against a fresh server, always stopping it. */
export async function withServer(main, opts) {
  const server = await startServer(opts);
  try {
    return await main(server);
  } catch (e) {
    console.error(`server log tail:\n${server.log().slice(-3000)}`);
    throw e;
  } finally {
    await server.stop();
  }
}

/**
 * Loops one request (`method` `path`, JSON `body`) on a thread of its own until stopped: its
 * latencies (ms) and failures, measured apart from whatever this process is busy with.
 */
export function probe(server, method, urlPath, body) {
  const worker = new Worker(new URL('./probe-thread.mjs', import.meta.url), { workerData: { port: server.port, token: server.token, method, path: urlPath, body } });
  const figures = new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
  const p = { lat: [], errors: 0, async stop() {
    worker.postMessage('stop');
    const f = await figures;
    p.lat = f.lat;
    p.errors = f.errors;
    await worker.terminate();
  } };
  return p;
}

const PROBE_SELECT1 = { statement: 'SELECT 1', database: 'BENCH', schema: 'PUBLIC', parameters: { USE_CACHED_RESULT: 'FALSE' } };

/**
 * Runs `body` while two probes loop (GET /healthz and POST SELECT 1): how long the statement holds
 * the request thread everyone shares. Its value, the probes, the request-thread CPU meanwhile and
 * the longest event-loop block.
 */
export async function probed(server, body) {
  const healthz = probe(server, 'GET', '/healthz');
  const select1 = probe(server, 'POST', '/api/v2/statements', PROBE_SELECT1);
  await sleep(300);
  const cpu0 = requestThreadCpuMs(server);
  const from = Date.now();
  const value = await body();
  const cpuMs = requestThreadCpuMs(server) - cpu0;
  await sleep(300);
  await Promise.all([healthz.stop(), select1.stop()]);
  return { value, healthz, select1, cpuMs, blockedMs: server.loopBlockedMs(from) };
}

/** A probe's figures: requests, errors, p50, p99 and max latency (ms). */
export const probeFigures = (p) => ({ n: p.lat.length, errors: p.errors, p50: percentile(p.lat, 50), p99: percentile(p.lat, 99), max: Math.max(...p.lat) });
