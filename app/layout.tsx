import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { themeBootScript } from '@/features/shell/lib/theme';
import './globals.css';

export const metadata = { title: 'Floe', description: 'Statement Execution Service and SQL console' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // proxy.ts's CSP allows inline scripts with this request's nonce only.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    // data-theme is set by the boot script before paint, hence the expected attribute mismatch.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
