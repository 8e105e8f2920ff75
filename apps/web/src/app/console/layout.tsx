// The operator console (issue #10): antd, its own sign-in and its own session, which the member
// pages never see. Rendered in the browser behind the sign-in; nothing here is for search engines.
import type { Metadata } from 'next';
import { AntdProvider } from '@/components/AntdProvider';
import { ConsoleShell } from '@/components/console/ConsoleShell';

export const metadata: Metadata = { title: { default: '运营后台', template: '%s - 运营后台 - 数据API市场' }, robots: { index: false, follow: false } };

export default function ConsoleLayout({ children }: { children: React.ReactNode }) {
  return (
    <AntdProvider>
      <ConsoleShell>{children}</ConsoleShell>
    </AntdProvider>
  );
}
