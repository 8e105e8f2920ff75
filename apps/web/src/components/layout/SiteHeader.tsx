// The default layout's header (spec 01 §2.4): logo, the menu with its dropdowns (the API 商城
// one carries the live category menu), search, help, hotline, free trial and the account corner.
// From 1024 px the desktop header; below it the mobile one (search and menu toggles).
import Link from 'next/link';
import { Suspense } from 'react';
import { company } from '@/content/company';
import { LeadButton } from '../leads/LeadProvider';
import { loadCategoryMenu } from './catalogueMenu';
import { DesktopNav } from './DesktopNav';
import { HeaderSearch } from './HeaderSearch';
import { HeaderUser } from './HeaderUser';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { NAV } from './nav';
import styles from './SiteHeader.module.css';

export async function SiteHeader() {
  const categoryMenu = await loadCategoryMenu();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo header />
        <DesktopNav categoryMenu={categoryMenu} />
        <div className={styles.actions}>
          <HeaderSearch />
          <Link href="/knowlege" className={styles.help}>
            帮助中心
          </Link>
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
            <MobileNav nav={NAV} categories={categoryMenu.map((c) => ({ name: c.name, href: c.href }))} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
