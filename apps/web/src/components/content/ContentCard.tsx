// One entry of a content list: a row (news, policy, knowledge; with a date block when dated) or
// a tile (cases). The title is the single link; the card is clickable through it (see CSS).
import Link from 'next/link';
import { formatDate } from '@/lib/content';
import styles from './content.module.css';

export interface CardProps {
  href: string;
  title: string;
  summary?: string;
  /** A short label above the title: the type or industry. */
  tag?: string;
  /** A line under the title (the customer of a case). */
  subtitle?: string;
  /** Small facts under the summary; empty values are left out. */
  meta?: Array<string | null | undefined | false>;
  /** ISO time shown as a date block beside a row. */
  date?: string;
  /** Content with its own links (tags), placed above the card's click area. */
  extra?: React.ReactNode;
  /** A closing call to read on (tiles). */
  more?: string;
}

export function ContentCard({ href, title, summary, tag, subtitle, meta = [], date, extra, more, variant = 'row' }: CardProps & { variant?: 'row' | 'tile' }) {
  const day = date ? formatDate(date) : '';
  const facts = meta.filter((m): m is string => typeof m === 'string' && m !== '');
  return (
    <li className={`${styles.card} ${variant === 'tile' ? styles.tile : ''}`}>
      {day && variant === 'row' ? (
        <time className={styles.date} dateTime={day}>
          <strong>{day.slice(8, 10)}</strong>
          <span>{day.slice(0, 7)}</span>
        </time>
      ) : null}
      <div className={styles.cardBody}>
        {tag ? <span className={styles.tag}>{tag}</span> : null}
        <h2 className={styles.cardTitle}>
          <Link href={href}>{title}</Link>
        </h2>
        {subtitle ? <p className={styles.cardSubtitle}>{subtitle}</p> : null}
        {summary ? <p className={styles.cardSummary}>{summary}</p> : null}
        {facts.length > 0 ? (
          <p className={styles.cardMeta}>
            {facts.map((f) => (
              <span key={f}>{f}</span>
            ))}
          </p>
        ) : null}
        {extra ? <div className={styles.extra}>{extra}</div> : null}
        {more ? (
          <span className={styles.more} aria-hidden="true">
            {more} →
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** The list a page's cards sit in: a column of rows or a grid of tiles. */
export function ContentList({ children, variant = 'row', testId }: { children: React.ReactNode; variant?: 'row' | 'tile'; testId?: string }) {
  return (
    <ul className={variant === 'tile' ? styles.grid : styles.list} data-testid={testId}>
      {children}
    </ul>
  );
}
