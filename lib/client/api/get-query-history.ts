import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { ApiError } from './fetcher';
import { postStatement } from './post-statement';

export interface HistoryEntry { queryId: string; queryText: string; status: string; errorCode: string | null; errorMessage: string | null; startTime: string | null; elapsedMs: number | null; rows: number | null; tag: string | null }

export const queryHistoryKey = ['query-history'] as const;

const SQL = `SELECT QUERY_ID, QUERY_TEXT, EXECUTION_STATUS, ERROR_CODE, ERROR_MESSAGE, START_TIME, TOTAL_ELAPSED_TIME, ROWS_PRODUCED, QUERY_TAG
FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY()) ORDER BY START_TIME DESC`;

/** The signed-in user's statements (QUERY_HISTORY shows only one's own), newest first, without this query itself. */
export async function getQueryHistory(token: string): Promise<HistoryEntry[]> {
  const answer = await postStatement(token, { statement: SQL, async: false });
  if (answer.state !== 'done') throw new ApiError(202, '333334', 'QUERY_HISTORY did not finish');
  const self = answer.result.statementHandle;
  const num = (v: string | null) => (v === null ? null : Number(v));
  return answer.result.data
    .map(([id, text, status, code, msg, start, elapsed, rows, tag]) => ({
      queryId: String(id), queryText: String(text ?? ''), status: String(status), errorCode: code, errorMessage: msg, startTime: start,
      elapsedMs: num(elapsed), rows: num(rows), tag,
    }))
    .filter((e) => e.queryId !== self && !e.queryText.includes('INFORMATION_SCHEMA.QUERY_HISTORY()'));
}

/** `live`: also poll now and then while nothing runs, to pick up statements run elsewhere (the history page). */
export function useQueryHistory({ live = false } = {}) {
  const token = useApiToken();
  return useQuery({
    queryKey: queryHistoryKey,
    queryFn: () => getQueryHistory(token),
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'RUNNING' || e.status === 'QUEUED') ? 1000 : live ? 10_000 : false),
  });
}
