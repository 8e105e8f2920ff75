// Content pages at 375 px: the mobile footer and tab bar, and nothing scrolls sideways.
import { expect, test } from '@playwright/test';

for (const route of ['/solutionPlan/logistics', '/dataIntoTable/ability/cms', '/aboutUs/contactUs', '/faceRecgnition', '/protocol']) {
  test(`${route} fits 375 px, with the mobile footer`, async ({ page }) => {
    await page.goto(route);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (route !== '/faceRecgnition') {
      await expect(page.getByRole('navigation', { name: '页脚导航' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: '快捷入口' })).toBeVisible();
    }
  });
}
