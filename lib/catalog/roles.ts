/**
 * Catalog operations on roles (_floe_roles) and on grants of roles to users and roles
 * (_floe_role_grants). Each returns the engine steps; the caller applies them through the one
 * catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { RoleGrant, RoleInfo } from './catalog';
import { revokeGrantsTo, transferOwnership } from './grants';

/** Stores a role's row, replacing any of that name (CREATE OR REPLACE keeps the grants of and to it). */
export function upsertRole(r: RoleInfo): SqlStep[] {
  return [
    { sql: 'DELETE FROM _floe_roles WHERE name = ?', params: [r.name] },
    { sql: 'INSERT INTO _floe_roles(name, owner, comment, created_on) VALUES (?, ?, ?, ?)', params: [r.name, r.owner, r.comment, r.createdOn] },
  ];
}

/** DROP ROLE: its role grants and privileges go, and what it owned passes to `heir` (as in Snowflake). */
export function dropRole(name: string, heir: string): SqlStep[] {
  return [
    { sql: "DELETE FROM _floe_role_grants WHERE role = ? OR (grantee_kind = 'ROLE' AND grantee = ?)", params: [name, name] },
    { sql: 'DELETE FROM _floe_roles WHERE name = ?', params: [name] },
    ...revokeGrantsTo(name),
    ...transferOwnership(name, heir),
  ];
}

/** GRANT ROLE (granting it again changes nothing). */
export const grantRole = (g: RoleGrant): SqlStep[] =>
  [{ sql: 'INSERT INTO _floe_role_grants(role, grantee_kind, grantee) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', params: [g.role, g.granteeKind, g.grantee] }];

export const revokeRole = (g: RoleGrant): SqlStep[] =>
  [{ sql: 'DELETE FROM _floe_role_grants WHERE role = ? AND grantee_kind = ? AND grantee = ?', params: [g.role, g.granteeKind, g.grantee] }];

/** Every role granted to a user (DROP USER). */
export const revokeRolesOfUser = (user: string): SqlStep[] => [{ sql: "DELETE FROM _floe_role_grants WHERE grantee_kind = 'USER' AND grantee = ?", params: [user] }];
