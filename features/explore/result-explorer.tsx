'use client';
/**
 * A result, looked at: the grid, a chart or column stats (a tab list), over the result itself or
 * its sorted/filtered copy. Sorting and filtering run on the server as a statement over
 * RESULT_SCAN; its answer is a result like any other (a handle, partitions), shown by the same grid.
 */
import { useId, useState } from 'react';
import { tabListKeyDown } from '@/components/a11y/roving';
import { useInternalStatement } from '@/lib/client/api/internal-statement';
import type { ResultSet } from '@/lib/client/api/types';
import { ResultsGrid } from '@/features/results/results-grid';
import { ChartView } from './chart-view';
import { ColumnStats } from './column-stats';
import { ExploreError } from './explore-error';
import { viewSql, type View } from './lib/result-sql';
import { SortFilterBar } from './sort-filter-bar';

const VIEWS = [['grid', 'Grid'], ['chart', 'Chart'], ['stats', 'Stats']] as const;
type Shown = (typeof VIEWS)[number][0];

export function ResultExplorer({ result, durationMs }: { result: ResultSet; durationMs?: number | null }) {
  const [shown, setShown] = useState<Shown>('grid');
  const [view, setView] = useState<View | null>(null);
  const derived = useInternalStatement(view ? viewSql(result.statementHandle, view) : null, false);
  const id = useId();
  const current = view ? derived.data?.result : result;
  const hasColumns = result.resultSetMetaData.rowType.length > 0;
  return (
    <div className="explorer" data-testid="result-explorer">
      <div className="explorer-bar" data-roving>
        <div role="tablist" aria-label="Result view" className="view-tabs">
          {VIEWS.map(([key, label]) => (
            <button key={key} type="button" role="tab" id={`${id}-${key}`} aria-selected={shown === key} aria-controls={`${id}-panel`}
              tabIndex={shown === key ? 0 : -1} onClick={() => setShown(key)} onKeyDown={tabListKeyDown} data-testid={`view-${key}`}>{label}</button>
          ))}
        </div>
        {hasColumns && <SortFilterBar rowType={result.resultSetMetaData.rowType} view={view} onApply={setView} />}
        {view && derived.isFetching && <span className="muted small" data-testid="view-running">Sorting and filtering on the server…</span>}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${shown}`} className="explorer-panel">
        {view && derived.error ? <ExploreError error={derived.error} />
          : !current ? null
          : shown === 'grid' ? <ResultsGrid key={current.statementHandle} result={current} durationMs={view ? null : durationMs} />
          : shown === 'chart' ? <ChartView key={current.statementHandle} result={current} />
          : <ColumnStats key={current.statementHandle} result={current} />}
      </div>
    </div>
  );
}
