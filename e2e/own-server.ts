// A Floe server of one Playwright test (its own port, data dir and settings), for tests that stop
// and start it or need settings of their own. tests/http/server-control.ts does this for vitest,
// but it is an ES module (import.meta) that Playwright's CommonJS transform cannot load.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface OwnServer {
  url: string;
  token: string;
  password: string;
  /** Stops the server (SIGTERM to its process group) and waits until its port is free. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data dir. */
  start(): Promise<void>;
  /** stop() and remove the data dir. */
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  // (A timer held here aborts it: see getWithin in scripts/floe-server.mjs.)
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 3000);
  try {
    return (await fetch(`${url}/healthz`, { signal: abort.signal })).status === 200;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function ownServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-e2e-own-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const token = `floe_pat_${randomBytes(24).toString('hex')}`;
  const password = `pw_${randomBytes(12).toString('hex')}`;
  let pid: number | undefined;
  const start = async () => {
    const log = fs.openSync(path.join(dir, 'server.log'), 'a');
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, ...env, PORT: String(port), FLOE_DATA_DIR: path.join(dir, 'data'), FLOE_ADMIN_TOKEN: token, FLOE_ADMIN_PASSWORD: password },
      detached: true,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    child.unref();
    pid = child.pid;
    for (let i = 0; !(await answers(url)); i++) {
      if (i > 720) throw new Error(`Floe did not start on ${url}; see ${dir}/server.log`);
      await sleep(250);
    }
  };
  const stop = async () => {
    if (!pid) return;
    try { process.kill(-pid, 'SIGTERM'); } catch { /* gone */ }
    for (let i = 0; i < 200; i++) {
      try { process.kill(-pid, 0); } catch { break; }
      await sleep(100);
    }
    try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
    pid = undefined;
  };
  await start();
  return { url, token, password, stop, start, dispose: async () => { await stop(); fs.rmSync(dir, { recursive: true, force: true }); } };
}
