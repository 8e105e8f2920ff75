// Online payment of an order (issue #19) on the embedded default's sandbox: the setup project's
// customer leaves an order unpaid, pays it from 我的订单 with 「在线支付 ¥X」 and the dev tools'
// 「模拟支付成功」 (the sandbox's signed notification), and finds the order paid with the payment in
// and the purchase out in 账户流水. (Recharging by QR is the first step of ledger.spec.ts.)
import { expect, type Page, test } from '@playwright/test';
import { CUSTOMER } from './setup/state';

const BILLING = '/userCenter/paymentManage/myOrder';

test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });

/** The balance card in fen. */
async function _balanceFen(page: Page): Promise<number> {
  const card = page.getByTestId('balance');
  await expect(card).toContainText(/\d\.\d{2}/);
  const text = /-?[\d,]+\.\d{2}/.exec(await card.innerText())?.[0] ?? '';
  return Math.round(Number(text.replaceAll(',', '')) * 100);
}

const _yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('an unpaid order paid online from 我的订单 ends paid, with the payment in and the purchase out', async ({ page }) => {
  // An order of 实名认证's first package, left unpaid on the purchase page.
  await page.goto('/userCenter/dataManage/myAPI/purchase?interfaceId=1882');
  await page.getByRole('button', { name: /下\s*单/ }).click();
  const confirm = page.getByTestId('purchase-confirm');
  await expect(confirm).toContainText(/D\d{14}[0-9A-Z]{6}/);
  const orderNo = /D\d{14}[0-9A-Z]{6}/.exec(await confirm.innerText())?.[0] ?? '';

  await page.goto(`${BILLING}?status=unpaid`);
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await row.getByRole('button', { name: /^在线支付 ¥[\d,]+\.\d{2}$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('订单支付');
  await dialog.getByRole('button', { name: '模拟支付成功' }).click();
  await expect(dialog).toContainText(`订单 ${orderNo} 已支付`);
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  await page.goto(BILLING);
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('已支付');
  await page.goto(`${BILLING}?tab=ledger`);
  const rows = page.getByTestId('ledger-table').getByRole('row').filter({ hasText: orderNo });
  await expect(rows.filter({ hasText: '在线支付' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '购买接口' })).toHaveCount(1);
});
