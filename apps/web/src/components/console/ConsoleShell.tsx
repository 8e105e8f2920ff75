'use client';
// The console frame: its own sign-in, then a head (who is signed in, with which role), the side
// menu of the areas the role opens, and the page. A page outside the role's areas shows 403
// rather than a screen whose every call would be refused.
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { type ConsoleOperator, consoleSessionApi, OPERATOR_ROLE_LABEL } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Layout, Menu, Result, Spin, Tag } from 'antd';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { request } from '@/lib/api/client';
import { useCall } from '@/lib/api/query';
import { consoleHref, consoleMenu, consolePage } from '@/lib/console';
import styles from './console.module.css';
import { ConsoleLogin } from './ConsoleLogin';
import { ConsoleProvider, forgetConsoleAnswers } from './ConsoleContext';

type Who = { state: 'loading' } | { state: 'out' } | { state: 'in'; operator: ConsoleOperator };

export function ConsoleShell({ children }: { children: React.ReactNode }) {
  const client = useQueryClient();
  // No session is an answer here, not a failure: the sign-in shows, without alert or toast.
  const me = useCall(consoleSessionApi.me, undefined, { loginStateCheck: true, silent: true, quiet: true });
  /** Set by a sign-in or a sign-out, which the first answer no longer tells. */
  const [changed, setChanged] = useState<Who | null>(null);
  const signedOut = useCallback(() => {
    forgetConsoleAnswers(client);
    setChanged({ state: 'out' });
  }, [client]);
  const signedIn = (operator: ConsoleOperator) => {
    forgetConsoleAnswers(client);
    setChanged({ state: 'in', operator });
  };
  const who: Who = changed ?? (me.isPending ? { state: 'loading' } : me.data ? { state: 'in', operator: me.data.data } : { state: 'out' });

  if (who.state === 'loading') {
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  }
  if (who.state === 'out') return <ConsoleLogin onSignedIn={signedIn} />;
  return (
    <ConsoleProvider operator={who.operator} onSignedOut={signedOut}>
      <Frame operator={who.operator} onSignedOut={signedOut}>
        {children}
      </Frame>
    </ConsoleProvider>
  );
}

function Frame({ operator, onSignedOut, children }: { operator: ConsoleOperator; onSignedOut: () => void; children: React.ReactNode }) {
  const pathname = usePathname();
  const { message } = App.useApp();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const page = consolePage(pathname);
  const allowed = page !== null && operator.areas.includes(page.area);

  useEffect(() => {
    if (page) document.title = `${page.title} - 运营后台 - 数据API市场`;
    setDrawerOpen(false);
  }, [page]);

  const logout = async () => {
    try {
      await request(consoleSessionApi.logout, {}, { loginStateCheck: true });
    } catch {
      // The session may still be open: say so and keep the frame, rather than look signed out.
      void message.error('退出登录失败，请检查网络后重试');
      return;
    }
    void message.success('已退出登录');
    onSignedOut();
  };

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={page ? [page.area] : []}
      items={consoleMenu(operator.areas).map((p) => ({ key: p.area, label: <Link href={consoleHref(p.path)}>{p.title}</Link> }))}
    />
  );

  return (
    <Layout className={styles.root}>
      <header className={styles.head}>
        <div className={styles.headLeft}>
          <Button type="text" className={styles.menuButton} icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerOpen(true)} />
          <Link href="/console" className={styles.brand}>
            数据API市场
          </Link>
          <span className={styles.area}>运营后台</span>
        </div>
        <div className={styles.headRight}>
          <span className={styles.who} data-testid="console-operator">
            {operator.username}
            <Tag className={styles.role}>{OPERATOR_ROLE_LABEL[operator.role]}</Tag>
          </span>
          <Button type="text" className={styles.headButton} icon={<LogoutOutlined />} onClick={() => void logout()}>
            <span className={styles.linkText}>退出</span>
          </Button>
        </div>
      </header>
      <Layout className={styles.body}>
        <Layout.Sider width={208} className={styles.sider} theme="light">
          {menu}
        </Layout.Sider>
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" size={240} title="运营后台" className={styles.drawer}>
          {menu}
        </Drawer>
        <Layout.Content className={styles.main}>
          {allowed ? (
            children
          ) : (
            <Result status="403" title="没有权限" subTitle="当前角色不能使用这个页面，如需开通请联系管理员。" extra={<Link href="/console">返回工作台</Link>} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
