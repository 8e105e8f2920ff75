import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginEvents } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/harness';
import { ageSms, captcha, cookieOf, lastSmsCode, post, registerAccount, smsCount } from '../../test/identity';

let t: TestApp;
const HOME = '10.3.0.1';
beforeAll(async () => {
  t = await buildTestApp();
  await registerAccount(t, { uName: 'loginuser1', mobile: '13800138000', password: 'abc123' }, HOME);
});
afterAll(() => t.close());

const login = (fields: Record<string, string>, ip = HOME, apiClient = false) => post(t, 'memberShip/postLogin', fields, { ip, apiClient });

describe('postLogin', () => {
  it('signs in from a known place: HttpOnly session cookie, membershipId, no token for a browser', async () => {
    const res = await login({ name: 'loginuser1', pwd: 'abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: '登录成功', data: { token: '', loginName: 'loginuser1' } });
    expect(res.json().data.membershipId).toBeGreaterThan(100000);
    expect(cookieOf(res, 'myToken')?.httpOnly).toBe(true);
    expect(cookieOf(res, 'myToken')?.maxAge).toBeUndefined(); // ends with the browser
    expect(cookieOf(res, 'membershipId')?.httpOnly).toBeFalsy();
  });

  it('"remember" keeps the cookies 30 days; an API client gets the token in the body', async () => {
    const res = await login({ name: 'loginuser1', pwd: 'abc123', remember: '1' }, HOME, true);
    expect(cookieOf(res, 'myToken')?.maxAge).toBe(2_592_000);
    const token = res.json().data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = await post(t, 'memberShip/isLoginState', {}, { apiClient: true, token });
    expect(state.statusCode).toBe(200);
    expect(state.json().data.loginName).toBe('loginuser1');
  });

  it('the bound mobile works as the account name', async () => {
    expect((await login({ name: '13800138000', pwd: 'abc123' })).json().code).toBe(200);
  });

  it('a wrong password and a missing account answer alike, with the failure count', async () => {
    const wrong = await login({ name: 'loginuser1', pwd: 'wrong999' });
    const missing = await login({ name: 'nosuchuser9', pwd: 'wrong999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'ALL_0020', msg: '账号或密码错误', exceptionLoginCount: 1 });
    expect(missing.json()).toEqual({ code: 'ALL_0020', msg: '账号或密码错误', exceptionLoginCount: 1 });
    await login({ name: 'loginuser1', pwd: 'abc123' }); // success resets the count
  });

  it('needs the captcha from the fifth failure; then right captcha and password sign in', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await login({ name: 'loginuser1', pwd: 'bad' })).json().exceptionLoginCount).toBe(i);
    }
    const noCode = await login({ name: 'loginuser1', pwd: 'abc123' });
    expect(noCode.json()).toEqual({ code: 'ALL_0001', msg: '请输入验证码', exceptionLoginCount: 5 });
    const c1 = await captcha(t, HOME);
    const badCode = await login({ name: 'loginuser1', pwd: 'abc123', code: 'zzzz', imageCodeKey: c1.uuid });
    expect(badCode.json()).toEqual({ code: 'ALL_0001', msg: '图片验证码错误，请重新输入', exceptionLoginCount: 5 });
    const c2 = await captcha(t, HOME);
    const ok = await login({ name: 'loginuser1', pwd: 'abc123', code: c2.text, imageCodeKey: c2.uuid });
    expect(ok.json().code).toBe(200);
    expect((await login({ name: 'loginuser1', pwd: 'abc123' })).json().code).toBe(200); // count reset
  });

  it('records every attempt with IP and outcome, never the password', async () => {
    const rows = await t.database.db.select().from(loginEvents).where(sql`${loginEvents.loginName} = 'loginuser1'`);
    expect(rows.some((r) => r.outcome === 'bad_credentials' && r.ip === HOME)).toBe(true);
    expect(rows.some((r) => r.outcome === 'success')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('abc123');
  });
});

describe('phone security check (ALL_0050)', () => {
  const AWAY = '203.0.113.7';

  it('a login from an unseen IP asks for the phone, with the number masked', async () => {
    const res = await login({ name: 'loginuser1', pwd: 'abc123' }, AWAY);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ALL_0050', msg: '为了您的账号安全，请进行手机安全验证', mobile: '138****8000', loginName: 'loginuser1' });
    expect(cookieOf(res, 'myToken')).toBeUndefined();
  });

  it('sendVerifyCode answers alike for another phone but only texts the bound one', async () => {
    await ageSms(t, 61);
    const before = await smsCount(t, '13800138000');
    const c1 = await captcha(t, AWAY);
    const other = await post(t, 'memberShip/sendVerifyCode', { phone: '13911112222', code: c1.text, imageCodeKey: c1.uuid }, { ip: AWAY });
    expect(other.json().msg).toBe('验证码已发送，请注意查收');
    expect(await smsCount(t, '13911112222')).toBe(0);
    const c2 = await captcha(t, AWAY);
    const mine = await post(t, 'memberShip/sendVerifyCode', { phone: '13800138000', code: c2.text, imageCodeKey: c2.uuid }, { ip: AWAY });
    expect(mine.json().msg).toBe('验证码已发送，请注意查收');
    expect(await smsCount(t, '13800138000')).toBe(before + 1);
  });

  it('mobileVerifyLogin completes the login, and that IP is then known', async () => {
    const code = (await lastSmsCode(t, '13800138000')) ?? '';
    const wrongPhone = await post(t, 'memberShip/mobileVerifyLogin', { phone: '13911112222', loginName: 'loginuser1', verifyCode: code }, { ip: AWAY });
    expect(wrongPhone.json().msg).toBe('手机号与账号绑定的手机号不一致');
    const res = await post(t, 'memberShip/mobileVerifyLogin', { phone: '13800138000', loginName: 'loginuser1', verifyCode: code }, { ip: AWAY });
    expect(res.json()).toMatchObject({ code: 200, data: { loginName: 'loginuser1' } });
    expect(cookieOf(res, 'myToken')?.value).toBeTruthy();
    expect((await login({ name: 'loginuser1', pwd: 'abc123' }, AWAY)).json().code).toBe(200);
  });

  it('without a pending login the phone check cannot sign anyone in', async () => {
    const res = await post(t, 'memberShip/mobileVerifyLogin', { phone: '13800138000', loginName: 'loginuser1', verifyCode: '123456' }, { ip: '198.51.100.1' });
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: '登录验证已过期，请重新登录' });
    expect((await post(t, 'memberShip/mobileVerifyLogin', { phone: '', loginName: 'x', verifyCode: '1' })).json().msg).toBe('请输入手机号');
    expect((await post(t, 'memberShip/mobileVerifyLogin', { phone: '13800138000', loginName: 'x', verifyCode: '' })).json().msg).toBe('请输入手机验证码');
  });
});

