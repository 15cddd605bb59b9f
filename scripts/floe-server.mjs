// Starts and stops real Floe servers (`node scripts/start.mjs`): the tests' (tests/http/server-control.ts
// re-exports this) and scripts/floe-cluster.mjs's nodes. Each server runs in its own process group
// so that stop()/kill9() also reach whatever start.mjs spawns.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './pg-cluster.mjs';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_START_TIMEOUT_MS = Number(process.env.FLOE_START_TIMEOUT_S || 180) * 1000;
const KEEP_TMP = process.env.FLOE_KEEP_TMP === '1';

/** Credentials and log of data dirs started by this process, so a restart needs only { dataDir }. */
const known = new Map();
/** Groups still alive, killed if the process exits without stopping them (no orphan servers). */
const live = new Set();
process.once('exit', () => {
  for (const pgid of live) {
    try { process.kill(-pgid, 'SIGKILL'); } catch { /* already gone */ }
  }
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const secret = (prefix, bytes) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Live (non-zombie) members of process group pgid; /proc is exact, kill(0) is the fallback. */
export function groupAlive(pgid) {
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    try { process.kill(-pgid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat;
    try { stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8'); } catch { continue; }
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // [state, ppid, pgrp, ...]
    if (Number(rest[2]) === pgid && rest[0] !== 'Z' && rest[0] !== 'X') return true;
  }
  return false;
}

async function waitGroupGone(pgid, ms) {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function signalGroup(pgid, sig) {
  try { process.kill(-pgid, sig); } catch { /* already gone */ }
}

export function tail(file, lines = 60) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '<no log>';
  }
}

/**
 * GET `url` and read its body, given up after `ms` whatever happens: aborted by a timer this call
 * holds (a bare AbortSignal.timeout() is only weakly held by its timer, and a start once waited
 * minutes on a /healthz that never settled), and raced against it in case the abort is not heard.
 * Resolves { status, body }; rejects on a connection error or the deadline.
 */
export async function getWithin(url, ms) {
  const abort = new AbortController();
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => {
      const e = new Error(`no answer within ${ms} ms`);
      abort.abort(e);
      reject(e);
    }, ms);
  });
  try {
    return await Promise.race([
      fetch(url, { signal: abort.signal }).then(async (res) => ({ status: res.status, body: await res.text() })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether GET /healthz answers 200; otherwise `last.outcome` says what it answered (kept for a failed start's message). */
async function healthy(url, last = {}) {
  try {
    const { status, body } = await getWithin(`${url}/healthz`, 3000);
    last.outcome = `${status} ${body.slice(0, 200)}`;
    return status === 200;
  } catch (e) {
    last.outcome = `${e?.cause?.code ?? e?.name ?? 'error'}: ${e?.cause?.message ?? e?.message ?? e}`;
    return false;
  }
}

/** The server must not inherit the test runner's markers (vitest sets NODE_ENV=test, VITEST_*). */
function serverEnv(extra, user = {}) {
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    if (k.startsWith('VITEST') || k === 'NODE_OPTIONS' || k === 'NODE_ENV') delete env[k];
  }
  Object.assign(env, extra);
  for (const [k, v] of Object.entries(user)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Spawns `node scripts/start.mjs` and resolves once GET /healthz answers 200 (types: floe-server.d.mts). */
export async function startServer(opts = {}) {
  let ownedTmp;
  let dataDir;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir);
  } else {
    ownedTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-test-'));
    dataDir = path.join(ownedTmp, 'data');
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const prev = known.get(dataDir);
  const token = opts.token ?? prev?.token ?? secret('floe_pat_', 24);
  const password = opts.password ?? prev?.password ?? secret('pw_', 12);
  const logFile = prev?.logFile ?? path.join(ownedTmp ?? fs.mkdtempSync(path.join(os.tmpdir(), 'floe-test-log-')), 'server.log');
  // opts.pgAdminUrl: a fresh database of that cluster per data dir (the same one again on a restart).
  const pg = opts.env && 'FLOE_ENGINE' in opts.env ? undefined
    : prev?.pg ?? (opts.pgAdminUrl ? { url: await createDatabase(opts.pgAdminUrl), secret: secret('', 24) } : undefined);
  known.set(dataDir, { token, password, logFile, pg });

  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = serverEnv(
    {
      PORT: String(port), FLOE_DATA_DIR: dataDir, FLOE_ADMIN_TOKEN: token, FLOE_ADMIN_PASSWORD: password,
      // On PostgreSQL a node needs the shared console session secret (≥ 32 characters).
      ...(pg ? { FLOE_ENGINE: pg.url, NEXTAUTH_SECRET: pg.secret } : {}),
    },
    opts.env,
  );

  const fd = fs.openSync(logFile, 'a');
  fs.writeSync(fd, `\n==== start.mjs on port ${port} at ${new Date().toISOString()} ====\n`);
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts', 'start.mjs')], {
    cwd: PROJECT_ROOT,
    env,
    detached: true, // own process group: signals reach start.mjs and its children
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  let exited = null;
  let spawnError;
  let onExit;
  const exitEvent = new Promise((r) => { onExit = r; });
  child.on('exit', (code, signal) => { exited = { code, signal }; onExit(); });
  child.on('error', (err) => { spawnError = err; exited = { code: null, signal: null }; onExit(); });
  child.unref();
  const pid = child.pid;
  if (!pid) throw new Error(`could not spawn scripts/start.mjs: ${spawnError?.message ?? 'no pid'}`);
  live.add(pid);

  let stopped = false;
  const stop = async (signal = 'SIGTERM', graceMs = 10_000) => {
    stopped = true;
    signalGroup(pid, signal);
    if (!(await waitGroupGone(pid, graceMs))) {
      signalGroup(pid, 'SIGKILL');
      await waitGroupGone(pid, 10_000);
    }
    live.delete(pid);
    // The group can be gone a moment before Node reports the exit; wait so exitStatus() is set.
    let timer;
    await Promise.race([exitEvent, new Promise((r) => { timer = setTimeout(r, 5_000); })]);
    clearTimeout(timer); // a pending timer would keep the process alive
  };
  const server = {
    url, port, token, password, dataDir, pgUrl: pg?.url, logFile, pid,
    exitStatus: () => exited,
    stop,
    kill9: () => stop('SIGKILL'),
    log: () => { try { return fs.readFileSync(logFile, 'utf8'); } catch { return ''; } },
    dispose: async () => {
      // A server that died on its own (nobody stopped it) fails the tests that still used it with
      // bare connection errors: say so here, with its log, and keep that log.
      const crashed = exited && !stopped;
      if (crashed) console.error(`Floe server pid ${pid} exited by itself (${JSON.stringify(exited)}); log ${logFile}, last lines:\n${tail(logFile)}`);
      await stop();
      if (ownedTmp && !KEEP_TMP && !crashed) {
        fs.rmSync(ownedTmp, { recursive: true, force: true });
        known.delete(dataDir);
      }
    },
  };

  const timeoutMs = opts.timeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const last = { outcome: 'not asked yet' };
  for (;;) {
    if (await healthy(url, last)) return server;
    const status = server.exitStatus();
    const why = status
      ? `start.mjs exited (${spawnError?.message ?? JSON.stringify(status)})`
      : Date.now() > deadline ? `no 200 from ${url}/healthz after ${timeoutMs / 1000} s (last answer: ${last.outcome})` : undefined;
    if (why) {
      await stop('SIGKILL'); // the temp dir stays: its log explains the failure
      throw new Error(`Floe server did not start: ${why}. Log ${logFile}, last lines:\n${tail(logFile)}`);
    }
    await sleep(250);
  }
}
