import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { ApiError } from './fetcher';
import { postStatement } from './post-statement';
import type { Cell } from './types';

/** A SHOW/DESCRIBE answer as objects keyed by lower-case column name. */
export type ShowRow = Record<string, Cell>;

/** Runs a SHOW or DESCRIBE command (or a small metadata query) synchronously and returns its rows; the console's own, so not in history. */
export async function showRows(token: string, statement: string, database?: string): Promise<ShowRow[]> {
  const answer = await postStatement(token, { statement, database, async: false, internal: true });
  if (answer.state !== 'done') throw new ApiError(202, '333334', `${statement} did not finish`);
  const cols = answer.result.resultSetMetaData.rowType.map((c) => c.name.toLowerCase());
  return answer.result.data.map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i]])));
}

/** The `name` column of a SHOW command (context pickers, schema browser). */
export async function showNames(token: string, statement: string, database?: string): Promise<string[]> {
  return (await showRows(token, statement, database)).map((r) => String(r.name));
}

/** A cached SHOW … names query. */
export function useShowNames(queryKey: readonly unknown[], statement: string, enabled = true) {
  const token = useApiToken();
  return useQuery({ queryKey, queryFn: () => showNames(token, statement), enabled });
}
