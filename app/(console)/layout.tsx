import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { currentConsoleSession } from '@/lib/auth/console-session';
import { ConsoleShell } from '@/features/shell/console-shell';

export const dynamic = 'force-dynamic';

/** Every console page needs a signed-in user with a live access token. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const s = await currentConsoleSession();
  if (!s) redirect('/login');
  return <ConsoleShell session={{ user: s.user, token: s.accessToken, expiresAt: s.expiresAt }}>{children}</ConsoleShell>;
}
