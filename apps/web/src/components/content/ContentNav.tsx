// A side box linking the content sections to one another. The header menu names only news,
// the knowledge base and cases, so policy readings and the audit request are found from here.
import Link from 'next/link';
import styles from './content.module.css';

export const SECTIONS = [
  { href: '/news', label: '新闻资讯', note: '行业动态与平台新闻' },
  { href: '/knowlege', label: '知识库', note: '接入指南、产品说明与常见问题' },
  { href: '/policy', label: '政策解读', note: '数据与个人信息相关法规解读' },
  { href: '/case', label: '客户案例', note: '各行业客户的落地实践' },
  { href: '/audit', label: '数据合规审计', note: '申请一次数据合规评估' },
] as const;

export type SectionHref = (typeof SECTIONS)[number]['href'];

export function ContentNav({ current }: { current: SectionHref }) {
  return (
    <nav className={styles.side} aria-label="内容导航">
      <h2>更多内容</h2>
      <ul className={styles.sections}>
        {SECTIONS.filter((s) => s.href !== current).map((s) => (
          <li key={s.href}>
            <Link href={s.href}>
              <strong>{s.label}</strong>
              <span>{s.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
