// sitemap.xml: every public page and every interface and content detail. Built on request from
// the live catalogue (cached 10 minutes in the web process), never at build time when the API
// is not running.
import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { webConfig } from '../config';
import { serverData, serverGet } from '../lib/api/server';

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
  const site = webConfig.siteUrl;
  const [interfaces, categories, news, cases, policies, knowledge] = await Promise.all([
    serverGet<Rows<{ id: number }>>('api/interface/list', { ttl: 600 }),
    serverData<Array<{ id: number }>>('api/category/list', { ttl: 600 }),
    all<{ id: number; publishedAt: string }>('api/news/list'),
    all<{ id: number; publishedAt: string }>('api/case/list', 'POST'),
    all<{ id: number; issuedAt: string }>('api/policyPostWeb/getPostList'),
    all<{ id: number; publishedAt: string }>('api/knowledgeBase/getBaseList'),
  ]);
  const page = (path: string, priority: number, lastModified?: string): MetadataRoute.Sitemap[number] => ({
    url: `${site}${path}`,
    priority,
    ...(lastModified ? { lastModified } : {}),
  });
  return [
    page('/', 1),
    page('/api', 0.9),
    ...(categories ?? []).map((c) => page(`/api?type=${c.id}`, 0.8)),
    ...(interfaces?.rows ?? []).map((i) => page(`/api/${i.id}`, 0.8)),
    page('/news', 0.7),
    ...news.map((n) => page(`/news/${n.id}`, 0.6, n.publishedAt)),
    page('/case', 0.7),
    ...cases.map((c) => page(`/case/${c.id}`, 0.6, c.publishedAt)),
    page('/policy', 0.6),
    ...policies.map((p) => page(`/policy/${p.id}`, 0.5, p.issuedAt)),
    page('/knowlege', 0.6),
    ...knowledge.map((k) => page(`/knowlege/${k.id}`, 0.5, k.publishedAt)),
    page('/audit', 0.5),
  ];
}
