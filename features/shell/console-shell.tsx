'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { LogoutButton } from '@/features/auth/logout-button';
import { ApiSessionProvider, type ApiSession } from '@/lib/client/session';
import { ThemeToggle } from './theme-toggle';

export function ConsoleShell({ session, children }: { session: ApiSession; children: ReactNode }) {
  const path = usePathname();
  return (
    <ApiSessionProvider session={session}>
      <div className="shell">
        <header className="topbar">
          <strong className="brand">Floe</strong>
          <nav>
            <Link href="/" aria-current={path === '/' ? 'page' : undefined}>Worksheet</Link>
            <Link href="/history" aria-current={path === '/history' ? 'page' : undefined}>History</Link>
            <Link href="/agents" aria-current={path.startsWith('/agents') ? 'page' : undefined}>Agents</Link>
          </nav>
          <span className="spacer" />
          <ThemeToggle />
          <span className="muted" data-testid="current-user">{session.user}</span>
          <LogoutButton />
        </header>
        <main className="content">{children}</main>
      </div>
    </ApiSessionProvider>
  );
}
