import type { Metadata } from 'next';
import type { ReactNode } from 'react';

// A data: icon keeps the browser from asking for /favicon.ico, which this site does not have.
export const metadata: Metadata = { title: "A partner's Next site", icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
