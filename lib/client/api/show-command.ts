import { postStatement } from './post-statement';
import { ApiError } from './fetcher';

/** Runs a SHOW command synchronously and returns the `name` column (context pickers). */
export async function showNames(token: string, statement: string, database?: string): Promise<string[]> {
  const answer = await postStatement(token, { statement, database, async: false });
  if (answer.state !== 'done') throw new ApiError(202, '333334', `${statement} did not finish`);
  const cols = answer.result.resultSetMetaData.rowType.map((c) => c.name.toLowerCase());
  const i = cols.indexOf('name');
  return answer.result.data.map((r) => String(r[i]));
}
