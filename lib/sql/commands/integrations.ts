/**
 * Security integrations of Snowflake OAuth for custom clients: CREATE [OR REPLACE] SECURITY
 * INTEGRATION [IF NOT EXISTS] … TYPE = OAUTH OAUTH_CLIENT = CUSTOM …, ALTER [SECURITY]
 * INTEGRATION … SET / UNSET / REFRESH OAUTH_CLIENT_SECRET[_2], DROP [SECURITY] INTEGRATION,
 * SHOW [SECURITY] INTEGRATIONS and DESC[RIBE] [SECURITY] INTEGRATION. ACCOUNTADMIN only (Floe has
 * no CREATE INTEGRATION privilege). What the settings mean is lib/auth/oauth-clients.ts; the
 * client secrets are SYSTEM$SHOW_OAUTH_CLIENT_SECRETS's (lib/sql/functions/system.ts).
 */
import type { IntegrationInfo } from '@/lib/catalog/catalog';
import { BUILT_IN_SETTABLE, isBuiltIn, newClientId, OAUTH_PROPERTIES, PRIVILEGED_ROLES, redirectUriProblem, REFRESH_VALIDITY_RANGE, roleList, setting } from '@/lib/auth/oauth-clients';
import { createIntegration, dropIntegration, upsertIntegration } from '@/lib/catalog/integrations';
import { SqlError, sqlErrors } from '../errors';
import { column, type Compiled } from '../compile/types';
import { types } from '../types';
import { alreadyExistsOk, dropCommand, invalidProperty, invalidValue, isAccountAdmin, requireAccountAdmin, storedTimestamp } from './access';
import { TokenReader } from './reader';
import { applyNameFilters, readShowClauses } from './show-filters';
import type { Command } from './types';

const KIND = 'SECURITY INTEGRATION';
const REQUIRED = ['TYPE', 'OAUTH_CLIENT', 'OAUTH_CLIENT_TYPE', 'OAUTH_REDIRECT_URI'];
const missing = (name: string) => sqlErrors.objectMissing('Integration', name);

const unsupportedKind = (what: string) =>
  sqlErrors.unsupported(`${what} (Floe's security integrations are TYPE = OAUTH with OAUTH_CLIENT = CUSTOM)`);

/** A role name in a list: a string is read like an identifier (upper-cased unless it is "quoted" inside). */
function roleName(raw: string, quoted: boolean): string {
  const name = quoted ? raw : /^".*"$/.test(raw) ? raw.slice(1, -1) : raw.toUpperCase();
  if (name === '' || name.includes(',')) throw invalidValue('ROLES_LIST', raw);
  return name;
}

/** `( 'R1', R2, … )` → comma-joined role names. */
function readRoleList(r: TokenReader, property: string): string {
  if (!r.acceptPunct('(')) r.fail();
  const roles: string[] = [];
  if (!r.acceptPunct(')')) {
    do {
      const t = r.peek();
      if (t?.kind === 'string') roles.push(roleName(r.string(), false));
      else roles.push(roleName(r.ident(), t?.kind === 'quoted'));
    } while (r.acceptPunct(','));
    if (!r.acceptPunct(')')) r.fail();
  }
  if (property === 'PRE_AUTHORIZED_ROLES_LIST') {
    const privileged = roles.find((x) => PRIVILEGED_ROLES.includes(x));
    if (privileged) throw new SqlError('002031', '22023', `SQL compilation error:\nRole '${privileged}' cannot be pre-authorized for an OAuth integration.`);
  }
  return [...new Set(roles)].join(',');
}

