// The shared-state stores on a real PostgreSQL (FLOE_ENGINE=postgres://…): the floe_state
// migration, result partitions by day, the statement registry (requestId, history pages,
// retention, results cap, leases, cross-node cancel) and worksheets, each seen from two "nodes"
// (two pools, two node ids) on one database.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Pool } from 'pg';
import { PostgresResultStore } from '@/lib/storage/pg-result-store';
import { migrateStateSchema, OBJECT_ID_BLOCK, STATE_MIGRATIONS } from '@/lib/storage/state-schema';
import { NodeLease } from '@/lib/statements/node-lease';
import { EVICTED_CHANNEL, PostgresStatementStore } from '@/lib/statements/pg-statement-store';
import type { StatementRecord } from '@/lib/statements/record';
import { SharedAdmission, VACUUM_RUNNING_EVERY } from '@/lib/warehouses/shared-admission';
import { PostgresWorksheetDocs } from '@/lib/console/pg-worksheet-docs';
import { WorksheetStore } from '@/lib/console/worksheet-store';
import { freezableProxy, freshDatabase } from './cluster';

let url: string;
let poolA: Pool;
let poolB: Pool;
const DAY = 86_400_000;

beforeAll(async () => {
  url = await freshDatabase();
  poolA = new Pool({ connectionString: url, max: 4 });
  poolB = new Pool({ connectionString: url, max: 4 });
});
afterAll(async () => {
  await poolA?.end();
  await poolB?.end();
});

const storeOn = (pool: Pool, nodeId: string, over: { retentionMs?: number; maxResultsBytes?: number } = {}) =>
  new PostgresStatementStore(pool, new PostgresResultStore(pool), { nodeId, retentionMs: over.retentionMs ?? DAY, maxResultsBytes: over.maxResultsBytes ?? 0 });

let handles = 0;
function record(over: Partial<StatementRecord> = {}): StatementRecord {
  const n = handles++;
  return {
    handle: `h-${String(n).padStart(4, '0')}`, requestId: `r-${n}`, user: 'ALICE', role: 'PUBLIC', sqlText: 'SELECT 1',
    createdOn: Date.now(), status: 'running', warehouse: 'COMPUTE_WH', ...over,
  };
}

function succeeded(rec: StatementRecord, partitionBytes: number[]): StatementRecord {
  return {
    ...rec, status: 'succeeded', endedOn: Date.now(),
    result: {
      rowType: [], numRows: partitionBytes.length, truncated: false, inline: '[["0"]]',
      partitions: partitionBytes.map((b) => ({ rowCount: 1, uncompressedSize: b })),
    },
  };
}

/** A node whose lease is `ms` from now (negative: ended). */
async function nodeLease(node: string, ms: number): Promise<void> {
  await poolA.query(`INSERT INTO floe_state.nodes (node_id, lease_until) VALUES ($1, now() + $2 * interval '1 millisecond')
    ON CONFLICT (node_id) DO UPDATE SET lease_until = excluded.lease_until`, [node, ms]);
}

test('the floe_state migration runs once however many nodes start at once, and again finds nothing to do', async () => {
  const applied = await Promise.all([migrateStateSchema(poolA), migrateStateSchema(poolB), migrateStateSchema(poolA)]);
  expect(applied.flat()).toEqual(STATE_MIGRATIONS.map((m) => m.version));
  expect(await migrateStateSchema(poolB)).toEqual([]);
  const versions = (await poolA.query('SELECT version FROM floe_state.migrations ORDER BY version')).rows.map((r) => r.version);
  expect(versions).toEqual(STATE_MIGRATIONS.map((m) => m.version));
});

test('object id blocks two nodes take never overlap, and start above the ids a node\'s clock made before', async () => {
  const before = BigInt(Date.now() - 60_000) * 100n;
  const take = async (pool: Pool) => BigInt((await pool.query("SELECT nextval('floe_state.object_ids') AS v")).rows[0].v);
  const blocks = await Promise.all([take(poolA), take(poolB), take(poolA), take(poolB)]);
  const sorted = [...blocks].sort((x, y) => (x < y ? -1 : 1));
  for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1]).toBeGreaterThanOrEqual(BigInt(OBJECT_ID_BLOCK));
  expect(sorted[0] > before).toBe(true);
});

