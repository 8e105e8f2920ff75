'use client';
// The account-settings tabs. The profile is read once here because three tabs show parts of it
// (the bound phone, the notification e-mail) and two of them change it. The URL's ?tab= is the
// one source of the open tab: a link can open a tab directly, and switching tabs rewrites it.
import { type AccountSummary, accountApi } from '@apimarket/contracts';
import { Grid, Tabs, type TabsProps } from 'antd';
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { useCall } from '@/lib/api/query';
import styles from '../ums.module.css';
import { EmailSection } from './EmailSection';
import { KeysSection } from './KeysSection';
import { MobileSection } from './MobileSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { isTabKey, type Loadable, loadFailure, type TabKey } from './shared';

export function AccountSettings() {
  const search = useSearchParams();
  const pathname = usePathname();
  const requested = search.get('tab');
  const active: TabKey = isTabKey(requested) ? requested : 'profile';
  const screens = Grid.useBreakpoint();
  // The tabs show the failure themselves (a retry notice); a refresh after a change keeps what
  // is shown if that read fails.
  const summary = useCall(accountApi.summary, {}, { quiet: true });
  const account: Loadable<AccountSummary> = summary.data
    ? { kind: 'ready', data: summary.data.data }
    : summary.isError && !summary.isFetching
      ? { kind: 'failed', message: loadFailure(summary.error) }
      : { kind: 'loading' };
  const { refetch } = summary;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const retry = refresh;

  // Next keeps useSearchParams in step with history.replaceState: no server round trip.
  const open = useCallback(
    (key: TabKey) => {
      window.history.replaceState(null, '', key === 'profile' ? pathname : `${pathname}?tab=${key}`);
    },
    [pathname],
  );

  const items: TabsProps['items'] = [
    { key: 'profile', label: '基本信息', children: <ProfileSection account={account} onRetry={retry} onOpen={open} /> },
    { key: 'password', label: '修改密码', children: <PasswordSection /> },
    { key: 'mobile', label: '更换手机号', children: <MobileSection account={account} onChanged={refresh} /> },
    { key: 'email', label: '绑定邮箱', children: <EmailSection account={account} onChanged={refresh} /> },
    { key: 'keys', label: '接口密钥', children: <KeysSection /> },
  ];

  return (
    <div className={styles.tabsPanel}>
      <Tabs
        className={styles.tabs}
        activeKey={active}
        onChange={(key) => {
          if (isTabKey(key)) open(key);
        }}
        items={items}
        // Five tabs fit a 375 px screen only with a narrow gutter.
        tabBarGutter={screens.md === false ? 12 : 32}
      />
    </div>
  );
}