/** A property value as stored: booleans 'true' / 'false', integers as digits, the rest as written. */
function readValue(r: TokenReader, name: string): string {
  const spec = OAUTH_PROPERTIES[name];
  if (spec?.kind === 'List') return readRoleList(r, name);
  const t = r.peek();
  const raw = r.value();
  switch (spec?.kind) {
    case 'Boolean': {
      const b = raw.toUpperCase();
      if (b !== 'TRUE' && b !== 'FALSE') throw invalidValue(name, raw);
      return b.toLowerCase();
    }
    case 'Integer': {
      if (t?.kind !== 'number' || !/^\d+$/.test(raw)) throw invalidValue(name, raw);
      const n = Number(raw);
      if (name === 'OAUTH_REFRESH_TOKEN_VALIDITY' && (n < REFRESH_VALIDITY_RANGE[0] || n > REFRESH_VALIDITY_RANGE[1])) {
        throw new SqlError('002031', '22023', `SQL compilation error:\nOAUTH_REFRESH_TOKEN_VALIDITY must be between ${REFRESH_VALIDITY_RANGE[0]} and ${REFRESH_VALIDITY_RANGE[1]} seconds, got ${raw}.`);
      }
      return String(n);
    }
    default:
      if (name === 'OAUTH_REDIRECT_URI' && t?.kind !== 'string') throw invalidValue(name, raw);
      if (name === 'OAUTH_CLIENT_TYPE') {
        const v = raw.toUpperCase();
        if (v !== 'CONFIDENTIAL' && v !== 'PUBLIC') throw invalidValue(name, raw);
        return v;
      }
      return name === 'TYPE' || name === 'OAUTH_CLIENT' ? raw.toUpperCase() : raw;
  }
}

/**
 * `NAME = value …` to the end. Only the properties Floe implements are accepted: anything else
 * (NETWORK_POLICY, OAUTH_USE_SECONDARY_ROLES, partner clients …) fails rather than being ignored.
 */
function readProperties(r: TokenReader, creating: boolean): Map<string, string> {
  const out = new Map<string, string>();
  while (!r.done) {
    const name = r.ident().toUpperCase();
    const known = name === 'COMMENT' || name in OAUTH_PROPERTIES || (creating && (name === 'TYPE' || name === 'OAUTH_CLIENT'));
    if (!known) throw invalidProperty(name, KIND);
    if (!r.acceptPunct('=')) r.fail();
    out.set(name, readValue(r, name));
  }
  return out;
}

/** Refuses settings that do not make an OAuth client Floe can serve (after SET: the merged ones). */
function checkSettings(i: IntegrationInfo): void {
  const uri = setting(i, 'OAUTH_REDIRECT_URI');
  const problem = redirectUriProblem(uri, setting(i, 'OAUTH_ALLOW_NON_TLS_REDIRECT_URI') === 'true');
  if (problem) throw new SqlError('002031', '22023', `SQL compilation error:\ninvalid value ['${uri}'] for parameter 'OAUTH_REDIRECT_URI': ${problem}.`);
}

/** `[SECURITY] INTEGRATION` after the verb (DROP / ALTER / DESCRIBE take either form). */
function integrationWords(r: TokenReader): void {
  r.accept('SECURITY');
  r.expect('INTEGRATION');
}

export const createIntegrationCommand: Command = {
  name: 'CREATE SECURITY INTEGRATION',
  matches: (w) => w[0] === 'CREATE' && ((w[1] === 'SECURITY' && w[2] === 'INTEGRATION') || (w[1] === 'OR' && w[3] === 'SECURITY')),
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('CREATE');
    const orReplace = r.accept('OR', 'REPLACE');
    r.expect('SECURITY', 'INTEGRATION');
    const ifNotExists = r.accept('IF', 'NOT', 'EXISTS');
    const name = r.ident();
    const props = readProperties(r, true);
    const type = props.get('TYPE');
    if (type !== undefined && type !== 'OAUTH') throw unsupportedKind(`SECURITY INTEGRATION of TYPE = ${type}`);
    const client = props.get('OAUTH_CLIENT');
    if (client !== undefined && client !== 'CUSTOM') throw unsupportedKind(`OAUTH_CLIENT = ${client}`);
    for (const p of REQUIRED) if (!props.has(p)) throw new SqlError('002029', '42601', `SQL compilation error:\nMissing option(s): [${p}] for ${KIND} ${name}.`);
    const comment = props.get('COMMENT') ?? null;
    const properties: Record<string, string> = {};
    for (const [k, v] of props) if (k in OAUTH_PROPERTIES) properties[k] = v;
    return {
      kind: 'action',
      async run(env) {
        const catalog = env.catalog();
        requireAccountAdmin(env.session, catalog, 'create security integrations');
        const existing = catalog.integrations.get(name);
        if (existing && ifNotExists) return alreadyExistsOk(name);
        if (existing && !orReplace) throw sqlErrors.alreadyExists('Integration', name);
        if (existing && isBuiltIn(existing)) throw sqlErrors.builtInIntegration(name, 'replace');
        // A replaced integration is a new client: new client_id and secrets, its tokens end.
        const created: IntegrationInfo = {
          name, type: 'OAUTH', clientId: newClientId(), properties, secretGenerations: [1, 1], owner: env.session.role, comment, createdOn: Date.now(),
        };
        checkSettings(created);
        await env.write(createIntegration(created, existing));
        return { status: `Integration ${name} successfully created.` };
      },
    };
  },
};

