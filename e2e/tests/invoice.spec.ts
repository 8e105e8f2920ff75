// Invoices (issue #19): the setup project's authenticated customer tops up and buys, adds an
// invoice title, sees what may be invoiced and asks for an invoice; finance signs in to the
// console, finds the request under 待开票 and issues it with the number and a small PDF; the
// customer then sees it 已开票 and downloads the same PDF.
import { readFile } from 'node:fs/promises';
import { usccCheckChar } from '@apimarket/contracts';
import { expect, type Page, test } from '@playwright/test';
import { buyFirstPackage, consoleSignIn, operator } from './helpers';
import { CUSTOMER } from './setup/state';

const COMPANY = '上海版式测试科技有限公司'; // the setup customer's company (customer.setup.ts)
const INVOICES = '/userCenter/paymentManage/invoice';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });

/**
 * A bank transfer declared on 我的订单 › 充值 and confirmed by the operator command. (The shared
 * rechargeConfirmed helper is being reworked beside online payment: this one checks each field
 * took its value before sending.)
 */
async function topUp(page: Page, yuan: string) {
  const transferRef = `IV${Date.now()}`;
  await page.goto('/userCenter/paymentManage/myOrder?tab=recharge');
  // The fields of the transfer form itself (the online-payment form above it has an amount too).
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: '提交充值申请' }) });
  const inputs = form.locator('input');
  for (const [i, value] of [yuan, transferRef, COMPANY].entries()) {
    await inputs.nth(i).fill(value);
    await expect(inputs.nth(i)).toHaveValue(value);
  }
  await page.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByRole('cell', { name: transferRef })).toBeVisible();
  const id =
    (
      operator('recharge', 'list')
        .split('\n')
        .find((l) => l.includes(transferRef)) ?? ''
    ).split('\t')[0] ?? '';
  expect(operator('recharge', 'confirm', id)).toContain('已确认到账');
}

test('buy, ask for an invoice, finance issues it with a PDF, the customer downloads it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await topUp(page, '500');
  await buyFirstPackage(page, 1882);

  // 发票抬头: a 增值税普通发票 title, saved as the default.
  await page.goto(`${INVOICES}?tab=titles`);
  await page.getByRole('button', { name: '新增抬头' }).click();
  const dialog = page.getByRole('dialog', { name: '新增发票抬头' });
  const code = `91310115MA${String(Date.now()).slice(-7)}`;
  await dialog.getByLabel('发票抬头（单位名称）').fill(COMPANY);
  await dialog.getByLabel('纳税人识别号').fill('91310115MA1234567');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toContainText('纳税人识别号应为18位统一社会信用代码（数字或大写字母）');
  await dialog.getByLabel('纳税人识别号').fill(code + usccCheckChar(code));
  await dialog.getByLabel('设为默认抬头').check();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('发票抬头已保存')).toBeVisible();
  await expect(page.getByTestId('invoice-title').filter({ hasText: COMPANY }).filter({ hasText: '默认' })).toHaveCount(1);

  // 开票申请: the amount spent is invoiceable; more than that is refused on the form.
  await page.getByRole('tab', { name: '开票申请' }).click();
  await expect(page.getByTestId('invoiceable')).toContainText(/[1-9][\d,]*\.\d{2}|0\.[1-9]\d|0\.0[1-9]/);
  await page.getByLabel('开票金额').fill('99999999');
  await page.getByLabel('接收邮箱').fill('finance@example.com');
  await page.getByRole('button', { name: '提交开票申请' }).click();
  await expect(page.getByText(/开票金额不能超过可开票金额 [\d,]+\.\d{2} 元/)).toBeVisible();
  await page.getByLabel('开票金额').fill('1');
  await page.getByRole('button', { name: '提交开票申请' }).click();
  await expect(page.getByText('开票申请已提交，财务开具后将发送至您的邮箱并通知您')).toBeVisible();
  const row = page.getByTestId('invoice-list').locator('tr.ant-table-row').first();
  await expect(row).toContainText('待开票');
  await expect(row).toContainText('1.00');
  const requestNo = /FP\d{16}/.exec(await row.innerText())?.[0] ?? '';
  expect(requestNo).not.toBe('');

  // Finance issues it in the console with the invoice number and the PDF.
  const office = await browser.newContext({ storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { 'X-Forwarded-For': '10.30.9.1' } });
  const op = await office.newPage();
  await consoleSignIn(op, 'finance');
  await op.goto('/console/invoices');
  await op.getByPlaceholder('登录账号 / 发票抬头 / 纳税人识别号 / 发票号码').fill(COMPANY);
  await op.getByPlaceholder('登录账号 / 发票抬头 / 纳税人识别号 / 发票号码').press('Enter');
  const queued = op.getByRole('row').filter({ hasText: requestNo });
  await expect(queued).toContainText('待开票');
  await queued.getByRole('button', { name: /开\s*票/ }).click();
  const drawer = op.locator('.ant-drawer');
  await expect(drawer).toContainText('finance@example.com');
  await drawer.getByRole('button', { name: '开具发票' }).click();
  const issue = op.getByRole('dialog', { name: '开具发票' });
  const invoiceNo = `2631${String(Date.now()).slice(-16)}`;
  await issue.getByLabel('发票号码').fill(invoiceNo);
  await issue.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await issue.getByRole('button', { name: '确认开具' }).click();
  await expect(op.getByText(`发票已开具：1.00 元（${invoiceNo}），已通知客户`)).toBeVisible();
  await expect(drawer).toContainText('已开票');
  await office.close();

  // The customer sees it issued and downloads the PDF finance uploaded.
  await page.goto(INVOICES);
  const issued = page.getByTestId('invoice-list').getByRole('row').filter({ hasText: requestNo });
  await expect(issued).toContainText('已开票');
  await expect(issued).toContainText(invoiceNo);
  const downloading = page.waitForEvent('download');
  await issued.getByRole('button', { name: '下载 PDF' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`发票-${invoiceNo}.pdf`);
  expect((await readFile(await file.path())).equals(PDF)).toBe(true);
});
