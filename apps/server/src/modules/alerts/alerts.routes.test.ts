import { ALERT_MSG, MSG } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRules, callStats, purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { captcha, lastSmsCode, post } from '../../test/identity';
import { fixtures, ZHANG } from '../purchases/purchases.fixtures';
import { SMS_MSG } from '../identity/sms.service';
import { ALERT_SMS_PER_PHONE_DAY, evaluateAccount, settleAlerts } from './alerts.engine';

let t: TestApp;
const f = fixtures(() => t);
let ip = 0;

beforeAll(async () => {
  // A load run calls faster than the per-key rate the gateway allows by default.
  t = await buildTestApp({ env: { GATEWAY_RATE_PER_KEY: '100000' } });
});
afterAll(() => t.close());

const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, { cookies: a.cookies, ip: `10.91.${ip}.1` });

/** A fresh account with a 1882 purchase; answers it with the key. */
async function buyer(): Promise<{ a: TestAccount; key: string }> {
  ip += 1;
  const a = await qualifiedAccount(t, `10.91.${ip}.1`);
  await f.buy(a, 1882);
  return { a, key: (await f.purchase(a)).key };
}

/** A burst of gateway calls, then wait for the alert evaluation they caused. */
async function burst(key: string, n: number, fields: Record<string, string> = ZHANG) {
  for (let i = 0; i < n; i++) await f.gateway(key, fields);
  await settleAlerts();
}

const BAD_ID = { name: '张三', idcard: '110101199003074515' }; // checksum wrong: SYSTEM_042

let phoneSerial = 0;
const newPhone = () => `1370000${String(Date.now() % 1000).padStart(3, '0')}${++phoneSerial % 10}`.slice(0, 11);

/** A contact whose phone answered the SMS code (captcha → sendVerifyCode → addWarnContact). */
async function verifiedContact(a: TestAccount, name: string, email: string) {
  const phone = newPhone();
  const c = await captcha(t, `10.91.${ip}.1`);
  const sent = await as(a, 'myWarn/sendVerifyCode', { phone, captcha: c.text, uuid: c.uuid });
  expect(sent.json()).toMatchObject({ code: 200, msg: SMS_MSG.sent });
  const smsCode = (await lastSmsCode(t, phone)) ?? '';
  const added = await as(a, 'myWarn/addWarnContact', { name, phone, email, smsCode });
  expect(added.json()).toMatchObject({ code: 200, msg: ALERT_MSG.contactAdded, data: { verified: true } });
  return { phone, email };
}

async function outbox(to: string): Promise<Array<{ channel: string; body: string; subject: string }>> {
  return (await t.app.inject({ method: 'GET', url: `/apiHome/dev/outbox?to=${encodeURIComponent(to)}` })).json().rows;
}

async function firings(a: TestAccount) {
  return (await as(a, 'myWarn/warnRecordList', { pageSize: '100' })).json().rows as Array<{
    kind: string;
    text: string;
    deliveries: Array<{ channel: string; delivered: boolean; recipient: string }>;
  }>;
}

async function newsTitles(a: TestAccount): Promise<string[]> {
  return ((await as(a, 'UserCenter/userNews', { pageSize: '100' })).json().rows as Array<{ title: string }>).map((m) => m.title);
}

