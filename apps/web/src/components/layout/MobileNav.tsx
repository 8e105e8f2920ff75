'use client';
// The mobile header's search and menu toggles (spec 01 §2.4). A typed keyword or a hot title
// goes to /ApiSearch?value=…; either panel closes when the route changes.
import { HOT_SEARCH_TERMS, SEARCH_KEYWORD_MAX } from '@apimarket/contracts';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { NAV } from './nav';
import styles from './MobileNav.module.css';

export function MobileNav() {
  const pathname = usePathname();
  const search = useSearchParams();
  const [panel, setPanel] = useState<'none' | 'search' | 'menu'>('none');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route is the trigger
  useEffect(() => setPanel('none'), [pathname, search]);

  const toggle = (p: 'search' | 'menu') => setPanel((cur) => (cur === p ? 'none' : p));
  return (
    <div className={styles.nav}>
      <button type="button" className={styles.toggle} aria-label="搜索" aria-expanded={panel === 'search'} onClick={() => toggle('search')} data-testid="mobile-search-toggle">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.4 1.4-4.25-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z" />
        </svg>
      </button>
      <button type="button" className={styles.toggle} aria-label="菜单" aria-expanded={panel === 'menu'} onClick={() => toggle('menu')} data-testid="mobile-menu-toggle">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          {panel === 'menu' ? (
            <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
          ) : (
            <path fill="currentColor" d="M4 6h16v2H4V6Zm0 5h16v2H4v-2Zm0 5h16v2H4v-2Z" />
          )}
        </svg>
      </button>
      {panel === 'search' ? (
        <div className={styles.panel}>
          <form action="/ApiSearch" method="get" className={styles.form}>
            <input name="value" placeholder="请输入您要搜索的API" maxLength={SEARCH_KEYWORD_MAX} aria-label="搜索接口" />
            <button type="submit">搜索</button>
          </form>
          <p className={styles.hotTitle}>热门搜索</p>
          <ul className={styles.hot}>
            {HOT_SEARCH_TERMS.map((t) => (
              <li key={t}>
                <Link href={`/ApiSearch?value=${encodeURIComponent(t)}`}>{t}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {panel === 'menu' ? (
        <nav className={styles.panel} aria-label="移动端菜单">
          <ul className={styles.menu}>
            {NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className={item.href === pathname ? styles.current : undefined}>
                  {item.label}
                </Link>
                {item.children ? (
                  <ul>
                    {item.children.map((c) => (
                      <li key={c.href}>
                        <Link href={c.href}>{c.label}</Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
