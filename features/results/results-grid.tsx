'use client';
import { useState } from 'react';
import { VirtualDataTable, type DataColumn } from '@/components/data-table/virtual-data-table';
import type { ResultSet, RowType } from '@/lib/client/api/types';
import { CellPanel } from './cell-panel';
import { ExportLinks } from './export-links';
import { usePartitionedRows } from './use-partitioned-rows';

const NUMERIC = new Set(['fixed', 'real', 'number', 'float', 'decimal']);
const JSON_TYPES = new Set(['variant', 'object', 'array']);

export function columnLabel(c: RowType): string {
  const t = c.type.toUpperCase();
  if (c.type === 'fixed') return c.scale ? `NUMBER(${c.precision ?? 38},${c.scale})` : 'NUMBER';
  if (c.type === 'text') return 'VARCHAR';
  return t;
}

/** The typed results grid of one result set, with its counts, export links and a cell detail panel. */
export function ResultsGrid({ result, durationMs }: { result: ResultSet; durationMs?: number | null }) {
  const { index, getRow, onRangeChange, loading, error } = usePartitionedRows(result);
  const [open, setOpen] = useState<{ row: number; col: number } | null>(null);
  const rowType = result.resultSetMetaData.rowType;
  const columns: DataColumn[] = rowType.map((c) => ({ name: c.name, type: columnLabel(c), align: NUMERIC.has(c.type) ? 'right' : 'left', expandable: JSON_TYPES.has(c.type) }));
  const openValue = open ? getRow(open.row)?.[open.col] : undefined;
  return (
    <section className="results">
      <div className="results-bar" data-testid="result-summary">
        <span data-testid="row-count">{index.totalRows.toLocaleString('en-US')} rows</span>
        <span data-testid="partition-count">{index.partitionCount} partition{index.partitionCount === 1 ? '' : 's'}</span>
        {durationMs != null && <span data-testid="duration">{(durationMs / 1000).toFixed(2)} s</span>}
        {loading && <span className="muted">loading partitions…</span>}
        {error && <span className="error">{String((error as Error).message)}</span>}
        <span className="spacer" />
        <ExportLinks handle={result.statementHandle} />
      </div>
      <div className="results-body">
        <VirtualDataTable columns={columns} rowCount={index.totalRows} getRow={getRow} onRangeChange={onRangeChange} onOpenCell={(row, col) => setOpen({ row, col })} />
        {open && openValue !== undefined && (
          <CellPanel column={columns[open.col]} row={open.row} value={openValue} json={JSON_TYPES.has(rowType[open.col].type)} onClose={() => setOpen(null)} />
        )}
      </div>
    </section>
  );
}
