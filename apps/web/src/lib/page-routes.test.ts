import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicRoutes, routeOfPageFile } from './page-routes';

const APP = path.resolve(import.meta.dirname, '../app');
const pageFiles = () => readdirSync(APP, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/'));
const IDS = {
  '/api/[id]': 1882,
  '/case/[id]': 1,
  '/news/[id]': 1,
  '/policy/[id]': 1,
  '/knowlege/[id]': 1,
  '/[...missing]': 'no-such-page',
  '/invite/[token]': 'token',
};

describe('routeOfPageFile', () => {
  it('drops route groups and keeps dynamic segments as written', () => {
    expect(routeOfPageFile('(site)/page.tsx')).toBe('/');
    expect(routeOfPageFile('(site)/(truck)/transportation/aiScheduling/page.tsx')).toBe('/transportation/aiScheduling');
    expect(routeOfPageFile('(site)/api/[id]/page.tsx')).toBe('/api/[id]');
    expect(routeOfPageFile('faceRecgnition/page.tsx')).toBe('/faceRecgnition');
  });

  it('is null for files that are not pages and for private folders', () => {
    expect(routeOfPageFile('(site)/api/api.module.css')).toBeNull();
    expect(routeOfPageFile('sitemap.ts')).toBeNull();
    expect(routeOfPageFile('(site)/api/[id]/_components/page.tsx')).toBeNull();
    expect(routeOfPageFile('%5F%5Frevalidate/route.ts')).toBeNull();
  });
});

describe('publicRoutes', () => {
  it('fills dynamic segments and leaves out the user center, console and dev tools', () => {
    const files = [
      '(site)/page.tsx',
      '(site)/news/[id]/page.tsx',
      'userCenter/page.tsx',
      'userCenter/[...rest]/page.tsx',
      'console/page.tsx',
      'dev/outbox/page.tsx',
    ];
    expect(publicRoutes(files, { '/news/[id]': 7 })).toEqual(['/', '/news/7']);
  });

  it('refuses a dynamic route it has no id for, rather than skipping it', () => {
    expect(() => publicRoutes(['(site)/case/[id]/page.tsx'], {})).toThrow('/case/[id]');
  });

  it('lists the public routes of spec 01 §2.1 from the real app folder', () => {
    const routes = publicRoutes(pageFiles(), IDS);
    for (const r of [
      '/',
      '/aboutUs/FAQ',
      '/api',
      '/api/1882',
      '/api/marry',
      '/apiSearch',
      '/apiTest',
      '/case/1',
      '/dataIntoTable/ability/safetybox',
      '/deepSeek',
      '/enterpriseFleet',
      '/faceRecgnition',
      '/ie',
      '/interfaceInfo/interface',
      '/knowlege/1',
      '/login',
      '/privacy',
      '/solutionPlan/insureIndustry/typeLabel',
      '/testOnline',
      '/transportation/searcher',
    ]) {
      expect(routes).toContain(r);
    }
    expect(routes.some((r) => r.startsWith('/userCenter') || r.startsWith('/console') || r.startsWith('/dev'))).toBe(false);
    expect(routes.some((r) => r.includes('['))).toBe(false);
    expect(routes.length).toBeGreaterThanOrEqual(60);
  });
});
