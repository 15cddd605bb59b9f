// The console's sign-in over plain HTTP (next-auth credentials flow), for tests that need the
// short-lived OAuth access token a console user gets.
import { inject } from 'vitest';

/** Cookies of a response as one Cookie header value (name=value pairs only). */
function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
}

const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Signs `user` in with his password; returns the OAuth access token of his console session. */
export async function consoleToken(user: string, password: string, baseUrl = inject('FLOE_URL')): Promise<string> {
  return (await consoleSignIn(user, password, baseUrl)).accessToken;
}

/** Signs `user` in; returns the session's access token and its cookies (one Cookie header value). */
export async function consoleSignIn(user: string, password: string, baseUrl = inject('FLOE_URL')): Promise<{ accessToken: string; cookie: string }> {
  const jar = new Map<string, string>();
  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf`);
  cookiesOf(csrfRes, jar);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: header(jar) },
    body: new URLSearchParams({ csrfToken, username: user, password, json: 'true' }),
  });
  cookiesOf(login, jar);
  const session = (await (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie: header(jar) } })).json()) as { floe?: { accessToken: string } };
  if (!session.floe?.accessToken) throw new Error(`console sign-in of ${user} failed (HTTP ${login.status})`);
  return { accessToken: session.floe.accessToken, cookie: header(jar) };
}

/** One credentials sign-in; the error next-auth reports (its code, or the message the sign-in threw), or null when it signed in. */
export async function signInError(user: string, password: string, address = '192.0.2.1', base = inject('FLOE_URL')): Promise<string | null> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': address },
    body: new URLSearchParams({ csrfToken, username: user, password, json: 'true' }),
  });
  // With json=true next-auth answers {url}: the error page's address on failure.
  const { url } = (await res.json()) as { url: string };
  return new URL(url, base).searchParams.get('error');
}

/**
 * What the console does before its token ends: a next-auth session update (POST
 * /api/auth/session with the CSRF token). Returns the session's access token afterwards (null:
 * the session is over) and the cookies with the re-issued session cookie.
 */
export async function refreshConsoleSession(cookie: string, baseUrl = inject('FLOE_URL')): Promise<{ accessToken: string | null; expiresAt: number | null; cookie: string }> {
  const jar = new Map(cookie.split('; ').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as [string, string]));
  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: header(jar) } });
  cookiesOf(csrfRes, jar);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(jar) },
    body: JSON.stringify({ csrfToken, data: { refresh: true } }),
  });
  if (res.status !== 200) throw new Error(`session update answered HTTP ${res.status}`);
  cookiesOf(res, jar);
  const session = (await res.json()) as { floe?: { accessToken: string; expiresAt: number } | null };
  return { accessToken: session.floe?.accessToken ?? null, expiresAt: session.floe?.expiresAt ?? null, cookie: header(jar) };
}
