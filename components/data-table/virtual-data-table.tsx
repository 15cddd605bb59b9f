'use client';
/**
 * A virtualised table: TanStack Table for the columns and rows, TanStack Virtual so that only the
 * visible rows are in the DOM. Rows are indices; `getRow` reads a row's cells (undefined while
 * it is not loaded yet: a placeholder row). `onRangeChange` reports the visible row range.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';

export interface DataColumn { name: string; type: string; align: 'left' | 'right' }
type Cell = string | null;

const ROW_HEIGHT = 28;

export function VirtualDataTable({ columns, rowCount, getRow, onRangeChange }: {
  columns: DataColumn[];
  rowCount: number;
  getRow: (index: number) => Cell[] | undefined;
  onRangeChange?: (first: number, last: number) => void;
}) {
  const data = useMemo(() => Array.from({ length: rowCount }, (_, i) => i), [rowCount]);
  const defs = useMemo<ColumnDef<number>[]>(() => columns.map((c, ci) => ({
    id: `${ci}`,
    header: () => (
      <span className="dt-head"><span className="dt-name">{c.name}</span><span className="dt-type">{c.type}</span></span>
    ),
    cell: (ctx) => {
      const row = (ctx.table.options.meta as { getRow: typeof getRow }).getRow(ctx.row.original);
      if (!row) return <span className="dt-loading">…</span>;
      const v = row[ci];
      return v === null ? <span className="dt-null">NULL</span> : v;
    },
  })), [columns]);
  const table = useReactTable({ data, columns: defs, getCoreRowModel: getCoreRowModel(), meta: { getRow } });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => { onRangeChange?.(first, last); }, [first, last, onRangeChange]);
  const template = `56px ${columns.map((c) => (c.align === 'right' ? 'minmax(110px, 1fr)' : 'minmax(160px, 2fr)')).join(' ')}`;
  const rows = table.getRowModel().rows;
  return (
    <div className="dt" ref={scroller} data-testid="data-table" role="grid" aria-rowcount={rowCount}>
      {table.getHeaderGroups().map((hg) => (
        <div key={hg.id} className="dt-row dt-header" style={{ gridTemplateColumns: template }} role="row">
          <div className="dt-cell dt-rownum">#</div>
          {hg.headers.map((h, i) => (
            <div key={h.id} role="columnheader" className={`dt-cell ${columns[i].align === 'right' ? 'dt-right' : ''}`}>
              {flexRender(h.column.columnDef.header, h.getContext())}
            </div>
          ))}
        </div>
      ))}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((vr) => {
          const row = rows[vr.index];
          return (
            <div key={vr.key} role="row" data-row={vr.index} className="dt-row"
              style={{ gridTemplateColumns: template, position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${vr.start}px)` }}>
              <div className="dt-cell dt-rownum">{vr.index + 1}</div>
              {row.getVisibleCells().map((cell, i) => (
                <div key={cell.id} role="gridcell" className={`dt-cell ${columns[i].align === 'right' ? 'dt-right' : ''}`}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
