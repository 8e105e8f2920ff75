// Page links for server-rendered lists (crawlable, no JS). `href(page)` builds each link.
import Link from 'next/link';
import styles from './catalog.module.css';

export function Pagination({ page, pageSize, total, href }: { page: number; pageSize: number; total: number; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const around = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const shown = [...around].sort((a, b) => a - b);
  return (
    <nav className={styles.pagination} aria-label="分页">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev">
          上一页
        </Link>
      ) : (
        <span className={styles.disabled}>上一页</span>
      )}
      {shown.map((p, i) => (
        <span key={p} className={styles.pageGroup}>
          {i > 0 && p - (shown[i - 1] ?? p) > 1 ? <span className={styles.ellipsis}>…</span> : null}
          {p === page ? (
            <span className={styles.current} aria-current="page">
              {p}
            </span>
          ) : (
            <Link href={href(p)}>{p}</Link>
          )}
        </span>
      ))}
      {page < pages ? (
        <Link href={href(page + 1)} rel="next">
          下一页
        </Link>
      ) : (
        <span className={styles.disabled}>下一页</span>
      )}
      <span className={styles.total}>共 {total} 条</span>
    </nav>
  );
}
