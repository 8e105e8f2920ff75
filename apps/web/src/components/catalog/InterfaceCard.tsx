// A catalogue card: name (keyword highlighted), summary, badges, labels and starting price.
import Link from 'next/link';
import { formatPrice, type InterfaceCard as Card, splitHighlight } from '../../lib/catalog';
import styles from './catalog.module.css';

export function InterfaceCard({ item, keyword = '' }: { item: Card; keyword?: string }) {
  return (
    <li className={styles.card}>
      <Link href={`/api/${item.id}`} className={styles.cardLink}>
        <div className={styles.cardHead}>
          <span className={styles.cardIcon} aria-hidden="true">
            {item.categoryName.slice(0, 1)}
          </span>
          <h3 className={styles.cardTitle}>
            {splitHighlight(item.interfaceName, keyword).map((p, i) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: fragments of one title in order
              p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
            )}
          </h3>
          <span className={styles.badges}>
            {item.isHot ? <span className={styles.hot}>热门</span> : null}
            {item.isNew ? <span className={styles.new}>新品</span> : null}
          </span>
        </div>
        <p className={styles.cardSummary}>{item.summary}</p>
        <div className={styles.cardFoot}>
          <span className={styles.labels}>
            {item.enterpriseOnly ? <span className={styles.enterprise}>企业认证可用</span> : null}
            {item.labels.slice(0, 3).map((l) => (
              <span key={l}>{l}</span>
            ))}
          </span>
          <span className={styles.price}>
            {item.priceFrom === null ? (
              '询价'
            ) : (
              <>
                <strong>{formatPrice(item.priceFrom)}</strong> 起
              </>
            )}
          </span>
        </div>
      </Link>
    </li>
  );
}
