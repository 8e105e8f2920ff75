// Issue #16 §3, the member side: what an anonymous caller can learn or burn through the account
// calls. scrm/only/register shares the login's throttles and checks the SMS code first; a
// registered phone and an unknown one get the same answers; nothing is hashed before a code is
// right, and one address gets a bounded number of tries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { ageSms, captcha, lastSmsCode, post, registerAccount, registerForm, smsCount } from '../../test/identity';
import { ACCOUNT_LIMITS } from './registration.service';
import { PASSWORD_CONCURRENCY, passwordWork } from './password';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function sendCode(path: 'memberShip/sendSms' | 'memberShip/sendSmsPwd', phone: string, ip: string, extra: Record<string, string> = {}) {
  const c = await captcha(t, ip);
  return post(t, path, { phone, code: c.text, imageCodeKey: c.uuid, ...extra }, { ip });
}

const answer = (res: { statusCode: number; json(): unknown }) => [res.statusCode, res.json()];

describe('scrm/only/register checks a password like the login does', () => {
  const IP = '10.31.0.1';
  beforeAll(async () => {
    await registerAccount(t, { uName: 'wxbind01', mobile: '13310000001', password: 'abc123' }, IP);
  });

  it('is paused where the login is paused for the same account and address', async () => {
    // Twenty sign-in attempts at the account from one address use up its budget there…
    for (let i = 0; i < 20; i++) await post(t, 'memberShip/postLogin', { name: 'wxbind01', pwd: `wrong${i}x` }, { ip: '10.31.0.2' });
    const login = await post(t, 'memberShip/postLogin', { name: 'wxbind01', pwd: 'abc123' }, { ip: '10.31.0.2' });
    expect(answer(login)).toEqual([429, { code: 'ALL_0012', msg: '登录尝试过于频繁，请15分钟后再试' }]);
    // …and binding WeChat to it from that address is paused with the same answer.
    const bind = await post(
      t,
      'scrm/only/register',
      { OpenId: 'wx-bind-1', uName: 'wxbind01', mobile: '13310000001', code: '123456', password: 'guess99', checkPass: 'guess99' },
      { ip: '10.31.0.2' },
    );
    expect(answer(bind)).toEqual(answer(login));
  });

  it('checks the SMS code before the password, so a wrong password and a right one read alike', async () => {
    const fields = { OpenId: 'wx-bind-2', uName: 'wxbind01', mobile: '13310000001', code: '123456' };
    const right = await post(t, 'scrm/only/register', { ...fields, password: 'abc123', checkPass: 'abc123' }, { ip: IP });
    const wrong = await post(t, 'scrm/only/register', { ...fields, password: 'zzz999', checkPass: 'zzz999' }, { ip: IP });
    expect(answer(wrong)).toEqual(answer(right));
    expect(right.json()).toEqual({ code: 'ALL_0001', msg: '短信验证码已失效，请重新获取' });
  });

  it('answers a wrong password and a phone that is not the account’s with one message', async () => {
    await ageSms(t, 61);
    const own = await sendCode('memberShip/sendSms', '13310000001', IP, { openId: 'wx-bind-3' });
    expect(own.json().code).toBe(200);
    /** Binding to wxbind01 with the code last sent to `mobile`. */
    const bind = async (mobile: string, password: string) => {
      const code = (await lastSmsCode(t, mobile)) ?? '';
      return post(t, 'scrm/only/register', { OpenId: 'wx-bind-3', uName: 'wxbind01', mobile, code, password, checkPass: password }, { ip: IP });
    };
    const wrongPassword = await bind('13310000001', 'zzz999');
    // A stranger with a code for a phone of their own and the right password:
    await sendCode('memberShip/sendSms', '13310000099', IP, { openId: 'wx-bind-3' });
    const otherPhone = await bind('13310000099', 'abc123');
    expect(answer(wrongPassword)).toEqual([400, { code: 'ALL_0020', msg: '账号或密码错误' }]);
    expect(answer(otherPhone)).toEqual(answer(wrongPassword));
  });
});

