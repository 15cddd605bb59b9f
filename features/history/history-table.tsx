'use client';
import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { useCancelStatement } from '@/lib/client/api/cancel-statement';
import { useQueryHistory, type HistoryFilter } from '@/lib/client/api/get-query-history';
import { StatementError } from '@/features/statement/statement-result';
import { dayStart, formatDuration, formatTime } from './lib/format';
import { StatementDetailPanel } from './statement-detail';

const RUNNING = new Set(['RUNNING', 'QUEUED']);

/**
 * The user's statements (ACCOUNTADMIN: anyone's), newest first, filtered on the server by status,
 * search text, start date and user, a page at a time; running ones update live and can be
 * cancelled; a row opens its detail view, its handle the share page.
 */
export function HistoryTable() {
  const [status, setStatus] = useState<HistoryFilter['status']>('all');
  const [search, setSearch] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [user, setUser] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const filter: HistoryFilter = { status, search: useDeferredValue(search), from: dayStart(fromDay), to: dayStart(toDay, true), user };
  const q = useQueryHistory(filter);
  const cancel = useCancelStatement();
  const pages = q.data?.pages;
  const entries = pages?.flatMap((p) => p.entries);
  const first = pages?.[0];
  const filtered = status !== 'all' || !!search.trim() || !!fromDay || !!toDay || !!user;
  return (
    <div className="history-page">
      <div className="toolbar">
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as HistoryFilter['status'])}>
          <option value="all">All statuses</option>
          <option value="running">Running</option>
          <option value="succeeded">Succeeded</option>
          <option value="failed">Failed</option>
        </select>
        <input type="search" aria-label="Search history" placeholder="Search SQL, handle, tag, error…" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label className="small">From <input type="date" aria-label="From date" value={fromDay} onChange={(e) => setFromDay(e.target.value)} /></label>
        <label className="small">To <input type="date" aria-label="To date" value={toDay} onChange={(e) => setToDay(e.target.value)} /></label>
        {first?.users && (
          <select aria-label="User" value={user ?? ''} onChange={(e) => setUser(e.target.value || null)}>
            <option value="">All users</option>
            {first.users.map((u) => <option key={u} value={u}>{u}</option>)}
          </select>
        )}
        <button type="button" onClick={() => void q.refetch()} disabled={q.isFetching}>Refresh</button>
        {entries && <span className="muted small" data-testid="history-count">{entries.length}{q.hasNextPage ? '+' : ''} statements</span>}
      </div>
      <div className="history-body">
        {q.error ? <StatementError error={q.error} />
          : !entries ? <p className="muted">Loading history…</p>
          : entries.length === 0 ? <p className="muted" data-testid="history-empty">{filtered ? 'No statement matches the filter.' : 'No statements yet: run one from a worksheet.'}</p>
          : (
            <div className="history-list">
              <table className="history" data-testid="history">
                <thead>
                  <tr>
                    <th>Status</th><th>Statement</th><th className="dt-right">Duration</th><th className="dt-right">Rows</th>
                    {first?.everyone && <th>User</th>}<th>Tag</th><th>Started</th><th><span className="visually-hidden">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.queryId} data-status={e.status} aria-selected={selected === e.queryId} className={selected === e.queryId ? 'selected' : undefined}>
                      <td><span className={`status status-${e.status.toLowerCase()}`}>{e.status}</span></td>
                      <td className="sql-cell">
                        <button type="button" className="link" title="Show details" onClick={() => setSelected(e.queryId)}>{e.queryText.slice(0, 120)}</button>
                        {e.errorCode && <div className="error small">{e.errorCode}: {e.errorMessage}</div>}
                      </td>
                      <td className="dt-right">{formatDuration(e.elapsedMs)}</td>
                      <td className="dt-right">{e.rows ?? ''}</td>
                      {first?.everyone && <td>{e.user}</td>}
                      <td>{e.tag ?? ''}</td>
                      <td className="small" data-testid="history-start">{formatTime(e.startTime)}</td>
                      <td>
                        {RUNNING.has(e.status) && <button type="button" onClick={() => cancel.mutate(e.queryId)}>Cancel</button>}
                        <Link href={`/statements/${e.queryId}`} className="small" title={e.queryId}>Open</Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {q.hasNextPage && (
                <button type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} data-testid="history-more">
                  {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              )}
            </div>
          )}
        {selected && <StatementDetailPanel handle={selected} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}
