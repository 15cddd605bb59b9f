import type { ReactNode } from 'react';

export const metadata = { title: 'Floe', description: 'Statement Execution Service and SQL console' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0 }}>{children}</body>
    </html>
  );
}
