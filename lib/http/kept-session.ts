/**
 * Floe's request headers beyond the SQL API, used by the console (a client without them is
 * answered exactly as before):
 * - `X-Floe-Session: new | <id>` runs the request in a kept session (lib/statements/kept-sessions.ts);
 *   the answer carries `X-Floe-Session` (its id) and `X-Floe-Session-Context` (URI-encoded JSON:
 *   role, warehouse, database, schema, and a notice when the run's open transaction was rolled back).
 *   On GET of a statement it only adds those answer headers.
 * - `X-Floe-Wait-Ms: n` shortens a synchronous POST's wait before its 202 (fast statements answer
 *   in one round trip, long ones give their handle early so they can be cancelled).
 */
import type { Principal } from '@/lib/auth/authenticate';
import type { Floe } from '@/lib/floe';
import { SESSION_ID, type KeptSession } from '@/lib/statements/kept-sessions';
import { applyGivenParameters, type RequestParameters } from '@/lib/sql/session-parameters';
import { buildSession, type ContextFields } from '@/lib/statements/session-setup';
import { HttpError } from './errors';

export const SESSION_HEADER = 'x-floe-session';

const badHeader = (name: string, value: string) => new HttpError(400, '390142', `Invalid value '${value.slice(0, 100)}' for header '${name}'.`);

/** The synchronous wait the request asks for (ms), or undefined. */
export function waitMsOf(req: Request): number | undefined {
  const raw = req.headers.get('x-floe-wait-ms');
  if (raw === null) return undefined;
  if (!/^\d{1,9}$/.test(raw.trim())) throw badHeader('X-Floe-Wait-Ms', raw);
  return Number(raw);
}

/** The kept session a GET names, looked up quietly (null when none, malformed or gone). */
export function keptSessionOf(floe: Floe, who: Principal, req: Request): KeptSession | null {
  const raw = req.headers.get(SESSION_HEADER)?.trim();
  if (!raw || !SESSION_ID.test(raw)) return null;
  try {
    return floe.statements.sessions.get(raw, who.user, who.roleRestriction);
  } catch {
    return null;
  }
}

/** The kept session a POST runs in, and what its body changes in it (`enter`: checked already, it cannot fail). */
export interface PostedSession {
  kept: KeptSession;
  /** Run once the session is the request's (not while another request runs in it: that one answers 409). */
  enter: () => void;
}

/**
 * The kept session a POST names: a new one is started (from the body, as any request's session)
 * or the named one (the caller's) is used, the body's context fields changing it as a USE would
 * and its `parameters` as ALTER SESSION SET would (they persist); an unknown or ended one is an error.
 */
export function postedSession(floe: Floe, who: Principal, req: Request, body: ContextFields & { parameters?: Record<string, unknown> | null }, params: RequestParameters): PostedSession | null {
  const raw = req.headers.get(SESSION_HEADER)?.trim();
  if (!raw) return null;
  const sessions = floe.statements.sessions;
  if (raw.toLowerCase() === 'new') return { kept: sessions.start(who.user, who.roleRestriction, buildSession(floe.catalog(), who.user, body, params, who.roleRestriction)), enter: () => {} };
  if (!SESSION_ID.test(raw)) throw badHeader('X-Floe-Session', raw);
  const kept = sessions.get(raw, who.user, who.roleRestriction);
  const context = contextChange(floe, who, kept, body, params);
  return {
    kept,
    enter: () => {
      context();
      applyGivenParameters(kept.session, body.parameters);
    },
  };
}

/** The body's role, warehouse, database and schema, validated now as for a new session: the change that replaces the session's. */
function contextChange(floe: Floe, who: Principal, kept: KeptSession, body: ContextFields, params: RequestParameters): () => void {
  if (!body.role && !body.warehouse && !body.database && !body.schema) return () => {};
  const s = kept.session;
  // A schema alone is one of the session's current database.
  const ctx = { role: body.role || s.role, warehouse: body.warehouse, database: body.database || (body.schema ? s.database : null), schema: body.schema };
  const fresh = buildSession(floe.catalog(), who.user, ctx, params, who.roleRestriction);
  return () => {
    s.role = fresh.role;
    if (body.warehouse) s.warehouse = fresh.warehouse;
    if (ctx.database) {
      s.database = fresh.database;
      s.schema = fresh.schema;
    }
  };
}

/** What a kept session tells the console after `handle`'s run. */
export function sessionHeaders(kept: KeptSession, handle: string): Record<string, string> {
  const { role, warehouse, database, schema } = kept.session;
  const notice = kept.notice?.handle === handle ? kept.notice.message : undefined;
  return {
    [SESSION_HEADER]: kept.id,
    'x-floe-session-context': encodeURIComponent(JSON.stringify({ role, warehouse, database, schema, ...(notice ? { notice } : {}) })),
  };
}
