'use client';
// The user center layout (spec 02 §2): side bar from the account's feature codes, head with the
// greeting, unread badge and account links, breadcrumb, main area and footer. It also keeps the
// gate on client-side navigation (the layout's server gate only runs on a full load).
import { BellOutlined, HomeOutlined, LogoutOutlined, MenuOutlined, RollbackOutlined, SettingOutlined, SwapOutlined } from '@ant-design/icons';
import { chinaHour, identityApi, LOGOUT_TOAST_MS, SUPPORT_HOTLINE, TRUCK_MODEL_NOTICE, TRUCK_SCORE_MODEL_IDS } from '@apimarket/contracts';
import { App, Breadcrumb, Button, ConfigProvider, Drawer, Layout, Menu, type MenuProps, type ThemeConfig, Tooltip } from 'antd';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { request } from '@/lib/api/client';
import { badgeText, breadcrumb, buildMenu, gate, greeting, NOT_QUALIFIED_TIP, UC, ucHref, ucRoute } from '@/lib/user-center';
import { tokens } from '@/styles/tokens';
import { ChildSwitch, ReturnToMain } from './ChildSwitch';
import { type UcState, UserCenterProvider, useUserCenter } from './UserCenterContext';
import styles from './uc.module.css';

/**
 * The brand's link colour, and status tags readable at WCAG AA (4.5:1). antd tints a tag's background from its status colour;
 * from the brand's dark green that tint is a grey-green (2.7:1 under the text), and its warning
 * and error texts are light on light. Text and tint are set here in pairs that measure 4.7–6.6:1.
 */
const UC_THEME: ThemeConfig = {
  // antd derives its link colour from colorInfo (its own blue) rather than the brand's primary:
  // link buttons and plain links of the work area (uc.module.css) share the brand colour.
  token: { colorLink: tokens.color.primary, colorLinkHover: tokens.color.primaryHover, colorLinkActive: tokens.color.primaryActive },
  components: {
    Tag: {
      colorSuccess: '#0b7a3b',
      colorSuccessBg: '#eaf6ee',
      colorSuccessBorder: '#a9d8bb',
      colorWarning: '#8a5300',
      colorWarningBg: '#fff4e0',
      colorWarningBorder: '#f3cf8e',
      colorError: '#c0262c',
      colorErrorBg: '#fdecec',
      colorErrorBorder: '#f2b8ba',
      colorInfo: '#1246d6',
      colorInfoBg: '#eef3ff',
      colorInfoBorder: '#b7c9ff',
    },
  },
};

