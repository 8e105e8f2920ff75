// sitemap.xml: every public page and every interface and content detail. Built on request from
// the live catalogue (cached 10 minutes in the web process), never at build time when the API
// is not running. Which pages it lists is lib/sitemap-entries.ts (content pages from their data).
import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { webConfig } from '../config';
import { serverData, serverGet } from '../lib/api/server';
import { sitemapEntries } from '../lib/sitemap-entries';

type Rows<T> = { rows: T[]; total: number };
const PAGE = 100;

/** Every row of a paged list call. */
async function all<T>(path: string, method: 'GET' | 'POST' = 'GET'): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await serverGet<Rows<T>>(path, { method, ttl: 600, data: { pageNum: page, pageSize: PAGE } });
    if (!body) break;
    out.push(...body.rows);
    if (out.length >= body.total || body.rows.length < PAGE) break;
  }
  return out;
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [interfaces, categories, news, cases, policies, knowledge] = await Promise.all([
    serverGet<Rows<{ id: number }>>('api/interface/list', { ttl: 600 }),
    serverData<Array<{ id: number }>>('api/category/list', { ttl: 600 }),
    all<{ id: number; publishedAt: string }>('api/news/list'),
    all<{ id: number; publishedAt: string }>('api/case/list', 'POST'),
    all<{ id: number; issuedAt: string }>('api/policyPostWeb/getPostList'),
    all<{ id: number; publishedAt: string }>('api/knowledgeBase/getBaseList'),
  ]);
  return sitemapEntries(webConfig.siteUrl, {
    categories: categories ?? [],
    interfaces: interfaces?.rows ?? [],
    news,
    cases,
    policies,
    knowledge,
  });
}
