// One company, many teams, one bill (issue #20), as a main account and its sub-account live it:
// a qualified main account (registered through the API, like the setup project's customer, but its
// own so its family and purchases start empty) buys 实名认证 (1882), creates a sub-account whose
// generated password is shown once, and assigns it 1882 with 5 calls. The sub-account signs in on
// /login in a fresh browser (its first sign-in checked on its holder's phone), copies its own key from 我的API and calls the open data API six times
// from "its own system": five answer, the sixth is refused with SYSTEM_002 and the main account's
// purchase keeps the rest. The main account then reads the five calls under the sub-account in
// 子账号统计 and 子账号消费, and switches into the sub-account from the head and back.
import { expect, test } from '@playwright/test';
import { buyFirstPackage, captchaAnswer, rechargeConfirmed, smsCode, unique } from './helpers';
import { registerCustomer } from './setup/register';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';
const COMPANY = '杭州分账示例科技有限公司';
const MAIN_IP = { 'X-Forwarded-For': '10.40.0.1' };
const SUB_IP = { 'X-Forwarded-For': '10.40.0.2' };
const PRODUCTS = '/userCenter/accountManage/product';

test('a main account assigns 1882 with 5 calls; the sub-account calls with its own key until SYSTEM_002; the main account sees its 5 calls and switches in and back', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: MAIN_IP });
  const mainAccount = await registerCustomer(api, { password: 'fam2026ok', companyName: COMPANY, legalPerson: '钱分', creditPrefix: '91330106MA' });
  const main = await browser.newContext({ storageState: await api.storageState(), extraHTTPHeaders: MAIN_IP });
  await api.dispose();
  const page = await main.newPage();

  // Nothing to assign yet: 产品分配 says so and points to the market.
  await page.goto(PRODUCTS);
  await expect(page.getByTestId('assignments-empty-purchases')).toContainText('还没有可分配的接口');
  await rechargeConfirmed(page, '1000', COMPANY, 'SUBE2E');
  await buyFirstPackage(page, 1882);

  // 子账号管理: a new sub-account; its generated password is shown this once.
  const sub = unique();
  await page.goto('/userCenter/accountManage/subAccount');
  await page.getByTestId('sub-create').click();
  const create = page.getByRole('dialog', { name: '新建子账号' });
  await create.getByRole('textbox', { name: '用户名' }).fill(sub.name);
  await create.getByRole('textbox', { name: '联系人' }).fill('风控小组');
  await create.getByRole('textbox', { name: '手机号' }).fill(sub.phone);
  await create.getByRole('combobox', { name: '部门或子公司' }).fill('风控部');
  await create.getByRole('button', { name: /创\s*建/ }).click();
  const shown = page.getByTestId('sub-password');
  await expect(shown).toContainText(sub.name);
  const password = /初始密码\s*(\S+)/.exec(await shown.innerText())?.[1] ?? '';
  expect(password.length).toBeGreaterThanOrEqual(8);
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();

  // 产品分配 › 分配接口: 1882 to the new sub-account with 5 calls.
  await page.goto(PRODUCTS);
  await expect(page.getByTestId('assignments-empty')).toContainText('还没有分配记录');
  await page.getByRole('button', { name: '分配接口' }).first().click();
  const assign = page.getByRole('dialog', { name: '分配接口' });
  await assign.getByLabel('接口').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /剩余 [\d,]+ 次/ })
    .first()
    .click();
  await expect(assign.getByTestId('assign-purchase-note')).toContainText('已分配给 0 个子账号');
  await assign.getByLabel('子账号').click();
  await page.locator('.ant-select-item-option').filter({ hasText: sub.name }).click();
  // Closes the list (Escape would close the dialog too).
  await assign.getByText('每个子账号得到自己的密钥').click();
  await assign.getByRole('button', { name: /分\s*配/ }).click();
  await expect(assign).toContainText('按次数计费的子账号需要填写分配次数');
  await assign.getByLabel('可用次数').fill('5');
  await assign.getByRole('button', { name: /分\s*配/ }).click();
  await expect(page.getByText('分配完成：新分配 1 个子账号')).toBeVisible();
  const row = page.getByTestId('assignments-table').getByRole('row').filter({ hasText: sub.name });
  await expect(row.getByTestId('assignment-left')).toHaveText('5');
  await expect(row.getByTestId('assignment-status')).toHaveText('启用');
  const sheet = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await sheet).suggestedFilename()).toMatch(/^产品分配-\d{8}\.xlsx$/);

  // The sub-account signs in with its own name and the shown password, in a browser of its own.
  const own = await browser.newContext({ storageState: { cookies: [], origins: [] }, extraHTTPHeaders: SUB_IP });
  const subPage = await own.newPage();
  await subPage.goto('/login');
  await subPage.getByLabel('账号', { exact: true }).fill(sub.name);
  await subPage.getByLabel('密码', { exact: true }).fill(password);
  await subPage.getByRole('button', { name: /登\s*录/ }).click();
  // A new sub-account has signed in nowhere yet: its first sign-in is checked on its holder's phone.
  const check = subPage.getByRole('dialog', { name: '手机安全验证' });
  await expect(check).toBeVisible();
  await check.getByLabel('绑定手机号').fill(sub.phone);
  await check.getByLabel('图形验证码').fill(await captchaAnswer(subPage, own.request));
  await check.getByRole('button', { name: '获取验证码' }).click();
  await check.getByLabel('手机验证码').fill(await smsCode(own.request, sub.phone));
  await check.getByRole('button', { name: /验证并登录/ }).click();
  await subPage.waitForURL((u) => u.pathname === '/userCenter');
  await expect(subPage.getByTestId('uc-greeting')).toContainText(`${sub.name}（子账号 · 主账号`);

  // 我的API lists the assignment with the sub-account's own key.
  await subPage.goto('/userCenter/dataManage/myAPI');
  const key = ((await subPage.getByTestId('purchase-key').first().textContent()) ?? '').trim();
  expect(key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  await own.close();

  // Its own system calls six times: five within the allotment, the sixth refused.
  const codes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = await (
      await fetch(`${GATEWAY}/communication/personal/1882`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }),
      })
    ).json();
    codes.push(answer.code);
  }
  expect(codes).toEqual(['10000', '10000', '10000', '10000', '10000', 'SYSTEM_002']);

  // The main account: the assignment used up, the five calls under the sub-account this month.
  await page.goto(PRODUCTS);
  await expect(row.getByTestId('assignment-used')).toHaveText('5');
  await expect(row.getByTestId('assignment-left')).toHaveText('0');
  await row.getByRole('button', { name: '调用明细' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByRole('row').filter({ hasText: '10000' })).toHaveCount(5);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('tab', { name: '子账号统计' }).click();
  await expect(page.getByTestId('stats-period')).toContainText('（本月，按北京时间）');
  const stats = page.getByTestId('stats-table').getByRole('row').filter({ hasText: sub.name });
  // Six calls were made; the five that answered are the ones charged to the main account's purchase.
  await expect(stats.getByTestId('stats-calls')).toHaveText('6 次');
  await expect(stats.getByTestId('stats-success')).toHaveText('5 次');
  await expect(stats.getByTestId('stats-charged')).toHaveText('5 次');
  await page.goto('/userCenter/paymentManage/myOrder?tab=subConsume');
  const consumed = page.getByRole('row').filter({ hasText: sub.name }).first();
  await expect(consumed.getByRole('cell').nth(3)).toHaveText('5 次'); // 计费次数

  // 切换子账号 from the head opens the sub-account's user center; 返回主账号 comes back.
  await page.goto('/userCenter');
  await page.getByRole('button', { name: '切换子账号' }).click();
  await page.getByRole('menuitem', { name: new RegExp(sub.name) }).click();
  await expect(page.getByTestId('uc-greeting')).toContainText(`${sub.name}（子账号 · 主账号`, { timeout: 15_000 });
  await page.getByRole('button', { name: '返回主账号' }).click();
  await expect(page.getByTestId('uc-greeting')).toContainText(mainAccount.name, { timeout: 15_000 });
  await expect(page.getByTestId('uc-greeting')).not.toContainText('子账号 · 主账号');
  await expect(page.getByRole('button', { name: '切换子账号' })).toBeVisible();
  await main.close();
});