export const alterIntegrationCommand: Command = {
  name: 'ALTER SECURITY INTEGRATION',
  matches: (w) => w[0] === 'ALTER' && (w[1] === 'INTEGRATION' || (w[1] === 'SECURITY' && w[2] === 'INTEGRATION')),
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('ALTER');
    integrationWords(r);
    const ifExists = r.accept('IF', 'EXISTS');
    const name = r.ident();
    let change: (i: IntegrationInfo) => IntegrationInfo;
    /** What the statement changes (a built-in integration allows BUILT_IN_SETTABLE only). */
    let changes: string[];
    if (r.accept('SET')) {
      const props = readProperties(r, false);
      if (props.size === 0) r.fail();
      changes = [...props.keys()];
      change = (i) => {
        const properties = { ...i.properties };
        for (const [k, v] of props) if (k !== 'COMMENT') properties[k] = v;
        return { ...i, properties, comment: props.has('COMMENT') ? props.get('COMMENT')! : i.comment };
      };
    } else if (r.accept('UNSET')) {
      const names: string[] = [];
      do names.push(r.ident().toUpperCase()); while (r.acceptPunct(','));
      r.end();
      // UNSET ENABLED would turn a built-in integration off (the default is FALSE): SET it instead.
      changes = names.map((n) => (n === 'COMMENT' ? n : `UNSET ${n}`));
      for (const n of names) {
        if (n !== 'COMMENT' && !(n in OAUTH_PROPERTIES)) throw invalidProperty(n, KIND);
        if (REQUIRED.includes(n)) throw new SqlError('002031', '22023', `SQL compilation error:\nProperty '${n}' of ${KIND} ${name} is required and cannot be unset.`);
      }
      change = (i) => {
        const properties = { ...i.properties };
        for (const n of names) delete properties[n];
        return { ...i, properties, comment: names.includes('COMMENT') ? null : i.comment };
      };
    } else {
      r.expect('REFRESH');
      const which = r.ident().toUpperCase();
      r.end();
      if (which !== 'OAUTH_CLIENT_SECRET' && which !== 'OAUTH_CLIENT_SECRET_2') r.fail();
      const slot = which === 'OAUTH_CLIENT_SECRET' ? 0 : 1;
      changes = [which];
      change = (i) => {
        const generations: [number, number] = [...i.secretGenerations];
        generations[slot]++;
        return { ...i, secretGenerations: generations };
      };
    }
    return {
      kind: 'action',
      async run(env) {
        const catalog = env.catalog();
        requireAccountAdmin(env.session, catalog, `operate on integration '${name}'`);
        const i = catalog.integrations.get(name);
        if (!i) {
          if (ifExists) return { status: 'Statement executed successfully.' };
          throw missing(name);
        }
        if (isBuiltIn(i) && changes.some((c) => !BUILT_IN_SETTABLE.includes(c))) throw sqlErrors.builtInIntegration(name, 'change the settings of');
        const next = change(i);
        if (!isBuiltIn(next)) checkSettings(next);
        await env.write(upsertIntegration(next));
        return { status: 'Statement executed successfully.' };
      },
    };
  },
};

export const dropIntegrationCommand = dropCommand('INTEGRATION', {
  prefix: 'SECURITY',
  exists: (c, n) => c.integrations.has(n),
  check: (_env, name) => { if (isBuiltIn({ name })) throw sqlErrors.builtInIntegration(name, 'drop'); },
  // Its clients' tokens go with it.
  steps: (name, env) => dropIntegration(env.catalog().integrations.get(name)!),
});

