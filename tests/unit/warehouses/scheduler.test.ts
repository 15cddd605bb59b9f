import { describe, expect, test } from 'vitest';
import { effectiveQueuedTimeout, readersForSize, type WarehouseLimits } from '@/lib/warehouses/limits';
import { WarehouseScheduler, type Slot } from '@/lib/warehouses/scheduler';
import { userShare } from '@/lib/limits/fair-share';

const limits = (o: Partial<WarehouseLimits> = {}): WarehouseLimits => ({ maxConcurrency: 8, readers: 4, queuedTimeoutSec: 0, statementTimeoutSec: 0, suspended: false, autoResume: true, ...o });
const req = (statementId: string, reads = true, queuedTimeoutSec = 0, user = 'U') => ({ statementId, user, reads, queuedTimeoutSec });
const isSlot = (s: Slot | Promise<Slot>): s is Slot => !(s instanceof Promise);

describe('readers by size', () => {
  test('X-Small gets the configured count, each size up doubles it, the pool caps it', () => {
    const pool = { xsmallReaders: 1, maxReaders: 6 };
    expect(['X-Small', 'Small', 'Medium', 'Large', '6X-Large'].map((s) => readersForSize(s, pool))).toEqual([1, 2, 4, 6, 6]);
    // The default on a 2-core machine: X-Small keeps the whole pool it had before (4).
    expect(readersForSize('X-Small', { xsmallReaders: 4, maxReaders: 4 })).toBe(4);
  });

  test('the queued timeout in force is the smaller one that is set', () => {
    expect(effectiveQueuedTimeout(0, undefined)).toBe(0);
    expect(effectiveQueuedTimeout(10, 0)).toBe(10);
    expect(effectiveQueuedTimeout(0, 5)).toBe(5);
    expect(effectiveQueuedTimeout(10, 5)).toBe(5);
  });
});

describe('WarehouseScheduler', () => {
  test('a release says which waiting statements it let in (their owner: the request a place over all nodes may go to)', async () => {
    const s = new WarehouseScheduler();
    const l = limits({ maxConcurrency: 1 });
    const a = s.admit('W', l, { ...req('a'), owner: 'A' });
    if (!isSlot(a)) throw new Error('a waits');
    const b = s.admit('W', l, { ...req('b'), owner: 'B' }) as Promise<Slot>;
    const c = s.admit('W', l, { ...req('c'), owner: 'C' }) as Promise<Slot>;
    expect(a.release().map((r) => [r.statementId, r.owner])).toEqual([['b', 'B']]);
    expect(a.release()).toEqual([]); // idempotent: nobody more
    const bSlot = (await b) as ReturnType<WarehouseScheduler['force']>;
    expect(bSlot.release().map((r) => r.owner)).toEqual(['C']);
    await c;
  });

  test('admits up to MAX_CONCURRENCY_LEVEL at once, then FIFO as slots are released', async () => {
    const s = new WarehouseScheduler();
    const l = limits({ maxConcurrency: 2 });
    const a = s.admit('W', l, req('a'));
    const b = s.admit('W', l, req('b'));
    expect(isSlot(a) && isSlot(b)).toBe(true);
    const order: string[] = [];
    const c = (s.admit('W', l, req('c')) as Promise<Slot>).then((x) => { order.push('c'); return x; });
    const d = (s.admit('W', l, req('d')) as Promise<Slot>).then((x) => { order.push('d'); return x; });
    expect(s.load('W')).toEqual({ running: 2, queued: 2 });
    (a as Slot).release();
    (a as Slot).release(); // idempotent
    await c;
    expect(s.load('W')).toEqual({ running: 2, queued: 1 });
    (b as Slot).release();
    await d;
    expect(order).toEqual(['c', 'd']);
    expect(s.load('OTHER')).toEqual({ running: 0, queued: 0 });
  });

  test('reads are bounded by the reader slots; a waiting read at the head keeps later writes behind it', async () => {
    const s = new WarehouseScheduler();
    const l = limits({ readers: 1 });
    const r1 = s.admit('W', l, req('r1')) as Slot;
    const w1 = s.admit('W', l, req('w1', false));
    expect(isSlot(w1)).toBe(true);
    const r2 = s.admit('W', l, req('r2')) as Promise<Slot>;
    const w2 = s.admit('W', l, req('w2', false));
    expect(isSlot(w2)).toBe(false);
    expect(s.load('W')).toEqual({ running: 2, queued: 2 });
    r1.release();
    await r2;
    await w2;
    expect(s.load('W')).toEqual({ running: 3, queued: 0 });
  });

  test('withdraw fails a waiting statement with the reason and lets the next one move up', async () => {
    const s = new WarehouseScheduler();
    const l = limits({ maxConcurrency: 1 });
    const a = s.admit('W', l, req('a')) as Slot;
    const b = s.admit('W', l, req('b')) as Promise<Slot>;
    const c = s.admit('W', l, req('c')) as Promise<Slot>;
    expect(s.withdraw('b', new Error('cancelled'))).toBe(true);
    expect(s.withdraw('a', new Error('not waiting'))).toBe(false);
    await expect(b).rejects.toThrow('cancelled');
    a.release();
    await c;
    expect(s.load('W')).toEqual({ running: 1, queued: 0 });
  });

  test('a statement waiting longer than its queued timeout fails with 000630', async () => {
    const s = new WarehouseScheduler();
    const l = limits({ maxConcurrency: 1 });
    s.admit('W', l, req('a'));
    const b = s.admit('W', l, { ...req('b', true, 0.05) }) as Promise<Slot>;
    await expect(b).rejects.toMatchObject({ code: '000630', sqlState: '57014' });
    expect(s.load('W')).toEqual({ running: 1, queued: 0 });
  });

  test('force takes a slot past the limit; refresh with a raised limit admits waiting statements', async () => {
    const s = new WarehouseScheduler();
    const l = limits({ maxConcurrency: 1 });
    s.admit('W', l, req('a'));
    s.force('W', l, 'U', false);
    const b = s.admit('W', l, req('b')) as Promise<Slot>;
    expect(s.load('W')).toEqual({ running: 2, queued: 1 });
    s.refresh(() => limits({ maxConcurrency: 3 }));
    await b;
    expect(s.load('W')).toEqual({ running: 3, queued: 0 });
  });
});

