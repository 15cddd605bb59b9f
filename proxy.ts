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
import { consoleRequestProblem, pageSecurityPolicy } from '@/lib/http/request-policy';

const jsonError = (status: number, code: string, message: string) =>
  NextResponse.json({ code, message }, { status, headers: { 'cache-control': 'no-store' } });

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
  // The SQL API and other machine endpoints need nothing more (and every microsecond counts there).
  if (rawPath.startsWith('/api/v2/') || rawPath === '/healthz' || rawPath.startsWith('/oauth/') || rawPath.startsWith('/_next/')) return NextResponse.next();
  if (rawPath.startsWith('/api/console/')) {
    const problem = consoleRequestProblem(req.method, req.headers, url);
    return problem ? jsonError(problem.status, problem.code, problem.message) : NextResponse.next();
  }
  if (rawPath.startsWith('/api/')) return NextResponse.next();
  const { nonce, policy } = pageSecurityPolicy(process.env.NODE_ENV === 'development');
  const headers = new Headers(req.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  // Console pages redirect a signed-out visitor to /login?next=<this path>.
  headers.set('x-floe-path', rawPath + (q < 0 ? '' : url.slice(q)));
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('content-security-policy', policy);
  return res;
}

/**
 * Everything but the statement submission: Next buffers (clones) the body of every request its
 * proxy sees, up to 10 MB, and hands the route a truncated one beyond that. Statements may be
 * 16 MB, and their path has no parameter to be malformed.
 */
export const config = { matcher: ['/((?!api/v2/statements$|_next/static/).*)'] };
