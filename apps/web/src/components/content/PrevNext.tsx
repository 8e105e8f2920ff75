// 上一篇 / 下一篇 under an article, in the order its list shows (the server decides: previous is
// newer, next is older). A missing side says so rather than vanishing, so the layout holds.
import Link from 'next/link';
import type { EntryLink } from '@apimarket/contracts';
import styles from './content.module.css';

export function PrevNext({ base, prev, next }: { base: string; prev: EntryLink | null; next: EntryLink | null }) {
  return (
    <nav className={styles.prevNext} aria-label="上一篇和下一篇">
      <Cell label="上一篇" base={base} entry={prev} />
      <Cell label="下一篇" base={base} entry={next} alignEnd />
    </nav>
  );
}

function Cell({ label, base, entry, alignEnd = false }: { label: string; base: string; entry: EntryLink | null; alignEnd?: boolean }) {
  const className = alignEnd ? styles.nextCell : undefined;
  if (!entry) {
    return (
      <span className={`${styles.none} ${className ?? ''}`}>
        <em>{label}</em>
        <strong>没有了</strong>
      </span>
    );
  }
  return (
    <Link href={`${base}/${entry.id}`} className={className} rel={label === '上一篇' ? 'prev' : 'next'}>
      <em>{label}</em>
      <strong>{entry.title}</strong>
    </Link>
  );
}
