/**
 * Cortex Agent object endpoints: /api/v2/databases/{database}/schemas/{schema}/agents[/{name}].
 * The agents are the ones SQL manages (lib/agents); writes go through the engine (floe.write).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { agentErrors, isAgentError } from '@/lib/agents/errors';
import { IDENTIFIER_RULE, identifierFromPath, parseIdentifier } from '@/lib/agents/names';
import { SPEC_KEYS } from '@/lib/agents/spec-schema';
import { createAgent, describeAgent, dropAgent, listAgents, updateAgent, type AgentFields, type CreateMode } from '@/lib/agents/store';
import { normalizeProfile, validateSpec } from '@/lib/agents/validate';
import { defaultRole } from '@/lib/access/roles';
import { visibleCatalog } from '@/lib/access/visible';
import type { Principal } from '@/lib/auth/authenticate';
import type { AgentInfo, Catalog, SchemaInfo } from '@/lib/catalog/catalog';
import { displayName } from '@/lib/catalog/names';
import type { Floe } from '@/lib/floe';
import { HttpError, httpErrors, json } from './errors';
import { guarded } from './guard';
import { boolParam, checkContentType, readJsonBody } from './request';

const PATH_RE = /^\/api\/v2\/databases\/([^/]+)\/schemas\/([^/]+)\/agents(?:\/([^/]+))?\/?$/;

interface Target { schema: SchemaInfo; database: string; name: string | null }

/** `shown`: the name as messages print it (displayName of each part). */
const missingObject = (kind: string, shown: string) => new HttpError(404, '002003', `${kind} '${shown}' does not exist or not authorized.`);

/** A name the caller wrote that is no identifier: 400 naming the rule. */
const badIdentifier = (what: string, written: string) =>
  httpErrors.badPayload(`Invalid ${what} name '${written.length > 300 ? `${written.slice(0, 300)}…` : written}': ${IDENTIFIER_RULE}.`);

function ident(segment: string, what: string): string {
  const id = identifierFromPath(segment);
  if (id === null) throw badIdentifier(what, safeDecode(segment));
  return id;
}

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Database, schema and (when present) agent name from the URL path; unknown database/schema → 404. */
function targetOf(req: Request, catalog: Catalog): Target {
  const m = PATH_RE.exec(new URL(req.url).pathname);
  if (!m) throw httpErrors.notFound(new URL(req.url).pathname);
  const dbName = ident(m[1], 'database');
  const schemaName = ident(m[2], 'schema');
  const db = catalog.database(dbName);
  if (!db) throw missingObject('Database', displayName(dbName));
  const schema = catalog.schema(db.id, schemaName);
  if (!schema) throw missingObject('Schema', `${displayName(dbName)}.${displayName(schemaName)}`);
  return { schema, database: db.name, name: m[3] === undefined ? null : ident(m[3], 'agent') };
}

/** Agent failures as REST answers: 400 invalid, 404 missing, 409 exists. */
async function agentCall<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!isAgentError(e)) throw e;
    const status = e.reason === 'invalid' ? 400 : e.reason === 'missing' ? 404 : 409;
    const code = e.reason === 'invalid' ? '002262' : e.reason === 'missing' ? '002003' : '002002';
    throw new HttpError(status, code, e.message);
  }
}

const bodySchema = z.looseObject({
  name: z.string().min(1).optional(),
  comment: z.string().nullable().optional(),
  profile: z.unknown().optional(),
});
type AgentBody = z.infer<typeof bodySchema>;

/** The specification fields of a body (everything but name, comment and profile). */
function specPart(body: AgentBody): Record<string, unknown> {
  const { name: _n, comment: _c, profile: _p, ...spec } = body;
  return spec;
}

function profileOf(body: AgentBody): string | null | undefined {
  if (body.profile === undefined) return undefined;
  return body.profile === null ? null : normalizeProfile(body.profile);
}

/** The role a REST call acts under: the caller's default role (or his PAT's restriction). */
function roleOf(floe: Floe, who: Principal): string {
  return defaultRole(floe.catalog(), who.user, who.roleRestriction);
}

function createModeParam(url: URL): CreateMode {
  const v = url.searchParams.get('createMode') ?? 'errorIfExists';
  if (v !== 'errorIfExists' && v !== 'orReplace' && v !== 'ifNotExists') throw httpErrors.badParameter('createMode', v);
  return v;
}

function showLimitParam(url: URL): number | undefined {
  const v = url.searchParams.get('showLimit');
  if (v === null) return undefined;
  if (!/^\d{1,5}$/.test(v.trim()) || Number(v) < 1 || Number(v) > 10_000) throw httpErrors.badParameter('showLimit', v);
  return Number(v);
}

const profileObject = (a: AgentInfo) => (a.profile === null ? null : JSON.parse(a.profile) as Record<string, unknown>);
const isoTime = (ms: number) => new Date(ms).toISOString();

