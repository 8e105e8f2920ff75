// Filter tabs as plain links (?type=, ?industry=): each filter is a crawlable URL and works
// without JavaScript. The count beside a tab tells a reader what is behind it before the click.
import Link from 'next/link';
import { CurrentInView } from './CurrentInView';
import styles from './content.module.css';

export interface Tab {
  label: string;
  href: string;
  count?: number;
  active: boolean;
}

export function FilterTabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((t) => (
        <Link key={t.href} href={t.href} className={t.active ? styles.active : undefined} aria-current={t.active ? 'page' : undefined}>
          {t.label}
          {t.count === undefined ? null : <span>{t.count}</span>}
        </Link>
      ))}
      <CurrentInView />
    </nav>
  );
}
