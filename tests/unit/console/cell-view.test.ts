// What a grid cell shows for its value (components/data-table/lib/cell-view.ts).
import { expect, test } from 'vitest';
import { cellView, LONG_TEXT, MAX_SHOWN } from '@/components/data-table/lib/cell-view';

test('a row not loaded shows a placeholder, NULL shows NULL, neither with an expand button', () => {
  expect(cellView(undefined, true, true)).toEqual({ kind: 'loading', text: '…', expand: false });
  expect(cellView(null, true, true)).toEqual({ kind: 'null', text: 'NULL', expand: false });
});

test('short text as is; long, multi-line or JSON values get an expand button when the grid has a panel', () => {
  expect(cellView('row-1', false, true)).toEqual({ kind: 'text', text: 'row-1', expand: false });
  expect(cellView('', false, true)).toEqual({ kind: 'text', text: '', expand: false });
  expect(cellView('x'.repeat(LONG_TEXT), false, true).expand).toBe(false);
  expect(cellView('x'.repeat(LONG_TEXT + 1), false, true).expand).toBe(true);
  expect(cellView('a\nb', false, true).expand).toBe(true);
  expect(cellView('{"k":1}', true, true).expand).toBe(true);
  expect(cellView('{"k":1}', true, false).expand).toBe(false);
});

test('a very long value is cut for the cell (the panel shows all of it)', () => {
  const v = cellView('y'.repeat(MAX_SHOWN + 500), false, true);
  expect(v.text).toHaveLength(MAX_SHOWN + 1);
  expect(v.text.endsWith('y…')).toBe(true);
  expect(cellView('y'.repeat(MAX_SHOWN), false, true).text).toHaveLength(MAX_SHOWN);
});
