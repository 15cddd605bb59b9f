// The statement registry on a real data dir: running records are the live objects, finished ones
// are read back from their line (also after reopening), history is newest-first within its limit,
// and pruning forgets statements past retention.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { StatementRecord } from '@/lib/statements/record';
import { StatementRegistry } from '@/lib/statements/registry';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-registry-'));
  dirs.push(d);
  return d;
}

const HOUR = 3_600_000;
let n = 0;
function record(over: Partial<StatementRecord> = {}): StatementRecord {
  n++;
  return { handle: `h-${n}`, requestId: `r-${n}`, user: 'ADMIN', role: 'ACCOUNTADMIN', sqlText: `SELECT ${n}`, createdOn: Date.now() - 1000 + n, status: 'running', ...over };
}

const finished = (rec: StatementRecord): StatementRecord => ({
  ...rec, status: 'succeeded', endedOn: rec.createdOn + 5,
  result: { rowType: [], numRows: 1, partitions: [{ rowCount: 1, uncompressedSize: 7 }], inline: `[["${'x'.repeat(2000)}"]]`, truncated: false },
});
/** finished, with a second partition: a file in its result directory (an inline-only result has none). */
const finishedWithFile = (rec: StatementRecord): StatementRecord => {
  const f = finished(rec);
  return { ...f, result: { ...f.result!, numRows: 2, partitions: [...f.result!.partitions, { rowCount: 1, uncompressedSize: 2 }] } };
};