const text = types.varchar();

export const showIntegrationsCommand: Command = {
  name: 'SHOW INTEGRATIONS',
  matches: (w) => w[0] === 'SHOW' && (w[1] === 'INTEGRATIONS' || (w[1] === 'SECURITY' && w[2] === 'INTEGRATIONS')),
  compile(stmt, ctx): Compiled {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW');
    r.accept('SECURITY');
    r.expect('INTEGRATIONS');
    const clauses = readShowClauses(r);
    r.end();
    // Only ACCOUNTADMIN owns or uses integrations here: other roles see none.
    const all = isAccountAdmin(ctx.session, ctx.catalog) ? [...ctx.catalog.integrations.values()] : [];
    const list = applyNameFilters(all, (i) => i.name, clauses).sort((a, b) => a.name.localeCompare(b.name));
    return {
      kind: 'rows',
      columns: [column('name', text), column('type', text), column('category', text), column('enabled', text), column('comment', text), column('created_on', types.timestampLtz(3))],
      rows: list.map((i) => [i.name, 'OAUTH - CUSTOM', 'SECURITY', setting(i, 'ENABLED'), i.comment, storedTimestamp(i.createdOn)]),
    };
  },
};

export const describeIntegrationCommand: Command = {
  name: 'DESCRIBE SECURITY INTEGRATION',
  matches: (w) => (w[0] === 'DESCRIBE' || w[0] === 'DESC') && (w[1] === 'INTEGRATION' || (w[1] === 'SECURITY' && w[2] === 'INTEGRATION')),
  compile(stmt, ctx): Compiled {
    const r = new TokenReader(stmt.tokens);
    if (!r.accept('DESCRIBE')) r.expect('DESC');
    integrationWords(r);
    const name = r.ident();
    r.end();
    // Not ACCOUNTADMIN: answered exactly like a missing integration.
    const i = isAccountAdmin(ctx.session, ctx.catalog) ? ctx.catalog.integrations.get(name) : undefined;
    if (!i) throw missing(name);
    const prop = (key: string): unknown[] => {
      const spec = OAUTH_PROPERTIES[key];
      return [key, spec.kind, spec.kind === 'List' ? roleList(i, key).join(',') : setting(i, key), spec.default];
    };
    // The console's client has no redirect URI, secret, consent or refresh tokens (first-party sign-in at /login).
    const rows: unknown[][] = isBuiltIn(i) ? [
      prop('ENABLED'), prop('OAUTH_CLIENT_TYPE'),
      ['OAUTH_CLIENT_ID', 'String', i.clientId, ''],
      ['OAUTH_AUTHORIZATION_ENDPOINT', 'String', '/login', ''],
      prop('OAUTH_ISSUE_REFRESH_TOKENS'),
      ['COMMENT', 'String', i.comment ?? '', ''],
    ] : [
      prop('ENABLED'), prop('OAUTH_REDIRECT_URI'), prop('OAUTH_CLIENT_TYPE'), prop('OAUTH_ALLOW_NON_TLS_REDIRECT_URI'), prop('OAUTH_ENFORCE_PKCE'),
      ['OAUTH_CLIENT_ID', 'String', i.clientId, ''],
      ['OAUTH_AUTHORIZATION_ENDPOINT', 'String', '/oauth/authorize', ''],
      ['OAUTH_TOKEN_ENDPOINT', 'String', '/oauth/token-request', ''],
      prop('PRE_AUTHORIZED_ROLES_LIST'), prop('BLOCKED_ROLES_LIST'), prop('OAUTH_ISSUE_REFRESH_TOKENS'), prop('OAUTH_REFRESH_TOKEN_VALIDITY'),
      ['COMMENT', 'String', i.comment ?? '', ''],
    ];
    return {
      kind: 'rows',
      columns: ['property', 'property_type', 'property_value', 'property_default'].map((n) => column(n, text)),
      rows,
    };
  },
};

export const INTEGRATION_COMMANDS: Command[] = [createIntegrationCommand, alterIntegrationCommand, dropIntegrationCommand, showIntegrationsCommand, describeIntegrationCommand];
