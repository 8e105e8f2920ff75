// 账户资金 in the console (issue #19, Decision 169): a finance operator finds the setup project's
// customer by its login name, opens its ledger, adjusts the balance with a reason, and the customer reads
// the adjustment in 账户流水 with the balance after it.
import { expect, test } from '@playwright/test';
import { consoleSignIn } from './helpers';
import { CUSTOMER } from './setup/state';

test('finance adjusts a balance with a reason; the customer’s ledger shows it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The customer's login name, as its user center greets it (several runs may share a company name).
  const customer = await browser.newContext({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });
  const mine = await customer.newPage();
  await mine.goto('/userCenter/paymentManage/myOrder?tab=ledger');
  const loginName = /，(\S+)$/.exec((await mine.getByTestId('uc-greeting').innerText()).trim())?.[1] ?? '';
  expect(loginName).not.toBe('');

  await consoleSignIn(page, 'finance');
  await page.goto('/console/accounts');
  await page.getByPlaceholder('登录名、企业名称或手机号').fill(loginName);
  await page.getByPlaceholder('登录名、企业名称或手机号').press('Enter');
  // The customer's own row: the first row may still be the unfiltered list's, another account's.
  const account = page.locator('tbody tr.ant-table-row').filter({ has: page.getByText(loginName, { exact: true }) });
  await expect(account).toHaveCount(1);
  await account.getByRole('button', { name: '流水与调账' }).click();

  const drawer = page.locator('.ant-drawer');
  await expect(drawer).toContainText(`账户资金 · ${loginName}`);
  await expect(drawer).toContainText('账户余额（元）');
  await drawer.getByRole('button', { name: /调\s*账/ }).click();
  const dialog = page.getByRole('dialog', { name: '调账' });
  await dialog.getByLabel('金额（元）').fill('12.345');
  await dialog.getByRole('button', { name: '确认调账' }).click();
  await expect(dialog).toContainText('请输入正确的调账金额（最多两位小数）');
  await dialog.getByLabel('金额（元）').fill('12.34');
  await dialog.getByLabel('原因（客户可见）').fill('线下活动返还（工单 E2E-1）');
  await dialog.getByRole('button', { name: '确认调账' }).click();
  await expect(page.getByText('已调增 12.34 元，已通知客户')).toBeVisible();
  await expect(drawer.locator('tbody tr.ant-table-row').first()).toContainText('平台调账');
  await expect(drawer.locator('tbody tr.ant-table-row').first()).toContainText('+12.34');

  await mine.reload();
  const top = mine.locator('tbody tr.ant-table-row').first();
  await expect(top).toContainText('平台调账');
  await expect(top).toContainText('平台调账：线下活动返还（工单 E2E-1）');
  await expect(top).toContainText('+12.34');
  await customer.close();
});
