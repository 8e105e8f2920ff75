import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outbox, pageViews } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/harness';
import { ageSms, captcha, get, lastSmsCode, post } from '../../test/identity';
import { retryLeadNotifications, sendDailyDigest } from './leads.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A code for a lead form, the way the nested captcha dialog gets one. */
async function leadCode(phone: string, ip = '10.7.0.1') {
  await ageSms(t, 61);
  const c = await captcha(t, ip);
  const res = await get(t, 'api/sms/send', { captcha: c.text, phone, uuid: c.uuid }, { ip });
  expect(res.json().msg).toBe('验证码已发送，请注意查收');
  return (await lastSmsCode(t, phone)) ?? '';
}

/** The privacy tick every lead form sends (PIPL art. 14). */
const agreed = { consent: 'true' };

const salesMails = () => t.database.db.select().from(outbox).where(sql`${outbox.recipient} = ${t.config.sales.email}`).orderBy(outbox.id);

describe('trial lead (api/leaveCustomerInfo/send, JSON)', () => {
  it('checks the rules with the form messages', async () => {
    expect((await post(t, 'api/leaveCustomerInfo/send', { phone: '', smsCode: '1' })).json().msg).toBe('请输入手机号码');
    expect((await post(t, 'api/leaveCustomerInfo/send', { phone: '123', smsCode: '1' })).json().msg).toBe('请输入正确的手机号码');
    expect((await post(t, 'api/leaveCustomerInfo/send', { phone: '13811110000', smsCode: '' })).json().msg).toBe('请输入短信验证码');
  });

  it('needs the SMS code sent to that phone', async () => {
    const res = await post(t, 'api/leaveCustomerInfo/send', { phone: '13811110001', smsCode: '123456', ...agreed });
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: '短信验证码已失效，请重新获取' });
  });

  it('stores the lead with its source, mails sales once, and answers the success message', async () => {
    const code = await leadCode('13811110002');
    const before = new Date();
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiHome/api/leaveCustomerInfo/send?utm_source=baidu',
      headers: { 'x-forwarded-for': '10.7.0.1', referer: 'https://www.baidu.com/s?wd=实名认证' },
      payload: {
        ...(await import('../../test/harness')).signed(t.config, {}),
        userName: '王经理',
        phone: '13811110002',
        interfaceName: '实名认证',
        smsCode: code,
        sourcePath: '/api/1882',
        utm_source: 'baidu',
        consent: true,
      },
    });
    expect(res.json()).toEqual({ code: 200, msg: '恭喜您成功领取1000+次免费API调用！平台将尽快与您联系', data: null });
    const [lead] = await t.database.db.select().from(leads).where(sql`${leads.phone} = '13811110002'`);
    expect(lead).toMatchObject({ kind: 'trial', userName: '王经理', interfaceName: '实名认证', sourcePath: '/api/1882', ip: '10.7.0.1', notifyState: 'sent' });
    expect(lead?.utm).toEqual({ utm_source: 'baidu' });
    expect(lead?.referrer).toContain('baidu.com');
    // When the visitor agreed to the privacy notice is kept with the lead, and told to sales.
    expect(lead?.consentedAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const mails = (await salesMails()).filter((m) => m.body.includes('13811110002'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('【新线索】免费试用 13811110002');
    expect(mails[0]?.body).toContain('来源页面：/api/1882');
    expect(mails[0]?.body).toContain('同意隐私政策：');
  });

  it('refuses a lead without the privacy tick, whatever the page did, before the code is spent', async () => {
    const code = await leadCode('13811110005');
    for (const consent of [undefined, 'false', '', '0']) {
      const res = await post(
        t,
        'api/leaveCustomerInfo/send',
        { phone: '13811110005', smsCode: code, ...(consent === undefined ? {} : { consent }) },
        { ip: '10.7.0.1' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'ALL_0001', msg: '请阅读并勾选同意《隐私政策》' });
    }
    expect(await t.database.db.select().from(leads).where(sql`${leads.phone} = '13811110005'`)).toEqual([]);
    // The code was not spent: with the tick the same code goes through.
    expect((await post(t, 'api/leaveCustomerInfo/send', { phone: '13811110005', smsCode: code, ...agreed }, { ip: '10.7.0.1' })).json().code).toBe(200);
  });

  it('the same phone within 24 hours updates its lead instead of making a second', async () => {
    const code = await leadCode('13811110002');
    await post(t, 'api/leaveCustomerInfo/send', { phone: '13811110002', smsCode: code, interfaceName: '银行卡四要素', ...agreed }, { ip: '10.7.0.1' });
    const rows = await t.database.db.select().from(leads).where(sql`${leads.phone} = '13811110002'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ repeats: 1, interfaceName: '银行卡四要素', userName: '王经理' });
    expect((await salesMails()).filter((m) => m.body.includes('13811110002'))).toHaveLength(1);
  });
});

describe('consultation lead (api/sms/custom/emailSend)', () => {
  it('checks company, contact, contact method and code, then stores a consult lead', async () => {
    const bad = await post(t, 'api/sms/custom/emailSend', { companyName: '', contactName: '', contactMethod: '', code: '' });
    expect(bad.json().msg).toBe('请输入公司名称');
    const code = await leadCode('13811110003');
    const noTick = await post(
      t,
      'api/sms/custom/emailSend',
      { companyName: '示例数据科技有限公司', contactName: '李四', contactMethod: '13811110003', code },
      { ip: '10.7.0.1' },
    );
    expect(noTick.json().msg).toBe('请阅读并勾选同意《隐私政策》');
    const res = await post(
      t,
      'api/sms/custom/emailSend',
      { companyName: '示例数据科技有限公司', contactName: '李四', contactMethod: '13811110003', code, sourcePath: '/dataIntoTable/ability/cms', ...agreed },
      { ip: '10.7.0.1' },
    );
    expect(res.json().msg).toBe('数据资产入表咨询合作成功！工作人员将尽快与您联系');
    const [lead] = await t.database.db.select().from(leads).where(sql`${leads.phone} = '13811110003'`);
    expect(lead).toMatchObject({ kind: 'consult', companyName: '示例数据科技有限公司', userName: '李四' });
    expect(lead?.consentedAt).toBeInstanceOf(Date);
  });

  it('answers in the words of the page the consultation came from (spec 01 §2.4, §8)', async () => {
    const cases: Array<[phone: string, sourcePath: string, msg: string, subject: string]> = [
      ['13811110010', '/deepSeek', 'AI大模型专属方案咨询提交成功！方案顾问将尽快与您联系', 'AI大模型方案咨询'],
      ['13811110011', '/solutionPlan/financial', '行业方案咨询提交成功！方案顾问将尽快与您联系', '行业方案咨询'],
      ['13811110012', '/aboutUs/contactUs', '咨询提交成功！客户经理将尽快与您联系', '商务咨询'],
      ['13811110013', '/dataIntoTable', '数据资产入表咨询合作成功！工作人员将尽快与您联系', '数据资产入表咨询'],
    ];
    for (const [phone, sourcePath, msg, subject] of cases) {
      const code = await leadCode(phone, '10.7.0.2');
      const res = await post(
        t,
        'api/sms/custom/emailSend',
        { companyName: '示例智能科技有限公司', contactName: '孙八', contactMethod: phone, code, sourcePath, ...agreed },
        { ip: '10.7.0.2' },
      );
      expect(res.json(), sourcePath).toEqual({ code: 200, msg, data: null });
      // Sales can tell an AI-plan request from a data-asset one.
      expect(
        (await salesMails()).some((m) => m.subject === `【新线索】${subject} ${phone}`),
        sourcePath,
      ).toBe(true);
    }
  });
});

describe('quote lead (api/leaveCustomerInfo/sendCustomerInfoEmail)', () => {
  it('takes a mobile or landline up to 14 characters and a name', async () => {
    expect((await post(t, 'api/leaveCustomerInfo/sendCustomerInfoEmail', { phoneNumber: '010-123456789012', userName: '赵' })).json().msg).toBe(
      '联系电话不能超过14位',
    );
    expect((await post(t, 'api/leaveCustomerInfo/sendCustomerInfoEmail', { phoneNumber: '010-88886666', userName: '' })).json().msg).toBe('请输入您的姓名');
    // Form-encoded: the tick arrives as text.
    const noTick = await post(t, 'api/leaveCustomerInfo/sendCustomerInfoEmail', { phoneNumber: '010-88886666', userName: '赵六' }, { ip: '10.7.0.9' });
    expect(noTick.json().msg).toBe('请阅读并勾选同意《隐私政策》');
    const res = await post(
      t,
      'api/leaveCustomerInfo/sendCustomerInfoEmail',
      { phoneNumber: '010-88886666', userName: '赵六', consent: 'true' },
      { ip: '10.7.0.9' },
    );
    expect(res.json().msg).toBe('提交成功，我们的顾问将尽快与您联系');
  });
});

describe('abuse', () => {
  it('a scripted run of 1 000 submissions from one IP makes a bounded number of leads and SMS', async () => {
    const ip = '10.66.0.1';
    const before = (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(leads))[0]?.n ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const phone = `1390000${String(i).padStart(4, '0')}`;
      statuses.push(
        (await post(t, 'api/leaveCustomerInfo/sendCustomerInfoEmail', { phoneNumber: phone, userName: '脚本', consent: 'true' }, { ip })).statusCode,
      );
    }
    const after = (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(leads))[0]?.n ?? 0;
    expect(after - before).toBe(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(980);
    // SMS without a captcha is refused outright.
    const sms = await get(t, 'api/sms/send', { captcha: 'abcd', phone: '13900001111', uuid: 'nope' }, { ip });
    expect(sms.json().msg).toBe('图片验证码已失效，请点击图片刷新');
  });
});

describe('notifications', () => {
  it('a failed mail is retried from the stored lead', async () => {
    await t.database.db.execute(sql`update leads set notify_state = 'failed' where phone = '010-88886666'`);
    expect(await retryLeadNotifications({ db: t.database.db, notifier: t.notifier, salesEmail: t.config.sales.email, files: t.files })).toBeGreaterThanOrEqual(
      1,
    );
    const [lead] = await t.database.db.select().from(leads).where(sql`${leads.phone} = '010-88886666'`);
    expect(lead).toMatchObject({ notifyState: 'sent', notifyAttempts: 2 });
  });

  it('the daily digest goes out once per day', async () => {
    const day = (await t.database.db.execute(sql`select to_char((now() at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as d`)) as unknown as {
      rows: Array<{ d: string }>;
    };
    const today = day.rows[0]?.d ?? '';
    const ctx = { db: t.database.db, notifier: t.notifier, salesEmail: t.config.sales.email };
    expect(await sendDailyDigest(ctx, today)).toBe(true);
    expect(await sendDailyDigest(ctx, today)).toBe(false);
    const digest = (await salesMails()).find((m) => m.subject.startsWith(`【线索日报】${today}`));
    expect(digest?.body).toContain('免费试用');
  });
});

describe('page views (api/pv)', () => {
  it('counts views per path and day, without the query string', async () => {
    await post(t, 'api/pv', { path: '/api/1882' });
    await post(t, 'api/pv', { path: '/api/1882?from=home' });
    const rows = await t.database.db.select().from(pageViews).where(sql`${pageViews.path} = '/api/1882'`);
    expect(rows[0]?.views).toBe(2);
    expect((await post(t, 'api/pv', { path: 'https://evil.example/' })).json().msg).toBe('页面路径无效');
    // Protocol-relative addresses would become links to another site in the console's 页面访问.
    expect((await post(t, 'api/pv', { path: '//evil.example/x' })).json().msg).toBe('页面路径无效');
    expect((await post(t, 'api/pv', { path: '/\\evil.example/x' })).json().msg).toBe('页面路径无效');
  });
});
