// The default layout (spec 01 §2.2): header, body, footer. Server components only; no antd.
import { IdlePrefetch } from '../../components/frame/IdlePrefetch';
import { BottomBanner } from '../../components/leads/BottomBanner';
import { LeadProvider } from '../../components/leads/LeadProvider';
import { SiteFooter } from '../../components/layout/SiteFooter';
import { SiteHeader } from '../../components/layout/SiteHeader';
import { webConfig } from '../../config';
import styles from './layout.module.css';

/** Pages a visitor most often opens next; more join as they are built. */
const LIKELY_NEXT: readonly string[] = ['/api'];

export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <LeadProvider headline={webConfig.trialHeadline}>
      <div className={styles.shell}>
        <SiteHeader />
        <main id="main" className={styles.main}>
          {children}
        </main>
        <SiteFooter icpRecord={webConfig.icpRecord} stripList={webConfig.footerStripWords} />
        <IdlePrefetch hrefs={LIKELY_NEXT} />
        <BottomBanner headline={webConfig.trialHeadline} />
      </div>
    </LeadProvider>
  );
}
