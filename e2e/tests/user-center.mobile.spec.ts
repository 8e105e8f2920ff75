// The user center at 375 px: the side bar becomes a drawer behind the menu button, and the
// enterprise authentication form works on a phone.
import { expect, test } from '@playwright/test';
import { registerThroughPage, unique } from './helpers';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.21.0.2' } });

test('at 375 px: the gate, the menu drawer with disabled entries, and the form', async ({ page, request }) => {
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');
  await page.goto('/userCenter');
  await page.waitForURL((u) => u.pathname === '/userCenter/enterpriseAuth');
  await expect(page.getByRole('navigation', { name: '用户中心菜单' })).toBeHidden();

  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '用户中心' });
  await expect(drawer.getByRole('menuitem', { name: '首页' })).toHaveAttribute('aria-disabled', 'true');
  await drawer.getByRole('menuitem', { name: '企业认证' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByText('请输入公司名称')).toBeVisible();
  await expect(page.getByText('请输入统一社会信用代码')).toBeVisible();
  await expect(page.getByText('请上传营业执照').first()).toBeVisible();
});