test('result partitions written by one node are read by another; a removed or unknown one is ENOENT', async () => {
  const a = new PostgresResultStore(poolA);
  const b = new PostgresResultStore(poolB);
  const now = Date.now();
  await a.write('res-1', now, 1, Buffer.from('[["1"],["2"]]'));
  await a.write('res-1', now, 2, '[["3"]]');
  expect(String(await b.read('res-1', now, 1))).toBe('[["1"],["2"]]');
  expect(String(await b.read('res-1', now, 2))).toBe('[["3"]]');
  await expect(b.read('res-1', now, 3)).rejects.toMatchObject({ code: 'ENOENT' });
  await b.remove('res-1', now);
  await expect(a.read('res-1', now, 1)).rejects.toMatchObject({ code: 'ENOENT' });
});

test('retention drops whole days of partitions (a table per day), keeping the days still within it', async () => {
  const a = new PostgresResultStore(poolA);
  const now = Date.now();
  const old = now - 3 * DAY;
  await a.write('old-1', old, 1, '[["old"]]');
  await a.write('new-1', now, 1, '[["new"]]');
  const days = async () => (await poolA.query(`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'floe_state.result_partitions'::regclass ORDER BY 1`)).rows.map((r) => r.relname as string);
  const before = await days();
  expect(before.length).toBeGreaterThanOrEqual(2);
  const dropped = await a.dropDaysBefore(now - DAY);
  expect(dropped).toContain(`result_partitions_${new Date(old).toISOString().slice(0, 10).replaceAll('-', '')}`);
  expect((await days()).length).toBe(before.length - dropped.length);
  await expect(a.read('old-1', old, 1)).rejects.toMatchObject({ code: 'ENOENT' });
  expect(String(await a.read('new-1', now, 1))).toBe('[["new"]]');
});

test('a statement recorded by node A is found by handle and by its requestId (its user only) on node B', async () => {
  await nodeLease('node-a', 60_000);
  const a = storeOn(poolA, 'node-a');
  const b = storeOn(poolB, 'node-b');
  const rec = record({ requestId: 'retry-me' });
  await a.put(rec);
  expect(await b.get(rec.handle)).toMatchObject({ handle: rec.handle, status: 'running' });
  expect((await b.byRequest('ALICE', 'retry-me'))?.handle).toBe(rec.handle);
  expect(await b.byRequest('BOB', 'retry-me')).toBeUndefined();
  expect(await b.get('no-such-handle')).toBeUndefined();
  const done = succeeded(rec, [10]);
  await a.put(done);
  // A late write of the running state never replaces the outcome.
  await a.put(rec);
  expect(await b.get(rec.handle)).toMatchObject({ status: 'succeeded', result: { numRows: 1 } });
});

test('a running statement whose node lease ended is failed once by the first node that reads it, never re-run', async () => {
  await nodeLease('node-dead', -1);
  const dead = storeOn(poolA, 'node-dead');
  const b = storeOn(poolB, 'node-b');
  const rec = record();
  await dead.put(rec);
  const seen = await b.get(rec.handle);
  expect(seen).toMatchObject({ status: 'failed', error: { code: '000603', sqlState: 'XX000' } });
  expect(seen!.error!.message).toMatch(/statement lost: the Floe node that ran it \(node-dead\) stopped/);
  // The node coming back cannot overwrite the verdict.
  await dead.put(succeeded(rec, [5]));
  expect(await b.get(rec.handle)).toMatchObject({ status: 'failed', error: { code: '000603' } });
});

test('a live node lease keeps its statement running for every reader', async () => {
  await nodeLease('node-a', 60_000);
  const rec = record();
  await storeOn(poolA, 'node-a').put(rec);
  expect(await storeOn(poolB, 'node-b').get(rec.handle)).toMatchObject({ status: 'running' });
});

