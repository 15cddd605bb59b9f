/** The authentication step every endpoint runs behind, and its JSON answers to failures. */
import { isAccessError } from '@/lib/access/errors';
import type { AuthError, Principal } from '@/lib/auth/authenticate';
import { getFloe, type Floe } from '@/lib/floe';
import type { ObjectSizeError } from '@/lib/limits/object-size';
import { resourceCode } from '@/lib/limits/resource-errors';
import type { StorageError } from '@/lib/storage/durable-file';
import { UNREACHABLE } from '@/lib/storage/state-schema';
import { errorResponse, HttpError, httpErrors, isErrorNamed, json } from './errors';
import { checkAccept } from './request';

export interface GuardOptions {
  /**
   * REST resource endpoints: every answer carries X-Snowflake-Request-ID and error bodies carry
   * request_id (common.yaml ErrorResponse).
   */
  requestId?: string;
  /** The handler checks that the catalog copy is current itself (a statement's admission does): authentication does not read the shared version first. */
  catalogCheckedLater?: boolean;
}

/** Runs a handler behind authentication; every failure becomes a JSON error, never a 500 page. */
export async function guarded(req: Request, fn: (floe: Floe, who: Principal) => Promise<Response>, opts: GuardOptions = {}): Promise<Response> {
  const extra = opts.requestId ? { request_id: opts.requestId } : {};
  let res: Response;
  try {
    checkAccept(req);
    const floe = await getFloe();
    const who = await floe.auth.authenticate(req.headers, !opts.catalogCheckedLater);
    const wait = floe.rateLimiter.take(who.user);
    if (wait > 0) throw httpErrors.tooManyRequests(wait);
    res = await fn(floe, who);
  } catch (e) {
    if (isErrorNamed<HttpError>(e, 'HttpError')) res = errorResponse(e, extra);
    else if (isAccessError(e)) res = json(e.reason === 'denied' ? 403 : 404, { code: e.code, message: e.message, ...extra });
    else if (isErrorNamed<AuthError>(e, 'AuthError')) res = json(e.status, { code: e.code, message: e.message, ...extra }, { 'www-authenticate': 'Bearer' });
    // A stored object over its size cap (413), a write the disk refused (507) or failed (500), shared
    // state while PostgreSQL is unreachable (503: drivers retry it): the resource error says which.
    else if (isErrorNamed<ObjectSizeError>(e, 'ObjectSizeError')) res = json(413, { ...e.resource, ...extra });
    else if (isErrorNamed<StorageError>(e, 'StorageError') && e.errno === UNREACHABLE) res = json(503, { ...e.resource, ...extra }, { 'retry-after': '1' });
    else if (isErrorNamed<StorageError>(e, 'StorageError')) res = json(e.resource.code === resourceCode('disk') ? 507 : 500, { ...e.resource, ...extra });
    else {
      console.error('Floe: unexpected error', e);
      res = json(500, { code: '000603', message: `Internal error: ${e instanceof Error ? e.message : String(e)}`, ...extra });
    }
  }
  if (opts.requestId) res.headers.set('X-Snowflake-Request-ID', opts.requestId);
  return res;
}
