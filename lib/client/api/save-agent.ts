import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { agentPath, agentsPath } from './get-agents';

/** A REST agent body: name, comment, profile and the specification's keys beside them. */
export type AgentBody = Record<string, unknown> & { name: string };

/** Creates (POST) or, with `existing`, replaces (PUT) an agent. */
export async function saveAgent(token: string, database: string, schema: string, body: AgentBody, existing: boolean): Promise<void> {
  if (existing) await apiFetch({ token, path: agentPath(database, schema, body.name), method: 'PUT', body });
  else await apiFetch({ token, path: agentsPath(database, schema), method: 'POST', body });
}

export function useSaveAgent(database: string, schema: string) {
  const token = useApiToken();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, existing }: { body: AgentBody; existing: boolean }) => saveAgent(token, database, schema, body, existing),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['agents', database, schema] }),
  });
}
