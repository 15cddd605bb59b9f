'use client';
/** What a page shows when rendering it failed: a message and a way on, never a blank page or a stack. */
import Link from 'next/link';
import { useEffect } from 'react';

export function ErrorView({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => { console.error(error); }, [error]);
  return (
    <div className="page-message" role="alert" data-testid="page-error">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Your worksheets and statements are kept on the server, so nothing is lost.</p>
      {error.digest && <p className="muted small">Reference: <code>{error.digest}</code> (in the server log)</p>}
      <p className="page-actions">
        <button type="button" className="primary" onClick={reset}>Try again</button>
        <Link href="/" className="button">Back to the worksheet</Link>
      </p>
    </div>
  );
}
