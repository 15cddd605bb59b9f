import { SECURITY_HEADERS } from './request-policy';

/** HTTP-level failures, each answered as JSON {code, message} with its status. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly extra: Record<string, unknown> = {}, readonly headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
  }
}

export const httpErrors = {
  badPayload: (detail?: string) => new HttpError(400, '390142', `Incoming request does not contain a valid payload.${detail ? ` ${detail}` : ''}`),
  badParameter: (name: string, value: string) => new HttpError(400, '390142', `Invalid value '${value}' for query parameter '${name}'.`),
  unsupportedMediaType: (type: string) => new HttpError(415, '390143', `Unsupported media type '${type}': only application/json is supported.`),
  notAcceptable: (accept: string) => new HttpError(406, '390144', `Not acceptable: '${accept}' does not include application/json.`),
  /** Beyond the request rate or the running-statement limits: retry after that many seconds. */
  tooManyRequests: (retryAfterSec = 1) => new HttpError(429, '390505', 'Too many requests.', {}, { 'retry-after': String(retryAfterSec) }),
  sqlApiDisabled: (account: string) => new HttpError(403, '390403', `The SQL API is not enabled for account ${account}.`),
  notFound: (path: string) => new HttpError(404, '390404', `Path '${path}' is not an endpoint of this server. The supported API version is v2: /api/v2/statements.`),
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  // no-transform: small answers are not worth gzip (see next.config.js).
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store, no-transform', ...SECURITY_HEADERS, ...headers } });
}

export function errorResponse(e: HttpError, extra: Record<string, unknown> = {}): Response {
  return json(e.status, { code: e.code, message: e.message, ...e.extra, ...extra }, e.headers);
}

/**
 * Next bundles each route (and instrumentation) with its own copy of shared modules, while the
 * Floe instance is shared through globalThis: an error class from one copy fails `instanceof`
 * against another. Errors are therefore recognised by name.
 */
export function isErrorNamed<T extends Error>(e: unknown, name: string): e is T {
  return e instanceof Error && e.name === name;
}
