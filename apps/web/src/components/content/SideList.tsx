// A titled list beside an article or a list (相关新闻, 热门文章, 推荐案例), numbered when the
// order is a ranking. An empty list keeps its box with a line, so the column does not jump.
import Link from 'next/link';
import styles from './content.module.css';

export interface SideItem {
  href: string;
  title: string;
  meta?: string;
}

export function SideList({
  title,
  items,
  ranked = false,
  empty = '暂无相关内容',
  testId,
}: {
  title: string;
  items: SideItem[];
  ranked?: boolean;
  empty?: string;
  testId?: string;
}) {
  return (
    <section className={styles.side} aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className={styles.sideEmpty}>{empty}</p>
      ) : (
        <ol>
          {items.map((item, i) => (
            <li key={item.href}>
              {ranked ? (
                <span className={styles.rank} aria-hidden="true">
                  {i + 1}
                </span>
              ) : null}
              <span className={styles.sideItem}>
                <Link href={item.href}>{item.title}</Link>
                {item.meta ? <span>{item.meta}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
