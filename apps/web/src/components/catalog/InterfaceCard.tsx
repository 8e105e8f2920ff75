// A catalogue card: name, summary, badges, labels and starting price; on search results the
// words the search found are marked (ranges from the API, which also cover synonyms and pinyin).
import type { InterfaceCard as Card, InterfaceHit } from '@apimarket/contracts';
import Link from 'next/link';
import type { CSSProperties, ReactNode } from 'react';
import { formatPrice } from '@/lib/catalog';
import { CategoryIcon } from '../visual/CategoryIcon';
import styles from './catalog.module.css';

/** The text cut at the ranges, the found parts in <mark>. Ranges out of order or bounds are ignored. */
export function marked(text: string, ranges: ReadonlyArray<readonly [number, number]> = []): ReactNode[] {
  const out: ReactNode[] = [];
  let from = 0;
  for (const [start, end] of ranges) {
    if (start < from || end <= start || end > text.length) continue;
    if (start > from) out.push(text.slice(from, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    from = end;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** A label that says what a badge already says (新品, 热门, 企业专享) is shown once, as the badge. */
function repeatsBadge(label: string, item: Card): boolean {
  return (item.isNew && label === '新品') || (item.isHot && label === '热门') || (item.enterpriseOnly && /^企业(专享|专用|认证)/.test(label));
}

/** `style` places the card in a row-filling grid (components/visual/fill.ts). */
export function InterfaceCard({ item, style }: { item: InterfaceHit; style?: CSSProperties }) {
  const h = item.highlight;
  // Labels the search matched come first, so the reason a card was found is in view.
  const labels = [...new Set([...(h?.labels ?? []), ...item.labels])].filter((l) => !repeatsBadge(l, item)).slice(0, 3);
  return (
    <li className={styles.card} style={style}>
      <Link href={`/api/${item.id}`} className={styles.cardLink}>
        <div className={styles.cardHead}>
          <span className={styles.cardIcon} data-icon={item.icon} title={item.categoryName} aria-hidden="true">
            <CategoryIcon name={item.icon} size={20} />
          </span>
          <h3 className={styles.cardTitle}>{marked(item.interfaceName, h?.interfaceName)}</h3>
          <span className={styles.badges}>
            {item.isHot ? <span className={styles.hot}>热门</span> : null}
            {item.isNew ? <span className={styles.new}>新品</span> : null}
          </span>
        </div>
        <p className={styles.cardSummary}>{marked(item.summary, h?.summary)}</p>
        <div className={styles.cardFoot}>
          <span className={styles.labels}>
            {item.enterpriseOnly ? <span className={styles.enterprise}>企业认证可用</span> : null}
            {labels.map((l) => (
              <span key={l} className={h?.labels.includes(l) ? styles.labelHit : undefined}>
                {l}
              </span>
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
