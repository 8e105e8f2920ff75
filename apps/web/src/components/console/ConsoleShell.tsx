'use client';
// The console frame: its own sign-in, then a head (who is signed in, with which role), the side
// menu of the areas the role opens, and the page. A page outside the role's areas shows 403
// rather than a screen whose every call would be refused.
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { type ConsoleOperator, OPERATOR_ROLE_LABEL } from '@apimarket/contracts';
import { App, Button, Drawer, Layout, Menu, Result, Spin, Tag } from 'antd';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../lib/api/client';
import { consoleHref, consoleMenu, consolePage } from '../../lib/console';
import styles from './console.module.css';
import { ConsoleLogin } from './ConsoleLogin';
import { ConsoleProvider } from './ConsoleContext';

type Who = { state: 'loading' } | { state: 'out' } | { state: 'in'; operator: ConsoleOperator };

export function ConsoleShell({ children }: { children: React.ReactNode }) {
  const [who, setWho] = useState<Who>({ state: 'loading' });
  const signedOut = useCallback(() => setWho({ state: 'out' }), []);

  useEffect(() => {
    request<{ data: ConsoleOperator }>('console/me', { loginStateCheck: true, silent: true })
      .then((res) => setWho({ state: 'in', operator: res.data }))
      .catch(() => setWho({ state: 'out' }));
  }, []);

  if (who.state === 'loading') {
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  }
  if (who.state === 'out') return <ConsoleLogin onSignedIn={(operator) => setWho({ state: 'in', operator })} />;
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
      await request('console/logout', { loginStateCheck: true });
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
          {allowed ? children : <Result status="403" title="没有权限" subTitle="当前角色不能使用这个页面，如需开通请联系管理员。" extra={<Link href="/console">返回工作台</Link>} />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
