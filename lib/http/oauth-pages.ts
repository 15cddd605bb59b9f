/**
 * The two pages /oauth/authorize shows a browser: the consent page (the client, the user, the
 * role and offline access, with Allow / Deny) and the page of a request that cannot go back to
 * its client. Plain server-rendered HTML without scripts: the form works before and without
 * JavaScript, under a CSP of its own (no script at all, never framed, forms only to this site
 * and the client's redirect origin, which the answer to Allow / Deny redirects to).
 */
import { pageSecurityPolicy, SECURITY_HEADERS } from './request-policy';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The console's colours (app/globals.css), light or dark as the system prefers. */
const STYLE = `
:root { --bg: #fff; --fg: #1b1f24; --muted: #586174; --border: #d0d5dd; --panel: #f6f7f9; --accent: #2563eb; --accent-fg: #fff; --error: #b42318; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --bg: #0f1115; --fg: #e6e8eb; --muted: #98a2b3; --border: #2e333b; --panel: #171a20; --accent: #60a5fa; --accent-fg: #0f1115; --error: #f97066; } }
body { margin: 0; font-family: system-ui, sans-serif; background: var(--bg); color: var(--fg); font-size: 14px; display: grid; place-items: center; min-height: 100vh; }
main { width: 380px; padding: 24px; border: 1px solid var(--border); border-radius: 10px; background: var(--panel); }
h1 { margin: 0 0 12px; font-size: 20px; } ul { padding-left: 18px; } .muted { color: var(--muted); } .error { color: var(--error); }
.actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 16px; }
button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--border); border-radius: 6px; padding: 6px 14px; cursor: pointer; }
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }`;

function page(status: number, title: string, body: string, formTargets: string[] = []): Response {
  const { policy } = pageSecurityPolicy(false, formTargets);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · Floe</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy,
      // Stricter than elsewhere: the authorization request's query must not leak to the client.
      'referrer-policy': 'no-referrer', 'cache-control': 'no-store', pragma: 'no-cache',
    },
  });
}

export interface ConsentView {
  clientName: string;
  user: string;
  role: string;
  /** Offline access: refresh tokens valid this many days. */
  refreshDays: number | null;
  redirectUri: string;
  /** Hidden fields the POST carries back (the request and its CSRF token). */
  fields: Record<string, string>;
}

export function consentPage(v: ConsentView): Response {
  const hidden = Object.entries(v.fields).map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`).join('');
  const target = new URL(v.redirectUri);
  const body = `<h1>Authorize ${esc(v.clientName)}</h1>
<p>The application <strong data-testid="oauth-client">${esc(v.clientName)}</strong> asks to use Floe as <strong>${esc(v.user)}</strong>.</p>
<ul>
<li>Run SQL statements with role <strong data-testid="oauth-role">${esc(v.role)}</strong></li>
${v.refreshDays !== null ? `<li>Keep this access while you are away (a refresh token valid for ${v.refreshDays} day(s))</li>` : ''}
</ul>
<p class="muted">Either way you then go back to ${esc(target.origin)}.</p>
<form method="post" action="/oauth/authorize">${hidden}
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button><button type="submit" name="decision" value="allow" class="primary">Allow</button></div>
</form>`;
  return page(200, `Authorize ${v.clientName}`, body, [target.origin]);
}

/** A request refused without going back to its client (unknown client, wrong redirect URI, forged consent). */
export function refusalPage(status: number, error: string, message: string): Response {
  return page(status, 'Authorization refused', `<h1>Authorization refused</h1><p class="error" data-testid="oauth-error">${esc(error)}</p><p>${esc(message)}</p>`);
}
