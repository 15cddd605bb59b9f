'use client';
import { useState } from 'react';
import { useStatementInfo } from '@/lib/client/api/get-statement-info';
import { StatementResult } from './statement-result';

/** /statements/<handle>: the SQL, owner, status and results of one handle, with a share link. */
export function StatementPage({ handle }: { handle: string }) {
  const info = useStatementInfo(handle);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const url = window.location.href;
    try { await navigator.clipboard.writeText(url); } catch { /* no clipboard permission: the link is shown anyway */ }
    setCopied(true);
  };
  const notFound = (
    <div className="error-box" data-testid="not-found">
      Statement <code>{handle}</code> was not found: it is unknown or expired, or it ran under a role you do not hold.
    </div>
  );
  if (info.error) return notFound;
  const i = info.data;
  const duration = i?.endedOn ? i.endedOn - i.createdOn : null;
  return (
    <div className="statement-page">
      <div className="toolbar">
        <h1>Statement <code>{handle}</code></h1>
        <button type="button" onClick={copy}>{copied ? 'Link copied' : 'Copy link'}</button>
        <span className={`status status-${(i?.status ?? '').toLowerCase()}`} data-testid="statement-status">{i?.status ?? '…'}</span>
        {i && <span className="muted small" data-testid="statement-owner">run by {i.user}{i.role ? ` as ${i.role}` : ''}</span>}
      </div>
      {i && <pre className="sql" data-testid="statement-sql">{i.sqlText}</pre>}
      <StatementResult handle={handle} notFound={notFound} durationMs={duration} />
    </div>
  );
}
