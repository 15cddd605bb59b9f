import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { worksheetPath, worksheetsKey, type Worksheet, type WorksheetFields } from './get-worksheets';

export async function updateWorksheet(token: string, id: string, fields: WorksheetFields): Promise<Worksheet> {
  return (await apiFetch<Worksheet>({ token, path: worksheetPath(id), method: 'PATCH', body: fields })).json;
}

/** Optimistic: the cache changes at once, the server follows. */
export function useUpdateWorksheet() {
  const token = useApiToken();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: WorksheetFields }) => updateWorksheet(token, id, fields),
    onMutate: ({ id, fields }) => qc.setQueryData<Worksheet[]>(worksheetsKey, (list) => list?.map((w) => (w.id === id ? { ...w, ...fields } : w))),
  });
}
