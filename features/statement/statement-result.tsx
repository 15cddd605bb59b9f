'use client';
/** One statement by handle: running (elapsed, handle, Cancel), failed (code + message) or its results grid. */
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useCancelStatement } from '@/lib/client/api/cancel-statement';
import { ApiError } from '@/lib/client/api/fetcher';
import { useStatement } from '@/lib/client/api/get-statement';
import { childHandlesOf } from '@/lib/client/api/post-statement';
import { tabListKeyDown } from '@/components/a11y/roving';
import { ResultExplorer } from '@/features/explore/result-explorer';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(t);
  }, []);
  return <span data-testid="elapsed">{((now - since) / 1000).toFixed(1)} s</span>;
}

/** A neutral line (a cancel the user asked for, a rolled-back transaction…): not an error. */
export function Notice({ children, testId = 'notice' }: { children: React.ReactNode; testId?: string }) {
  return <div className="notice" role="status" data-testid={testId}>{children}</div>;
}

export function StatementError({ error }: { error: unknown }) {
  const code = error instanceof ApiError ? error.code : 'error';
  // 000604: cancelled by the user (a timeout is 000630, an error).
  if (code === '000604') return <Notice testId="cancelled">Cancelled</Notice>;
  return (
    <div className="error-box" role="alert" data-testid="statement-error">
      <strong>{code}</strong> {error instanceof Error ? error.message : String(error)}
    </div>
  );
}

/**
 * A run's failure: a multi-statement run that stopped at a statement shows the result of each
 * one it ran, the failing one (last) first; anything else its error.
 */
export function RunFailure({ error }: { error: unknown }) {
  const children = childHandlesOf(error);
  if (!children?.length) return <StatementError error={error} />;
  return (
    <div className="statement-result">
      <div className="muted small" data-testid="run-stopped">Statement {children.length} failed; the statements after it were not run.</div>
      <StatementTabs handles={children} />
    </div>
  );
}

/** One result tab per statement of a multi-statement run; the last one is shown first. */
function StatementTabs({ handles }: { handles: string[] }) {
  const [shown, setShown] = useState(handles.length - 1);
  return (
    <div className="statement-tabs">
      <div className="result-tabs" role="tablist" aria-label="Statement results">
        {handles.map((h, i) => (
          <button key={h} type="button" role="tab" aria-selected={i === shown} tabIndex={i === shown ? 0 : -1} data-testid="result-tab" onClick={() => setShown(i)} onKeyDown={tabListKeyDown}>Statement {i + 1}</button>
        ))}
      </div>
      <StatementResult key={handles[shown]} handle={handles[shown]} />
    </div>
  );
}

/** `durationMs`: known from elsewhere (a share page's record); otherwise measured from `startedAt`. */
export function StatementResult({ handle, startedAt, notFound, durationMs }: { handle: string; startedAt?: number; notFound?: React.ReactNode; durationMs?: number | null }) {
  const q = useStatement(handle);
  const cancel = useCancelStatement();
  const [doneAt, setDoneAt] = useState<number | null>(null);
  const answer = q.data;
  useEffect(() => {
    if ((answer?.state === 'done' || q.error) && doneAt === null) setDoneAt(Date.now());
  }, [answer, q.error, doneAt]);
  if (q.error) {
    if (notFound && q.error instanceof ApiError && q.error.code === '000709') return <>{notFound}</>;
    return <RunFailure error={q.error} />;
  }
  if (!answer) return <p className="muted">Loading {handle}…</p>;
  if (answer.state === 'running') {
    const since = startedAt ?? answer.status.createdOn ?? Date.now();
    return (
      <div className="running" data-testid="running">
        <span className="spinner" aria-hidden /> Running <Elapsed since={since} /> · <code data-testid="handle">{handle}</code>
        <button type="button" onClick={() => cancel.mutate(handle)} disabled={cancel.isPending}>Cancel</button>
      </div>
    );
  }
  const r = answer.result;
  const children = r.statementHandles;
  const duration = durationMs ?? (startedAt && doneAt ? doneAt - startedAt : null);
  return (
    <div className="statement-result">
      <div className="muted small">
        {r.message} · <Link href={`/statements/${r.statementHandle}`} data-testid="handle">{r.statementHandle}</Link>
      </div>
      {children && children.length > 0 ? (
        <StatementTabs handles={children} />
      ) : (
        <ResultExplorer result={r} durationMs={duration} />
      )}
    </div>
  );
}