describe('remaining-calls alert', () => {
  it('fires once when a burst crosses it, tells verified contacts only, and again only after a new purchase reset it', async () => {
    const { a, key } = await buyer();
    const verified = await verifiedContact(a, '王运维', 'ops@example.com');
    const unverifiedPhone = newPhone();
    const added = await as(a, 'myWarn/addWarnContact', { name: '李未验', phone: unverifiedPhone, email: 'nobody@example.com' });
    expect(added.json()).toMatchObject({ msg: ALERT_MSG.contactAddedUnverified, data: { verified: false } });

    const left = (await f.purchase(a)).callsLeft;
    const saved = await as(a, 'myBuy/addearlywarning', { interfaceId: '1882', threshold: String(left - 5) });
    expect(saved.json()).toMatchObject({ code: 200, msg: ALERT_MSG.saved });
    await settleAlerts();
    expect(await firings(a)).toHaveLength(0);

    await burst(key, 12); // crossed at the 6th call; six more calls below it tell nobody again
    const [first, ...rest] = await firings(a);
    expect(rest).toHaveLength(0);
    expect(first?.kind).toBe('calls_left');
    expect(first?.text).toContain(`剩余调用次数为 ${left - 12} 次，已低于预警值 ${left - 5} 次`);

    const sms = await outbox(verified.phone);
    expect(sms.filter((m) => m.body.includes('剩余次数预警'))).toHaveLength(1);
    expect(sms.find((m) => m.body.includes('剩余次数预警'))?.body).toMatch(/^【数据API市场】剩余次数预警/);
    const mails = await outbox(verified.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('剩余次数预警');
    expect(await outbox(unverifiedPhone)).toHaveLength(0);
    expect(await outbox('nobody@example.com')).toHaveLength(0);
    expect(await newsTitles(a)).toContain('剩余次数预警');
    expect(first?.deliveries.map((d) => `${d.channel}:${d.delivered}`).sort()).toEqual(['email:true', 'message:true', 'sms:true']);

    expect((await as(a, 'myAccount/home/data')).json().data.openAlerts).toBe(1);
    const list = (await as(a, 'myBuy/earlywarnList')).json().rows;
    expect(list[0]).toMatchObject({ interfaceId: 1882, callsLeft: left - 12, rule: { threshold: left - 5, enabled: true, fired: true } });

    // A new package lifts the calls above the threshold: the rule resets.
    await f.buy(a, 1882);
    await settleAlerts();
    expect((await as(a, 'myBuy/earlywarnList')).json().rows[0].rule.fired).toBe(false);
    expect((await as(a, 'myAccount/home/data')).json().data.openAlerts).toBe(0);
    await burst(key, 3);
    expect(await firings(a)).toHaveLength(1);

    // Most of the package used meanwhile; the next burst crosses again and tells again, once.
    await t.database.db
      .update(purchases)
      .set({ callsLeft: left - 3 })
      .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, 1882)));
    await burst(key, 6);
    expect(await firings(a)).toHaveLength(2);
    expect((await outbox(verified.phone)).filter((m) => m.body.includes('剩余次数预警'))).toHaveLength(2);
  });

  it('fires once however many evaluations run at the same time', async () => {
    const { a, key } = await buyer();
    const left = (await f.purchase(a)).callsLeft;
    await as(a, 'myBuy/addearlywarning', { interfaceId: '1882', threshold: String(left - 1) });
    await settleAlerts();
    await f.gateway(key);
    await f.gateway(key);
    const told = await Promise.all(Array.from({ length: 6 }, () => evaluateAccount(t.database.db, t.notifier, t.app.log, a.memberId)));
    await settleAlerts();
    expect(told.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1);
    expect(await firings(a)).toHaveLength(1);
  });

  it('a rule turned off tells nothing', async () => {
    const { a, key } = await buyer();
    const left = (await f.purchase(a)).callsLeft;
    await as(a, 'myBuy/addearlywarning', { interfaceId: '1882', threshold: String(left - 1) });
    const id = (await as(a, 'myBuy/earlywarnList')).json().rows[0].rule.id;
    expect((await as(a, 'myBuy/editEarlywarnStatus', { id: String(id), status: '0' })).json().msg).toBe(ALERT_MSG.disabled);
    await burst(key, 4);
    expect(await firings(a)).toHaveLength(0);
  });
});

describe('calls-per-day alert', () => {
  it('fires once when today’s calls pass it and again on the next day', async () => {
    const { a, key } = await buyer();
    const contact = await verifiedContact(a, '赵值班', 'duty@example.com');
    expect((await as(a, 'myBuy/addDayInvokerAlarm', { interfaceId: '1882', threshold: '10' })).json().msg).toBe(ALERT_MSG.saved);
    await burst(key, 10);
    expect(await firings(a)).toHaveLength(0);
    await burst(key, 8);
    const rows = await firings(a);
    expect(rows).toHaveLength(1);
    // Judged once for the burst (debounced), with the count it found.
    expect(rows[0]?.text).toMatch(/今日调用量已达 1[1-8] 次，超过预警值 10 次/);
    const day = (await as(a, 'myBuy/dayInvokerAlarmList')).json().rows[0];
    expect(day).toMatchObject({ interfaceId: 1882, threshold: 10, todayCalls: 18, fired: true });

    // The China day turns: yesterday's calls and firing move back a day.
    await t.database.db
      .update(callStats)
      .set({ day: sql`${callStats.day} - 1` })
      .where(eq(callStats.memberId, a.memberId));
    await t.database.db
      .update(alertRules)
      .set({ firedDay: sql`${alertRules.firedDay} - 1` })
      .where(eq(alertRules.memberId, a.memberId));
    await burst(key, 11);
    expect(await firings(a)).toHaveLength(2);
    expect((await outbox(contact.phone)).filter((m) => m.body.includes('日调用量预警'))).toHaveLength(2);
    expect((await newsTitles(a)).filter((x) => x === '日调用量预警')).toHaveLength(2);
  });

  it('watches all interfaces together with interface 0', async () => {
    const { a, key } = await buyer();
    await as(a, 'myBuy/addDayInvokerAlarm', { interfaceId: '0', threshold: '3' });
    await burst(key, 5);
    const rows = (await as(a, 'myBuy/dayInvokerAlarmList')).json().rows;
    expect(rows[0]).toMatchObject({ interfaceId: 0, interfaceName: '全部接口', todayCalls: 5, fired: true });
    expect(await firings(a)).toHaveLength(1);
  });
});

