import { expect, test } from '@playwright/test';

test('at 375 px: no timed dialog, the tab bar offers call and free trial', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: '登录', exact: true })).toBeVisible();
  await page.clock.fastForward(200_000);
  await expect(page.getByRole('dialog', { name: '免费试用' })).toHaveCount(0);
  const tabs = page.getByRole('navigation', { name: '快捷入口' });
  await expect(tabs.getByRole('link', { name: '电话咨询' })).toHaveAttribute('href', 'tel:4000999656');
  await tabs.getByRole('button', { name: '免费试用' }).click();
  await expect(page.getByRole('dialog', { name: '免费试用' })).toBeVisible();
});
