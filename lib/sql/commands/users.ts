/**
 * CREATE USER, ALTER USER … SET/UNSET (and the token forms, pats.ts), DROP USER, DESCRIBE USER,
 * SHOW USERS. Passwords are stored only as salted scrypt hashes; RSA public keys as base64 DER.
 */
import type { Catalog, UserInfo } from '@/lib/catalog/catalog';
import { hashSecret } from '@/lib/auth/secrets';
import { normalizePublicKey, publicKeyFingerprint, rsaPublicKey } from '@/lib/auth/jwt';
import { createUser, dropUser, setUserProperties, type UserFields } from '@/lib/catalog/users';
import { sqlErrors } from '../errors';
import { column, type ActionEnv, type ActionOutcome, type Compiled } from '../compile/types';
import { types } from '../types';
import { alreadyExistsOk, dropCommand, invalidProperty, invalidValue, isAccountAdmin, requireAccountAdmin, requireUserAccess, storedTimestamp } from './access';
import { patAction } from './pats';
import { createMatches, TokenReader } from './reader';
import { applyNameFilters, readShowClauses } from './show-filters';
import type { Command } from './types';

/** The settable properties of a user and the catalog field each sets. */
const USER_PROPERTIES: Record<string, keyof UserFields> = {
  PASSWORD: 'passwordHash',
  DEFAULT_ROLE: 'defaultRole',
  DEFAULT_WAREHOUSE: 'defaultWarehouse',
  DEFAULT_NAMESPACE: 'defaultNamespace',
  DISABLED: 'disabled',
  RSA_PUBLIC_KEY: 'rsaPublicKey',
  RSA_PUBLIC_KEY_2: 'rsaPublicKey2',
  COMMENT: 'comment',
};
/** What a user may change on himself without ACCOUNTADMIN. */
const SELF_SETTABLE = new Set(['RSA_PUBLIC_KEY', 'RSA_PUBLIC_KEY_2']);

function checkProperties(names: Iterable<string>): void {
  for (const n of names) if (!(n in USER_PROPERTIES)) throw invalidProperty(n, 'USER');
}

/** The catalog fields of the given properties (hashing a password, validating keys). */
async function fieldValues(props: Map<string, string>): Promise<Partial<UserFields>> {
  const out: Record<string, string | boolean | null> = {};
  for (const [name, raw] of props) {
    let v: string | boolean | null = raw;
    if (name === 'PASSWORD') v = await hashSecret(raw);
    else if (name === 'DISABLED') {
      if (raw !== 'TRUE' && raw !== 'FALSE') throw invalidValue(name, raw);
      v = raw === 'TRUE';
    } else if (name.startsWith('RSA_PUBLIC_KEY')) {
      v = normalizePublicKey(raw);
      if (v === '') v = null;
      else if (!rsaPublicKey(v)) throw invalidValue(name, `${raw.slice(0, 20)}…`);
    }
    out[USER_PROPERTIES[name]] = v;
  }
  return out as Partial<UserFields>;
}

function userOf(catalog: Catalog, name: string, ifExists: boolean): UserInfo | null {
  const u = catalog.users.get(name);
  if (!u && !ifExists) throw sqlErrors.objectMissing('User', name);
  return u ?? null;
}

export const createUserCommand: Command = {
  name: 'CREATE USER',
  matches: createMatches('USER'),
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    const { orReplace, ifNotExists } = r.createHeader('USER');
    const name = r.ident();
    const props = r.properties();
    checkProperties(props.keys());
    return {
      kind: 'action',
      async run(env) {
        const catalog = env.catalog();
        requireAccountAdmin(env.session, catalog, 'create users');
        const exists = catalog.users.has(name);
        if (exists && ifNotExists) return alreadyExistsOk(name);
        if (exists && !orReplace) throw sqlErrors.alreadyExists('User', name);
        const fields = await fieldValues(props);
        await env.write([...(exists ? dropUser(name) : []), ...createUser(name, fields, Date.now())]);
        return { status: `User ${name} successfully created.` };
      },
    };
  },
};

/** ALTER USER [IF EXISTS] [name] SET … | UNSET … | ADD/REMOVE/ROTATE PROGRAMMATIC ACCESS TOKEN … */
export const alterUserCommand: Command = {
  name: 'ALTER USER',
  matches: (w) => w[0] === 'ALTER' && w[1] === 'USER',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('ALTER', 'USER');
    const ifExists = r.accept('IF', 'EXISTS');
    // ADD/REMOVE/ROTATE … TOKEN with no user name before it: the current user.
    const tokenClause = () => ['ADD', 'REMOVE', 'ROTATE'].includes(r.wordAt(0)) && ['PROGRAMMATIC', 'PAT'].includes(r.wordAt(1));
    const name = tokenClause() ? ctx.session.user : r.ident();
    if (tokenClause()) return patAction(r, name, ifExists);
    if (r.accept('SET')) {
      const props = r.properties();
      checkProperties(props.keys());
      const selfOnly = [...props.keys()].every((p) => SELF_SETTABLE.has(p));
      return userUpdate(name, ifExists, selfOnly, async () => fieldValues(props));
    }
    r.expect('UNSET');
    const names = [r.ident().toUpperCase()];
    while (r.acceptPunct(',')) names.push(r.ident().toUpperCase());
    r.end();
    checkProperties(names);
    const selfOnly = names.every((p) => SELF_SETTABLE.has(p));
    return userUpdate(name, ifExists, selfOnly, async () => Object.fromEntries(names.map((n) => [USER_PROPERTIES[n], n === 'DISABLED' ? false : null])));
  },
};

