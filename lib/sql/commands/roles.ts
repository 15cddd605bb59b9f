/**
 * CREATE ROLE, DROP ROLE, GRANT ROLE r TO USER u | ROLE r2, REVOKE ROLE r FROM USER u | ROLE r2,
 * SHOW ROLES. A role granted to another role is inherited by it (ACCOUNTADMIN ⊃ SYSADMIN ⊃
 * PUBLIC); PUBLIC is every user's. All of them need ACCOUNTADMIN.
 */
import { SqlError, sqlErrors } from '../errors';
import { column, type Compiled } from '../compile/types';
import { types } from '../types';
import { alreadyExistsOk, dropCommand, invalidProperty, requireAccountAdmin, storedTimestamp } from './access';
import { dropRole, grantRole, revokeRole, upsertRole } from '@/lib/catalog/roles';
import { createMatches, TokenReader } from './reader';
import { applyNameFilters, readShowClauses } from './show-filters';
import type { Command } from './types';

const SYSTEM_ROLES = new Set(['ACCOUNTADMIN', 'SYSADMIN', 'PUBLIC']);

export const createRoleCommand: Command = {
  name: 'CREATE ROLE',
  matches: createMatches('ROLE'),
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    const { orReplace, ifNotExists } = r.createHeader('ROLE');
    const name = r.ident();
    const props = r.properties();
    for (const k of props.keys()) if (k !== 'COMMENT') throw invalidProperty(k, 'ROLE');
    return {
      kind: 'action',
      async run(env) {
        const catalog = env.catalog();
        requireAccountAdmin(env.session, catalog, 'create roles');
        const exists = catalog.roles.has(name);
        if (exists && ifNotExists) return alreadyExistsOk(name);
        if (exists && (!orReplace || SYSTEM_ROLES.has(name))) throw sqlErrors.alreadyExists('Role', name);
        await env.write(upsertRole({ name, owner: env.session.role, comment: props.get('COMMENT') ?? null, createdOn: Date.now() }));
        return { status: `Role ${name} successfully created.` };
      },
    };
  },
};

export const dropRoleCommand = dropCommand('ROLE', {
  exists: (c, n) => c.roles.has(n),
  check: (_env, name) => { if (SYSTEM_ROLES.has(name)) throw sqlErrors.insufficientPrivileges(`operate on system role '${name}'`); },
  steps: (name, env) => dropRole(name, env.session.role ?? 'ACCOUNTADMIN'),
});

/** GRANT ROLE r TO {USER|ROLE} x  /  REVOKE ROLE r FROM {USER|ROLE} x */
function roleGrant(stmt: Parameters<Command['compile']>[0], grant: boolean): Compiled {
  const r = new TokenReader(stmt.tokens);
  r.expect(grant ? 'GRANT' : 'REVOKE', 'ROLE');
  const role = r.ident();
  r.expect(grant ? 'TO' : 'FROM');
  const kind = r.accept('USER') ? 'USER' : (r.expect('ROLE'), 'ROLE');
  const grantee = r.ident();
  r.end();
  return {
    kind: 'action',
    async run(env) {
      const catalog = env.catalog();
      requireAccountAdmin(env.session, catalog, `operate on role '${role}'`);
      if (!catalog.roles.has(role)) throw sqlErrors.objectMissing('Role', role);
      if (kind === 'USER' ? !catalog.users.has(grantee) : !catalog.roles.has(grantee)) throw sqlErrors.objectMissing(kind === 'USER' ? 'User' : 'Role', grantee);
      if (grant && kind === 'ROLE' && catalog.rolesUnder(role).has(grantee)) {
        throw new SqlError('003012', '42601', `SQL compilation error:\nGranting role '${role}' to role '${grantee}' would create a cycle.`);
      }
      const g = { role, granteeKind: kind, grantee } as const;
      await env.write(grant ? grantRole(g) : revokeRole(g));
      return { status: 'Statement executed successfully.' };
    },
  };
}

export const grantRoleCommand: Command = {
  name: 'GRANT ROLE',
  matches: (w) => w[0] === 'GRANT' && w[1] === 'ROLE',
  compile: (stmt) => roleGrant(stmt, true),
};

export const revokeRoleCommand: Command = {
  name: 'REVOKE ROLE',
  matches: (w) => w[0] === 'REVOKE' && w[1] === 'ROLE',
  compile: (stmt) => roleGrant(stmt, false),
};

/** As documented, with is_from_organization_user_group (bundle 2025_06, a BOOLEAN). */
export const SHOW_ROLES_COLUMNS = ['created_on', 'name', 'is_default', 'is_current', 'is_inherited', 'assigned_to_users', 'granted_to_roles', 'granted_roles', 'owner', 'comment', 'is_from_organization_user_group'];

export const showRolesCommand: Command = {
  name: 'SHOW ROLES',
  matches: (w) => w[0] === 'SHOW' && w[1] === 'ROLES',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW', 'ROLES');
    const clauses = readShowClauses(r);
    const { catalog, session } = ctx;
    const user = catalog.users.get(session.user);
    const inherited = session.role ? catalog.rolesUnder(session.role) : new Set<string>();
    const count = (pred: (g: (typeof catalog.roleGrants)[number]) => boolean) => catalog.roleGrants.filter(pred).length;
    const roles = applyNameFilters([...catalog.roles.values()], (x) => x.name, clauses);
    const yn = (b: boolean) => (b ? 'Y' : 'N');
    return {
      kind: 'rows',
      columns: SHOW_ROLES_COLUMNS.map((n) => column(n, n === 'created_on' ? types.timestampLtz(3) : n.startsWith('assigned') || n.startsWith('granted') ? types.number(38, 0) : n.startsWith('is_from') ? types.boolean() : types.varchar())),
      rows: roles.map((x) => [
        storedTimestamp(x.createdOn), x.name, yn(user?.defaultRole === x.name), yn(session.role === x.name), yn(session.role !== x.name && inherited.has(x.name)),
        count((g) => g.role === x.name && g.granteeKind === 'USER'), count((g) => g.role === x.name && g.granteeKind === 'ROLE'),
        count((g) => g.granteeKind === 'ROLE' && g.grantee === x.name), x.owner ?? '', x.comment ?? '', 0,
      ]),
    };
  },
};

export const ROLE_COMMANDS = [createRoleCommand, dropRoleCommand, grantRoleCommand, revokeRoleCommand, showRolesCommand];
