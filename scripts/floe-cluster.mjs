#!/usr/bin/env node
// The deploy/compose.yaml topology on one machine, from Debian packages: a throw-away PostgreSQL
// cluster (scripts/pg-cluster.mjs), N Floe nodes on it (scripts/floe-server.mjs: the built app,
// `node scripts/start.mjs`, each on a free port with the same admin credentials and
// NEXTAUTH_SECRET) and HAProxy in front, running deploy/haproxy.cfg itself: its bind address and
// server lines are rendered for the ports and node count used here, everything else (balancing,
// health checks, redispatch, JSON errors) is the recipe's. The tests (tests/pg/three-nodes.test.ts)
// and the benches use the JS API; `node scripts/floe-cluster.mjs [--nodes N]` starts one by hand,
// prints its URLs and how to sign in, and Ctrl-C stops it and removes everything.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT, freePort, getWithin, startServer } from './floe-server.mjs';
import { startPgCluster } from './pg-cluster.mjs';

const HAPROXY_CFG = path.join(PROJECT_ROOT, 'deploy', 'haproxy.cfg');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** HAProxy's binary: FLOE_HAPROXY, else the first `haproxy` on PATH or in /usr/sbin (Debian's package). */
export function haproxyBin() {
  if (process.env.FLOE_HAPROXY) return process.env.FLOE_HAPROXY;
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const d of dirs) {
    const f = path.join(d, 'haproxy');
    if (d && fs.existsSync(f)) return f;
  }
  throw new Error('haproxy not found (install Debian\'s `haproxy`, or set FLOE_HAPROXY)');
}

/**
 * deploy/haproxy.cfg with its `bind` address and `server` lines replaced for this machine: one
 * server line per node (the recipe's first server line's options, e.g. `check`), bound to
 * 127.0.0.1:port. Throws when the recipe lost the shape this relies on.
 */
export function renderHaproxyCfg(text, { port, nodes }) {
  const lines = text.split('\n');
  const serverAt = lines.findIndex((l) => /^\s*server\s+\S+\s+\S+/.test(l));
  const bindAt = lines.findIndex((l) => /^\s*bind\s+\S+/.test(l));
  if (serverAt < 0 || bindAt < 0) throw new Error(`${HAPROXY_CFG}: expected a \`bind\` line and \`server\` lines`);
  const [, indent, opts] = /^(\s*)server\s+\S+\s+\S+(.*)$/.exec(lines[serverAt]);
  const servers = nodes.map((n, i) => `${indent}server n${i + 1} 127.0.0.1:${n}${opts}`);
  const out = [];
  lines.forEach((l, i) => {
    if (i === bindAt) out.push(l.replace(/bind\s+\S+/, `bind 127.0.0.1:${port}`));
    else if (i === serverAt) out.push(...servers);
    else if (!/^\s*server\s/.test(l)) out.push(l);
  });
  return out.join('\n');
}

/** Resolves once url answers anything over HTTP (HAProxy is listening). */
async function waitListening(url, child, logFile) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}): ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      await getWithin(`${url}/healthz`, 5000);
      return;
    } catch { await sleep(100); }
  }
  throw new Error(`haproxy did not listen on ${url} within 30 s`);
}

/** Resolves once every node is up in HAProxy's eyes: /healthz through it answers 200 `nodes` times in a row. */
async function waitBalanced(url, count) {
  const until = Date.now() + 30_000;
  let ok = 0;
  while (Date.now() < until) {
    const status = await getWithin(`${url}/healthz`, 3000).then((r) => r.status, () => 0);
    ok = status === 200 ? ok + 1 : 0;
    if (ok >= count * 2) return;
    await sleep(ok ? 20 : 200);
  }
  throw new Error(`HAProxy at ${url} did not reach the nodes within 30 s`);
}

/**
 * Starts PostgreSQL, `nodes` Floe nodes and HAProxy. Resolves { url (HAProxy), token, password,
 * secret, nodes: [{ url, port, pid, kill(), stop(), restart(), log() }], pg: { url, adminUrl,
 * stop(), start(), restart() }, haproxy: { pid, cfgFile }, stop() }. env: more environment for
 * every node. node.kill() is kill -9 (a crash), restart() starts it again on its port and data dir.
 */
