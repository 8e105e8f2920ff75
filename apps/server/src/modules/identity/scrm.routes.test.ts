import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { ageSms, captcha, get, lastSmsCode, post, registerAccount } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function code(phone: string, openId: string) {
  await ageSms(t, 61);
  const c = await captcha(t);
  await post(t, 'memberShip/sendSms', { phone, code: c.text, imageCodeKey: c.uuid, openId });
  return (await lastSmsCode(t, phone)) ?? '';
}

describe('scrm/only', () => {
  it('searchStatus answers a status and a plain message, never a stack trace', async () => {
    const res = await get(t, 'scrm/only/searchStatus', { openId: 'wx-unknown-1' });
    expect(res.json()).toEqual({ code: 200, msg: '该微信尚未绑定账号', data: { status: 'unbound', loginName: null } });
    const missing = await post(t, 'scrm/only/searchStatus', {});
    expect(missing.json()).toEqual({ code: 'ALL_0001', msg: '缺少微信授权信息，请重新扫码' });
  });

  it('register binds the openId to a new account', async () => {
    const sms = await code('13300133001', 'wx-new-1');
    const res = await post(t, 'scrm/only/register', {
      OpenId: 'wx-new-1',
      contacter: '赵六',
      uName: 'wxuser01',
      mobile: '13300133001',
      code: sms,
      password: 'abc123',
      checkPass: 'abc123',
    });
    expect(res.json()).toMatchObject({ code: 200, msg: '微信绑定成功', data: { loginName: 'wxuser01' } });
    const state = await get(t, 'scrm/only/searchStatus', { openId: 'wx-new-1' });
    expect(state.json().data).toEqual({ status: 'bound', loginName: 'wxuser01' });
  });

  it('register binds the openId to an existing account when its password and phone match', async () => {
    await registerAccount(t, { uName: 'oldcust01', mobile: '13300133002', password: 'abc123' });
    const bind = (code: string, password: string) =>
      post(t, 'scrm/only/register', { OpenId: 'wx-old-1', uName: 'oldcust01', mobile: '13300133002', code, password, checkPass: password });
    // The SMS code comes first: without one, the password is not even looked at.
    const noCode = await bind('123456', 'zzz999');
    expect(noCode.json()).toEqual({ code: 'ALL_0001', msg: '短信验证码已失效，请重新获取' });
    const wrong = await bind(await code('13300133002', 'wx-old-1'), 'zzz999');
    expect(wrong.json()).toEqual({ code: 'ALL_0020', msg: '账号或密码错误' });
    const sms = await code('13300133002', 'wx-old-1');
    const res = await bind(sms, 'abc123');
    expect(res.json().data.loginName).toBe('oldcust01');
    const again = await bind(sms, 'abc123');
    expect(again.json()).toEqual({ code: 'ALL_0013', msg: '该微信已绑定其他账号' });
  });
});
