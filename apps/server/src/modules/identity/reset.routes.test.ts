import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { ageSms, captcha, cookieOf, lastSmsCode, post, registerAccount, smsCount } from '../../test/identity';

let t: TestApp;
const IP = '10.4.0.1';
let session = '';
beforeAll(async () => {
  t = await buildTestApp();
  session = await registerAccount(t, { uName: 'resetuser1', mobile: '13500135000', password: 'abc123' }, IP);
  await ageSms(t, 61);
});
afterAll(() => t.close());

async function sendResetSms(phone: string) {
  const c = await captcha(t, IP);
  return post(t, 'memberShip/sendSmsPwd', { phone, code: c.text, imageCodeKey: c.uuid }, { ip: IP });
}

describe('password reset', () => {
  it('answers alike for an unknown phone but sends nothing', async () => {
    const res = await sendResetSms('13500135999');
    expect(res.json()).toMatchObject({ code: 200, msg: '验证码已发送，请注意查收' });
    expect(await smsCount(t, '13500135999')).toBe(0);
  });

  it('checks the new password rule', async () => {
    const res = await post(t, 'memberShip/ChangePassWord', { phone: '13500135000', yzm: '123456', pwd: 'abcdefg' });
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: '数字、字母、字符至少包含其中两种' });
    expect((await post(t, 'memberShip/GetPassWord', { phone: '13500135000', yzm: '', pwd: 'abc123' })).json().msg).toBe('请输入短信验证码');
  });

  it('resets with the SMS code, ends every session, and only the new password works', async () => {
    await sendResetSms('13500135000');
    const yzm = (await lastSmsCode(t, '13500135000')) ?? '';
    const res = await post(t, 'memberShip/postModifyPwd', { phone: '13500135000', yzm, pwd: 'newpass9' });
    expect(res.json()).toMatchObject({ code: 200, msg: '重置密码成功' });

    const old = await post(t, 'memberShip/isLoginState', {}, { cookies: { myToken: session } });
    expect(old.json().code).toBe('ALL_0024');
    expect((await post(t, 'memberShip/postLogin', { name: 'resetuser1', pwd: 'abc123' }, { ip: IP })).json().code).toBe('ALL_0020');
    const fresh = await post(t, 'memberShip/postLogin', { name: 'resetuser1', pwd: 'newpass9' }, { ip: IP });
    expect(fresh.json().code).toBe(200);
    expect(cookieOf(fresh, 'myToken')?.value).toBeTruthy();
  });

  it('a reset code cannot be used twice', async () => {
    await ageSms(t, 61);
    await sendResetSms('13500135000');
    const yzm = (await lastSmsCode(t, '13500135000')) ?? '';
    expect((await post(t, 'memberShip/postModifyPwd', { phone: '13500135000', yzm, pwd: 'other123' })).json().code).toBe(200);
    expect((await post(t, 'memberShip/postModifyPwd', { phone: '13500135000', yzm, pwd: 'again123' })).json().msg).toBe('短信验证码已失效，请重新获取');
  });
});
