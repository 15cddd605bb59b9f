/**
 * What a role can see: the catalog cut down to the databases, schemas, tables, views, agents and
 * warehouses it holds some privilege on (a schema's objects only when the schema and its
 * database are visible too). Statements compile against this copy, so SHOW, INFORMATION_SCHEMA,
 * DESCRIBE and name resolution all answer "does not exist or not authorized" for the rest.
 */
import type { Catalog } from '@/lib/catalog/catalog';
import { Access } from './check';
import { securables } from './objects';

const cache = new WeakMap<Catalog, Map<string, Catalog>>();
const sessionCuts = new WeakMap<Catalog, Map<string, Catalog>>();
/**
 * Session cuts kept per role cut, the most recently used: each holds maps of the catalog's tables
 * (Catalog.withoutTables), and most sessions are one request's, so keeping one per session until
 * the catalog next changed grew without bound (GBs while a burst of requests ran beside another
 * session's temporary table, when a cut was a copy of the rows).
 */
export const SESSION_CUTS_KEPT = 32;

/**
 * What a role sees in one session: besides the role's cut, a TEMPORARY table or view is seen only
 * by the session that created it (no session: none is hidden).
 */
export function visibleCatalog(catalog: Catalog, role: string | null, sessionId?: string): Catalog {
  const byRole = roleCatalog(catalog, role);
  if (sessionId === undefined) return byRole;
  const hidden = new Set([...byRole.temporary].filter(([owner]) => owner !== sessionId).flatMap(([, tables]) => tables.map((t) => t.id)));
  if (hidden.size === 0) return byRole;
  let cuts = sessionCuts.get(byRole);
  if (!cuts) sessionCuts.set(byRole, (cuts = new Map()));
  let cut = cuts.get(sessionId);
  // (Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.)
  if (cut) cuts.delete(sessionId);
  else cut = byRole.withoutTables(hidden);
  cuts.set(sessionId, cut);
  if (cuts.size > SESSION_CUTS_KEPT) cuts.delete(cuts.keys().next().value!);
  return cut;
}

function roleCatalog(catalog: Catalog, role: string | null): Catalog {
  const whole = catalog.unfiltered;
  const access = Access.of(whole, role);
  if (access.admin) return whole;
  let byRole = cache.get(whole);
  if (!byRole) cache.set(whole, (byRole = new Map()));
  let cut = byRole.get(access.role);
  if (cut) return cut;
  const databases = new Set([...whole.databases.values()].filter((d) => access.sees(securables.database(d))).map((d) => d.id));
  const schemas = new Set([...whole.schemas.values()].filter((s) => databases.has(s.databaseId) && access.sees(securables.schema(whole, s))).map((s) => s.id));
  const tables = new Set([...whole.tables.values()].filter((t) => schemas.has(t.schemaId) && access.sees(securables.table(whole, t))).map((t) => t.id));
  const agents = new Set([...whole.agents.values()].filter((a) => schemas.has(a.schemaId) && access.sees(securables.agent(whole, a))).map((a) => a.id));
  const warehouses = new Set([...whole.warehouses.keys()].filter((w) => access.sees(securables.warehouse(whole, w))));
  cut = whole.subset({ databases, schemas, tables, agents, warehouses });
  byRole.set(access.role, cut);
  return cut;
}
