/**
 * Authentication of the console's own endpoints (/api/console/*): the same bearer step as
 * /api/v2 (guarded), and, for requests without an Authorization header, the signed-in browser
 * session's access token. Downloads need the latter: a link the browser follows cannot carry a
 * bearer header, and fetching it by script would hold the whole file in the page.
 */
import type { Principal } from '@/lib/auth/authenticate';
import { currentConsoleSession } from '@/lib/http/console-session';
import type { Floe } from '@/lib/floe';
import { guarded } from '@/lib/http/guard';

async function withSessionToken(req: Request): Promise<Request> {
  if (req.headers.has('authorization')) return req;
  const session = await currentConsoleSession().catch(() => null);
  if (!session) return req;
  const headers = new Headers(req.headers);
  headers.set('authorization', `Bearer ${session.accessToken}`);
  headers.set('x-snowflake-authorization-token-type', 'OAUTH');
  return new Request(req.url, { method: req.method, headers });
}

export async function consoleGuarded(req: Request, fn: (floe: Floe, who: Principal) => Promise<Response>): Promise<Response> {
  // Handlers read a body from the original request (the rebuilt one has none).
  return guarded(await withSessionToken(req), fn);
}
