import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRequests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const VALID = {
  companyName: '某某数据科技有限公司',
  contactName: '王经理',
  phone: '13800138000',
  industry: '金融科技',
  content: '希望评估我们调用人脸与银行卡接口的授权流程是否合规。',
  consent: 'true',
};
const OK = { code: 200, msg: '提交成功，我们的数据合规顾问将在1个工作日内与您联系', data: null };

async function rowsFrom(ip: string) {
  const rows = await t.database.db.select().from(auditRequests);
  return rows.filter((r) => r.ip === ip);
}

describe('POST dataApi/audit/industry', () => {
  it('answers the five industries and 其他', async () => {
    const res = await post(t, 'dataApi/audit/industry', {});
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: ['互联网', '保险', '交通物流', '金融科技', '数字政府', '其他'] });
  });
});

describe('POST dataApi/audit/commit', () => {
  it('checks every field with its exact message', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ companyName: '' }, '请输入公司名称'],
      [{ companyName: '   ' }, '请输入公司名称'],
      [{ companyName: '公'.repeat(101) }, '长度不能超过100个字符'],
      [{ contactName: '' }, '请输入联系人姓名'],
      [{ contactName: '名'.repeat(33) }, '长度不能超过32个字符'],
      [{ phone: '' }, '请输入手机号码'],
      [{ phone: '12345678901' }, '请输入正确的手机号码'],
      [{ phone: '1380013800' }, '请输入正确的手机号码'],
      [{ industry: '' }, '请选择所属行业'],
      [{ industry: '餐饮' }, '请选择所属行业'],
      [{ industry: "' or 1=1 --" }, '请选择所属行业'],
      [{ content: '字'.repeat(501) }, '需求描述不能超过500个字'],
    ];
    for (const [change, msg] of cases) {
      const res = await post(t, 'dataApi/audit/commit', { ...VALID, ...change }, { ip: '10.9.0.1' });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ code: 'ALL_0001', msg });
    }
    // A missing field reads the same as an empty one.
    const { companyName: _, ...noCompany } = VALID;
    expect((await post(t, 'dataApi/audit/commit', noCompany, { ip: '10.9.0.1' })).json().msg).toBe('请输入公司名称');
    const { industry: __, ...noIndustry } = VALID;
    expect((await post(t, 'dataApi/audit/commit', noIndustry, { ip: '10.9.0.1' })).json().msg).toBe('请选择所属行业');
    expect(await rowsFrom('10.9.0.1')).toEqual([]);
  });

  it('stores the request with the caller’s address for sales', async () => {
    const res = await post(t, 'dataApi/audit/commit', { ...VALID, companyName: '  某某数据科技有限公司 ', industry: '其他' }, { ip: '10.9.0.2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    const [row] = await rowsFrom('10.9.0.2');
    expect(row).toMatchObject({
      companyName: '某某数据科技有限公司',
      contactName: VALID.contactName,
      phone: VALID.phone,
      industry: '其他',
      content: VALID.content,
      ip: '10.9.0.2',
      state: 'new',
    });
    expect(row?.consentedAt).toBeInstanceOf(Date);
  });

  it('refuses a request without the privacy tick (PIPL art. 14), whatever the page did', async () => {
    const { consent: _, ...noConsent } = VALID;
    for (const body of [noConsent, { ...VALID, consent: 'false' }]) {
      const res = await post(t, 'dataApi/audit/commit', body, { ip: '10.9.0.5' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'ALL_0001', msg: '请阅读并勾选同意《隐私政策》' });
    }
    expect(await rowsFrom('10.9.0.5')).toEqual([]);
  });

  it('the description is optional and may be exactly 500 characters', async () => {
    const { content: _, ...noContent } = VALID;
    expect((await post(t, 'dataApi/audit/commit', noContent, { ip: '10.9.0.3' })).json()).toEqual(OK);
    expect((await post(t, 'dataApi/audit/commit', { ...VALID, content: '字'.repeat(500) }, { ip: '10.9.0.3' })).json()).toEqual(OK);
    const rows = await rowsFrom('10.9.0.3');
    expect(rows.map((r) => r.content.length).sort((a, b) => a - b)).toEqual([0, 500]);
  });

  it('stores hostile text as text', async () => {
    const content = "<script>alert(1)</script>' or 1=1 --";
    expect((await post(t, 'dataApi/audit/commit', { ...VALID, content }, { ip: '10.9.0.4' })).json()).toEqual(OK);
    expect((await rowsFrom('10.9.0.4'))[0]?.content).toBe(content);
  });

  it('takes five requests per address an hour; the sixth is 429', async () => {
    const ip = '10.9.1.1';
    // Refused forms do not use up the allowance.
    for (let i = 0; i < 3; i++) expect((await post(t, 'dataApi/audit/commit', { ...VALID, phone: '' }, { ip })).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post(t, 'dataApi/audit/commit', VALID, { ip })).json()).toEqual(OK);
    const sixth = await post(t, 'dataApi/audit/commit', VALID, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'ALL_0012', msg: '提交过于频繁，请稍后再试' });
    expect((await rowsFrom(ip)).length).toBe(5);
    // Another address is unaffected; after the hour the first may ask again.
    expect((await post(t, 'dataApi/audit/commit', VALID, { ip: '10.9.1.2' })).statusCode).toBe(200);
    await t.database.db.execute(sql`update throttles set window_start = window_start - interval '61 minutes' where key = ${`audit:ip:${ip}`}`);
    expect((await post(t, 'dataApi/audit/commit', VALID, { ip })).statusCode).toBe(200);
  });

  it('a request with the session cookie but no XHR header is refused as CSRF', async () => {
    const res = await post(t, 'dataApi/audit/commit', VALID, { ip: '10.9.2.1', cookies: { myToken: 'x' }, apiClient: true });
    expect(res.statusCode).toBe(403);
    expect(await rowsFrom('10.9.2.1')).toEqual([]);
  });
});
