/**
 * Catalog operations on agents (_floe_agents): a Cortex agent's specification as JSON text.
 * Each returns the engine steps; the caller applies them through the one catalog write path
 * (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { AgentInfo } from './catalog';

export const addAgent = (a: AgentInfo): SqlStep[] => [{
  sql: 'INSERT INTO _floe_agents(id, schema_id, name, owner, comment, profile, spec, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  params: [a.id, a.schemaId, a.name, a.owner, a.comment, a.profile, a.spec, a.createdOn],
}];

/** ALTER AGENT / the REST update: its comment, profile and specification. */
export const setAgentDefinition = (id: number, d: Pick<AgentInfo, 'comment' | 'profile' | 'spec'>): SqlStep[] =>
  [{ sql: 'UPDATE _floe_agents SET comment = ?, profile = ?, spec = ? WHERE id = ?', params: [d.comment, d.profile, d.spec, id] }];

export const removeAgent = (id: number): SqlStep[] => [{ sql: 'DELETE FROM _floe_agents WHERE id = ?', params: [id] }];
