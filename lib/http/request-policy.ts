/** Request checks and headers shared by the proxy (proxy.ts): CSRF rules for the console API, page CSP. */

/**
 * Sent with every answer Floe makes (set by the code that makes it: next.config's headers()
 * would cost every request ~50-100 µs of the request thread): no MIME sniffing, never framed,
 * no referrer beyond this site.
 */
export const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'same-origin' } as const;

export interface RequestProblem {
  status: number;
  code: string;
  message: string;
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A console API mutation is accepted only from this site's own pages: a browser sends Origin
 * (and Sec-Fetch-Site) with every such request, so a foreign or missing-but-cross-site origin is
 * a forged request riding on the session cookie. Bodies must be JSON (a form post cannot be).
 */
export function consoleRequestProblem(method: string, headers: Headers, url: string): RequestProblem | null {
  if (!MUTATIONS.has(method)) return null;
  const crossSite = crossSiteProblem(headers, url);
  if (crossSite) return crossSite;
  if (method !== 'DELETE') {
    const type = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return { status: 415, code: '390143', message: `Unsupported media type '${type}': only application/json is supported.` };
  }
  return null;
}

const forbidden = (what: string): RequestProblem => ({ status: 403, code: '390403', message: `Cross-site request refused (${what}): console changes must come from this site's pages.` });

/** A request a browser says comes from another site (Sec-Fetch-Site, Origin), or null. */
export function crossSiteProblem(headers: Headers, url: string): RequestProblem | null {
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return forbidden(`Sec-Fetch-Site '${site}'`);
  // The browser's own word: a page with Referrer-Policy no-referrer (the consent page) posts with
  // Origin 'null', but Sec-Fetch-Site still says where the request came from.
  if (site === 'same-origin') return null;
  const origin = headers.get('origin');
  if (origin !== null) {
    const host = headers.get('x-forwarded-host') ?? headers.get('host') ?? new URL(url).host;
    let originHost: string;
    try { originHost = new URL(origin).host; } catch { return forbidden(`Origin '${origin.slice(0, 100)}'`); }
    if (originHost !== host) return forbidden(`Origin '${origin.slice(0, 100)}'`);
  }
  return null;
}

/**
 * The console pages' Content-Security-Policy: scripts only from this origin with this response's
 * nonce (Next adds it to its own script tags), Monaco's workers from this origin or blob:, styles
 * inline (Monaco injects them), never framed. Development needs eval for React's tooling.
 * formTargets: origins a form of the page may end up at (browsers check form-action on redirects).
 */
export function pageSecurityPolicy(dev: boolean, formTargets: string[] = []): { nonce: string; policy: string } {
  const nonce = btoa(crypto.randomUUID());
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    // A form whose answer redirects elsewhere (the OAuth consent page) names that origin too.
    ['form-action', "'self'", ...formTargets].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
  return { nonce, policy };
}
