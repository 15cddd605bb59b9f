// Starts and stops real Floe servers (`node scripts/start.mjs`) for tests: the shared one of
// global-setup.ts, and private ones for kill -9 / restart tests. Each server runs in its own
// process group so that stop()/kill9() also reach whatever start.mjs spawns.
// In the http-pg project every server runs on PostgreSQL: a fresh database of the project's
// cluster per data dir (the same one again when a test restarts on that dir).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createDatabase } from '../../scripts/pg-cluster.mjs';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_START_TIMEOUT_MS = Number(process.env.FLOE_START_TIMEOUT_S || 180) * 1000;
const KEEP_TMP = process.env.FLOE_KEEP_TMP === '1';

export interface StartOptions {
  /** Reuse this data dir (restart persistence). Default: a fresh one in a new temp dir. */
  dataDir?: string;
  /** Extra environment for the server; a value of undefined removes the variable. */
  env?: Record<string, string | undefined>;
  /** Admin PAT / password. Default: the ones an earlier startServer used for the same dataDir, else random. */
  token?: string;
  password?: string;
  /** Default: a free port. */
  port?: number;
  timeoutMs?: number;
  /**
   * The PostgreSQL cluster (its `postgres` database URL) to run on, a fresh database per data dir;
   * null: sql.js. Default: the project's (onPostgres()). Ignored when env sets FLOE_ENGINE.
   */
  pgAdminUrl?: string | null;
}

export interface FloeServer {
  url: string;
  port: number;
  /** FLOE_ADMIN_TOKEN: the PAT secret of user ADMIN. */
  token: string;
  password: string;
  dataDir: string;
  /** The PostgreSQL database it runs on (the http-pg project's servers), else undefined (sql.js). */
  pgUrl?: string;
  logFile: string;
  /** Process id of start.mjs, also the process group id. */
  pid: number;
  /** How the start.mjs process ended, or null while it runs. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Signal the whole group (default SIGTERM), SIGKILL it after graceMs, wait until it is gone. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  /** SIGKILL the whole group (a crash: no shutdown code runs) and wait until it is gone. */
  kill9(): Promise<void>;
  /** The server log so far (all starts on this data dir share one log). */
  log(): string;
  /** stop(), then remove the temp dir this call created (not a dataDir passed in) unless FLOE_KEEP_TMP=1. */
  dispose(): Promise<void>;
}

interface Known { token: string; password: string; logFile: string; pg?: { url: string; secret: string } }
/** Credentials and log of data dirs started by this process, so a restart needs only { dataDir }. */
const known = new Map<string, Known>();
/** Groups still alive, killed if the process exits without stopping them (no orphan servers). */
const live = new Set<number>();
process.once('exit', () => {
  for (const pgid of live) {
    try { process.kill(-pgid, 'SIGKILL'); } catch { /* already gone */ }
  }
});

/** The cluster the http-pg project runs its servers on (tests/http/global-setup-pg.ts); undefined elsewhere. */
export function projectPgAdminUrl(): string | undefined {
  return inject('FLOE_TEST_PG_ADMIN_URL');
}

/**
 * True in the http-pg project: for the few tests whose expectation legitimately differs by engine
 * (each says why where it asks).
 */
export function onPostgres(): boolean {
  return projectPgAdminUrl() !== undefined;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const secret = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export function freePort(): Promise<number> {
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
export function groupAlive(pgid: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    try { process.kill(-pgid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try { stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8'); } catch { continue; }
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // [state, ppid, pgrp, ...]
    if (Number(rest[2]) === pgid && rest[0] !== 'Z' && rest[0] !== 'X') return true;
  }
  return false;
}

async function waitGroupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function signalGroup(pgid: number, sig: NodeJS.Signals): void {
  try { process.kill(-pgid, sig); } catch { /* already gone */ }
}

export function tail(file: string, lines = 60): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '<no log>';
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer().catch(() => undefined);
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The server must not inherit the test runner's markers (vitest sets NODE_ENV=test, VITEST_*). */
function serverEnv(extra: Record<string, string>, user: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
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

/** Spawns `node scripts/start.mjs` and resolves once GET /healthz answers 200. */
export async function startServer(opts: StartOptions = {}): Promise<FloeServer> {
  let ownedTmp: string | undefined;
  let dataDir: string;
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
  const pgAdminUrl = opts.pgAdminUrl === undefined ? projectPgAdminUrl() : opts.pgAdminUrl;
  const pg = opts.env && 'FLOE_ENGINE' in opts.env ? undefined
    : prev?.pg ?? (pgAdminUrl ? { url: await createDatabase(pgAdminUrl), secret: secret('', 24) } : undefined);
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
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let spawnError: Error | undefined;
  let onExit!: () => void;
  const exitEvent = new Promise<void>((r) => { onExit = r; });
  child.on('exit', (code, signal) => { exited = { code, signal }; onExit(); });
  child.on('error', (err) => { spawnError = err; exited = { code: null, signal: null }; onExit(); });
  child.unref();
  const pid = child.pid;
  if (!pid) throw new Error(`could not spawn scripts/start.mjs: ${spawnError?.message ?? 'no pid'}`);
  live.add(pid);

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> => {
    signalGroup(pid, signal);
    if (!(await waitGroupGone(pid, graceMs))) {
      signalGroup(pid, 'SIGKILL');
      await waitGroupGone(pid, 10_000);
    }
    live.delete(pid);
    // The group can be gone a moment before Node reports the exit; wait so exitStatus() is set.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exitEvent, new Promise<void>((r) => { timer = setTimeout(r, 5_000); })]);
    clearTimeout(timer); // a pending timer would keep the process alive
  };
  const server: FloeServer = {
    url, port, token, password, dataDir, pgUrl: pg?.url, logFile, pid,
    exitStatus: () => exited,
    stop,
    kill9: () => stop('SIGKILL'),
    log: () => { try { return fs.readFileSync(logFile, 'utf8'); } catch { return ''; } },
    dispose: async () => {
      await stop();
      if (ownedTmp && !KEEP_TMP) {
        fs.rmSync(ownedTmp, { recursive: true, force: true });
        known.delete(dataDir);
      }
    },
  };

  const timeoutMs = opts.timeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await healthy(url)) return server;
    const status = server.exitStatus();
    const why = status
      ? `start.mjs exited (${spawnError?.message ?? JSON.stringify(status)})`
      : Date.now() > deadline ? `no 200 from ${url}/healthz after ${timeoutMs / 1000} s` : undefined;
    if (why) {
      await stop('SIGKILL'); // the temp dir stays: its log explains the failure
      throw new Error(`Floe server did not start: ${why}. Log ${logFile}, last lines:\n${tail(logFile)}`);
    }
    await sleep(250);
  }
}
