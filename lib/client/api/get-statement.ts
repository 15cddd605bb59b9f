import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { floeHeaders, floeSessionOf, type SessionAnswer } from './post-statement';
import type { QueryStatus, ResultSet, StatementAnswer } from './types';

export const statementKey = (handle: string) => ['statement', handle] as const;

/**
 * Handles run in a worksheet's kept session: their GETs name it, so the answer that sees the run
 * end also says the session's context (every observer of a handle shares one query function).
 */
const sessionOfHandle = new Map<string, string>();
export const noteStatementSession = (handle: string, session: string) => { sessionOfHandle.set(handle, session); };

export async function getStatement(token: string, handle: string, signal?: AbortSignal): Promise<SessionAnswer> {
  const { status, json, headers } = await apiFetch<ResultSet | QueryStatus>({
    token, path: `/api/v2/statements/${encodeURIComponent(handle)}`, signal, headers: floeHeaders(sessionOfHandle.get(handle)),
  });
  const session = floeSessionOf(headers);
  return status === 200 ? { state: 'done', result: json as ResultSet, session } : { state: 'running', status: json as QueryStatus, session };
}

/** Poll delay after `n` answers: 100 ms doubling to 2 s (the console's POST already waited a moment). */
export const pollDelay = (n: number) => Math.min(2000, 100 * 2 ** Math.max(0, n));

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
