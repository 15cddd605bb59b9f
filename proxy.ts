/**
 * Runs before routing (Next's proxy): answers what must never reach a route as JSON, and gives
 * console pages their security headers.
 * - A malformed percent-escape in the path makes Next fail while decoding route parameters (a
 *   500 text page before any route code runs): answered 400 here instead.
 * - Console API mutations must come from our own pages (Origin / Sec-Fetch-Site) and send JSON:
 *   the session cookie alone is not enough (CSRF).
 * - Pages get a nonce-based Content-Security-Policy (Next puts the nonce on its own scripts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { consoleRequestProblem, pageSecurityPolicy, SECURITY_HEADERS } from '@/lib/http/request-policy';

const jsonError = (status: number, code: string, message: string) =>
  NextResponse.json({ code, message }, { status, headers: { 'cache-control': 'no-store', ...SECURITY_HEADERS } });

export function proxy(req: NextRequest) {
  const url = req.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  const q = url.indexOf('?', pathStart);
  const rawPath = url.slice(pathStart, q < 0 ? undefined : q);
  try {
    decodeURIComponent(rawPath);
  } catch {
    return jsonError(400, '390142', `Malformed percent-escape in the request path '${rawPath.slice(0, 200)}'.`);
  }
  if (rawPath.startsWith('/api/')) {
    // The console's API also answers to the session cookie: it must not be reachable cross-site.
    const problem = rawPath.startsWith('/api/console/') ? consoleRequestProblem(req.method, req.headers, url) : null;
    return problem ? jsonError(problem.status, problem.code, problem.message) : NextResponse.next();
  }
  const { nonce, policy } = pageSecurityPolicy(process.env.NODE_ENV === 'development');
  const headers = new Headers(req.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  // Console pages redirect a signed-out visitor to /login?next=<this path>.
  headers.set('x-floe-path', rawPath + (q < 0 ? '' : url.slice(q)));
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('content-security-policy', policy);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.headers.set(k, v);
  return res;
}

/**
 * Only where it is needed: Next's proxy costs about half a millisecond of the request thread per
 * request it sees, and buffers (clones) every body it sees up to 10 MB, cutting longer ones.
 * So: the console pages (CSP), and the API routes with path parameters (escapes) or a session
 * cookie (CSRF); never the statement submission (16 MB bodies), /healthz or static files.
 */
export const config = {
  matcher: ['/', '/login', '/history', '/worksheets', '/agents/:path*', '/statements/:path*', '/api/((?!v2/statements$).*)'],
};
