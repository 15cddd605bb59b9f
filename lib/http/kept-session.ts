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
import type { RequestParameters } from '@/lib/sql/session-parameters';
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

/**
 * The kept session a request names: on POST (`body` given) a new one is started or the named
 * one (the caller's) is used, the body's context fields changing it as a USE would; an unknown
 * or ended one is an error. On GET it is looked up quietly (null when gone).
 */
export function keptSessionOf(floe: Floe, who: Principal, req: Request, body?: ContextFields, params?: RequestParameters): KeptSession | null {
  const raw = req.headers.get(SESSION_HEADER)?.trim();
  if (!raw) return null;
  const sessions = floe.statements.sessions;
  if (!body || !params) {
    try {
      return SESSION_ID.test(raw) ? sessions.get(raw, who.user, who.roleRestriction) : null;
    } catch {
      return null;
    }
  }
  if (raw.toLowerCase() === 'new') return sessions.start(who.user, who.roleRestriction, buildSession(floe.catalog(), who.user, body, params, who.roleRestriction));
  if (!SESSION_ID.test(raw)) throw badHeader('X-Floe-Session', raw);
  const kept = sessions.get(raw, who.user, who.roleRestriction);
  applyContext(floe, who, kept, body, params);
  return kept;
}

/** The body's role, warehouse, database and schema, validated as for a new session, replace the session's. */
function applyContext(floe: Floe, who: Principal, kept: KeptSession, body: ContextFields, params: RequestParameters): void {
  if (!body.role && !body.warehouse && !body.database && !body.schema) return;
  const s = kept.session;
  // A schema alone is one of the session's current database.
  const ctx = { role: body.role || s.role, warehouse: body.warehouse, database: body.database || (body.schema ? s.database : null), schema: body.schema };
  const fresh = buildSession(floe.catalog(), who.user, ctx, params, who.roleRestriction);
  s.role = fresh.role;
  if (body.warehouse) s.warehouse = fresh.warehouse;
  if (ctx.database) {
    s.database = fresh.database;
    s.schema = fresh.schema;
  }
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
