// The sign-in screens' frame (login and register layouts): brand panel with the platform's
// promises on the left, the form card on the right; the panel folds away on phones.
import { MARKETING_CLAIMS } from '@apimarket/contracts';
import Link from 'next/link';
import { company } from '@/content/company';
import { Logo } from '../layout/Logo';
import styles from './auth.module.css';

export function AuthFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <Logo />
        <Link href="/" className={styles.back}>
          返回首页
        </Link>
      </header>
      <main className={styles.main}>
        <section className={styles.brand} aria-label="平台介绍">
          <h2>{company.slogan}</h2>
          <p>统一接入身份核验、OCR、银行卡、车辆与企业数据等接口，按量计费，调用全程可追溯。</p>
          <ul className={styles.claims}>
            {MARKETING_CLAIMS.slice(0, 4).map((c) => (
              <li key={c.label}>
                <strong>{c.value}</strong>
                <span>{c.label}</span>
              </li>
            ))}
          </ul>
          <ul className={styles.promises}>
            {company.compliance.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
        <section className={styles.card}>{children}</section>
      </main>
      <footer className={styles.foot}>
        {company.copyright} · 客服热线 {company.hotline}
      </footer>
    </div>
  );
}
