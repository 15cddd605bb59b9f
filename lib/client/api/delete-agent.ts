import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { agentPath } from './get-agents';

export async function deleteAgent(token: string, database: string, schema: string, name: string): Promise<void> {
  await apiFetch({ token, path: agentPath(database, schema, name), method: 'DELETE' });
}

export function useDeleteAgent(database: string, schema: string) {
  const token = useApiToken();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteAgent(token, database, schema, name),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['agents', database, schema] }),
  });
}
