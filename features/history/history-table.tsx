'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useCancelStatement } from '@/lib/client/api/cancel-statement';
import { useQueryHistory } from '@/lib/client/api/get-query-history';
import { StatementError } from '@/features/statement/statement-result';
import { filterHistory, statusGroup, type StatusFilter } from './lib/filter-history';

/** The user's statements from QUERY_HISTORY, filtered and searched; running ones update live and can be cancelled; each opens its share page. */
export function HistoryTable() {
  const q = useQueryHistory({ live: true });
  const cancel = useCancelStatement();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const shown = q.data ? filterHistory(q.data, status, search) : null;
  return (
    <div className="history-page">
      <div className="toolbar">
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All statuses</option>
          <option value="running">Running</option>
          <option value="succeeded">Succeeded</option>
          <option value="failed">Failed</option>
        </select>
        <input type="search" aria-label="Search history" placeholder="Search SQL, handle, tag, error…" value={search} onChange={(e) => setSearch(e.target.value)} />
        <button type="button" onClick={() => void q.refetch()} disabled={q.isFetching}>Refresh</button>
        {q.data && <span className="muted small" data-testid="history-count">{shown!.length} of {q.data.length}</span>}
      </div>
      {q.error ? <StatementError error={q.error} />
        : !shown ? <p className="muted">Loading history…</p>
        : shown.length === 0 ? <p className="muted" data-testid="history-empty">{q.data!.length ? 'No statement matches the filter.' : 'No statements yet: run one from a worksheet.'}</p>
        : (
          <table className="history" data-testid="history">
            <thead><tr><th>Status</th><th>Statement</th><th className="dt-right">Duration</th><th className="dt-right">Rows</th><th>Tag</th><th>Started</th><th /></tr></thead>
            <tbody>
              {shown.map((e) => (
                <tr key={e.queryId} data-status={e.status}>
                  <td><span className={`status status-${e.status.toLowerCase()}`}>{e.status}</span></td>
                  <td className="sql-cell"><Link href={`/statements/${e.queryId}`} title={e.queryId}>{e.queryText.slice(0, 120)}</Link>
                    {e.errorCode && <div className="error small">{e.errorCode}: {e.errorMessage}</div>}</td>
                  <td className="dt-right">{e.elapsedMs === null ? '' : `${(e.elapsedMs / 1000).toFixed(2)} s`}</td>
                  <td className="dt-right">{e.rows ?? ''}</td>
                  <td>{e.tag ?? ''}</td>
                  <td className="small">{e.startTime ?? ''}</td>
                  <td>{statusGroup(e.status) === 'running' && <button type="button" onClick={() => cancel.mutate(e.queryId)}>Cancel</button>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </div>
  );
}
