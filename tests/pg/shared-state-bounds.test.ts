// The shared state (SharedStatements on a real PostgreSQL) bounds a request's reads by the node's
// lease: a lookup, a history page or a partition read that PostgreSQL leaves unanswered (here: a
// table locked by another session) fails as PostgreSQL unreachable (503, try again) within about
// the lease instead of hanging its request, and the connections it held are replaced (reads work
// again once the lock goes). Retention is maintenance, not a request: it waits the lock out; a
// results cap check (maintenance too) holds a lookup, which waits for it, for at most the lease.
// Maintenance has its own, longer bound (FLOE_PG_MAINTENANCE_TIMEOUT_S): a statement stuck on a
// lock past it, or a socket gone silent (here: a proxy that stops passing bytes), fails instead
// of holding retention and the cap check for the node's life, and the next run works.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Pool, type PoolClient } from 'pg';
import { isStorageError, type StorageError } from '@/lib/storage/durable-file';
import { UNREACHABLE } from '@/lib/storage/state-schema';
import { SharedStatements } from '@/lib/statements/shared-statements';
import type { StatementRecord } from '@/lib/statements/record';
import { freezableProxy, freshDatabase } from './cluster';

const LEASE_MS = 1000;
let url: string;
let admin: Pool;
let shared: SharedStatements;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-shared-bounds-'));

