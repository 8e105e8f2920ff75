// The default layout (spec 01 §2.2): header, body, footer. Server components only; no antd.
import { IdlePrefetch } from '@/components/frame/IdlePrefetch';
import { PageViewPing } from '@/components/frame/PageViewPing';
import { CONTACT_BAR_API_IDS, catalogApi } from '@apimarket/contracts';
import { BottomBanner } from '@/components/leads/BottomBanner';
import { FloatingBar, MobileTabBar } from '@/components/leads/FloatingBar';
import { LeadProvider } from '@/components/leads/LeadProvider';
import { TimedTrial } from '@/components/leads/TimedTrial';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { SiteHeader } from '@/components/layout/SiteHeader';
import { webConfig } from '@/config';
import { serverCall } from '@/lib/api/server';
import styles from './layout.module.css';

/** Pages a visitor most often opens next; more join as they are built. */
const LIKELY_NEXT: readonly string[] = ['/api'];

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const all = await serverCall(catalogApi.list, {}, { ttl: 600 });
  const ids: readonly number[] = CONTACT_BAR_API_IDS;
  const barApis = (all.ok ? all.body.rows : []).filter((r) => ids.includes(r.id));
  return (
    <LeadProvider headline={webConfig.trialHeadline}>
      <div className={styles.shell}>
        <SiteHeader />
        <main id="main" className={styles.main}>
          {children}
        </main>
        <SiteFooter legalEntity={webConfig.legalEntity} stripList={webConfig.footerStripWords} partnerExchange={webConfig.partnerExchange} />
        <IdlePrefetch hrefs={LIKELY_NEXT} />
        <BottomBanner headline={webConfig.trialHeadline} />
        <FloatingBar settings={webConfig.contact} apis={barApis} />
        <MobileTabBar />
        <TimedTrial />
        <PageViewPing />
      </div>
    </LeadProvider>
  );
}
