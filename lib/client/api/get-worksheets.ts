import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';

import type { Worksheet } from '@/lib/console/worksheet';

export type { Worksheet };

export type WorksheetFields = Partial<Pick<Worksheet, 'name' | 'sql' | 'role' | 'warehouse' | 'database' | 'schema'>>;

export const worksheetsKey = ['worksheets'] as const;
export const WORKSHEETS_PATH = '/api/console/worksheets';
export const worksheetPath = (id: string) => `${WORKSHEETS_PATH}/${encodeURIComponent(id)}`;

export async function getWorksheets(token: string): Promise<Worksheet[]> {
  return (await apiFetch<{ worksheets: Worksheet[] }>({ token, path: WORKSHEETS_PATH })).json.worksheets;
}

/** The user's worksheets in tab order (the cache is the editor's copy: mutations write into it). */
export function useWorksheets() {
  const token = useApiToken();
  return useQuery({ queryKey: worksheetsKey, queryFn: () => getWorksheets(token), staleTime: Infinity });
}
