#!/usr/bin/env node
// `npm test`: lint the layering (ESLint, eslint.config.mjs), build the app, run vitest (unit + http + http-pg + pg),
// the black-box conformance suite against the PostgreSQL engine (../shared/conformance/run.sh) and
// Playwright (e2e), then print one line `tests: N passed, M failed[, K skipped]` summed over all of
// them (CI reads that line).
//
// The vitest projects run side by side in one vitest run: `pg` and `http-pg` (the http files
// against Floe on PostgreSQL) each start their own throw-away PostgreSQL (tests/pg/global-setup.ts,
// tests/http/global-setup-pg.ts; Debian's `postgresql` must be installed, .ci/run does it).
//
// Knobs: FLOE_SKIP_BUILD=1 (use the existing build), FLOE_SKIP_E2E=1 (no browser needed),
// FLOE_SKIP_PG=1 (no PostgreSQL needed: skips `pg`, `http-pg` and conformance on PostgreSQL),
// CHROMIUM_PATH (default /usr/bin/chromium), FLOE_KEEP_TMP=1 (keep reports and data dirs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { pgBinDir, startPgCluster } from './pg-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-npm-test-'));
const keep = process.env.FLOE_KEEP_TMP === '1';
const t0 = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Stages that crashed or failed outside any test; each counts as one failure. */
const problems = [];
const timings = [];
/** One line per failed test (file › name: first line of its error), printed in the summary: CI shows the tail. */
const failures = [];
let current = null;
let interrupted = null;

// Forward a stop to the running stage so that its servers are shut down too.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = sig;
    if (current) current.kill(sig);
  });
}

/** Runs a command with inherited stdio (output streams live); resolves its exit code. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    current = child;
    child.on('error', (err) => {
      console.error(`test.mjs: could not run ${cmd}: ${err.message}`);
      current = null;
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** `file › name: first line of the error`; file is relative to the checkout. */
function failureLine(file, name, message) {
  const first = String(message ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return `${file} › ${name}${first ? `: ${first.trim().slice(0, 300)}` : ''}`;
}

async function stage(name, fn) {
  const start = Date.now();
  console.log(`\n===== ${name} =====`);
  try {
    await fn();
  } catch (e) {
    problems.push(`${name}: ${e?.message ?? e}`);
  }
  timings.push(`${name} ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

/** The layering rules (docs/architecture.md): any error or warning fails the stage (one failure). */
async function lint() {
  const code = await run(bin('eslint'), ['.', '--max-warnings', '0']);
  if (code !== 0) throw new Error(`eslint exited with ${code}: a layering rule is broken (see above)`);
}

async function build() {
  if (process.env.FLOE_SKIP_BUILD === '1') {
    console.log('FLOE_SKIP_BUILD=1: using the existing build');
    return true;
  }
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) throw new Error(`npm run build exited with ${code}`);
  return true;
}

/** Without PostgreSQL (or with FLOE_SKIP_PG=1) the other projects still run; missing binaries count as one failure. */
function vitestProjects() {
  if (process.env.FLOE_SKIP_PG === '1') {
    console.log('FLOE_SKIP_PG=1: skipping the PostgreSQL engine tests');
  } else {
    try {
      pgBinDir();
      return [];
    } catch (e) {
      console.error(`\n!!! ${e.message}: the PostgreSQL engine tests (tests/pg, http-pg) need Debian's postgresql`);
      console.error('!!! install it: apt-get update && apt-get install -y --no-install-recommends postgresql');
      console.error('!!! (or set FLOE_SKIP_PG=1 to skip them)\n');
      problems.push('vitest: PostgreSQL server binaries not found, tests/pg and http-pg not run');
    }
  }
  return ['--project', 'unit', '--project', 'http'];
}

