import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@/lib/console/history';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';

export type { HistoryEntry };

export interface HistoryFilter {
  status: 'all' | 'running' | 'succeeded' | 'failed';
  search: string;
  /** Start time in [from, to), epoch ms (null: open). */
  from: number | null;
  to: number | null;
  /** One user's statements (ACCOUNTADMIN); null: the caller's own, or everyone's for ACCOUNTADMIN. */
  user: string | null;
}

export interface HistoryPage { entries: HistoryEntry[]; next: string | null; everyone: boolean; users?: string[] }

export const queryHistoryKey = ['query-history'] as const;

const PAGE = 50;

/** One page of /api/console/history (read from the registry: polling it runs no statement). */
export async function getQueryHistory(token: string, f: HistoryFilter, cursor: string | null): Promise<HistoryPage> {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (cursor) q.set('cursor', cursor);
  if (f.status !== 'all') q.set('status', f.status);
  if (f.search.trim()) q.set('q', f.search.trim());
  if (f.from !== null) q.set('from', String(f.from));
  if (f.to !== null) q.set('to', String(f.to));
  if (f.user) q.set('user', f.user);
  return (await apiFetch<HistoryPage>({ token, path: `/api/console/history?${q}` })).json;
}

const running = (e: HistoryEntry) => e.status === 'RUNNING' || e.status === 'QUEUED';

/**
 * The user's statements, newest first, page by page ("Load more" fetches the next cursor).
 * Polled every second while a listed statement runs, every 10 s otherwise (statements run elsewhere).
 */
export function useQueryHistory(f: HistoryFilter) {
  const token = useApiToken();
  return useInfiniteQuery({
    queryKey: [...queryHistoryKey, f],
    queryFn: ({ pageParam }) => getQueryHistory(token, f, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.entries.some(running)) ? 1000 : 10_000),
  });
}
