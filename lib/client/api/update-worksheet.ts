import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { patchCached, worksheetPath, worksheetsKey, type Worksheet, type WorksheetPatch } from './get-worksheets';

export async function updateWorksheet(token: string, id: string, patch: WorksheetPatch): Promise<Worksheet> {
  return (await apiFetch<Worksheet>({ token, path: worksheetPath(id), method: 'PATCH', body: patch })).json;
}

/** What a patch does to the cached worksheet before the server answers. */
function applied(w: Worksheet, { open, trashed, baseVersion: _, ...fields }: WorksheetPatch): Worksheet {
  const next = { ...w, ...fields, open: open ?? w.open };
  if (trashed === true) return { ...next, open: false, deletedOn: w.deletedOn ?? Date.now() };
  if (trashed === false) return { ...next, deletedOn: null };
  return next;
}

/**
 * Tab and trash changes, renames (not the text: use-worksheet-saver.ts sends that with its
 * version). Optimistic: the cache changes at once; a failure reloads the list.
 */
export function useUpdateWorksheet() {
  const token = useApiToken();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: WorksheetPatch }) => updateWorksheet(token, id, patch),
    onMutate: ({ id, patch }) => patchCached(qc, id, (w) => applied(w, patch)),
    onSuccess: (saved) => patchCached(qc, saved.id, (w) => ({ ...w, open: saved.open, deletedOn: saved.deletedOn, name: saved.name })),
    onError: () => qc.invalidateQueries({ queryKey: worksheetsKey }),
  });
}
