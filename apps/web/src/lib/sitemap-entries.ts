// What sitemap.xml lists, as a pure function of the live data: the content pages come from the
// content data (content/pages), the rest from the short list below; a test walks the app folder.
import { CONTENT_ALIASES, CONTENT_PAGES } from '../content/pages';

/**
 * The public pages that are not content pages (their body is read from the API), with their
 * priority. sitemap-entries.test.ts walks the app folder: a new route that is neither here, nor a
 * content page, nor in UNLISTED_ROUTES fails it.
 */
export const LISTED_PAGES: ReadonlyArray<readonly [path: string, priority: number]> = [
  ['/', 1],
  ['/api', 0.9],
  ['/api/marry', 0.6],
  ['/news', 0.7],
  ['/case', 0.7],
  ['/policy', 0.6],
  ['/knowlege', 0.6],
  ['/audit', 0.5],
  ['/testOnline', 0.6],
];

/** Routes with a page file that crawlers should not be sent to, and why (a key ending in / covers the paths under it). */
export const UNLISTED_ROUTES: Readonly<Record<string, string>> = {
  '/login': 'noindex',
  '/createImgZip': 'noindex: a signed-in receipt download window',
  '/print': 'noindex: a signed-in receipt print page',
  '/vehicleTrajectoryH5': 'noindex: a shared vehicle track behind a private, expiring token',
  '/invite/': 'noindex: a sub-account invitation is a private, single-use link',
  '/register': 'noindex',
  '/ie': 'noindex (browser upgrade notice)',
  '/apiSearch': 'noindex search results',
  '/apiDetails': 'duplicate of /api/{id} (canonical link)',
  '/apiTest': 'noindex: the test console of one interface; its documentation /api/{id} is the page to index',
  '/transportation': 'permanent redirect to /transportation/product',
};

/** Content page priorities by family: solutions and topics above company pages, legal texts last. */
function contentPriority(path: string): number {
  if (path === '/privacy' || path === '/protocol') return 0.3;
  if (path.startsWith('/aboutUs')) return 0.5;
  return path.split('/').length > 3 ? 0.6 : 0.7;
}

export interface SitemapData {
  categories: Array<{ id: number }>;
  interfaces: Array<{ id: number }>;
  news: Array<{ id: number; publishedAt: string }>;
  cases: Array<{ id: number; publishedAt: string }>;
  policies: Array<{ id: number; issuedAt: string }>;
  knowledge: Array<{ id: number; publishedAt: string }>;
}

export interface SitemapEntry {
  url: string;
  priority: number;
  lastModified?: string;
}

export function sitemapEntries(site: string, data: SitemapData): SitemapEntry[] {
  const page = (path: string, priority: number, lastModified?: string): SitemapEntry => ({
    url: `${site}${path}`,
    priority,
    ...(lastModified ? { lastModified } : {}),
  });
  // An alias renders its page with a canonical link elsewhere: only the canonical path is listed.
  const content = CONTENT_PAGES.filter((p) => !(p.path in CONTENT_ALIASES)).map((p) => page(p.path, contentPriority(p.path)));
  return [
    ...LISTED_PAGES.map(([path, priority]) => page(path, priority)),
    ...data.categories.map((c) => page(`/api?type=${c.id}`, 0.8)),
    ...data.interfaces.map((i) => page(`/api/${i.id}`, 0.8)),
    ...content,
    ...data.news.map((n) => page(`/news/${n.id}`, 0.6, n.publishedAt)),
    ...data.cases.map((c) => page(`/case/${c.id}`, 0.6, c.publishedAt)),
    ...data.policies.map((p) => page(`/policy/${p.id}`, 0.5, p.issuedAt)),
    ...data.knowledge.map((k) => page(`/knowlege/${k.id}`, 0.5, k.publishedAt)),
  ];
}