describe('fair share of a warehouse', () => {
  test("userShare: 75 % rounded up, all of a capacity under 4; the server's own bounds always keep one for the others", () => {
    expect([1, 2, 3, 4, 8, 128, 256].map((n) => userShare(n, 75))).toEqual([1, 2, 3, 3, 6, 96, 192]);
    expect([1, 2, 3, 4, 8].map((n) => userShare(n, 75, true))).toEqual([1, 1, 2, 3, 6]);
    expect(userShare(Infinity, 75)).toBe(Infinity);
    expect(userShare(4, 100, true)).toBe(4);
  });

  test('one user holds at most his share: his next statement waits while another user starts at once', async () => {
    const s = new WarehouseScheduler(75);
    const l = limits({ maxConcurrency: 8, readers: Infinity });
    const a = Array.from({ length: 6 }, (_, i) => s.admit('W', l, req(`a${i}`, true, 0, 'A')));
    expect(a.every(isSlot)).toBe(true);
    const a7 = s.admit('W', l, req('a7', true, 0, 'A'));
    expect(isSlot(a7)).toBe(false);
    // The warehouse has room: B is not behind A's waiting statement.
    const b = s.admit('W', l, req('b', true, 0, 'B'));
    expect(isSlot(b)).toBe(true);
    expect(s.load('W')).toEqual({ running: 7, queued: 1 });
    // A's statement goes in when one of his own ends.
    (a[0] as Slot).release();
    await a7;
    expect(s.load('W')).toEqual({ running: 7, queued: 0 });
  });

  test('admitsAtOnce: what admit would do now, counting requests still on their way (the warehouse, its readers, the user\'s share)', () => {
    const s = new WarehouseScheduler(75);
    // A user's share: 8 of 10 places, both of 2 readers.
    const l = limits({ maxConcurrency: 10, readers: 2 });
    const none = { all: 0, user: 0 };
    expect(s.admitsAtOnce('W', l, 'A', true, none)).toBe(true);
    for (let i = 0; i < 7; i++) expect(isSlot(s.admit('W', l, req(`a${i}`, false, 0, 'A')))).toBe(true);
    // A holds 7 of his 8: one more of his fits, not if one of his is on its way.
    expect(s.admitsAtOnce('W', l, 'A', false, none)).toBe(true);
    expect(s.admitsAtOnce('W', l, 'A', false, { all: 1, user: 1 })).toBe(false);
    expect(s.admitsAtOnce('W', l, 'B', false, { all: 1, user: 0 })).toBe(true);
    // One reader left: a read fits, not if another is on its way; a write does.
    expect(isSlot(s.admit('W', l, req('b0', true, 0, 'B')))).toBe(true);
    expect(s.admitsAtOnce('W', l, 'C', true, none)).toBe(true);
    expect(s.admitsAtOnce('W', l, 'C', true, { all: 1, user: 0 })).toBe(false);
    expect(s.admitsAtOnce('W', l, 'C', false, { all: 1, user: 0 })).toBe(true);
    // The warehouse: 10 running (or waiting).
    expect(isSlot(s.admit('W', l, req('c0', false, 0, 'C')))).toBe(true);
    expect(isSlot(s.admit('W', l, req('c1', false, 0, 'C')))).toBe(true);
    expect(s.admitsAtOnce('W', l, 'D', false, none)).toBe(false);
    expect(s.admitsAtOnce('OTHER', l, 'D', false, { all: 9, user: 7 })).toBe(true);
    expect(s.admitsAtOnce('OTHER', l, 'D', false, { all: 9, user: 8 })).toBe(false);
    expect(s.admitsAtOnce('OTHER', l, 'D', false, { all: 10, user: 0 })).toBe(false);
  });

  test('a free place goes to the waiting user who holds the fewest, before earlier statements of a busier user', async () => {
    const s = new WarehouseScheduler(75);
    const l = limits({ maxConcurrency: 4, readers: Infinity });
    const a = [0, 1, 2].map((i) => s.admit('W', l, req(`a${i}`, true, 0, 'A')) as Slot);
    const b = s.admit('W', l, req('b', true, 0, 'B')) as Slot;
    const order: string[] = [];
    const b2 = (s.admit('W', l, req('b2', true, 0, 'B')) as Promise<Slot>).then((x) => { order.push('b2'); return x; });
    const c = (s.admit('W', l, req('c', true, 0, 'C')) as Promise<Slot>).then((x) => { order.push('c'); return x; });
    a[0].release();
    await c;
    expect(order).toEqual(['c']);
    b.release();
    await b2;
    expect(order).toEqual(['c', 'b2']);
  });
});
