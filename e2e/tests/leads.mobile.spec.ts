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

test("at 375 px the tab bar keeps the route's banner words and opens its dialog", async ({ page }) => {
  await page.goto('/deepSeek');
  const tabs = page.getByRole('navigation', { name: '快捷入口' });
  const action = tabs.getByRole('button', { name: /立即咨询/ });
  await expect(action).toContainText('专属方案 1V1 咨询');
  await action.click();
  const dialog = page.getByRole('dialog', { name: '专属方案咨询' });
  await expect(dialog.getByTestId('lead-headline')).toHaveText('专属方案 1V1 咨询');
  await expect(dialog.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
  // Nothing sideways: the notice and the tick wrap inside the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
