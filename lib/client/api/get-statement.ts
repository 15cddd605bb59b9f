import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import type { QueryStatus, ResultSet, StatementAnswer } from './types';

export const statementKey = (handle: string) => ['statement', handle] as const;

export async function getStatement(token: string, handle: string, signal?: AbortSignal): Promise<StatementAnswer> {
  const { status, json } = await apiFetch<ResultSet | QueryStatus>({ token, path: `/api/v2/statements/${encodeURIComponent(handle)}`, signal });
  return status === 200 ? { state: 'done', result: json as ResultSet } : { state: 'running', status: json as QueryStatus };
}

/** Poll delay after `n` polls: 250 ms doubling to 2 s (backoff while a statement runs). */
export const pollDelay = (n: number) => Math.min(2000, 250 * 2 ** Math.max(0, n));

/** A statement's answer, polled with backoff until it is done (or failed: the error). */
export function useStatement(handle: string | null) {
  const token = useApiToken();
  return useQuery({
    queryKey: statementKey(handle ?? ''),
    queryFn: ({ signal }) => getStatement(token, handle!, signal),
    enabled: !!handle,
    retry: false,
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? pollDelay(q.state.dataUpdateCount) : false),
  });
}

/** Seeds the cache with an answer already in hand (the POST's), so no GET repeats it. */
export function useSeedStatement() {
  const qc = useQueryClient();
  return (handle: string, answer: StatementAnswer) => qc.setQueryData(statementKey(handle), answer);
}