describe('StatementRegistry', () => {
  test('a running record is the live object; once finished it is read back from its line', () => {
    const reg = new StatementRegistry(dataDir(), 24 * HOUR);
    const rec = record();
    reg.remember(rec);
    expect(reg.get(rec.handle)).toBe(rec);
    const done = finished(rec);
    reg.put(done);
    const back = reg.get(rec.handle)!;
    expect(back).not.toBe(done);
    expect(back).toEqual(done);
    expect(reg.byRequest(rec.user, rec.requestId)).toEqual(done);
  });

  test('a remembered record reaches the file only when persisted or finished; lines survive reopening', () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, 24 * HOUR);
    const quick = record();
    const slow = record();
    const lost = record();
    for (const r of [quick, slow, lost]) reg.remember(r);
    reg.persist(slow);
    reg.put(finished(quick));
    const again = new StatementRegistry(dir, 24 * HOUR);
    expect(again.get(quick.handle)).toEqual(finished(quick));
    // Running when the server stopped: it will never finish.
    expect(again.get(slow.handle)).toMatchObject({ status: 'failed', error: { code: '000604' } });
    // Never answered: nobody knows its handle.
    expect(again.get(lost.handle)).toBeUndefined();
  });

  test('the latest line of a record wins, before and after reopening (the file is compacted)', () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, 24 * HOUR);
    const rec = record();
    reg.put(rec);
    reg.put({ ...finished(rec), queryTag: 'second' });
    expect(reg.get(rec.handle)?.queryTag).toBe('second');
    const again = new StatementRegistry(dir, 24 * HOUR);
    expect(again.get(rec.handle)?.queryTag).toBe('second');
    const lines = fs.readFileSync(path.join(dir, 'statements', 'registry.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    // Appends after compaction land after the compacted lines and are read back from there.
    const next = finished(record());
    again.put(next);
    expect(again.get(next.handle)).toEqual(next);
    expect(again.get(rec.handle)?.queryTag).toBe('second');
  });

  test('a torn last line (a crash mid-append) is ignored', () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, 24 * HOUR);
    const rec = finished(record());
    reg.put(rec);
    fs.appendFileSync(path.join(dir, 'statements', 'registry.jsonl'), '{"handle":"torn","sta');
    const again = new StatementRegistry(dir, 24 * HOUR);
    expect(again.get(rec.handle)).toEqual(rec);
    expect(again.get('torn')).toBeUndefined();
  });

  test('history: newest first, running ones included, limited, one user or everyone', () => {
    const reg = new StatementRegistry(dataDir(), 24 * HOUR);
    const t0 = Date.now() - 10_000;
    const mine = [0, 1, 2, 3].map((k) => finished(record({ createdOn: t0 + k * 10 })));
    const theirs = finished(record({ user: 'BOB', createdOn: t0 + 15 }));
    const running = record({ createdOn: t0 + 25 });
    // Finished out of start order: history orders by start time, not by when lines were written.
    for (const r of [mine[2], mine[0], theirs, mine[3], mine[1]]) reg.put(r);
    reg.remember(running);
    const texts = (rs: StatementRecord[]) => rs.map((r) => r.handle);
    expect(texts(reg.history({ user: 'ADMIN', everyone: false, limit: 100 }))).toEqual(texts([mine[3], running, mine[2], mine[1], mine[0]]));
    expect(texts(reg.history({ user: 'ADMIN', everyone: false, limit: 2 }))).toEqual(texts([mine[3], running]));
    expect(texts(reg.history({ user: 'ADMIN', everyone: true, limit: 100 }))).toEqual(texts([mine[3], running, mine[2], theirs, mine[1], mine[0]]));
    expect(texts(reg.history({ user: 'ADMIN', everyone: true, limit: 100, userName: 'BOB' }))).toEqual(texts([theirs]));
    expect(reg.history({ user: 'BOB', everyone: false, limit: 100, userName: 'ADMIN' })).toEqual([]);
    const onW = finished(record({ createdOn: t0 + 1, warehouse: 'W' }));
    reg.put(onW);
    expect(texts(reg.history({ user: 'ADMIN', everyone: true, limit: 100, warehouseName: 'W' }))).toEqual([onW.handle]);
  });

  test('prune forgets finished statements past retention and deletes their results', () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, HOUR);
    const old = finishedWithFile(record({ createdOn: Date.now() - 2 * HOUR }));
    const young = finished(record());
    reg.put(old);
    reg.put(young);
    fs.mkdirSync(reg.resultDir(old.handle));
    reg.prune();
    expect(reg.get(old.handle)).toBeUndefined();
    expect(reg.byRequest(old.user, old.requestId)).toBeUndefined();
    expect(reg.get(young.handle)).toEqual(young);
    return expect.poll(() => fs.existsSync(reg.resultDir(old.handle))).toBe(false);
  });

  test('in memory (shared state): no file; the oldest finished records are forgotten past the bound with their result files, pinned ones kept', async () => {
    const dir = dataDir();
    const pinned = new Set<string>();
    const reg = new StatementRegistry(dir, 24 * HOUR, 0, { maxBytes: 10_000, pinned: (h) => pinned.has(h) });
    const recs = Array.from({ length: 8 }, () => record());
    pinned.add(recs[1].handle);
    for (const r of recs) {
      reg.remember(r);
      fs.mkdirSync(reg.resultDir(r.handle), { recursive: true });
      fs.writeFileSync(path.join(reg.resultDir(r.handle), 'p1.json'), '[]');
      reg.put(finishedWithFile(r));
    }
    expect(fs.existsSync(path.join(dir, 'statements', 'registry.jsonl'))).toBe(false);
    // ~2.2 KB a line: four fit in 10,000 bytes, the pinned one (which counts too) and the newest three.
    const kept = recs.filter((r) => reg.has(r.handle)).map((r) => r.handle);
    expect(kept).toEqual([recs[1], ...recs.slice(5)].map((r) => r.handle));
    for (const r of recs.slice(5)) expect(reg.get(r.handle)).toEqual(finishedWithFile(r));
    expect(reg.get(recs[0].handle)).toBeUndefined();
    expect(reg.byRequest(recs[0].user, recs[0].requestId)).toBeUndefined();
    await expect.poll(() => fs.existsSync(reg.resultDir(recs[0].handle))).toBe(false);
    expect(fs.existsSync(reg.resultDir(recs[1].handle))).toBe(true);
    expect(reg.history({ user: 'ADMIN', everyone: true, limit: 100 }).map((r) => r.handle)).toEqual([...recs.slice(5).reverse(), recs[1]].map((r) => r.handle));
    // A restart starts empty (PostgreSQL has the records) and removes the results left here.
    const again = new StatementRegistry(dir, 24 * HOUR, 0, { maxBytes: 10_000, pinned: () => false });
    expect(again.has(recs[7].handle)).toBe(false);
    expect(fs.existsSync(reg.resultDir(recs[7].handle))).toBe(false);
  });

  test('in memory, forgetting goes on oldest first across thousands of statements, and a record passed over while pinned goes first once unpinned', () => {
    const pinned = new Set<string>();
    const reg = new StatementRegistry(dataDir(), 24 * HOUR, 0, { maxBytes: 10_000, pinned: (h) => pinned.has(h) });
    const recs = Array.from({ length: 3000 }, () => record());
    pinned.add(recs[1000].handle);
    const put = (r: StatementRecord) => { reg.remember(r); reg.put(finished(r)); };
    for (const r of recs) put(r);
    // ~2.2 KB a line: four fit, the pinned one among them.
    expect(recs.filter((r) => reg.has(r.handle)).map((r) => r.handle)).toEqual([recs[1000], ...recs.slice(-3)].map((r) => r.handle));
    pinned.clear();
    const next = record();
    put(next);
    expect([...recs, next].filter((r) => reg.has(r.handle)).map((r) => r.handle)).toEqual([...recs.slice(-3), next].map((r) => r.handle));
    for (const r of [...recs.slice(-3), next]) expect(reg.get(r.handle)).toEqual(finished(r));
  });

  test('in memory, with more pinned records than the bound holds: they all stay (an outage of PostgreSQL), and the bound holds again once they are unpinned', () => {
    const pinned = new Set<string>();
    const reg = new StatementRegistry(dataDir(), 24 * HOUR, 0, { maxBytes: 10_000, pinned: (h) => pinned.has(h) });
    const recs = Array.from({ length: 300 }, () => record());
    for (const r of recs) {
      pinned.add(r.handle);
      reg.remember(r);
      reg.put(finished(r));
    }
    expect(recs.every((r) => reg.has(r.handle))).toBe(true);
    pinned.clear();
    const next = record();
    reg.remember(next);
    reg.put(finished(next));
    expect([...recs, next].filter((r) => reg.has(r.handle)).map((r) => r.handle)).toEqual(recs.slice(-3).concat(next).map((r) => r.handle));
  });

  test('in memory, the results cap forgets (PostgreSQL still holds those results and decides their eviction), never marks; forgetCached drops what PostgreSQL evicted, pinned ones kept', () => {
    const pinned = new Set<string>();
    // Each result is 7 bytes (finished): a cap of 21 holds the pinned one and the newest two.
    const reg = new StatementRegistry(dataDir(), 24 * HOUR, 21, { maxBytes: 1_000_000, pinned: (h) => pinned.has(h) });
    const recs = Array.from({ length: 6 }, () => record());
    pinned.add(recs[0].handle);
    for (const r of recs) {
      reg.remember(r);
      reg.put(finished(r));
    }
    expect(recs.filter((r) => reg.has(r.handle)).map((r) => r.handle)).toEqual([recs[0], recs[4], recs[5]].map((r) => r.handle));
    for (const r of [recs[4], recs[5]]) expect(reg.get(r.handle)?.evicted).toBeUndefined();
    expect(reg.storedResultBytes).toBe(21);
    // PostgreSQL evicted these: forgotten here (a lookup reads PostgreSQL's marked record); the pinned one stays.
    expect(reg.forgetCached([recs[0].handle, recs[4].handle, 'unknown'])).toBe(true);
    expect(recs.filter((r) => reg.has(r.handle)).map((r) => r.handle)).toEqual([recs[0], recs[5]].map((r) => r.handle));
    // Notices may have been missed: every cached finished record goes but the pinned one.
    reg.forgetCached(null);
    expect(recs.filter((r) => reg.has(r.handle)).map((r) => r.handle)).toEqual([recs[0].handle]);
    // On a file (one node alone) there is nothing to forget: the registry is the store.
    const file = new StatementRegistry(dataDir(), 24 * HOUR, 20);
    const one = record();
    file.remember(one);
    file.put(finished(one));
    expect(file.forgetCached(null)).toBe(false);
    expect(file.has(one.handle)).toBe(true);
  });
});
