/**
 * Catalog operations on object privileges (_floe_grants) and on ownership (each object's owner
 * column). A grant names its object by kind (ACCOUNT, WAREHOUSE, DATABASE, SCHEMA, TABLE, AGENT)
 * and id ('' for the account, the name for a warehouse). Each returns the engine steps; the caller
 * applies them through the one catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { ObjectGrant } from './catalog';

/** The objects that have an owner, by kind: their table, and the column that identifies a row. */
export type OwnedKind = 'WAREHOUSE' | 'DATABASE' | 'SCHEMA' | 'TABLE' | 'VIEW' | 'AGENT';
const OWNED: Record<OwnedKind, { table: string; key: 'id' | 'name' }> = {
  WAREHOUSE: { table: '_floe_warehouses', key: 'name' },
  DATABASE: { table: '_floe_databases', key: 'id' },
  SCHEMA: { table: '_floe_schemas', key: 'id' },
  TABLE: { table: '_floe_tables', key: 'id' },
  VIEW: { table: '_floe_tables', key: 'id' },
  AGENT: { table: '_floe_agents', key: 'id' },
};

/** GRANT <privilege> (granting it again changes nothing). */
export function grantPrivilege(g: ObjectGrant): SqlStep[] {
  return [{
    sql: 'INSERT INTO _floe_grants(privilege, object_kind, object_id, grantee, granted_by, created_on) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    params: [g.privilege, g.objectKind, g.objectId, g.grantee, g.grantedBy, g.createdOn],
  }];
}

export const revokePrivilege = (g: Pick<ObjectGrant, 'privilege' | 'objectKind' | 'objectId' | 'grantee'>): SqlStep[] =>
  [{ sql: 'DELETE FROM _floe_grants WHERE privilege = ? AND object_kind = ? AND object_id = ? AND grantee = ?', params: [g.privilege, g.objectKind, g.objectId, g.grantee] }];

/** Every privilege granted on an object (REVOKE CURRENT GRANTS, a dropped warehouse). */
export const revokeObjectGrants = (objectKind: string, objectId: string): SqlStep[] =>
  [{ sql: 'DELETE FROM _floe_grants WHERE object_kind = ? AND object_id = ?', params: [objectKind, objectId] }];

/** The grants on an object follow it to its new id (a renamed warehouse: they are keyed by name). */
export const moveObjectGrants = (objectKind: string, from: string, to: string): SqlStep[] =>
  [{ sql: 'UPDATE _floe_grants SET object_id = ? WHERE object_kind = ? AND object_id = ?', params: [to, objectKind, from] }];

/** Every privilege granted to a role (DROP ROLE). */
export const revokeGrantsTo = (grantee: string): SqlStep[] => [{ sql: 'DELETE FROM _floe_grants WHERE grantee = ?', params: [grantee] }];

/** GRANT OWNERSHIP: the object's new owner. `id`: a warehouse's name, any other object's id. */
export function setOwner(kind: OwnedKind, id: string, owner: string): SqlStep[] {
  const o = OWNED[kind];
  return [{ sql: `UPDATE ${o.table} SET owner = ? WHERE ${o.key} = ?`, params: [owner, o.key === 'name' ? id : Number(id)] }];
}

/** Everything `from` owns passes to `to` (DROP ROLE). */
export const transferOwnership = (from: string, to: string): SqlStep[] =>
  [...new Set(Object.values(OWNED).map((o) => o.table))].map((t) => ({ sql: `UPDATE ${t} SET owner = ? WHERE owner = ?`, params: [to, from] }));
