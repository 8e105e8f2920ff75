// The brand mark: a stacked-data glyph and the wordmark. Server component, no client JS.
import Link from 'next/link';
import { company } from '@/content/company';
import styles from './Logo.module.css';

/** `header`: the slogan gives way on narrow desktops, where the header needs the room. */
export function Logo({ inverse = false, header = false }: { inverse?: boolean; header?: boolean }) {
  return (
    <Link href="/" className={`${styles.logo} ${inverse ? styles.inverse : ''} ${header ? styles.header : ''}`} aria-label={`${company.brand} 首页`}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M9 11.5c0-1.4 3.1-2.5 7-2.5s7 1.1 7 2.5-3.1 2.5-7 2.5-7-1.1-7-2.5Z" fill="#fff" />
        <path d="M9 16c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
        <path d="M9 20.5c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5" stroke="#9fb8ff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      </svg>
      <span className={styles.words}>
        <span className={styles.brand}>{company.brand}</span>
        <span className={styles.slogan}>{company.slogan}</span>
      </span>
    </Link>
  );
}
