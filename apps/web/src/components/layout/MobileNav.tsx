'use client';
// The mobile header's search and menu toggles (spec 01 §2.4), shown below the desktop header's
// breakpoint. A typed keyword or a hot title goes to /ApiSearch?value=…; the menu renders the same
// menu data as the desktop dropdowns, one section open at a time, with 登录 and 注册 for visitors.
// Either panel closes when the route changes or on Escape. The menu data comes as a prop from the
// server header, so it travels in the page's HTML rather than in this leaf's JavaScript.
import { SEARCH_KEYWORD_MAX } from '@apimarket/contracts';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { logout } from './HeaderUser';
import styles from './MobileNav.module.css';
import { HotSearchLinks, SearchIcon } from './SearchParts';
import type { NavGroup, NavItem, NavLink } from './nav';
import { useLoginState } from './useLoginState';

export interface MobileCategory {
  name: string;
  href: string;
}

function MenuLink({ link }: { link: NavLink }) {
  if (link.file) {
    return (
      <a href={link.href} download>
        {link.label}
      </a>
    );
  }
  return (
    <Link href={link.href} prefetch={false}>
      {link.label}
    </Link>
  );
}

function Account() {
  const state = useLoginState();
  if (state.kind === 'loading') return <div className={styles.accountPlaceholder} aria-hidden="true" />;
  if (state.kind === 'user') {
    return (
      <div className={styles.account}>
        <Link href="/userCenter" className={styles.primary}>
          用户中心
        </Link>
        <button type="button" className={styles.secondary} onClick={() => void logout()}>
          退出登录
        </button>
      </div>
    );
  }
  // Spec 01 §2.4: login and register show only when nobody is logged in.
  return (
    <div className={styles.account}>
      <Link href="/login" className={styles.secondary}>
        登录
      </Link>
      <Link href="/register" className={styles.primary}>
        注册
      </Link>
    </div>
  );
}

export function MobileNav({ nav, categories }: { nav: readonly NavItem[]; categories: readonly MobileCategory[] }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const [panel, setPanel] = useState<'none' | 'search' | 'menu'>('none');
  const [section, setSection] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route is the trigger
  useEffect(() => setPanel('none'), [pathname, search]);

  useEffect(() => {
    if (panel === 'none') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPanel('none');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel]);

  const toggle = (p: 'search' | 'menu') => setPanel((cur) => (cur === p ? 'none' : p));
  const categoryGroup: NavGroup = { title: '接口分类', links: categories.map((c) => ({ label: c.name, href: c.href })) };
  return (
    <div className={styles.nav}>
      <PanelToggle label="搜索" open={panel === 'search'} onClick={() => toggle('search')} testId="mobile-search-toggle">
        <SearchIcon />
      </PanelToggle>
      <PanelToggle label="菜单" open={panel === 'menu'} onClick={() => toggle('menu')} testId="mobile-menu-toggle">
        <MenuIcon open={panel === 'menu'} />
      </PanelToggle>
      {panel === 'search' ? (
        <div className={styles.panel}>
          <form action="/ApiSearch" method="get" className={styles.form}>
            <input name="value" placeholder="请输入您要搜索的API" maxLength={SEARCH_KEYWORD_MAX} aria-label="搜索接口" />
            <button type="submit">搜索</button>
          </form>
          <p className={styles.hotTitle}>热门搜索</p>
          <HotSearchLinks className={styles.hot} />
        </div>
      ) : null}
      {panel === 'menu' ? (
        <nav className={styles.panel} aria-label="移动端菜单">
          <Account />
          <ul className={styles.menu}>
            {nav.map((item) => {
              const groups = item.catalogue && categories.length > 0 ? [...(item.groups ?? []), categoryGroup] : (item.groups ?? []);
              const open = section === item.href;
              return (
                <li key={item.href}>
                  <div className={styles.row}>
                    <Link
                      href={item.href}
                      className={item.href === pathname ? styles.current : undefined}
                      aria-current={item.href === pathname ? 'page' : undefined}
                    >
                      {item.label}
                    </Link>
                    {groups.length > 0 ? (
                      <button
                        type="button"
                        className={styles.expand}
                        aria-expanded={open}
                        aria-label={`${open ? '收起' : '展开'}${item.label}`}
                        onClick={() => setSection(open ? null : item.href)}
                      >
                        <svg viewBox="0 0 12 12" aria-hidden="true">
                          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
                        </svg>
                      </button>
                    ) : null}
                  </div>
                  {open ? (
                    <div className={styles.sub}>
                      {groups.map((g) => (
                        <div key={g.title}>
                          {groups.length > 1 ? <p className={styles.subTitle}>{g.title}</p> : null}
                          <ul>
                            {g.links.map((l) => (
                              <li key={l.href}>
                                <MenuLink link={l} />
                              </li>
                            ))}
                          </ul>
                        </div>
                      ))}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** A header icon button that opens or closes one panel. */
function PanelToggle({
  label,
  open,
  onClick,
  testId,
  children,
}: {
  label: string;
  open: boolean;
  onClick: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className={styles.toggle} aria-label={label} aria-expanded={open} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}

/** Three bars, or a cross while the menu is open. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      {open ? (
        <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
      ) : (
        <path fill="currentColor" d="M4 6h16v2H4V6Zm0 5h16v2H4v-2Zm0 5h16v2H4v-2Z" />
      )}
    </svg>
  );
}
