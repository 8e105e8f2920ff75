// One search result: the catalogue card with the words the search found marked in the name and
// the summary (ranges from the API, which also covers synonyms and pinyin) and in the labels.
import type { SearchHighlight } from '@apimarket/contracts';
import Link from 'next/link';
import type { ReactNode } from 'react';
import cardStyles from '../../../../components/catalog/catalog.module.css';
import { formatPrice, type InterfaceCard } from '../../../../lib/catalog';
import styles from '../search.module.css';

export type Hit = InterfaceCard & { highlight?: SearchHighlight };

/** The text cut at the ranges, the found parts in <mark>. Ranges out of order or bounds are ignored. */
export function marked(text: string, ranges: Array<[number, number]> = []): ReactNode[] {
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

export function SearchHit({ item }: { item: Hit }) {
  const h = item.highlight;
  const labels = [...new Set([...(h?.labels ?? []), ...item.labels])].slice(0, 3);
  return (
    <li className={cardStyles.card}>
      <Link href={`/api/${item.id}`} className={cardStyles.cardLink}>
        <div className={cardStyles.cardHead}>
          <span className={cardStyles.cardIcon} aria-hidden="true">
            {item.categoryName.slice(0, 1)}
          </span>
          <h3 className={cardStyles.cardTitle}>{marked(item.interfaceName, h?.interfaceName)}</h3>
          <span className={cardStyles.badges}>
            {item.isHot ? <span className={cardStyles.hot}>热门</span> : null}
            {item.isNew ? <span className={cardStyles.new}>新品</span> : null}
          </span>
        </div>
        <p className={`${cardStyles.cardSummary} ${styles.summary}`}>{marked(item.summary, h?.summary)}</p>
        <div className={cardStyles.cardFoot}>
          <span className={cardStyles.labels}>
            {item.enterpriseOnly ? <span className={cardStyles.enterprise}>企业认证可用</span> : null}
            {labels.map((l) => (
              <span key={l} className={h?.labels.includes(l) ? styles.labelHit : undefined}>
                {l}
              </span>
            ))}
          </span>
          <span className={cardStyles.price}>
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
