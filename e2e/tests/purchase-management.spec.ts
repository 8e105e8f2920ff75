// Managing a purchase end to end: an authenticated company with a paid package stops its key on
// 我的API (the open data API answers SYSTEM_003), resumes it, sets a callback URL (a private
// address refused with the contracts message), asks for a refund of a paid order on 我的订单 and
// sees it 退款审核中, exports the orders as an xlsx file, and finds the renewal page.
import { expect, test } from '@playwright/test';
import { authenticateCompany, buyFirstPackage, operator, rechargeConfirmed, registerThroughPage, unique } from './helpers';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.23.0.1' } });

test('stop and resume a key, set a callback URL, ask for a refund, export the orders', async ({ page, request }) => {
  test.setTimeout(150_000);
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');

  // Enterprise authentication, approved by the operator.
  await authenticateCompany(page, who, { name: '上海示例数据服务有限公司', legalPerson: '周敏', creditPrefix: '91310000MA' });

  // Money in, confirmed from the command line; then the first package of 实名认证 bought.
  await rechargeConfirmed(page, '10000', '上海示例数据服务有限公司', 'PM');
  await buyFirstPackage(page, 1882);
  await page.getByRole('link', { name: '前往我的API' }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI');

  const key = ((await page.getByTestId('purchase-key').first().textContent()) ?? '').trim();
  const call = async () =>
    (
      await fetch(`${GATEWAY}/communication/personal/1882`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }),
      })
    ).json();
  expect((await call()).code).toBe('10000');

  // Stop: confirmed in a dialog, the state reads 已停用 and the gateway answers SYSTEM_003.
  await page
    .getByRole('button', { name: /停\s*用/ })
    .first()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /停\s*用/ })
    .click();
  await expect(page.getByText('接口已停用，使用该 Key 的调用将返回 SYSTEM_003')).toBeVisible();
  await expect(page.getByTestId('purchase-state').first()).toHaveText('已停用');
  expect((await call()).code).toBe('SYSTEM_003');

  // Resume: calls work again.
  await page
    .getByRole('button', { name: /恢\s*复/ })
    .first()
    .click();
  await expect(page.getByText('接口已恢复调用')).toBeVisible();
  await expect(page.getByTestId('purchase-state').first()).toHaveText('正常');
  expect((await call()).code).toBe('10000');

  // Callback URL: a private address is refused by the same rule as the server's; a public one saved.
  await page.getByRole('button', { name: '回调地址' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('回调地址').fill('http://192.168.1.20/callback');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('回调地址不能指向内网、本机或保留地址，请使用公网地址')).toBeVisible();
  await dialog.getByLabel('回调地址').fill('https://notify.example.com/callback');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('回调地址已保存')).toBeVisible();

  // A refund of the paid order, asked on 我的订单, waits for the operator.
  await page.goto('/userCenter/paymentManage/myOrder');
  await page.getByRole('button', { name: '申请退款' }).first().click();
  const refund = page.getByRole('dialog');
  await refund.getByLabel('退款原因').fill('项目调整，不再需要');
  await refund.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText(/退款申请已提交，平台审核后将退回账户余额/)).toBeVisible();
  await expect(page.getByTestId('order-refund-state').first()).toHaveText('退款审核中');
  expect(operator('refund', 'list')).toContain(who.name);

  // Export: the orders of the current filters as an xlsx file.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^我的订单-\d{8}\.xlsx$/);
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip

  // The renewal page lists the purchase with renewal off.
  await page.goto('/userCenter/paymentManage/myRenew');
  await expect(page.getByRole('link', { name: '实名认证' })).toBeVisible();
  await expect(page.getByText('未开启')).toBeVisible();
});
