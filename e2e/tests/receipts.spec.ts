// Receipts of a batch job (issue #21): a company runs three rows through 实名认证, then opens the
// receipt pages as the batch list does — /createImgZip saves one zip of three PNG receipts and
// says it is done; /print shows the result table, and its 导出PDF is the 个人背景核查信息 PDF
// with Chinese text in it; print=0 is the numbered verification receipt with its watermark, for
// the job and for an online query's report.
import { RECEIPT_MSG, receiptQuery } from '@apimarket/contracts';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { authenticateCompany, buyFirstPackage, rechargeConfirmed, registerThroughPage, unique } from './helpers';
import { CUSTOMER } from './setup/state';
import { call } from './setup/wire';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.23.0.21' } });

async function downloaded(download: import('@playwright/test').Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Three rows of 实名认证 as a batch job, run to its end; answers the job's id. */
async function runThreeRows(page: Page): Promise<number> {
  await page.goto('/userCenter/dataManage/myAPI');
  const href = (await page.getByRole('link', { name: '批量查询' }).first().getAttribute('href')) ?? '';
  const purchaseId = new URL(href, 'http://x').searchParams.get('id') ?? '';
  const sheet = new Blob(['\uFEFFname,idcard\n张三,110101199003074514\n李四,110101199003074514\n王五,440305199208153210\n'], { type: 'text/csv' });
  const added = await call<{ data: { id: number } }>(page.request, 'myOnline/addBatchJob', {
    as: 'multipart',
    data: { purchaseId },
    files: { file: new File([sheet], '入职名单.csv', { type: 'text/csv' }) },
  });
  const jobId = added.data.id;
  await call(page.request, 'myOnline/executeBatchJob', { data: { jobId, consent: '1' } });
  await expect
    .poll(
      async () =>
        (await call<{ rows: Array<{ id: number; status: string }> }>(page.request, 'myOnline/getBatchJob', { data: {} })).rows.find((r) => r.id === jobId)
          ?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('done');
  return jobId;
}

test('a batch of three rows: a zip of three receipts, the printed table and its PDF', async ({ page, request, context }) => {
  test.setTimeout(240_000);
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');
  await authenticateCompany(page, who, { name: '杭州示例人力资源有限公司', legalPerson: '孙丽', creditPrefix: '91330100MA' });
  await rechargeConfirmed(page, '1000', '杭州示例人力资源有限公司', 'E2ER');
  await buyFirstPackage(page, 1882);
  const jobId = await runThreeRows(page);
  const link = { type: 0 as const, id: jobId, jobName: '入职名单', totalCount: 3 };

  // The zip page: one zip named after the job, three PNG receipts in it, then the closing words.
  const zipPage = await context.newPage();
  const download = zipPage.waitForEvent('download');
  await zipPage.goto(`/createImgZip?${receiptQuery(link)}`);
  const zip = await download;
  expect(zip.suggestedFilename()).toBe('入职名单.zip');
  const entries = unzipSync(new Uint8Array(await downloaded(zip)));
  expect(Object.keys(entries).sort()).toEqual(['1.png', '2.png', '3.png']);
  for (const png of Object.values(entries)) expect(Buffer.from(png.subarray(0, 4)).toString('latin1')).toBe('\x89PNG');
  await expect(zipPage.getByTestId('zip-done')).toContainText(RECEIPT_MSG.done('入职名单'));

  // The print page: the table in the verification wording; the print dialog is stubbed, not awaited.
  await page.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
  await page.goto(`/print?${receiptQuery(link, { print: '1' })}`);
  const table = page.getByTestId('receipt-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.locator('tbody tr').nth(0)).toContainText('张*');
  await expect(table.locator('tbody tr').nth(0)).toContainText('验证一致');
  await expect(table.locator('tbody tr').nth(1)).toContainText('验证不一致');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('个人背景核查信息.pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await downloaded(pdf))), { mergePages: true });
  expect(text).toContain('个人背景核查信息');
  expect(text).toMatch(/验证一致/);

  // The verification receipt: numbered results, the watermark on by default and off at a click.
  await page.goto(`/print?${receiptQuery(link, { print: '0' })}`);
  const receipt = page.getByTestId('verify-receipt');
  await expect(receipt.locator('li')).toHaveCount(3);
  await expect(receipt).toHaveAttribute('data-watermark', '1');
  await page.getByTestId('watermark-switch').click();
  await expect(receipt).toHaveAttribute('data-watermark', '0');

  // An online query's report (type 1): its receipt lists the one check made.
  const report = await call<{ data: { id: number; items: Array<{ seqNo: string }> } }>(page.request, 'UserCenter/getApiTestDataWithJsonTest', {
    data: { interfaceIds: '1882', params: JSON.stringify({ name: '张三', idcard: '110101199003074514' }), consent: 'true' },
  });
  await page.goto(`/print?${receiptQuery({ type: 1, id: report.data.id, jobName: '个人背景核查-张*', totalCount: 1 }, { print: '0' })}`);
  await expect(receipt.locator('li')).toHaveCount(1);
  await expect(receipt).toContainText('验证一致');
  await expect(receipt).toContainText(report.data.items[0]?.seqNo ?? 'missing');
});

test.describe('a signed-in customer', () => {
  test.use({ storageState: CUSTOMER.state, extraHTTPHeaders: CUSTOMER.headers });

  test('a receipt page opened without its query, or of another account’s job, says so', async ({ page }) => {
    await page.goto('/createImgZip');
    await expect(page.getByText(RECEIPT_MSG.badLink)).toBeVisible();
    // The setup customer's session, a job id that is not its own.
    await page.goto(`/print?${receiptQuery({ type: 0, id: 999_999, jobName: '名单', totalCount: 1 }, { print: '1' })}`);
    await expect(page.getByTestId('receipt-failed')).toContainText(RECEIPT_MSG.missing);
  });
});
