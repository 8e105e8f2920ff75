// Free trial and 购买接口 end to end (issue #8): an authenticated company takes the 20 free calls
// of 实名认证 on /api/1882, finds the key in 我的API and calls the open data API with it; the
// second visit shows the trial as taken. Then it buys 银行卡三要素 on 我的API › 购买接口: with an
// empty balance the order shows the recharge instructions; after a transfer confirmed by the
// operator command, the order is paid from the balance and the interface appears in 我的API.
import { expect, test } from '@playwright/test';
import { authenticateCompany, operator, registerThroughPage, unique } from './helpers';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.24.0.1' } });

test('free trial on /api/1882 gives a working key; 购买接口 orders, shows how to recharge, then pays', async ({ page, request }) => {
  test.setTimeout(150_000);
  const who = unique();

  // Logged out, the trial button sends the visitor to the login with the way back.
  await page.goto('/api/1882');
  await page.getByRole('button', { name: '免费试用 20 次', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/api/1882');

  await registerThroughPage(page, request, who, 'abc123');

  // Enterprise authentication, approved by the operator.
  await authenticateCompany(page, who, { name: '杭州示例云数据有限公司', legalPerson: '钱磊', creditPrefix: '91330100MA' });

  // The trial of 实名认证 from its page.
  await page.goto('/api/1882');
  await page.getByRole('button', { name: '免费试用 20 次', exact: true }).click();
  await expect(page.getByTestId('trial-done')).toContainText('已开通 20 次免费调用');
  await expect(page.getByTestId('trial-done')).toContainText('免费测试额度剩余 130 次');
  await page.getByRole('link', { name: '前往我的API' }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI');
  await expect(page.getByTestId('trial-quota')).toContainText('免费测试剩余 130 次');
  await expect(page.getByTestId('calls-left').first().locator('strong')).toHaveText('20');

  const key = ((await page.getByTestId('purchase-key').first().textContent()) ?? '').trim();
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const answer = await (
    await fetch(`${GATEWAY}/communication/personal/1882`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }),
    })
  ).json();
  expect(answer).toMatchObject({ code: '10000', message: '成功' });
  await page.reload();
  await expect(page.getByTestId('calls-left').first().locator('strong')).toHaveText('19');

  // One trial per interface: the page now says it was taken.
  await page.goto('/api/1882');
  await expect(page.getByTestId('trial-button')).toHaveText('已领取免费试用');
  await expect(page.getByTestId('trial-button')).toBeDisabled();

  // 购买接口 from 我的API: the breadcrumb's parent is 我的API.
  await page.goto('/userCenter/dataManage/myAPI');
  await page.getByRole('link', { name: '购买接口' }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI/purchase');
  await expect(page.getByRole('link', { name: '我的API' }).first()).toBeVisible();
  await expect(page.getByTestId('balance')).toContainText('0.00');

  await page.getByLabel('按接口名称搜索').fill('银行卡三要素');
  await page.getByLabel('按接口名称搜索').press('Enter');
  const row = page.getByRole('row').filter({ hasText: '银行卡三要素' }).first();
  await expect(row).toContainText('10 次'); // its free trial
  await row.getByRole('button', { name: /选\s*择/ }).click();
  await expect(page.getByTestId('trial-button')).toHaveText('免费试用 10 次');

  // An empty balance: the order is kept and the page shows how to recharge.
  await page.getByRole('button', { name: /下\s*单/ }).click();
  await expect(page.getByTestId('purchase-confirm')).toContainText('应付金额');
  await expect(page.getByText('账户余额不足')).toBeVisible();
  await expect(page.getByRole('link', { name: '去充值' }).last()).toHaveAttribute('href', '/userCenter/paymentManage/myOrder?tab=recharge');
  await page.getByRole('button', { name: '取消订单' }).click();
  await expect(page.getByText('订单已取消')).toBeVisible();

  // Money in, confirmed from the command line.
  const transferRef = `FT${Date.now()}`;
  await page.goto('/userCenter/paymentManage/myOrder?tab=recharge');
  await page.getByLabel('转账金额（元）').fill('10000');
  await page.getByLabel('银行转账流水号').fill(transferRef);
  await page.getByLabel('付款账户名称').fill('杭州示例云数据有限公司');
  await page.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByRole('cell', { name: transferRef })).toBeVisible();
  const line = operator('recharge', 'list')
    .split('\n')
    .find((l) => l.includes(transferRef));
  expect(operator('recharge', 'confirm', line?.split('\t')[0] ?? '')).toContain('已确认到账');

  // Back on 购买接口 with the interface chosen (?interfaceId=): order and pay from the balance.
  await page.goto('/userCenter/dataManage/myAPI/purchase?interfaceId=2201');
  await expect(page.getByTestId('balance')).toContainText('10,000.00');
  await page.getByRole('button', { name: /下\s*单/ }).click();
  await expect(page.getByTestId('purchase-confirm')).toContainText('账户余额');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功，「银行卡三要素」已开通')).toBeVisible();
  await page.getByRole('link', { name: '前往我的API' }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI');
  await expect(page.getByRole('row').filter({ hasText: '银行卡三要素' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: '实名认证' })).toHaveCount(1);
});
