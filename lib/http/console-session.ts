/**
 * The console's sign-in (next-auth, credentials provider against Floe users), through its built-in
 * security integration FLOE_CONSOLE (oauth-clients.ts): while that is disabled nobody signs in. A
 * successful sign-in issues a short-lived OAuth access token (oauth.ts, FLOE_CONSOLE_TOKEN_TTL_S) issued to that client that lives
 * in the next-auth JWT session; the browser reads it from the session and calls /api/v2 with it
 * like any client. An open console refreshes it before it ends (a next-auth session update,
 * lib/client/session.tsx): while the token still works and less than half its life is left, a new
 * one replaces it; the one before stays valid until it ends (requests under way still carry it)
 * and the one before that is revoked. Sign-out revokes them. The session cookie is signed with a secret kept in the data dir (or
 * NEXTAUTH_SECRET), so sessions survive a restart exactly as long as their token does.
 */
import type { AuthOptions, Session } from 'next-auth';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getFloe } from '@/lib/floe';
import { issueAccessToken, revokeAccessToken, verifyPassword, type IssuedToken } from '@/lib/auth/oauth';
import { CONSOLE_INTEGRATION, flag } from '@/lib/auth/oauth-clients';
import { CONSOLE_DISABLED, LOCKED_PREFIX } from '@/lib/auth/sign-in-messages';
import { dataDirKey } from '@/lib/auth/server-key';


/** The caller's address as Next's server reports it (x-forwarded-for, first hop). */
function clientAddress(headers: Record<string, unknown> | undefined): string {
  const xff = headers?.['x-forwarded-for'];
  return (typeof xff === 'string' ? xff.split(',')[0].trim() : '') || 'unknown';
}

export interface ConsoleSession { user: string; accessToken: string; issuedAt: number; expiresAt: number }

interface ConsoleJwt { user?: string; accessToken?: string; tokenName?: string; issuedAt?: number; expiresAt?: number; previousTokenName?: string }

const g = globalThis as typeof globalThis & { __floeSessionSecret?: Promise<string> };

async function sessionSecret(): Promise<string> {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  g.__floeSessionSecret ??= getFloe().then((floe) => dataDirKey(floe.config.dataDir, 'console-session-secret'));
  return g.__floeSessionSecret;
}

/** The token the session holds, when it still works and less than half its life is left: a new one. */
async function refreshed(t: ConsoleJwt, ttlMs: number): Promise<Partial<ConsoleJwt>> {
  if (!t.user || !t.accessToken || !t.expiresAt) return {};
  const now = Date.now();
  if (t.expiresAt - now > ttlMs / 2) return {};
  const floe = await getFloe();
  try {
    const who = await floe.auth.authenticate(new Headers({ authorization: `Bearer ${t.accessToken}`, 'x-snowflake-authorization-token-type': 'OAUTH' }));
    if (who.user !== t.user) return { expiresAt: 0 };
  } catch {
    // Expired, revoked, or the user disabled: the session is over (the console signs in again).
    return { expiresAt: 0 };
  }
  if (t.previousTokenName) await revokeAccessToken(floe.write, t.user, t.previousTokenName);
  const client = floe.catalog().integrations.get(CONSOLE_INTEGRATION);
  const issued = await issueAccessToken(floe.write, t.user, now, { ttlMs, oauthClient: client?.clientId });
  return { ...fromIssued(issued, now), previousTokenName: t.tokenName };
}

const fromIssued = (i: IssuedToken, now: number): Partial<ConsoleJwt> => ({ accessToken: i.accessToken, tokenName: i.tokenName, expiresAt: i.expiresAt, issuedAt: now });

export async function consoleAuthOptions(): Promise<AuthOptions> {
  const ttlMs = (await getFloe()).config.consoleTokenTtlSec * 1000;
  return {
    secret: await sessionSecret(),
    session: { strategy: 'jwt', maxAge: ttlMs / 1000 },
    pages: { signIn: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Floe',
        credentials: { username: { label: 'User', type: 'text' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          if (!credentials?.username || !credentials.password) return null;
          const floe = await getFloe();
          // The console is an OAuth client like the others (its built-in integration): disabled, nobody signs in.
          const client = floe.catalog().integrations.get(CONSOLE_INTEGRATION);
          if (!client || !flag(client, 'ENABLED')) throw new Error(CONSOLE_DISABLED);
          const name = credentials.username.trim().toUpperCase();
          const address = clientAddress(req.headers);
          const gate = floe.loginThrottle.gate(name, address);
          // next-auth hands a thrown message to the form (a null is "incorrect password").
          if (gate.locked) throw new Error(`${LOCKED_PREFIX} Try again in ${Math.ceil(gate.retryAfterSec / 60)} minute(s).`);
          if (gate.delayMs > 0) await new Promise((r) => setTimeout(r, gate.delayMs));
          const user = await verifyPassword(floe.catalog(), credentials.username, credentials.password);
          if (!user) {
            floe.loginThrottle.failed(name, address);
            return null;
          }
          floe.loginThrottle.succeeded(name, address);
          const now = Date.now();
          return { id: user, name: user, ...fromIssued(await issueAccessToken(floe.write, user, now, { ttlMs, oauthClient: client.clientId }), now) };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger }) {
        const t = token as typeof token & ConsoleJwt;
        if (user) {
          const u = user as typeof user & Required<Pick<ConsoleJwt, 'accessToken' | 'tokenName' | 'issuedAt' | 'expiresAt'>>;
          Object.assign(t, { user: u.id, accessToken: u.accessToken, tokenName: u.tokenName, issuedAt: u.issuedAt, expiresAt: u.expiresAt });
        } else if (trigger === 'update') {
          Object.assign(t, await refreshed(t, ttlMs));
        }
        return t;
      },
      session({ session, token }) {
        const t = token as ConsoleJwt;
        const live = t.user && t.accessToken && t.expiresAt && t.expiresAt > Date.now();
        return { ...session, floe: live ? { user: t.user, accessToken: t.accessToken, issuedAt: t.issuedAt ?? 0, expiresAt: t.expiresAt } : null };
      },
    },
    events: {
      async signOut({ token }) {
        const t = token as ConsoleJwt;
        if (!t.user) return;
        const { write } = await getFloe();
        for (const name of [t.tokenName, t.previousTokenName]) if (name) await revokeAccessToken(write, t.user, name);
      },
    },
  };
}

/** The signed-in console user with a live access token, or null (pages redirect to /login). */
export async function currentConsoleSession(): Promise<ConsoleSession | null> {
  const session = (await getServerSession(await consoleAuthOptions())) as (Session & { floe?: ConsoleSession | null }) | null;
  const s = session?.floe;
  return s && s.expiresAt > Date.now() ? s : null;
}
