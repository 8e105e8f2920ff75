// The reading view of a detail page: its header (label, h1, facts, lead), its paragraphs, and
// the two-column frame that puts side lists beside it on wide screens and below it on phones.
import styles from './content.module.css';

export interface Fact {
  label: string;
  value: string;
}

export function Article({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <article className={styles.article} data-testid={testId}>
      {children}
    </article>
  );
}

export function ArticleHeader({ tag, title, facts = [], lead }: { tag?: string; title: string; facts?: Fact[]; lead?: string }) {
  const shown = facts.filter((f) => f.value !== '');
  return (
    <header className={styles.articleHead}>
      {tag ? <span className={styles.tag}>{tag}</span> : null}
      <h1>{title}</h1>
      {shown.length > 0 ? (
        <dl className={styles.metaLine}>
          {shown.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </header>
  );
}

/** Body text is stored as paragraphs (never HTML), so it renders without any sanitising. */
export function ArticleBody({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className={styles.body}>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text in fixed order
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/** Main column and side column; the side column follows the main one below 1024 px. */
export function ContentColumns({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  if (!aside) return <div className={styles.single}>{children}</div>;
  return (
    <div className={styles.columns}>
      <div>{children}</div>
      <aside className={styles.aside}>{aside}</aside>
    </div>
  );
}
