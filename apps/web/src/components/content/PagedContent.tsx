// The body of a paged content list (news, knowledge, policy readings, cases): its cards and page
// links, or the designed empty state when the list cannot be read, is empty, or the page is past its end.
import { Pagination } from '../catalog/Pagination';
import { type CardProps, ContentCard, ContentList } from './ContentCard';
import { EmptyState } from './EmptyState';

interface Props<T extends { id: number }> {
  /** The page of rows, or null when the API did not answer. */
  result: { rows: T[]; total: number } | null;
  /** The title shown when the list cannot be read (新闻暂时无法读取). */
  unavailable: string;
  /** The hint on a page past the last one (这一页已经没有新闻了。). */
  pastEnd: string;
  /** What an empty first page says and where it leads. */
  empty: { hint: string; href: string; linkLabel: string };
  page: number;
  pageSize: number;
  /** The link to this list with its filters; `page: null` is its first page. */
  href: (patch: { page: number | null }) => string;
  testId: string;
  variant?: 'row' | 'tile';
  /** What the card of a row shows. */
  card: (row: T) => CardProps;
}

export function PagedContent<T extends { id: number }>({ result, unavailable, pastEnd, empty, page, pageSize, href, testId, variant, card }: Props<T>) {
  // Page 1 is the list's own address, so each page has one canonical link.
  const pageHref = (p: number) => href({ page: p > 1 ? p : null });
  if (result === null) return <EmptyState title={unavailable} hint="请稍后刷新页面重试。" href="/" linkLabel="返回首页" />;
  if (result.rows.length === 0) {
    return page > 1 ? <EmptyState hint={pastEnd} href={pageHref(1)} linkLabel="回到第一页" /> : <EmptyState {...empty} />;
  }
  return (
    <>
      <ContentList variant={variant} testId={testId}>
        {result.rows.map((row) => (
          <ContentCard key={row.id} variant={variant} {...card(row)} />
        ))}
      </ContentList>
      <Pagination page={page} pageSize={pageSize} total={result.total} href={pageHref} />
    </>
  );
}
