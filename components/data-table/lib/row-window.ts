/**
 * Which rows a scrolled viewport shows, for rows of one fixed height (pure, unit-tested).
 * Browsers cap an element's height (Firefox near 17.9M px, Chromium 33.5M), so the scrolled
 * spacer is never taller than MAX_SPACER: beyond that, scrollTop maps proportionally onto the
 * rows' offset and each row is placed relative to the viewport, so any row count scrolls to its end.
 */
export const MAX_SPACER = 15_000_000;

export interface RowWindow {
  /** Height of the scrolled spacer. */
  spacer: number;
  /** Offset (px into all rows) of the viewport's top. */
  offset: number;
  /**
   * The scrollTop the rows are placed for: the browser's, held within [0, spacer - viewport].
   * A browser can scroll a pixel past that (its header height rounds differently from ours),
   * and rows placed for that pixel would end past the spacer and be left out: the last row never showed.
   */
  top: number;
  first: number;
  last: number;
}

export function spacerHeight(rows: number, rowHeight: number): number {
  return Math.min(rows * rowHeight, MAX_SPACER);
}

/** The rows of the viewport plus `overscan` on each side (last < first when there are none). */
export function rowWindow(scrollTop: number, rows: number, rowHeight: number, viewport: number, overscan: number): RowWindow {
  const total = rows * rowHeight;
  const spacer = spacerHeight(rows, rowHeight);
  const range = spacer - viewport;
  const top = range <= 0 ? 0 : Math.min(Math.max(scrollTop, 0), range);
  const offset = total === spacer || range <= 0 ? top : (top / range) * (total - viewport);
  const first = Math.max(0, Math.floor(offset / rowHeight) - overscan);
  const last = Math.min(rows - 1, Math.floor((offset + Math.max(viewport, 0)) / rowHeight) + overscan);
  return { spacer, offset, first, last, top };
}

/** Where row `row` goes inside the spacer (its top, px). */
export const rowTop = (row: number, rowHeight: number, w: RowWindow) => w.top + row * rowHeight - w.offset;

/** The scrollTop that shows row `row` whole, moving as little as possible from `scrollTop`. */
export function scrollTopFor(row: number, scrollTop: number, rows: number, rowHeight: number, viewport: number): number {
  const total = rows * rowHeight;
  const spacer = spacerHeight(rows, rowHeight);
  const { offset } = rowWindow(scrollTop, rows, rowHeight, viewport, 0);
  const top = row * rowHeight;
  let want = offset;
  if (top < offset) want = top;
  else if (top + rowHeight > offset + viewport) want = top + rowHeight - viewport;
  else return scrollTop;
  if (total === spacer) return want;
  const range = spacer - viewport;
  return range <= 0 ? 0 : Math.round((want / (total - viewport)) * range);
}

/**
 * The overscan to paint after a scroll that moved the first visible row from `from` to `to`:
 * all of it for a step that the overscan covers (a wheel: the rows scrolled in were painted
 * ahead), none for a longer jump (a fling or a drag of the scrollbar), where rows painted
 * beyond the viewport would be thrown away by the next frame. The grid paints the overscan once
 * the scrolling settles.
 */
export function overscanFor(from: number | null, to: number, overscan: number): number {
  return from !== null && Math.abs(to - from) <= overscan ? overscan : 0;
}
