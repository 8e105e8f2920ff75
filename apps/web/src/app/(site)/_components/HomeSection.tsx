// One band of the home page: its heading (centred, or with a link to the whole list at its right)
// above its content, on the plain or the tinted background.
import Link from 'next/link';
import styles from '../home.module.css';

interface Props {
  title: string;
  lead?: string;
  /** The full list the band samples; its heading then sits left with this link at the right. */
  more?: { href: string; label: string };
  /** The tinted background, alternating with plain bands. */
  alt?: boolean;
  id?: string;
  /** Names the band by its heading (for bands a landmark list should show). */
  headingId?: string;
  children: React.ReactNode;
}

export function HomeSection({ title, lead, more, alt = false, id, headingId, children }: Props) {
  const heading = (
    <>
      <h2 id={headingId}>{title}</h2>
      {lead ? <p>{lead}</p> : null}
    </>
  );
  return (
    <section id={id} className={alt ? `${styles.section} ${styles.alt}` : styles.section} aria-labelledby={headingId}>
      <div className="container">
        {more ? (
          <header className={styles.sectionHeadRow}>
            <div>{heading}</div>
            <Link href={more.href}>{more.label} →</Link>
          </header>
        ) : (
          <header className={styles.sectionHead}>{heading}</header>
        )}
        {children}
      </div>
    </section>
  );
}
