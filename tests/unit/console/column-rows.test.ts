// The compact per-column form in which the partition worker hands rows to the page (features/results/lib/column-rows.ts).
import { expect, test } from 'vitest';
import { arrayRows, columnRows, encodeColumns, transferablesOf } from '@/features/results/lib/column-rows';

const rows = [
  ['1', 'row-1', null],
  [null, '', '{\n  "a": [1, 2]\n}'],
  ['-3.5', 'Grüße 😀 東京', ''],
  ['', null, null],
];

test('rows read back exactly as they went in: NULL stays NULL, empty stays empty, any Unicode', () => {
  const p = encodeColumns(rows, 3);
  expect(p.rowCount).toBe(4);
  const r = columnRows(p);
  expect(r.length).toBe(4);
  expect(rows.map((_, i) => r.row(i))).toEqual(rows);
  expect(r.row(4)).toBeUndefined();
  expect(r.row(-1)).toBeUndefined();
});

test('one string per column, not per row; the typed arrays are what is transferred', () => {
  const p = encodeColumns(rows, 3);
  expect(p.columns.map((c) => c.text)).toEqual(['1-3.5', 'row-1Grüße 😀 東京', '{\n  "a": [1, 2]\n}']);
  expect([...p.columns[0].nulls]).toEqual([0, 1, 0, 0]);
  const buffers = transferablesOf(p);
  expect(buffers).toHaveLength(6);
  expect(buffers.every((b) => b instanceof ArrayBuffer)).toBe(true);
});

test('a width beyond the wire rows reads as NULL; no rows is an empty partition', () => {
  expect(columnRows(encodeColumns([['a']], 2)).row(0)).toEqual(['a', null]);
  const empty = columnRows(encodeColumns([], 3));
  expect(empty.length).toBe(0);
  expect(empty.row(0)).toBeUndefined();
});

test('rows in hand (partition 0 with the answer) read by offset too', () => {
  const r = arrayRows(rows);
  expect(r.length).toBe(4);
  expect(r.row(2)).toEqual(rows[2]);
});
