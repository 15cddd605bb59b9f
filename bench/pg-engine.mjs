// PostgresEngine on its own (Floe does not boot on PostgreSQL yet, issue 20): a throw-away
// cluster (scripts/pg-cluster.mjs), the engine bundled from its sources with esbuild, and
// - 1M rows streamed into partition files, against the same query read by a bare `pg` client
//   (rows parsed, nothing encoded or written): what the engine adds;
// - SELECT 1 plans per second, one at a time and 4 at once (pool of 4);
// - cancel of a running SELECT pg_sleep(30): from cancel() to the plan's cancel error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { median, printTable, report, result, ROOT } from './lib.mjs';
import { startPgCluster } from '../scripts/pg-cluster.mjs';

const ROWS = 1_000_000;
const STREAM_SQL = `SELECT g, g * 2.5::float8 AS f, 'row ' || g AS t FROM generate_series(1, ${ROWS}) g`;

async function loadEngine(tmp) {
  const outfile = path.join(tmp, 'postgres-engine.cjs');
  await build({
    entryPoints: [path.join(ROOT, 'lib/engine/postgres/postgres-engine.ts')], outfile, bundle: true, platform: 'node', target: 'node20',
    format: 'cjs', alias: { '@': ROOT }, external: ['pg-native', 'cloudflare:sockets'], logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)).PostgresEngine;
}

function rawStream(url) {
  return new Promise((resolve, reject) => {
    const c = new pg.Client(url);
    c.connect().then(() => {
      const t0 = performance.now();
      let n = 0;
      const q = new pg.Query({ text: STREAM_SQL, rowMode: 'array' });
      q.on('row', () => { n++; });
      q.on('error', reject);
      q.on('end', () => { const ms = performance.now() - t0; void c.end(); resolve({ ms, n }); });
      c.query(q);
    }, reject);
  });
}

export async function run() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-bench-pg-'));
  const cluster = await startPgCluster({ database: 'bench' });
  let engine = null;
  try {
    const PostgresEngine = await loadEngine(tmp);
    engine = new PostgresEngine({ url: cluster.url, poolSize: 4 });
    let plans = 0;
    const plan = (sql, statementId = `b${plans++}`) => ({
      statementId, sessionId: 'bench', output: 'rows', access: 'read', steps: [{ sql }],
      pins: { nowMs: Date.now(), seed: 1, timezone: 'UTC' }, resultDir: path.join(tmp, statementId),
      limits: { maxRows: 0, maxBytes: 1e12, firstPartitionBytes: 64 * 1024, partitionBytes: 10 * 1024 * 1024 },
    });

    const stream = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await engine.execute(plan(STREAM_SQL, `stream${i}`));
      const engineMs = performance.now() - t0;
      fs.rmSync(path.join(tmp, `stream${i}`), { recursive: true, force: true });
      const raw = await rawStream(cluster.url);
      if (r.numRows !== ROWS || raw.n !== ROWS) throw new Error(`rows: engine ${r.numRows}, raw ${raw.n}`);
      stream.push({ engineMs, rawMs: raw.ms, partitions: r.partitions.length });
    }

    for (let i = 0; i < 200; i++) await engine.execute(plan('SELECT 1')); // warm
    let t0 = performance.now();
    for (let i = 0; i < 2000; i++) await engine.execute(plan('SELECT 1'));
    const serial = 2000 / ((performance.now() - t0) / 1000);
    t0 = performance.now();
    await Promise.all(Array.from({ length: 4 }, async () => { for (let i = 0; i < 500; i++) await engine.execute(plan('SELECT 1')); }));
    const concurrent = 2000 / ((performance.now() - t0) / 1000);

    const cancels = [];
    for (let i = 0; i < 5; i++) {
      const id = `cancel${i}`;
      const running = engine.execute(plan('SELECT pg_sleep(30)', id)).then(() => 'finished', (e) => e.error?.code);
      await new Promise((r) => setTimeout(r, 300));
      const c0 = performance.now();
      await engine.cancel(id);
      const code = await running;
      if (code !== '000604') throw new Error(`cancel answered ${code}`);
      cancels.push(performance.now() - c0);
    }

    printTable(['run', 'engine ms (1M rows → files)', 'bare pg client ms', 'partitions'], stream.map((s, i) => [i + 1, s.engineMs.toFixed(0), s.rawMs.toFixed(0), s.partitions]));
    const engineMs = median(stream.map((s) => s.engineMs));
    const rawMs = median(stream.map((s) => s.rawMs));
    console.log(`\nSELECT 1: ${serial.toFixed(0)} plans/s one at a time, ${concurrent.toFixed(0)} plans/s 4 at once; cancel: ${cancels.map((c) => c.toFixed(1)).join(', ')} ms`);
    const results = [
      result('pg-engine', '1M rows streamed into partitions (median)', Math.round(ROWS / (engineMs / 1000)), 150_000, 'rows/s',
        { higherIsBetter: true, note: `bare pg client reading the same rows: ${Math.round(ROWS / (rawMs / 1000))} rows/s` }),
      result('pg-engine', 'SELECT 1 plans, one at a time', Math.round(serial), 1000, 'plans/s', { higherIsBetter: true, note: `4 at once: ${Math.round(concurrent)}/s` }),
      result('pg-engine', 'cancel of SELECT pg_sleep(30) (median)', Number(median(cancels).toFixed(1)), 500, 'ms', { note: `max ${Math.max(...cancels).toFixed(1)} ms` }),
    ];
    report(results);
    return results;
  } finally {
    await engine?.close();
    // pg closes the pool's sockets after end() resolves: let them go before the server does.
    await new Promise((r) => setTimeout(r, 200));
    await cluster.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
