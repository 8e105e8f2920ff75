// The menu data: every marketing, solution, company, topic and legal page is reachable from the
// menu (issue 17: /dataIntoTable, /deepSeek, the manual, the legal pages were not on desktop),
// every menu link has a page, and the category menu takes 8 per category, 7 for category 1.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CATEGORY_1_MENU_LIMIT, CATEGORY_MENU_PAGE_SIZE } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '@/content/pages';
import { categoryMenu, MANUAL_HREF, NAV, navDestinations } from './nav';
import { MANUAL_TARGET } from '../../../../../scripts/build-manual.mjs';

const APP = path.resolve(import.meta.dirname, '../../app');
const PUBLIC = path.resolve(import.meta.dirname, '../../../public');

/** The app's routes: folders holding a page.tsx, with route groups `(name)` left out. */
function routes(dir = APP, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isFile() && e.name === 'page.tsx') out.push(prefix || '/');
    if (!e.isDirectory()) continue;
    const segment = /^\(.+\)$/.test(e.name) ? '' : `/${e.name}`;
    out.push(...routes(path.join(dir, e.name), prefix + segment));
  }
  return out;
}

describe('menu data', () => {
  const reached = new Set(navDestinations());

  it('reaches the pages issue 17 found only on mobile or nowhere', () => {
    for (const href of ['/dataIntoTable', '/deepSeek', '/solutionPlan/paradigmInternet', MANUAL_HREF, '/privacy', '/protocol', '/api', '/api/marry']) {
      expect(reached, href).toContain(href);
    }
  });

  it('reaches every content page (solutions, 数据资产入表 and its abilities, company, topics, legal)', () => {
    const missing = CONTENT_PAGES.map((p) => p.path).filter((p) => !reached.has(p));
    expect(missing).toEqual([]);
  });

  it('links only pages that exist, and the manual as a download', () => {
    const known = new Set(routes());
    for (const href of reached) {
      // The PDF is built at start (scripts/build-manual.mjs), so a fresh clone has its source, not the file.
      if (href === MANUAL_HREF) expect(path.join(PUBLIC, href)).toBe(MANUAL_TARGET);
      else expect(known, href).toContain(href);
    }
    const manual = NAV.flatMap((i) => i.groups ?? [])
      .flatMap((g) => g.links)
      .find((l) => l.href === MANUAL_HREF);
    expect(manual?.file).toBe(true);
  });

  it('has the spec 01 §2.4 menu items in order', () => {
    expect(NAV.map((i) => i.label)).toEqual(['首页', 'API 商城', '解决方案', '新闻资讯', '客户案例', '关于我们']);
    const news = NAV.find((i) => i.label === '新闻资讯')?.groups?.flatMap((g) => g.links.map((l) => l.label));
    expect(news).toEqual(expect.arrayContaining(['新闻中心', '知识库']));
  });
});

describe('category menu (spec 02 §9)', () => {
  const categories = [
    { id: 1, categoryName: '身份核验' },
    { id: 2, categoryName: '人脸识别' },
    { id: 3, categoryName: '空分类' },
  ];
  // Ten interfaces in each of categories 1 and 2, in catalogue order; none in 3.
  const all = [1, 2].flatMap((c) => Array.from({ length: 10 }, (_, n) => ({ id: c * 100 + n, interfaceName: `接口${c}-${n}`, categoryId: c })));

  it('takes 8 interfaces per category and only the first 7 of category 1', () => {
    const menu = categoryMenu(categories, [], all);
    expect(CATEGORY_MENU_PAGE_SIZE).toBe(8);
    expect(CATEGORY_1_MENU_LIMIT).toBe(7);
    expect(menu.map((c) => [c.id, c.interfaces.length])).toEqual([
      [1, 7],
      [2, 8],
    ]);
    expect(menu[0]?.interfaces.map((i) => i.id)).toEqual([100, 101, 102, 103, 104, 105, 106]);
  });

  it('links each interface to /api/{id} and each category to /api?type={id}', () => {
    const [first] = categoryMenu(categories, [], all);
    expect(first?.href).toBe('/api?type=1');
    expect(first?.interfaces[0]).toEqual({ id: 100, name: '接口1-0', href: '/api/100' });
  });

  it('puts the interfaces ticked for the menu first, once each, and fills up with the rest', () => {
    const flagged = [all[15], all[5]].filter((r) => r !== undefined); // 205, then 105
    const menu = categoryMenu(categories, flagged, all);
    expect(menu[0]?.interfaces.map((i) => i.id)).toEqual([105, 100, 101, 102, 103, 104, 106]);
    expect(menu[1]?.interfaces.map((i) => i.id)).toEqual([205, 200, 201, 202, 203, 204, 206, 207]);
  });

  it('leaves out empty categories and is empty without a catalogue', () => {
    expect(categoryMenu(categories, [], all).map((c) => c.name)).not.toContain('空分类');
    expect(categoryMenu([], [], [])).toEqual([]);
  });
});
