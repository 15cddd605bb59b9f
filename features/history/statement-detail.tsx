'use client';
import Link from 'next/link';
import { useEffect, useRef, type ReactNode } from 'react';
import { useStatementInfo } from '@/lib/client/api/get-statement-info';
import { StatementError } from '@/features/statement/statement-result';
import { formatBytes, formatDuration, formatTime } from './lib/format';
import { StatementPlan } from './statement-plan';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return <><dt>{label}</dt><dd>{children}</dd></>;
}

/** The SQL with the failing line marked and a caret under the error's position. */
function SqlWithError({ sql, at }: { sql: string; at: { line: number; position: number } | null }) {
  if (!at) return <pre className="sql" data-testid="detail-sql">{sql}</pre>;
  const lines = sql.split('\n');
  return (
    <pre className="sql" data-testid="detail-sql">
      {lines.map((l, i) => (
        <span key={i}>
          {i + 1 === at.line ? <mark>{l}</mark> : l}{'\n'}
          {i + 1 === at.line && <span className="error" data-testid="detail-error-caret">{' '.repeat(at.position)}^{'\n'}</span>}
        </span>
      ))}
    </pre>
  );
}

/**
 * History's detail view of one statement: SQL, status, timings, rows and bytes, context, and the
 * error with its place, and for a SELECT its plan (EXPLAIN) on demand.
 */
export function StatementDetailPanel({ handle, onClose }: { handle: string; onClose: () => void }) {
  const info = useStatementInfo(handle);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, [handle]);
  const d = info.data?.detail;
  return (
    <aside className="history-detail" aria-labelledby="detail-title" data-testid="statement-detail"
      onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <div className="toolbar">
        <h3 id="detail-title" ref={heading} tabIndex={-1}>Statement details</h3>
        <span className="spacer" />
        <button type="button" onClick={onClose}>Close</button>
      </div>
      {info.error ? <StatementError error={info.error} />
        : !d ? <p className="muted">Loading…</p>
        : (
          <>
            <SqlWithError sql={d.queryText} at={d.error?.at ?? null} />
            {d.error && (
              <div className="error-box" role="alert" data-testid="detail-error">
                <strong>{d.error.code}</strong> ({d.error.sqlState}) {d.error.message}
                {d.error.at && <div className="small">at line {d.error.at.line}, position {d.error.at.position}</div>}
              </div>
            )}
            <dl className="facts" data-testid="detail-facts">
              <Fact label="Status"><span className={`status status-${d.status.toLowerCase()}`}>{d.status}</span></Fact>
              <Fact label="Handle"><Link href={`/statements/${d.queryId}`}><code>{d.queryId}</code></Link></Fact>
              <Fact label="Query type">{d.queryType ?? ''}</Fact>
              <Fact label="User">{d.user}</Fact>
              <Fact label="Role">{d.role ?? ''}</Fact>
              <Fact label="Warehouse">{d.warehouse ?? '(none)'}</Fact>
              <Fact label="Database.schema">{[d.database, d.schema].filter(Boolean).join('.')}</Fact>
              <Fact label="Started">{formatTime(d.startTime)}</Fact>
              <Fact label="Ended">{d.endTime === null ? '' : formatTime(d.endTime)}</Fact>
              <Fact label="Queued">{formatDuration(d.queuedMs)}</Fact>
              <Fact label="Compilation">{formatDuration(d.compileMs)}</Fact>
              <Fact label="Execution">{formatDuration(d.executionMs)}{d.reusedFrom ? ' (reused result)' : ''}</Fact>
              <Fact label="Total">{formatDuration(d.elapsedMs)}</Fact>
              <Fact label="Rows">{d.rows ?? ''}</Fact>
              <Fact label="Result bytes">{formatBytes(d.bytes)}</Fact>
              <Fact label="Partitions">{d.partitions ?? ''}</Fact>
              {d.tag && <Fact label="Query tag">{d.tag}</Fact>}
            </dl>
            {d.queryType === 'SELECT' && <StatementPlan key={d.queryId} detail={d} />}
          </>
        )}
    </aside>
  );
}
