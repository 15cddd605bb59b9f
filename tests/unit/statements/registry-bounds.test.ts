// The registry's bounds on a real data dir: the results cap evicts the oldest finished results
// (records kept, marked), compaction while appends go on keeps every record readable and its
// running lines, and a failed append (FLOE_FAULTS_FILE) leaves no line behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { StatementRecord } from '@/lib/statements/record';

// The fault seam reads FLOE_FAULTS_FILE when it loads: set before the registry is imported.
const faults = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'floe-faults-')), 'faults.json');
process.env.FLOE_FAULTS_FILE = faults;
let StatementRegistry: typeof import('@/lib/statements/registry').StatementRegistry;
beforeAll(async () => {
  ({ StatementRegistry } = await import('@/lib/statements/registry'));
});

const dirs: string[] = [];
afterEach(() => {
  fs.rmSync(faults, { force: true });
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-registry-'));
  dirs.push(d);
  return d;
}

const DAY = 24 * 3_600_000;
let n = 0;
const running = (over: Partial<StatementRecord> = {}): StatementRecord => {
  n++;
  return { handle: `h-${n}`, requestId: `r-${n}`, user: 'ADMIN', role: 'ACCOUNTADMIN', sqlText: `SELECT ${n}`, createdOn: Date.now() - 1000 + n, status: 'running', ...over };
};
/** A finished record whose result is `bytes` long: in a file (as the worker writes it) or inline. */
function finished(rec: StatementRecord, bytes: number, reg: InstanceType<typeof StatementRegistry>, inline = false): StatementRecord {
  if (!inline) {
    fs.mkdirSync(reg.resultDir(rec.handle), { recursive: true });
    fs.writeFileSync(path.join(reg.resultDir(rec.handle), 'p0.json'), 'x'.repeat(bytes));
  }
  return {
    ...rec, status: 'succeeded', endedOn: Date.now(),
    result: { rowType: [], numRows: 1, partitions: [{ rowCount: 1, uncompressedSize: bytes }], inline: inline ? `[["${'y'.repeat(bytes - 8)}"]]` : null, truncated: false },
  };
}

describe('results cap', () => {
  test('the oldest finished results are evicted past the cap; their records stay, marked; running ones are never touched', async () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, DAY, 1000);
    const slow = running();
    reg.remember(slow);
    reg.persist(slow);
    const done = [0, 1, 2, 3].map(() => finished(running(), 300, reg));
    for (const r of done) reg.put(r);
    // 4 × 300 > 1000: the oldest went.
    expect(reg.storedResultBytes).toBe(900);
    const first = reg.get(done[0].handle)!;
    expect(first.evicted).toMatchObject({ code: '300004', message: expect.stringMatching(/1000 bytes \(FLOE_MAX_RESULTS_BYTES\)/) });
    expect(first.status).toBe('succeeded');
    expect(reg.get(done[1].handle)!.evicted).toBeUndefined();
    expect(reg.get(slow.handle)).toBe(slow);
    await expect.poll(() => fs.existsSync(reg.resultDir(done[0].handle))).toBe(false);
    expect(fs.existsSync(reg.resultDir(done[1].handle))).toBe(true);
    // An inline result counts too, and its evicted record no longer carries it.
    const inline = finished(running(), 500, reg, true);
    reg.put(inline);
    expect(reg.storedResultBytes).toBeLessThanOrEqual(1000);
    expect(reg.get(done[1].handle)!.evicted).toBeDefined();
    expect(reg.get(done[1].handle)!.result!.inline).toBeNull();
  });

  test('reopening keeps evictions, removes result directories no record owns, and applies a lowered cap', () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, DAY, 10_000);
    const done = [0, 1, 2].map(() => finished(running(), 300, reg));
    for (const r of done) reg.put(r);
    fs.mkdirSync(reg.resultDir('orphan-of-a-crash'));
    const again = new StatementRegistry(dir, DAY, 700);
    expect(again.storedResultBytes).toBe(600);
    expect(again.get(done[0].handle)!.evicted).toBeDefined();
    expect(fs.readdirSync(again.files.root).sort()).toEqual([done[1].handle, done[2].handle].sort());
  });
});

