/**
 * Object grants as the catalog holds them, turned back into securables (SHOW GRANTS), and the
 * journaled steps that change them. Ownership is the object's owner column, not a grant row.
 */
import type { Catalog, ObjectGrant } from '@/lib/catalog/catalog';
import type { SqlStep } from '@/lib/engine/types';
import { grantKind, securables, type Securable } from './objects';

/** The object a grant row names, or undefined when it is gone (its grants are then ignored). */
export function grantObject(catalog: Catalog, g: Pick<ObjectGrant, 'objectKind' | 'objectId'>): Securable | undefined {
  const id = Number(g.objectId);
  switch (g.objectKind) {
    case 'ACCOUNT': return securables.account();
    case 'WAREHOUSE': return catalog.warehouses.has(g.objectId) ? securables.warehouse(catalog, g.objectId) : undefined;
    case 'DATABASE': {
      const db = [...catalog.databases.values()].find((d) => d.id === id);
      return db && securables.database(db);
    }
    case 'SCHEMA': {
      const s = catalog.schemas.get(id);
      return s && securables.schema(catalog, s);
    }
    case 'TABLE': {
      const t = catalog.tables.get(id);
      return t && securables.table(catalog, t);
    }
    case 'AGENT': {
      const a = catalog.agents.get(id);
      return a && securables.agent(catalog, a);
    }
    default: return undefined;
  }
}

/** Every object of the catalog with its owner and creation time (SHOW GRANTS … OWNERSHIP rows). */
export function ownedObjects(catalog: Catalog): { object: Securable; createdOn: number }[] {
  return [
    ...[...catalog.warehouses.values()].map((w) => ({ object: securables.warehouse(catalog, w.name), createdOn: w.createdOn })),
    ...[...catalog.databases.values()].map((d) => ({ object: securables.database(d), createdOn: d.createdOn })),
    ...[...catalog.schemas.values()].map((s) => ({ object: securables.schema(catalog, s), createdOn: s.createdOn })),
    ...[...catalog.tables.values()].map((t) => ({ object: securables.table(catalog, t), createdOn: t.createdOn })),
    ...[...catalog.agents.values()].map((a) => ({ object: securables.agent(catalog, a), createdOn: a.createdOn })),
  ];
}

const OWNER_TABLE: Record<string, string> = { WAREHOUSE: '_floe_warehouses', DATABASE: '_floe_databases', SCHEMA: '_floe_schemas', TABLE: '_floe_tables', VIEW: '_floe_tables', AGENT: '_floe_agents' };

export function grantSteps(privilege: string, o: Securable, grantee: string, grantedBy: string | null): SqlStep[] {
  return [{
    sql: 'INSERT OR IGNORE INTO _floe_grants(privilege, object_kind, object_id, grantee, granted_by, created_on) VALUES (?, ?, ?, ?, ?, ?)',
    params: [privilege, grantKind(o.kind), o.id, grantee, grantedBy, Date.now()],
  }];
}

export function revokeSteps(privilege: string, o: Securable, grantee: string): SqlStep[] {
  return [{ sql: 'DELETE FROM _floe_grants WHERE privilege = ? AND object_kind = ? AND object_id = ? AND grantee = ?', params: [privilege, grantKind(o.kind), o.id, grantee] }];
}

/** GRANT OWNERSHIP: the new owner; REVOKE CURRENT GRANTS also drops the object's other grants. */
export function ownershipSteps(o: Securable, newOwner: string, revokeCurrent: boolean): SqlStep[] {
  const key = o.kind === 'WAREHOUSE' ? 'name' : 'id';
  const steps: SqlStep[] = [{ sql: `UPDATE ${OWNER_TABLE[o.kind]} SET owner = ? WHERE ${key} = ?`, params: [newOwner, o.kind === 'WAREHOUSE' ? o.id : Number(o.id)] }];
  if (revokeCurrent) steps.push({ sql: 'DELETE FROM _floe_grants WHERE object_kind = ? AND object_id = ?', params: [grantKind(o.kind), o.id] });
  return steps;
}

/** A renamed warehouse keeps its grants (they are keyed by name); a dropped one loses them. */
export function warehouseGrantSteps(name: string, renamedTo: string | null): SqlStep[] {
  return [renamedTo === null
    ? { sql: "DELETE FROM _floe_grants WHERE object_kind = 'WAREHOUSE' AND object_id = ?", params: [name] }
    : { sql: "UPDATE _floe_grants SET object_id = ? WHERE object_kind = 'WAREHOUSE' AND object_id = ?", params: [renamedTo, name] }];
}

/** DROP ROLE: its grants go, and what it owned passes to the role that dropped it (as in Snowflake). */
export function dropRoleSteps(role: string, heir: string): SqlStep[] {
  return [
    { sql: 'DELETE FROM _floe_grants WHERE grantee = ?', params: [role] },
    ...[...new Set(Object.values(OWNER_TABLE))].map((t) => ({ sql: `UPDATE ${t} SET owner = ? WHERE owner = ?`, params: [heir, role] })),
  ];
}
