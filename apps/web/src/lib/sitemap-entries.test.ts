// sitemap.xml is complete: every public route the app folder declares is listed (detail pages
// with the ids of the data given), or is named as deliberately unlisted.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_ALIASES } from '../content/pages';
import { publicRoutes } from './page-routes';
import { sitemapEntries, UNLISTED_ROUTES } from './sitemap-entries';

const APP = path.resolve(import.meta.dirname, '../app');
// A catch-all ([...missing]: the site's 404 for any unmatched path) is not a page of its own.
const pageFiles = () =>
  readdirSync(APP, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => !f.includes('[...'));
const SITE = 'https://example.com';

const DATA = {
  categories: [{ id: 1 }, { id: 2 }],
  interfaces: [{ id: 1882 }, { id: 9732 }],
  news: [{ id: 31, publishedAt: '2026-11-12T00:00:00.000Z' }],
  cases: [{ id: 7, publishedAt: '2026-10-01T00:00:00.000Z' }],
  policies: [{ id: 5, issuedAt: '2026-09-09T00:00:00.000Z' }],
  knowledge: [{ id: 12, publishedAt: '2026-08-12T00:00:00.000Z' }],
};
const IDS = { '/api/[id]': 1882, '/case/[id]': 7, '/news/[id]': 31, '/policy/[id]': 5, '/knowlege/[id]': 12, '/invite/[token]': 'token' };
const unlisted = (r: string) => r in UNLISTED_ROUTES || Object.keys(UNLISTED_ROUTES).some((k) => k.endsWith('/') && r.startsWith(k));

describe('sitemap entries', () => {
  const urls = sitemapEntries(SITE, DATA).map((e) => e.url);

  it('lists every public page route of the app folder, or names why it does not', () => {
    const routes = publicRoutes(pageFiles(), IDS);
    // Content-page aliases (/solutionPlan/logistics1) point crawlers at their canonical page.
    const missing = routes.filter((r) => !unlisted(r) && !(r in CONTENT_ALIASES) && !urls.includes(`${SITE}${r}`));
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(60);
  });

  it('includes the marketing, solution, company, legal and topic pages', () => {
    for (const p of [
      '/solutionPlan/financial',
      '/dataIntoTable/ability/cms',
      '/deepSeek',
      '/aboutUs/team',
      '/privacy',
      '/truck',
      '/faceRecgnition',
      '/interfaceInfo/interface',
    ]) {
      expect(urls, p).toContain(`${SITE}${p}`);
    }
  });

  it('lists each detail page from the data, with its date, and no address twice', () => {
    expect(urls).toContain(`${SITE}/api/9732`);
    expect(urls).toContain(`${SITE}/api?type=2`);
    expect(sitemapEntries(SITE, DATA).find((e) => e.url === `${SITE}/news/31`)?.lastModified).toBe('2026-11-12T00:00:00.000Z');
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('leaves out aliases, redirects and pages marked noindex', () => {
    for (const r of ['/solutionPlan/logistics1', '/solutionPlan/Logistics', '/transportation', '/login', '/apiSearch', '/ie']) {
      expect(urls).not.toContain(`${SITE}${r}`);
    }
  });
});
