'use client';
import Link from 'next/link';
import { useCancelStatement } from '@/lib/client/api/cancel-statement';
import { useQueryHistory } from '@/lib/client/api/get-query-history';
import { StatementError } from '@/features/statement/statement-result';

/** The user's statements from QUERY_HISTORY; running ones can be cancelled, each opens its share page. */
export function HistoryTable() {
  const q = useQueryHistory();
  const cancel = useCancelStatement();
  if (q.error) return <StatementError error={q.error} />;
  if (!q.data) return <p className="muted">Loading history…</p>;
  return (
    <table className="history" data-testid="history">
      <thead><tr><th>Status</th><th>Statement</th><th className="dt-right">Duration</th><th className="dt-right">Rows</th><th>Tag</th><th>Started</th><th /></tr></thead>
      <tbody>
        {q.data.map((e) => (
          <tr key={e.queryId} data-status={e.status}>
            <td><span className={`status status-${e.status.toLowerCase()}`}>{e.status}</span></td>
            <td className="sql-cell"><Link href={`/statements/${e.queryId}`} title={e.queryId}>{e.queryText.slice(0, 120)}</Link>
              {e.errorCode && <div className="error small">{e.errorCode}: {e.errorMessage}</div>}</td>
            <td className="dt-right">{e.elapsedMs === null ? '' : `${(e.elapsedMs / 1000).toFixed(2)} s`}</td>
            <td className="dt-right">{e.rows ?? ''}</td>
            <td>{e.tag ?? ''}</td>
            <td className="small">{e.startTime ?? ''}</td>
            <td>{(e.status === 'RUNNING' || e.status === 'QUEUED') && <button type="button" onClick={() => cancel.mutate(e.queryId)}>Cancel</button>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
