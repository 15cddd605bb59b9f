import { getCsrfToken } from 'next-auth/react';

/** The console's API session: the signed-in user and his current access token. */
export interface ApiSession { user: string; token: string; issuedAt: number; expiresAt: number }

/**
 * Asks next-auth to update the session (POST /api/auth/session with its CSRF token): the server
 * swaps in a new access token when the old one is in the second half of its life
 * (lib/auth/console-session.ts). null: the session is over (expired, revoked, signed out).
 * Throws when the server could not be asked (offline, 5xx): the caller tries again.
 */
export async function refreshSession(): Promise<ApiSession | null> {
  const csrfToken = await getCsrfToken();
  if (!csrfToken) throw new Error('No CSRF token for the session refresh.');
  const res = await fetch('/api/auth/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csrfToken, data: { refresh: true } }),
  });
  if (!res.ok) throw new Error(`Session refresh failed: HTTP ${res.status}`);
  const body = (await res.json()) as { floe?: { user: string; accessToken: string; issuedAt: number; expiresAt: number } | null };
  const f = body.floe;
  return f ? { user: f.user, token: f.accessToken, issuedAt: f.issuedAt, expiresAt: f.expiresAt } : null;
}
