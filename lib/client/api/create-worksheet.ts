import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { WORKSHEETS_PATH, worksheetsKey, type Worksheet, type WorksheetFields } from './get-worksheets';

export async function createWorksheet(token: string, fields: WorksheetFields = {}): Promise<Worksheet> {
  return (await apiFetch<Worksheet>({ token, path: WORKSHEETS_PATH, method: 'POST', body: fields })).json;
}

export function useCreateWorksheet() {
  const token = useApiToken();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fields: WorksheetFields = {}) => createWorksheet(token, fields),
    onSuccess: (w) => qc.setQueryData<Worksheet[]>(worksheetsKey, (list) => [...(list ?? []), w]),
  });
}