describe('error-rate alert', () => {
  it('fires once when the chosen codes reach the rate in the window, resets below it, fires again', async () => {
    const { a, key } = await buyer();
    const codes = (await as(a, 'myWarn/getWarnErrcode', { interfaceId: '1882' })).json().rows.map((r: { code: string }) => r.code);
    expect(codes).toContain('10005');
    expect(codes).toContain('SYSTEM_011');
    expect(codes).not.toContain('10000');
    const saved = await as(a, 'myWarn/saveWarnInfo', { interfaceId: '1882', codes: 'SYSTEM_042', rate: '50', windowMinutes: '5' });
    expect(saved.json()).toMatchObject({ code: 200, data: { codes: ['SYSTEM_042'], threshold: 50, windowMinutes: 5, enabled: true } });

    await burst(key, 9, BAD_ID); // under the minimum of calls: no judgement yet
    expect(await firings(a)).toHaveLength(0);
    await burst(key, 6, BAD_ID);
    const rows = await firings(a);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toContain('错误率 100%，已达到预警值 50%');

    await burst(key, 30); // 15 of 45 failed: back under 50 %
    expect((await as(a, 'myWarn/queryWarnInfoById', { id: String(saved.json().data.id) })).json().data.fired).toBe(false);
    await burst(key, 40, BAD_ID); // 55 of 85
    expect(await firings(a)).toHaveLength(2);
  });
});

describe('a rule saved past its threshold', () => {
  // The page reads the rule and 预警记录 right after saving: both must already say the same thing.
  it('answers 已触发 and has its record and message in the very next read, before any delivery settles', async () => {
    ip += 1;
    const a = await qualifiedAccount(t, `10.91.${ip}.1`);
    await f.topUp(a, 10_000);
    const saved = await as(a, 'UserCenter/SaveMyAccountAlert', { amount: '500.00' });
    expect(saved.json()).toMatchObject({ code: 200, data: { rule: { thresholdFen: 50_000, enabled: true, fired: true }, balanceFen: 10_000 } });
    const rows = await firings(a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'balance', text: expect.stringContaining('余额预警') });
    expect(await newsTitles(a)).toContain('余额预警');

    const { a: b } = await buyer();
    const left = (await as(b, 'myBuy/earlywarnList')).json().rows[0].callsLeft as number;
    await as(b, 'myBuy/addearlywarning', { interfaceId: '1882', threshold: String(left + 1) });
    expect((await as(b, 'myBuy/earlywarnList')).json().rows[0].rule).toMatchObject({ enabled: true, fired: true });
    expect((await firings(b)).map((r) => r.kind)).toEqual(['calls_left']);
    await settleAlerts();
    expect(await firings(b)).toHaveLength(1);
  });

  it('a rule saved past its threshold again and again sends at most the day’s SMS to a phone, and records every firing', async () => {
    ip += 1;
    const a = await qualifiedAccount(t, `10.91.${ip}.1`);
    const { phone } = await verifiedContact(a, '值班', '');
    await f.topUp(a, 10_000);
    const saves = ALERT_SMS_PER_PHONE_DAY + 3;
    for (let i = 0; i < saves; i++) await as(a, 'UserCenter/SaveMyAccountAlert', { amount: i % 2 ? '500.00' : '600.00' });
    await settleAlerts();
    const alerts = (await outbox(phone)).filter((m) => m.channel === 'sms' && m.body.includes('余额预警'));
    expect(alerts).toHaveLength(ALERT_SMS_PER_PHONE_DAY);
    const rows = await firings(a);
    expect(rows).toHaveLength(saves);
    expect(rows.filter((r) => r.deliveries.some((d) => d.channel === 'sms' && d.delivered))).toHaveLength(ALERT_SMS_PER_PHONE_DAY);
  });

  it('a threshold saved on the safe side answers 监控中 with nothing recorded', async () => {
    ip += 1;
    const a = await qualifiedAccount(t, `10.91.${ip}.1`);
    await f.topUp(a, 100_000);
    const saved = await as(a, 'UserCenter/SaveMyAccountAlert', { amount: '500.00' });
    expect(saved.json().data.rule).toMatchObject({ enabled: true, fired: false });
    expect(await firings(a)).toEqual([]);
  });
});