function userUpdate(name: string, ifExists: boolean, selfAllowed: boolean, values: () => Promise<Partial<UserFields>>): Compiled {
  return {
    kind: 'action',
    async run(env: ActionEnv): Promise<ActionOutcome> {
      const catalog = env.catalog();
      if (!userOf(catalog, name, ifExists)) return { status: 'Statement executed successfully.' };
      requireUserAccess(env.session, catalog, name, selfAllowed);
      await env.write(setUserProperties(name, await values()));
      return { status: 'Statement executed successfully.' };
    },
  };
}

export const dropUserCommand = dropCommand('USER', { exists: (c, n) => c.users.has(n), check: () => {}, steps: dropUser });

const text = types.varchar();
const orNull = (v: string | null) => v ?? 'null';

export const describeUserCommand: Command = {
  name: 'DESCRIBE USER',
  matches: (w) => (w[0] === 'DESCRIBE' || w[0] === 'DESC') && w[1] === 'USER',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    if (!r.accept('DESCRIBE')) r.expect('DESC');
    r.expect('USER');
    const name = r.ident();
    r.end();
    const u = userOf(ctx.catalog, name, false)!;
    requireUserAccess(ctx.session, ctx.catalog, name, true, true);
    const fp = (k: string | null) => (k ? publicKeyFingerprint(k) : null);
    const props: [string, string | null, string | null, string][] = [
      ['NAME', u.name, null, 'Name'],
      ['COMMENT', u.comment, null, 'user comment associated to an object in the dictionary'],
      ['LOGIN_NAME', u.name, null, 'Login name of the user'],
      ['DISPLAY_NAME', u.name, null, 'Display name of the associated object'],
      ['PASSWORD', u.hasPassword ? '********' : null, null, 'Password of the user'],
      ['DISABLED', String(u.disabled), 'false', 'Whether the user is disabled'],
      ['DEFAULT_WAREHOUSE', u.defaultWarehouse, null, 'Default warehouse for this user'],
      ['DEFAULT_NAMESPACE', u.defaultNamespace, null, 'Default database namespace prefix for this user'],
      ['DEFAULT_ROLE', u.defaultRole, null, 'Primary principal of user session will be set to this role'],
      ['RSA_PUBLIC_KEY', u.rsaPublicKey, null, 'RSA public key of the user'],
      ['RSA_PUBLIC_KEY_FP', fp(u.rsaPublicKey), null, 'Fingerprint of user\'s RSA public key.'],
      ['RSA_PUBLIC_KEY_2', u.rsaPublicKey2, null, 'Second RSA public key of the user'],
      ['RSA_PUBLIC_KEY_2_FP', fp(u.rsaPublicKey2), null, 'Fingerprint of user\'s second RSA public key.'],
    ];
    return {
      kind: 'rows',
      columns: [column('property', text), column('value', text), column('default', text), column('description', text)],
      rows: props.map(([p, v, d, desc]) => [p, orNull(v), orNull(d), desc]),
    };
  },
};

export const SHOW_USERS_COLUMNS: [string, 'text' | 'ts'][] = [
  ['name', 'text'], ['created_on', 'ts'], ['login_name', 'text'], ['display_name', 'text'], ['first_name', 'text'], ['last_name', 'text'],
  ['email', 'text'], ['mins_to_unlock', 'text'], ['days_to_expiry', 'text'], ['comment', 'text'], ['disabled', 'text'],
  ['must_change_password', 'text'], ['snowflake_lock', 'text'], ['default_warehouse', 'text'], ['default_namespace', 'text'],
  ['default_role', 'text'], ['default_secondary_roles', 'text'], ['ext_authn_duo', 'text'], ['ext_authn_uid', 'text'],
  ['mins_to_bypass_mfa', 'text'], ['owner', 'text'], ['last_success_login', 'ts'], ['expires_at_time', 'ts'],
  ['locked_until_time', 'ts'], ['has_password', 'text'], ['has_rsa_public_key', 'text'], ['type', 'text'], ['has_mfa', 'text'],
];

export const showUsersCommand: Command = {
  name: 'SHOW USERS',
  matches: (w) => w[0] === 'SHOW' && w[1] === 'USERS',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW', 'USERS');
    const clauses = readShowClauses(r);
    const admin = isAccountAdmin(ctx.session, ctx.catalog);
    const users = applyNameFilters([...ctx.catalog.users.values()].filter((u) => admin || u.name === ctx.session.user), (u) => u.name, clauses);
    return {
      kind: 'rows',
      columns: SHOW_USERS_COLUMNS.map(([n, t]) => column(n, t === 'ts' ? types.timestampLtz(3) : text)),
      rows: users.map((u) => [
        u.name, storedTimestamp(u.createdOn), u.name, u.name, null, null, null, null, null, u.comment, String(u.disabled),
        'false', 'false', u.defaultWarehouse, u.defaultNamespace, u.defaultRole, null, 'false', null,
        null, 'ACCOUNTADMIN', null, null, null, String(u.hasPassword), String(!!(u.rsaPublicKey || u.rsaPublicKey2)), null, 'false',
      ]),
    };
  },
};

export const USER_COMMANDS = [createUserCommand, alterUserCommand, dropUserCommand, describeUserCommand, showUsersCommand];