test('NodeLease keeps a node alive, delivers a cancel asked on another node at once (NOTIFY), and stopping it ends the lease', async () => {
  const a = storeOn(poolA, 'node-l');
  const b = storeOn(poolB, 'node-b');
  const asked: string[] = [];
  let heard!: () => void;
  const cancelled = new Promise<void>((r) => { heard = r; });
  const lease = new NodeLease(poolA, a, { url, nodeId: 'node-l', leaseMs: 60_000, onCancel: (h) => { asked.push(h); heard(); }, onCatalog: () => {}, onEvicted: () => {}, onAdmission: () => {}, onRenewed: () => {} });
  await lease.start();
  const rec = record();
  await a.put(rec);
  expect(await b.get(rec.handle)).toMatchObject({ status: 'running' });
  expect(await b.requestCancel(rec.handle)).toBe(true);
  await cancelled;
  expect(asked).toContain(rec.handle);
  expect(await a.cancelsFor('node-l')).toEqual([rec.handle]);
  // Not running anywhere: nothing to ask.
  expect(await b.requestCancel('no-such-handle')).toBe(false);
  await lease.stop();
  expect(await b.get(rec.handle)).toMatchObject({ status: 'failed', error: { code: '000603' } });
});

test('NodeLease renews on a connection of its own: a state pool held by others does not let the lease run out, and a renewal connection PostgreSQL drops is replaced', async () => {
  const pool = new Pool({ connectionString: url, max: 1 });
  const held = await pool.connect();
  const lease = new NodeLease(pool, storeOn(pool, 'node-busy'), { url, nodeId: 'node-busy', leaseMs: 600, onCancel: () => {}, onCatalog: () => {}, onEvicted: () => {}, onAdmission: () => {}, onRenewed: () => {} });
  const alive = async () => (await poolA.query<{ alive: boolean }>(`SELECT lease_until > now() AS alive FROM floe_state.nodes WHERE node_id = 'node-busy'`)).rows[0]?.alive;
  try {
    await lease.start();
    // The pool's one connection stays taken for three lease lengths.
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 300));
      expect(await alive()).toBe(true);
    }
    // PostgreSQL ends the renewal's backend (a restart, an idle timeout): the next renewal opens another.
    const ended = await poolA.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'INSERT INTO floe_state.nodes%'`);
    expect(ended.rowCount).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 300));
      expect(await alive()).toBe(true);
    }
  } finally {
    held.release();
    await lease.stop();
    await pool.end();
  }
  expect(await alive()).toBe(false);
});

test('NodeLease notices a notification connection gone silent (a forgetting NAT) and listens again on a new one: notifications arrive again', async () => {
  const proxy = await freezableProxy(url);
  const evicted: (string[] | null)[] = [];
  const lease = new NodeLease(poolA, storeOn(poolA, 'node-nat'), { url: proxy.url, nodeId: 'node-nat', leaseMs: 1500, onCancel: () => {}, onCatalog: () => {},
    onEvicted: (h) => evicted.push(h), onAdmission: () => {}, onRenewed: () => {} });
  const heard = async (payload: string) => {
    for (const t0 = Date.now(); Date.now() - t0 < 5000; await new Promise((r) => setTimeout(r, 50))) {
      if (evicted.some((h) => h?.includes(payload))) return true;
    }
    return false;
  };
  try {
    await lease.start();
    await poolB.query(`SELECT pg_notify('${EVICTED_CHANNEL}', 'h-before')`);
    expect(await heard('h-before')).toBe(true);
    // Every connection open now (the listener's among them) stops passing bytes for good; new ones work.
    proxy.sever();
    const listens = evicted.filter((h) => h === null).length;
    // (A listener that does not answer is dropped within a third of the lease; the new one says notices may have been missed.)
    for (const t0 = Date.now(); evicted.filter((h) => h === null).length === listens && Date.now() - t0 < 5000;) await new Promise((r) => setTimeout(r, 50));
    expect(evicted.filter((h) => h === null).length).toBeGreaterThan(listens);
    await poolB.query(`SELECT pg_notify('${EVICTED_CHANNEL}', 'h-after')`);
    expect(await heard('h-after')).toBe(true);
  } finally {
    await lease.stop();
    await proxy.close();
  }
});

test('history pages: newest first across nodes, the caller\'s own unless everyone, internal ones left out, a cursor going on', async () => {
  await poolA.query('DELETE FROM floe_state.statements');
  await nodeLease('node-a', 60_000);
  const a = storeOn(poolA, 'node-a');
  const b = storeOn(poolB, 'node-b');
  const t0 = Date.now() - 10_000;
  const recs = Array.from({ length: 450 }, (_, i) => record({ createdOn: t0 + i, user: i % 3 === 0 ? 'BOB' : 'ALICE', status: 'succeeded', internal: i === 449 || undefined }));
  for (const r of recs) await (r.createdOn % 2 ? a : b).put(r);
  const all = (rec: StatementRecord) => !!rec;
  const first = await b.page({ user: 'ALICE', everyone: false }, 100, all, 1000);
  expect(first.records.every((r) => r.user === 'ALICE')).toBe(true);
  expect(first.records.map((r) => r.createdOn)).toEqual([...first.records.map((r) => r.createdOn)].sort((x, y) => y - x));
  expect(first.records[0].createdOn).toBe(t0 + 448);
  const second = await b.page({ user: 'ALICE', everyone: false, after: first.next! }, 1000, all, 1000);
  const alice = recs.filter((r) => r.user === 'ALICE' && !r.internal).length;
  expect(first.records.length + second.records.length).toBe(alice);
  expect(second.next).toBeNull();
  const everyone = await a.page({ user: 'ALICE', everyone: true }, 1000, all, 1000);
  expect(everyone.records.length).toBe(449);
  // A search that matches little stops after maxScan rows, with a cursor to go on from.
  const scan = await a.page({ user: 'ALICE', everyone: true }, 10, (r) => r.user === 'NOBODY', 250);
  expect(scan.records).toEqual([]);
  expect(scan.next).not.toBeNull();
});

test('retention forgets statements past it; the results cap evicts the oldest results first and marks their records', async () => {
  await poolA.query('DELETE FROM floe_state.statements');
  const a = storeOn(poolA, 'node-a', { retentionMs: DAY, maxResultsBytes: 250 });
  const b = storeOn(poolB, 'node-b');
  const old = record({ createdOn: Date.now() - 2 * DAY, status: 'succeeded' });
  await a.put(old);
  const first = succeeded(record(), [100, 100]);
  await a.results.write(first.handle, first.createdOn, 1, '[["x"]]');
  await a.put(first);
  // (The cap is checked in the background, at a node's first result and once a hundredth of it
  // was stored since: here every put is past that.)
  await a.evicting;
  const second = succeeded(record(), [100, 50]);
  await a.put(second);
  await a.evicting;
  const evicted = await b.get(first.handle);
  expect(evicted?.evicted).toMatchObject({ code: '300004' });
  expect(evicted!.evicted!.message).toMatch(/250 bytes \(FLOE_MAX_RESULTS_BYTES\)/);
  expect(evicted!.result!.inline).toBeNull();
  await expect(b.results.read(first.handle, first.createdOn, 1)).rejects.toMatchObject({ code: 'ENOENT' });
  expect((await b.get(second.handle))?.evicted).toBeUndefined();
  await a.prune();
  expect(await b.get(old.handle)).toBeUndefined();
  expect(await b.get(second.handle)).toBeDefined();
});

test('a node checks the results cap at its first result and then each time it stored a hundredth of the cap: the total passes the cap by less than that', async () => {
  await poolA.query('DELETE FROM floe_state.statements');
  const a = storeOn(poolA, 'node-a', { retentionMs: DAY, maxResultsBytes: 1000 });
  const big = succeeded(record(), [995]);
  await a.put(big);
  await a.evicting;
  // 1,003 bytes stored, over the cap by less than a hundredth of it (8 bytes stored since the
  // check): no check, however long since the last (not by the clock: each check scans every result).
  await new Promise((r) => setTimeout(r, 1100));
  await a.put(succeeded(record(), [8]));
  await a.evicting;
  expect((await a.get(big.handle))?.evicted).toBeUndefined();
  // 13 bytes since: checked, and the oldest goes.
  await a.put(succeeded(record(), [5]));
  await a.evicting;
  expect((await a.get(big.handle))?.evicted).toMatchObject({ code: '300004' });
});

test('an eviction by the results cap reaches the evicting node at once and every listening node by NOTIFY (their cached copies go)', async () => {
  await poolA.query('DELETE FROM floe_state.statements');
  const a = storeOn(poolA, 'node-a', { retentionMs: DAY, maxResultsBytes: 250 });
  const here: string[][] = [];
  a.onEvicted = (h) => here.push(h);
  const heard: (string[] | null)[] = [];
  let told!: () => void;
  const notice = new Promise<void>((r) => { told = r; });
  const lease = new NodeLease(poolB, storeOn(poolB, 'node-e'), { url, nodeId: 'node-e', leaseMs: 60_000, onCancel: () => {}, onCatalog: () => {},
    onEvicted: (h) => { heard.push(h); if (h) told(); }, onAdmission: () => {}, onRenewed: () => {} });
  await lease.start();
  try {
    // (A listener that (re)connects may have missed notices: it is told to forget all it caches.)
    expect(heard).toEqual([null]);
    const first = succeeded(record(), [200]);
    await a.put(first);
    await a.evicting;
    const second = succeeded(record(), [200]);
    await a.put(second);
    await a.evicting;
    expect(here).toEqual([[first.handle]]);
    await notice;
    expect(heard).toEqual([null, [first.handle]]);
  } finally {
    await lease.stop();
  }
});

test('worksheets on PostgreSQL: two nodes adding at once both land, and a stale save from another node is a conflict', async () => {
  const opts = { maxWorksheets: 10, trashMs: 0 };
  const a = new WorksheetStore(new PostgresWorksheetDocs(poolA), opts);
  const b = new WorksheetStore(new PostgresWorksheetDocs(poolB), opts);
  const first = await a.list('CAROL');
  expect(first).toHaveLength(1);
  await Promise.all([a.create('CAROL', { name: 'from A' }), b.create('CAROL', { name: 'from B' }), a.create('CAROL', { name: 'again A' })]);
  const names = (await b.list('CAROL')).map((w) => w.name).sort();
  expect(names).toEqual(['Worksheet 1', 'again A', 'from A', 'from B']);
  const w = first[0];
  const saved = await a.update('CAROL', w.id, { sql: 'SELECT 1', baseVersion: w.version });
  await expect(b.update('CAROL', w.id, { sql: 'SELECT 2', baseVersion: w.version })).rejects.toMatchObject({ reason: 'conflict' });
  await expect(b.update('CAROL', 'no-such-id', { sql: 'x' })).rejects.toMatchObject({ reason: 'missing' });
  expect((await b.list('CAROL')).find((x) => x.id === w.id)).toMatchObject({ sql: 'SELECT 1', version: saved.version });
  expect(await a.list('DAVE')).toHaveLength(1);
});

test('admission rows: every request adds one and deletes it, and the node vacuums them after every VACUUM_RUNNING_EVERY ends (autovacuum comes at most once a minute)', async () => {
  await nodeLease('admitter', 60_000);
  const admission = new SharedAdmission(poolA, 'admitter');
  const limits = { perUser: 100, perWarehouse: 100, perUserOnWarehouse: 100 };
  const vacuums = async () => Number((await poolA.query<{ n: string }>(
    `SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE schemaname = 'floe_state' AND relname = 'running'`)).rows[0].n);
  const before = await vacuums();
  for (let i = 0; i < VACUUM_RUNNING_EVERY; i += 10) {
    await Promise.all(Array.from({ length: 10 }, async (_, k) => {
      const handle = `adm-${i + k}`;
      expect(await admission.enter(handle, 'ERIN', 'VACUUMED_WH', limits, { max: 10, userMax: 10 })).toMatchObject({ entered: true, placed: true });
      await admission.leave(handle);
    }));
  }
  // (The statistics reach pg_stat_user_tables within a second or so of the VACUUM.)
  await expect.poll(vacuums, { timeout: 10_000, interval: 200 }).toBeGreaterThan(before);
  expect(Number((await poolA.query(`SELECT count(*) AS n FROM floe_state.running WHERE node_id = 'admitter'`)).rows[0].n)).toBe(0);
});

test('admission reconcile deletes only rows of requests that are over: a request that entered while the reconcile waited for its connection keeps its row', async () => {
  await nodeLease('reconciler', 60_000);
  const maintenance = new Pool({ connectionString: url, max: 1 });
  try {
    const admission = new SharedAdmission(maintenance, 'reconciler', poolB);
    const limits = { perUser: 100, perWarehouse: 100, perUserOnWarehouse: 100 };
    // A leftover: a row of this node no request of it holds (its delete failed).
    await poolA.query(`INSERT INTO floe_state.running (handle, node_id, user_name, warehouse, slot_warehouse) VALUES ('recon-leftover', 'reconciler', 'IDA', 'RECON_WH', 'RECON_WH')`);
    expect(await admission.enter('recon-before', 'IDA', 'RECON_WH', limits, { max: 10, userMax: 10 })).toMatchObject({ entered: true, placed: true });
    // The maintenance connection is busy: the reconcile waits, and a request enters meanwhile.
    const busy = maintenance.query('SELECT pg_sleep(0.5)');
    const reconciled = admission.reconcile();
    expect(await admission.enter('recon-during', 'IDA', 'RECON_WH', limits, { max: 10, userMax: 10 })).toMatchObject({ entered: true, placed: true });
    await busy;
    await reconciled;
    const rows = await poolA.query<{ handle: string }>(`SELECT handle FROM floe_state.running WHERE node_id = 'reconciler' ORDER BY handle`);
    expect(rows.rows.map((r) => r.handle)).toEqual(['recon-before', 'recon-during']);
    await admission.leave('recon-before');
    await admission.leave('recon-during');
    expect((await poolA.query(`SELECT handle FROM floe_state.running WHERE node_id = 'reconciler'`)).rows).toEqual([]);
  } finally {
    await maintenance.end();
  }
});

test('admission: requests of one user and warehouse that come while an admit is under way go in one call, decided in order as one call each would be', async () => {
  await nodeLease('batcher', 60_000);
  await nodeLease('other', 60_000);
  // (Function call counts: pg_stat_user_functions counts PL/pgSQL calls of sessions with track_functions on.)
  const db = (await poolA.query<{ d: string }>('SELECT current_database() AS d')).rows[0].d;
  await poolA.query(`ALTER DATABASE "${db}" SET track_functions = 'pl'`);
  const pool = new Pool({ connectionString: url, max: 4 });
  try {
    const calls = async () => Number((await pool.query<{ n: string | null }>(
      `SELECT sum(calls) AS n FROM pg_stat_user_functions WHERE schemaname = 'floe_state' AND funcname = 'admit_many'`)).rows[0].n ?? 0);
    const admission = new SharedAdmission(pool, 'batcher');
    // Another node's request counts: 5 per user leaves 4 here; its place leaves 2 of the warehouse's 3.
    expect(await new SharedAdmission(poolB, 'other').enter('other-1', 'FRED', 'BATCH_WH', { perUser: 100, perWarehouse: 100, perUserOnWarehouse: 100 }, { max: 3, userMax: 3 }))
      .toMatchObject({ entered: true, placed: true });
    const before = await calls();
    const limits = { perUser: 5, perWarehouse: 100, perUserOnWarehouse: 100 };
    const entries = await Promise.all(Array.from({ length: 8 }, (_, i) => admission.enter(`batch-${i}`, 'FRED', 'BATCH_WH', limits, { max: 3, userMax: 3 })));
    expect(entries.map((e) => e.entered)).toEqual([true, true, true, true, false, false, false, false]);
    expect(entries.map((e) => e.placed)).toEqual([true, true, false, false, false, false, false, false]);
    // The first went alone, the seven that came meanwhile in one more call.
    await expect.poll(calls, { timeout: 10_000, interval: 200 }).toBe(before + 2);
    const rows = await pool.query<{ handle: string; slot_warehouse: string | null }>(`SELECT handle, slot_warehouse FROM floe_state.running WHERE node_id = 'batcher' ORDER BY handle`);
    expect(rows.rows).toEqual([
      { handle: 'batch-0', slot_warehouse: 'BATCH_WH' }, { handle: 'batch-1', slot_warehouse: 'BATCH_WH' },
      { handle: 'batch-2', slot_warehouse: null }, { handle: 'batch-3', slot_warehouse: null },
    ]);
    // Without a warehouse, the warehouse limits count nothing (as one call each): all enter.
    const noWarehouse = await Promise.all(Array.from({ length: 4 }, (_, i) => admission.enter(`nowh-${i}`, 'GINA', null, { perUser: 100, perWarehouse: 1, perUserOnWarehouse: 1 })));
    expect(noWarehouse.map((e) => [e.entered, e.placed])).toEqual(Array.from({ length: 4 }, () => [true, false]));
    for (const h of [...Array.from({ length: 4 }, (_, i) => `batch-${i}`), ...Array.from({ length: 4 }, (_, i) => `nowh-${i}`)]) await admission.leave(h);
    await new SharedAdmission(poolB, 'other').leave('other-1');
  } finally {
    await pool.end();
    await poolA.query(`ALTER DATABASE "${db}" RESET track_functions`);
  }
});