beforeAll(async () => {
  url = await freshDatabase();
  admin = new Pool({ connectionString: url, max: 2 });
  shared = await SharedStatements.open({ url, dataDir, leaseMs: LEASE_MS, retentionMs: 86_400_000, maxResultsBytes: 1_000_000, poolSize: 2 });
});
afterAll(async () => {
  await shared?.close();
  await admin?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Holds ACCESS EXCLUSIVE locks on `tables` (in floe_state) until the returned function is called. */
async function lock(...tables: string[]): Promise<() => Promise<void>> {
  const c: PoolClient = await admin.connect();
  await c.query('BEGIN');
  await c.query(`LOCK TABLE ${tables.map((t) => `floe_state.${t}`).join(', ')} IN ACCESS EXCLUSIVE MODE`);
  return async () => {
    await c.query('ROLLBACK');
    c.release();
  };
}

/** How `p` ends and how long it took. */
async function outcome<T>(p: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const t0 = Date.now();
  return p.then((value) => ({ ms: Date.now() - t0, value }), (error: unknown) => ({ ms: Date.now() - t0, error }));
}

const unreachable = (e: unknown) => isStorageError(e) && (e as StorageError).errno === UNREACHABLE;

test('a lookup, a history page and a partition read unanswered for the lease fail as unreachable, and work again once PostgreSQL answers', async () => {
  const rec: StatementRecord = {
    handle: '01b00000-0000-4000-8000-00000000b0d1', requestId: 'r-bounds', user: 'ALICE', role: 'PUBLIC', sqlText: 'SELECT 1',
    createdOn: Date.now(), status: 'running', warehouse: 'COMPUTE_WH',
  };
  await shared.saveRunning(rec);
  const unlock = await lock('statements', 'result_partitions');
  let unlocked = false;
  try {
    // More at once than the pool's 2 connections: the ones waiting for a connection are bounded too.
    const reads = await Promise.all([
      outcome(shared.get(rec.handle)),
      outcome(shared.byRequest('ALICE', 'r-bounds')),
      outcome(shared.page({ user: 'ALICE', everyone: false }, 10, () => true, 100)),
      outcome(shared.readPartition({ ...rec, status: 'succeeded', result: { rowType: [], numRows: 2, truncated: false, inline: '[["1"]]', partitions: [{ rowCount: 1, uncompressedSize: 1 }, { rowCount: 1, uncompressedSize: 1 }] } }, 1)),
    ]);
    for (const r of reads) {
      expect(unreachable(r.error), String(r.error)).toBe(true);
      expect((r.error as Error).message).toMatch(/PostgreSQL is unreachable.*try again/);
      // (Waiting for a connection and then for the answer: at most two leases, and some slack for a loaded host.)
      expect(r.ms).toBeGreaterThanOrEqual(LEASE_MS - 50);
      expect(r.ms).toBeLessThan(2 * LEASE_MS + 2000);
    }
    // Retention is maintenance: it waits for the lock past the lease and then does its work.
    const pruning = outcome(shared.store.prune());
    await new Promise((r) => setTimeout(r, LEASE_MS + 500));
    await unlock();
    unlocked = true;
    const pruned = await pruning;
    expect(pruned.error).toBeUndefined();
    expect(pruned.ms).toBeGreaterThan(LEASE_MS);
  } finally {
    if (!unlocked) await unlock();
  }
  // The timed-out connections were closed, not given back busy: the next reads are answered at once.
  const again = await outcome(shared.get(rec.handle));
  expect(again.error).toBeUndefined();
  expect(again.value?.handle).toBe(rec.handle);
  expect(again.ms).toBeLessThan(LEASE_MS);
  expect((await shared.page({ user: 'ALICE', everyone: false }, 10, () => true, 100)).records.map((r) => r.handle)).toEqual([rec.handle]);
}, 30_000);

test('a results cap check PostgreSQL leaves unanswered holds a lookup for at most the lease, and ends once PostgreSQL answers', async () => {
  const unlock = await lock('statements');
  let unlocked = false;
  try {
    // A result past the cap: the check starts at once and waits for the lock (its sum of the results).
    (shared.store as unknown as { noteResult(handle: string, bytes: number): void }).noteResult('01b00000-0000-4000-8000-00000000b0d2', 2_000_000);
    const check = shared.store.evicting;
    expect(check).not.toBeNull();
    const waited = await outcome(shared.evicting ?? Promise.resolve());
    expect(waited.error).toBeUndefined();
    expect(waited.ms).toBeGreaterThanOrEqual(LEASE_MS - 50);
    expect(waited.ms).toBeLessThan(LEASE_MS + 1500);
    // Still under way: a lookup no longer waits for it, the check itself goes on.
    expect(shared.store.evicting).toBe(check);
    await unlock();
    unlocked = true;
  } finally {
    if (!unlocked) await unlock();
  }
  await shared.store.evicting;
  expect(shared.store.evicting).toBeNull();
  expect(shared.evicting).toBeNull();
}, 30_000);

test('maintenance is bounded too: a statement stuck on a lock, or on a socket gone silent, fails after FLOE_PG_MAINTENANCE_TIMEOUT_S and the next run works', async () => {
  const MAINTENANCE_MS = 1500;
  const proxy = await freezableProxy(url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-shared-maint-'));
  // (A lease longer than the test's freezes: only maintenance is looked at here.)
  const node = await SharedStatements.open({ url: proxy.url, dataDir: dir, leaseMs: 30_000, maintenanceTimeoutMs: MAINTENANCE_MS, retentionMs: 86_400_000, maxResultsBytes: 1_000_000, poolSize: 2 });
  try {
    // A live server holding a lock: PostgreSQL ends the statement at the bound (statement_timeout).
    const unlock = await lock('statements');
    let locked: Awaited<ReturnType<typeof outcome>>;
    try {
      locked = await outcome(node.store.prune());
    } finally {
      await unlock();
    }
    expect(String(locked.error)).toMatch(/statement timeout/);
    expect(locked.ms).toBeGreaterThanOrEqual(MAINTENANCE_MS - 50);
    expect(locked.ms).toBeLessThan(MAINTENANCE_MS + 2000);
    expect((await outcome(node.store.prune())).error).toBeUndefined();

    // A socket gone silent: nothing comes back at all; the node gives up a little after the bound and drops the connection.
    proxy.freeze();
    let silent: Awaited<ReturnType<typeof outcome>>;
    try {
      silent = await outcome(node.store.prune());
    } finally {
      proxy.thaw();
    }
    expect(String(silent.error)).toMatch(/Query read timeout/);
    expect(silent.ms).toBeGreaterThanOrEqual(MAINTENANCE_MS);
    expect(silent.ms).toBeLessThan(MAINTENANCE_MS + 4000);
    // The next run is answered on a new connection (the silent one was not given back to the pool).
    const again = await outcome(node.store.prune());
    expect(again.error).toBeUndefined();
    expect(again.ms).toBeLessThan(MAINTENANCE_MS);
  } finally {
    await node.close();
    await proxy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
