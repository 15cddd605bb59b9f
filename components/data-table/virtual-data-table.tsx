'use client';
/**
 * A virtualised grid over rows read by index: only the rows in view are elements, and nothing
 * is made per row of the whole result (no row model), so a million rows cost what fifty do.
 * `getRow` reads a row's cells (undefined while it is not loaded: a placeholder row);
 * `onRangeChange` reports the rows in view so that the owner can load them.
 * Cells are selected with the mouse (click, Shift+click, drag) or the keyboard (arrows,
 * Shift+arrows, Home/End, Ctrl+Home/End, PageUp/PageDown) and copied as TSV (Ctrl/Cmd+C or Copy);
 * Enter, a double click or a cell's expand button hands it to `onOpenCell` (a detail panel).
 * Columns are resized by dragging their header's edge, or from the keyboard with Alt+Left/Right on
 * a focused cell (its column narrows or widens); row numbers stay in view when scrolling sideways.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { moveFocus, rangeOf, selectionTsv, unloadedRows, type CellPos } from './lib/cell-selection';
import { scrollTopFor, spacerHeight } from './lib/row-window';
import type { PaintSource } from './row-painter';
import { usePaintedRows } from './use-painted-rows';

export interface DataColumn {
  name: string;
  type: string;
  align: 'left' | 'right';
  /** Cells worth a detail panel whatever their length (JSON). */
  expandable?: boolean;
}
type Cell = string | null;

const ROW_HEIGHT = 28;
const OVERSCAN = 8;
/** Larger selections are not copied (a download is the way to take that much). */
const MAX_COPY_CELLS = 1_000_000;
const MIN_WIDTH = 48;
/** Alt+Left/Right changes the focused cell's column by this much. */
const RESIZE_STEP = 16;

const initialWidth = (c: DataColumn) => (c.expandable ? 240 : c.align === 'right' ? 120 : 180);

