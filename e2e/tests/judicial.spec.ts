// 司法可视化 (issue #23): a customer with 司法平台 opened (menu code 13, by the operator command)
// has bought 个人涉诉信息 (through the API, to keep the journey short); the query screen shows it
// usable and 企业涉诉信息 with 去购买; a person asked with consent opens as the case file (the
// person masked) and as the raw answer. Then, on a phone's width, neither page scrolls sideways.
import { FEATURE } from '@apimarket/contracts';
import { expect, test } from '@playwright/test';
import { operator } from './helpers';
import { registerCustomer } from './setup/register';
import { call } from './setup/wire';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.35.0.1' } });

test('a judicial query opens as its case file and as the raw answer', async ({ page }) => {
  test.setTimeout(60_000);
  const company = '杭州司法示例科技有限公司';
  const who = await registerCustomer(page.request, { password: 'judge2026ok', companyName: company, legalPerson: '沈清', creditPrefix: '91330106MA' });
  expect(operator('features', who.name, `${FEATURE.onlineQuery},${FEATURE.judicial}`)).toContain('已开通');
  // Recharged, confirmed by the operator, and 9839's first package bought through the portal API.
  const declared = await call<{ code: number; data: { id: number } }>(page.request, 'mytrade/recharge/declare', {
    encrypt: true,
    data: { amount: '3000', transferRef: `E2EJ${Date.now()}`, payerName: company },
  });
  operator('recharge', 'confirm', String(declared.data.id));
  const packages = await call<{ code: number; rows: Array<{ id: number }> }>(page.request, 'api/fee/list', { data: { interfaceId: '9839' } });
  const order = await call<{ code: number; data: { orderNo: string } }>(page.request, 'interfaceOrders/saveInterfaceOrders', {
    data: { interfaceId: '9839', packageId: String(packages.rows[0]?.id) },
  });
  await call(page.request, 'UserCenter/payment', { data: { orderNo: order.data.orderNo } });

  await page.goto('/userCenter/examine');
  await expect(page.getByTestId('judicial-card-9839')).toContainText('可用');
  await expect(page.getByTestId('judicial-buy-9834')).toHaveAttribute('href', '/api/9834');
  const form = page.getByTestId('judicial-form');
  await form.getByLabel('姓名').fill('张三');
  await form.getByLabel('身份证号').fill('110101199003074515');
  await form.getByTestId('judicial-submit').click();
  await expect(form).toContainText('请输入正确的 18 位身份证号');
  await expect(form).toContainText('请确认已取得被查询人的授权');
  await form.getByLabel('身份证号').fill('110101199003074514');
  await form.getByTestId('judicial-consent').check();
  await form.getByTestId('judicial-submit').click();

  await expect(page).toHaveURL(/\/userCenter\/examine\/details\?id=\d+/, { timeout: 20_000 });
  const file = page.getByTestId('judicial-case-file');
  await expect(file.getByTestId('judicial-subject')).toHaveText('张*，110101********4514');
  await expect(file.getByTestId('judicial-headline')).toContainText(/涉诉案件/);
  await expect(file).not.toContainText('110101199003074514');

  await file.getByTestId('judicial-open-json').click();
  await expect(page).toHaveURL(/\/userCenter\/examine\/json\?id=\d+/, { timeout: 20_000 });
  await expect(page.getByTestId('judicial-json')).toContainText('"code": "10000"');
  await expect(page.getByTestId('judicial-json')).toContainText('"seqNo"');

  await page.goto('/userCenter/examine/list');
  await expect(page.getByTestId('judicial-list').getByRole('row').filter({ hasText: '张*，110101********4514' })).toContainText('个人涉诉信息');

  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/userCenter/examine', '/userCenter/examine/list']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).or(page.locator('main')).first()).toBeVisible();
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(client);
  }
});
