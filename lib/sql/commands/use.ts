/** USE [DATABASE|SCHEMA|WAREHOUSE|ROLE] name: changes the request's session only. */
import { sqlErrors } from '../errors';
import { displayName } from '../compile/names';
import { TokenReader } from './reader';
import { warehouseNotUsable } from './warehouses';
import type { Command } from './types';

type UseKind = 'database' | 'schema' | 'warehouse' | 'role';

export const useCommand: Command = {
  name: 'USE',
  matches: (w) => w[0] === 'USE',
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('USE');
    let kind: UseKind = 'database';
    let explicit = true;
    if (r.accept('DATABASE')) kind = 'database';
    else if (r.accept('SCHEMA')) kind = 'schema';
    else if (r.accept('WAREHOUSE')) kind = 'warehouse';
    else if (r.accept('ROLE')) kind = 'role';
    else explicit = false;
    const parts = r.name(kind === 'schema' || !explicit ? 2 : 1);
    r.end();
    if (!explicit && parts.length === 2) kind = 'schema';
    return {
      kind: 'session',
      apply(session, catalog) {
        if (kind === 'database') {
          const db = catalog.database(parts[0]);
          if (!db) throw sqlErrors.objectMissing('Database', displayName(parts[0]));
          session.database = db.name;
          session.schema = catalog.schema(db.id, 'PUBLIC') ? 'PUBLIC' : null;
        } else if (kind === 'schema') {
          const dbName = parts.length === 2 ? parts[0] : session.database;
          const db = dbName === null ? undefined : catalog.database(dbName);
          const name = parts[parts.length - 1];
          if (!db || !catalog.schema(db.id, name)) throw sqlErrors.objectMissing('Schema', displayName(name));
          session.database = db.name;
          session.schema = name;
        } else if (kind === 'warehouse') {
          if (!catalog.warehouses.has(parts[0])) throw warehouseNotUsable();
          session.warehouse = parts[0];
        } else {
          if (!catalog.roles.has(parts[0])) throw sqlErrors.objectMissing('Role', displayName(parts[0]));
          const allowed = session.roleRestriction ? catalog.rolesUnder(session.roleRestriction) : catalog.rolesOf(session.user);
          if (!allowed.has(parts[0])) throw sqlErrors.roleNotGranted(parts[0]);
          session.role = parts[0];
        }
        return 'Statement executed successfully.';
      },
    };
  },
};
