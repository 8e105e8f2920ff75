// The shared look of the 404 and error pages (spec 01 §2.3): status code, message, a 3-second
// countdown and a way home.
import Link from 'next/link';
import { company } from '@/content/company';
import { RedirectCountdown } from '../frame/RedirectCountdown';
import styles from './StatusPage.module.css';

/**
 * `inLayout`: the page sits inside a layout that has its own <main> (the 404 shows inside the
 * site's frame), so it must not open a second one.
 */
export function StatusPage({ status, message, hint, inLayout = false }: { status: number | string; message: string; hint?: string; inLayout?: boolean }) {
  const Root = inLayout ? 'div' : 'main';
  return (
    <Root className={inLayout ? `${styles.page} ${styles.inLayout}` : styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>{company.brand}</p>
        <p className={styles.status} aria-hidden="true">
          {status}
        </p>
        <h1 className={styles.message}>{message}</h1>
        {hint ? <p className={styles.hint}>{hint}</p> : null}
        <div className={styles.countdown}>
          <RedirectCountdown />
        </div>
        <Link href="/" className={styles.home}>
          返回首页
        </Link>
      </div>
    </Root>
  );
}
