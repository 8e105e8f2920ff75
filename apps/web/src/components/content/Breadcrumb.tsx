// Where a detail page sits (首页 / 列表 / 分类 / 本页): links up for readers who arrive from a
// search engine, and the trail search engines show under the result.
import Link from 'next/link';
import styles from './content.module.css';

export interface Crumb {
  label: string;
  /** Absent for the current page, which is not a link. */
  href?: string;
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav className={styles.crumbs} aria-label="面包屑">
      <ol>
        {items.map((c) => (
          <li key={`${c.label}:${c.href ?? ''}`}>
            {c.href ? (
              <Link href={c.href}>{c.label}</Link>
            ) : (
              <span aria-current="page" title={c.label}>
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
