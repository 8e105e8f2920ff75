// /audit (spec 01 §2.1, §7.2 dataApi/audit/*): what a data-compliance audit covers, rendered on
// the server, and the request form as the page's only client part.
import { AUDIT_INDUSTRIES, contentApi } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { PageBanner } from '@/components/content/PageBanner';
import { auditContent } from '@/content/audit';
import { serverCallData } from '@/lib/api/server';
import { AuditForm } from './_components/AuditForm';
import styles from './audit.module.css';

export const metadata: Metadata = {
  title: '数据合规审计',
  description: auditContent.lead,
  alternates: { canonical: '/audit' },
};

export default async function AuditPage() {
  // Rendered per request, like the home page: a build-time prerender would run before the API is
  // up and keep an empty footer and the fallback list until its next regeneration. The answers
  // themselves are remembered in the web process, so a request costs no API call.
  await connection();
  const { coverage, process, form } = auditContent;
  // The server's list is the one it validates against; should it be unreadable, the contracts
  // hold that same list, so the form still works.
  const industries = (await serverCallData(contentApi.auditIndustries, {}, { ttl: 3600 })) ?? [...AUDIT_INDUSTRIES];

  return (
    <>
      <PageBanner eyebrow={auditContent.eyebrow} title={auditContent.title} lead={auditContent.lead}>
        {/* On a phone the form sits below the explanation: this takes a ready visitor straight to it. */}
        <a href="#audit-request" className={styles.bannerCta}>
          {form.title}
        </a>
      </PageBanner>
      <div className={`container ${styles.layout}`}>
        <div>
          <NumberedSection id="audit-coverage" {...coverage} look="cards" />
          <NumberedSection id="audit-process" {...process} look="steps" />
        </div>
        <section id="audit-request" className={styles.formCard} aria-labelledby="audit-form">
          <h2 id="audit-form">{form.title}</h2>
          <p>{form.lead}</p>
          <AuditForm industries={industries} />
        </section>
      </div>
    </>
  );
}

interface NumberedProps {
  id: string;
  title: string;
  lead?: string;
  items: ReadonlyArray<{ title: string; text: string }>;
  /** Cards numbered 01, 02… in two columns, or steps numbered 1, 2… on a line. */
  look: 'cards' | 'steps';
}

/** A titled list of numbered items: what the audit covers, and how a request proceeds. */
function NumberedSection({ id, title, lead, items, look }: NumberedProps) {
  const cards = look === 'cards';
  return (
    <section aria-labelledby={id} className={cards ? undefined : styles.processSection}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      <ol className={cards ? styles.coverage : styles.process}>
        {items.map((item, i) => (
          <li key={item.title} className={cards ? styles.card : undefined}>
            <span className={cards ? styles.index : styles.dot} aria-hidden="true">
              {cards ? String(i + 1).padStart(2, '0') : i + 1}
            </span>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
