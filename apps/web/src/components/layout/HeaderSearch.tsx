// The desktop header's keyword search: a plain GET form to /ApiSearch (works before any JS),
// with the nine hot terms (spec 01 §2.4) shown while the box has focus. On narrower desktops the
// box folds into an icon; the icon is a label for the input, so a click focuses it and the box
// opens over the menu without any script.
import { SEARCH_KEYWORD_MAX } from '@apimarket/contracts';
import { HotSearchLinks, SearchIcon } from './SearchParts';
import styles from './SiteHeader.module.css';

const INPUT_ID = 'header-search';

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
        <HotSearchLinks />
      </div>
    </form>
  );
}
