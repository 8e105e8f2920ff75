// 调用记录 end to end: an authenticated company takes the free trial of 实名认证, calls the open
// data API from "its own system" (answers with data and a refused call), then sees the calls in
// the figures, the trend and distribution charts and the detail table, finds one by its seqNo,
// and reaches the same screen at /userCenter/useHistory.
import { expect, test } from '@playwright/test';
import { authenticateCompany, registerThroughPage, unique } from './helpers';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.22.0.9' } });

test('calls made with the key show up in 调用记录: figures, charts, the table and a seqNo search', async ({ page, request }) => {
  test.setTimeout(120_000);
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');

  await authenticateCompany(page, who, { name: '深圳调用记录测试有限公司', legalPerson: '周敏', creditPrefix: '91440300MA' });

  // Before any call: the screen explains how to make the first one.
  await page.goto('/userCenter/dataManage/useHistory');
  await expect(page.getByTestId('usage-empty')).toContainText('所选时间段内还没有调用记录');
  await expect(page.getByTestId('usage-empty').getByRole('link', { name: '我的API' })).toBeVisible();

  await page.goto('/api/1882');
  await page.getByRole('button', { name: '免费试用 20 次', exact: true }).click();
  await expect(page.getByTestId('trial-done')).toContainText('已开通 20 次免费调用');
  await page.getByRole('link', { name: '前往我的API' }).click();
  const key = ((await page.getByTestId('purchase-key').first().textContent()) ?? '').trim();

  const call = async (idcard: string) =>
    (
      await fetch(`${GATEWAY}/communication/personal/1882`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key, name: '张三', idcard }),
      })
    ).json();
  const seqNos: string[] = [];
  for (let i = 0; i < 3; i++) {
    const answer = await call('110101199003074514');
    expect(answer.code).toBe('10000');
    seqNos.push(answer.seqNo);
  }
  const refused = await call('110101199003074515');
  expect(refused.code).toBe('SYSTEM_042');

  await page.goto('/userCenter/dataManage/useHistory');
  const figures = page.getByTestId('usage-figures');
  await expect(figures).toContainText('调用次数');
  await expect(figures.locator('.ant-statistic').first()).toContainText('4');
  await expect(figures.locator('.ant-statistic').nth(1)).toContainText('3');
  await expect(figures.locator('.ant-statistic').nth(2)).toContainText('1');
  // The charts draw on canvases once the lazily loaded chart code arrives.
  await expect(page.getByTestId('usage-trend').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('usage-distribution').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('usage-charges')).toContainText('实名认证');

  const detail = page.getByTestId('usage-detail');
  await expect(detail.getByRole('cell', { name: refused.seqNo })).toBeVisible();
  await expect(detail.getByRole('cell', { name: 'SYSTEM_042' })).toBeVisible();
  for (const s of seqNos) await expect(detail.getByRole('cell', { name: s })).toBeVisible();

  // One call by its seqNo.
  await detail.getByLabel('流水号').fill(seqNos[1] ?? '');
  await detail.getByRole('button', { name: /查\s*询/ }).click();
  await expect(detail.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(detail.getByRole('cell', { name: seqNos[1] })).toBeVisible();
  // A malformed one is refused with the contracts' message.
  await detail.getByLabel('流水号').fill('123');
  await detail.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('请输入正确的流水号（20 位字母或数字）')).toBeVisible();

  // The export answers a file.
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^调用记录-\d{8}-\d{8}\.xlsx$/);

  // The same screen at the short route.
  await page.goto('/userCenter/useHistory');
  await expect(page.getByTestId('usage-figures').locator('.ant-statistic').first()).toContainText('4');
  await expect(page.getByTestId('usage-detail').getByRole('cell', { name: refused.seqNo })).toBeVisible();
});
