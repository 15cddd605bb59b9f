'use client';
/** Sort and filter of a whole result: one filter and one sort key, applied by the server (result-sql.ts viewSql). */
import { useState, type FormEvent } from 'react';
import type { RowType } from '@/lib/client/api/types';
import { FILTER_OPS, takesValue, type FilterOp, type View } from './lib/result-sql';

export function SortFilterBar({ rowType, view, onApply }: { rowType: RowType[]; view: View | null; onApply: (v: View | null) => void }) {
  const [col, setCol] = useState(String(view?.filters[0]?.column ?? 0));
  const [op, setOp] = useState<FilterOp>(view?.filters[0]?.op ?? 'contains');
  const [value, setValue] = useState(view?.filters[0]?.value ?? '');
  const [sortCol, setSortCol] = useState(view?.sort ? String(view.sort.column) : '');
  const [desc, setDesc] = useState(view?.sort?.desc ?? false);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const filters = takesValue(op) && value === '' ? [] : [{ column: Number(col), op, value }];
    const sort = sortCol === '' ? null : { column: Number(sortCol), desc };
    onApply(filters.length || sort ? { filters, sort } : null);
  };
  const clear = () => { setValue(''); setSortCol(''); onApply(null); };
  return (
    <form className="sort-filter" onSubmit={apply} aria-label="Sort and filter the whole result" data-testid="sort-filter">
      <label>Filter <select value={col} onChange={(e) => setCol(e.target.value)} data-testid="filter-column">
        {rowType.map((c, i) => <option key={i} value={i}>{c.name}</option>)}
      </select></label>
      <select aria-label="Condition" value={op} onChange={(e) => setOp(e.target.value as FilterOp)} data-testid="filter-op">
        {FILTER_OPS.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
      {takesValue(op) && <input aria-label="Filter value" value={value} onChange={(e) => setValue(e.target.value)} placeholder="value" data-testid="filter-value" />}
      <label>Sort <select value={sortCol} onChange={(e) => setSortCol(e.target.value)} data-testid="sort-column">
        <option value="">(result order)</option>
        {rowType.map((c, i) => <option key={i} value={i}>{c.name}</option>)}
      </select></label>
      <select aria-label="Sort direction" value={desc ? 'desc' : 'asc'} onChange={(e) => setDesc(e.target.value === 'desc')} disabled={sortCol === ''} data-testid="sort-direction">
        <option value="asc">ascending</option>
        <option value="desc">descending</option>
      </select>
      <button type="submit">Apply</button>
      {view && <button type="button" onClick={clear}>Clear</button>}
    </form>
  );
}
