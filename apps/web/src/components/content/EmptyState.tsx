// The designed empty state of a content list or side list: says what happened and offers the
// way back, instead of a blank area that looks broken.
import Link from 'next/link';
import styles from './content.module.css';

interface Props {
  title?: string;
  hint?: string;
  href: string;
  linkLabel: string;
}

export function EmptyState({ title = '暂无相关内容', hint, href, linkLabel }: Props) {
  return (
    <div className={styles.empty} role="status">
      <svg className={styles.emptyIcon} viewBox="0 0 64 64" aria-hidden="true">
        <rect x="12" y="8" width="40" height="48" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M21 22h22M21 31h22M21 40h12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2>{title}</h2>
      {hint ? <p>{hint}</p> : null}
      <Link href={href}>{linkLabel}</Link>
    </div>
  );
}
