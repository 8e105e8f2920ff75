// The content pages at 375 px: nothing may push the page wider than the phone, and the menu
// reaches the news centre and the knowledge base.
import { expect, test } from '@playwright/test';

const PAGES = ['/news', '/news/1', '/case', '/case/1', '/policy', '/policy/1', '/knowlege', '/knowlege/1', '/audit'];

for (const path of PAGES) {
  test(`${path} fits 375 px without sideways scrolling`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the mobile menu lists 新闻中心 and 知识库 under 新闻资讯', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('mobile-menu-toggle').click();
  const menu = page.getByRole('navigation', { name: '移动端菜单' });
  await menu.getByRole('button', { name: '展开新闻资讯' }).click();
  await menu.getByRole('link', { name: '知识库' }).click();
  await page.waitForURL((u) => u.pathname === '/knowlege');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('知识库');
});
