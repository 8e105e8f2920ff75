// User-center details (issue #17): the account secret and signed calls wait for the login
// password and say what changes first; the unread count sits beside the bell, not on it; and
// 我的API's action links look the same after a move from the public site as after a full load.
// The spec changes its customer's keys, so it registers its own (through the API, not the pages).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerCustomer } from './setup/register';
import { call } from './setup/wire';

const PASSWORD = 'ucDetail2026';
const HEADERS = { 'X-Forwarded-For': '10.32.0.1' };

test.use({ extraHTTPHeaders: HEADERS });

/** A customer with an authenticated company, signed in on `page` (cookies from the API calls). */
async function customer(page: Page, request: APIRequestContext): Promise<void> {
  await registerCustomer(request, { password: PASSWORD, companyName: '南京细节测试科技有限公司', legalPerson: '孙雅', creditPrefix: '91320100MA' });
  await page.context().addCookies((await request.storageState()).cookies);
}

test('the secret and signed calls: what changes is said, a wrong password changes nothing, the right one does', async ({ page, request }) => {
  test.setTimeout(120_000);
  await customer(page, request);
  await page.goto('/userCenter/ums?tab=keys');

  await page.getByTestId('ums-create-secret').click();
  const dialog = page.getByTestId('ums-confirm');
  await expect(dialog.getByTestId('ums-confirm-effects')).toContainText('未按要求签名或加密的调用将被拒绝');
  await dialog.getByLabel('登录密码').fill('not-my-password1');
  await dialog.getByTestId('ums-confirm-ok').click();
  await expect(dialog).toContainText('登录密码错误，密钥与调用方式均未更改');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByTestId('ums-no-secret')).toBeVisible();

  await page.getByTestId('ums-create-secret').click();
  await page.getByTestId('ums-confirm').getByLabel('登录密码').fill(PASSWORD);
  await page.getByTestId('ums-confirm').getByTestId('ums-confirm-ok').click();
  const secret = ((await page.getByTestId('ums-secret-once').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: '我已复制并妥善保存' }).click();
  await expect(page.getByTestId('ums-secret-masked')).toContainText(secret.slice(-4));

  // Signed calls: the dialog says unsigned calls will be refused before the password is asked for.
  await page.getByText('HMAC-SHA256 签名（使用账号密钥）').click();
  await page.getByTestId('ums-save-modes').click();
  const modes = page.getByTestId('ums-confirm');
  await expect(modes.getByTestId('ums-confirm-effects')).toContainText('未签名或签名不符的调用将被拒绝');
  await modes.getByLabel('登录密码').fill(PASSWORD);
  await modes.getByTestId('ums-confirm-ok').click();
  await expect(page.getByText('签名与加密方式已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'HMAC-SHA256 签名（使用账号密钥）' })).toBeChecked();

  // Ten more messages (one per rotation): the two-digit count sits beside the bell, not over it.
  for (let i = 0; i < 10; i++) await call(request, 'myAccount/docSecretKey', { encrypt: true, data: { action: 'rotate', password: PASSWORD } });
  await page.goto('/userCenter');
  const count = page.getByTestId('uc-unread');
  await expect(count).toHaveText(/^\d\d$/);
  const bell = await page
    .getByRole('link', { name: /^消息中心，\d\d 条未读$/ })
    .locator('.anticon-bell')
    .boundingBox();
  const badge = await count.boundingBox();
  const home = await page.getByRole('link', { name: '返回首页' }).boundingBox();
  expect(bell && badge && home).toBeTruthy();
  if (bell && badge && home) {
    const where = JSON.stringify({ bell, badge, home });
    expect(badge.x, where).toBeGreaterThanOrEqual(bell.x + bell.width - 5);
    expect(badge.x + badge.width, where).toBeLessThanOrEqual(home.x);
  }
});

test('我的API reached from the public site by a link keeps the look of a full load', async ({ page, request }) => {
  test.setTimeout(120_000);
  await customer(page, request);

  // The free trial of 实名认证 on its page, then its link into the user center: no full load.
  await page.goto('/api/1882');
  await page.getByTestId('trial-button').click();
  // The answer's link; after a reload of the page in between, the 「已领取」 line's own link.
  await page.getByRole('link', { name: /^(前往我的API|在「我的API」查看)$/ }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/dataManage/myAPI');
  const look = async () => {
    await expect(page.getByTestId('purchase-key')).toBeVisible();
    const read = (name: string) =>
      page.getByRole('link', { name, exact: true }).evaluate((a) => {
        const s = getComputedStyle(a);
        return { color: s.color, padding: s.padding, whiteSpace: s.whiteSpace };
      });
    return { action: await read('在线测试'), name: await read('实名认证') };
  };
  const moved = await look();
  expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toContain('/api/1882');

  await page.reload();
  const loaded = await look();
  expect(moved).toEqual(loaded);
  expect(loaded.action.color).toBe('rgb(29, 92, 255)');
});
