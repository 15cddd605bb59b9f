/**
 * Programmatic access tokens: ALTER USER [u] ADD | REMOVE | ROTATE PROGRAMMATIC ACCESS TOKEN name
 * and SHOW USER PROGRAMMATIC ACCESS TOKENS [FOR USER u]. A secret is shown once (token_secret)
 * and stored only as a salted scrypt hash plus its short lookup key (lib/auth/secrets.ts).
 * Rotation replaces the hash in place, so the old secret stops working at once.
 */
import { isProgrammaticToken } from '@/lib/auth/oauth';
import { hashSecret, lookupKey, newSecret } from '@/lib/auth/secrets';
import { addToken, removeToken, setTokenSecret } from '@/lib/catalog/tokens';
import { sqlErrors } from '../errors';
import { column, type ActionEnv, type Compiled } from '../compile/types';
import { types } from '../types';
import { invalidProperty, invalidValue, requireUserAccess, storedTimestamp, withinRestriction } from './access';
import { TokenReader } from './reader';
import type { Command } from './types';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 15;
const ADD_OPTIONS = new Set(['ROLE_RESTRICTION', 'DAYS_TO_EXPIRY', 'COMMENT', 'MINS_TO_BYPASS_NETWORK_POLICY_REQUIREMENT']);
const ROTATE_OPTIONS = new Set(['EXPIRE_ROTATED_TOKEN_AFTER_HOURS']);

const secretResult = (name: string, secret: string) => ({
  columns: [column('token_name', types.varchar(), false), column('token_secret', types.varchar(), false)],
  rows: [[name, secret]],
  answerOnce: true,
});

function options(r: TokenReader, allowed: Set<string>): Map<string, string> {
  const props = r.properties();
  for (const k of props.keys()) if (!allowed.has(k)) throw invalidProperty(k, 'PROGRAMMATIC ACCESS TOKEN');
  return props;
}

/** The clause after ALTER USER [IF EXISTS] [u]; the reader stands on ADD, REMOVE or ROTATE. */
export function patAction(r: TokenReader, user: string, ifExists: boolean): Compiled {
  const verb = r.ident();
  if (!r.accept('PAT')) r.expect('PROGRAMMATIC', 'ACCESS', 'TOKEN');
  const name = r.ident();
  const opts = options(r, verb === 'ADD' ? ADD_OPTIONS : verb === 'ROTATE' ? ROTATE_OPTIONS : new Set());
  return {
    kind: 'action',
    answerOnce: verb === 'ADD' || verb === 'ROTATE',
    async run(env: ActionEnv) {
      const catalog = env.catalog();
      if (!catalog.users.has(user)) {
        if (ifExists) return { status: 'Statement executed successfully.' };
        throw sqlErrors.objectMissing('User', user);
      }
      // A restricted token's session may manage tokens only within its own role (checked below).
      requireUserAccess(env.session, catalog, user, true, true);
      const beyond = () => sqlErrors.insufficientPrivileges(`manage programmatic access token '${name}' beyond role ${env.session.roleRestriction}`);
      const existing = catalog.tokens.find((t) => t.userName === user && t.name === name);
      if (verb === 'ADD') {
        if (existing) throw sqlErrors.alreadyExists('Programmatic access token', name);
        const days = opts.has('DAYS_TO_EXPIRY') ? Number(opts.get('DAYS_TO_EXPIRY')) : DEFAULT_DAYS;
        if (!Number.isInteger(days) || days < 1 || days > 365) throw invalidValue('DAYS_TO_EXPIRY', String(opts.get('DAYS_TO_EXPIRY')));
        // Minted through a restricted token, a token is restricted too: never more than its maker.
        const role = opts.get('ROLE_RESTRICTION')?.toUpperCase() ?? (withinRestriction(env.session, catalog, null) ? null : env.session.roleRestriction!);
        if (role !== null && (!catalog.roles.has(role) || !catalog.rolesOf(user).has(role))) throw sqlErrors.roleNotGranted(role);
        if (!withinRestriction(env.session, catalog, role)) throw beyond();
        const secret = newSecret();
        const now = Date.now();
        await env.write(addToken({
          userName: user, name, lookup: lookupKey(secret), secretHash: await hashSecret(secret), roleRestriction: role, expiresAt: now + days * DAY_MS, comment: opts.get('COMMENT') ?? null, createdOn: now,
        }));
        return secretResult(name, secret);
      }
      if (!existing) throw sqlErrors.objectMissing('Programmatic access token', name);
      if (!withinRestriction(env.session, catalog, existing.roleRestriction)) throw beyond();
      if (verb === 'REMOVE') {
        await env.write(removeToken(existing.id));
        return { status: `Programmatic access token ${name} successfully removed.` };
      }
      if (verb !== 'ROTATE') r.fail();
      const secret = newSecret();
      await env.write(setTokenSecret(existing.id, lookupKey(secret), await hashSecret(secret)));
      return secretResult(name, secret);
    },
  };
}

const SHOW_COLUMNS = ['name', 'user_name', 'role_restriction', 'expires_at', 'status', 'comment', 'created_on', 'created_by'];

export const showPatsCommand: Command = {
  name: 'SHOW USER PROGRAMMATIC ACCESS TOKENS',
  matches: (w) => w[0] === 'SHOW' && w[1] === 'USER' && (w[2] === 'PROGRAMMATIC' || w[2] === 'PATS'),
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW', 'USER');
    if (!r.accept('PATS')) r.expect('PROGRAMMATIC', 'ACCESS', 'TOKENS');
    const user = r.accept('FOR', 'USER') ? r.ident() : ctx.session.user;
    r.end();
    if (!ctx.catalog.users.has(user)) throw sqlErrors.objectMissing('User', user);
    requireUserAccess(ctx.session, ctx.catalog, user, true, true);
    const now = Date.now();
    const tokens = ctx.catalog.tokens.filter((t) => t.userName === user && isProgrammaticToken(t)).sort((a, b) => a.name.localeCompare(b.name));
    return {
      kind: 'rows',
      columns: SHOW_COLUMNS.map((n) => column(n, n === 'expires_at' || n === 'created_on' ? types.timestampLtz(3) : types.varchar())),
      rows: tokens.map((t) => [
        t.name, t.userName, t.roleRestriction, storedTimestamp(t.expiresAt),
        t.expiresAt !== null && t.expiresAt < now ? 'EXPIRED' : 'ACTIVE', t.comment, storedTimestamp(t.createdOn), t.userName,
      ]),
    };
  },
};
