// The banner that opens every content page: the page's one h1, a line on what it holds, and an
// optional slot (a search form) below.
import styles from './content.module.css';

export function PageBanner({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead?: string; children?: React.ReactNode }) {
  return (
    <section className={styles.banner}>
      <div className={`container ${styles.bannerInner}`}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1>{title}</h1>
        {lead ? <p className={styles.bannerLead}>{lead}</p> : null}
        {children ? <div className={styles.bannerExtra}>{children}</div> : null}
      </div>
    </section>
  );
}
