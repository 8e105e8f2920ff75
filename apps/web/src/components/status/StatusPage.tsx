// The shared look of the 404 and error pages (spec 01 §2.3): status code, message, a 3-second
// countdown and a way home.
import Link from 'next/link';
import { company } from '../../content/company';
import { RedirectCountdown } from '../frame/RedirectCountdown';
import styles from './StatusPage.module.css';

export function StatusPage({ status, message, hint }: { status: number | string; message: string; hint?: string }) {
  return (
    <main className={styles.page}>
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
    </main>
  );
}
