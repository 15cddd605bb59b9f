import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
import { agentPath, type AgentProfile } from './get-agents';

export interface AgentDetail {
  name: string; database_name: string; schema_name: string; owner: string; comment: string | null;
  profile: AgentProfile | null;
  /** The specification as JSON text. */
  agent_spec: string;
  created_on: string;
}

export const agentKey = (database: string, schema: string, name: string) => ['agents', database, schema, name] as const;

export async function getAgent(token: string, database: string, schema: string, name: string): Promise<AgentDetail> {
  return (await apiFetch<AgentDetail>({ token, path: agentPath(database, schema, name) })).json;
}

export function useAgent(database: string, schema: string, name: string | null) {
  const token = useApiToken();
  return useQuery({ queryKey: agentKey(database, schema, name ?? ''), queryFn: () => getAgent(token, database, schema, name!), enabled: !!name, retry: false });
}
