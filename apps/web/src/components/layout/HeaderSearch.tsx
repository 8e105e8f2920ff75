// The desktop header's keyword search: a plain GET form to /ApiSearch (works before any JS),
// with the nine hot terms (spec 01 §2.4) shown while the box has focus. On narrower desktops the
// box folds into an icon; the icon is a label for the input, so a click focuses it and the box
// opens over the menu without any script.
import { HOT_SEARCH_TERMS, SEARCH_KEYWORD_MAX } from '@apimarket/contracts';
import Link from 'next/link';
import styles from './SiteHeader.module.css';

const INPUT_ID = 'header-search';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.4 1.4-4.25-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
      />
    </svg>
  );
}

export function HeaderSearch() {
  return (
    <form action="/ApiSearch" method="get" className={styles.search}>
      <label htmlFor={INPUT_ID} className={styles.searchOpen} title="搜索接口">
        <SearchIcon />
      </label>
      <div className={styles.searchBox}>
        <input id={INPUT_ID} name="value" placeholder="请输入您要搜索的API" maxLength={SEARCH_KEYWORD_MAX} aria-label="搜索接口" autoComplete="off" />
        <button type="submit" aria-label="搜索">
          <SearchIcon />
        </button>
      </div>
      <div className={styles.hotPanel}>
        <p>热门搜索</p>
        <ul>
          {HOT_SEARCH_TERMS.map((t) => (
            <li key={t}>
              <Link href={`/ApiSearch?value=${encodeURIComponent(t)}`} prefetch={false}>
                {t}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
