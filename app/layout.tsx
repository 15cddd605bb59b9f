import type { ReactNode } from 'react';
import { themeBootScript } from '@/features/shell/lib/theme';
import './globals.css';

export const metadata = { title: 'Floe', description: 'Statement Execution Service and SQL console' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // data-theme is set by the boot script before paint, hence the expected attribute mismatch.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
