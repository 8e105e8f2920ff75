// /userCenter/warningManage/myWarning (spec 02 §2 "Usage alerts", issue #9): the four kinds of
// rule, each with its on/off switch and edit dialog, and the history of what fired. Each card
// is its own client leaf; this page only lays them out. A card's rule change makes 预警记录 stale
// too, so it is read again (./_components/shared.tsx).
import type { Metadata } from 'next';
import Link from 'next/link';
import panel from '@/components/user-center/panel.module.css';
import styles from './_components/alerts.module.css';
import { BalanceAlertCard } from './_components/BalanceAlertCard';
import { DailyAlerts } from './_components/DailyAlerts';
import { ErrorRateAlerts } from './_components/ErrorRateAlerts';
import { FiringHistory } from './_components/FiringHistory';
import { RemainingAlerts } from './_components/RemainingAlerts';

export const metadata: Metadata = { title: '用量预警' };

export default function MyWarningPage() {
  return (
    <div className={panel.pageLoose}>
      <p className={styles.intro}>
        每条预警在越过阈值时提醒一次，回到安全范围后才会再次提醒。提醒通过短信和邮件发送给
        <Link href="/userCenter/warningManage/warningNumber">已验证手机号的预警联系人</Link>，并同时发到消息中心。
      </p>
      <BalanceAlertCard />
      <RemainingAlerts />
      <DailyAlerts />
      <ErrorRateAlerts />
      <FiringHistory />
    </div>
  );
}
