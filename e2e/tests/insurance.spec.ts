// 车险分析 (issue #23): a customer with 车险分析 opened (menu code 12, by the operator command)
// first finds the truck screen closed, naming 货车风险评分模型 (9963) with a link to its page; it
// recharges and buys 9963 — its own account, not the shared one — then scores a truck by plate:
// the score with its grade, the factors, the regular lines on the map and in a table, the driving
// cycles; the query is in 访问记录 (truck model), whose 日志 opens the log detail. Then, on a
// phone's width, the truck screen and the access history do not scroll sideways.
import { FEATURE, INSURANCE_INTERFACES } from '@apimarket/contracts';
import { expect, type Page, test } from '@playwright/test';
import { buyFirstPackage, operator, rechargeConfirmed } from './helpers';
import { registerCustomer } from './setup/register';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.34.0.1' } });

const TRUCK = '/userCenter/truckInsurance';
const HISTORY = '/userCenter/insurance/accessHistory';

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test('without 9963 the truck screen links to it; after buying, a plate is scored and the query is in its log', async ({ page }) => {
  test.setTimeout(180_000);
  const company = '杭州保险科技示例有限公司';
  const who = await registerCustomer(page.request, { password: 'truck2026ok', companyName: company, legalPerson: '许宁', creditPrefix: '91330106MA' });
  expect(operator('features', who.name, `${FEATURE.onlineQuery},${FEATURE.vehicleInsurance}`)).toContain('已开通');

  // Not bought: the screen names the truck models and links to 9963's page.
  await page.goto(TRUCK);
  const notice = page.getByTestId('uc-truck-model');
  await expect(notice).toContainText('购买任一接口后即可使用');
  await expect(notice.locator(`a[href="/api/${INSURANCE_INTERFACES.truck}"]`)).toBeVisible();

  await rechargeConfirmed(page, '5000', company, 'E2EI');
  await buyFirstPackage(page, INSURANCE_INTERFACES.truck);

  // Bought: the screen opens on the form, 9963 usable with its calls.
  await page.goto(TRUCK);
  await expect(page.getByTestId('model-truck-left')).toHaveText('剩余 1,000 次');
  await expect(page.getByTestId('truck-idle')).toBeVisible();
  await page.getByTestId('truck-form-plate').fill('浙a 8f2c6');
  await expect(page.getByTestId('truck-form-plate')).toHaveValue('浙A8F2C6');
  await page.getByTestId('truck-form-submit').click();

  // The score, its grade in words, the factors, the lines on the map and in a table, the cycles.
  const head = page.getByTestId('score-head');
  await expect(head).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('score-value')).toHaveText(/^\d{1,3}$/);
  await expect(page.getByTestId('grade-tag').first()).toHaveText(/^[A-E] · (低风险|较低风险|中等风险|较高风险|高风险)$/);
  await expect(head).toContainText('浙A8F2C6');
  await expect(head).toContainText('已计费 1 次');
  const factors = page.getByTestId('factor-table');
  for (const name of ['里程', '夜间', '超速', '疲劳']) await expect(factors).toContainText(name);
  await expect(page.getByTestId('lines-table').getByRole('row').nth(1)).toContainText('⇄');
  await expect(page.getByTestId('lines-card').locator('path.fleet-line').first()).toBeAttached();
  await expect(page.getByTestId('cycles-card').getByRole('row').nth(1)).toContainText('公里');
  await expect(page.getByTestId('model-truck-left')).toHaveText('剩余 999 次');
  await expect(page).toHaveURL(/\?id=\d+/);

  // 查询记录: the truck model's queries in the access history, with the log detail.
  await page.getByTestId('truck-log-link').click();
  await expect(page).toHaveURL(/accessHistory\?model=truck/, { timeout: 30_000 });
  const log = page.getByTestId('log-history');
  const row = log.getByRole('row').filter({ hasText: '浙A8F2C6' });
  await expect(row).toContainText('货车风险评分');
  await expect(page.getByTestId('zone-totals')).toContainText('共 1 次评分查询');
  await row.getByRole('link', { name: '日志' }).click();
  await expect(page.getByTestId('access-log')).toContainText('浙A8F2C6', { timeout: 30_000 });
  await expect(page.getByTestId('access-log')).toContainText('已计费 1 次');

  // A phone's width: no sideways scroll on the result or the history.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${TRUCK}${new URL(page.url()).search}`);
  await expect(page.getByTestId('score-head')).toBeVisible();
  await noSidewaysScroll(page);
  await page.goto(HISTORY);
  await expect(page.getByTestId('log-history').getByRole('row').filter({ hasText: '浙A8F2C6' })).toBeVisible();
  await noSidewaysScroll(page);
});
