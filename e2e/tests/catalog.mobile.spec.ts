import { expect, test } from '@playwright/test';

test('at 375 px the mobile search and menu toggles work and close on navigation', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('mobile-search-toggle').click();
  const input = page.getByPlaceholder('请输入您要搜索的API').last();
  await expect(input).toBeVisible();
  await expect(page.getByText('热门搜索', { exact: true }).last()).toBeVisible();
  await input.fill('OCR');
  await input.press('Enter');
  await page.waitForURL(/\/ApiSearch\?value=OCR/);
  await expect(page.getByTestId('search-results').locator('li').first()).toBeVisible();

  await page.getByTestId('mobile-menu-toggle').click();
  const menu = page.getByRole('navigation', { name: '移动端菜单' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'API 商城' }).click();
  await page.waitForURL((u) => u.pathname === '/api');
  await expect(menu).toBeHidden();
});
