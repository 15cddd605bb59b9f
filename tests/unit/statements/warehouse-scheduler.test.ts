import { describe, expect, test } from 'vitest';
import { effectiveQueuedTimeout, readersForSize, type WarehouseLimits } from '@/lib/statements/warehouse-limits';
import { WarehouseScheduler, type Slot } from '@/lib/statements/warehouse-scheduler';

const limits = (o: Partial<WarehouseLimits> = {}): WarehouseLimits => ({ maxConcurrency: 8, readers: 4, queuedTimeoutSec: 0, statementTimeoutSec: 0, suspended: false, autoResume: true, ...o });
const req = (statementId: string, reads = true, queuedTimeoutSec = 0) => ({ statementId, reads, queuedTimeoutSec });
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
    s.force('W', l, false);
    const b = s.admit('W', l, req('b')) as Promise<Slot>;
    expect(s.load('W')).toEqual({ running: 2, queued: 1 });
    s.refresh(() => limits({ maxConcurrency: 3 }));
    await b;
    expect(s.load('W')).toEqual({ running: 3, queued: 0 });
  });
});
