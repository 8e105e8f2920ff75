// sitemap.xml: every public page and every interface and content detail. Built on request from
// the live catalogue (cached 10 minutes in the web process), never at build time when the API
// is not running. Which pages it lists is lib/sitemap-entries.ts (content pages from their data).
import { catalogApi, contentApi, type ListEnvelope } from '@apimarket/contracts';
import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { webConfig } from '@/config';
import { type Fetched, serverCall, serverCallData } from '@/lib/api/server';
import { sitemapEntries } from '@/lib/sitemap-entries';

const PAGE = 100;

/** Every row of a paged list call, `load` reading one page of it. */
async function all<T>(load: (pageNum: number) => Promise<Fetched<ListEnvelope<T>>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const r = await load(page);
    if (!r.ok) break;
    out.push(...r.body.rows);
    if (out.length >= r.body.total || r.body.rows.length < PAGE) break;
  }
  return out;
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const page = (pageNum: number) => ({ pageNum, pageSize: PAGE });
  const ttl = { ttl: 600 };
  const [interfaces, categories, news, cases, policies, knowledge] = await Promise.all([
    serverCall(catalogApi.list, {}, ttl),
    serverCallData(catalogApi.categories, {}, ttl),
    all((n) => serverCall(contentApi.news, page(n), ttl)),
    all((n) => serverCall(contentApi.cases, page(n), ttl)),
    all((n) => serverCall(contentApi.policies, page(n), ttl)),
    all((n) => serverCall(contentApi.knowledge, page(n), ttl)),
  ]);
  return sitemapEntries(webConfig.siteUrl, {
    categories: categories ?? [],
    interfaces: interfaces.ok ? interfaces.body.rows : [],
    news,
    cases,
    policies,
    knowledge,
  });
}
