// /api/{id}: an interface's documentation page, regenerated in the background every 5 minutes
// rather than rendered per request. Unknown and non-numeric ids get the 404 page.
import { catalogApi } from '@apimarket/contracts';
import { serverCallDetail } from '@/lib/api/server';
import { type DetailProps, detailPage, noIdsAhead } from '@/lib/detail-page';
import { InterfaceDocPage } from './_components/InterfaceDocPage';

export const revalidate = 300;
export const generateStaticParams = noIdsAhead;

const { load, generateMetadata } = detailPage(
  (id, options) => serverCallDetail(catalogApi.detail, { id }, options),
  (d) => ({ title: `${d.interfaceName} - ${d.categoryName}`, description: d.summary, alternates: { canonical: `/api/${d.id}` } }),
);
export { generateMetadata };

export default async function InterfacePage(props: DetailProps) {
  const d = await load(props);
  return <InterfaceDocPage d={d} />;
}
