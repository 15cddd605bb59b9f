'use client';
/**
 * The console's client context: the signed-in user and the OAuth access token from his
 * next-auth session (handed down by the server layout), and the React Query client.
 * The token is refreshed before it ends (a console left open for hours keeps working); when the
 * session is over after all (the computer slept past its end, the token was revoked), the user
 * signs in again and comes back to the page he was on.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { signOut } from 'next-auth/react';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { setUnauthorizedHandler } from './api/fetcher';
import { refreshSession, type ApiSession } from './api/refresh-session';

export type { ApiSession };

const Ctx = createContext<ApiSession | null>(null);

/** Refresh this long before the token ends: 5 minutes, or a third of a short lifetime. */
const refreshLead = (s: ApiSession) => Math.min(300_000, (s.expiresAt - s.issuedAt) / 3);
const RETRY_MS = 10_000;

/** Back to /login, which returns here after signing in (login-form.tsx keeps `next` same-origin). */
let leaving = false;
export function signInAgain() {
  // Many requests may fail at once: one sign-out.
  if (leaving) return;
  leaving = true;
  const here = window.location.pathname + window.location.search + window.location.hash;
  const login = here === '/' ? '/login' : `/login?next=${encodeURIComponent(here)}`;
  // next-auth's own redirect would use NEXTAUTH_URL's origin, which need not be this one.
  void signOut({ redirect: false }).catch(() => undefined).finally(() => window.location.assign(login));
}

function useSessionRefresh(initial: ApiSession): ApiSession {
  const [session, setSession] = useState(initial);
  const current = useRef(session);
  current.current = session;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let over = false;
    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void tick(), Math.max(0, ms));
    };
    const tick = async () => {
      const s = current.current;
      const due = s.expiresAt - refreshLead(s) - Date.now();
      if (due > 0) return schedule(due);
      if (running || over) return;
      running = true;
      try {
        const next = await refreshSession();
        if (!next) {
          over = true;
          return signInAgain();
        }
        current.current = next;
        setSession(next);
        schedule(next.expiresAt - refreshLead(next) - Date.now());
      } catch {
        schedule(RETRY_MS);
      } finally {
        running = false;
      }
    };
    // Timers of a hidden tab or a sleeping computer run late: check again when the page is seen.
    const visible = () => { if (document.visibilityState === 'visible') void tick(); };
    void tick();
    document.addEventListener('visibilitychange', visible);
    return () => { clearTimeout(timer); document.removeEventListener('visibilitychange', visible); };
  }, []);
  return session;
}

export function ApiSessionProvider({ session: initial, children }: { session: ApiSession; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }));
  const session = useSessionRefresh(initial);
  useEffect(() => {
    setUnauthorizedHandler(signInAgain);
  }, []);
  return (
    <Ctx.Provider value={session}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </Ctx.Provider>
  );
}

export function useApiSession(): ApiSession {
  const s = useContext(Ctx);
  if (!s) throw new Error('useApiSession outside ApiSessionProvider');
  return s;
}

export const useApiToken = () => useApiSession().token;
