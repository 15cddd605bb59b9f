'use client';
import { useCallback, useMemo, useState } from 'react';
import { VirtualDataTable, type DataColumn } from '@/components/data-table/virtual-data-table';
import type { Cell, ResultSet, RowType } from '@/lib/client/api/types';
import { makeDisplayFormatter } from '@/lib/values/display';
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

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The typed results grid of one result set (the worksheet and the share page alike), with its
 * counts, export links and a cell detail panel. Cells show as Snowflake displays them under the
 * result's output formats (lib/values/display.ts: the same text as Copy as TSV and the CSV export).
 */
export function ResultsGrid({ result, durationMs }: { result: ResultSet; durationMs?: number | null }) {
  const { index, getRow, onRangeChange, loading, error, retry } = usePartitionedRows(result);
  const [open, setOpen] = useState<{ row: number; col: number } | null>(null);
  const rowType = result.resultSetMetaData.rowType;
  const params = result.resultSetMetaData.parameters;
  const columns = useMemo<DataColumn[]>(() => rowType.map((c) => ({ name: c.name, type: columnLabel(c), align: NUMERIC.has(c.type) ? 'right' : 'left', expandable: JSON_TYPES.has(c.type) })), [rowType]);
  const formatters = useMemo(() => rowType.map((c) => makeDisplayFormatter(c, params)), [rowType, params]);
  const getShown = useCallback((row: number): Cell[] | undefined => getRow(row)?.map((v, i) => formatters[i](v)), [getRow, formatters]);
  const openValue = open ? getShown(open.row)?.[open.col] : undefined;
  const rows = index.totalRows;
  return (
    <section className="results">
      <div className="results-bar" data-testid="result-summary">
        <span data-testid="row-count">{count(rows, 'row')}</span>
        {rows > 0 && <span data-testid="partition-count">{count(index.partitionCount, 'partition')}</span>}
        {durationMs != null && <span data-testid="duration">{(durationMs / 1000).toFixed(2)} s</span>}
        {loading && <span className="muted">loading rows…</span>}
        {error ? <span className="error">{String((error as Error).message)} <button type="button" className="link" onClick={retry}>Retry</button></span> : null}
        <span className="spacer" />
        <ExportLinks handle={result.statementHandle} />
      </div>
      <div className="results-body">
        <VirtualDataTable columns={columns} rowCount={rows} getRow={getShown} onRangeChange={onRangeChange} onOpenCell={(row, col) => setOpen({ row, col })} />
        {open && openValue !== undefined && (
          <CellPanel column={columns[open.col]} row={open.row} value={openValue} json={JSON_TYPES.has(rowType[open.col].type)} onClose={() => setOpen(null)} />
        )}
      </div>
    </section>
  );
}
