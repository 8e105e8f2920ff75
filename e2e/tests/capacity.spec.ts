// 企业运力 (issue #23): a customer with 企业运力 opened (menu code 10, by the operator command) is
// first shown what to buy; once it has bought 企业运力画像, a query by name and credit code is
// one charged call whose result shows its figures and charts; the query is in the history, and
// reopening it costs nothing. On a phone's width the screen does not scroll sideways.
import { FEATURE } from '@apimarket/contracts';
import { expect, type Page, test } from '@playwright/test';
import { buyFirstPackage, operator, rechargeConfirmed } from './helpers';
import { registerCustomer } from './setup/register';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.31.0.7' } });

const PAGE = '/userCenter/enterpriseCapacity';

test('buy 企业运力画像, query a company, see its fleet and reopen it for nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const company = '嘉兴运力示例物流有限公司';
  const who = await registerCustomer(page.request, { password: 'fleet2026ok', companyName: company, legalPerson: '沈舟', creditPrefix: '91330402MA' });
  expect(operator('features', who.name, String(FEATURE.enterpriseCapacity))).toContain('已开通');

  // Not bought: the screen says what to buy and links to it.
  await page.goto(PAGE);
  const need = page.getByTestId('capacity-need-interface');
  await expect(need).toContainText('需要先购买「企业运力画像」接口');
  await expect(need.getByRole('link', { name: '购买企业运力画像' })).toHaveAttribute('href', /interfaceId=9883/);

  await rechargeConfirmed(page, '3000', company, 'E2EC');
  await buyFirstPackage(page, 9883);

  // The form is checked before anything is sent; then one charged call.
  await page.goto(PAGE);
  await expect(page.getByTestId('capacity-interface')).toContainText('剩余 100 次');
  await page.getByTestId('capacity-credit-code').fill('91310115ma1k2l3m47');
  await page.getByTestId('capacity-submit').click();
  await expect(page.getByText('统一社会信用代码校验不通过，请核对后重新输入')).toBeVisible();
  await page.getByTestId('capacity-company-name').fill('示例运输有限公司');
  await page.getByTestId('capacity-credit-code').fill('91310115MA1K2L3M46');
  await page.getByTestId('capacity-submit').click();
  const report = page.getByTestId('capacity-report');
  await expect(report.getByTestId('capacity-kpis')).toContainText('86 辆', { timeout: 20_000 });
  await expect(report.getByTestId('capacity-kpis')).toContainText('82.6%');
  await expect(report.getByTestId('capacity-chart-trend')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('capacity-interface')).toContainText('剩余 99 次');

  // The history keeps it; closed and reopened, nothing more is charged.
  await expect(page.getByTestId('capacity-history-count')).toHaveText('共 1 条');
  await page.getByTestId('capacity-close').click();
  await expect(report).toHaveCount(0);
  await page.getByTestId(/^capacity-open-\d+$/).click();
  await expect(page.getByTestId('capacity-kpis')).toContainText('86 辆');
  await page.reload();
  await expect(page.getByTestId('capacity-kpis')).toContainText('86 辆');
  await expect(page.getByTestId('capacity-interface')).toContainText('剩余 99 次');
  await expect(page.getByTestId('capacity-chart-trend')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'capacity-1440');

  // On a phone nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('capacity-chart-type')).toBeVisible({ timeout: 20_000 });
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  await shot(page, 'capacity-375');
});

/** With SHOTS_DIR set, the whole page as a picture to look at. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
