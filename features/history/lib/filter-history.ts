/** Which history entries a status filter and a search text keep (pure, unit-tested). */
import type { HistoryEntry } from '@/lib/client/api/get-query-history';

export type StatusFilter = 'all' | 'running' | 'succeeded' | 'failed';

const RUNNING = new Set(['RUNNING', 'QUEUED', 'RESUMING_WAREHOUSE', 'BLOCKED']);

export function statusGroup(status: string): Exclude<StatusFilter, 'all'> {
  if (RUNNING.has(status)) return 'running';
  return status === 'SUCCESS' ? 'succeeded' : 'failed';
}

/** Search matches the SQL text, the handle, the query tag or the error, case-insensitively. */
export function filterHistory(entries: readonly HistoryEntry[], status: StatusFilter, search: string): HistoryEntry[] {
  const needle = search.trim().toLowerCase();
  return entries.filter((e) => (status === 'all' || statusGroup(e.status) === status)
    && (!needle || [e.queryText, e.queryId, e.tag ?? '', e.errorMessage ?? ''].some((s) => s.toLowerCase().includes(needle))));
}
