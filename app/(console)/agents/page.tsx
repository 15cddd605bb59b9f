import { AgentsList } from '@/features/agents/agents-list';
import { oneParam, type SearchParams } from '@/lib/client/search-params';

export default async function AgentsPage({ searchParams }: { searchParams: SearchParams }) {
  const p = await searchParams;
  return <AgentsList database={oneParam(p.db)} schema={oneParam(p.schema)} />;
}
