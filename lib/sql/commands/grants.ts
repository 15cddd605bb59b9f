/**
 * Object privileges: GRANT <privileges> ON <object> | ALL <kind>S IN {SCHEMA|DATABASE} … TO ROLE r,
 * GRANT OWNERSHIP ON … TO ROLE r [COPY|REVOKE CURRENT GRANTS], REVOKE … FROM ROLE r, and
 * SHOW GRANTS [ON <object> | TO ROLE r | TO USER u | OF ROLE r]. Who may grant: the object's
 * owner, or a role with MANAGE GRANTS (ACCOUNTADMIN). Objects resolve among what the role sees.
 */
import { Access } from '@/lib/access/check';
import { accessErrors } from '@/lib/access/errors';
import { grantObject, grantSteps, ownedObjects, ownershipSteps, revokeSteps } from '@/lib/access/grants';
import { OWNERSHIP, PRIVILEGES, securables, type ObjectKind, type Securable } from '@/lib/access/objects';
import { visibleCatalog } from '@/lib/access/visible';
import type { Catalog } from '@/lib/catalog/catalog';
import type { SqlStep } from '@/lib/engine/types';
import { SqlError, sqlErrors } from '../errors';
import { displayName, resolveDatabase, resolveSchema, resolveTable } from '../compile/names';
import { column, type ActionEnv, type Compiled, type StaticRows } from '../compile/types';
import type { Session } from '../session';
import { types } from '../types';
import { storedTimestamp } from './access';
import { TokenReader } from './reader';
import type { Command } from './types';

type Target =
  | { kind: 'ACCOUNT' }
  | { kind: 'WAREHOUSE' | 'DATABASE'; name: string }
  | { kind: 'SCHEMA' | 'TABLE' | 'VIEW' | 'AGENT'; parts: string[] }
  /** ALL TABLES | VIEWS | SCHEMAS | AGENTS IN SCHEMA s | DATABASE d */
  | { kind: 'ALL'; of: 'TABLE' | 'VIEW' | 'SCHEMA' | 'AGENT'; in: 'SCHEMA' | 'DATABASE'; parts: string[] };

const PLURALS: Record<string, 'TABLE' | 'VIEW' | 'SCHEMA' | 'AGENT'> = { TABLES: 'TABLE', VIEWS: 'VIEW', SCHEMAS: 'SCHEMA', AGENTS: 'AGENT' };

function readTarget(r: TokenReader): Target {
  if (r.accept('ACCOUNT')) return { kind: 'ACCOUNT' };
  if (r.accept('FUTURE')) throw sqlErrors.unsupported('FUTURE grants');
  if (r.accept('ALL')) {
    const of = PLURALS[r.ident()];
    if (!of) r.fail();
    r.expect('IN');
    const scope = r.accept('SCHEMA') ? 'SCHEMA' : (r.expect('DATABASE'), 'DATABASE');
    if (of === 'SCHEMA' && scope === 'SCHEMA') r.fail();
    return { kind: 'ALL', of, in: scope, parts: r.name(scope === 'SCHEMA' ? 2 : 1) };
  }
  for (const kind of ['WAREHOUSE', 'DATABASE'] as const) if (r.accept(kind)) return { kind, name: r.ident() };
  for (const kind of ['SCHEMA', 'TABLE', 'VIEW', 'AGENT'] as const) if (r.accept(kind)) return { kind, parts: r.name(kind === 'SCHEMA' ? 2 : 3) };
  return r.fail();
}

const pad3 = (parts: string[]) => [null, null, null, ...parts].slice(-3);

function schemaOf(catalog: Catalog, session: Session, parts: string[]) {
  return resolveSchema(catalog, session, parts.length === 2 ? parts[0] : null, parts[parts.length - 1]).schema;
}

