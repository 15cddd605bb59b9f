// Bounded results under load: 8 clients each storing ~2 MB results (and ~50 KB inline ones that
// fill the registry) until three times FLOE_MAX_RESULTS_BYTES = 32 MiB went through (at most 120 s). Prints how big the
// results directory and the registry file grow (sampled every 100 ms), and /healthz latencies
// meanwhile (the registry compacts itself in slices while serving).
import fs from 'node:fs';
import path from 'node:path';
import { fmt, mb, percentile, report, request, result, sleep, sql, withServer } from './lib.mjs';

const CAP = 32 * 1024 * 1024;
const CLIENTS = 8;
/** About what BIG answers (16,000 rows of ~125 bytes). */
const BIG_BYTES = 2 * 1024 * 1024;
const MAX_RUN_MS = 120_000;
const BIG = (i) => `SELECT ${i} AS run, SEQ4() AS n, REPEAT('x', 100) AS pad FROM TABLE(GENERATOR(ROWCOUNT => 16000))`;
const INLINE = (i) => `SELECT ${i} AS run, SEQ4() AS n, REPEAT('y', 100) AS pad FROM TABLE(GENERATOR(ROWCOUNT => 400))`;

function treeBytes(dir) {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    try { n += e.isDirectory() ? treeBytes(p) : fs.statSync(p).size; } catch { /* evicted meanwhile */ }
  }
  return n;
}

export async function run() {
  return withServer(async (server) => {
    const resultsDir = path.join(server.dataDir, 'results');
    const registry = path.join(server.dataDir, 'statements', 'registry.jsonl');
    let maxResults = 0;
    let maxRegistry = 0;
    let lastRegistry = 0;
    /** The registry file shrank between two samples. */
    let compactions = 0;
    let stored = 0;
    let bytes = 0;
    let errors = 0;
    const health = [];
    // A fresh server's first statements load and optimise their code paths: one of each first.
    for (const q of [BIG(-1), INLINE(-2)]) await sql(server, q, { database: null });
    const t0 = performance.now();
    const from = Date.now();
    const done = () => bytes >= 3 * CAP || performance.now() - t0 > MAX_RUN_MS;
    const sampler = (async () => {
      while (!done()) {
        maxResults = Math.max(maxResults, treeBytes(resultsDir));
        const size = fs.statSync(registry).size;
        if (size < lastRegistry) compactions++;
        lastRegistry = size;
        maxRegistry = Math.max(maxRegistry, size);
        const t0 = performance.now();
        await request(server, 'GET', '/healthz');
        health.push(performance.now() - t0);
        await sleep(100);
      }
    })();
    let n = 0;
    const client = async () => {
      while (!done()) {
        const i = n++;
        const r = await sql(server, i % 2 ? BIG(i) : INLINE(i), { database: null });
        if (r.status !== 200) { errors++; continue; }
        stored++;
        bytes += r.body.resultSetMetaData.partitionInfo.reduce((a, p) => a + p.uncompressedSize, 0);
      }
    };
    await Promise.all([sampler, ...Array.from({ length: CLIENTS }, client)]);
    const secs = (performance.now() - t0) / 1000;
    const blocked = server.loopBlockedMs(from);
    console.log(`results-store: ${stored} results (${fmt(mb(bytes))} MB) in ${fmt(secs)} s, ${errors} errors; results dir at most ${fmt(mb(maxResults))} MB (cap ${mb(CAP)} MB), registry at most ${fmt(mb(maxRegistry))} MB, now ${fmt(mb(fs.statSync(registry).size))} MB, compacted ${compactions} times`);
    console.log(`/healthz meanwhile: p50 ${fmt(percentile(health, 50))} ms, p99 ${fmt(percentile(health, 99))} ms, max ${fmt(Math.max(...health))} ms; request thread blocked at most ${fmt(blocked)} ms (event-loop delay)`);
    const results = [
      // Results being written count once their statement ends: the directory may hold those of the 8 running ones besides.
      result('results-store', 'results dir at most (32 MiB cap + 8 results being written)', mb(maxResults), mb(CAP + CLIENTS * BIG_BYTES), 'MB', { note: `${fmt(mb(bytes))} MB of results stored in ${fmt(secs)} s` }),
      result('results-store', 'registry file at most', mb(maxRegistry), 64, 'MB', { note: `compacted while serving (${compactions} times)` }),
      result('results-store', '/healthz max while results are evicted and the registry compacts', Math.max(...health), 100, 'ms', { note: `p99 ${fmt(percentile(health, 99))} ms; event loop blocked ≤ ${fmt(blocked)} ms` }),
    ];
    report(results);
    return results;
  }, { env: { FLOE_MAX_RESULTS_BYTES: String(CAP) } });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
