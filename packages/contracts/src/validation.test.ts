import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BannerInput,
  checkField,
  CompanyName,
  ContactMethod,
  ContactName,
  Email,
  ImageCode,
  LeadPhone,
  LeadType0Input,
  LeadType1Input,
  LicencePlate,
  LoginCaptcha,
  LoginInput,
  LoginName,
  LoginPwd,
  Mobile,
  MSG,
  Password,
  PhoneVerifyCode,
  QuoteInput,
  QuotePhone,
  RegisterInput,
  ResetPasswordInput,
  SmsCode,
  Username,
} from './index';

// Each rule: values that pass, and values that fail with the exact message the user reads.
const cases: Array<[string, z.ZodType, unknown[], Array<[unknown, string]>]> = [
  [
    'login name',
    LoginName,
    ['admin01', '张三'],
    [
      ['', '请输入账号'],
      ['   ', '请输入账号'],
      [undefined, '请输入账号'],
    ],
  ],
  [
    'login pwd',
    LoginPwd,
    ['x', 'abc123'],
    [
      ['', '请输入密码'],
      [undefined, '请输入密码'],
    ],
  ],
  ['login captcha', LoginCaptcha, ['a1b2'], [['', '请输入验证码']]],
  ['phone verify code', PhoneVerifyCode, ['123456'], [['', '请输入手机验证码']]],
  [
    'register username',
    Username,
    ['abc123', 'Abcdefghijk1', 'zhangsan'],
    [
      ['', '用户名请输入6-12位英文开头的英文和数字组合'],
      ['1abcdef', '用户名请输入6-12位英文开头的英文和数字组合'],
      ['abc12', '用户名请输入6-12位英文开头的英文和数字组合'],
      ['abcdefghijklm', '用户名请输入6-12位英文开头的英文和数字组合'],
      ['abc_123', '用户名请输入6-12位英文开头的英文和数字组合'],
      ['张三abcdef', '用户名请输入6-12位英文开头的英文和数字组合'],
    ],
  ],
  [
    'password',
    Password,
    ['abc123', 'abc!@#', '123!@#', 'Abcdefghij12'],
    [
      ['', '请输入密码'],
      ['ab1', '密码长度需要在6-12位数'],
      ['abcdefghij123', '密码长度需要在6-12位数'],
      ['abcdefgh', '数字、字母、字符至少包含其中两种'],
      ['12345678', '数字、字母、字符至少包含其中两种'],
      ['!@#$%^&', '数字、字母、字符至少包含其中两种'],
    ],
  ],
  [
    'mobile',
    Mobile,
    ['13800138000', '19912345678'],
    [
      ['', '请输入手机号'],
      ['12800138000', '请输入正确的手机号'],
      ['1380013800', '请输入正确的手机号'],
      ['138001380001', '请输入正确的手机号'],
      ['1380013800a', '请输入正确的手机号'],
    ],
  ],
  [
    'sms code',
    SmsCode,
    ['123456', '1234'],
    [
      ['', '请输入短信验证码'],
      ['1234567', '请输入短信验证码'],
    ],
  ],
  ['image code', ImageCode, ['ab12'], [['', '请输入图片验证码']]],
  [
    'lead phone',
    LeadPhone,
    ['15012345678'],
    [
      ['', '请输入手机号码'],
      ['1501234567', '请输入正确的手机号码'],
    ],
  ],
  ['company name', CompanyName, ['杭州某某科技有限公司'], [['', '请输入公司名称']]],
  ['contact name', ContactName, ['李四'], [['', '请输入联系人姓名']]],
  [
    'contact method',
    ContactMethod,
    ['17712345678'],
    [
      ['', '请输入联系方式'],
      ['010-12345678', '请输入正确的手机号码'],
    ],
  ],
  [
    'quote phone',
    QuotePhone,
    ['13800138000', '010-88886666', '0571-8888666'],
    [
      ['', '请输入联系电话'],
      ['138001380001234', '联系电话不能超过14位'],
      ['12345', '请输入正确的联系电话'],
    ],
  ],
  [
    'email',
    Email,
    ['sales@example.cn', 'a.b@c.com.cn'],
    [
      ['', '请输入正确的邮箱地址'],
      ['a@b', '请输入正确的邮箱地址'],
      ['a b@c.cn', '请输入正确的邮箱地址'],
    ],
  ],
  [
    'licence plate',
    LicencePlate,
    ['京A12345', '浙AD12345', '粤B12345D', '沪AF1234'.replace('F1234', '12345'), '苏E1234学'],
    [
      ['', '请输入正确的车牌号'],
      ['A12345', '请输入正确的车牌号'],
      ['京I12345', '请输入正确的车牌号'],
      ['京A1234', '请输入正确的车牌号'],
    ],
  ],
];

describe('field rules', () => {
  for (const [name, schema, valid, invalid] of cases) {
    describe(name, () => {
      it.each(valid.map((v) => [v]))('accepts %j', (value) => {
        expect(checkField(schema, value)).toBeNull();
      });
      it.each(invalid)('rejects %j with its message', (value, message) => {
        expect(checkField(schema, value)).toBe(message);
      });
    });
  }
});

describe('forms', () => {
  it('login needs name and password; the captcha is optional until the server asks for it', () => {
    expect(LoginInput.safeParse({ name: 'abc123', pwd: 'abc123' }).success).toBe(true);
    const r = LoginInput.safeParse({ name: '', pwd: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['请输入账号', '请输入密码']);
  });

  const register = {
    contacter: '王五',
    uName: 'wangwu88',
    mobile: '13800138000',
    code: '123456',
    imgCode: 'ab12',
    password: 'abc123',
    checkPass: 'abc123',
  };

  it('register accepts a complete form', () => {
    expect(RegisterInput.safeParse(register).success).toBe(true);
  });

  it('register reports the repeat password on the checkPass field', () => {
    const missing = RegisterInput.safeParse({ ...register, checkPass: '' });
    expect(missing.error?.issues[0]).toMatchObject({ message: MSG.checkPassRequired, path: ['checkPass'] });
    const mismatch = RegisterInput.safeParse({ ...register, checkPass: 'abc124' });
    expect(mismatch.error?.issues[0]).toMatchObject({ message: '两次输入密码不一致!', path: ['checkPass'] });
  });

  it('password reset needs no username or contact name', () => {
    const { uName: _u, contacter: _c, ...reset } = register;
    expect(ResetPasswordInput.safeParse(reset).success).toBe(true);
  });

  it('lead type 0 needs phone and SMS code', () => {
    expect(LeadType0Input.safeParse({ phone: '13800138000', smsCode: '123456' }).success).toBe(true);
    const r = LeadType0Input.safeParse({ phone: '', smsCode: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['请输入手机号码', '请输入短信验证码']);
  });

  it('lead type 1 checks company, contact, contact method as phone, code', () => {
    const r = LeadType1Input.safeParse({ companyName: '', contactName: '', contactMethod: '123', code: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['请输入公司名称', '请输入联系人姓名', '请输入正确的手机号码', '请输入短信验证码']);
  });

  it('banner and quote forms', () => {
    expect(BannerInput.safeParse({ phone: '13800138000' }).success).toBe(true);
    expect(QuoteInput.safeParse({ phoneNumber: '13800138000', userName: '' }).error?.issues[0]?.message).toBe('请输入您的姓名');
  });

  it('rejects overlong free text with a length message', () => {
    expect(checkField(CompanyName, '公'.repeat(101))).toBe('长度不能超过100个字符');
  });
});
