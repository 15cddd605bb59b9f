import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { statementKey } from './get-statement';

export async function cancelStatement(token: string, handle: string): Promise<void> {
  await apiFetch({ token, path: `/api/v2/statements/${encodeURIComponent(handle)}/cancel`, method: 'POST' });
}

export function useCancelStatement() {
  const token = useApiToken();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => cancelStatement(token, handle),
    onSettled: (_d, _e, handle) => {
      void qc.invalidateQueries({ queryKey: statementKey(handle) });
      void qc.invalidateQueries({ queryKey: ['query-history'] });
    },
  });
}