async function vitest() {
  const out = path.join(tmp, 'vitest.json');
  const unhandledOut = path.join(tmp, 'vitest-unhandled.json');
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${out}`, `--reporter=${path.join(root, 'scripts', 'vitest-unhandled-reporter.mjs')}`];
  const code = await run(bin('vitest'), ['run', ...vitestProjects(), ...reporters], { FLOE_VITEST_UNHANDLED: unhandledOut });
  const j = readJson(out);
  if (!j) throw new Error(`vitest exited with ${code} and wrote no JSON report`);
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const file of j.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(failureLine(path.relative(root, file.name), t.fullName ?? t.title, t.failureMessages?.[0]));
    }
    // A file that failed to load or crashed has no failed assertion but a message of its own.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(failureLine(path.relative(root, file.name), '(file)', file.message));
    }
  }
  // An error outside any test fails the run with every test passed: name it (where vitest knows where).
  for (const e of readJson(unhandledOut) ?? []) {
    const where = e.testPath ? path.relative(root, e.testPath) : '(outside any test file)';
    const stackTop = String(e.stack ?? '').split('\n').find((l) => l.trim().startsWith('at ')) ?? '';
    failures.push(failureLine(where, `unhandled ${e.name ?? 'error'}${e.testName ? ` in "${e.testName}"` : ''}`, `${e.message ?? ''} ${stackTop.trim()}`));
  }
  // Exit 1 with no failed test: a global setup, a file that did not load, or an unhandled error.
  if (code !== 0 && !j.numFailedTests) throw new Error(`vitest exited with ${code} without a failed test (see above)`);
}

/**
 * ../shared/conformance/run.sh against the PostgreSQL engine: a throw-away cluster, a fresh database,
 * `npm start` with FLOE_ENGINE on it. Its `conformance: N passed, M failed` joins the totals; the
 * suite missing beside the checkout is a stage problem (it is part of the contract).
 */
async function conformanceOnPostgres() {
  if (process.env.FLOE_SKIP_PG === '1') {
    console.log('FLOE_SKIP_PG=1: skipping the conformance suite on PostgreSQL');
    return;
  }
  const script = path.resolve(root, '..', 'shared', 'conformance', 'run.sh');
  if (!fs.existsSync(script)) throw new Error(`${script} not found: the conformance suite (../shared) must be beside the checkout`);
  const cluster = await startPgCluster({ database: 'floe_conformance' });
  try {
    const summary = path.join(tmp, 'conformance.txt');
    // The real path: run.sh finds lib.mjs beside itself, and lib.mjs's CLI check compares resolved paths.
    const code = await run(fs.realpathSync(script), ['.'], {
      FLOE_ENGINE: cluster.url,
      NEXTAUTH_SECRET: randomBytes(32).toString('hex'),
      FLOE_SUMMARY_FILE: summary,
    });
    const m = /conformance: (\d+) passed, (\d+) failed/.exec(fs.existsSync(summary) ? fs.readFileSync(summary, 'utf8') : '');
    if (!m) throw new Error(`run.sh exited with ${code} without a summary line`);
    totals.passed += Number(m[1]);
    totals.failed += Number(m[2]);
    if (code !== 0 && Number(m[2]) === 0) throw new Error(`run.sh exited with ${code} without a failed test`);
  } finally {
    await cluster.stop();
  }
}

async function playwright() {
  if (process.env.FLOE_SKIP_E2E === '1') {
    console.log('FLOE_SKIP_E2E=1: skipping the browser tests');
    return;
  }
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.error(`\n!!! ${chromium} is missing: the e2e tests need Debian's chromium`);
    console.error('!!! install it: apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation');
    console.error('!!! (or set FLOE_SKIP_E2E=1 to skip the browser tests)\n');
    throw new Error(`${chromium} not found`);
  }
  const out = path.join(tmp, 'playwright.json');
  const dataDir = fs.mkdtempSync(path.join(tmp, 'e2e-data-'));
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    FLOE_E2E_DATA_DIR: dataDir,
  });
  const j = readJson(out);
  if (!j) throw new Error(`playwright exited with ${code} and wrote no JSON report`);
  const s = j.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  // Errors outside tests (web server did not start, config error) leave the counts at zero.
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.[t.results.length - 1];
        failures.push(failureLine(`e2e/${spec.file ?? suite.file}`, spec.title, last?.error?.message));
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of j.suites ?? []) walk(suite);
  for (const e of j.errors ?? []) problems.push(`playwright: ${String(e.message ?? e).split('\n')[0]}`);
  if (code !== 0 && !s.unexpected && !(j.errors ?? []).length) throw new Error(`playwright exited with ${code} without a failed test`);
}

let built = false;
await stage('lint (layering)', lint);
if (!interrupted) await stage('build', async () => { built = await build(); });
if (built && !interrupted) await stage('vitest (unit + http + http-pg + pg)', vitest);
if (built && !interrupted) await stage('conformance on PostgreSQL', conformanceOnPostgres);
if (built && !interrupted) await stage('playwright (e2e)', playwright);
if (interrupted) problems.push(`interrupted by ${interrupted}`);

if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
else console.log(`kept reports in ${tmp}`);

console.log(`\n===== summary =====`);
console.log(`timings: ${timings.join(', ')}; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
for (const f of failures.slice(0, 30)) console.log(`failed: ${f}`);
if (failures.length > 30) console.log(`failed: … and ${failures.length - 30} more`);
for (const p of problems) console.log(`problem: ${p}`);
const failed = totals.failed + problems.length;
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`tests: ${totals.passed} passed, ${failed} failed${skipped}`);
process.exit(failed > 0 ? 1 : 0);
