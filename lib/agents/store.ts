/**
 * Agent changes as journaled catalog steps, shared by the SQL commands and the REST handlers:
 * both check against the catalog copy (the part of it the role sees) and the role's privileges
 * (CREATE AGENT on the schema, OWNERSHIP to change or drop), then write through the engine
 * (never half-written: every plan is one write).
 */
import type { AgentInfo, Catalog, SchemaInfo } from '@/lib/catalog/catalog';
import { displayName, newObjectId } from '@/lib/catalog/names';
import { addAgent, removeAgent, setAgentDefinition } from '@/lib/catalog/agents';
import type { SqlStep } from '@/lib/engine/types';
import { agentErrors } from './errors';
import { likeToRegExp } from '@/lib/engine/like';
import { Access } from '@/lib/access/check';
import { securables } from '@/lib/access/objects';

export type CreateMode = 'errorIfExists' | 'orReplace' | 'ifNotExists';

export interface AgentFields {
  comment: string | null;
  /** JSON text of the profile object. */
  profile: string | null;
  spec: Record<string, unknown>;
}

export interface AgentPlan {
  steps: SqlStep[];
  status: string;
}

function existing(catalog: Catalog, schema: SchemaInfo, name: string): AgentInfo {
  const agent = catalog.agent(schema.id, name);
  if (!agent) throw agentErrors.missing(displayName(name));
  return agent;
}

/** `owner`: the creating role, which owns the new agent. */
export function createAgent(catalog: Catalog, schema: SchemaInfo, name: string, fields: AgentFields, owner: string | null, mode: CreateMode): AgentPlan {
  const access = Access.of(catalog, owner);
  access.require('CREATE AGENT', securables.schema(catalog, schema));
  const old = catalog.unfiltered.agent(schema.id, name);
  if (old && mode === 'ifNotExists') return { steps: [], status: `${displayName(name)} already exists, statement succeeded.` };
  if (old && mode === 'errorIfExists') throw agentErrors.exists(displayName(name));
  if (old) access.require('OWNERSHIP', securables.agent(catalog, old));
  const insert = addAgent({ id: newObjectId(), schemaId: schema.id, name, owner, comment: fields.comment, profile: fields.profile, spec: JSON.stringify(fields.spec), createdOn: Date.now() });
  return { steps: [...(old ? removeAgent(old.id) : []), ...insert], status: `Agent ${displayName(name)} successfully created.` };
}

/** Changes the fields given; the others stay as they are. */
export function updateAgent(catalog: Catalog, schema: SchemaInfo, name: string, change: Partial<AgentFields>, role: string | null): AgentPlan {
  const agent = existing(catalog, schema, name);
  Access.of(catalog, role).require('OWNERSHIP', securables.agent(catalog, agent));
  const comment = change.comment === undefined ? agent.comment : change.comment;
  const profile = change.profile === undefined ? agent.profile : change.profile;
  const spec = change.spec === undefined ? agent.spec : JSON.stringify(change.spec);
  return {
    steps: setAgentDefinition(agent.id, { comment, profile, spec }),
    status: `Agent ${displayName(name)} successfully updated.`,
  };
}

export function dropAgent(catalog: Catalog, schema: SchemaInfo | undefined, name: string, ifExists: boolean, role: string | null): AgentPlan {
  const agent = schema && catalog.agent(schema.id, name);
  if (!agent) {
    if (ifExists) return { steps: [], status: `Drop statement executed successfully (${displayName(name)} already dropped).` };
    throw agentErrors.missing(displayName(name));
  }
  Access.of(catalog, role).require('OWNERSHIP', securables.agent(catalog, agent));
  return { steps: removeAgent(agent.id), status: `${displayName(name)} successfully dropped.` };
}

/** The stored agent (DESCRIBE); missing → AgentError. */
export function describeAgent(catalog: Catalog, schema: SchemaInfo, name: string): AgentInfo {
  return existing(catalog, schema, name);
}

export interface ListFilter {
  /** SQL LIKE pattern (case-insensitive, % and _, backslash escapes). */
  like?: string;
  /** Case-sensitive name prefix. */
  startsWith?: string;
  /** Names from this one on (inclusive). */
  fromName?: string;
  limit?: number;
}

/** Agents of the given schemas matching the filter, ordered by name; `more` when the limit cut the list. */
export function listAgents(catalog: Catalog, schemaIds: number[], filter: ListFilter): { agents: AgentInfo[]; more: AgentInfo | undefined } {
  const like = filter.like === undefined ? null : likeToRegExp(filter.like);
  const all = schemaIds.flatMap((id) => catalog.agentsOf(id))
    .filter((a) => (!like || like.test(a.name)) && (filter.startsWith === undefined || a.name.startsWith(filter.startsWith))
      && (filter.fromName === undefined || a.name >= filter.fromName))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.schemaId - b.schemaId));
  const limit = filter.limit ?? all.length;
  return { agents: all.slice(0, limit), more: all[limit] };
}
