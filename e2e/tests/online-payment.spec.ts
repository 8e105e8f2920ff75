// Online payment (issue #19) on the embedded default's sandbox: the setup project's customer
// recharges on 我的订单 › 充值 › 在线充值, sees the QR code with the amount and the countdown,
// pays it with the dev tools' 「模拟支付成功」 (the sandbox's signed notification), and finds
// the balance raised by the amount and a 在线支付 row at the top of 账户流水.
import { expect, type Page, test } from '@playwright/test';
import { CUSTOMER } from './setup/state';

const BILLING = '/userCenter/paymentManage/myOrder';

test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });

/** The balance card in fen. */
async function balanceFen(page: Page): Promise<number> {
  const card = page.getByTestId('balance');
  await expect(card).toContainText(/\d\.\d{2}/);
  const text = /-?[\d,]+\.\d{2}/.exec(await card.innerText())?.[0] ?? '';
  return Math.round(Number(text.replaceAll(',', '')) * 100);
}

const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('recharge 88.80 by the sandbox QR; the balance and 账户流水 show it', async ({ page }) => {
  await page.goto(`${BILLING}?tab=recharge`);
  const before = await balanceFen(page);

  const online = page.getByTestId('online-recharge');
  await online.getByLabel('充值金额（元）').fill('88.80');
  await expect(online.getByRole('radio', { name: '扫码支付（演示）' })).toBeChecked();
  await online.getByRole('button', { name: '去支付' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  await expect(dialog).toContainText('¥88.80');
  await expect(dialog.getByTestId('online-pay-countdown')).toHaveText(/^1[45]:\d{2}$/);
  await dialog.getByRole('button', { name: '模拟支付成功' }).click();
  await expect(dialog.getByText('支付成功', { exact: true })).toBeVisible();
  await expect(page.getByText('支付成功，88.80 元已充值到账户余额')).toBeVisible();
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  await expect(page.getByTestId('balance')).toContainText(yuan(before + 8880));

  await page.goto(`${BILLING}?tab=ledger`);
  const table = page.getByTestId('ledger-table');
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText('在线支付');
  await expect(newest).toContainText('+88.80');
  await expect(table.getByTestId('ledger-balance').first()).toHaveText(yuan(before + 8880));
});

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
