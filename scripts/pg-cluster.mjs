#!/usr/bin/env node
// A throw-away PostgreSQL cluster from the machine's own packages (Debian's `postgresql`): initdb
// into a temp dir, start it on a free port (127.0.0.1 and a unix socket inside the dir), create a
// database, hand out its URL, and stop and remove it all at the end. The tests start one per run
// (tests/pg/global-setup.ts); `node scripts/pg-cluster.mjs` starts one by hand and prints its URL
// until Ctrl-C.
//
// initdb and postgres refuse to run as root: as root (CI) they run as the `postgres` OS user,
// which owns the temp dir; as anyone else they run as that user. Durability is off (fsync,
// full_page_writes, synchronous_commit): the cluster dies with the run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const PREFIX = 'floe-pg-';

/** The newest installed server's bin dir: FLOE_PG_BINDIR, else /usr/lib/postgresql/<major>/bin (Debian), else pg_config's. */
export function pgBinDir() {
  if (process.env.FLOE_PG_BINDIR) {
    if (fs.existsSync(path.join(process.env.FLOE_PG_BINDIR, 'initdb'))) return process.env.FLOE_PG_BINDIR;
    throw new Error(`FLOE_PG_BINDIR=${process.env.FLOE_PG_BINDIR} holds no initdb`);
  }
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'bin', 'initdb'))).sort((a, b) => Number(a) - Number(b))
    : [];
  if (majors.length) return path.join(root, majors[majors.length - 1], 'bin');
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  } catch { /* no pg_config */ }
  throw new Error('PostgreSQL server binaries not found (install Debian\'s `postgresql`, or set FLOE_PG_BINDIR)');
}

/** uid/gid the server runs as: `postgres` when we are root, else ourselves (undefined: no switch). */
function serverUser() {
  if (process.getuid?.() !== 0) return {};
  const line = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no `postgres` OS user to run the server as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const alive = (pid) => {
  try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
};

/** Postmaster pid of a cluster dir (first line of postmaster.pid), or null. */
function postmasterPid(dataDir) {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : null;
  } catch { return null; }
}

/**
 * Clusters of earlier runs whose owning process is gone (killed before it could stop them): their
 * postmaster is stopped and the dir removed. A live owner's cluster is never touched.
 */
function reapOrphans() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner;
    try { owner = Number(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8')); } catch { continue; }
    if (!owner || alive(owner)) continue;
    const pm = postmasterPid(path.join(dir, 'data'));
    if (pm && alive(pm)) try { process.kill(pm, 'SIGQUIT'); } catch { /* gone meanwhile */ }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function run(cmd, args, user, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...user, stdio: ['ignore', log, log] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} exited with ${code}`))));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a cluster and creates `database` in it. Resolves { url, adminUrl, port, dir, logFile,
 * shutdown(), start(), restart(), stop() }: url names the database, adminUrl the `postgres` one;
 * shutdown() stops the server and keeps its data, start() starts it again on the same port (an
 * outage and its end, for fault tests); stop() shuts the server down and removes the dir (idempotent).
 */
export async function startPgCluster({ database = 'floe', settings = {} } = {}) {
  reapOrphans();
  const bin = pgBinDir();
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
  let server = null;
  let port = 0;
  const shutdown = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      // Fast shutdown (SIGINT): ends sessions, no checkpoint wait worth speaking of with fsync off.
      server.kill('SIGINT');
      const t = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
    server = null;
  };
  const stop = async () => {
    await shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  /** Starts the postmaster on `port`; false when it exited at once (port taken). */
  const launch = async () => {
    const log = fs.openSync(logFile, 'a');
    try {
      const args = [
        '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
        '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off',
        ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      ];
      server = spawn(path.join(bin, 'postgres'), args, { ...user, stdio: ['ignore', log, log] });
    } finally {
      fs.closeSync(log);
    }
    return waitReady(server, port);
  };
  const start = async () => {
    if (server) return;
    // The port was ours a moment ago; another process may take it meanwhile: say so.
    for (let attempt = 0; !(await launch()); attempt++) {
      if (attempt >= 20) throw new Error(`postgres did not start again on port ${port} (log: ${logFile})`);
      await sleep(250);
    }
  };
  try {
    const log = fs.openSync(logFile, 'a');
    if (user.uid !== undefined) fs.fchownSync(log, user.uid, user.gid);
    try {
      await run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'], user, log);
    } finally {
      fs.closeSync(log);
    }
    // A free port can be taken between the probe and the bind (other runs): try another.
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      if (await launch()) break;
      if (attempt >= 2) throw new Error(`postgres did not start (log: ${logFile}):\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const url = await createDatabase(adminUrl, database);
    const restart = async () => { await shutdown(); await start(); };
    return { url, adminUrl, port, dir, logFile, shutdown, start, restart, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

let databases = 0;

/**
 * Creates a database on the cluster of adminUrl (its `postgres` database); resolves its URL.
 * Without a name: a new one unique to this process (tests take a fresh database each).
 */
export async function createDatabase(adminUrl, name = `t_${process.pid}_${Date.now()}_${databases++}`) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${encodeURIComponent(name)}`);
}

/** True once the server accepts connections; false when it exited (port taken?); throws after 60 s. */
async function waitReady(server, port) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null || server.signalCode !== null) return false;
    const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.end();
      return true;
    } catch {
      await c.end().catch(() => {});
      await sleep(100);
    }
  }
  server.kill('SIGKILL');
  throw new Error('postgres did not accept connections within 60 s');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Ctrl-C while it starts stops it once started (nothing is left behind).
  let cluster = null;
  let stopping = false;
  const stop = () => { stopping = true; if (cluster) void cluster.stop().then(() => process.exit(0)); };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
  console.log('starting PostgreSQL …');
  cluster = await startPgCluster({ database: process.argv[2] || 'floe' });
  if (stopping) stop();
  else console.log(`PostgreSQL ready: ${cluster.url}\n(log: ${cluster.logFile}; Ctrl-C stops it and removes ${cluster.dir})`);
}
