import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import type { StatementDetail } from '@/lib/console/history';
import { apiFetch } from './fetcher';

export type { StatementDetail };

/** The share page's facts about a statement (its text, owner, role), from the console endpoint; `detail` is History's detail view. */
export interface StatementInfo {
  statementHandle: string; sqlText: string; user: string; role: string | null;
  status: 'RUNNING' | 'SUCCESS' | 'FAILED_WITH_ERROR'; createdOn: number; endedOn: number | null;
  detail: StatementDetail;
}

export const statementInfoKey = (handle: string) => ['statement-info', handle] as const;

export async function getStatementInfo(token: string, handle: string): Promise<StatementInfo> {
  return (await apiFetch<StatementInfo>({ token, path: `/api/console/statements/${encodeURIComponent(handle)}` })).json;
}

/** Polled while the statement runs, so its status and end time follow it. */
export function useStatementInfo(handle: string) {
  const token = useApiToken();
  return useQuery({
    queryKey: statementInfoKey(handle),
    queryFn: () => getStatementInfo(token, handle),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' ? 1000 : false),
  });
}
