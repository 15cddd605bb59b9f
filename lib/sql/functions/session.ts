/** Context functions: answered at compile time from the session (CURRENT_DATABASE() …). */
import floePackage from '@/package.json';
import { grantedRoles } from '@/lib/access/roles';
import { binary, fn, lit } from '../tree/ast';
import { integerArg } from '../tree/ast';
import { lastQueryId } from '../session';
import { sqlErrors } from '../errors';
import { asKind } from '../parse';
import { tokenize } from '../lexer';
import { types } from '../types';
import { arity } from './arity';
import type { Call, FunctionDef } from './types';

const constant = (names: string[], value: (c: Call) => string | null, maxArgs = 0): FunctionDef => ({
  names,
  sqlite: (c) => { arity(c, 0, maxArgs); return lit(value(c)); },
  returns: () => types.varchar(),
  nullable: (_a, c) => value(c) === null,
});

const account = () => process.env.FLOE_ACCOUNT?.toUpperCase() || 'FLOE';

/** The roles a statement acts with: the session's role, every role it inherits, and PUBLIC (no secondary roles). */
function sessionRoles(c: Call): Set<string> {
  return new Set([...(c.session.role ? c.catalog.unfiltered.rolesUnder(c.session.role) : []), 'PUBLIC']);
}

/** A role name as IS_ROLE_IN_SESSION takes it: upper-cased unless double-quoted; null when the text is not one name. */
function roleNameOf(text: string): string | null {
  const t = tokenize(text);
  if (t.length !== 1) return null;
  return t[0].kind === 'word' ? t[0].text.toUpperCase() : t[0].kind === 'quoted' ? t[0].text : null;
}

const stringLiteral = (n: unknown): string | null => {
  const l = asKind(n, 'literal');
  return l?.literal_type === 'string' ? l.value : null;
};

/**
 * IS_ROLE_IN_SESSION(name): a constant name is resolved here; a column's values are compared
 * upper-cased (as unquoted names resolve) with the session's roles.
 */
function roleInSession(c: Call) {
  arity(c, 1);
  const roles = sessionRoles(c);
  const text = stringLiteral(c.args[0]);
  if (text !== null) { const r = roleNameOf(text); return lit(r !== null && roles.has(r) ? 1 : 0); }
  const name = fn('UPPER', [c.args[0]]);
  return [...roles].map((r) => binary('eq', name, lit(r))).reduce((a, b) => binary('or', a, b));
}

export const sessionFunctions: FunctionDef[] = [
  constant(['CURRENT_DATABASE'], (c) => c.session.database),
  constant(['CURRENT_SCHEMA'], (c) => c.session.schema),
  constant(['CURRENT_ROLE'], (c) => c.session.role),
  constant(['CURRENT_WAREHOUSE'], (c) => c.session.warehouse),
  constant(['CURRENT_USER'], (c) => c.session.user),
  // One server is one account: its locator and its name are the same.
  constant(['CURRENT_ACCOUNT', 'CURRENT_ACCOUNT_NAME'], account),
  // One local server: no cloud region, no organization. Clients that read these only check they answer.
  constant(['CURRENT_REGION'], () => 'LOCAL'),
  constant(['CURRENT_ORGANIZATION_NAME'], () => 'FLOE'),
  // Every statement arrives through the SQL API; the compiler does not see the request's client or address.
  constant(['CURRENT_CLIENT'], () => 'SQL API 2.0'),
  constant(['CURRENT_IP_ADDRESS'], () => '127.0.0.1'),
  constant(['CURRENT_VERSION'], () => floePackage.version),
  constant(['CURRENT_SESSION'], (c) => c.session.id),
  constant(['CURRENT_STATEMENT'], (c) => c.statementId),
  constant(['CURRENT_TRANSACTION'], (c) => c.session.transaction ?? null),
  constant(['LAST_TRANSACTION'], (c) => c.session.lastTransaction ?? null),
  // The roles the user may use (USE ROLE), as a JSON list.
  constant(['CURRENT_AVAILABLE_ROLES'], (c) => JSON.stringify([...grantedRoles(c.catalog.unfiltered, c.session.user, c.session.roleRestriction ?? null)].sort())),
  // Floe has no secondary roles: the answer for a session without any.
  constant(['CURRENT_SECONDARY_ROLES'], () => JSON.stringify({ roles: '', value: '' })),
  constant(['LAST_QUERY_ID'], (c) => {
    const n = c.args.length === 0 ? -1 : integerArg(c.args[0]);
    if (n === undefined) throw sqlErrors.invalidValue('LAST_QUERY_ID expects an integer constant');
    return lastQueryId(c.session, n);
  }, 1),
  { names: ['IS_ROLE_IN_SESSION'], sqlite: roleInSession, returns: () => types.boolean(), nullable: (a) => a[0]?.nullable ?? true },
];
