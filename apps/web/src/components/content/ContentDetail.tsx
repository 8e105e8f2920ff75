// The frame of a content detail page (a case, an article, a policy reading, a knowledge article):
// the breadcrumb up to its section, the article, and the side column that ends with 更多内容.
import { Article, ContentColumns } from './Article';
import { Breadcrumb, type Crumb } from './Breadcrumb';
import { ContentNav, SECTIONS, type SectionHref } from './ContentNav';

interface Props {
  /** The list the record belongs to (/news…): the breadcrumb's second step, left out of 更多内容. */
  section: SectionHref;
  /** Steps between the section and the record (its type or industry). */
  crumbs?: Crumb[];
  title: string;
  /** The side boxes above 更多内容. */
  aside: React.ReactNode;
  testId: string;
  children: React.ReactNode;
}

export function ContentDetail({ section, crumbs = [], title, aside, testId, children }: Props) {
  const label = SECTIONS.find((s) => s.href === section)?.label ?? '';
  return (
    <div className="container">
      <Breadcrumb items={[{ label: '首页', href: '/' }, { label, href: section }, ...crumbs, { label: title }]} />
      <ContentColumns
        aside={
          <>
            {aside}
            <ContentNav current={section} />
          </>
        }
      >
        <Article testId={testId}>{children}</Article>
      </ContentColumns>
    </div>
  );
}
