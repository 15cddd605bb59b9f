import { expect, test } from 'vitest';
import { inRange, moveFocus, rangeOf, selectionTsv, tsvField, unloadedRows } from '@/components/data-table/lib/cell-selection';

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

test('keyboard moves: arrows, Ctrl+arrows, Home/End, Ctrl+Home/End, pages, clamped to the grid', () => {
  const at = { row: 5, col: 1 };
  const mv = (key: string, ctrl = false) => moveFocus(at, { key, ctrl }, 1_000_000, 3, 20);
  expect(mv('ArrowDown')).toEqual({ row: 6, col: 1 });
  expect(mv('ArrowUp')).toEqual({ row: 4, col: 1 });
  expect(mv('ArrowLeft')).toEqual({ row: 5, col: 0 });
  expect(mv('ArrowRight', true)).toEqual({ row: 5, col: 2 });
  expect(mv('Home')).toEqual({ row: 5, col: 0 });
  expect(mv('End')).toEqual({ row: 5, col: 2 });
  expect(mv('Home', true)).toEqual({ row: 0, col: 0 });
  expect(mv('End', true)).toEqual({ row: 999_999, col: 2 });
  expect(mv('PageDown')).toEqual({ row: 25, col: 1 });
  expect(mv('PageUp')).toEqual({ row: 0, col: 1 });
  expect(mv('x')).toBeNull();
  expect(moveFocus({ row: 0, col: 0 }, { key: 'ArrowUp', ctrl: false }, 10, 2, 5)).toEqual({ row: 0, col: 0 });
});

test('rows of a selection that are not loaded are counted', () => {
  const rows: Record<number, string[]> = { 0: ['a'], 2: ['c'] };
  expect(unloadedRows({ top: 0, bottom: 3, left: 0, right: 0 }, (i) => rows[i])).toBe(2);
});
