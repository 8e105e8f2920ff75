// /aboutUs/FAQ (spec 01 §2.1, §2.6): the questions in three tabs that follow ?type= — 1 公司,
// 2 业务, 3 技术 (the footer links each). An unknown type shows every question.
import type { Metadata } from 'next';
import Link from 'next/link';
import { contentMetadata } from '@/components/sections/route';
import { FaqList, SectionView, SubNavBar } from '@/components/sections/Sections';
import styles from '@/components/sections/sections.module.css';
import { contentPage } from '@/content/pages';

const PATH = '/aboutUs/FAQ';
const TABS = [
  { type: 1, label: '公司问题' },
  { type: 2, label: '业务问题' },
  { type: 3, label: '技术问题' },
] as const;

type Props = { searchParams: Promise<{ type?: string | string[] }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const base = contentMetadata(PATH);
  const raw = (await searchParams).type;
  const tab = TABS.find((t) => String(t.type) === raw);
  return tab ? { ...base, title: `${tab.label} - 常见问题` } : base;
}

export default async function FaqPage({ searchParams }: Props) {
  const page = contentPage(PATH);
  const raw = (await searchParams).type;
  const type = TABS.find((t) => String(t.type) === raw)?.type;
  const hero = page.sections.find((s) => s.kind === 'hero');
  const faqs = page.sections.flatMap((s) => (s.kind === 'faq' ? s.items : []));
  const shown = type ? faqs.filter((f) => f.type === type) : faqs;
  const rest = page.sections.filter((s) => s.kind !== 'hero' && s.kind !== 'faq');
  return (
    <article className={styles.page}>
      {hero ? <SectionView section={hero} /> : null}
      {page.subnav ? <SubNavBar nav={page.subnav} current={PATH} /> : null}
      <section className={styles.block}>
        <div className={styles.inner}>
          <h2 className={styles.title}>常见问题</h2>
          <nav className={styles.faqTabs} aria-label="问题分类">
            <Link href={PATH} aria-current={type ? undefined : 'page'}>
              全部
            </Link>
            {TABS.map((t) => (
              <Link key={t.type} href={`${PATH}?type=${t.type}`} aria-current={type === t.type ? 'page' : undefined}>
                {t.label}
              </Link>
            ))}
          </nav>
          <FaqList items={shown} />
        </div>
      </section>
      {rest.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are a fixed list in content order
        <SectionView key={i} section={s} />
      ))}
    </article>
  );
}
