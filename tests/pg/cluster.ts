// What the pg tests share: a database of their own in the run's cluster (global-setup.ts), an
// engine on it, and plans with the defaults a test does not care about.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase } from '../../scripts/pg-cluster.mjs';
import { PostgresEngine } from '@/lib/engine/postgres/postgres-engine';
import type { ExecPlan, ExecResult } from '@/lib/engine/types';

/** A new, empty database in the run's cluster; its URL. */
export function freshDatabase(): Promise<string> {
  return createDatabase(inject('PG_ADMIN_URL'));
}

/** An engine as the server makes one: single reads outside transactions on its read threads (`readThreads` 0: on the calling thread). */
export function engineOn(url: string, poolSize = 4, readThreads = 2): PostgresEngine {
  return new PostgresEngine({ url, poolSize, readThreads });
}

let plans = 0;
/** This file's results, in the run's results dir (removed at the end of the run). */
export const resultRoot = fs.mkdtempSync(path.join(inject('PG_RESULTS_DIR'), 'file-'));

/** A plan with the defaults: a read of rows, session `s`, results under resultRoot. */
export function plan(over: Partial<ExecPlan> & Pick<ExecPlan, 'steps'>): ExecPlan {
  const statementId = over.statementId ?? `st${plans++}`;
  return {
    statementId,
    sessionId: 's',
    output: 'rows',
    access: 'read',
    pins: { nowMs: Date.now(), seed: 1, timezone: 'UTC' },
    limits: { maxRows: 0, maxBytes: 1e12, firstPartitionBytes: 64 * 1024, partitionBytes: 1024 * 1024 },
    resultDir: path.join(resultRoot, statementId),
    ...over,
  };
}

/** The rows of a small result (inline partition 0). */
export function rowsOf(r: ExecResult): unknown[][] {
  if (r.kind !== 'rows' || r.inlineFirstPartition === null) throw new Error(`not a small row result: ${JSON.stringify(r)}`);
  return JSON.parse(r.inlineFirstPartition) as unknown[][];
}

/** A direct connection (not the engine's) to look at the database from outside. */
export async function outside(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

/**
 * A TCP proxy to `url`'s server whose connections can be frozen: bytes stop passing both ways, as
 * on a silently dead network. `sever()` does that for good to the connections open now only (as a
 * NAT or firewall that forgets them): new ones pass.
 */
export async function freezableProxy(url: string): Promise<{ url: string; freeze(): void; thaw(): void; sever(): void; close(): Promise<void> }> {
  const target = new URL(url);
  let frozen = false;
  const severed = new WeakSet<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const pass = (from: net.Socket, to: net.Socket) => from.on('data', (d) => { if (!frozen && !severed.has(from)) to.write(d); });
    pass(client, upstream);
    pass(upstream, client);
    const end = () => { pairs.delete(pair); client.destroy(); upstream.destroy(); };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    // (What comes while frozen is dropped, not delayed: the statement sent then is never answered.)
    freeze: () => { frozen = true; },
    thaw: () => { frozen = false; },
    sever: () => { for (const pair of pairs) for (const socket of pair) severed.add(socket); },
    close: async () => {
      for (const [a, b] of pairs) { a.destroy(); b.destroy(); }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
