'use client';
// Ant Design for the screens that use it (user center, console, sign-in, dev tools): zh_CN
// locale, the brand theme, and styles rendered on the server through the registry. Public
// layouts never mount this (ARCHITECTURE.md "Web": it more than doubles first-load JS). The
// same screens load their data through TanStack Query (lib/api/query.tsx), provided here too.
import { AntdRegistry } from '@ant-design/nextjs-registry';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryProvider } from '../lib/api/query';
import { antdTheme } from '../styles/antd-theme';

export function AntdProvider({ children }: { children: React.ReactNode }) {
  return (
    <AntdRegistry>
      <ConfigProvider locale={zhCN} theme={antdTheme}>
        <App>
          <QueryProvider>{children}</QueryProvider>
        </App>
      </ConfigProvider>
    </AntdRegistry>
  );
}
