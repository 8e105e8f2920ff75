// A catalogue card: name (keyword highlighted), summary, badges, labels and starting price.
import Link from 'next/link';
import type { CSSProperties } from 'react';
import { formatPrice, type InterfaceCard as Card, splitHighlight } from '../../lib/catalog';
import { CategoryIcon } from '../visual/CategoryIcon';
import styles from './catalog.module.css';

/** A label that says what a badge already says (新品, 热门, 企业专享) is shown once, as the badge. */
function repeatsBadge(label: string, item: Card): boolean {
  return (item.isNew && label === '新品') || (item.isHot && label === '热门') || (item.enterpriseOnly && /^企业(专享|专用|认证)/.test(label));
}

/** `style` places the card in a row-filling grid (components/visual/fill.ts). */
export function InterfaceCard({ item, keyword = '', style }: { item: Card; keyword?: string; style?: CSSProperties }) {
  return (
    <li className={styles.card} style={style}>
      <Link href={`/api/${item.id}`} className={styles.cardLink}>
        <div className={styles.cardHead}>
          <span className={styles.cardIcon} data-icon={item.icon} title={item.categoryName} aria-hidden="true">
            <CategoryIcon name={item.icon} size={20} />
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
            {item.labels
              .filter((l) => !repeatsBadge(l, item))
              .slice(0, 3)
              .map((l) => (
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
