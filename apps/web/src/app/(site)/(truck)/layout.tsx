// The truck layout (spec 01 §2.2): the freight and fleet pages (/truck, /enterpriseFleet,
// /transportation/…) inside the default frame, under a product bar of their own that keeps the
// freight offer one tap away on every one of them.
import Link from 'next/link';
import { LeadButton } from '@/components/leads/LeadProvider';
import styles from './truck.module.css';

const TRUCK_LINKS = [
  { label: '货车数据服务', href: '/truck' },
  { label: '车队企业服务', href: '/enterpriseFleet' },
  { label: '运输数据产品', href: '/transportation/product' },
  { label: '车辆查询', href: '/transportation/searcher' },
  { label: '智能调度', href: '/transportation/aiScheduling' },
  { label: '物流行业方案', href: '/solutionPlan/logistics' },
] as const;

export default function TruckLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <nav className={styles.bar} aria-label="货运与车队">
        <div className={styles.inner}>
          <span className={styles.brand}>货运数据</span>
          <ul className={styles.links}>
            {TRUCK_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
          <LeadButton className={styles.cta}>申请试用</LeadButton>
        </div>
      </nav>
      {children}
    </>
  );
}
