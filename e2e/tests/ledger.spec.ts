// Money a finance department signs off (issue #19): the setup project's authenticated customer
// tops up (a transfer confirmed by the operator command), buys a package, makes a few calls, sees
// on 申请退款 what the refund would return before sending it, and the operator approves it. Then
// 账户流水 lists the recharge, the purchase and the refund with the newest 余额 equal to the
// balance card, this month's 对账单 closes at the balance, and both files download.
import { expect, type Page, test } from '@playwright/test';
import { buyFirstPackage, operator, rechargeConfirmed } from './helpers';
import { CUSTOMER } from './setup/state';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';
const COMPANY = '上海版式测试科技有限公司'; // the setup customer's company (customer.setup.ts)
const BILLING = '/userCenter/paymentManage/myOrder';

test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });

/** The balance card's figure, as the page prints it (e.g. 9,997.25). */
async function balanceCard(page: Page): Promise<string> {
  const card = page.getByTestId('balance');
  await expect(card).toContainText(/\d\.\d{2}/);
  return /-?[\d,]+\.\d{2}/.exec(await card.innerText())?.[0] ?? '';
}

test('top up, buy, call, refund with the amount shown first; the ledger and the statement end at the balance', async ({ page }) => {
  test.setTimeout(150_000);
  const transferRef = await rechargeConfirmed(page, '5000', COMPANY, 'LG');
  await buyFirstPackage(page, 1882);

  // Three calls from the customer's own system with the new key.
  await page.goto('/userCenter/dataManage/myAPI');
  const key = ((await page.getByTestId('purchase-key').first().textContent()) ?? '').trim();
  for (let i = 0; i < 3; i++) {
    const answer = await (
      await fetch(`${GATEWAY}/communication/personal/1882`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }),
      })
    ).json();
    expect(answer.code).toBe('10000');
  }

  // 申请退款 on 我的订单: the amount is on screen before anything is sent.
  await page.goto(BILLING);
  const paid = page.getByRole('row').filter({ has: page.getByRole('button', { name: '申请退款' }) });
  const orderNo = ((await paid.first().getByRole('cell').first().textContent()) ?? '').trim();
  expect(orderNo).toMatch(/^D\d+/);
  await paid.first().getByRole('button', { name: '申请退款' }).click();
  const dialog = page.getByRole('dialog');
  const quote = dialog.getByTestId('refund-quote');
  await expect(quote).toContainText(/可退 [\d,]+ 次调用，预计退回 ¥[\d,]+\.\d{2} 至账户余额/);
  await expect(quote).toContainText('付费测试和免费试用的调用次数不退款');
  const amount = /¥([\d,]+\.\d{2})/.exec(await quote.innerText())?.[1] ?? '';
  await dialog.getByLabel('退款原因').fill('项目调整，不再需要');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText(/退款申请已提交，平台审核后将退回账户余额/)).toBeVisible();
  await expect(page.getByTestId('order-refund-state').first()).toHaveText('退款审核中');

  // The operator approves it from the command line; nothing was used since, so the quote holds.
  const line = operator('refund', 'list')
    .split('\n')
    .find((l) => l.includes(orderNo));
  const refundId = line?.split('\t')[0] ?? '';
  expect(refundId).toMatch(/^\d+$/);
  operator('refund', 'approve', refundId);

  // 账户流水: the recharge, the purchase and the refund; the newest balance is the card's.
  await page.goto(`${BILLING}?tab=ledger`);
  const balance = await balanceCard(page);
  const table = page.getByTestId('ledger-table');
  await expect(table.getByRole('row').nth(1)).toContainText('退款');
  await expect(table.getByRole('row').nth(1)).toContainText(`+${amount}`);
  await expect(table.getByTestId('ledger-balance').first()).toHaveText(balance);
  await expect(table.getByRole('row').filter({ hasText: '购买接口' }).filter({ hasText: orderNo })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: '对公转账充值' }).filter({ hasText: transferRef })).toContainText('+5,000.00');

  // The number filter narrows to the order's own rows (its purchase and its refund), kept in the address.
  await page.getByLabel('单号').fill(orderNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(new RegExp(`orderNo=${orderNo}`));
  await expect(table.getByRole('row')).toHaveCount(3);

  // The old 消费记录 link lands on the ledger.
  await page.goto(`${BILLING}?tab=consume`);
  await expect(page.getByRole('tab', { name: '账户流水', selected: true })).toBeVisible();

  const ledgerFile = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await ledgerFile).suggestedFilename()).toMatch(/^账户流水-\d{8}\.xlsx$/);

  // 对账单 of this month closes at the balance; both files download.
  await page.getByRole('tab', { name: '对账单' }).click();
  await expect(page.getByTestId('statement-closing')).toHaveText(balance);
  const lines = page.getByTestId('statement-lines');
  await expect(lines.getByRole('row').filter({ hasText: '退款' })).toContainText(amount);
  await expect(lines.getByRole('row').filter({ hasText: '合计' })).toBeVisible();
  await expect(page.getByRole('cell', { name: COMPANY })).toBeVisible();
  const month = /\d{4}-\d{2}/.exec((await page.getByText(/^\d{4}-\d{2}-01 至 /).innerText()) ?? '')?.[0] ?? '';
  for (const [button, ext] of [
    ['下载 Excel', 'xlsx'],
    ['下载 PDF', 'pdf'],
  ] as const) {
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    expect((await file).suggestedFilename()).toBe(`对账单-${month}.${ext}`);
  }
});
