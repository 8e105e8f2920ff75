// Money a finance department signs off (issue #19), as one customer's month: the setup project's
// authenticated customer recharges with the sandbox's QR code (在线充值, paid by 模拟支付成功),
// buys a package, makes a few calls, sees on 申请退款 what the refund would return before sending
// it, and the operator approves it. It adds an invoice title and asks for an invoice; finance
// issues it in the console with a PDF, which the customer downloads. Then 账户流水 lists the
// payment, the purchase and the refund with the newest 余额 equal to the balance card, this
// month's 对账单 closes at the balance, and both files download.
import { readFile } from 'node:fs/promises';
import { usccCheckChar } from '@apimarket/contracts';
import { expect, type Page, test } from '@playwright/test';
import { buyFirstPackage, consoleSignIn, operator } from './helpers';
import { CUSTOMER } from './setup/state';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';
const COMPANY = '上海版式测试科技有限公司'; // the setup customer's company (customer.setup.ts)
const BILLING = '/userCenter/paymentManage/myOrder';
const INVOICES = '/userCenter/paymentManage/invoice';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });

/** The balance card's figure, as the page prints it (e.g. 9,997.25). */
async function balanceCard(page: Page): Promise<string> {
  const card = page.getByTestId('balance');
  await expect(card).toContainText(/\d\.\d{2}/);
  return /-?[\d,]+\.\d{2}/.exec(await card.innerText())?.[0] ?? '';
}

test('pay a recharge by QR, buy, call, refund with the amount shown first, invoice; the ledger and the statement end at the balance', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // 在线充值 with the sandbox: the QR, the amount and the countdown, then its signed notification.
  await page.goto(`${BILLING}?tab=recharge`);
  const online = page.getByTestId('online-recharge');
  await online.getByLabel('充值金额（元）').fill('5000');
  await online.getByRole('button', { name: '去支付' }).click();
  const qr = page.getByRole('dialog');
  await expect(qr.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  await expect(qr).toContainText('¥5,000.00');
  await expect(qr.getByTestId('online-pay-countdown')).toHaveText(/^1[45]:\d{2}$/);
  await qr.getByRole('button', { name: '模拟支付成功' }).click();
  await expect(page.getByText('支付成功，5,000.00 元已充值到账户余额')).toBeVisible();
  await qr.getByRole('button', { name: /完\s*成/ }).click();
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

  // 发票: a title (the tax number is checked on the form), then a request of 0.50 元 of what was spent
  // (the refund left 0.90 元 of the purchase to invoice).
  await page.goto(`${INVOICES}?tab=titles`);
  await page.getByRole('button', { name: '新增抬头' }).click();
  const titleDialog = page.getByRole('dialog', { name: '新增发票抬头' });
  const code = `91310115MA${String(Date.now()).slice(-7)}`;
  await titleDialog.getByLabel('发票抬头（单位名称）').fill(COMPANY);
  await titleDialog.getByLabel('纳税人识别号').fill('91310115MA1234567');
  await titleDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(titleDialog).toContainText('纳税人识别号应为18位统一社会信用代码（数字或大写字母）');
  await titleDialog.getByLabel('纳税人识别号').fill(code + usccCheckChar(code));
  await titleDialog.getByLabel('设为默认抬头').check();
  await titleDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('发票抬头已保存')).toBeVisible();
  await page.getByRole('tab', { name: '开票申请' }).click();
  await page.getByLabel('开票金额').fill('99999999');
  await page.getByLabel('接收邮箱').fill('finance@example.com');
  await page.getByRole('button', { name: '提交开票申请' }).click();
  await expect(page.getByText(/开票金额不能超过可开票金额 [\d,]+\.\d{2} 元/)).toBeVisible();
  await page.getByLabel('开票金额').fill('0.5');
  await page.getByRole('button', { name: '提交开票申请' }).click();
  await expect(page.getByText('开票申请已提交，财务开具后将发送至您的邮箱并通知您')).toBeVisible();
  const requested = page.getByTestId('invoice-list').locator('tr.ant-table-row').first();
  await expect(requested).toContainText('待开票');
  const requestNo = /FP\d{16}/.exec(await requested.innerText())?.[0] ?? '';
  expect(requestNo).not.toBe('');

  // Finance issues it in the console with the invoice number and the PDF.
  const office = await browser.newContext({ storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { 'X-Forwarded-For': '10.30.9.1' } });
  const op = await office.newPage();
  await consoleSignIn(op, 'finance');
  await op.goto('/console/invoices');
  await op.getByPlaceholder('登录账号 / 发票抬头 / 纳税人识别号 / 发票号码').fill(COMPANY);
  await op.getByPlaceholder('登录账号 / 发票抬头 / 纳税人识别号 / 发票号码').press('Enter');
  const queued = op.getByRole('row').filter({ hasText: requestNo });
  await queued.getByRole('button', { name: /开\s*票/ }).click();
  const drawer = op.locator('.ant-drawer');
  await expect(drawer).toContainText('finance@example.com');
  await drawer.getByRole('button', { name: '开具发票' }).click();
  const issue = op.getByRole('dialog', { name: '开具发票' });
  const invoiceNo = `2631${String(Date.now()).slice(-16)}`;
  await issue.getByLabel('发票号码').fill(invoiceNo);
  await issue.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  // The file is in the form once it is listed: a click before that found the dialog unchanged in one CI run.
  await expect(issue.getByText('invoice.pdf')).toBeVisible();
  await issue.getByRole('button', { name: '确认开具' }).click();
  await expect(op.getByText(`发票已开具：0.50 元（${invoiceNo}），已通知客户`)).toBeVisible();
  await office.close();

  // The customer sees it issued and downloads the PDF finance uploaded.
  await page.goto(INVOICES);
  const issued = page.getByTestId('invoice-list').getByRole('row').filter({ hasText: requestNo });
  await expect(issued).toContainText('已开票');
  const pdf = page.waitForEvent('download');
  await issued.getByRole('button', { name: '下载 PDF' }).click();
  const invoiceFile = await pdf;
  expect(invoiceFile.suggestedFilename()).toBe(`发票-${invoiceNo}.pdf`);
  expect((await readFile(await invoiceFile.path())).equals(PDF)).toBe(true);

  // 账户流水: the payment, the purchase and the refund; the newest balance is the card's.
  await page.goto(`${BILLING}?tab=ledger`);
  const balance = await balanceCard(page);
  const table = page.getByTestId('ledger-table');
  await expect(table.getByRole('row').nth(1)).toContainText('退款');
  await expect(table.getByRole('row').nth(1)).toContainText(`+${amount}`);
  await expect(table.getByTestId('ledger-balance').first()).toHaveText(balance);
  await expect(table.getByRole('row').filter({ hasText: '购买接口' }).filter({ hasText: orderNo })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: '在线支付' }).first()).toContainText('+5,000.00');

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
