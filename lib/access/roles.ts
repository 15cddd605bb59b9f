/** Which roles a principal may use, and the one a request runs under when it names none. */
import type { Catalog } from '@/lib/catalog/catalog';

/** Roles the user may activate: those under his PAT's role restriction, else every role granted to him. */
export function grantedRoles(catalog: Catalog, user: string, roleRestriction: string | null): Set<string> {
  return roleRestriction ? catalog.rolesUnder(roleRestriction) : catalog.rolesOf(user);
}

/**
 * The role of a request that names none: the PAT's restriction, else the user's default role;
 * one that no longer exists or is no longer granted falls back to PUBLIC (as in Snowflake).
 */
export function defaultRole(catalog: Catalog, user: string, roleRestriction: string | null): string {
  const preferred = roleRestriction ?? catalog.users.get(user)?.defaultRole ?? null;
  return preferred && catalog.roles.has(preferred) && grantedRoles(catalog, user, roleRestriction).has(preferred) ? preferred : 'PUBLIC';
}
