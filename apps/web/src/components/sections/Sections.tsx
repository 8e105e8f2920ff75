// The shared section components of content pages (content/pages/model.ts): one server component
// per section kind, styled with CSS Modules and the brand tokens. Interfaces and cases are read
// from the live API, so a page only ever links what exists. Lead buttons are the only client leaf.
import { catalogApi, contentApi } from '@apimarket/contracts';
import Link from 'next/link';
import { serverCall } from '@/lib/api/server';
import type { Action, HeroArtName, Item, PageContent, Section, SubNav } from '@/content/pages/model';
import { InterfaceCard } from '../catalog/InterfaceCard';
import { CurrentInView } from '../content/CurrentInView';
import { fillStyle } from '../visual/fill';
import fill from '../visual/fill.module.css';
import { artOfPath, HeroArt } from '../visual/HeroArt';
import { Avatar, certificateKind, Seal } from '../visual/marks';
import catalogStyles from '../catalog/catalog.module.css';
import { LeadButton } from '../leads/LeadProvider';
import styles from './sections.module.css';

/** A content page: the hero, the family's sub-navigation, then the rest in order. */
export function ContentPage({ page }: { page: PageContent }) {
  if (page.sections.length > 0 && page.sections.every((s) => s.kind === 'legal')) return <DocumentPage page={page} />;
  const [first, ...rest] = page.sections;
  const heroFirst = first?.kind === 'hero';
  return (
    <article className={styles.page}>
      {heroFirst ? <SectionView section={first} art={artOfPath(page.path)} /> : null}
      {page.subnav ? <SubNavBar nav={page.subnav} current={page.path} /> : null}
      {(heroFirst ? rest : page.sections).map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are a fixed list in content order
        <SectionView key={i} section={section} />
      ))}
    </article>
  );
}

type Legal = Extract<Section, { kind: 'legal' }>;

/**
 * The template layout (spec 01 §2.2) of documents (/privacy, /protocol): a reading column with a
 * contents list that follows the page, so a long agreement can be read and cited by chapter.
 */
