// Journey helpers: read what a person would read elsewhere (the captcha on screen, the SMS on
// the phone) from the dev tools of the stack under test.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { usccCheckChar } from '@apimarket/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

/** A unique suffix so journeys never collide on names or phones. */
export function unique(): { name: string; phone: string } {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return { name: `e2e${n}`, phone: `139${n}` };
}

/** The answer of the captcha image currently shown (its key is the imageCodeKey cookie). */
export async function captchaAnswer(page: Page, request: APIRequestContext): Promise<string> {
  await expect(page.getByTestId('captcha-image').last()).toBeVisible();
  await page.waitForFunction(() => {
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="captcha-image"]'));
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  });
  const key = (await page.context().cookies()).find((c) => c.name === 'imageCodeKey')?.value ?? '';
  const res = await request.get(`/apiHome/dev/captcha?key=${key}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.text;
}

/** The newest SMS code sent to a phone, as the dev outbox shows it. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/apiHome/dev/outbox?to=${phone}`)).json();
      code = body.rows[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Register through the page; leaves the browser signed in on the home page. */
export async function registerThroughPage(page: Page, request: APIRequestContext, who: { name: string; phone: string }, password: string) {
  await page.goto('/register');
  await page.getByLabel('用户名').fill(who.name);
  await page.getByLabel('手机号').fill(who.phone);
  await page.getByLabel('图片验证码').fill(await captchaAnswer(page, request));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，请注意查收')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByLabel('短信验证码').fill(await smsCode(request, who.phone));
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByLabel('联系人姓名').fill('测试联系人');
  await page.getByRole('checkbox').check();
  const answer = page.waitForResponse((r) => r.url().includes('/apiHome/memberShip/register'));
  await page.getByRole('button', { name: /注\s*册/ }).click();
  expect((await (await answer).json()).msg).toBe('注册成功');
  await expect(page.getByText('注册成功')).toBeVisible();
  await page.waitForURL((u) => u.pathname === '/');
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A tiny PNG for the licence upload. */
// A real (64×40) PNG, so a page that shows the licence can be checked to have drawn it.
export const LICENCE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAVUlEQVR4nO3PMQ3AMBAEQcMxfxQBEQgpAiGVMYw+WmmKK2/Xtfdoiz8o4Kz3uQcpQCtAK0ArQCtAK0ArQCtAK0ArQCtAK0ArQCtAK0ArQPtjwFAFaB976XXaI1tLwAAAAABJRU5ErkJggg==',
  'base64',
);

/** An operator command (`npm run console -- …`) against the stack under test; answers what it printed. */
export function operator(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'console', '--', ...args], { cwd: ROOT, env: process.env, encoding: 'utf8' });
}

/** Enterprise authentication submitted through the page; it then waits for an operator. */
export async function submitCompany(page: Page, company: { name: string; legalPerson: string; creditPrefix: string }) {
  await page.goto('/userCenter/enterpriseAuth');
  const body = `${company.creditPrefix}${String(Date.now()).slice(-7)}`;
  await page.getByLabel('企业名称').fill(company.name);
  await page.getByLabel('统一社会信用代码').fill(body + usccCheckChar(body));
  await page.getByLabel('法定代表人').fill(company.legalPerson);
  await page.locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: LICENCE_PNG });
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByTestId('qualification-status')).toHaveText('审核中');
}

/** Enterprise authentication through the page, then approved by the operator command. */
export async function authenticateCompany(page: Page, who: { name: string }, company: { name: string; legalPerson: string; creditPrefix: string }) {
  await submitCompany(page, company);
  operator('qualification', 'approve', who.name);
}

/**
 * A new console operator signed in through /console: created by the operator command (which
 * prints the one-time password), then the first sign-in binds an authenticator whose codes the
 * test computes from the secret shown on the page — as a phone app would.
 */
export async function consoleSignIn(page: Page, role: string): Promise<{ username: string; password: string; secret: string }> {
  const username = `op_${role}_${Date.now() % 1e8}`;
  const printed = operator('create-operator', username, role);
  const password = /初始密码: (\S+)/.exec(printed)?.[1] ?? '';
  expect(password).not.toBe('');
  await page.goto('/console');
  await page.getByLabel('运营账号').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('console-enroll')).toBeVisible();
  const secret = (await page.getByTestId('console-secret').innerText()).trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel('动态码').fill(totp.generate());
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByTestId('console-operator')).toContainText(username);
  return { username, password, secret };
}

/**
 * Money in the way a customer adds it: a bank transfer declared on 我的订单 › 充值, then confirmed
 * by the operator command. Answers the transfer reference.
 */
export async function rechargeConfirmed(page: Page, amountYuan: string, payer: string, refPrefix: string): Promise<string> {
  const transferRef = `${refPrefix}${Date.now()}`;
  await page.goto('/userCenter/paymentManage/myOrder?tab=recharge');
  await page.getByLabel('转账金额（元）').fill(amountYuan);
  await page.getByLabel('银行转账流水号').fill(transferRef);
  await page.getByLabel('付款账户名称').fill(payer);
  await page.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByRole('cell', { name: transferRef })).toBeVisible();
  const id =
    (
      operator('recharge', 'list')
        .split('\n')
        .find((l) => l.includes(transferRef)) ?? ''
    ).split('\t')[0] ?? '';
  expect(operator('recharge', 'confirm', id)).toContain('已确认到账');
  return transferRef;
}

/** The first package of an interface bought on its page and paid from the balance. */
export async function buyFirstPackage(page: Page, interfaceId: number): Promise<void> {
  await page.goto(`/api/${interfaceId}`);
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('buy-done')).toContainText('支付成功');
}
