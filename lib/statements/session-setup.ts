/**
 * Builds a request's session: the user's defaults, overridden by the body's context fields
 * (case-sensitive names), plus the request's session parameters (parsed by lib/sql/session-parameters).
 */
import { randomUUID } from 'node:crypto';
import type { Catalog } from '@/lib/catalog/catalog';
import { namespaceParts } from '@/lib/catalog/names';
import { defaultRole, grantedRoles } from '@/lib/access/roles';
import { visibleCatalog } from '@/lib/access/visible';
import { SqlError, sqlErrors } from '@/lib/sql/errors';
import { displayName } from '@/lib/sql/compile/names';
import type { Session } from '@/lib/sql/session';
import { sessionFields, type RequestParameters } from '@/lib/sql/session-parameters';

export interface ContextFields {
  database?: string | null;
  schema?: string | null;
  warehouse?: string | null;
  role?: string | null;
}

const roleNotGranted = (role: string) => new SqlError('390189', '08004',
  `Role '${role}' specified in the connect string is not granted to this user. Contact your local system administrator, or attempt to login with another role, e.g. PUBLIC.`);

/** The user's DEFAULT_NAMESPACE; one that does not exist (any more) is ignored. */
function defaultNamespace(catalog: Catalog, ns: string | null): [string | null, string | null] {
  const parts = namespaceParts(ns);
  if (!parts || !catalog.database(parts[0])) return [null, null];
  return parts;
}

export function buildSession(whole: Catalog, userName: string, ctx: ContextFields, params: RequestParameters, roleRestriction: string | null): Session {
  const user = whole.users.get(userName);
  if (!user) throw sqlErrors.objectMissing('User', userName);
  const granted = grantedRoles(whole, user.name, roleRestriction);
  let role: string;
  if (ctx.role) {
    if (!whole.roles.has(ctx.role)) throw sqlErrors.objectMissing('Role', displayName(ctx.role));
    if (!granted.has(ctx.role)) throw roleNotGranted(ctx.role);
    role = ctx.role;
  } else {
    role = defaultRole(whole, user.name, roleRestriction);
  }
  // Database, schema and warehouse resolve among what the role can see.
  const catalog = visibleCatalog(whole, role);
  let [database, schema] = defaultNamespace(catalog, user.defaultNamespace);
  if (ctx.database) {
    if (!catalog.database(ctx.database)) throw sqlErrors.objectMissing('Database', displayName(ctx.database));
    database = ctx.database;
    schema = 'PUBLIC';
  }
  if (ctx.schema) {
    const db = database ? catalog.database(database) : undefined;
    if (!db || !catalog.schema(db.id, ctx.schema)) throw sqlErrors.objectMissing('Schema', displayName(ctx.schema));
    schema = ctx.schema;
  } else if (database) {
    const db = catalog.database(database);
    if (!db || !catalog.schema(db.id, schema ?? 'PUBLIC')) schema = null;
  }
  if (ctx.warehouse && !catalog.warehouses.has(ctx.warehouse)) throw sqlErrors.objectMissing('Warehouse', displayName(ctx.warehouse));
  const fallbackWarehouse = user.defaultWarehouse && catalog.warehouses.has(user.defaultWarehouse) ? user.defaultWarehouse : null;
  const warehouse = ctx.warehouse || fallbackWarehouse;
  return {
    id: randomUUID(), user: user.name, role, roleRestriction, warehouse, database, schema,
    ...sessionFields(params), lastQueryId: null, otherParameters: {}, variables: {},
  };
}
