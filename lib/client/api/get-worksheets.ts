import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';

import type { Worksheet, WorksheetList } from '@/lib/console/worksheet';

export type { Worksheet, WorksheetList };

export type WorksheetFields = Partial<Pick<Worksheet, 'name' | 'sql' | 'role' | 'warehouse' | 'database' | 'schema'>>;
/** An update: fields, tab and trash state, and the text version the change is based on. */
export type WorksheetPatch = WorksheetFields & { open?: boolean; trashed?: boolean; baseVersion?: number };

export const worksheetsKey = ['worksheets'] as const;
/** The bounds the list answered with (FLOE_MAX_WORKSHEETS, FLOE_WORKSHEET_TRASH_DAYS). */
export const worksheetBoundsKey = ['worksheet-bounds'] as const;
export const WORKSHEETS_PATH = '/api/console/worksheets';
export const worksheetPath = (id: string) => `${WORKSHEETS_PATH}/${encodeURIComponent(id)}`;

export async function getWorksheets(token: string): Promise<WorksheetList> {
  return (await apiFetch<WorksheetList>({ token, path: WORKSHEETS_PATH })).json;
}

/** A worksheet shown as a tab: open and not in the trash. */
export const isOpenTab = (w: Worksheet) => w.open && w.deletedOn === null;

/** Changes one worksheet in the cache (the editor's copy). */
export function patchCached(qc: QueryClient, id: string, change: (w: Worksheet) => Worksheet) {
  qc.setQueryData<Worksheet[]>(worksheetsKey, (list) => list?.map((w) => (w.id === id ? change(w) : w)));
}

/** All the user's worksheets, tabs in order, the trash too (the cache is the editor's copy: mutations write into it). */
export function useWorksheets() {
  const token = useApiToken();
  const qc = useQueryClient();
  return useQuery({
    queryKey: worksheetsKey,
    queryFn: async () => {
      const { worksheets, ...bounds } = await getWorksheets(token);
      qc.setQueryData(worksheetBoundsKey, bounds);
      return worksheets;
    },
    staleTime: Infinity,
  });
}

/** The bounds of the last list answer (filled by useWorksheets; never fetched on its own). */
export const useWorksheetBounds = () =>
  useQuery<Omit<WorksheetList, 'worksheets'> | null>({ queryKey: worksheetBoundsKey, queryFn: () => null, enabled: false, staleTime: Infinity }).data ?? null;
