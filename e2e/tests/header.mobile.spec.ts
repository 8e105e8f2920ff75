// The mobile header (issue 17, spec 01 §2.4): at 375 px and on an iPad (768 px) the menu opens,
// offers 登录 and 注册 to a visitor, and reaches the 数据资产入表 pages; nothing scrolls sideways.
import { expect, test } from '@playwright/test';

for (const width of [375, 768]) {
  test(`at ${width} px the menu offers 登录 and 注册 and reaches 数据资产入表`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByTestId('mobile-menu-toggle').click();
    const menu = page.getByRole('navigation', { name: '移动端菜单' });
    await expect(menu.getByRole('link', { name: '登录', exact: true })).toHaveAttribute('href', '/login');
    await expect(menu.getByRole('link', { name: '注册', exact: true })).toHaveAttribute('href', '/register');

    await menu.getByRole('button', { name: '展开解决方案' }).click();
    await expect(menu.getByRole('link', { name: 'AI 大模型专属方案' })).toHaveAttribute('href', '/deepSeek');
    if (width !== 375) return; // one navigation is enough to show the menu closes on a new route
    await menu.getByRole('link', { name: '入表服务介绍' }).click();
    await page.waitForURL((u) => u.pathname === '/dataIntoTable');
    await expect(menu).toBeHidden();
  });
}
