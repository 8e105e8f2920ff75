// The desktop header (issue 17): it fits common laptop widths with 登录 and 免费注册 in view, and
// its dropdowns, built from the menu data, reach the solution pages and the live category menu
// by hover and by keyboard.
import { expect, type Page, test } from '@playwright/test';

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('at 1024, 1280 and 1366 px the page is no wider than the window and 登录/免费注册 are in view', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  for (const width of [1024, 1280, 1366]) {
    await page.setViewportSize({ width, height: 768 });
    expect(await overflow(page), `${width} px`).toBeLessThanOrEqual(0);
    for (const name of ['登录', '免费注册']) {
      const link = banner.getByRole('link', { name, exact: true });
      await expect(link, `${name} at ${width} px`).toBeInViewport({ ratio: 1 });
    }
    await expect(banner.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '解决方案' })).toBeVisible();
  }
});

test('解决方案 opens on hover and on focus, reaches /deepSeek and /dataIntoTable, and Escape closes it', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: '主导航' });
  const panel = nav.getByRole('group', { name: '解决方案' });
  await expect(panel).toBeHidden();

  await nav.getByRole('link', { name: '解决方案' }).hover();
  await expect(panel.getByRole('link', { name: 'AI 大模型专属方案' })).toHaveAttribute('href', '/deepSeek');
  await expect(panel.getByRole('link', { name: '入表服务介绍' })).toHaveAttribute('href', '/dataIntoTable');
  await expect(panel.getByRole('link', { name: '互联网+ 范式方案' })).toBeVisible();
  await page.mouse.move(5, 700);
  await expect(panel).toBeHidden();

  // Keyboard: focus opens it, Tab walks into it, Escape closes it and leaves focus on the item.
  await nav.getByRole('link', { name: '解决方案' }).focus();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link', { name: '金融科技' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(nav.getByRole('link', { name: '解决方案' })).toBeFocused();

  // 关于我们 carries the manual and the legal pages.
  await nav.getByRole('link', { name: '关于我们' }).hover();
  const about = nav.getByRole('group', { name: '关于我们' });
  await expect(about.getByRole('link', { name: '操作手册下载' })).toHaveAttribute('href', '/manual.pdf');
  await expect(about.getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/privacy');
  await expect(about.getByRole('link', { name: '服务协议' })).toHaveAttribute('href', '/protocol');
});

test('the API 商城 dropdown lists the categories with their interfaces; a pick opens the interface and closes the menu', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await nav.getByRole('link', { name: 'API 商城' }).hover();
  const menu = nav.getByTestId('category-menu');
  await expect(menu).toBeVisible();
  const all = menu.getByRole('link', { name: '查看全部身份核验接口' });
  await expect(all).toHaveAttribute('href', '/api?type=1');
  // Spec 02 §9: eight a category, category 1 only its first seven.
  const identity = all.locator('xpath=../..').getByRole('listitem');
  await expect(identity).toHaveCount(7);
  const vehicles = menu.getByRole('link', { name: '查看全部车辆接口' }).locator('xpath=../..').getByRole('listitem');
  await expect(vehicles).toHaveCount(8);
  expect(await menu.getByRole('link', { name: /^查看全部/ }).count()).toBeGreaterThanOrEqual(10);

  const first = identity.first().getByRole('link');
  const name = (await first.textContent()) ?? '';
  await expect(first).toHaveAttribute('href', /^\/api\/\d+$/);
  await first.click();
  await page.waitForURL(/\/api\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(menu).toBeHidden();
});
