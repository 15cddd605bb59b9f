/**
 * Object grants as the catalog holds them, turned back into securables (SHOW GRANTS), and the
 * catalog operations that change them, given securables. Ownership is the object's owner column,
 * not a grant row.
 */
import type { Catalog, ObjectGrant } from '@/lib/catalog/catalog';
import { grantPrivilege, revokeObjectGrants, revokePrivilege, setOwner } from '@/lib/catalog/grants';
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

/** GRANT <privilege> ON <object> TO ROLE <grantee> (the catalog operation, lib/catalog/grants.ts). */
export function grantSteps(privilege: string, o: Securable, grantee: string, grantedBy: string | null): SqlStep[] {
  return grantPrivilege({ privilege, objectKind: grantKind(o.kind), objectId: o.id, grantee, grantedBy, createdOn: Date.now() });
}

export function revokeSteps(privilege: string, o: Securable, grantee: string): SqlStep[] {
  return revokePrivilege({ privilege, objectKind: grantKind(o.kind), objectId: o.id, grantee });
}

/** GRANT OWNERSHIP: the new owner; REVOKE CURRENT GRANTS also drops the object's other grants. */
export function ownershipSteps(o: Securable, newOwner: string, revokeCurrent: boolean): SqlStep[] {
  if (o.kind === 'ACCOUNT') throw new Error('the account has no owner');
  return [...setOwner(o.kind, o.id, newOwner), ...(revokeCurrent ? revokeObjectGrants(grantKind(o.kind), o.id) : [])];
}
