// `npm run bench [-- [--engine sqljs|postgres] name…]` (--help lists them): runs the benchmarks under bench/ (each starts its own Floe server)
// one after the other, each in its own node process, and prints a summary of all figures.
// Figures only: nothing here passes or fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printResults } from '../bench/lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The embedded engine's benchmarks, and the two PostgreSQL ones that ran before Floe booted on it.
const DEFAULT = ['select1', 'console-run', 'route-cost', 'scan-1m', 'insert', 'cancel', 'agg', 'cache', 'results-store', 'fair-share', 'memory', 'compile-load', 'console-grid', 'pg-engine', 'shared-state'];
// Floe on PostgreSQL (FLOE_ENGINE=postgres://…, issue 20): each starts its own throw-away cluster.
const POSTGRES = ['pg-agg', 'pg-concurrent', 'pg-select1', 'pg-scan', 'pg-scale', 'pg-engine', 'shared-state'];
const ALL = [...new Set([...DEFAULT, ...POSTGRES])];
const HELP = `usage: npm run bench [-- [--engine sqljs|postgres] [name…]]

  (no argument)        ${DEFAULT.join(', ')}
  --engine postgres    Floe on PostgreSQL, each with a throw-away cluster from Debian's packages
                       (scripts/pg-cluster.mjs): ${POSTGRES.join(', ')}
  --engine sqljs       the embedded engine's: ${DEFAULT.filter((n) => !POSTGRES.includes(n)).join(', ')}
  name…                only these (any of the above; with --engine, those of that engine)`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}
let engine = null;
const wanted = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--engine') engine = args[++i] ?? '';
  else if (args[i].startsWith('--engine=')) engine = args[i].slice('--engine='.length);
  else wanted.push(args[i]);
}
if (engine !== null && engine !== 'postgres' && engine !== 'sqljs') {
  console.error(`--engine must be sqljs or postgres, got '${engine}'\n\n${HELP}`);
  process.exit(2);
}
const pool = engine === 'postgres' ? POSTGRES : engine === 'sqljs' ? DEFAULT.filter((n) => !POSTGRES.includes(n)) : ALL;
const unknown = wanted.filter((n) => !pool.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark(s)${engine ? ` for --engine ${engine}` : ''}: ${unknown.join(', ')}\n\n${HELP}`);
  process.exit(2);
}
const names = wanted.length ? wanted : engine ? pool : DEFAULT;
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
