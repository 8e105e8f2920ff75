// The public trial pages (issue #21): a visitor finds 实名认证 on /testOnline, opens its test
// console, sees the sample input and answer and is asked to log in; back after the login, the
// account takes the interface's trial from its free test quota and calls it for real, and the
// quota and the calls left follow. The account is made through the API (tests/setup/register.ts).
import { expect, test } from '@playwright/test';
import { registerCustomer } from './setup/register';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.31.0.1' } });

test('a visitor tries 实名认证 from /testOnline, logs in and calls it from the trial quota', async ({ page, request }) => {
  test.setTimeout(90_000);
  const password = 'try2026ok';
  const who = await registerCustomer(request, { password, companyName: '苏州试用示例科技有限公司', legalPerson: '吴敏', creditPrefix: '91320500MA' });

  await page.goto('/testOnline');
  await expect(page.getByRole('heading', { name: '在线试用', level: 1 })).toBeVisible();
  const item = page.getByTestId('trial-item').filter({ has: page.getByRole('link', { name: '实名认证', exact: true }) });
  await expect(item).toContainText('免费 20 次');
  await item.getByRole('link', { name: '在线试用 实名认证' }).click();
  await page.waitForURL((u) => u.pathname === '/apiTest' && u.searchParams.get('id') === '1882');

  // Anonymous: the form with the sample input, the documentation's answer, and the way to log in.
  await expect(page.getByRole('heading', { name: '实名认证', level: 1 })).toBeVisible();
  await expect(page.getByLabel('姓名')).toHaveValue('张三');
  await expect(page.getByLabel('身份证号')).toHaveValue('110101199003074514');
  await expect(page.getByTestId('trial-sample-code')).toHaveText('10000');
  await expect(page.getByTestId('trial-sample-verdict')).toHaveText('验证一致');
  await expect(page.getByTestId('trial-status')).toContainText('请登录后调用');
  await page.getByRole('link', { name: '登录后调用' }).click();
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/apiTest?id=1882');

  await page.getByLabel('账号', { exact: true }).fill(who.name);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === '/apiTest' && u.searchParams.get('id') === '1882');

  // Signed in, no purchase yet: the whole quota, and the trial taken on the first call.
  await expect(page.getByTestId('trial-quota-left')).toHaveText('150 次');
  await expect(page.getByTestId('trial-calls-left')).toHaveText('未开通');
  await page.getByRole('button', { name: '领取 20 次试用并调用' }).click();
  await expect(page.getByTestId('trial-result-code')).toHaveText('10000');
  await expect(page.getByTestId('trial-result-verdict')).toHaveText('验证一致');
  await expect(page.getByTestId('trial-result-data')).toContainText('"result": "1"');
  await expect(page.getByTestId('trial-charged')).toHaveText('本次扣减 1 次，实名认证剩余 19 次');
  await expect(page.getByTestId('trial-quota-left')).toHaveText('130 次');
  await expect(page.getByTestId('trial-calls-left')).toHaveText('19 次');
  await expect(page.getByTestId('trial-status')).toContainText('已开通 20 次免费调用');

  // The next call is made on the purchase the trial opened; the quota stays as it is.
  await page.getByRole('button', { name: '调用', exact: true }).click();
  await expect(page.getByTestId('trial-calls-left')).toHaveText('18 次');
  await expect(page.getByTestId('trial-quota-left')).toHaveText('130 次');
});
