// The face-recognition landing layout (spec 01 §2.2, §2.5): its own slim head with a sticky
// anchor nav over the page's sections, the lead dialogs, and a short footer. Above 1440 px the page
// is zoomed to the window width as if drawn for 1920 px; below, it is the responsive layout.
import Link from 'next/link';
import { PageViewPing } from '@/components/frame/PageViewPing';
import { LeadButton, LeadProvider } from '@/components/leads/LeadProvider';
import { webConfig } from '@/config';
import { company } from '@/content/company';
import { WideZoom } from './_components/WideZoom';
import styles from './face.module.css';

/** The anchored sections, in page order (the content file gives each its id). */
const ANCHORS = [
  { id: 'home', label: '首页' },
  { id: 'features', label: '产品功能' },
  { id: 'advantages', label: '产品优势' },
  { id: 'security', label: '安全合规' },
  { id: 'cases', label: '客户案例' },
  { id: 'faq', label: '热门问题' },
  { id: 'company', label: '公司简介' },
] as const;

export default function FaceLandingLayout({ children }: { children: React.ReactNode }) {
  return (
    <LeadProvider headline={webConfig.trialHeadline}>
      <WideZoom designWidth={1920} above={1440} />
      <header className={styles.head}>
        <div className={styles.headInner}>
          <Link href="/" prefetch={false} className={styles.brand}>
            {company.brand}
          </Link>
          <nav aria-label="页面导航" className={styles.anchors}>
            {ANCHORS.map((a) => (
              <a key={a.id} href={`#${a.id}`}>
                {a.label}
              </a>
            ))}
          </nav>
          <LeadButton className={styles.trial}>免费试用</LeadButton>
        </div>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <p>
          {company.hotlineLabel} <a href={`tel:${company.hotline.replaceAll('-', '')}`}>{company.hotline}</a> · {company.serviceHours}
        </p>
        <p>
          <Link href="/" prefetch={false}>
            返回首页
          </Link>{' '}
          ·{' '}
          <Link href="/privacy" prefetch={false}>
            隐私政策
          </Link>{' '}
          ·{' '}
          <Link href="/protocol" prefetch={false}>
            服务协议
          </Link>{' '}
          · {company.copyright}
        </p>
      </footer>
      <PageViewPing />
    </LeadProvider>
  );
}
