import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { quoteIdent } from '@/lib/client/sql-ident';
import { apiFetch } from './fetcher';

export interface AgentProfile { display_name?: string | null; avatar?: string | null; color?: string | null }
export interface AgentSummary { name: string; database: string; schema: string; owner: string; comment: string | null; profile: AgentProfile | null; created_on: string }

/** The agents collection of a schema; path segments are identifiers (quoted when they need it). */
export const agentsPath = (database: string, schema: string) =>
  `/api/v2/databases/${encodeURIComponent(quoteIdent(database))}/schemas/${encodeURIComponent(quoteIdent(schema))}/agents`;
export const agentPath = (database: string, schema: string, name: string) => `${agentsPath(database, schema)}/${encodeURIComponent(quoteIdent(name))}`;

export const agentsKey = (database: string, schema: string) => ['agents', database, schema] as const;

export async function getAgents(token: string, database: string, schema: string): Promise<AgentSummary[]> {
  return (await apiFetch<AgentSummary[]>({ token, path: agentsPath(database, schema) })).json;
}

export function useAgents(database: string | null, schema: string | null) {
  const token = useApiToken();
  return useQuery({ queryKey: agentsKey(database ?? '', schema ?? ''), queryFn: () => getAgents(token, database!, schema!), enabled: !!database && !!schema });
}
