import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { worksheetPath, worksheetsKey, type Worksheet } from './get-worksheets';

/** Deletes a worksheet forever (moving it to the trash is an update: trashed). */
export async function deleteWorksheet(token: string, id: string): Promise<void> {
  await apiFetch({ token, path: worksheetPath(id), method: 'DELETE' });
}

export function useDeleteWorksheet() {
  const token = useApiToken();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWorksheet(token, id),
    onMutate: (id) => qc.setQueryData<Worksheet[]>(worksheetsKey, (list) => list?.filter((w) => w.id !== id)),
    onError: () => qc.invalidateQueries({ queryKey: worksheetsKey }),
  });
}
