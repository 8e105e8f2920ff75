// 我的API's test and batch entries: a company that bought 实名认证 tests it from the user center
// (a real, charged call, shown as the gateway answers it), then runs a sheet of two rows as a
// batch job — its row problems listed first, the consent attested — and downloads the results
// with its own inputs beside the answers; and a truck model screen tells an account without a
// truck score model what opens it.
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { authenticateCompany, buyFirstPackage, operator, rechargeConfirmed, registerThroughPage, unique } from './helpers';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.23.0.1' } });

const callsLeft = async (page: import('@playwright/test').Page) =>
  Number(((await page.getByTestId('calls-left').first().locator('strong').textContent()) ?? '').replaceAll(',', ''));

test('test a purchase online, run a batch of two rows, download the results', async ({ page, request }) => {
  test.setTimeout(180_000);
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');
  await authenticateCompany(page, who, { name: '成都示例数据服务有限公司', legalPerson: '钱敏', creditPrefix: '91510100MA' });

  // Balance by a confirmed transfer, then the cheapest package of 实名认证 from its page.
  await rechargeConfirmed(page, '1000', '成都示例数据服务有限公司', 'E2EB');
  await buyFirstPackage(page, 1882);

  await page.goto('/userCenter/dataManage/myAPI');
  const before = await callsLeft(page);

  // 在线测试: the examples answer 10000 and take one call.
  await page.getByRole('link', { name: '在线测试' }).first().click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI/apiTest');
  await expect(page.getByText('POST /communication/personal/1882').first()).toBeVisible();
  await page.getByRole('button', { name: '填入示例' }).click();
  await page.getByTestId('api-test-submit').click();
  await expect(page.getByTestId('api-test-code')).toHaveText('10000');
  await expect(page.getByTestId('api-test-data')).toContainText('"result"');
  await expect(page.getByTestId('api-test-result')).toContainText(`本次扣减 1 次，剩余 ${(before - 1).toLocaleString('zh-CN')} 次`);
  // The curl shows the call a customer's system makes, never the key itself.
  await expect(page.getByTestId('api-test-curl')).toContainText('/communication/personal/1882');
  await expect(page.getByTestId('api-test-curl')).toContainText('key=');

  // A malformed identity number: the gateway's own answer, uncharged.
  await page.getByLabel(/idcard/).fill('110101199003074515');
  await page.getByTestId('api-test-submit').click();
  await expect(page.getByTestId('api-test-code')).toHaveText('SYSTEM_042');
  await expect(page.getByTestId('api-test-result')).toContainText('参数格式错误：idcard');
  await expect(page.getByTestId('api-test-result')).toContainText('本次未扣减');
  // A required parameter left empty is caught on the page.
  await page.getByLabel(/idcard/).fill('');
  await page.getByTestId('api-test-submit').click();
  await expect(page.getByText('请输入idcard')).toBeVisible();

  // 批量查询: two rows (the second malformed) as a CSV.
  await page.goto('/userCenter/dataManage/myAPI');
  await page.getByRole('link', { name: '批量查询' }).first().click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI/applyBatch');
  // A sheet with two row problems: both listed with their rows, nothing stored or charged.
  await page.locator('input[type=file]').setInputFiles({
    name: '有问题的名单.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('姓名（name）,身份证号（idcard）\n张三,\n李四,1.10101E+17\n'),
  });
  const problems = page.getByTestId('batch-problems');
  await expect(problems).toContainText('文件中有 2 处需要修改');
  await expect(problems).toContainText('第 2 行「身份证号（idcard）」未填写');
  await expect(problems).toContainText('第 3 行「身份证号（idcard）」是数字格式');
  await page.getByRole('button', { name: '知道了' }).click();

  await page.locator('input[type=file]').setInputFiles({
    name: '客户名单.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('姓名（name）,身份证号（idcard）\n张三,110101199003074514\n李四,330106198507121230\n'),
  });
  await expect(page.getByText('文件已上传，核对行数后点击「执行」开始查询')).toBeVisible();
  const job = page.getByRole('row', { name: /客户名单\.csv/ });
  await expect(job).toContainText('待执行');
  await job.getByTestId('batch-execute').click();
  // Not without the consent attestation.
  const confirm = page.getByRole('dialog').getByRole('button', { name: '确认执行' });
  await expect(confirm).toBeDisabled();
  await page.getByTestId('batch-consent').click();
  await confirm.click();
  await expect(job).toContainText('已完成', { timeout: 30_000 });
  // The malformed row was not charged: it may be queried again, alone.
  await expect(job.getByTestId('batch-rerun')).toContainText('重新查询失败行（1）');

  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: '下载结果' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('批量查询结果-客户名单.xlsx');
  // The customer's own inputs beside the answers, so rows match its records.
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path()) ?? '');
  const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Boolean).map((r) => (Array.isArray(r) ? r.slice(1, 5).map(String) : []));
  expect(rows.slice(1)).toEqual([
    ['1', '张三', '110101199003074514', '10000'],
    ['2', '李四', '330106198507121230', 'SYSTEM_042'],
  ]);
  // Who attested, and when, is on the job.
  await job.getByRole('button', { name: '查看明细' }).click();
  await expect(page.getByTestId('batch-consent-record')).toContainText('确认已取得被查询人授权');

  // One row charged by the batch, one by the test: my API shows both.
  await page.goto('/userCenter/dataManage/myAPI');
  await expect(page.getByTestId('calls-left').first().locator('strong')).toHaveText((before - 2).toLocaleString('zh-CN'));
});

test('a truck model screen tells an account without a truck score model what opens it', async ({ page, request }) => {
  const who = unique();
  await registerThroughPage(page, request, who, 'abc123');
  await authenticateCompany(page, who, { name: '重庆示例物流科技有限公司', legalPerson: '周芳', creditPrefix: '91500000MA' });
  operator('features', who.name, '12');
  await page.goto('/userCenter/truckInsurance');
  await expect(page.getByTestId('uc-truck-model')).toContainText('货车模型需先购买评分模型接口');
  await page.getByRole('link', { name: '了解货车风险评分模型' }).click();
  await page.waitForURL((u) => u.pathname === '/api/9963');
});
