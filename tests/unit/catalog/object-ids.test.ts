// Object ids: from the clock on one node; from blocks of the shared sequence when nodes share a
// database (FLOE_ENGINE=postgres://…), used up in order, the standby block next, and a clear
// error (not a reused or clock id) when no block is left.
import { expect, test } from 'vitest';
import { newObjectId, offerObjectIdBlock, wantsObjectIdBlock } from '@/lib/catalog/names';

test('on one node ids follow the clock and always grow', () => {
  const a = newObjectId();
  const b = newObjectId();
  expect(a).toBeGreaterThanOrEqual(Date.now() * 100 - 100_000);
  expect(b).toBeGreaterThan(a);
  expect(wantsObjectIdBlock(10)).toBe(false);
});

test('with blocks, ids come from them only: the current one, then the standby, then an error', () => {
  const base = 10n ** 15n;
  offerObjectIdBlock(base, base + 4n);
  offerObjectIdBlock(base + 100n, base + 104n);
  // A third offer while both are full is not taken.
  offerObjectIdBlock(base + 500n, base + 504n);
  const taken = Array.from({ length: 8 }, () => newObjectId());
  const b = Number(base);
  expect(taken).toEqual([b, b + 1, b + 2, b + 3, b + 100, b + 101, b + 102, b + 103]);
  expect(() => newObjectId()).toThrow(/no object id is left/);
  offerObjectIdBlock(base + 200n, base + 210n);
  expect(newObjectId()).toBe(b + 200);
  // Half used and no standby: time to fetch.
  expect(wantsObjectIdBlock(10)).toBe(false);
  for (let i = 0; i < 5; i++) newObjectId();
  expect(wantsObjectIdBlock(10)).toBe(true);
  offerObjectIdBlock(base + 300n, base + 310n);
  expect(wantsObjectIdBlock(10)).toBe(false);
});