describe('balance alert', () => {
  it('fires once when a payment takes the balance under it, resets on a top-up, fires on the next crossing', async () => {
    ip += 1;
    const a = await qualifiedAccount(t, `10.91.${ip}.1`);
    const contact = await verifiedContact(a, '钱财务', 'finance@example.com');
    const price = (await f.packages(1882))[0]?.priceFen ?? 0;
    await f.topUp(a, price * 2);
    const saved = await as(a, 'UserCenter/SaveMyAccountAlert', { amount: ((price * 1.5) / 100).toFixed(2) });
    expect(saved.json()).toMatchObject({ code: 200, data: { rule: { thresholdFen: price * 1.5, enabled: true, fired: false }, balanceFen: price * 2 } });

    await f.buy(a, 1882); // tops up one price, pays one: still 2 prices
    await settleAlerts();
    expect(await firings(a)).toHaveLength(0);

    // Paid from what was there: the balance falls to one price, under 1.5.
    const order = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String((await f.packages(1882))[0]?.id) })).json();
    await as(a, 'UserCenter/payment', { orderNo: order.data.orderNo });
    await settleAlerts();
    let rows = await firings(a);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind).toBe('balance');
    expect((await outbox(contact.phone)).filter((m) => m.body.includes('余额预警'))).toHaveLength(1);
    expect(await newsTitles(a)).toContain('余额预警');
    expect((await as(a, 'UserCenter/GetMyAccountAlert')).json().data.rule.fired).toBe(true);

    await f.topUp(a, price * 2); // 3 prices: safe side again
    await settleAlerts();
    expect((await as(a, 'UserCenter/GetMyAccountAlert')).json().data.rule.fired).toBe(false);
    const again = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String((await f.packages(1882))[0]?.id) })).json();
    await as(a, 'UserCenter/payment', { orderNo: again.data.orderNo }); // 2 prices: not under 1.5
    await settleAlerts();
    expect(await firings(a)).toHaveLength(1);
    const third = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String((await f.packages(1882))[0]?.id) })).json();
    await as(a, 'UserCenter/payment', { orderNo: third.data.orderNo }); // 1 price: crossed again
    await settleAlerts();
    rows = await firings(a);
    expect(rows).toHaveLength(2);
    expect((await outbox(contact.phone)).filter((m) => m.body.includes('余额预警'))).toHaveLength(2);
  });
});

describe('contacts and verification', () => {
  it('lists contacts masked with their state, honouring pageSize 9999', async () => {
    const { a } = await buyer();
    const v = await verifiedContact(a, '周一', 'one@example.com');
    await as(a, 'myWarn/addWarnContact', { name: '周二', phone: newPhone() });
    const res = (await as(a, 'myWarn/selectWarnContact', { pageIndex: '1', pageSize: '9999' })).json();
    expect(res.total).toBe(2);
    expect(res.rows).toHaveLength(2);
    expect(res.rows[0]).toMatchObject({ name: '周一', phone: `${v.phone.slice(0, 3)}****${v.phone.slice(7)}`, email: 'o***@example.com', verified: true });
    expect(res.rows[1]).toMatchObject({ name: '周二', verified: false, verifiedAt: null });
  });

  it('verifies a saved contact by its id, with the captcha and the SMS code', async () => {
    const { a } = await buyer();
    const phone = newPhone();
    const id = (await as(a, 'myWarn/addWarnContact', { name: '孙后补', phone })).json().data.id;
    const c = await captcha(t, `10.91.${ip}.1`);
    expect((await as(a, 'myWarn/sendVerifyCode', { id: String(id), captcha: c.text, uuid: c.uuid })).json().msg).toBe(SMS_MSG.sent);
    const wrong = await as(a, 'myWarn/verifyWarnContact', { id: String(id), smsCode: '000000' === (await lastSmsCode(t, phone)) ? '111111' : '000000' });
    expect(wrong.json().msg).toBe(SMS_MSG.wrong);
    const ok = await as(a, 'myWarn/verifyWarnContact', { id: String(id), smsCode: (await lastSmsCode(t, phone)) ?? '' });
    expect(ok.json()).toMatchObject({ code: 200, msg: ALERT_MSG.contactVerified, data: { verified: true } });
  });

  it('sendVerifyCode needs the image captcha and keeps 60 s between codes', async () => {
    const { a } = await buyer();
    const phone = newPhone();
    expect((await as(a, 'myWarn/sendVerifyCode', { phone })).json().msg).toBe(MSG.imageCode);
    const bad = await as(a, 'myWarn/sendVerifyCode', { phone, captcha: 'zzzz', uuid: (await captcha(t)).uuid });
    expect(bad.json().code).not.toBe(200);
    const c1 = await captcha(t);
    expect((await as(a, 'myWarn/sendVerifyCode', { phone, captcha: c1.text, uuid: c1.uuid })).json().code).toBe(200);
    const c2 = await captcha(t);
    const soon = await as(a, 'myWarn/sendVerifyCode', { phone, captcha: c2.text, uuid: c2.uuid });
    expect(soon.json()).toMatchObject({ code: 'ALL_0012', msg: SMS_MSG.tooSoon });
    expect((await outbox(phone)).length).toBe(1);
  });
});

