/** What the user, role and token commands share: who may run them, LIKE patterns, timestamps. */
import { Access } from '@/lib/access/check';
import type { Catalog } from '@/lib/catalog/catalog';
import type { SqlStep } from '@/lib/engine/types';
import type { ActionEnv } from '../compile/types';
import { TokenReader } from './reader';
import type { Command } from './types';
import { ltzFromEpochMs } from '@/lib/values';
import { SqlError, sqlErrors } from '../errors';
import type { Session } from '../session';

/** The current role is ACCOUNTADMIN or inherits it. */
export function isAccountAdmin(session: Session, catalog: Catalog): boolean {
  return Access.of(catalog, session.role).admin;
}

/**
 * ACCOUNTADMIN may operate on any user; `selfAllowed` lets a user operate on himself. A session
 * of a role-restricted token may do so only where `restrictedOk` (a read, or an action that keeps
 * its own effects within the restriction): a new key or password would sign in beyond the role.
 */
export function requireUserAccess(session: Session, catalog: Catalog, user: string, selfAllowed = false, restrictedOk = false): void {
  if (isAccountAdmin(session, catalog)) return;
  if (selfAllowed && user === session.user && (!session.roleRestriction || restrictedOk)) return;
  throw sqlErrors.insufficientPrivileges(`operate on user '${user}'${session.roleRestriction ? ` with a token restricted to role ${session.roleRestriction}` : ''}`);
}

/** Whether a token restricted to `role` stays within the session's own restriction (no restriction: anything). */
export function withinRestriction(session: Session, catalog: Catalog, role: string | null): boolean {
  if (!session.roleRestriction || isAccountAdmin(session, catalog)) return true;
  return role !== null && catalog.rolesUnder(session.roleRestriction).has(role);
}

export function requireAccountAdmin(session: Session, catalog: Catalog, what: string): void {
  if (!isAccountAdmin(session, catalog)) throw sqlErrors.insufficientPrivileges(what);
}

/** Epoch milliseconds as a stored TIMESTAMP_LTZ value. */
export const storedTimestamp = (ms: number | null) => (ms === null ? null : ltzFromEpochMs(ms));

export const invalidProperty = (name: string, object: string) =>
  new SqlError('001008', '42601', `SQL compilation error:\ninvalid property '${name}' for '${object}'`);

export const invalidValue = (name: string, value: string) =>
  new SqlError('002031', '22023', `SQL compilation error:\ninvalid value [${value}] for parameter '${name}'`);

export const alreadyExistsOk = (name: string) => ({ status: `${name} already exists, statement succeeded.` });

/** DROP [<prefix>] <kind> [IF EXISTS] name for the account objects (users, roles, warehouses, integrations). */
export function dropCommand(kind: 'USER' | 'ROLE' | 'WAREHOUSE' | 'INTEGRATION', spec: {
  /** A word that may stand before the kind (DROP SECURITY INTEGRATION). */
  prefix?: string;
  exists(catalog: Catalog, name: string): boolean;
  /** Throws when the current session may not drop it. */
  check(env: ActionEnv, name: string): void;
  steps(name: string, env: ActionEnv): SqlStep[];
}): Command {
  const label = kind[0] + kind.slice(1).toLowerCase();
  return {
    name: `DROP ${spec.prefix ? `${spec.prefix} ` : ''}${kind}`,
    matches: (w) => w[0] === 'DROP' && (w[1] === kind || (spec.prefix !== undefined && w[1] === spec.prefix && w[2] === kind)),
    compile(stmt) {
      const r = new TokenReader(stmt.tokens);
      r.expect('DROP');
      if (spec.prefix) r.accept(spec.prefix);
      r.expect(kind);
      const ifExists = r.accept('IF', 'EXISTS');
      const name = r.ident();
      r.end();
      return {
        kind: 'action',
        async run(env) {
          requireAccountAdmin(env.session, env.catalog(), `operate on ${kind.toLowerCase()} '${name}'`);
          if (!spec.exists(env.catalog(), name)) {
            if (ifExists) return { status: `Drop statement executed successfully (${name} already dropped).` };
            throw sqlErrors.objectMissing(label, name);
          }
          spec.check(env, name);
          await env.write(spec.steps(name, env));
          return { status: `${name} successfully dropped.` };
        },
      };
    },
  };
}