/** The objects a target names, among those the role sees (else 002003). */
function resolveTarget(catalog: Catalog, session: Session, t: Target): Securable[] {
  switch (t.kind) {
    case 'ACCOUNT': return [securables.account()];
    case 'WAREHOUSE':
      if (!catalog.warehouses.has(t.name)) throw sqlErrors.objectMissing('Warehouse', displayName(t.name));
      return [securables.warehouse(catalog, t.name)];
    case 'DATABASE': return [securables.database(resolveDatabase(catalog, t.name))];
    case 'SCHEMA': return [securables.schema(catalog, schemaOf(catalog, session, t.parts))];
    case 'TABLE': case 'VIEW': {
      const { table } = resolveTable(catalog, session, pad3(t.parts));
      if (t.kind === 'VIEW' && table.kind !== 'VIEW') throw sqlErrors.objectMissing('View', displayName(table.name));
      return [securables.table(catalog, table)];
    }
    case 'AGENT': {
      const name = t.parts[t.parts.length - 1];
      const prefix = t.parts.slice(0, -1);
      const schema = prefix.length ? schemaOf(catalog, session, prefix) : resolveSchema(catalog, session, null, null).schema;
      const agent = catalog.agent(schema.id, name);
      if (!agent) throw sqlErrors.objectMissing('Agent', displayName(name));
      return [securables.agent(catalog, agent)];
    }
    case 'ALL': {
      const schemas = t.in === 'SCHEMA' ? [schemaOf(catalog, session, t.parts)] : catalog.schemasOf(resolveDatabase(catalog, t.parts[0]).id);
      if (t.of === 'SCHEMA') return schemas.map((s) => securables.schema(catalog, s));
      if (t.of === 'AGENT') return schemas.flatMap((s) => catalog.agentsOf(s.id)).map((a) => securables.agent(catalog, a));
      return schemas.flatMap((s) => catalog.tablesOf(s.id)).filter((tb) => tb.kind === t.of).map((tb) => securables.table(catalog, tb));
    }
  }
}

/** Comma-separated privileges up to ON: ALL [PRIVILEGES] → null (every privilege of the kind). */
function readPrivileges(r: TokenReader): string[] | null {
  if (r.accept('ALL')) {
    r.accept('PRIVILEGES');
    r.expect('ON');
    return null;
  }
  const out: string[] = [];
  let words: string[] = [];
  for (;;) {
    if (r.accept('ON')) break;
    if (r.acceptPunct(',')) { out.push(words.join(' ')); words = []; continue; }
    words.push(r.ident().toUpperCase());
  }
  out.push(words.join(' '));
  if (out.some((p) => p === '')) r.fail();
  return out;
}

const invalidPrivilege = (p: string, kind: ObjectKind) =>
  new SqlError('003011', '42601', `SQL compilation error:\nInvalid privilege ${p} for object type ${kind}.`);

function checkPrivileges(privileges: string[] | null, o: Securable): string[] {
  const valid = PRIVILEGES[o.kind];
  if (privileges === null) return valid;
  for (const p of privileges) if (p !== OWNERSHIP && !valid.includes(p)) throw invalidPrivilege(p, o.kind);
  return privileges;
}

/** The current role may grant on the object: it owns it or holds MANAGE GRANTS. */
function requireGrantor(access: Access, o: Securable): void {
  if (access.owns(o) || access.has('MANAGE GRANTS', securables.account())) return;
  throw accessErrors.denied(o.kind, o.name);
}

function privilegeGrant(stmt: Parameters<Command['compile']>[0], grant: boolean): Compiled {
  const r = new TokenReader(stmt.tokens);
  r.expect(grant ? 'GRANT' : 'REVOKE');
  if (!grant && r.accept('GRANT', 'OPTION', 'FOR')) { /* grant options are not kept: same as revoking */ }
  const privileges = readPrivileges(r);
  const target = readTarget(r);
  r.expect(grant ? 'TO' : 'FROM');
  r.accept('ROLE');
  const grantee = r.ident();
  let revokeCurrent = false;
  if (grant && r.accept('WITH', 'GRANT', 'OPTION')) { /* accepted; only owners and MANAGE GRANTS grant */ }
  if (grant && r.accept('REVOKE', 'CURRENT', 'GRANTS')) revokeCurrent = true;
  else if (grant) r.accept('COPY', 'CURRENT', 'GRANTS');
  if (!grant && !r.accept('RESTRICT')) r.accept('CASCADE');
  r.end();
  const ownership = privileges?.includes(OWNERSHIP) ?? false;
  if (ownership && privileges!.length > 1) r.fail();
  if (ownership && !grant) throw new SqlError('003111', '42601', 'SQL compilation error:\nOWNERSHIP cannot be revoked; grant it to another role instead.');
  return {
    kind: 'action',
    async run(env: ActionEnv) {
      const catalog = visibleCatalog(env.catalog(), env.session.role, env.session.id);
      const access = Access.of(catalog, env.session.role);
      if (!catalog.roles.has(grantee)) throw sqlErrors.objectMissing('Role', displayName(grantee));
      const steps: SqlStep[] = [];
      for (const o of resolveTarget(catalog, env.session, target)) {
        requireGrantor(access, o);
        if (ownership) {
          if (o.kind === 'ACCOUNT') throw invalidPrivilege(OWNERSHIP, o.kind);
          steps.push(...ownershipSteps(o, grantee, revokeCurrent));
          continue;
        }
        for (const p of checkPrivileges(privileges, o)) steps.push(...(grant ? grantSteps(p, o, grantee, env.session.role) : revokeSteps(p, o, grantee)));
      }
      await env.write(steps);
      return { status: 'Statement executed successfully.' };
    },
  };
}

