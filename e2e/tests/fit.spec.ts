// Every page fits every width: each public route (from the app folder, page-routes.ts) and each
// user-center screen (every route of UC_ROUTES), loaded once and resized through the widths
// a buyer uses, fails naming route and width when the page scrolls sideways or something sticks
// out of the window outside a scroll container. Layouts follow the window (CSS), never the
// User-Agent (device.ts only picks where a login lands), so a resize stands for a reload.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { publicRoutes } from '../../apps/web/src/lib/page-routes';
import { UC_ROUTES, ucHref } from '../../apps/web/src/lib/user-center';
import { CUSTOMER } from './setup/state';

const WIDTHS = [1440, 1280, 1024, 768, 375, 320];

const APP = path.resolve(import.meta.dirname, '../../apps/web/src/app');
const pageFiles = readdirSync(APP, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/'));
/** The 404 page, as any public path no page answers shows it. */
const MISSING = '/no-such-page';
/** Seeded rows (apps/server/src/db/seed) a detail page is shown with; the catch-all shows the 404. */
const SEED_IDS = {
  '/api/[id]': 1882,
  '/case/[id]': 1,
  '/news/[id]': 1,
  '/policy/[id]': 1,
  '/knowlege/[id]': 1,
  '/[...missing]': MISSING.slice(1),
  // A link that was never sent: the page says so, with the way back to /login.
  '/invite/[token]': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
};
/** Lists whose tab strip scrolls: the last tab chosen, the one that falls off a phone. */
const TABBED = ['/api?type=11', '/news?type=3', '/knowlege?type=2', '/aboutUs/FAQ?type=3', '/apiSearch?value=身份证'];
/** Pages that need a query to show anything; another interface than /api/{id}'s, with long samples. */
const QUERY: Record<string, string> = { '/apiDetails': '/apiDetails?id=9732' };
const PUBLIC = [...publicRoutes(pageFiles, SEED_IDS).map((r) => QUERY[r] ?? r), '/api/9963', ...TABBED];
const USER_CENTER = UC_ROUTES.map((r) => ucHref(r.path));

interface Measure {
  scrollWidth: number;
  clientWidth: number;
  /** The outermost elements whose right edge passes the window, outside any scroll container. */
  sticking: string[];
}

/** What sticks out at the current width (runs in the page). */
function measure(): Measure {
  const doc = document.documentElement;
  const limit = doc.clientWidth + 1; // sub-pixel rounding
  const clipsX = (el: Element) => {
    const o = getComputedStyle(el).overflowX;
    return o !== 'visible';
  };
  const describe = (el: Element) => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
    return `<${el.tagName.toLowerCase()}${cls}> ${Math.round(el.getBoundingClientRect().right)}px ${text ? `「${text}」` : ''}`.trim();
  };
  const sticking: Element[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const r = el.getBoundingClientRect();
    // Wholly beyond the right edge: an off-canvas drawer or a slide waiting its turn.
    if (r.width === 0 || r.height === 0 || r.right <= limit || r.left >= doc.clientWidth) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    let inScroller = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (clipsX(p)) {
        inScroller = true;
        break;
      }
    }
    if (inScroller) continue;
    if (sticking.some((s) => s.contains(el))) continue;
    sticking.push(el);
  }
  return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, sticking: sticking.slice(0, 3).map(describe) };
}

/** The page's measure once resize listeners and media-query re-renders have landed. */
async function measured(page: Page): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      return await page.evaluate(measure);
    } catch (err) {
      // A development server reloads a page whose code just changed; a built one never does.
      if (attempt === 3 || !String(err).includes('Execution context was destroyed')) throw err;
      await page.waitForLoadState('load');
    }
  }
}

async function misfits(page: Page, route: string): Promise<string[]> {
  const res = await page.goto(route, { waitUntil: 'load' });
  expect(res?.status(), `${route} answers`).toBe(route === MISSING ? 404 : 200);
  const out: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    const m = await measured(page);
    if (m.scrollWidth > m.clientWidth || m.sticking.length > 0) {
      out.push(`${route} @ ${width}px: page ${m.scrollWidth}px in a ${m.clientWidth}px window; ${m.sticking.join(' | ') || 'nothing visible sticks out'}`);
    }
  }
  return out;
}

test.describe('public pages fit 320–1440 px', () => {
  for (const route of PUBLIC) {
    test(route, async ({ page }) => {
      expect(await misfits(page, route)).toEqual([]);
    });
  }
});

test.describe('user-center screens fit 320–1440 px', () => {
  test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });
  for (const route of USER_CENTER) {
    test(route, async ({ page }) => {
      const found = await misfits(page, route);
      // Signed in with an authenticated company: the screen itself, not the login or the gate.
      expect(new URL(page.url()).pathname).toBe(route);
      expect(found).toEqual([]);
    });
  }
});

/** On a 375 px phone the strip's current tab (aria-current) is in view when the page opens. */
async function currentTabInView(page: Page, route: string, strip: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(route);
  const current = page.getByRole('navigation', { name: strip }).locator('[aria-current="page"]');
  // Centring may leave a fraction of a pixel outside: "in view" is nine tenths of it at least.
  await expect(current).toBeInViewport({ ratio: 0.9 });
}

test('the chosen tab of a category strip is in view on a phone', async ({ page }) => {
  await currentTabInView(page, '/api?type=11', '接口分类');
  await currentTabInView(page, '/news?type=3', '新闻分类');
});

test('the current page of a section strip is in view on a phone', async ({ page }) => {
  await currentTabInView(page, '/aboutUs/contactUs', '关于我们');
});

test('/faceRecgnition zooms to width ÷ 1920 only above 1440 px', async ({ page }) => {
  const zoom = () => page.evaluate(() => Number(document.documentElement.style.zoom || 1));
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/faceRecgnition');
  await expect.poll(zoom).toBeCloseTo(1600 / 1920, 4);
  // A laptop gets the page at its real size: 14 px text stays 14 px, not 9.3.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(zoom).toBe(1);
});

test('one 404 page: an unmatched path and an unknown id both show it inside the site', async ({ page }) => {
  for (const path of [MISSING, '/news/99999999']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '很抱歉，您访问的页面找不到了' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
});
