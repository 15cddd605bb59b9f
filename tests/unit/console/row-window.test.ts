// Which rows the virtual grid shows for a scroll position (components/data-table/lib/row-window.ts).
import { expect, test } from 'vitest';
import { MAX_SPACER, overscanFor, rowTop, rowWindow, scrollTopFor, spacerHeight } from '@/components/data-table/lib/row-window';

const H = 28;

test('small results: the spacer is the rows, rows sit at their own offset', () => {
  const w = rowWindow(280, 1000, H, 280, 2);
  expect(w.spacer).toBe(28_000);
  expect([w.first, w.last]).toEqual([8, 22]);
  expect(rowTop(10, H, w)).toBe(280);
  expect(rowWindow(0, 0, H, 280, 2).last).toBeLessThan(rowWindow(0, 0, H, 280, 2).first);
});

test('a million rows: the spacer is capped and both ends are reachable', () => {
  const rows = 1_000_000;
  const view = 560;
  expect(spacerHeight(rows, H)).toBe(MAX_SPACER);
  const top = rowWindow(0, rows, H, view, 0);
  expect(top.first).toBe(0);
  const end = rowWindow(MAX_SPACER - view, rows, H, view, 0);
  expect(end.last).toBe(rows - 1);
  // The last row ends exactly at the spacer's end: the scrolled area never grows.
  expect(rowTop(rows - 1, H, end) + H).toBeCloseTo(MAX_SPACER, 6);
  // A browser that scrolls a pixel or two past spacer - viewport (its header rounds otherwise)
  // still shows the last row ending at the spacer's end (it was left out: Ctrl+End showed nothing).
  for (const past of [0.5, 1, 2]) {
    const over = rowWindow(MAX_SPACER - view + past, rows, H, view, 0);
    expect(over.last).toBe(rows - 1);
    expect(rowTop(rows - 1, H, over) + H).toBeCloseTo(MAX_SPACER, 6);
  }
  const mid = rowWindow((MAX_SPACER - view) / 2, rows, H, view, 0);
  expect(Math.abs(mid.first - rows / 2)).toBeLessThan(20);
});

test('scrollTopFor brings a row into view and leaves a visible one alone', () => {
  expect(scrollTopFor(5, 0, 1000, H, 280)).toBe(0);
  expect(scrollTopFor(50, 0, 1000, H, 280)).toBe(51 * H - 280);
  expect(scrollTopFor(3, 1000, 1000, H, 280)).toBe(3 * H);
  const rows = 1_000_000;
  const st = scrollTopFor(rows - 1, 0, rows, H, 560);
  expect(rowWindow(st, rows, H, 560, 0).last).toBe(rows - 1);
  const st2 = scrollTopFor(654_321, 0, rows, H, 560);
  const w = rowWindow(st2, rows, H, 560, 0);
  expect(w.first <= 654_321 && 654_321 <= w.last).toBe(true);
});

test('overscan: painted for a step it covers (a wheel), not for a longer jump (a fling), nor before the first paint', () => {
  expect(overscanFor(100, 103, 8)).toBe(8);
  expect(overscanFor(100, 92, 8)).toBe(8);
  expect(overscanFor(100, 100, 8)).toBe(8);
  expect(overscanFor(100, 109, 8)).toBe(0);
  expect(overscanFor(100, 30, 8)).toBe(0);
  expect(overscanFor(null, 0, 8)).toBe(0);
});
