'use client';
/**
 * A virtualised table: TanStack Table for the columns and rows, TanStack Virtual so that only the
 * visible rows are in the DOM. Rows are indices; `getRow` reads a row's cells (undefined while
 * it is not loaded yet: a placeholder row). `onRangeChange` reports the visible row range.
 * Cells can be selected (click, shift+click, drag) and copied as TSV (Ctrl/Cmd+C or Copy);
 * double-clicking a cell, or its expand button, hands it to `onOpenCell` (a detail panel).
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type MouseEvent } from 'react';
import { inRange, rangeOf, selectionTsv, type CellPos, type CellRange } from './lib/cell-selection';

export interface DataColumn {
  name: string;
  type: string;
  align: 'left' | 'right';
  /** Cells worth a detail panel whatever their length (JSON). */
  expandable?: boolean;
}
type Cell = string | null;

const ROW_HEIGHT = 28;
/** Text longer than this gets an expand button. */
const LONG_TEXT = 60;

interface Meta {
  getRow: (index: number) => Cell[] | undefined;
  selection: CellRange | null;
  onOpenCell?: (row: number, col: number) => void;
}

export function VirtualDataTable({ columns, rowCount, getRow, onRangeChange, onOpenCell }: {
  columns: DataColumn[];
  rowCount: number;
  getRow: (index: number) => Cell[] | undefined;
  onRangeChange?: (first: number, last: number) => void;
  onOpenCell?: (row: number, col: number) => void;
}) {
  const [anchor, setAnchor] = useState<CellPos | null>(null);
  const [focus, setFocus] = useState<CellPos | null>(null);
  const selection = anchor && focus ? rangeOf(anchor, focus) : null;
  const [copied, setCopied] = useState<number | null>(null);
  const data = useMemo(() => Array.from({ length: rowCount }, (_, i) => i), [rowCount]);
  const defs = useMemo<ColumnDef<number>[]>(() => columns.map((c, ci) => ({
    id: `${ci}`,
    header: () => (
      <span className="dt-head"><span className="dt-name">{c.name}</span><span className="dt-type">{c.type}</span></span>
    ),
    cell: (ctx) => {
      const meta = ctx.table.options.meta as Meta;
      const row = meta.getRow(ctx.row.original);
      if (!row) return <span className="dt-loading">…</span>;
      const v = row[ci];
      if (v === null) return <span className="dt-null">NULL</span>;
      const expand = meta.onOpenCell && (c.expandable || v.length > LONG_TEXT || v.includes('\n'));
      return (
        <>
          {expand && <button type="button" className="dt-expand" aria-label="Expand cell" title="Show the whole value"
            onMouseDown={(e) => e.stopPropagation()} onClick={() => meta.onOpenCell!(ctx.row.original, ci)}>⤢</button>}
          {v.length > 1000 ? `${v.slice(0, 1000)}…` : v}
        </>
      );
    },
  })), [columns]);
  const table = useReactTable({ data, columns: defs, getCoreRowModel: getCoreRowModel(), meta: { getRow, selection, onOpenCell } satisfies Meta });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => { onRangeChange?.(first, last); }, [first, last, onRangeChange]);
  useEffect(() => { setAnchor(null); setFocus(null); }, [columns, rowCount]);
  const template = `56px ${columns.map((c) => (c.align === 'right' ? 'minmax(110px, 1fr)' : 'minmax(160px, 2fr)')).join(' ')}`;
  // Header and body rows share one width (never their own content's), so their columns line up.
  const minWidth = 56 + columns.reduce((w, c) => w + (c.align === 'right' ? 110 : 160), 0);
  const rows = table.getRowModel().rows;

  const tsv = useCallback(() => (selection ? selectionTsv(selection, getRow) : ''), [selection, getRow]);
  const onCopy = (e: ClipboardEvent) => {
    if (!selection) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', tsv());
    setCopied((selection.bottom - selection.top + 1) * (selection.right - selection.left + 1));
  };
  const copyButton = async () => {
    if (!selection) return;
    await navigator.clipboard.writeText(tsv()).catch(() => undefined);
    setCopied((selection.bottom - selection.top + 1) * (selection.right - selection.left + 1));
  };
  const down = (e: MouseEvent, pos: CellPos) => {
    if (e.button !== 0) return;
    if (e.shiftKey && anchor) setFocus(pos);
    else { setAnchor(pos); setFocus(pos); }
    setCopied(null);
  };
  const enter = (e: MouseEvent, pos: CellPos) => { if (e.buttons === 1 && anchor) setFocus(pos); };

  return (
    <div className="dt-wrap">
      <div className="dt-selection small muted" data-testid="selection-bar">
        {selection
          ? <>{selection.bottom - selection.top + 1} × {selection.right - selection.left + 1} cells selected · <button type="button" className="link" onClick={copyButton}>Copy as TSV</button>
            {copied !== null && <span data-testid="copied"> · copied {copied} cells</span>}</>
          : 'Click a cell to select it, Shift+click or drag for a range, Ctrl/Cmd+C copies as TSV, double-click shows the whole value.'}
      </div>
      <div className="dt" ref={scroller} data-testid="data-table" role="grid" aria-rowcount={rowCount} aria-multiselectable tabIndex={0} onCopy={onCopy}>
        {table.getHeaderGroups().map((hg) => (
          <div key={hg.id} className="dt-row dt-header" style={{ gridTemplateColumns: template, minWidth }} role="row">
            <div className="dt-cell dt-rownum">#</div>
            {hg.headers.map((h, i) => (
              <div key={h.id} role="columnheader" className={`dt-cell ${columns[i].align === 'right' ? 'dt-right' : ''}`}>
                {flexRender(h.column.columnDef.header, h.getContext())}
              </div>
            ))}
          </div>
        ))}
        <div style={{ height: virtualizer.getTotalSize(), minWidth, position: 'relative' }}>
          {items.map((vr) => {
            const row = rows[vr.index];
            return (
              <div key={vr.key} role="row" data-row={vr.index} className="dt-row"
                style={{ gridTemplateColumns: template, minWidth, position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${vr.start}px)` }}>
                <div className="dt-cell dt-rownum">{vr.index + 1}</div>
                {row.getVisibleCells().map((cell, i) => {
                  const selected = inRange(selection, vr.index, i);
                  return (
                    <div key={cell.id} role="gridcell" aria-selected={selected} data-col={i}
                      className={`dt-cell ${columns[i].align === 'right' ? 'dt-right' : ''}${selected ? ' dt-selected' : ''}`}
                      onMouseDown={(e) => down(e, { row: vr.index, col: i })} onMouseEnter={(e) => enter(e, { row: vr.index, col: i })}
                      onDoubleClick={() => onOpenCell?.(vr.index, i)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
