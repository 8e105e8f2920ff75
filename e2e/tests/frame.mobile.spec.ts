import { expect, test } from '@playwright/test';

test('at 375 px the header keeps the logo and a phone button, and the content fits the width', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: '数据API市场 首页' })).toBeVisible();
  await expect(page.locator('header a[href^="tel:"]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