/**
 * Runs a handler behind auth with a request id on every answer. The handler gets the catalog as
 * the caller's role sees it (what it cannot see answers 404 like what does not exist) and that role.
 */
const agentsEndpoint = (req: Request, fn: (floe: Floe, catalog: Catalog, role: string, t: Target) => Promise<Response>) =>
  guarded(req, (floe, who) => {
    const role = roleOf(floe, who);
    const catalog = visibleCatalog(floe.catalog(), role);
    return fn(floe, catalog, role, targetOf(req, catalog));
  }, { requestId: randomUUID() });

function requireName(t: Target): string {
  if (t.name === null) throw httpErrors.notFound('agent name');
  return t.name;
}

export function createAgentEndpoint(req: Request): Promise<Response> {
  return agentsEndpoint(req, async (floe, catalog, role, t) => {
    checkContentType(req);
    const mode = createModeParam(new URL(req.url));
    const body = await readJsonBody(req, bodySchema, { maxBytes: floe.config.maxObjectBytes, what: 'an agent' });
    if (body.name === undefined) throw httpErrors.badPayload("Field 'name': required.");
    const name = parseIdentifier(body.name);
    if (name === null) throw badIdentifier('agent', body.name);
    await agentCall(async () => {
      const fields: AgentFields = { comment: body.comment ?? null, profile: profileOf(body) ?? null, spec: validateSpec(specPart(body)) };
      await floe.write(createAgent(catalog, t.schema, name, fields, role, mode).steps);
    });
    return json(200, { status: `Agent ${displayName(name)} successfully created.` });
  });
}

export function describeAgentEndpoint(req: Request): Promise<Response> {
  return agentsEndpoint(req, async (floe, catalog, role, t) => {
    const a = await agentCall(() => describeAgent(catalog, t.schema, requireName(t)));
    return json(200, {
      name: a.name, database_name: t.database, schema_name: t.schema.name, owner: a.owner, comment: a.comment,
      profile: profileObject(a), agent_spec: a.spec, created_on: isoTime(a.createdOn),
    });
  });
}

/** PUT: the fields present replace the stored ones (a spec key set to null is removed); the rest stay. */
export function updateAgentEndpoint(req: Request): Promise<Response> {
  return agentsEndpoint(req, async (floe, catalog, role, t) => {
    checkContentType(req);
    const name = requireName(t);
    const body = await readJsonBody(req, bodySchema, { maxBytes: floe.config.maxObjectBytes, what: 'an agent' });
    if (body.name !== undefined) {
      const given = parseIdentifier(body.name);
      if (given === null) throw badIdentifier('agent', body.name);
      if (given !== name) throw httpErrors.badPayload('Renaming an agent is not supported.');
    }
    const status = await agentCall(async () => {
      const current = describeAgent(catalog, t.schema, name);
      const given = specPart(body);
      const unknown = Object.keys(given).find((k) => !SPEC_KEYS.includes(k));
      if (unknown) throw agentErrors.invalid(`${unknown}: unknown field`);
      const merged: Record<string, unknown> = { ...JSON.parse(current.spec), ...given };
      for (const [k, v] of Object.entries(given)) if (v === null) delete merged[k];
      const change: Partial<AgentFields> = { comment: body.comment, profile: profileOf(body) };
      if (Object.keys(given).length > 0) change.spec = validateSpec(merged);
      const plan = updateAgent(catalog, t.schema, name, change, role);
      await floe.write(plan.steps);
      return plan.status;
    });
    return json(200, { status });
  });
}

export function listAgentsEndpoint(req: Request): Promise<Response> {
  return agentsEndpoint(req, async (floe, catalog, role, t) => {
    const url = new URL(req.url);
    const limit = showLimitParam(url);
    const { agents, more } = listAgents(catalog, [t.schema.id], {
      like: url.searchParams.get('like') ?? undefined,
      fromName: url.searchParams.get('fromName') ?? undefined,
      limit,
    });
    const headers: Record<string, string> = {};
    if (more) {
      const next = new URL(url.pathname, 'http://x');
      for (const [k, v] of url.searchParams) if (k !== 'fromName') next.searchParams.append(k, v);
      next.searchParams.set('fromName', more.name);
      headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
    }
    return json(200, agents.map((a) => ({
      name: a.name, database: t.database, schema: t.schema.name, owner: a.owner, comment: a.comment,
      profile: a.profile === null ? null : { display_name: null, avatar: null, color: null, ...profileObject(a) },
      created_on: isoTime(a.createdOn),
    })), headers);
  });
}

export function deleteAgentEndpoint(req: Request): Promise<Response> {
  return agentsEndpoint(req, async (floe, catalog, role, t) => {
    const ifExists = boolParam(new URL(req.url), 'ifExists') ?? false;
    await agentCall(async () => floe.write(dropAgent(catalog, t.schema, requireName(t), ifExists, role).steps));
    return json(200, { status: 'Request successfully completed' });
  });
}
