'use client';
/**
 * The console's client context: the signed-in user and the OAuth access token from his
 * next-auth session (handed down by the server layout), and the React Query client.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { signOut } from 'next-auth/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { setUnauthorizedHandler } from './api/fetcher';

interface ApiSession { user: string; token: string; expiresAt: number }

const Ctx = createContext<ApiSession | null>(null);

export function ApiSessionProvider({ session, children }: { session: ApiSession; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }));
  useEffect(() => {
    setUnauthorizedHandler(() => void signOut({ callbackUrl: '/login' }));
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
