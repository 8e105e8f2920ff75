// 在线查询 (issue #21): the shared customer takes the free trial of 防沉迷实名认证 from the pool,
// is stopped until it attests consent, then checks one person for real and reads 验证一致 — in the
// answer, in its verification receipt and in its history, which keeps only the masked subject.
import { expect, test } from '@playwright/test';
import { CUSTOMER } from './setup/state';

test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });

test('an online query from a trial, with its answer and its history', async ({ page }) => {
  await page.goto('/userCenter/query');
  await page.getByTestId('query-trial-1902').click();
  await expect(page.getByText('已领取「防沉迷实名认证」20 次免费调用')).toBeVisible();
  // Taken, it is chosen at once and its form appears.
  await expect(page.getByTestId('query-pick-1902')).toBeChecked();
  await page.getByRole('textbox', { name: /姓名/ }).fill('张三');
  await page.getByRole('textbox', { name: /身份证号/ }).fill('110101199003074514');
  await page.getByTestId('query-submit').click();
  await expect(page.getByText('请确认已取得被查询人的授权')).toBeVisible();

  await page.getByTestId('query-consent').check();
  await page.getByTestId('query-submit').click();
  const report = page.getByTestId('query-report').first();
  await expect(report.getByTestId('query-verdict')).toHaveText('验证一致');
  await expect(report).toContainText('防沉迷实名认证');
  await expect(page.getByTestId('query-item-1902')).toContainText('剩余 19 次');

  // Its verification receipt opens in a window of its own, numbered, with the seqNo as order number.
  const seqNo = (await report.locator('[class*=mono]').first().innerText()).trim();
  await report.page().getByRole('button', { name: /回执/ }).first().click();
  const [receipt] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: '查看核验回执' }).click()]);
  await expect(receipt.getByText(seqNo)).toBeVisible();
  await expect(receipt.getByText('验证一致').first()).toBeVisible();
  await receipt.close();

  const history = page.getByTestId('query-history');
  await expect(history.getByRole('row').filter({ hasText: '防沉迷实名认证：验证一致' })).toContainText('张*，110101********4514');
});
