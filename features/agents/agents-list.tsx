'use client';
/** /agents: the agents of a schema with search, links to their editor, and delete with confirmation. */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteAgent } from '@/lib/client/api/delete-agent';
import { useAgents } from '@/lib/client/api/get-agents';
import { StatementError } from '@/features/statement/statement-result';
import { agentsHref, editorHref } from './lib/agent-links';
import { SchemaPicker } from './schema-picker';

export function AgentsList({ database, schema }: { database: string | null; schema: string | null }) {
  const router = useRouter();
  const agents = useAgents(database, schema);
  const remove = useDeleteAgent(database ?? '', schema ?? '');
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const needle = search.trim().toLowerCase();
  const shown = agents.data?.filter((a) => !needle || [a.name, a.comment ?? '', a.profile?.display_name ?? ''].some((s) => s.toLowerCase().includes(needle)));
  return (
    <div className="agents-page">
      <div className="toolbar">
        <h1>Agents</h1>
        <SchemaPicker database={database} schema={schema} onChange={(db, sc) => router.replace(agentsHref(db, sc))} />
        <input type="search" aria-label="Search agents" placeholder="Search name, comment…" value={search} onChange={(e) => setSearch(e.target.value)} />
        <span className="spacer" />
        {database && schema && <Link className="button primary" href={editorHref(database, schema, null)}>New agent</Link>}
      </div>
      {!database || !schema ? <p className="muted">Choose a database and schema to see their agents.</p>
        : agents.error ? <StatementError error={agents.error} />
        : !shown ? <p className="muted">Loading agents…</p>
        : shown.length === 0 ? <p className="muted" data-testid="agents-empty">{needle ? 'No agent matches the search.' : 'No agents in this schema yet. Create one with “New agent”.'}</p>
        : (
          <table className="history" data-testid="agents">
            <thead><tr><th>Name</th><th>Display name</th><th>Comment</th><th>Owner</th><th>Created</th><th /></tr></thead>
            <tbody>
              {shown.map((a) => (
                <tr key={a.name} data-agent={a.name}>
                  <td><Link href={editorHref(database, schema, a.name)}>{a.name}</Link></td>
                  <td>{a.profile?.color && <span className="swatch" style={{ background: a.profile.color }} />}{a.profile?.display_name ?? ''}</td>
                  <td>{a.comment ?? ''}</td>
                  <td>{a.owner}</td>
                  <td className="small">{a.created_on}</td>
                  <td><button type="button" onClick={() => setConfirming(a.name)}>Delete</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {remove.error && <StatementError error={remove.error} />}
      {confirming && (
        <ConfirmDialog title={`Delete agent ${confirming}?`} confirmLabel="Delete"
          onConfirm={() => { remove.mutate(confirming); setConfirming(null); }} onCancel={() => setConfirming(null)}>
          <p>This drops the agent from {database}.{schema}. It cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
