// The user center as a new customer meets it: the enterprise-authentication gate, the review
// decided by the operator command, menus unlocking, the dashboard's real zeros, messages and
// the badge, the API secret shown once (after the password), and a password change ending the
// other session.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { usccCheckChar } from '@apimarket/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerThroughPage, unique } from './helpers';

const PASSWORD = 'abc123';
const ROOT = path.resolve(import.meta.dirname, '../..');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(512, 9)]);

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.21.0.1' } });

function creditCode(): string {
  const body = `91320000MA${String(Date.now()).slice(-7)}`;
  return body + usccCheckChar(body);
}

/** `npm run console -- …` against the stack under test (same DATA_DIR), as an operator runs it. */
function operator(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'console', '--', ...args], { cwd: ROOT, env: process.env, encoding: 'utf8' });
}

async function login(browser: Browser, name: string, password: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.21.0.1' } });
  const page = await context.newPage();
  await page.goto('/login?redirect=/userCenter/messageCt');
  await page.getByLabel('账号', { exact: true }).fill(name);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/messageCt');
  return page;
}

test('an anonymous visitor of the user center is sent to the login and back', async ({ page }) => {
  await page.goto('/userCenter/ums?tab=keys');
  await page.waitForURL((u) => u.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/userCenter/ums?tab=keys');
});

test('a new customer: gate, enterprise authentication, approval, menus, dashboard, messages, keys, password', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const who = unique();
  await registerThroughPage(page, request, who, PASSWORD);

  // The gate: everything leads to enterprise authentication; the other menus are disabled.
  await page.goto('/userCenter/messageCt');
  await page.waitForURL((u) => u.pathname === '/userCenter/enterpriseAuth');
  await expect(page.getByTestId('qualification-status')).toHaveText('未认证');
  await expect(page.getByRole('menuitem', { name: '首页' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: '企业认证' })).not.toHaveAttribute('aria-disabled', 'true');

  // The form checks as it goes, then sends the licence with the facts.
  await page.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
  await page.getByLabel('法定代表人').click();
  await expect(page.getByText('统一社会信用代码校验不通过，请核对后重新输入')).toBeVisible();
  await page.getByLabel('企业名称').fill('南京示例数据科技有限公司');
  await page.getByLabel('统一社会信用代码').fill(creditCode());
  await page.getByLabel('法定代表人').fill('赵六');
  await page.locator('input[type=file]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('licence-preview')).toBeVisible();
  const submitted = page.waitForResponse((r) => r.url().includes('/apiHome/myAccount/companyQualification'));
  await page.getByRole('button', { name: '提交认证' }).click();
  expect((await (await submitted).json()).msg).toBe('提交成功，请等待平台审核');
  await expect(page.getByTestId('qualification-status')).toHaveText('审核中');

  // The operator approves from the command line.
  expect(operator('qualification', 'list')).toContain(who.name);
  expect(operator('qualification', 'approve', who.name)).toContain('的企业认证已通过，已通知客户');

  // Menus unlock; the dashboard shows real zeros and the granted free test calls.
  await page.goto('/userCenter');
  await expect(page.getByRole('menuitem', { name: '首页' })).not.toHaveAttribute('aria-disabled', 'true');
  const stats = page.getByTestId('uc-stat');
  await expect(stats.filter({ hasText: '账户余额（元）' })).toContainText('0.00');
  await expect(stats.filter({ hasText: '已购接口' })).toContainText('0');
  await expect(stats.filter({ hasText: '今日调用（次）' })).toContainText('本月 0 次');
  await expect(stats.filter({ hasText: '免费测试剩余（次）' })).toContainText('150');
  await expect(stats.filter({ hasText: '未读消息' })).toContainText('2');
  await expect(page.getByText('还没有调用记录')).toBeVisible();

  // Two messages arrived (submitted, approved); the badge counts them and reading one lowers it.
  await expect(page.getByTestId('uc-unread')).toContainText('2');
  await page.getByRole('menuitem', { name: '消息中心' }).click();
  await page.waitForURL((u) => u.pathname === '/userCenter/messageCt');
  await page.getByTestId('message-row').filter({ hasText: '企业认证已通过' }).click();
  await expect(page.getByTestId('message-detail')).toContainText('已通过企业认证');
  await page.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(page.getByTestId('uc-unread')).toContainText('1');

  // Every route of spec 02 is a screen; any other path under the user center is not found.
  expect((await page.goto('/userCenter/no-such-screen'))?.status()).toBe(404);

  // The account secret is shown once; afterwards only its masked form.
  await page.goto('/userCenter/ums?tab=keys');
  await expect(page.getByTestId('ums-app-key')).toContainText(/^AK/);
  await page.getByRole('button', { name: '生成密钥' }).click();
  await page.getByTestId('ums-confirm').getByLabel('登录密码').fill(PASSWORD);
  await page.getByTestId('ums-confirm').getByTestId('ums-confirm-ok').click();
  const secret = (await page.getByTestId('ums-secret-once').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(40);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ums-secret-masked')).toContainText(secret.slice(-4));
  await page.reload();
  await expect(page.getByTestId('ums-secret-masked')).toContainText(secret.slice(-4));
  expect(await page.content()).not.toContain(secret);

  // A second device, then a password change here: that device's next call finds its session gone.
  const other = await login(browser, who.name, PASSWORD);
  await page.goto('/userCenter/ums?tab=password');
  await page.getByLabel('原密码').fill(PASSWORD);
  await page.getByLabel('新密码', { exact: true }).fill('xyz789abc');
  await page.getByLabel('确认新密码').fill('xyz789abc');
  const changed = page.waitForResponse((r) => r.url().includes('/apiHome/UserCenter/Modification'));
  await page.getByRole('button', { name: /确\s*认\s*修\s*改|修\s*改\s*密\s*码/ }).click();
  expect((await (await changed).json()).msg).toBe('密码修改成功，其他设备上的登录已退出');

  await other.getByText('未读消息').click();
  const alert = other.getByRole('dialog').filter({ hasText: '登录已过期，请重新登录' });
  await expect(alert).toContainText('提示');
  await alert.getByRole('button', { name: /确\s*定/ }).click();
  await other.waitForURL((u) => u.pathname === '/login');

  // The new password works, and a desktop login without a target lands in the user center.
  await other.getByLabel('账号', { exact: true }).fill(who.name);
  await other.getByLabel('密码', { exact: true }).fill('xyz789abc');
  await other.getByRole('button', { name: /登\s*录/ }).click();
  await other.waitForURL((u) => u.pathname === '/userCenter/messageCt');
  await other.goto('/login');
  await other.getByLabel('账号', { exact: true }).fill(who.name);
  await other.getByLabel('密码', { exact: true }).fill('xyz789abc');
  await other.getByRole('button', { name: /登\s*录/ }).click();
  await other.waitForURL((u) => u.pathname === '/userCenter');
  await expect(other.getByTestId('uc-greeting')).toContainText(who.name);
  await other.context().close();
});
