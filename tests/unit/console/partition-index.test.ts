import { expect, test } from 'vitest';
import { PartitionIndex } from '@/features/results/lib/partition-index';
import { columnRows, encodeColumns } from '@/features/results/lib/column-rows';

const idx = new PartitionIndex([10, 100, 100, 5]);

test('totals and row location across partitions', () => {
  expect(idx.totalRows).toBe(215);
  expect(idx.partitionCount).toBe(4);
  expect(idx.locate(0)).toEqual({ partition: 0, offset: 0 });
  expect(idx.locate(9)).toEqual({ partition: 0, offset: 9 });
  expect(idx.locate(10)).toEqual({ partition: 1, offset: 0 });
  expect(idx.locate(214)).toEqual({ partition: 3, offset: 4 });
  expect(idx.locate(215)).toBeNull();
  expect(idx.locate(-1)).toBeNull();
});

test('a visible range needs only the partitions it touches', () => {
  expect(idx.partitionsFor(0, 5)).toEqual([0]);
  expect(idx.partitionsFor(5, 15)).toEqual([0, 1]);
  expect(idx.partitionsFor(200, 10_000)).toEqual([2, 3]);
  expect(idx.partitionsFor(-50, 5)).toEqual([0]);
  expect(idx.partitionsFor(120, 130)).toEqual([2]);
});

test('rows come from loaded partitions only', () => {
  const loaded = new Map([[1, columnRows(encodeColumns(Array.from({ length: 100 }, (_, i) => [String(i)]), 1))]]);
  expect(idx.row(12, (p) => loaded.get(p))).toEqual(['2']);
  expect(idx.row(3, (p) => loaded.get(p))).toBeUndefined();
});

test('empty results', () => {
  const empty = new PartitionIndex([0]);
  expect(empty.totalRows).toBe(0);
  expect(empty.partitionsFor(0, 10)).toEqual([]);
});
