// `npm run bench [-- name…]`: runs the benchmarks under bench/ (each starts its own Floe server)
// one after the other, each in its own node process, and prints a summary of all figures.
// Figures only: nothing here passes or fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printResults } from '../bench/lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALL = ['select1', 'console-run', 'route-cost', 'scan-1m', 'insert', 'cancel', 'agg', 'cache', 'results-store', 'fair-share', 'memory', 'compile-load', 'console-grid', 'pg-engine', 'shared-state'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !ALL.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? wanted : ALL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-bench-results-'));
const all = [];
const failed = [];
const started = Date.now();
console.log(`Floe benchmarks: ${names.join(', ')} (node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)})\n`);
for (const name of names) {
  console.log(`=== ${name} ${'='.repeat(60 - name.length)} (load average ${os.loadavg()[0].toFixed(2)})`);
  const out = path.join(tmp, `${name}.json`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`)], { cwd: root, stdio: 'inherit', env: { ...process.env, FLOE_BENCH_RESULTS: out } });
  console.log(`(${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
  if (r.status === 0 && fs.existsSync(out)) all.push(...JSON.parse(fs.readFileSync(out, 'utf8')));
  else failed.push(`${name} (exit ${r.status ?? r.signal})`);
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`=== summary (${((Date.now() - started) / 1000).toFixed(0)} s) ${'='.repeat(44)}`);
if (all.length) printResults(all);
console.log('ratio = measured/target for throughputs, target/measured for times and sizes: ≥ 1 means the target is met.');
if (failed.length) console.log(`benchmarks that did not complete: ${failed.join(', ')}`);
