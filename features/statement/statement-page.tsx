'use client';
import { useState } from 'react';
import { useStatement } from '@/lib/client/api/get-statement';
import { useQueryHistory } from '@/lib/client/api/get-query-history';
import { StatementResult } from './statement-result';

/** /statements/<handle>: the SQL (from the user's history), status and results of one handle, with a share link. */
export function StatementPage({ handle }: { handle: string }) {
  const history = useQueryHistory();
  const answer = useStatement(handle);
  const [copied, setCopied] = useState(false);
  const entry = history.data?.find((e) => e.queryId === handle);
  const status = answer.data?.state === 'running' ? 'RUNNING' : answer.data ? 'SUCCESS' : answer.error ? 'FAILED' : '…';
  const copy = async () => {
    const url = window.location.href;
    try { await navigator.clipboard.writeText(url); } catch { /* no clipboard permission: the link is shown anyway */ }
    setCopied(true);
  };
  const notFound = <div className="error-box" data-testid="not-found">Statement <code>{handle}</code> was not found (unknown, expired, or not yours).</div>;
  return (
    <div className="statement-page">
      <div className="toolbar">
        <h2>Statement <code>{handle}</code></h2>
        <button type="button" onClick={copy}>{copied ? 'Link copied' : 'Copy link'}</button>
        <span className="status" data-testid="statement-status">{status}</span>
      </div>
      {entry && <pre className="sql" data-testid="statement-sql">{entry.queryText}</pre>}
      <StatementResult handle={handle} notFound={notFound} />
    </div>
  );
}
