// Finding and judging an API: header search and hot terms, category tabs, the documentation
// page with its code samples, and the footer lists.
import { expect, test } from '@playwright/test';

test('a hot term from the header lands on /ApiSearch with highlighted results', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: '搜索接口' }).first().focus();
  await page.getByRole('link', { name: '实名认证', exact: true }).first().click();
  await page.waitForURL(/\/ApiSearch\?value=/);
  expect(decodeURIComponent(page.url())).toContain('/ApiSearch?value=实名认证');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('相关的接口');
  const results = page.getByTestId('search-results');
  await expect(results.locator('li').first()).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText('实名认证');
});

test('a typed keyword with no match shows the hot searches', async ({ page }) => {
  await page.goto('/ApiSearch?value=%3Cscript%3E');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('未找到与“<script>”相关的接口');
  await expect(page.getByText('热门搜索：')).toBeVisible();
});

test('a category tab filters the catalogue', async ({ page }) => {
  await page.goto('/api');
  await page.getByRole('navigation', { name: '接口分类' }).getByRole('link', { name: /司法/ }).click();
  await page.waitForURL(/\/api\?type=10/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('司法');
  const cards = page.getByTestId('catalog-grid').locator('li');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  // Each card's icon names its category (the icon's tooltip).
  for (let i = 0; i < count; i++) await expect(cards.nth(i).locator('[data-icon]')).toHaveAttribute('title', '司法');
});

test('an API detail shows its parameters and code samples', async ({ page }) => {
  const res = await page.goto('/api/1882');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('实名认证');
  await expect(page.getByRole('cell', { name: 'idcard', exact: true })).toBeVisible();
  await expect(page.locator('pre[data-lang="curl"]')).toContainText('/communication/personal/1882');
  await page.getByRole('tab', { name: 'Python' }).click();
  await expect(page.locator('pre[data-lang="Python"]')).toContainText('requests.post');
  await expect(page.getByText('价格套餐')).toBeVisible();
});

test('unknown and non-numeric API ids are 404 pages', async ({ page }) => {
  expect((await page.goto('/api/99999999'))?.status()).toBe(404);
  expect((await page.goto('/api/abc'))?.status()).toBe(404);
  expect((await page.goto('/apiDetails?id=1%20or%201=1'))?.status()).toBe(404);
  expect((await page.goto('/apiDetails?id=1887'))?.status()).toBe(200);
});

test('the footer lists 8 hot and 8 new APIs, with 高速 stripped from names', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('footer-hot').locator('li')).toHaveCount(8);
  await expect(page.getByTestId('footer-new').locator('li')).toHaveCount(8);
  // 9871 高速ETC通行费用查询 is among the newest: shown without the stripped word.
  await expect(page.getByTestId('footer-new')).toContainText('ETC通行费用查询');
  await expect(page.locator('footer')).not.toContainText('高速');
});

test('sitemap.xml lists the public pages and every API and content detail; robots.txt points to it', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('<urlset');
  for (const path of ['/api/1882', '/api/9963', '/api?type=10', '/news/1', '/case/1', '/policy/1', '/knowlege/1']) {
    expect(xml).toContain(`${path}</loc>`);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap:');
  expect(robots).toContain('Disallow: /userCenter');
});

test('the home page shows the product matrix, hot and new APIs, cases and news from the server', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  for (const name of ['产品矩阵', '热门接口', '新品上架', '客户案例', '新闻资讯']) {
    await expect(main.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: '更多资讯 →' }).click();
  await page.waitForURL((u) => u.pathname === '/news');
});

test('need matching: a scenario, then a need in words, each gives interfaces with reasons', async ({ page }) => {
  await page.goto('/api/marry');
  await page.getByRole('navigation', { name: '行业' }).getByRole('link', { name: '保险' }).click();
  await page.getByRole('link', { name: /^理赔反欺诈/ }).click();
  await expect(page.getByTestId('match-results').locator('> li').first()).toContainText('理赔反欺诈：');
  await page.getByRole('textbox', { name: '需求描述' }).fill('网约车司机刷脸认证');
  await page.getByRole('button', { name: '为我匹配' }).click();
  // Needs, not shared characters: a driver's onboarding and a face check.
  await expect(page.getByText('已识别：')).toContainText('司机准入核验');
  await expect(page.getByText('已识别：')).toContainText('人脸核身');
});

test('the footer links the news types and the header links the help center', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: '新闻资讯' }).getByRole('link', { name: '公司新闻' }).click();
  await page.waitForURL(/\/news\?type=2/);
  await page.getByRole('banner').getByRole('link', { name: '帮助中心' }).click();
  await page.waitForURL((u) => u.pathname === '/knowlege');
});
