// The results grid's bounded cache of partitions (features/results/lib/partition-cache.ts).
import { expect, test } from 'vitest';
import { PartitionCache } from '@/features/results/lib/partition-cache';

/** A loader whose loads the test resolves or fails by hand, recording what was asked and aborted. */
function loader() {
  const pending = new Map<number, { resolve: (rows: number[]) => void; reject: (e: unknown) => void; signal: AbortSignal }>();
  const asked: number[] = [];
  const load = (p: number, signal: AbortSignal) => new Promise<number[]>((resolve, reject) => { asked.push(p); pending.set(p, { resolve, reject, signal }); });
  const finish = async (p: number) => { pending.get(p)!.resolve([p * 10, p * 10 + 1]); pending.delete(p); await Promise.resolve(); };
  return { load, pending, asked, finish };
}

test('holds at most maxPartitions, evicting the least recently used first, never a wanted one', async () => {
  const l = loader();
  const cache = new PartitionCache(l.load, () => 100, { maxPartitions: 3, maxBytes: 1e9 });
  cache.put(0, [0, 1]);
  for (const p of [1, 2, 3]) { cache.want([p]); await l.finish(p); }
  expect(cache.heldPartitions()).toEqual([1, 2, 3]); // 0 was the oldest
  expect(cache.get(0)).toBeUndefined();
  cache.get(1); // 1 is now the most recently used
  cache.want([4]);
  await l.finish(4);
  expect(cache.heldPartitions()).toEqual([3, 1, 4]);
  expect(cache.get(4)).toEqual([40, 41]);
  // Wanted partitions stay even beyond the bound.
  cache.want([5, 6, 7, 8]);
  for (const p of [5, 6, 7, 8]) await l.finish(p);
  expect(cache.heldPartitions().sort()).toEqual([5, 6, 7, 8]);
});

test('bounded in bytes too', async () => {
  const l = loader();
  const sizes = [10, 60, 60, 60];
  const cache = new PartitionCache(l.load, (p) => sizes[p], { maxPartitions: 10, maxBytes: 130 });
  cache.put(0, []);
  for (const p of [1, 2, 3]) { cache.want([p]); await l.finish(p); }
  expect(cache.heldPartitions()).toEqual([2, 3]);
  expect(cache.bytes).toBe(120);
});

test('a partition is fetched once while loading; loads no longer wanted are aborted; notifications on change', async () => {
  const l = loader();
  const cache = new PartitionCache(l.load, () => 1);
  let notified = 0;
  const off = cache.subscribe(() => { notified++; });
  cache.want([1, 2]);
  cache.want([1, 2]);
  expect(l.asked).toEqual([1, 2]);
  expect(cache.isLoading).toBe(true);
  const two = l.pending.get(2)!;
  cache.want([1]);
  expect(two.signal.aborted).toBe(true);
  two.resolve([9]); // a late answer of an aborted load is dropped
  await l.finish(1);
  expect(cache.has(2)).toBe(false);
  expect(cache.get(1)).toEqual([10, 11]);
  expect(cache.isLoading).toBe(false);
  expect(notified).toBeGreaterThan(0);
  off();
});

test('a failed load is reported for a wanted partition and tried again on retry', async () => {
  const l = loader();
  const cache = new PartitionCache(l.load, () => 1);
  cache.want([3]);
  l.pending.get(3)!.reject(new Error('boom'));
  await new Promise((r) => setTimeout(r, 0));
  expect((cache.error as Error).message).toBe('boom');
  cache.want([3]);
  expect(l.asked).toEqual([3]); // not hammered
  cache.retry();
  expect(l.asked).toEqual([3, 3]);
  await l.finish(3);
  expect(cache.error).toBeNull();
  expect(cache.get(3)).toEqual([30, 31]);
});