describe('logout and login state', () => {
  it('outLogin revokes the session and clears the cookies; the state is then ALL_0024', async () => {
    const res = await login({ name: 'loginuser1', pwd: 'abc123' });
    const token = cookieOf(res, 'myToken')?.value ?? '';
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies: { myToken: token } })).json().data.loginName).toBe('loginuser1');
    const out = await post(t, 'memberShip/outLogin', {}, { cookies: { myToken: token } });
    expect(out.json()).toMatchObject({ code: 200, msg: '退出成功' });
    expect(cookieOf(out, 'myToken')?.value).toBe('');
    const after = await post(t, 'memberShip/isLoginState', {}, { cookies: { myToken: token } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'ALL_0024', msg: '登录已过期，请重新登录' });
  });

  it('logging out without a session still succeeds', async () => {
    expect((await post(t, 'memberShip/outLogin', {})).json().msg).toBe('退出成功');
  });
});

describe('throttling', () => {
  it('2000 rapid attempts from one IP on one account are throttled; the owner elsewhere still gets in; the wait ends', async () => {
    await registerAccount(t, { uName: 'targetuser', mobile: '13700137000', password: 'abc123' }, '10.9.0.1');
    const ATTACKER = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 2000; i++) statuses.push((await login({ name: 'targetuser', pwd: `guess${i}` }, ATTACKER)).statusCode);
    const throttled = statuses.filter((s) => s === 429).length;
    expect(throttled).toBeGreaterThan(1900);
    const last = await login({ name: 'targetuser', pwd: 'abc123' }, ATTACKER);
    expect(last.json()).toEqual({ code: 'ALL_0012', msg: '登录尝试过于频繁，请15分钟后再试' });

    // The owner, from their own place, needs the captcha (many failures) but is not locked out.
    const c = await captcha(t, '10.9.0.1');
    const owner = await login({ name: 'targetuser', pwd: 'abc123', code: c.text, imageCodeKey: c.uuid }, '10.9.0.1');
    expect(owner.json().code).toBe(200);

    // Fifteen minutes later the attacker's IP may try again (and gets the captcha demand).
    await t.database.db.execute(sql`update throttles set window_start = window_start - interval '16 minutes' where key like 'login:%'`);
    const later = await login({ name: 'targetuser', pwd: 'abc123' }, ATTACKER);
    expect(later.statusCode).not.toBe(429);
  });
});
