'use client';
// Ant Design for the screens that use it (user center, console, sign-in, dev tools): zh_CN
// locale, the brand theme, and styles rendered on the server through the registry. Public
// layouts never mount this (ARCHITECTURE.md "Web": it more than doubles first-load JS).
import { AntdRegistry } from '@ant-design/nextjs-registry';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { antdTheme } from '../styles/antd-theme';

export function AntdProvider({ children }: { children: React.ReactNode }) {
  return (
    <AntdRegistry>
      <ConfigProvider locale={zhCN} theme={antdTheme}>
        <App>{children}</App>
      </ConfigProvider>
    </AntdRegistry>
  );
}