describe('validation', () => {
  it('answers each rule’s own message', async () => {
    const { a } = await buyer();
    const msg = async (path: string, fields: Record<string, string>) => (await as(a, path, fields)).json().msg;
    expect(await msg('myWarn/addWarnContact', { name: '吴', phone: '12345678901' })).toBe(MSG.mobileInvalid);
    expect(await msg('myWarn/addWarnContact', { name: '', phone: '13800138000' })).toBe(ALERT_MSG.contactName);
    expect(await msg('myWarn/addWarnContact', { name: '吴', phone: '13800138000', email: 'x@' })).toBe(MSG.email);
    expect(await msg('UserCenter/SaveMyAccountAlert', { amount: 'abc' })).toBe(ALERT_MSG.balanceAmount);
    expect(await msg('UserCenter/SaveMyAccountAlert', { amount: '0' })).toBe(ALERT_MSG.balanceRange);
    expect(await msg('myBuy/addearlywarning', { interfaceId: '1882', threshold: '0' })).toBe(ALERT_MSG.calls);
    expect(await msg('myBuy/addearlywarning', { interfaceId: '1883', threshold: '10' })).toBe(ALERT_MSG.interfaceNotBought);
    expect(await msg('myBuy/addDayInvokerAlarm', { interfaceId: '1882', threshold: '1.5' })).toBe(ALERT_MSG.calls);
    expect(await msg('myWarn/saveWarnInfo', { interfaceId: '1882', codes: '10005', rate: '50', windowMinutes: '7' })).toBe(ALERT_MSG.window);
    expect(await msg('myWarn/saveWarnInfo', { interfaceId: '1882', codes: '10099', rate: '50', windowMinutes: '5' })).toBe(ALERT_MSG.codeUnknown);
    expect(await msg('myWarn/saveWarnInfo', { interfaceId: '1882', codes: '10005', rate: '101', windowMinutes: '5' })).toBe(ALERT_MSG.rate);
    expect(await msg('myWarn/saveWarnInfo', { interfaceId: '1882', codes: '', rate: '50', windowMinutes: '5' })).toBe(ALERT_MSG.codes);
  });
});

