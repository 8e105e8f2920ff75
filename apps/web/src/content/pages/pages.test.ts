// The content pages as data (issue: "content as data"): every route has its page and every page
// its route; real copy, enough sections, nothing repeated between pages; interfaces that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_ALIASES, CONTENT_PAGES, contentPage } from './index';
import type { Section } from './model';

const APP = path.resolve(import.meta.dirname, '../../app');
const SEED = path.resolve(import.meta.dirname, '../../../../server/src/db/seed/data/interfaces');

/** Every string a section shows, for the repetition and placeholder checks. */
function texts(section: Section): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(section);
  return out;
}

/** The route file of a path: under a layout group, or a landing with its own layout. */
function routeFile(route: string): string | null {
  for (const base of [path.join(APP, '(site)'), path.join(APP, '(site)', '(truck)'), APP]) {
    const file = path.join(base, route, 'page.tsx');
    if (existsSync(file)) return file;
  }
  return null;
}

describe('content pages', () => {
  it('every page has a route file that renders it, and every content route file has its page', () => {
    for (const page of CONTENT_PAGES) {
      const file = routeFile(page.path);
      expect(file, page.path).not.toBeNull();
      expect(readFileSync(file ?? '', 'utf8'), page.path).toContain(`'${page.path}'`);
    }
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    for (const file of walk(APP).filter((f) => f.endsWith('page.tsx'))) {
      const match = /const PATH = '([^']+)'/.exec(readFileSync(file, 'utf8'));
      if (match?.[1]) expect(() => contentPage(match[1] ?? ''), file).not.toThrow();
    }
    expect(contentPage('/solutionPlan/logistics1')).toBe(contentPage('/solutionPlan/logistics'));
    expect(CONTENT_ALIASES['/solutionPlan/Logistics']).toBe('/solutionPlan/logistics');
  });

  it('each page has a title, a description and at least four sections (a legal text is one document)', () => {
    const paths = new Set<string>();
    for (const page of CONTENT_PAGES) {
      expect(paths.has(page.path), page.path).toBe(false);
      paths.add(page.path);
      expect(page.title.length, page.path).toBeGreaterThan(1);
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(30);
      const legal = page.sections.every((s) => s.kind === 'legal');
      if (!legal) expect(page.sections.length, page.path).toBeGreaterThanOrEqual(4);
    }
  });

  it('no placeholder copy, and no sentence repeated from another page', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const page of CONTENT_PAGES) {
      for (const text of page.sections.flatMap(texts)) {
        expect(text, page.path).not.toMatch(/lorem|ipsum|TODO|TBD|XX大厦|xxx/i);
        // Long enough to be copy (not a label like 「免费试用」 or a link).
        if (text.length < 24 || text.startsWith('/')) continue;
        const first = owner.get(text);
        if (first && first !== page.path) clashes.push(`${page.path} repeats ${first}: ${text.slice(0, 30)}…`);
        owner.set(text, page.path);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('links only interfaces of the catalogue', () => {
    const ids = new Set(
      readdirSync(SEED)
        .filter((f) => f.endsWith('.ts'))
        .flatMap((f) => [...readFileSync(path.join(SEED, f), 'utf8').matchAll(/\bid:\s*(\d+)/g)].map((m) => Number(m[1]))),
    );
    expect(ids.size).toBeGreaterThan(100);
    for (const page of CONTENT_PAGES) {
      for (const s of page.sections) {
        if (s.kind === 'apis') for (const id of s.ids ?? []) expect(ids.has(id), `${page.path} → ${id}`).toBe(true);
        const actions = s.kind === 'hero' || s.kind === 'cta' ? (s.actions ?? []) : [];
        for (const a of actions) {
          const href = 'href' in a ? a.href : '';
          const id = /^\/api\/(\d+)$/.exec(href)?.[1];
          if (id) expect(ids.has(Number(id)), `${page.path} → ${href}`).toBe(true);
        }
      }
    }
  });
});
