// 包名管理 (issue #23): a customer with 包名管理 opened (menu code 6, by the operator command) buys
// 本机号码一键登录 — an SDK interface — and registers its Android app on the page (a malformed
// fingerprint refused in the form first). Its system then calls the open data API declaring
// another app: refused with SYSTEM_048 and not charged; declaring the registered app: answered.
// Disabling the app on the page refuses it again.
import { FEATURE, PLATFORM_CODES } from '@apimarket/contracts';
import { expect, test } from '@playwright/test';
import { buyFirstPackage, operator, rechargeConfirmed } from './helpers';
import { registerCustomer } from './setup/register';
import { call as portal } from './setup/wire';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.33.0.1' } });

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001';
const ONE_CLICK = 1965;
const FINGERPRINT = 'ab'.repeat(32);

test('an SDK call is answered for the registered app only', async ({ page }) => {
  test.setTimeout(90_000);
  const company = '杭州示例移动科技有限公司';
  const who = await registerCustomer(page.request, { password: 'apps2026ok', companyName: company, legalPerson: '沈一', creditPrefix: '91330106MA' });
  expect(operator('features', who.name, `${FEATURE.onlineQuery},${FEATURE.packageName}`)).toContain('已开通');
  await rechargeConfirmed(page, '500', company, 'E2EP');
  await buyFirstPackage(page, ONE_CLICK);

  await page.goto('/userCenter/packageName');
  const empty = page.getByTestId('package-empty');
  await expect(empty).toContainText('还没有登记应用');
  await expect(empty).toContainText('本机号码一键登录');
  // Until the company registers an app its SDK calls are still answered, and the page says so (Decision 216).
  const transition = page.getByText(/^过渡期：贵公司尚未登记任何应用/);
  await expect(transition).toBeVisible();
  await empty.getByRole('button', { name: '登记第一个应用' }).click();
  const dialog = page.getByRole('dialog', { name: '登记应用' });
  await dialog.getByLabel('应用名称').fill('示例钱包');
  await dialog.getByLabel('Android 包名').fill('com.example.wallet');
  await dialog.getByLabel('签名证书 SHA-256 指纹').fill('AB:CD');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('SHA-256 指纹应为 64 位十六进制字符', { exact: false })).toBeVisible();
  await dialog.getByLabel('签名证书 SHA-256 指纹').fill(FINGERPRINT);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByRole('cell', { name: 'com.example.wallet' })).toBeVisible();
  await expect(transition).toBeHidden();

  // The customer's system: the purchase key, and the app the SDK token came from.
  const bought = await portal<{ rows: Array<{ key: string; interfaceId: number }> }>(page.request, 'myBuy/list', { data: { pageNum: '1', pageSize: '10' } });
  const key = bought.rows?.find((r) => r.interfaceId === ONE_CLICK)?.key ?? '';
  expect(key, JSON.stringify(bought).slice(0, 300)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const call = async (pkg: string) =>
    (
      await fetch(`${GATEWAY}/mobile/auth/${ONE_CLICK}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-app-platform': 'android', 'x-app-package': pkg, 'x-app-signature': FINGERPRINT },
        body: new URLSearchParams({ key, token: 'STsid0000001742183629A7B3C9E1F2D4' }),
      })
    ).json();
  const refused = await call('com.example.other');
  expect(refused).toMatchObject({ code: 'SYSTEM_048', data: null });
  expect(refused.message).toContain('com.example.other');
  expect(await call('com.example.wallet')).toMatchObject({ code: '10000' });

  // Disabled on the page (confirmed): refused again.
  await page.getByRole('switch', { name: '示例钱包 启用状态' }).click();
  await page.getByRole('button', { name: /停\s*用/ }).click();
  await expect(page.getByRole('switch', { name: '示例钱包 启用状态' })).not.toBeChecked();
  expect((await call('com.example.wallet')).code).toBe('SYSTEM_048');
  expect(PLATFORM_CODES.SYSTEM_048).toContain('包名管理');
});