describe('another account', () => {
  it('never reaches the rules, contacts or history of another', async () => {
    const { a, key } = await buyer();
    const { a: b } = await buyer();
    await verifiedContact(a, '郑甲', 'a@example.com');
    const left = (await f.purchase(a)).callsLeft;
    await as(a, 'myBuy/addearlywarning', { interfaceId: '1882', threshold: String(left - 1) });
    await as(a, 'myBuy/addDayInvokerAlarm', { interfaceId: '1882', threshold: '100' });
    const rate = (await as(a, 'myWarn/saveWarnInfo', { interfaceId: '1882', codes: '10005', rate: '50', windowMinutes: '5' })).json().data.id;
    await burst(key, 3);
    const remainingId = (await as(a, 'myBuy/earlywarnList')).json().rows[0].rule.id;
    const dailyId = (await as(a, 'myBuy/dayInvokerAlarmList')).json().rows[0].id;
    const contactId = (await as(a, 'myWarn/selectWarnContact', { pageSize: '9999' })).json().rows[0].id;

    expect((await as(b, 'myWarn/queryWarnInfoById', { id: String(rate) })).json()).toMatchObject({ code: 'ALL_0011', msg: ALERT_MSG.ruleMissing });
    expect((await as(b, 'myWarn/updateStatus', { id: String(rate), status: '0' })).json().msg).toBe(ALERT_MSG.ruleMissing);
    expect((await as(b, 'myWarn/deleteWarnInfoById', { id: String(rate) })).json().msg).toBe(ALERT_MSG.ruleMissing);
    expect((await as(b, 'myWarn/saveWarnInfo', { id: String(rate), interfaceId: '1882', codes: '10005', rate: '60', windowMinutes: '5' })).json().msg).toBe(
      ALERT_MSG.ruleMissing,
    );
    expect((await as(b, 'myBuy/editEarlywarnStatus', { id: String(remainingId), status: '0' })).json().msg).toBe(ALERT_MSG.ruleMissing);
    expect((await as(b, 'myBuy/editDayInvokerAlarmStatus', { id: String(dailyId), status: '0' })).json().msg).toBe(ALERT_MSG.ruleMissing);
    expect((await as(b, 'myWarn/deleteWarnContact', { id: String(contactId) })).json().msg).toBe(ALERT_MSG.contactMissing);
    expect((await as(b, 'myWarn/verifyWarnContact', { id: String(contactId), smsCode: '123456' })).json().msg).toBe(ALERT_MSG.contactMissing);
    const c = await captcha(t);
    expect((await as(b, 'myWarn/sendVerifyCode', { id: String(contactId), captcha: c.text, uuid: c.uuid })).json().msg).toBe(ALERT_MSG.contactMissing);
    expect((await as(b, 'myWarn/selectWarnContact', { pageSize: '9999' })).json()).toMatchObject({ rows: [], total: 0 });
    expect((await as(b, 'myWarn/getMembershipWarnInfo')).json()).toMatchObject({ rows: [], total: 0 });
    expect((await as(b, 'myBuy/dayInvokerAlarmList')).json()).toMatchObject({ rows: [], total: 0 });
    expect((await as(b, 'myBuy/earlywarnList')).json().rows[0].rule).toBeNull();
    expect((await as(b, 'myWarn/warnRecordList')).json()).toMatchObject({ rows: [], total: 0 });

    // a's rules and contacts are untouched.
    expect((await as(a, 'myWarn/queryWarnInfoById', { id: String(rate) })).json().data).toMatchObject({ enabled: true, threshold: 50 });
    expect((await as(a, 'myWarn/selectWarnContact', { pageSize: '9999' })).json().total).toBe(1);
  });

  it('refuses anonymous callers and expired sessions', async () => {
    for (const path of ['UserCenter/GetMyAccountAlert', 'myBuy/earlywarnList', 'myWarn/selectWarnContact', 'myWarn/sendVerifyCode']) {
      expect((await post(t, path, {})).json().code, path).toBe('ALL_0024');
      expect((await post(t, path, {}, { cookies: { myToken: 'expired-or-forged', membershipId: '100001' } })).json().code, path).toBe('ALL_0024');
    }
  });
});

describe('error-rate rules', () => {
  it('edits, turns off and deletes a rule', async () => {
    const { a } = await buyer();
    const id = (await as(a, 'myWarn/saveWarnInfo', { interfaceId: '1882', codes: '10005,SYSTEM_011', rate: '30', windowMinutes: '10' })).json().data.id;
    const edited = await as(a, 'myWarn/saveWarnInfo', { id: String(id), interfaceId: '1882', codes: 'SYSTEM_011', rate: '40', windowMinutes: '30' });
    expect(edited.json().data).toMatchObject({ id, codes: ['SYSTEM_011'], threshold: 40, windowMinutes: 30 });
    expect((await as(a, 'myWarn/updateStatus', { id: String(id), status: '0' })).json().msg).toBe(ALERT_MSG.disabled);
    const listed = (await as(a, 'myWarn/getMembershipWarnInfo', { pageNum: '1', pageSize: '10' })).json();
    expect(listed).toMatchObject({ total: 1, rows: [{ id, enabled: false, interfaceName: expect.any(String) }] });
    expect((await as(a, 'myWarn/getWarnInterface')).json().rows).toEqual([{ interfaceId: 1882, interfaceName: expect.any(String) }]);
    expect((await as(a, 'myWarn/deleteWarnInfoById', { id: String(id) })).json().msg).toBe(ALERT_MSG.deleted);
    expect((await as(a, 'myWarn/getMembershipWarnInfo')).json().total).toBe(0);
  });
});
