import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { ApiError } from './fetcher';
import { getStatement, pollDelay } from './get-statement';
import { getStatementPartition } from './get-statement-partition';
import { postStatement, type StatementRequest } from './post-statement';
import type { Cell, ResultSet } from './types';

export interface InternalAnswer { result: ResultSet; rows: Cell[][] }

/**
 * A statement the console runs for itself (stats, sort/filter, chart points), to its end: posted
 * with X-Floe-Internal, polled with backoff while it runs. `allRows` reads every partition (small
 * answers); otherwise the caller reads partitions lazily (a sorted copy of a big result). A
 * request with a context (database, schema, role) runs there.
 */
export async function runInternal(token: string, statement: string | StatementRequest, allRows: boolean, signal?: AbortSignal): Promise<InternalAnswer> {
  let answer = await postStatement(token, { ...(typeof statement === 'string' ? { statement } : statement), async: false, internal: true });
  for (let n = 0; answer.state === 'running'; n++) {
    await new Promise((resolve) => setTimeout(resolve, pollDelay(n)));
    if (signal?.aborted) throw new ApiError(0, 'aborted', 'Aborted');
    answer = await getStatement(token, answer.status.statementHandle, signal);
  }
  const result = answer.result;
  const rows = [...result.data];
  const parts = result.resultSetMetaData.partitionInfo.length;
  for (let p = 1; allRows && p < parts; p++) rows.push(...(await getStatementPartition(token, result.statementHandle, p, signal)));
  return { result, rows };
}

/** runInternal as a cached query; `statement` null waits. Results are immutable: cached for good. */
export function useInternalStatement(statement: string | StatementRequest | null, allRows = true) {
  const token = useApiToken();
  return useQuery({
    queryKey: ['internal-statement', statement, allRows],
    queryFn: ({ signal }) => runInternal(token, statement!, allRows, signal),
    enabled: statement !== null,
    retry: false,
    staleTime: Infinity,
  });
}
