// A keyword search as a plain GET form: the result is a shareable URL (?keyword=) rendered on
// the server, and the form works before any JavaScript has loaded.
import Link from 'next/link';
import { withQuery } from '@/lib/content';
import styles from './content.module.css';

interface Props {
  action: string;
  keyword: string;
  /** Accessible name and placeholder of the box. */
  label: string;
  placeholder: string;
  /** Filters the search keeps (a chosen type stays chosen). */
  keep?: Record<string, string>;
  /** Shown under the box when a keyword is set: the count and a way back to the unsearched list. */
  total?: number | null;
}

export function SearchForm({ action, keyword, label, placeholder, keep = {}, total }: Props) {
  return (
    <>
      <search>
        <form className={styles.search} action={action} method="get">
          {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
          <input type="search" name="keyword" defaultValue={keyword} aria-label={label} placeholder={placeholder} maxLength={50} enterKeyHint="search" />
          <button type="submit">搜索</button>
        </form>
      </search>
      {keyword && total !== undefined && total !== null ? (
        <p className={styles.searchNote}>
          找到与“{keyword}”相关的内容 {total} 条<Link href={withQuery(action, keep)}>清除搜索</Link>
        </p>
      ) : null}
    </>
  );
}