export async function startFloeCluster({ nodes: count = 3, env = {}, leaseS = 5, poolSize, quiet = true } = {}) {
  const say = (m) => { if (!quiet) console.log(m); };
  const token = `floe_pat_${randomBytes(24).toString('hex')}`;
  const password = `pw_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-cluster-'));
  let pg = null;
  const servers = [];
  let haproxy = null;
  const stop = async () => {
    if (haproxy && haproxy.exitCode === null) {
      const gone = new Promise((r) => haproxy.once('exit', r));
      haproxy.kill('SIGTERM');
      await gone;
    }
    await Promise.all(servers.map((s) => s.current?.dispose()));
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    say('starting PostgreSQL …');
    pg = await startPgCluster({ settings: { max_connections: 200 } });
    const nodeEnv = {
      FLOE_ENGINE: pg.url, NEXTAUTH_SECRET: secret, FLOE_NODE_LEASE_S: String(leaseS),
      ...(poolSize ? { FLOE_PG_POOL_SIZE: String(poolSize) } : {}), ...env,
    };
    say(`starting ${count} Floe node(s) …`);
    // One node first: it migrates the fresh database; the others then find it ready.
    const first = await startServer({ token, password, env: nodeEnv, dataDir: path.join(dir, 'node1') });
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) =>
      startServer({ token, password, env: nodeEnv, dataDir: path.join(dir, `node${i + 2}`) })));
    for (const s of [first, ...rest]) {
      const slot = { current: s };
      servers.push(slot);
    }
    const port = await freePort();
    const cfgFile = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(cfgFile, renderHaproxyCfg(fs.readFileSync(HAPROXY_CFG, 'utf8'), { port, nodes: servers.map((s) => s.current.port) }));
    const logFile = path.join(dir, 'haproxy.log');
    const log = fs.openSync(logFile, 'a');
    // -db: foreground, no daemon; it dies with us (see the exit hook below).
    haproxy = spawn(haproxyBin(), ['-db', '-f', cfgFile], { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    const proxy = haproxy;
    process.once('exit', () => { if (proxy.exitCode === null) proxy.kill('SIGKILL'); });
    const url = `http://127.0.0.1:${port}`;
    await waitListening(url, haproxy, logFile);
    await waitBalanced(url, count);
    const nodes = servers.map((slot) => ({
      get url() { return slot.current.url; },
      get port() { return slot.current.port; },
      get pid() { return slot.current.pid; },
      log: () => slot.current.log(),
      kill: () => slot.current.kill9(),
      stop: () => slot.current.stop(),
      restart: async () => {
        await slot.current.stop();
        slot.current = await startServer({ token, password, env: nodeEnv, dataDir: slot.current.dataDir, port: slot.current.port });
      },
    }));
    return {
      url, token, password, secret, nodes,
      pg: { url: pg.url, adminUrl: pg.adminUrl, logFile: pg.logFile, stop: pg.shutdown, start: pg.start, restart: pg.restart },
      haproxy: { pid: haproxy.pid, cfgFile, logFile },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--nodes');
  const count = at > 0 ? Number(process.argv[at + 1]) : 3;
  if (!Number.isInteger(count) || count < 1) {
    console.error('usage: node scripts/floe-cluster.mjs [--nodes N]   (N ≥ 1, default 3)');
    process.exit(2);
  }
  let cluster = null;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping …');
    if (cluster) void cluster.stop().then(() => process.exit(0));
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
  try {
    cluster = await startFloeCluster({ nodes: count, quiet: false });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  if (stopping) { stopping = false; stop(); } else {
    console.log(`
Floe: ${count} node(s) on one PostgreSQL behind HAProxy

  HAProxy (use this):  ${cluster.url}
${cluster.nodes.map((n, i) => `  node ${i + 1}:${' '.repeat(12 - String(i + 1).length)}${n.url}  (pid ${n.pid})`).join('\n')}
  PostgreSQL:          ${cluster.pg.url}

  Console:  open ${cluster.url} and sign in as ADMIN / ${cluster.password}
  SQL API:  curl -H "Authorization: Bearer ${cluster.token}" -H 'Content-Type: application/json' \\
              -d '{"statement":"SELECT 1"}' ${cluster.url}/api/v2/statements

  HAProxy config: ${cluster.haproxy.cfgFile} (deploy/haproxy.cfg, rendered for these ports)
Ctrl-C stops everything and removes its temp dirs.`);
  }
}