function DocumentPage({ page }: { page: PageContent }) {
  const docs = page.sections as Legal[];
  return (
    <article className={styles.document}>
      <header className={styles.documentHead}>
        <h1>{page.title}</h1>
        <p>{page.description}</p>
      </header>
      <div className={styles.documentBody}>
        <nav className={styles.toc} aria-label="目录">
          <p className={styles.tocTitle}>目录</p>
          {docs.map((d, i) => (
            <div key={d.title}>
              {docs.length > 1 ? (
                <a href={`#doc-${i + 1}`} className={styles.tocDoc}>
                  {d.title}
                </a>
              ) : null}
              <ol>
                {d.chapters.map((c, j) => (
                  <li key={c.heading}>
                    <a href={`#doc-${i + 1}-${j + 1}`}>{c.heading}</a>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </nav>
        <div className={styles.documentMain}>
          {docs.map((d, i) => (
            <section key={d.title} id={`doc-${i + 1}`} className={styles.legal}>
              <h2 className={styles.legalTitle}>{d.title}</h2>
              <p className={styles.cardMeta}>
                版本：{d.version} · 生效日期：{d.effective}
              </p>
              {d.preamble.map((p) => (
                <p key={p.slice(0, 32)}>{p}</p>
              ))}
              {d.chapters.map((c, j) => (
                <section key={c.heading} id={`doc-${i + 1}-${j + 1}`}>
                  <h3>{c.heading}</h3>
                  {c.clauses.map((cl) => (
                    <p key={cl.slice(0, 40)}>{cl}</p>
                  ))}
                </section>
              ))}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

export function SubNavBar({ nav, current }: { nav: SubNav; current: string }) {
  return (
    <nav className={styles.subnav} aria-label={nav.title}>
      <div className={styles.subnavInner}>
        <CurrentInView />
        <span className={styles.subnavTitle}>{nav.title}</span>
        <ul>
          {nav.links.map((l) => (
            <li key={l.href}>
              <Link href={l.href} aria-current={l.href === current ? 'page' : undefined} className={l.href === current ? styles.subnavOn : undefined}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

export function ActionButton({ action, primary = false }: { action: Action; primary?: boolean }) {
  const className = primary ? styles.primary : styles.secondary;
  if ('lead' in action) {
    return (
      <LeadButton type={action.lead === 'consult' ? 1 : 0} className={className}>
        {action.label}
      </LeadButton>
    );
  }
  return (
    <Link href={action.href} className={className}>
      {action.label}
    </Link>
  );
}

function Actions({ actions }: { actions?: Action[] }) {
  if (!actions?.length) return null;
  return (
    <div className={styles.actions}>
      {actions.map((a, i) => (
        <ActionButton key={a.label} action={a} primary={i === 0} />
      ))}
    </div>
  );
}

/** The grid of cards most sections are, its rows always full (visual/fill); `columns` caps a row. */
function CardGrid<T>({
  items,
  keyOf,
  columns,
  className = styles.card,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  columns?: number;
  className?: string;
  children: (item: T, index: number) => React.ReactNode;
}) {
  return (
    <ul className={`${styles.grid} ${fill.fill}`}>
      {items.map((it, i) => (
        <li key={keyOf(it)} className={className} style={fillStyle(i, items.length, columns)}>
          {children(it, i)}
        </li>
      ))}
    </ul>
  );
}

function Block({ id, title, intro, tone, children }: { id?: string; title?: string; intro?: string; tone?: 'plain' | 'tint'; children: React.ReactNode }) {
  return (
    <section id={id} className={tone === 'tint' ? styles.tint : styles.block}>
      <div className={styles.inner}>
        {title ? <h2 className={styles.title}>{title}</h2> : null}
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** One section; a hero takes the illustration of its page (`art`) unless its content names one. */
export async function SectionView({ section: s, art }: { section: Section; art?: HeroArtName | null }) {
  switch (s.kind) {
    case 'hero': {
      const drawn = s.art ?? art ?? null;
      return (
        <section id="home" className={styles.hero}>
          <div className={`${styles.inner} ${drawn ? styles.heroSplit : ''}`}>
            <div>
              {s.eyebrow ? <p className={styles.eyebrow}>{s.eyebrow}</p> : null}
              <h1 className={styles.heroTitle}>{s.title}</h1>
              <p className={styles.heroSubtitle}>{s.subtitle}</p>
              {s.bullets?.length ? (
                <ul className={styles.heroBullets}>
                  {s.bullets.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              ) : null}
              <Actions actions={s.actions} />
            </div>
            {drawn ? <HeroArt name={drawn} className={styles.heroArt} /> : null}
          </div>
        </section>
      );
    }
    // What it does, why it is better (with a figure), where it is used (with tags): one card each.
    case 'features':
    case 'advantages':
    case 'scenarios':
      return (
        <Block id={s.id} title={s.title} intro={s.intro} tone={s.kind === 'features' ? 'plain' : 'tint'}>
          <CardGrid<Item & { metric?: string; tags?: string[] }> items={s.items} keyOf={(it) => it.title}>
            {(it) => (
              <>
                {it.metric ? <strong className={styles.metric}>{it.metric}</strong> : null}
                <h3 className={styles.cardTitle}>{it.title}</h3>
                <p className={styles.cardText}>{it.text}</p>
                {it.tags?.length ? (
                  <p className={styles.tags}>
                    {it.tags.map((t) => (
                      <span key={t}>{t}</span>
                    ))}
                  </p>
                ) : null}
              </>
            )}
          </CardGrid>
        </Block>
      );
    case 'process':
      return (
        <Block id={s.id} title={s.title} intro={s.intro}>
          {/* One row of up to five steps; six read better as two rows of three. */}
          <ol className={styles.steps} style={{ '--n': s.steps.length === 6 ? 3 : Math.min(s.steps.length, 5) } as React.CSSProperties}>
            {s.steps.map((it, i) => (
              <li key={it.title} className={styles.step}>
                <span className={styles.stepNo} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3 className={styles.cardTitle}>{it.title}</h3>
                <p className={styles.cardText}>{it.text}</p>
              </li>
            ))}
          </ol>
        </Block>
      );
    case 'metrics':
      return (
        <Block id={s.id} title={s.title} tone="tint">
          <ul className={styles.metrics}>
            {s.items.map((m) => (
              <li key={m.label}>
                <strong>{m.value}</strong>
                <span>{m.label}</span>
              </li>
            ))}
          </ul>
        </Block>
      );
    case 'apis':
      return <ApisSection section={s} />;
    case 'cases':
      return <CasesSection section={s} />;
    case 'faq':
      return (
        <Block id={s.id} title={s.title}>
          <FaqList items={s.items} />
        </Block>
      );
    case 'cta':
      return (
        <section id={s.id} className={styles.cta}>
          <div className={styles.inner}>
            <h2 className={styles.ctaTitle}>{s.title}</h2>
            <p className={styles.ctaText}>{s.text}</p>
            <Actions actions={s.actions} />
          </div>
        </section>
      );
    case 'text':
      return (
        <Block id={s.id} title={s.title}>
          <div className={styles.prose}>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 32)}>{p}</p>
            ))}
          </div>
          {s.more ? (
            <Link href={s.more.href} className={styles.more}>
              {s.more.label}
            </Link>
          ) : null}
        </Block>
      );
    case 'timeline':
      return (
        <Block id={s.id} title={s.title}>
          <ol className={styles.timeline}>
            {s.items.map((it) => (
              <li key={`${it.date}${it.title}`}>
                <time className={styles.timelineDate}>{it.date}</time>
                <div>
                  <h3 className={styles.cardTitle}>{it.title}</h3>
                  <p className={styles.cardText}>{it.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Block>
      );
    case 'offices':
      return (
        <Block id={s.id} title={s.title} intro={s.intro}>
          <CardGrid items={s.items} keyOf={(o) => o.city}>
            {(o) => (
              <>
                <h3 className={styles.cardTitle}>
                  {o.city} · {o.name}
                </h3>
                <p className={styles.cardText}>{o.address}</p>
                {o.phone ? <p className={styles.cardMeta}>电话 {o.phone}</p> : null}
              </>
            )}
          </CardGrid>
        </Block>
      );
    case 'jobs':
      return (
        <Block id={s.id} title={s.title} intro={s.intro}>
          <ul className={styles.jobs}>
            {s.items.map((j) => (
              <li key={j.title}>
                <details className={styles.job}>
                  <summary>
                    <span className={styles.jobTitle}>{j.title}</span>
                    <span className={styles.cardMeta}>
                      {j.team} · {j.city} · 招聘 {j.headcount} 人
                    </span>
                  </summary>
                  <div className={styles.jobBody}>
                    <h4>岗位职责</h4>
                    <ul>
                      {j.duties.map((d) => (
                        <li key={d}>{d}</li>
                      ))}
                    </ul>
                    <h4>任职要求</h4>
                    <ul>
                      {j.requirements.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </Block>
      );
    case 'certificates':
      return (
        <Block id={s.id} title={s.title} intro={s.intro}>
          <CardGrid items={s.items} keyOf={(c) => c.name} columns={3} className={styles.certificate}>
            {(c) => (
              <>
                <Seal kind={certificateKind(c.name)} year={c.since} />
                <div>
                  <h3 className={styles.cardTitle}>{c.name}</h3>
                  <p className={styles.cardText}>{c.issuer}</p>
                  <p className={styles.cardMeta}>
                    {c.number ? `证书编号 ${c.number} · ` : ''}
                    {c.since} 年起
                  </p>
                </div>
              </>
            )}
          </CardGrid>
        </Block>
      );
    case 'team':
      return (
        <Block id={s.id} title={s.title} intro={s.intro}>
          <CardGrid items={s.items} keyOf={(p) => p.name} className={`${styles.card} ${styles.person}`}>
            {(p, i) => (
              <>
                <Avatar index={i} />
                <h3 className={styles.cardTitle}>{p.name}</h3>
                <p className={styles.role}>{p.role}</p>
                <p className={styles.cardText}>{p.bio}</p>
              </>
            )}
          </CardGrid>
        </Block>
      );
    case 'legal':
      return (
        <section id={s.id} className={styles.block}>
          <div className={`${styles.inner} ${styles.legal}`}>
            <h2 className={styles.legalTitle}>{s.title}</h2>
            <p className={styles.cardMeta}>
              版本：{s.version} · 生效日期：{s.effective}
            </p>
            {s.preamble.map((p) => (
              <p key={p.slice(0, 32)}>{p}</p>
            ))}
            {s.chapters.map((c) => (
              <section key={c.heading}>
                <h3>{c.heading}</h3>
                {c.clauses.map((cl) => (
                  <p key={cl.slice(0, 40)}>{cl}</p>
                ))}
              </section>
            ))}
          </div>
        </section>
      );
  }
}

export function FaqList({ items }: { items: Array<{ q: string; a: string }> }) {
  return (
    <div className={styles.faq}>
      {items.map((it) => (
        <details key={it.q} className={styles.faqItem}>
          <summary>{it.q}</summary>
          <p>{it.a}</p>
        </details>
      ))}
    </div>
  );
}

async function ApisSection({ section: s }: { section: Extract<Section, { kind: 'apis' }> }) {
  const data = s.ids?.length
    ? { ids: s.ids.join(','), pageSize: s.ids.length }
    : { interfaceName: s.keyword, categoryId: s.categoryId, pageSize: s.limit ?? 8, sortId: 2 };
  const answer = await serverCall(catalogApi.search, data, { ttl: 300 });
  // No answer at all (the API is down): fail the render, so a regenerated page keeps its last good copy.
  if (!answer.ok) throw new Error('content: the catalogue API did not answer');
  let rows = answer.body.rows;
  if (s.ids?.length) {
    const order = new Map(s.ids.map((id, i) => [id, i]));
    rows = [...rows].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }
  // An interface taken off sale simply drops out; with none left the section steps aside.
  if (rows.length === 0) return null;
  return (
    <Block id={s.id} title={s.title} intro={s.intro}>
      <ul className={`${catalogStyles.grid} ${fill.fill}`}>
        {rows.map((item, i) => (
          <InterfaceCard key={item.id} item={item} style={fillStyle(i, rows.length, 3)} />
        ))}
      </ul>
      <Link href="/api" className={styles.more}>
        查看全部接口
      </Link>
    </Block>
  );
}

async function CasesSection({ section: s }: { section: Extract<Section, { kind: 'cases' }> }) {
  const answer = await serverCall(contentApi.cases, { industry: s.industry, pageNum: 1, pageSize: s.limit ?? 3 }, { ttl: 300 });
  if (!answer.ok) throw new Error('content: the cases API did not answer');
  const rows = answer.body.rows;
  if (rows.length === 0) return null;
  return (
    <Block id={s.id} title={s.title} intro={s.intro} tone="tint">
      <CardGrid items={rows} keyOf={(c) => c.id} columns={3}>
        {(c) => (
          <>
            <p className={styles.tags}>
              <span>{c.industry}</span>
            </p>
            <h3 className={styles.cardTitle}>
              <Link href={`/case/${c.id}`}>{c.title}</Link>
            </h3>
            <p className={styles.cardMeta}>{c.customer}</p>
            <p className={styles.cardText}>{c.summary}</p>
          </>
        )}
      </CardGrid>
      <Link href={s.industry ? `/case?industry=${encodeURIComponent(s.industry)}` : '/case'} className={styles.more}>
        更多案例
      </Link>
    </Block>
  );
}
