'use client';
/**
 * The grid body's rows in view, painted by a RowPainter (row-painter.ts) straight from the scroll
 * event: a scroll renders nothing in React and reads no layout (the viewport's height is
 * measured by a ResizeObserver, the rows' places are arithmetic: row-window.ts).
 * The overscan (rows painted beyond the viewport) is painted for small steps only; after a
 * longer jump the frame paints the rows in view, and the overscan follows once the scrolling
 * settles (overscanFor). The rows reported to `onRangeChange` (to load) always include it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { overscanFor, rowTop, rowWindow } from './lib/row-window';
import { RowPainter, type PaintSource, type PainterColumn } from './row-painter';

/** Without a scroll event for this long, scrolling has settled: the overscan is painted. */
const SETTLE_MS = 120;

type Paint = 'scroll' | 'settle' | 'refresh';

export function usePaintedRows({ scroller, header, rowCount, rowHeight, overscan, columns, source, onRangeChange }: {
  scroller: RefObject<HTMLDivElement | null>;
  header: RefObject<HTMLDivElement | null>;
  rowCount: number;
  rowHeight: number;
  overscan: number;
  columns: readonly PainterColumn[];
  source: PaintSource;
  onRangeChange?: (first: number, last: number) => void;
}) {
  /** The rows' layer (a callback ref: it comes and goes with the empty state). */
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const [viewport, setViewport] = useState(400);
  const painter = useRef<RowPainter | null>(null);
  const latest = useRef({ rowCount, viewport, onRangeChange });
  latest.current = { rowCount, viewport, onRangeChange };
  const state = useRef({ firstVisible: null as number | null, overscan, range: '', reported: undefined as typeof onRangeChange, settle: 0 as ReturnType<typeof setTimeout> | 0 });

  const paint = useCallback((how: Paint) => {
    const el = scroller.current;
    const p = painter.current;
    if (!el || !p) return;
    const { rowCount: rows, viewport: view, onRangeChange: report } = latest.current;
    const st = state.current;
    const scrollTop = el.scrollTop;
    const visible = rowWindow(scrollTop, rows, rowHeight, view, 0);
    if (how === 'scroll') st.overscan = overscanFor(st.firstVisible, visible.first, overscan);
    else if (how === 'settle') st.overscan = overscan;
    st.firstVisible = visible.first;
    const w = st.overscan ? rowWindow(scrollTop, rows, rowHeight, view, st.overscan) : visible;
    // None past the spacer's end, which would make the scrolled area grow.
    let last = w.last;
    while (last >= w.first && rowTop(last, rowHeight, w) + rowHeight > w.spacer + 0.5) last--;
    p.show(w.first, last, w);
    if (st.overscan < overscan) {
      clearTimeout(st.settle);
      st.settle = setTimeout(() => paint('settle'), SETTLE_MS);
    }
    const wanted = st.overscan === overscan ? w : rowWindow(scrollTop, rows, rowHeight, view, overscan);
    const range = `${wanted.first}:${wanted.last}`;
    if (range !== st.range || report !== st.reported) {
      st.range = range;
      st.reported = report;
      report?.(wanted.first, wanted.last);
    }
  }, [scroller, rowHeight, overscan]);

  useEffect(() => () => clearTimeout(state.current.settle), []);

  // The rows' viewport: the scroller's height below the sticky header.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Never more than a window's height: a container that does not bound the grid must not make it paint every row.
    const measure = () => setViewport(Math.max(0, Math.min(el.clientHeight, window.innerHeight) - (header.current?.offsetHeight ?? 0)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [scroller, header]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!layer || !el) return;
    painter.current = new RowPainter(layer, el, rowHeight);
    const onScroll = () => paint('scroll');
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      painter.current?.dispose();
      painter.current = null;
      state.current.range = '';
      state.current.firstVisible = null;
    };
  }, [layer, scroller, rowHeight, paint]);

  // New columns, cells, selection or viewport: the rows in view are painted again (before the browser paints).
  useLayoutEffect(() => {
    const p = painter.current;
    if (!p) return;
    p.setColumns(columns);
    p.setSource(source);
    paint('refresh');
  }, [layer, columns, source, rowCount, viewport, onRangeChange, paint]);

  return { layerRef: setLayer, viewport };
}
