import { useQueries } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import type { Cell } from './types';

export const partitionKey = (handle: string, partition: number) => ['statement', handle, 'partition', partition] as const;

export async function getStatementPartition(token: string, handle: string, partition: number, signal?: AbortSignal): Promise<Cell[][]> {
  const { json } = await apiFetch<{ data: Cell[][] }>({ token, path: `/api/v2/statements/${encodeURIComponent(handle)}?partition=${partition}`, signal });
  return json.data;
}

/** Partitions 1… of a result, fetched only for the numbers asked for (partition 0 comes with the result). */
export function useStatementPartitions(handle: string, partitions: number[]) {
  const token = useApiToken();
  return useQueries({
    queries: partitions.map((p) => ({
      queryKey: partitionKey(handle, p),
      queryFn: ({ signal }: { signal: AbortSignal }) => getStatementPartition(token, handle, p, signal),
      staleTime: Infinity,
      gcTime: 60_000,
    })),
  });
}
