import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { currentConsoleSession } from '@/lib/http/console-session';
import { safeNextPath } from '@/lib/auth/safe-next';
import { ConsoleShell } from '@/features/shell/console-shell';

export const dynamic = 'force-dynamic';

/** Every console page needs a signed-in user with a live access token. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const s = await currentConsoleSession();
  if (!s) {
    // Back to this page after signing in (a shared statement link keeps its target); proxy.ts names it.
    const here = safeNextPath((await headers()).get('x-floe-path'));
    redirect(here === '/' ? '/login' : `/login?next=${encodeURIComponent(here)}`);
  }
  return <ConsoleShell session={{ user: s.user, token: s.accessToken, issuedAt: s.issuedAt, expiresAt: s.expiresAt }}>{children}</ConsoleShell>;
}
