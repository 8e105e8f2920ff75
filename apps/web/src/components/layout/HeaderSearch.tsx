// The desktop header's keyword search: a plain GET form to /ApiSearch (works before any JS),
// with the nine hot terms (spec 01 §2.4) shown while the box has focus.
import { HOT_SEARCH_TERMS, SEARCH_KEYWORD_MAX } from '@apimarket/contracts';
import Link from 'next/link';
import styles from './SiteHeader.module.css';

export function HeaderSearch() {
  return (
    <form action="/ApiSearch" method="get" className={styles.search}>
      <input name="value" placeholder="请输入您要搜索的API" maxLength={SEARCH_KEYWORD_MAX} aria-label="搜索接口" autoComplete="off" />
      <button type="submit" aria-label="搜索">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.4 1.4-4.25-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z" />
        </svg>
      </button>
      <div className={styles.hotPanel}>
        <p>热门搜索</p>
        <ul>
          {HOT_SEARCH_TERMS.map((t) => (
            <li key={t}>
              <Link href={`/ApiSearch?value=${encodeURIComponent(t)}`}>{t}</Link>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
