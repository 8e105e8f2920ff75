import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { ageSms, captcha, get, lastSmsCode, post, registerAccount, registerForm, smsCount } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function sendRegisterSms(phone: string, ip = '10.2.0.1') {
  const c = await captcha(t, ip);
  return post(t, 'memberShip/sendSms', { phone, code: c.text, imageCodeKey: c.uuid }, { ip });
}

describe('sending a code', () => {
  it('needs the phone and the image code first, with the spec messages', async () => {
    expect((await post(t, 'memberShip/sendSms', { phone: '', code: 'ab12' })).json().msg).toBe('请输入手机号');
    expect((await post(t, 'memberShip/sendSms', { phone: '12345678901', code: 'ab12' })).json().msg).toBe('请输入正确的手机号');
    expect((await post(t, 'memberShip/sendSms', { phone: '13800000000', code: '' })).json().msg).toBe('请输入图片验证码');
    expect((await post(t, 'memberShip/sendVerifyCode', { phone: '13800000000', code: '' })).json().msg).toBe('请先输入图形验证码');
  });

  it('sends 6 random digits with the platform signature', async () => {
    const res = await sendRegisterSms('13900000001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '验证码已发送，请注意查收', data: null });
    const out = await t.app.inject({ method: 'GET', url: '/apiHome/dev/outbox?to=13900000001' });
    const row = out.json().rows[0];
    expect(row.code).toMatch(/^\d{6}$/);
    expect(row.body).toMatch(/^【数据API市场】您正在注册数据API市场账号，验证码\d{6}，10分钟内有效/);
  });

  it('waits 60 s between codes for one phone', async () => {
    await sendRegisterSms('13900000002');
    const again = await sendRegisterSms('13900000002');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ code: 'ALL_0012', msg: '验证码发送过于频繁，请60秒后再试' });
    await ageSms(t, 61);
    expect((await sendRegisterSms('13900000002')).statusCode).toBe(200);
  });

  it('allows 5 per phone in 10 minutes, then ALL_0028 for 10 minutes', async () => {
    const phone = '13900000003';
    for (let i = 0; i < 5; i++) {
      expect((await sendRegisterSms(phone)).statusCode).toBe(200);
      await ageSms(t, 61);
    }
    const sixth = await sendRegisterSms(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'ALL_0028', msg: '获取验证码次数频繁，请10分钟后再试' });
    await ageSms(t, 61);
    expect((await sendRegisterSms(phone)).json().code).toBe('ALL_0028');
    expect(await smsCount(t, phone)).toBe(5);
  });

  it('caps codes per IP per day', async () => {
    const ip = '10.2.9.9';
    let last = 200;
    for (let i = 0; i < 51 && last === 200; i++) {
      last = (await sendRegisterSms(`1350000${String(i).padStart(4, '0')}`, ip)).statusCode;
    }
    const res = await sendRegisterSms('13511112222', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe('今日获取验证码次数已达上限，请明天再试');
  });

  it('answers a phone that already has an account alike; registering with its code then says so', async () => {
    await registerAccount(t, { uName: 'smsowner1', mobile: '13900000010', password: 'abc123' });
    await ageSms(t, 61);
    const res = await sendRegisterSms('13900000010');
    expect(res.json()).toEqual({ code: 200, msg: '验证码已发送，请注意查收', data: null });
    const code = (await lastSmsCode(t, '13900000010')) ?? '';
    const reg = await post(t, 'memberShip/register', {
      contacter: '王五',
      uName: 'smsowner2',
      password: 'abc123',
      checkPass: 'abc123',
      mobile: '13900000010',
      code,
      imgCode: 'ab12',
    });
    expect(reg.statusCode).toBe(409);
    expect(reg.json().msg).toBe('该手机号已注册，请直接登录或找回密码');
  });

  it('the dialog flavour (api/sms/send) takes the captcha uuid in the query', async () => {
    const c = await captcha(t);
    const res = await get(t, 'api/sms/send', { captcha: c.text, phone: '13900000020', uuid: c.uuid });
    expect(res.json().msg).toBe('验证码已发送，请注意查收');
    expect(await lastSmsCode(t, '13900000020')).toMatch(/^\d{6}$/);
  });
});

describe('checking a code (through registration)', () => {
  /** Sends a registration code to the phone and answers it. */
  const sentCode = async (phone: string) => {
    await sendRegisterSms(phone);
    return (await lastSmsCode(t, phone)) ?? '';
  };
  const register = (phone: string, code: string, uName: string) => post(t, 'memberShip/register', registerForm(phone, code, uName));

  it('five wrong tries burn the code: the sixth, even right, finds it gone', async () => {
    const phone = '13900000030';
    const right = await sentCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await register(phone, wrong, 'burnuser1');
      expect(res.json().msg).toBe('短信验证码错误');
    }
    const sixth = await register(phone, right, 'burnuser1');
    expect(sixth.json().msg).toBe('短信验证码已失效，请重新获取');
  });

  it('an expired code is refused', async () => {
    const phone = '13900000031';
    const code = await sentCode(phone);
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update sms_codes set expires_at = now() - interval '1 second' where phone = ${phone}`);
    const res = await register(phone, code, 'expiruser1');
    expect(res.json().msg).toBe('短信验证码已失效，请重新获取');
  });

  it('a used code cannot be used again', async () => {
    const phone = '13900000032';
    const code = await sentCode(phone);
    expect((await register(phone, code, 'onceuser1')).json().msg).toBe('注册成功');
    const again = await register(phone, code, 'onceuser2');
    expect(again.json().msg).toBe('短信验证码已失效，请重新获取'); // the code is checked first
  });
});
