// The marketplace end to end: an authenticated company recharges by bank transfer (confirmed by
// the operator command), buys a package on the interface's page, copies the key from 我的API,
// calls the open data API from "its own system" (fetch), and sees the remaining calls drop by one.
import { expect, test } from '@playwright/test';
import { authenticateCompany, operator, registerThroughPage, unique } from './helpers';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.22.0.1' } });

test('recharge, buy on /api/1882, copy the key, call the gateway, remaining calls drop by one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');

  // Enterprise authentication, approved by the operator.
  await authenticateCompany(page, who, { name: '深圳示例信息技术有限公司', legalPerson: '孙强', creditPrefix: '91440300MA' });

  // A bank transfer declared on the recharge tab, confirmed from the command line.
  const transferRef = `E2E${Date.now()}`;
  await page.goto('/userCenter/paymentManage/myOrder?tab=recharge');
  await page.getByLabel('转账金额（元）').fill('10000');
  await page.getByLabel('银行转账流水号').fill(transferRef);
  await page.getByLabel('付款账户名称').fill('深圳示例信息技术有限公司');
  await page.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByRole('cell', { name: transferRef })).toBeVisible();
  const line = operator('recharge', 'list')
    .split('\n')
    .find((l) => l.includes(transferRef));
  const id = line?.split('\t')[0] ?? '';
  expect(operator('recharge', 'confirm', id)).toContain('已确认到账');
  await page.reload();
  await expect(page.getByTestId('balance')).toContainText('10,000.00');

  // Buy the first package of 实名认证 from its page.
  await page.goto('/api/1882');
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page.getByTestId('buy-confirm')).toContainText('账户余额');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('buy-done')).toContainText('支付成功');
  await page.getByRole('link', { name: '前往我的API' }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI');

  const key = ((await page.getByTestId('purchase-key').first().textContent()) ?? '').trim();
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const left = Number(((await page.getByTestId('calls-left').first().locator('strong').textContent()) ?? '').replaceAll(',', ''));

  // The customer's own system calls the open data API with the key.
  const call = async () =>
    (
      await fetch(`${GATEWAY}/communication/personal/1882`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }),
      })
    ).json();
  const answer = await call();
  expect(answer).toMatchObject({ code: '10000', message: '成功', data: { result: '1' } });
  expect(answer.seqNo).toMatch(/^[0-9A-F]{20}$/);

  await page.reload();
  await expect(page.getByTestId('calls-left').first().locator('strong')).toHaveText((left - 1).toLocaleString('zh-CN'));

  // An IP whitelist that does not include this machine: the next call is refused, uncharged.
  await page.goto('/userCenter/whiteList');
  await page.getByLabel('IP 地址').fill('198.51.100.7, 999.1.1.1');
  await page.getByRole('button', { name: /添\s*加/ }).click();
  await expect(page.getByText('「999.1.1.1」不是有效的 IPv4/IPv6 地址或网段')).toBeVisible();
  await page.getByLabel('IP 地址').fill('198.51.100.7');
  await page.getByRole('button', { name: /添\s*加/ }).click();
  await expect(page.getByRole('cell', { name: '198.51.100.7' })).toBeVisible();
  const refused = await call();
  expect(refused.code).toBe('SYSTEM_012');
  await page.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('button', { name: /删\s*除/ })
    .last()
    .click();
  await expect(page.getByText('还没有白名单：所有接口可从任意地址调用')).toBeVisible();
  expect((await call()).code).toBe('10000');
});
