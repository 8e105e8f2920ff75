// 供应商与线路 (issue #24): an editor adds a supplier and, for 手机三要素, a route to a supplier
// running beside the test, with a credential header and a price of 0.035 元 a call. A customer's
// system then calls the open data API and gets the supplier's answer; the supplier received the
// credential, while the console shows only its name. The report counts the call at its cost.
// The route is deleted at the end, so the interface goes back to the sandbox for later runs.
import { expect, test } from '@playwright/test';
import { type SupplierStub, startSupplierStub } from '../../apps/server/src/test/supplier-stub';
import { buyFirstPackage, consoleSignIn, rechargeConfirmed, unique } from './helpers';
import { registerCustomer } from './setup/register';
import { call as portal } from './setup/wire';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.34.0.1' } });

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';
const IFACE = 1979;
const SECRET = `e2e-secret-${Date.now()}`;
const MARK = `e2e-supplier-${Date.now() % 1e6}`;

let stub: SupplierStub;
test.beforeAll(async () => {
  stub = await startSupplierStub({ answer: () => ({ code: '10000', message: '成功', data: { result: '1', isp: '移动', by: MARK } }) });
});
test.afterAll(() => stub.close());

test('an editor routes an interface to a supplier, the customer gets its answer and the report its cost', async ({ page, browser }) => {
  // About 25 s on a quiet machine; the headroom is for a loaded CI run.
  test.setTimeout(45_000);
  const company = '杭州供应商线路测试科技有限公司';
  await registerCustomer(page.request, { password: 'supp2026ok', companyName: company, legalPerson: '钱进', creditPrefix: '91330108MA' });
  await rechargeConfirmed(page, '500', company, 'E2ESUP');
  await buyFirstPackage(page, IFACE);
  const bought = await portal<{ rows: Array<{ key: string; interfaceId: number }> }>(page.request, 'myBuy/list', { data: { pageNum: '1', pageSize: '10' } });
  const key = bought.rows?.find((r) => r.interfaceId === IFACE)?.key ?? '';
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // ── The editor: a supplier, then a route of 手机三要素 to it ──────────────────────────────────
  const opContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.34.0.2' } });
  const op = await opContext.newPage();
  await consoleSignIn(op, 'editor');
  await op.goto('/console/suppliers');
  await expect(op.getByText('请先在上方选择一个接口，查看和配置它的供应商线路')).toBeVisible();
  const supplier = `线路测试${unique().name.slice(-6)}`;
  await op.getByRole('button', { name: '新建供应商' }).first().click();
  const create = op.getByRole('dialog', { name: '新建供应商' });
  await create.getByLabel('供应商名称').fill(supplier);
  await create.getByRole('button', { name: /保\s*存/ }).click();
  // Closed first: the dialog hands the focus back to its button as it goes, which would close the picker below.
  await expect(create).toBeHidden();
  await expect(op.getByTestId('supplier-table').getByRole('row', { name: new RegExp(supplier) })).toContainText('正常');

  await op.getByRole('combobox', { name: '选择接口' }).fill(String(IFACE));
  await op.locator(`.ant-select-item-option[title="${IFACE} 手机三要素"]`).click();
  await expect(op).toHaveURL(new RegExp(`interfaceId=${IFACE}`));
  await op.getByRole('button', { name: '新增线路' }).first().click();
  const add = op.getByRole('dialog', { name: '新增线路' });
  await add.getByRole('combobox', { name: '供应商' }).click();
  await op.locator(`.ant-select-item-option[title="${supplier}"]`).click();
  await add.getByLabel('接口地址').fill(`${stub.url}/mobile/verify`);
  await add.getByLabel('凭证').fill(`X-Api-Key: ${SECRET}`);
  await add.getByLabel('单次成本（元）').fill('0.035');
  await add.getByRole('button', { name: /保\s*存/ }).click();
  await expect(add).toBeHidden();
  await expect(op.getByText('已保存，约 30 秒内对网关调用生效').last()).toBeVisible();
  const route = op.getByTestId('route-table').getByRole('row', { name: new RegExp(supplier) });
  await expect(route.getByTestId('route-credentials')).toHaveText('X-Api-Key');
  await expect(route).toContainText('0.035');
  await expect(op.getByTestId('route-table')).not.toContainText(SECRET);

  // ── The customer's system: answered by the supplier, which received the credential ─────────
  const answer = await (
    await fetch(`${GATEWAY}/mobile/verify/${IFACE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514', mobile: '13800138000' }),
    })
  ).json();
  expect(answer).toMatchObject({ code: '10000', data: { by: MARK } });
  expect(stub.received.at(-1)?.headers['x-api-key']).toBe(SECRET);

  // ── The report: one call at 0.035 元 ────────────────────────────────────────────────────────
  await op.goto('/console/supplierReport');
  const row = op.getByTestId('report-table').getByRole('row', { name: new RegExp(supplier) });
  await expect(async () => {
    await op.reload();
    await expect(row.getByTestId('report-tried')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(row.getByTestId('report-cost')).toHaveText('0.035');

  // ── Removed again: the interface goes back to the sandbox ──────────────────────────────────
  await op.goto(`/console/suppliers?interfaceId=${IFACE}`);
  await route.getByRole('button', { name: /删\s*除/ }).click();
  await op
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(op.getByText('线路已删除')).toBeVisible();
  await expect(route).toHaveCount(0);
  await opContext.close();
});
