'use client';
/** Per-column stats of a whole result (nulls, distinct, min, max) and a small histogram of the chosen column, computed by the server. */
import { useState } from 'react';
import { useInternalStatement } from '@/lib/client/api/internal-statement';
import type { ResultSet } from '@/lib/client/api/types';
import { columnLabel } from '@/features/results/results-grid';
import { histogramSql, readHistogram, readStats, statsSql } from './lib/result-sql';
import { ExploreError } from './explore-error';

const count = (n: number) => n.toLocaleString('en-US');

function Histogram({ result, column }: { result: ResultSet; column: number }) {
  const c = result.resultSetMetaData.rowType[column];
  const q = useInternalStatement(histogramSql(result.statementHandle, column, c));
  if (q.error) return <ExploreError error={q.error} />;
  if (!q.data) return <p className="muted small">Counting {c.name}…</p>;
  const bars = readHistogram(q.data.rows, c);
  const top = Math.max(1, ...bars.map((b) => b.count));
  return (
    <figure className="histogram" data-testid="histogram">
      <figcaption><strong>{c.name}</strong> <span className="muted small">{bars.length && bars[0].label.includes(' – ') ? 'rows per range' : 'most frequent values'}</span></figcaption>
      {bars.length === 0 ? <p className="muted small">No values.</p> : (
        <table className="histogram-bars">
          <thead className="visually-hidden"><tr><th scope="col">Value</th><th scope="col">Rows</th></tr></thead>
          <tbody>
            {bars.map((b, i) => (
              <tr key={i} data-testid="histogram-bar">
                <th scope="row" title={b.label}>{b.label}</th>
                <td><span className="bar" style={{ width: `${(100 * b.count) / top}%` }} aria-hidden /><span className="bar-count">{count(b.count)}</span></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}

export function ColumnStats({ result }: { result: ResultSet }) {
  const rt = result.resultSetMetaData.rowType;
  const q = useInternalStatement(statsSql(result.statementHandle, rt));
  const [chosen, setChosen] = useState(0);
  if (q.error) return <ExploreError error={q.error} />;
  if (!q.data) return <p className="muted" data-testid="stats-loading">Computing column stats on the server…</p>;
  const stats = readStats(q.data.rows[0], rt.length);
  return (
    <div className="column-stats">
      <div className="stats-table-wrap">
        <table className="stats-table" data-testid="column-stats">
          <caption className="visually-hidden">Column stats over {count(stats.rows)} rows; choose a column for its histogram</caption>
          <thead><tr><th scope="col">Column</th><th scope="col">Type</th><th scope="col" className="dt-right">Nulls</th><th scope="col" className="dt-right">Distinct</th><th scope="col">Min</th><th scope="col">Max</th></tr></thead>
          <tbody>
            {rt.map((c, i) => {
              const s = stats.columns[i];
              return (
                <tr key={i} className={i === chosen ? "chosen" : undefined} data-testid="stats-row">
                  <th scope="row"><button type="button" className="link" aria-pressed={i === chosen} onClick={() => setChosen(i)} title="Show its histogram">{c.name}</button></th>
                  <td className="muted">{columnLabel(c)}</td>
                  <td className="dt-right" data-testid="stats-nulls">{count(s.nulls)}</td>
                  <td className="dt-right" data-testid="stats-distinct">{count(s.distinct)}</td>
                  <td className="stats-value" data-testid="stats-min">{s.min ?? <span className="dt-null">NULL</span>}</td>
                  <td className="stats-value" data-testid="stats-max">{s.max ?? <span className="dt-null">NULL</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Histogram key={chosen} result={result} column={chosen} />
    </div>
  );
}
