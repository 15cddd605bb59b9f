import { apiFetch } from './fetcher';
import type { Cell } from './types';

/**
 * One partition of a result. Not a React Query hook on purpose: the results grid holds partitions
 * in its own bounded cache (features/results/lib/partition-cache.ts), not in the query cache.
 */
export async function getStatementPartition(token: string, handle: string, partition: number, signal?: AbortSignal): Promise<Cell[][]> {
  const { json } = await apiFetch<{ data: Cell[][] }>({ token, path: `/api/v2/statements/${encodeURIComponent(handle)}?partition=${partition}`, signal });
  return json.data;
}