describe('a registered phone and an unknown one get the same answers', () => {
  const IP = '10.32.0.1';
  const KNOWN = '13320000001';
  const UNKNOWN = '13320000002';
  beforeAll(async () => {
    await registerAccount(t, { uName: 'enumown01', mobile: KNOWN, password: 'abc123' }, IP);
    await ageSms(t, 61);
  });

  it('a registration code request', async () => {
    const known = await sendCode('memberShip/sendSms', KNOWN, IP);
    const unknown = await sendCode('memberShip/sendSms', UNKNOWN, IP);
    expect(answer(known)).toEqual(answer(unknown));
    expect(known.json()).toEqual({ code: 200, msg: '验证码已发送，请注意查收', data: null });
  });

  it('registering with a wrong code', async () => {
    const known = await post(t, 'memberShip/register', registerForm(KNOWN, '000000', 'enumreg01'), { ip: IP });
    const unknown = await post(t, 'memberShip/register', registerForm(UNKNOWN, '000000', 'enumreg02'), { ip: IP });
    expect(answer(known)).toEqual(answer(unknown));
    expect(known.json().msg).toMatch(/^短信验证码/);
  });

  it('registering without any code sent', async () => {
    const known = await post(t, 'memberShip/register', registerForm('13320000003', '000000', 'enumreg03'), { ip: IP });
    await registerAccount(t, { uName: 'enumown03', mobile: '13320000004', password: 'abc123' }, IP);
    const registered = await post(t, 'memberShip/register', registerForm('13320000004', '000000', 'enumreg04'), { ip: IP });
    expect(answer(registered)).toEqual(answer(known));
    expect(registered.json()).toEqual({ code: 'ALL_0001', msg: '短信验证码已失效，请重新获取' });
  });

  it('a password reset with a wrong code, after a reset code was asked for each', async () => {
    await ageSms(t, 61);
    expect(answer(await sendCode('memberShip/sendSmsPwd', KNOWN, IP))).toEqual(answer(await sendCode('memberShip/sendSmsPwd', UNKNOWN, IP)));
    const code = (await lastSmsCode(t, KNOWN)) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const known = await post(t, 'memberShip/postModifyPwd', { phone: KNOWN, yzm: wrong, pwd: 'newpass9' }, { ip: IP });
    const unknown = await post(t, 'memberShip/postModifyPwd', { phone: UNKNOWN, yzm: wrong, pwd: 'newpass9' }, { ip: IP });
    // The same code error for both: the code is checked before anything that differs (the
    // account's lookup and the password hashing).
    expect(answer(known)).toEqual(answer(unknown));
    expect(known.json()).toEqual({ code: 'ALL_0001', msg: '短信验证码错误' });
    expect(await smsCount(t, UNKNOWN)).toBe(1); // the registration code only: no reset SMS to a phone without an account
  });

  it('a second reset code within 60 s', async () => {
    await ageSms(t, 61);
    await sendCode('memberShip/sendSmsPwd', KNOWN, IP);
    await sendCode('memberShip/sendSmsPwd', UNKNOWN, IP);
    const known = await sendCode('memberShip/sendSmsPwd', KNOWN, IP);
    const unknown = await sendCode('memberShip/sendSmsPwd', UNKNOWN, IP);
    expect(answer(known)).toEqual(answer(unknown));
    expect(answer(known)).toEqual([429, { code: 'ALL_0012', msg: '验证码发送过于频繁，请60秒后再试' }]);
  });
});

describe('nothing is hashed before the SMS code is right, and one address gets a bounded number of tries', () => {
  it('wrong codes at registration, the reset and scrm/only/register run no password hashing', async () => {
    const IP = '10.33.0.1';
    await registerAccount(t, { uName: 'hashless1', mobile: '13330000001', password: 'abc123' }, IP);
    passwordWork.runs = 0;
    await post(t, 'memberShip/register', registerForm('13330000002', '000000', 'hashless2'), { ip: IP });
    await post(t, 'memberShip/postModifyPwd', { phone: '13330000001', yzm: '000000', pwd: 'newpass9' }, { ip: IP });
    await post(
      t,
      'scrm/only/register',
      { OpenId: 'wx-hash-1', uName: 'hashless1', mobile: '13330000001', code: '000000', password: 'abc123', checkPass: 'abc123' },
      { ip: IP },
    );
    expect(passwordWork.runs).toBe(0);
  });

  it(`answers 429 after ${ACCOUNT_LIMITS.perIp.count} tries from one address in ${ACCOUNT_LIMITS.perIp.windowMs / 60_000} minutes; another address goes on`, async () => {
    const IP = '10.33.1.1';
    const tries = [
      (i: number) => post(t, 'memberShip/register', registerForm(`1334000${String(i).padStart(4, '0')}`, '000000', `limited${i}`), { ip: IP }),
      (i: number) => post(t, 'memberShip/postModifyPwd', { phone: `1334100${String(i).padStart(4, '0')}`, yzm: '000000', pwd: 'newpass9' }, { ip: IP }),
      (i: number) =>
        post(
          t,
          'scrm/only/register',
          {
            OpenId: `wx-lim-${i}`,
            uName: `limitwx${i}`,
            mobile: `1334200${String(i).padStart(4, '0')}`,
            code: '000000',
            password: 'abc123',
            checkPass: 'abc123',
          },
          { ip: IP },
        ),
    ];
    for (let i = 0; i < ACCOUNT_LIMITS.perIp.count; i++) {
      const res = await tries[i % 3]?.(i);
      expect(res?.statusCode, res?.body).toBe(400);
    }
    for (const attempt of tries) {
      const res = await attempt(99);
      expect(answer(res)).toEqual([429, { code: 'ALL_0012', msg: '操作过于频繁，请稍后再试' }]);
    }
    const elsewhere = await post(t, 'memberShip/register', registerForm('13343000001', '000000', 'limitok1'), { ip: '10.33.1.2' });
    expect(elsewhere.json()).toEqual({ code: 'ALL_0001', msg: '短信验证码已失效，请重新获取' });
  });

  it(`hashes at most ${PASSWORD_CONCURRENCY} password(s) at a time, however many sign-ins arrive together`, async () => {
    passwordWork.peak = 0;
    const runsBefore = passwordWork.runs;
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) => post(t, 'memberShip/postLogin', { name: `nobody${i}x`, pwd: 'abc12345' }, { ip: `10.33.2.${i + 1}` })),
    );
    expect(burst.every((r) => r.json().code === 'ALL_0020')).toBe(true);
    expect(passwordWork.runs - runsBefore).toBeGreaterThanOrEqual(16);
    expect(passwordWork.peak).toBeLessThanOrEqual(PASSWORD_CONCURRENCY);
  });
});
