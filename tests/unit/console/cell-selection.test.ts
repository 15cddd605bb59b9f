import { expect, test } from 'vitest';
import { inRange, rangeOf, selectionTsv, tsvField } from '@/components/data-table/lib/cell-selection';

test('a range from any two corners', () => {
  const r = rangeOf({ row: 5, col: 3 }, { row: 2, col: 1 });
  expect(r).toEqual({ top: 2, bottom: 5, left: 1, right: 3 });
  expect(inRange(r, 2, 1)).toBe(true);
  expect(inRange(r, 6, 1)).toBe(false);
  expect(inRange(null, 0, 0)).toBe(false);
});

test('TSV: tabs, newlines and quotes are quoted, NULL and unloaded rows are empty', () => {
  expect(tsvField('a\tb')).toBe('"a\tb"');
  expect(tsvField('say "hi"')).toBe('"say ""hi"""');
  expect(tsvField(null)).toBe('');
  const rows: Record<number, (string | null)[]> = { 0: ['1', 'x', null], 1: ['2', 'y\nz', 'w'] };
  expect(selectionTsv({ top: 0, bottom: 2, left: 1, right: 2 }, (i) => rows[i])).toBe('x\t\n"y\nz"\tw\n\t');
});
