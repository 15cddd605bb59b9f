/**
 * The console's sign-in (next-auth, credentials provider against Floe users), through its built-in
 * security integration FLOE_CONSOLE (oauth-clients.ts): while that is disabled nobody signs in. A
 * successful sign-in issues a short-lived OAuth access token (oauth.ts) issued to that client (its
 * client_id on the token row) that lives in the next-auth JWT
 * session; the browser reads it from the session and calls /api/v2 with it like any client.
 * Sign-out revokes it. The session cookie is signed with a secret kept in the data dir (or
 * NEXTAUTH_SECRET), so sessions survive a restart exactly as long as their token does.
 */
import type { AuthOptions, Session } from 'next-auth';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getFloe } from '@/lib/floe';
import { issueAccessToken, OAUTH_TTL_MS, revokeAccessToken, verifyPassword } from '@/lib/auth/oauth';
import { CONSOLE_INTEGRATION, flag } from '@/lib/auth/oauth-clients';
import { CONSOLE_DISABLED, LOCKED_PREFIX } from '@/lib/auth/sign-in-messages';
import { dataDirKey } from '@/lib/auth/server-key';


/** The caller's address as Next's server reports it (x-forwarded-for, first hop). */
function clientAddress(headers: Record<string, unknown> | undefined): string {
  const xff = headers?.['x-forwarded-for'];
  return (typeof xff === 'string' ? xff.split(',')[0].trim() : '') || 'unknown';
}

export interface ConsoleSession { user: string; accessToken: string; expiresAt: number }

interface ConsoleJwt { user?: string; accessToken?: string; tokenName?: string; expiresAt?: number }

const g = globalThis as typeof globalThis & { __floeSessionSecret?: Promise<string> };

async function sessionSecret(): Promise<string> {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  g.__floeSessionSecret ??= getFloe().then((floe) => dataDirKey(floe.config.dataDir, 'console-session-secret'));
  return g.__floeSessionSecret;
}

export async function consoleAuthOptions(): Promise<AuthOptions> {
  return {
    secret: await sessionSecret(),
    session: { strategy: 'jwt', maxAge: OAUTH_TTL_MS / 1000 },
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
          const issued = await issueAccessToken(floe.write, user, Date.now(), { oauthClient: client.clientId });
          return { id: user, name: user, ...issued };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        const t = token as typeof token & ConsoleJwt;
        if (user) {
          const u = user as typeof user & { accessToken: string; tokenName: string; expiresAt: number };
          Object.assign(t, { user: u.id, accessToken: u.accessToken, tokenName: u.tokenName, expiresAt: u.expiresAt });
        }
        return t;
      },
      session({ session, token }) {
        const t = token as ConsoleJwt;
        return { ...session, floe: t.user && t.accessToken && t.expiresAt ? { user: t.user, accessToken: t.accessToken, expiresAt: t.expiresAt } : null };
      },
    },
    events: {
      async signOut({ token }) {
        const t = token as ConsoleJwt;
        if (t.user && t.tokenName) await revokeAccessToken((await getFloe()).write, t.user, t.tokenName);
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
