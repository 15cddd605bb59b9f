import { AgentEditor } from '@/features/agents/agent-editor';
import { oneParam, type SearchParams } from '@/lib/client/search-params';

export default async function AgentEditPage({ searchParams }: { searchParams: SearchParams }) {
  const p = await searchParams;
  const db = oneParam(p.db);
  const schema = oneParam(p.schema);
  if (!db || !schema) return <p className="error-box">Choose a database and schema on the Agents page first.</p>;
  const name = oneParam(p.name);
  return <AgentEditor key={name ?? 'new'} database={db} schema={schema} name={name} />;
}
