// Sign-up, sign-in and recovery as a customer goes through them, SMS read from the dev outbox.
import { expect, test } from '@playwright/test';
import { captchaAnswer, registerThroughPage, smsCode, unique } from './helpers';

const PASSWORD = 'abc123';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.20.0.1' } }); // one "home" IP for these journeys

test('register, log out, log in again', async ({ page, request }) => {
  const who = unique();
  await registerThroughPage(page, request, who, PASSWORD);
  await expect(page.getByTestId('user-menu')).toContainText(who.name);

  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByText('退出成功')).toBeVisible();
  await expect(page.getByRole('link', { name: '登录', exact: true })).toBeVisible({ timeout: 5_000 });

  await page.goto('/login?redirect=/');
  await page.getByLabel('账号', { exact: true }).fill(who.name);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('user-menu')).toContainText(who.name);
});

test('the register form shows the rules and asks for the agreement', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('用户名').fill('1bad');
  await page.getByLabel('手机号').click();
  await expect(page.getByText('用户名请输入6-12位英文开头的英文和数字组合')).toBeVisible();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入手机号').first()).toBeVisible();
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('请完善账号信息')).toBeVisible();
});

test('five wrong passwords bring the captcha; the right password with it signs in', async ({ page, request }) => {
  const who = unique();
  await registerThroughPage(page, request, who, PASSWORD);
  await page.context().clearCookies();

  await page.goto('/login?redirect=/');
  await page.getByLabel('账号', { exact: true }).fill(who.name);
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel('密码', { exact: true }).fill(`wrong${i}x`);
    // Wait for each answer: a click while the previous one is in flight would not count.
    const answer = page.waitForResponse((r) => r.url().includes('/apiHome/memberShip/postLogin'));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    expect(await (await answer).json()).toMatchObject({ code: 'ALL_0020', exceptionLoginCount: i });
    await expect(page.getByText('账号或密码错误').last()).toBeVisible();
  }
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill(await captchaAnswer(page, request));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('user-menu')).toContainText(who.name);
});

test('forgotten password: reset by SMS, then sign in with the new one', async ({ page, request }) => {
  const who = unique();
  await registerThroughPage(page, request, who, PASSWORD);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await page.waitForURL(/\/register\?type=forget/);
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await expect(page.getByLabel('用户名')).toHaveCount(0);
  await page.getByLabel('手机号').fill(who.phone);
  await page.getByLabel('图片验证码').fill(await captchaAnswer(page, request));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，请注意查收')).toBeVisible();
  // The registration code was the newest before; wait for the reset one.
  await expect.poll(async () => (await (await request.get(`/apiHome/dev/outbox?to=${who.phone}`)).json()).rows[0]?.body ?? '').toContain('找回登录密码');
  await page.getByLabel('短信验证码').fill(await smsCode(request, who.phone));
  await page.getByLabel('新密码').fill('newpass88');
  await page.getByLabel('确认密码').fill('newpass88');
  const answer = page.waitForResponse((r) => r.url().includes('/apiHome/memberShip/postModifyPwd'));
  await page.getByRole('button', { name: /重置密码/ }).click();
  expect((await (await answer).json()).msg).toBe('重置密码成功');
  await expect(page.getByText('重置密码成功')).toBeVisible();
  await page.waitForURL((u) => u.pathname === '/login');

  await page.goto('/login?redirect=/');
  await page.getByLabel('账号', { exact: true }).fill(who.name);
  await page.getByLabel('密码', { exact: true }).fill('newpass88');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('user-menu')).toContainText(who.name);
});

test('a login from an unseen IP asks for the phone and completes', async ({ browser, page, request }) => {
  const who = unique();
  await registerThroughPage(page, request, who, PASSWORD);

  const away = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.50' } });
  const p2 = await away.newPage();
  await p2.goto('/login?redirect=/');
  await p2.getByLabel('账号', { exact: true }).fill(who.name);
  await p2.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await p2.getByRole('button', { name: /登\s*录/ }).click();
  const dialog = p2.getByRole('dialog', { name: '手机安全验证' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('masked-mobile')).toHaveText(`${who.phone.slice(0, 3)}****${who.phone.slice(7)}`);
  await dialog.getByLabel('绑定手机号').fill(who.phone);
  await dialog.getByLabel('图形验证码').fill(await captchaAnswer(p2, away.request));
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(p2.getByText('验证码已发送，请注意查收')).toBeVisible();
  await expect.poll(async () => (await (await request.get(`/apiHome/dev/outbox?to=${who.phone}`)).json()).rows[0]?.body ?? '').toContain('新的环境登录');
  await dialog.getByLabel('手机验证码').fill(await smsCode(request, who.phone));
  await dialog.getByRole('button', { name: /验证并登录/ }).click();
  await p2.waitForURL((u) => u.pathname === '/');
  await expect(p2.getByTestId('user-menu')).toContainText(who.name);
  await away.close();
});
