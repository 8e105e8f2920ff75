import { computeSign, decryptField, encryptField } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { buildRequest, readCookie, type WireEnv } from './build';

const env: WireEnv = { signSecret: 'sign-secret', aesSecret: 'aes-secret', token: '', tourisToken: 't123', isLogin: false, now: 1_763_700_000_000 };

describe('buildRequest', () => {
  it('POSTs form-urlencoded with the convention fields by default', () => {
    const { url, init } = buildRequest('memberShip/postLogin', { data: { name: '张三' } }, env);
    expect(url).toBe('/apiHome/memberShip/postLogin');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    const body = new URLSearchParams(String(init.body));
    expect(body.get('name')).toBe('张三');
    expect(body.get('cdpDate')).toBe(String(env.now));
    expect(body.get('tourisToken')).toBe('t123');
    expect(body.get('isLogin')).toBe('0');
    expect(body.get('token')).toBe('');
    expect(body.get('sign')).toBe(computeSign('', env.now, 'sign-secret'));
  });

  it('GET puts everything in the query string', () => {
    const { url, init } = buildRequest('api/interface/search', { method: 'GET', data: { interfaceName: 'OCR', pageNum: 1, isHot: undefined } }, env);
    const q = new URL(url, 'http://x').searchParams;
    expect(q.get('interfaceName')).toBe('OCR');
    expect(q.get('pageNum')).toBe('1');
    expect(q.has('isHot')).toBe(false);
    expect(q.get('sign')).toMatch(/^[0-9a-f]{32}$/);
    expect(init.body).toBeUndefined();
  });

  it('JSON calls send a JSON body', () => {
    const { init } = buildRequest('api/leaveCustomerInfo/send', { as: 'json', data: { phone: '13800138000' } }, env);
    expect(JSON.parse(String(init.body))).toMatchObject({ phone: '13800138000', cdpDate: String(env.now) });
  });

  it('multipart calls carry the conventions in the query and the fields in the form', () => {
    const { url, init } = buildRequest('api/fee/sendEmail', { as: 'multipart', data: { email: 'a@b.cn' } }, env);
    expect(new URL(url, 'http://x').searchParams.get('sign')).toMatch(/^[0-9a-f]{32}$/);
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('email')).toBe('a@b.cn');
  });

  it('encrypt=1 seals every field but the conventions', () => {
    const seal = (v: string) => encryptField(v, 'aes-secret');
    const { init } = buildRequest('memberShip/postLogin', { encrypt: true, data: { name: 'abc123', pwd: 'p@ss12' } }, env, seal);
    const body = new URLSearchParams(String(init.body));
    expect(body.get('encrypt')).toBe('1');
    expect(body.get('pwd')).not.toBe('p@ss12');
    expect(decryptField(body.get('pwd') ?? '', 'aes-secret')).toBe('p@ss12');
    expect(body.get('cdpDate')).toBe(String(env.now));
  });

  it('refuses to send an encrypted call without the cipher rather than send it in clear', () => {
    expect(() => buildRequest('myAccount/getChild', { encrypt: true }, env)).toThrow(/needs the seal function/);
  });
});

describe('readCookie', () => {
  it('finds a cookie by name', () => {
    expect(readCookie('a=1; tourisToken=t%20x; membershipId=100001', 'tourisToken')).toBe('t x');
    expect(readCookie('a=1', 'membershipId')).toBe('');
  });
});