export function UserCenterShell({ initial, children }: { initial: UcState; children: React.ReactNode }) {
  return (
    <UserCenterProvider initial={initial}>
      <ConfigProvider theme={UC_THEME}>
        <Shell>{children}</Shell>
      </ConfigProvider>
    </UserCenterProvider>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { user, codes, qualified, truckModel, refreshUser } = useUserCenter();
  const { message } = App.useApp();
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const query = search.toString();
  const verdict = gate(query ? `${pathname}?${query}` : pathname, { loggedIn: true, codes, qualified, truckModel });
  useEffect(() => {
    if (verdict.kind === 'redirect') router.replace(verdict.to);
  }, [verdict, router]);

  // The badge follows the messages: read again on every move inside the user center.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    void refreshUser();
    setDrawerOpen(false);
  }, [pathname, refreshUser]);

  const route = ucRoute(pathname);
  useEffect(() => {
    if (route) document.title = `${route.title} - 用户中心 - 数据API市场`;
  }, [route]);

  const logout = async () => {
    try {
      await request(identityApi.logout);
    } catch {
      return; // the request client has told the user
    }
    message.success('退出成功', LOGOUT_TOAST_MS / 1000);
    window.setTimeout(() => window.location.reload(), LOGOUT_TOAST_MS);
  };

  const menu = <SideMenu pathname={pathname} onNavigate={() => setDrawerOpen(false)} />;
  const badge = badgeText(user.unreadMsgNum);

  return (
    <Layout className={styles.root}>
      <header className={styles.head}>
        <div className={styles.headLeft}>
          <Button type="text" className={styles.menuButton} icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerOpen(true)} />
          <Link href="/" className={styles.brand}>
            数据API市场
          </Link>
          <span className={styles.area}>用户中心</span>
        </div>
        <div className={styles.headRight}>
          <span className={styles.greeting} data-testid="uc-greeting" suppressHydrationWarning>
            {greeting(chinaHour())}，{user.loginName}
            {user.parentNickname ? <span className={styles.parent}>（子账号 · 主账号 {user.parentNickname}）</span> : null}
          </span>
          {/* The count follows the bell in the line rather than over its corner (antd's Badge
              centred "12" or "99+" on the icon and hid it); the link's label says it too. */}
          <Link href={ucHref('messageCt')} className={styles.bell} aria-label={badge ? `消息中心，${badge} 条未读` : '消息中心'}>
            <BellOutlined />
            {badge ? (
              <span className={styles.count} data-testid="uc-unread" aria-hidden="true">
                {badge}
              </span>
            ) : null}
          </Link>
          <Link href="/" className={styles.headLink}>
            <HomeOutlined /> <span className={styles.linkText}>返回首页</span>
          </Link>
          <Link href={ucHref('ums')} className={styles.headLink}>
            <SettingOutlined /> <span className={styles.linkText}>账号设置</span>
          </Link>
          {!user.parentNickname && qualified ? (
            <ChildSwitch>
              <button type="button" className={styles.headLink}>
                <SwapOutlined /> <span className={styles.linkText}>切换子账号</span>
              </button>
            </ChildSwitch>
          ) : null}
          {user.switchedFromMain ? (
            <ReturnToMain>
              {({ onClick, disabled }) => (
                <button type="button" className={styles.headLink} onClick={onClick} disabled={disabled}>
                  <RollbackOutlined /> <span className={styles.linkText}>返回主账号</span>
                </button>
              )}
            </ReturnToMain>
          ) : null}
          <button type="button" className={styles.headLink} onClick={logout}>
            <LogoutOutlined /> <span className={styles.linkText}>退出登录</span>
          </button>
        </div>
      </header>
      <Layout className={styles.body}>
        <Layout.Sider width={216} className={styles.sider} theme="light">
          {menu}
        </Layout.Sider>
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={260} title="用户中心">
          {menu}
        </Drawer>
        <Layout.Content className={styles.content}>
          <Crumbs pathname={pathname} />
          <div className={styles.main}>
            {verdict.kind === 'forbidden' ? <NoAccess pathname={pathname} /> : verdict.kind === 'truckModel' ? <TruckModelNotice /> : children}
          </div>
          <footer className={styles.footer}>
            客服热线 {SUPPORT_HOTLINE} · © {new Date().getFullYear()} 数据API市场
          </footer>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function SideMenu({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { codes, qualified } = useUserCenter();
  const sections = useMemo(() => buildMenu({ codes, qualified }), [codes, qualified]);
  const route = ucRoute(pathname);
  // A sub-page lights up its parent's entry; the /useHistory alias lights up 调用记录.
  const selectedPath = route?.path === 'useHistory' ? 'dataManage/useHistory' : (route?.parent ?? route?.path ?? '');
  const selected = selectedPath || 'home';
  const openKey = sections.find((s) => s.entries.length > 1 && s.entries.some((e) => e.key === selected))?.key;
  const [openKeys, setOpenKeys] = useState<string[]>(openKey ? [openKey] : []);

  const label = (e: { title: string; href: string; disabled: boolean }) =>
    e.disabled ? (
      <Tooltip title={NOT_QUALIFIED_TIP} placement="right">
        <span className={styles.disabledEntry}>{e.title}</span>
      </Tooltip>
    ) : (
      <Link href={e.href} onClick={onNavigate}>
        {e.title}
      </Link>
    );

  const items: MenuProps['items'] = sections.map((s) => {
    const only = s.entries[0];
    if (s.entries.length === 1 && only && only.title === s.title) {
      return { key: only.key, label: label(only), disabled: only.disabled };
    }
    return {
      key: s.key,
      label: s.title,
      children: s.entries.map((e) => ({ key: e.key, label: label(e), disabled: e.disabled })),
    };
  });

  return (
    <nav aria-label="用户中心菜单">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[selected]}
        openKeys={openKeys}
        onOpenChange={(keys) => setOpenKeys(keys as string[])}
        className={styles.menu}
      />
    </nav>
  );
}

function Crumbs({ pathname }: { pathname: string }) {
  const router = useRouter();
  const { parent, current } = breadcrumb(pathname);
  const items: Array<{ title: React.ReactNode }> = [{ title: <Link href="/">首页</Link> }, { title: <Link href={UC}>用户中心</Link> }];
  if (parent) {
    // The parent link goes back, or to my-API from its test page (spec 02 §2).
    const toMyApi = current?.path === 'dataManage/myAPI/apiTest';
    items.push({
      title: toMyApi ? (
        <Link href={ucHref(parent.path)}>{parent.title}</Link>
      ) : (
        <button type="button" className={styles.crumbBack} onClick={() => router.back()}>
          {parent.title}
        </button>
      ),
    });
  }
  if (current?.path) items.push({ title: current.title });
  return <Breadcrumb className={styles.crumbs} items={items} />;
}

/** A truck model screen without a truck score model bought (spec 02 §6): what opens it, and where to buy. */
function TruckModelNotice() {
  return (
    <section className={styles.notice} data-testid="uc-truck-model">
      <h1 className={styles.noticeTitle}>{TRUCK_MODEL_NOTICE.title}</h1>
      <p className={styles.noticeText}>{TRUCK_MODEL_NOTICE.text}</p>
      <div className={styles.noticeActions}>
        {TRUCK_SCORE_MODEL_IDS.map((id, i) => (
          <Link key={id} href={`/api/${id}`}>
            <Button type={i === 0 ? 'primary' : 'default'}>{i === 0 ? '了解货车风险评分模型' : '了解货车车队风险评分模型'}</Button>
          </Link>
        ))}
      </div>
    </section>
  );
}

function NoAccess({ pathname }: { pathname: string }) {
  const { user } = useUserCenter();
  const route = ucRoute(pathname);
  const companyHidden = route?.path === 'enterpriseAuth';
  return (
    <section className={styles.notice} data-testid="uc-no-access">
      <h1 className={styles.noticeTitle}>{companyHidden ? '企业认证由主账号办理' : '您的账号未开通此功能'}</h1>
      <p className={styles.noticeText}>
        {companyHidden
          ? `您的企业认证由主账号${user.parentNickname ? ` ${user.parentNickname} ` : ''}统一办理，认证通过后即可使用用户中心的全部功能。`
          : `「${route?.title ?? '此功能'}」需要开通后使用，请联系您的客户经理或拨打客服热线 ${SUPPORT_HOTLINE} 开通。`}
      </p>
    </section>
  );
}
