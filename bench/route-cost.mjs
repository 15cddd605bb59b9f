// What Floe's own code costs the request thread per SELECT 1: the POST /api/v2/statements
// handler called in-process (bench/route-cost/entry.ts, bundled here with esbuild) without
// Next.js or HTTP. select1.mjs measures the whole server, floor included; the difference between
// its figure and this one is Next's share. Much steadier than latencies on a shared host.
// The 300 µs target is Floe's own budget, not the issue's: a p99 ≤ 30 ms at 16 clients needs
// ≲ 0.9 ms of request thread per request, and Next's floor already takes ~0.6 ms of it.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, median, printTable, report, result } from './lib.mjs';

export async function run() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-route-cost-'));
  try {
    const bundle = path.join(tmp, 'route-cost.cjs');
    await build({
      entryPoints: [path.join(ROOT, 'bench', 'route-cost', 'entry.ts')], outfile: bundle, bundle: true, platform: 'node', target: 'node20',
      format: 'cjs', external: ['sql.js', '@polyglot-sql/sdk'], alias: { '@': ROOT }, nodePaths: [path.join(ROOT, 'node_modules')], logLevel: 'warning',
    });
    // cwd: the engine worker is loaded from build/ (npm run build:worker).
    const r = spawnSync(process.execPath, [bundle], {
      cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules'), FLOE_DATA_DIR: path.join(tmp, 'data'), FLOE_ADMIN_TOKEN: `floe_pat_${crypto.randomBytes(24).toString('hex')}` },
    });
    const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
    if (r.status !== 0 || !line) throw new Error(`route-cost run failed (exit ${r.status}):\n${r.stderr.slice(-3000)}`);
    const { cpuUsPerStatement, promises } = JSON.parse(line);
    console.log('route-cost: POST /api/v2/statements handler in-process, 16 concurrent loops, 3 rounds of 10,000 SELECT 1\n');
    printTable(['round', 'request-thread CPU µs/statement'], cpuUsPerStatement.map((us, i) => [i + 1, us]));
    console.log(`promises created by one statement (its Request and Response included): ${promises}`);
    const results = [result('route-cost', "Floe's handler: request-thread CPU per SELECT 1 (no Next)", median(cpuUsPerStatement), 300, 'µs', { note: `${promises} promises per statement` })];
    report(results);
    return results;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
