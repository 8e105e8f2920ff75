// Development tools (DEV_TOOLS=1 only), on Ant Design like the other working screens.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AntdProvider } from '@/components/AntdProvider';
import { webConfig } from '@/config';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function DevLayout({ children }: { children: React.ReactNode }) {
  if (!webConfig.devTools) notFound();
  return <AntdProvider>{children}</AntdProvider>;
}
