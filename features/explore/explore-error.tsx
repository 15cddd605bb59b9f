import { ApiError } from '@/lib/client/api/fetcher';

/** A failed stats, sort/filter or chart statement: its code and message. */
export function ExploreError({ error }: { error: unknown }) {
  return (
    <div className="error-box" role="alert" data-testid="explore-error">
      <strong>{error instanceof ApiError ? error.code : 'error'}</strong> {error instanceof Error ? error.message : String(error)}
    </div>
  );
}