export const grantPrivilegeCommand: Command = {
  name: 'GRANT privileges',
  matches: (w) => w[0] === 'GRANT' && w[1] !== 'ROLE',
  compile: (stmt) => privilegeGrant(stmt, true),
};

export const revokePrivilegeCommand: Command = {
  name: 'REVOKE privileges',
  matches: (w) => w[0] === 'REVOKE' && w[1] !== 'ROLE',
  compile: (stmt) => privilegeGrant(stmt, false),
};

// ------------------------------------------------------------------ SHOW GRANTS

const text = (n: string) => column(n, types.varchar());
const OBJECT_COLUMNS = [column('created_on', types.timestampLtz(3)), ...['privilege', 'granted_on', 'name', 'granted_to', 'grantee_name', 'grant_option', 'granted_by'].map(text)];
const ROLE_COLUMNS = [column('created_on', types.timestampLtz(3)), ...['role', 'granted_to', 'grantee_name', 'granted_by'].map(text)];

/** Rows of SHOW GRANTS ON / TO ROLE: ownership first, then the grants, of the objects that pass `keep`. */
function objectRows(catalog: Catalog, keep: (o: Securable, grantee: string) => boolean): unknown[][] {
  const rows: unknown[][] = [];
  for (const { object, createdOn } of ownedObjects(catalog)) {
    if (object.owner && keep(object, object.owner)) rows.push([storedTimestamp(createdOn), OWNERSHIP, object.kind, object.qualified, 'ROLE', object.owner, 'true', object.owner]);
  }
  for (const g of catalog.grants) {
    const o = grantObject(catalog, g);
    if (o && keep(o, g.grantee)) rows.push([storedTimestamp(g.createdOn), g.privilege, o.kind, o.qualified, 'ROLE', g.grantee, 'false', g.grantedBy ?? '']);
  }
  return rows;
}

function showGrants(stmt: Parameters<Command['compile']>[0], session: Session, catalogNow: Catalog): Compiled {
  const r = new TokenReader(stmt.tokens);
  r.expect('SHOW', 'GRANTS');
  const catalog = visibleCatalog(catalogNow, session.role, session.id);
  const access = Access.of(catalog, session.role);
  const rows = (columns: typeof OBJECT_COLUMNS, data: unknown[][]): StaticRows & { kind: 'rows' } => ({ kind: 'rows', columns, rows: data });
  const roleRows = (pred: (g: Catalog['roleGrants'][number]) => boolean) => catalog.roleGrants.filter(pred)
    .map((g) => [storedTimestamp(catalog.roles.get(g.role)?.createdOn ?? null), g.role, g.granteeKind, g.grantee, catalog.roles.get(g.role)?.owner ?? '']);
  const requireRole = (role: string) => {
    if (!catalog.roles.has(role)) throw sqlErrors.objectMissing('Role', displayName(role));
    if (!access.roles.has(role) && !access.admin) throw accessErrors.denied('role', displayName(role));
  };
  if (r.done || r.accept('TO', 'USER')) {
    const user = r.done ? session.user : r.ident();
    r.end();
    if (!catalog.users.has(user)) throw sqlErrors.objectMissing('User', displayName(user));
    if (user !== session.user && !access.admin) throw accessErrors.denied('user', displayName(user));
    return rows(ROLE_COLUMNS, roleRows((g) => g.granteeKind === 'USER' && g.grantee === user));
  }
  if (r.accept('OF', 'ROLE')) {
    const role = r.ident();
    r.end();
    requireRole(role);
    return rows(ROLE_COLUMNS, roleRows((g) => g.role === role));
  }
  if (r.accept('TO', 'ROLE')) {
    const role = r.ident();
    r.end();
    requireRole(role);
    const data = objectRows(catalog, (_o, grantee) => grantee === role);
    // Roles granted to the role show as USAGE on ROLE.
    for (const g of catalog.roleGrants) if (g.granteeKind === 'ROLE' && g.grantee === role) data.push([null, 'USAGE', 'ROLE', g.role, 'ROLE', role, 'false', '']);
    return rows(OBJECT_COLUMNS, data);
  }
  r.expect('ON');
  const target = readTarget(r);
  r.end();
  if (target.kind === 'ALL') r.fail();
  const [o] = resolveTarget(catalog, session, target);
  return rows(OBJECT_COLUMNS, objectRows(catalog, (x) => x.kind === o.kind && x.id === o.id));
}

export const showGrantsCommand: Command = {
  name: 'SHOW GRANTS',
  matches: (w) => w[0] === 'SHOW' && w[1] === 'GRANTS',
  compile: (stmt, ctx) => showGrants(stmt, ctx.session, ctx.catalog),
};

export const GRANT_COMMANDS = [grantPrivilegeCommand, revokePrivilegeCommand, showGrantsCommand];