export function VirtualDataTable({ columns, rowCount, getRow, onRangeChange, onOpenCell }: {
  columns: DataColumn[];
  rowCount: number;
  getRow: (index: number) => readonly Cell[] | undefined;
  onRangeChange?: (first: number, last: number) => void;
  onOpenCell?: (row: number, col: number) => void;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<CellPos | null>(null);
  const [focus, setFocus] = useState<CellPos | null>(null);
  const selection = useMemo(() => (anchor && focus ? rangeOf(anchor, focus) : null), [anchor, focus]);
  const [copied, setCopied] = useState<string | null>(null);
  /** The last keyboard resize, said in the status line (a screen reader hears it there). */
  const [resized, setResized] = useState<string | null>(null);
  const [sized, setWidths] = useState<number[]>(() => columns.map(initialWidth));
  const widths = sized.length === columns.length ? sized : columns.map(initialWidth);
  const scroller = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLDivElement>(null);

  // A new result (other columns or row count) starts afresh; a re-render with equal columns keeps widths and selection.
  const shape = columns.map((c) => `${c.name}:${c.type}`).join('\u0000');
  useEffect(() => { setAnchor(null); setFocus(null); setCopied(null); }, [shape, rowCount]);
  useEffect(() => { setWidths(columns.map(initialWidth)); }, [shape]);

  // The body rows are painted outside React (row-painter.ts): a scroll renders nothing here.
  const cellId = useCallback((row: number, col: number) => `${id}-r${row}-c${col}`, [id]);
  const canExpand = !!onOpenCell;
  const source = useMemo<PaintSource>(() => ({ getRow, canExpand, selection, focus, cellId }), [getRow, canExpand, selection, focus, cellId]);
  const { layerRef, viewport } = usePaintedRows({ scroller, header, rowCount, rowHeight: ROW_HEIGHT, overscan: OVERSCAN, columns, source, onRangeChange });

  const rowNumWidth = Math.max(MIN_WIDTH, 18 + 8 * String(rowCount).length);
  const template = `${rowNumWidth}px ${widths.map((x, i) => (i === widths.length - 1 ? `minmax(${x}px, 1fr)` : `${x}px`)).join(' ')}`;
  // Header and body rows share one template and one width, so their columns line up.
  const minWidth = rowNumWidth + widths.reduce((a, b) => a + b, 0);
  const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);

  const tsv = useCallback((): string | null => {
    if (!selection) return null;
    const cells = (selection.bottom - selection.top + 1) * (selection.right - selection.left + 1);
    if (cells > MAX_COPY_CELLS) { setCopied(`not copied: ${cells.toLocaleString('en-US')} cells is more than ${MAX_COPY_CELLS.toLocaleString('en-US')}, download the result instead`); return null; }
    const missing = unloadedRows(selection, getRow);
    if (missing) { setCopied(`not copied: ${missing.toLocaleString('en-US')} of the selected rows are not loaded, download the result instead`); return null; }
    setCopied(`copied ${cells} cells`);
    return selectionTsv(selection, getRow);
  }, [selection, getRow]);
  const onCopy = (e: ClipboardEvent) => {
    if (!selection) return;
    e.preventDefault();
    const text = tsv();
    if (text !== null) e.clipboardData.setData('text/plain', text);
  };
  const copyButton = async () => {
    const text = tsv();
    if (text !== null) await navigator.clipboard.writeText(text).catch(() => undefined);
  };

  /** Scrolls so that cell `pos` is in view (rows by the window arithmetic, columns by their widths). */
  const reveal = (pos: CellPos) => {
    const el = scroller.current;
    if (!el) return;
    const top = scrollTopFor(pos.row, el.scrollTop, rowCount, ROW_HEIGHT, viewport);
    if (top !== el.scrollTop) el.scrollTop = top;
    const left = rowNumWidth + widths.slice(0, pos.col).reduce((a, b) => a + b, 0);
    const right = left + widths[pos.col];
    if (left - rowNumWidth < el.scrollLeft) el.scrollLeft = left - rowNumWidth;
    else if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (rowCount === 0 || columns.length === 0) return;
    if (e.key === 'Escape') { setAnchor(null); setFocus(null); setCopied(null); return; }
    if (e.key === 'Enter' && focus) { e.preventDefault(); onOpenCell?.(focus.row, focus.col); return; }
    // (Before moving: Alt+arrows resize; the browser's Alt+Left is Back, kept for when no cell is focused.)
    if (e.altKey && focus && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      const width = Math.max(MIN_WIDTH, widths[focus.col] + (e.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP));
      setWidths(widths.map((x, i) => (i === focus.col ? width : x)));
      setResized(`column ${columns[focus.col].name} is ${width} px wide`);
      return;
    }
    const key = { key: e.key, ctrl: e.ctrlKey || e.metaKey };
    // The first navigation key focuses the first cell.
    const next = focus ? moveFocus(focus, key, rowCount, columns.length, page) : moveFocus({ row: 0, col: 0 }, key, 1, 1, 1);
    if (!next) return;
    e.preventDefault();
    setFocus(next);
    if (!e.shiftKey || !anchor) setAnchor(next);
    setCopied(null);
    setResized(null);
    reveal(next);
  };

  // Mouse events on the painted rows, by the cell under the pointer (data-row / data-col).
  const down = (e: MouseEvent) => {
    const pos = cellAt(e.target);
    if (e.button !== 0 || !pos || onExpand(e.target)) return;
    if (e.shiftKey && anchor) setFocus(pos);
    else { setAnchor(pos); setFocus(pos); }
    setCopied(null);
  };
  const over = (e: MouseEvent) => {
    const pos = e.buttons === 1 && anchor ? cellAt(e.target) : null;
    if (pos && (pos.row !== focus?.row || pos.col !== focus.col)) setFocus(pos);
  };
  const open = (e: MouseEvent, expand: boolean) => {
    const pos = cellAt(e.target);
    if (pos && onExpand(e.target) === expand) onOpenCell?.(pos.row, pos.col);
  };

  const startResize = (e: PointerEvent<HTMLSpanElement>, col: number) => {
    e.preventDefault();
    e.stopPropagation();
    const x0 = e.clientX;
    const w0 = widths[col];
    const base = widths;
    const move = (m: globalThis.PointerEvent) => setWidths(base.map((x, i) => (i === col ? Math.max(MIN_WIDTH, Math.round(w0 + m.clientX - x0)) : x)));
    const up = () => { window.removeEventListener('pointermove', move); window.removeEventListener('pointerup', up); };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };


  return (
    <div className="dt-wrap">
      <div className="dt-selection small muted" data-testid="selection-bar">
        {selection
          ? <>{selection.bottom - selection.top + 1} × {selection.right - selection.left + 1} cells selected · <button type="button" className="link" onClick={copyButton}>Copy as TSV</button>
            {copied !== null && <span data-testid="copied"> · {copied}</span>}
            {resized !== null && <span data-testid="resized"> · {resized}</span>}</>
          : 'Select with a click or the arrow keys (Shift: a range) · Ctrl/Cmd+C copies as TSV · Enter or double-click: the whole value · Alt+Left/Right: column width'}
      </div>
      <div className="dt" ref={scroller} data-testid="data-table" role="grid" aria-rowcount={rowCount + 1} aria-colcount={columns.length}
        aria-multiselectable tabIndex={0} onCopy={onCopy} onKeyDown={onKeyDown}>
        <div ref={header} className="dt-row dt-header" style={{ gridTemplateColumns: template, minWidth }} role="row" aria-rowindex={1}>
          <div className="dt-cell dt-rownum" aria-hidden>#</div>
          {columns.map((c, i) => (
            <div key={i} role="columnheader" aria-colindex={i + 1} className={`dt-cell ${c.align === 'right' ? 'dt-right' : ''}`}>
              <span className="dt-head"><span className="dt-name">{c.name}</span><span className="dt-type">{c.type}</span></span>
              <span className="dt-resize" aria-hidden data-testid="column-resize" onPointerDown={(e) => startResize(e, i)} onMouseDown={(e) => e.preventDefault()} onClick={(e) => e.stopPropagation()} />
            </div>
          ))}
        </div>
        {rowCount === 0 ? (
          <div className="dt-empty" data-testid="empty-result">No rows: the statement ran and returned an empty result.</div>
        ) : (
          <div className="dt-body" style={{ height: spacerHeight(rowCount, ROW_HEIGHT), minWidth, '--dt-columns': template } as CSSProperties}>
            {/* The painter's rows (aria-activedescendant names the focused one, which it also paints). */}
            <div ref={layerRef} role="rowgroup" className="dt-layer" onMouseDown={down} onMouseOver={over}
              onDoubleClick={(e) => open(e, false)} onClick={(e) => open(e, true)} />
          </div>
        )}
      </div>
    </div>
  );
}

/** The painted cell under an event's target, from its row's data-row and its own data-col. */
function cellAt(target: EventTarget): CellPos | null {
  const cell = target instanceof Element ? target.closest('[data-col]') : null;
  const row = cell?.closest('[data-row]');
  return cell && row ? { row: Number(row.getAttribute('data-row')), col: Number(cell.getAttribute('data-col')) } : null;
}

const onExpand = (target: EventTarget) => target instanceof Element && target.closest('.dt-expand') !== null;
