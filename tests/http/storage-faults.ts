// Private servers with storage fault injection (lib/storage/faults.ts, FLOE_FAULTS_FILE): the
// test rewrites the plan while the server runs; restarts keep the data dir and the plan file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FaultPlan as Plan } from '@/lib/storage/faults';
import { makeClient, type StatementResponse } from './client';
import { startServer, type FloeServer } from './server-control';

/** A plan for FLOE_FAULTS_FILE (rules may be left out). */
export type FaultPlan = Partial<Plan>;

export interface FaultyServer {
  server: FloeServer;
  client: ReturnType<typeof makeClient>;
  dataDir: string;
  /** Replaces the fault plan (call counts start again). */
  setFaults(plan: FaultPlan): void;
  /** kill -9 (or stop), then start again on the same data dir and plan file. */
  restart(how?: 'kill9' | 'stop'): Promise<void>;
  dispose(): Promise<void>;
}

export async function faultyServer(env: Record<string, string> = {}): Promise<FaultyServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-faults-'));
  const faultsFile = path.join(root, 'faults.json');
  const dataDir = path.join(root, 'data');
  const setFaults = (plan: FaultPlan) => {
    // Renamed into place: the server never reads a half-written plan.
    fs.writeFileSync(`${faultsFile}.new`, JSON.stringify({ rules: [], ...plan }));
    fs.renameSync(`${faultsFile}.new`, faultsFile);
  };
  setFaults({});
  const fullEnv = { FLOE_FAULTS_FILE: faultsFile, ...env };
  const self: FaultyServer = {
    server: await startServer({ dataDir, env: fullEnv }),
    client: undefined as unknown as FaultyServer['client'],
    dataDir,
    setFaults,
    async restart(how = 'kill9') {
      await (how === 'kill9' ? self.server.kill9() : self.server.stop());
      // (Under the test's 120 s: a start that hangs fails with its log and /healthz answer, not a bare test timeout.)
      self.server = await startServer({ dataDir, env: fullEnv, timeoutMs: 90_000 });
      self.client = makeClient(self.server);
    },
    async dispose() {
      await self.server.stop();
      if (process.env.FLOE_KEEP_TMP !== '1') fs.rmSync(root, { recursive: true, force: true });
    },
  };
  self.client = makeClient(self.server);
  return self;
}

/** The statement's error code, or 'ok' (for tables of outcomes). */
export const outcome = (r: StatementResponse): string => (r.status === 200 ? 'ok' : `${r.status} ${r.json?.code ?? r.text.slice(0, 200)}`);

/** Name → sha-256 of every file under the engine directory (to show a failed start changed nothing). */
export function engineFiles(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'engine');
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isFile()) out[f] = createHash('sha256').update(fs.readFileSync(p)).digest('hex');
  }
  return out;
}

/** The engine's images and journal segments, by kind. */
export function engineState(dataDir: string): { images: string[]; journals: string[] } {
  const files = fs.readdirSync(path.join(dataDir, 'engine')).sort();
  return { images: files.filter((f) => /^image-\d+\.sqlite$/.test(f)), journals: files.filter((f) => /^journal-\d+\.log$/.test(f)) };
}
