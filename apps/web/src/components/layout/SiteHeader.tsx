// The default layout's header (spec 01 §2.4). It shows only destinations that exist; the
// catalogue search and menus join it as those capabilities land.
import Link from 'next/link';
import { Suspense } from 'react';
import { company } from '../../content/company';
import { LeadButton } from '../leads/LeadProvider';
import { HeaderSearch } from './HeaderSearch';
import { HeaderUser } from './HeaderUser';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { NAV } from './nav';
import styles from './SiteHeader.module.css';

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Logo />
        <nav className={styles.nav} aria-label="主导航">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href}>
              {item.label}
            </Link>
          ))}
        </nav>
        <HeaderSearch />
        <div className={styles.contact}>
          <Link href="/knowlege" className={styles.help}>
            帮助中心
          </Link>
          <span className={styles.contactLabel}>{company.hotlineLabel}</span>
          <a href={`tel:${company.hotline.replaceAll('-', '')}`} className={styles.phone} aria-label={`拨打${company.hotlineLabel} ${company.hotline}`}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.phoneIcon}>
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.22 2.23Z"
              />
            </svg>
            <span className={styles.phoneText}>{company.hotline}</span>
          </a>
          <LeadButton className={styles.trial}>免费试用</LeadButton>
          <HeaderUser />
          <Suspense fallback={null}>
            <MobileNav />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
