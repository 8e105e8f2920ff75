// /faceRecgnition (spec 01 §2.5): the face-recognition landing — its sections come from the
// content file; the quote form sits before the company profile.
import { contentMetadata } from '@/components/sections/route';
import { SectionView } from '@/components/sections/Sections';
import { QuoteForm } from '@/components/leads/QuoteForm';
import { contentPage } from '@/content/pages';
import type { Section } from '@/content/pages/model';
import styles from './face.module.css';

const PATH = '/faceRecgnition';
export const metadata = contentMetadata(PATH);
// Built once, regenerated from the live API at most every five minutes (components/sections/route.tsx).
export const revalidate = 300;

export default function FaceLandingPage() {
  const page = contentPage(PATH);
  return page.sections.map((section, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: sections are a fixed list in content order
    <div key={i}>
      {isCompany(section) || (section.kind === 'cta' && !page.sections.some(isCompany)) ? <Quote /> : null}
      <SectionView section={section} />
    </div>
  ));
}

const isCompany = (s: Section) => 'id' in s && s.id === 'company';

function Quote() {
  return (
    <section id="quote" className={styles.quote}>
      <div className={styles.quoteInner}>
        <div>
          <h2 className={styles.quoteTitle}>获取人脸识别方案报价</h2>
          <p className={styles.quoteText}>留下联系方式，解决方案顾问将在一个工作日内联系您，按调用量与场景给出报价与接入建议。</p>
        </div>
        <QuoteForm />
      </div>
    </section>
  );
}