describe('compaction', () => {
  test('while appends go on, every record reads the same before, during and after; the file shrinks; running lines survive a reopen', async () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, DAY);
    const file = path.join(dir, 'statements', 'registry.jsonl');
    const slow = running();
    reg.remember(slow);
    reg.persist(slow);
    const kept: StatementRecord[] = [];
    // Each record written five times: four of every five lines are superseded.
    for (let i = 0; i < 400; i++) {
      const r = running({ sqlText: `SELECT '${'p'.repeat(2000)}'` });
      for (let k = 0; k < 4; k++) reg.put({ ...r, queryTag: `v${k}` });
      const last = { ...r, status: 'succeeded' as const, endedOn: Date.now(), queryTag: 'final' };
      reg.put(last);
      kept.push(last);
    }
    const before = fs.statSync(file).size;
    const compacting = reg.compact();
    // Appends and reads while it copies.
    const during: StatementRecord[] = [];
    for (let i = 0; i < 50; i++) {
      const r = { ...running(), status: 'succeeded' as const, endedOn: Date.now() };
      reg.put(r);
      during.push(r);
      expect(reg.get(kept[i * 7].handle)).toEqual(kept[i * 7]);
      await new Promise((r) => setImmediate(r));
    }
    await compacting;
    expect(fs.statSync(file).size).toBeLessThan(before / 3);
    for (const r of [...kept, ...during]) expect(reg.get(r.handle)).toEqual(r);
    expect(reg.get(slow.handle)).toBe(slow);
    const after = { ...running(), status: 'failed' as const, endedOn: Date.now() };
    reg.put(after);
    const again = new StatementRegistry(dir, DAY);
    for (const r of [...kept, ...during, after]) expect(again.get(r.handle)).toEqual(r);
    expect(again.get(slow.handle)).toMatchObject({ status: 'failed', error: { code: '000604' } });
  });
});

describe('failed appends', () => {
  test('a failed append throws the disk error, leaves no line, and the next append lands on a clean boundary', () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, DAY);
    const file = path.join(dir, 'statements', 'registry.jsonl');
    const a = { ...running(), status: 'succeeded' as const, endedOn: Date.now() };
    reg.put(a);
    const size = fs.statSync(file).size;
    fs.writeFileSync(faults, JSON.stringify({ rules: [{ site: 'registry', fault: 'ENOSPC', nth: 1, times: 1 }] }));
    const b = running();
    reg.remember(b);
    expect(() => reg.put({ ...b, status: 'succeeded', endedOn: Date.now() })).toThrow(expect.objectContaining({ name: 'StorageError', resource: expect.objectContaining({ code: '300001' }) }));
    expect(fs.statSync(file).size).toBe(size);
    // The record is as it was: running, in memory.
    expect(reg.get(b.handle)).toBe(b);
    const c = { ...running(), status: 'succeeded' as const, endedOn: Date.now() };
    reg.put(c);
    const again = new StatementRegistry(dir, DAY);
    expect(again.get(a.handle)).toEqual(a);
    expect(again.get(c.handle)).toEqual(c);
    expect(again.get(b.handle)).toBeUndefined();
  });

  test('a short write is continued: the line is whole and reads back', () => {
    const dir = dataDir();
    const reg = new StatementRegistry(dir, DAY);
    fs.writeFileSync(faults, JSON.stringify({ rules: [{ site: 'registry', fault: 'short', nth: 1, times: 3 }] }));
    const a = { ...running(), status: 'succeeded' as const, endedOn: Date.now(), sqlText: `SELECT '${'s'.repeat(5000)}'` };
    reg.put(a);
    expect(reg.get(a.handle)).toEqual(a);
    expect(new StatementRegistry(dir, DAY).get(a.handle)).toEqual(a);
  });
});
