import { encryptPayload } from '@apimarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, form, signed } from '../../test/harness';
import { buildTestApp, type TestApp } from '../../test/harness';
import { captcha, cookieOf, lastSmsCode, post, registerAccount } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const valid = { contacter: '王五', uName: 'wangwu01', password: 'abc123', checkPass: 'abc123', mobile: '13600000001', code: '123456', imgCode: 'ab12' };

describe('login/existMName', () => {
  it('says a free name is free and a taken one is taken (case-insensitive)', async () => {
    const free = await post(t, 'login/existMName', { mName: 'freename1' });
    expect(free.json()).toMatchObject({ code: 200, msg: '该用户名可以使用' });
    await registerAccount(t, { uName: 'TakenName1', mobile: '13600000099', password: 'abc123' });
    const taken = await post(t, 'login/existMName', { mName: 'takenname1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'ALL_0013', msg: '该用户名已被注册' });
  });

  it('checks the username rule first', async () => {
    expect((await post(t, 'login/existMName', { mName: '1abc' })).json().msg).toBe('用户名请输入6-12位英文开头的英文和数字组合');
  });
});

describe('memberShip/register', () => {
  it.each([
    [{ uName: 'ab' }, '用户名请输入6-12位英文开头的英文和数字组合'],
    [{ password: '', checkPass: '' }, '请输入密码'],
    [{ password: 'ab1', checkPass: 'ab1' }, '密码长度需要在6-12位数'],
    [{ password: 'abcdefg', checkPass: 'abcdefg' }, '数字、字母、字符至少包含其中两种'],
    [{ checkPass: '' }, '请再次输入密码'],
    [{ checkPass: 'abc124' }, '两次输入密码不一致!'],
    [{ mobile: '' }, '请输入手机号'],
    [{ mobile: '23600000001' }, '请输入正确的手机号'],
    [{ code: '' }, '请输入短信验证码'],
    [{ code: '1234567' }, '请输入短信验证码'],
    [{ imgCode: '' }, '请输入图片验证码'],
    [{ contacter: 'x'.repeat(33) }, '长度不能超过32个字符'],
  ])('rejects %j with its message', async (patch, msg) => {
    const res = await post(t, 'memberShip/register', { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ALL_0001', msg });
  });

  it('registers with the SMS code, signs in, and the name is then taken', async () => {
    const c = await captcha(t);
    await post(t, 'memberShip/sendSms', { phone: '13600000002', code: c.text, imageCodeKey: c.uuid });
    const code = (await lastSmsCode(t, '13600000002')) ?? '';
    const res = await post(t, 'memberShip/register', { ...valid, uName: 'newuser01', mobile: '13600000002', code, imgCode: c.text });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: '注册成功', data: { token: '', loginName: 'newuser01' } });
    const token = cookieOf(res, 'myToken');
    expect(token?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe('Lax');
    const state = await post(t, 'memberShip/isLoginState', {}, { cookies: { myToken: token?.value ?? '' } });
    expect(state.json().data).toMatchObject({ loginName: 'newuser01', unreadMsgNum: 0, parentNickname: '', companyInfoVisible: true });
    const again = await post(t, 'memberShip/register', { ...valid, uName: 'newuser01', mobile: '13600000003', code, imgCode: c.text });
    expect(again.json()).toEqual({ code: 'ALL_0013', msg: '该用户名已被注册' });
  });

  it('accepts the form encrypted (encrypt=1), as the page sends it', async () => {
    const c = await captcha(t);
    await post(t, 'memberShip/sendSms', { phone: '13600000004', code: c.text, imageCodeKey: c.uuid });
    const code = (await lastSmsCode(t, '13600000004')) ?? '';
    const fields = { ...valid, uName: 'cryptuser1', mobile: '13600000004', code, imgCode: c.text };
    const payload = encryptPayload(signed(t.config, fields), t.config.wire.aesSecret);
    const res = await t.app.inject({ method: 'POST', url: '/apiHome/memberShip/postRegisterUser', headers: FORM, payload: form(payload) });
    expect(res.json().msg).toBe('注册成功');
  });

  it('a wrong SMS code is refused and nothing is created', async () => {
    const c = await captcha(t);
    await post(t, 'memberShip/sendSms', { phone: '13600000005', code: c.text, imageCodeKey: c.uuid });
    const res = await post(t, 'memberShip/register', { ...valid, uName: 'wrongcode1', mobile: '13600000005', code: '000001' });
    expect(res.json().msg).toBe('短信验证码错误');
    expect((await post(t, 'login/existMName', { mName: 'wrongcode1' })).json().code).toBe(200);
  });
});
