import { randomBytes } from 'node:crypto';
import { SUB_ACCOUNT_LIMITS, SUB_MSG } from '@apimarket/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, members, outbox, purchases, sessions, subAccountInvites, subAccounts } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { gatewayPost } from '../../test/gateway';
import { fileTestApp, logCapture } from '../../test/harness';
import { captcha, cookieOf, get, lastSmsCode, post } from '../../test/identity';
import { hashPassword, verifyPassword } from '../identity/password';
import { createSession } from '../identity/session.service';
import type { Notifier } from '../../notify';
import { accountOf } from '../account/access';
import { INVITE_LIMITS, MOBILE_TAKEN, resetSubPassword, SUB_DONE, saveSubAccount } from './accounts.service';

const logs = logCapture();
const t = fileTestApp({ logStream: logs.stream });

let serial = 0;
/** A login name and a phone nobody has yet. */
function fresh() {
  serial += 1;
  const n = `${Date.now() % 1e5}`.padStart(5, '0') + String(serial).padStart(3, '0');
  return { loginName: `sub${n}`, mobile: `137${n}`, contacter: `联系人${serial}` };
}

const as = (a: { cookies: Record<string, string> }, path: string, fields: Record<string, string> = {}, ip?: string) =>
  post(t, path, fields, { cookies: a.cookies, ...(ip ? { ip } : {}) });
const asGet = (a: { cookies: Record<string, string> }, path: string) => get(t, path, {}, { cookies: a.cookies });

async function createSub(main: TestAccount, extra: Record<string, string> = {}) {
  const f = fresh();
  const res = await as(main, 'accountManagement/save', { ...f, subCompanyName: '风控部', companyInfoVisible: '0', passwordDelivery: 'show', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { id: number; loginName: string; initialPassword: string | null; invited: boolean };
  return { ...f, ...data };
}

/** A logged-in session of the member, as its own login would make. */
async function sessionOf(memberId: number) {
  const { token } = await createSession(t.database.db, { memberId, remember: false, ip: '10.60.0.1', userAgent: 'vitest' });
  return { token, cookies: { myToken: token, membershipId: String(memberId) } };
}

const openSessions = (memberId: number) =>
  t.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));

const memberRow = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0];

/** The newest SMS to the phone, as the outbox recorded it. */
async function lastSms(phone: string) {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(desc(outbox.id)).limit(1);
  return row?.body ?? '';
}
const tokenIn = (sms: string) => /\/invite\/([A-Za-z0-9_-]{43})/.exec(sms)?.[1] ?? '';

let ipSerial = 0;
const nextIp = () => `10.61.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`;

/** The login a person makes from a new place: name and password, then the phone check by SMS. */
async function loginFully(name: string, password: string, mobile: string) {
  const ip = nextIp();
  const first = await post(t, 'memberShip/postLogin', { name, pwd: password }, { ip });
  if (first.json().code !== 'ALL_0050') return first;
  const c = await captcha(t, ip);
  const sent = await post(t, 'memberShip/sendVerifyCode', { phone: mobile, code: c.text, imageCodeKey: c.uuid }, { ip });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = (await lastSmsCode(t, mobile)) ?? '';
  return post(t, 'memberShip/mobileVerifyLogin', { phone: mobile, loginName: name, verifyCode: code }, { ip });
}

describe('accountManagement/save (new)', () => {
  it('creates the sub-account and shows a generated password once', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const f = fresh();
    const res = await as(main, 'accountManagement/save', { ...f, subCompanyName: ' 风控部 ', companyInfoVisible: '1', passwordDelivery: 'show' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: SUB_DONE.created, data: { loginName: f.loginName, invited: false } });
    const password: string = body.data.initialPassword;
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(password).toMatch(/[A-Za-z]/);
    expect(password).toMatch(/\d/);

    const m = await memberRow(body.data.id);
    expect(m).toMatchObject({
      loginName: f.loginName,
      parentId: main.memberId,
      contacter: f.contacter,
      mobile: f.mobile,
      companyInfoVisible: true,
      featureCodes: null,
      status: 'active',
      trialCalls: 0,
    });
    expect(m?.passwordHash).not.toContain(password);
    expect(await verifyPassword(m?.passwordHash ?? '', password)).toBe(true);
    const [terms] = await t.database.db.select().from(subAccounts).where(eq(subAccounts.memberId, body.data.id));
    expect(terms).toMatchObject({ parentId: main.memberId, subCompanyName: '风控部', billingMode: 'calls', amountLeftMfen: 0, spentMfen: 0 });
    // No SMS for a shown password, no message in anyone's 消息中心.
    expect(await lastSms(f.mobile)).toBe('');

    // The shown password logs in (after the phone check of a new place).
    const login = await loginFully(f.loginName, password, f.mobile);
    expect(login.json().code).toBe(200);
    expect((await memberRow(body.data.id))?.lastLoginAt).not.toBeNull();
  });

  it('refuses a taken login name (any case), a taken phone, and a bad field', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const taken = await as(main, 'accountManagement/save', { ...fresh(), loginName: main.uName.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.nameTaken });
    const phone = await as(main, 'accountManagement/save', { ...fresh(), mobile: main.mobile });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual({ code: 'ALL_0013', msg: MOBILE_TAKEN });
    const long = await as(main, 'accountManagement/save', { ...fresh(), subCompanyName: '部'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(SUB_MSG.subCompanyName);
    expect(await t.database.db.$count(members, eq(members.parentId, main.memberId))).toBe(0);
  });

  it('keeps to the active limit; a disabled one frees a place, and enabling it again needs one', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const hash = await hashPassword(randomBytes(16).toString('hex'));
    const ids: number[] = [];
    for (let i = 0; i < SUB_ACCOUNT_LIMITS.defaultMax; i++) {
      const f = fresh();
      const [m] = await t.database.db
        .insert(members)
        .values({ loginName: f.loginName, mobile: f.mobile, passwordHash: hash, parentId: main.memberId })
        .returning({ id: members.id });
      if (!m) throw new Error('no row');
      await t.database.db.insert(subAccounts).values({ memberId: m.id, parentId: main.memberId });
      ids.push(m.id);
    }
    const over = await as(main, 'accountManagement/save', fresh());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.limit(SUB_ACCOUNT_LIMITS.defaultMax) });
    expect((await asGet(main, 'accountManagement/accountConf')).json().data).toMatchObject({ maxSubAccounts: 20, used: 20 });

    expect((await as(main, 'accountManagement/changeState', { id: String(ids[0]), action: 'disable' })).json().msg).toBe(SUB_DONE.disabled);
    await createSub(main);
    const back = await as(main, 'accountManagement/changeState', { id: String(ids[0]), action: 'enable' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.limit(20) });
    expect((await memberRow(ids[0] ?? 0))?.status).toBe('disabled');
  });
});

describe('accountManagement/save (change)', () => {
  it('changes contact, phone, department and visibility; never the login name', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    const f = fresh();
    const res = await as(main, 'accountManagement/save', {
      id: String(sub.id),
      loginName: f.loginName,
      contacter: '李四',
      mobile: f.mobile,
      subCompanyName: '上海分公司',
      companyInfoVisible: '1',
    });
    expect(res.json()).toEqual({ code: 200, msg: SUB_DONE.updated, data: { id: sub.id, loginName: sub.loginName, initialPassword: null, invited: false } });
    expect(await memberRow(sub.id)).toMatchObject({ loginName: sub.loginName, contacter: '李四', mobile: f.mobile, companyInfoVisible: true });
    const [terms] = await t.database.db.select().from(subAccounts).where(eq(subAccounts.memberId, sub.id));
    expect(terms?.subCompanyName).toBe('上海分公司');
    // Its own phone again is fine; the main account's is taken.
    expect((await as(main, 'accountManagement/save', { id: String(sub.id), contacter: '李四', mobile: f.mobile })).statusCode).toBe(200);
    expect((await as(main, 'accountManagement/save', { id: String(sub.id), contacter: '李四', mobile: main.mobile })).json().msg).toBe(MOBILE_TAKEN);
  });
});

describe('accountManagement/list, subCompanyName, accountConf', () => {
  it('lists the caller’s sub-accounts newest first, masked, with filters', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const other = await qualifiedAccount(t, nextIp());
    const a = await createSub(main, { subCompanyName: '风控部', contacter: '张_三' });
    const b = await createSub(main, { subCompanyName: '北京分公司', contacter: '王五' });
    const c = await createSub(main, { subCompanyName: '', contacter: '赵六' });
    await createSub(other, { subCompanyName: '别家部门' });
    await as(main, 'accountManagement/changeState', { id: String(c.id), action: 'disable' });

    const all = (await as(main, 'accountManagement/list')).json();
    expect(all.total).toBe(3);
    expect(all.rows.map((r: { id: number }) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(all.rows[2]).toEqual({
      id: a.id,
      loginName: a.loginName,
      contacter: '张_三',
      mobile: `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`,
      subCompanyName: '风控部',
      status: 'active',
      statusLabel: '启用',
      companyInfoVisible: false,
      billingMode: 'calls',
      billingModeLabel: '按次数分配',
      amountLeftFen: 0,
      spentFen: 0,
      assignments: 0,
      lastLoginAt: null,
      createdAt: expect.any(String),
      invitePending: false,
    });
    expect(JSON.stringify(all)).not.toContain(a.mobile);

    const ids = async (fields: Record<string, string>) => (await as(main, 'accountManagement/list', fields)).json().rows.map((r: { id: number }) => r.id);
    expect(await ids({ keyword: '_' })).toEqual([a.id]); // a literal underscore, not a wildcard
    expect(await ids({ keyword: b.loginName.toUpperCase() })).toEqual([b.id]);
    expect(await ids({ keyword: '分公司' })).toEqual([b.id]);
    expect(await ids({ status: 'disabled' })).toEqual([c.id]);
    expect(await ids({ status: 'active', subCompanyName: '风控部' })).toEqual([a.id]);
    expect(await ids({ pageSize: '1', pageNum: '2' })).toEqual([b.id]);
    expect((await as(main, 'accountManagement/list', { status: 'disabled' })).json().rows[0]).toMatchObject({ status: 'disabled', statusLabel: '停用' });

    expect((await asGet(main, 'accountManagement/subCompanyName')).json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: ['北京分公司', '风控部'].sort((x, y) => x.localeCompare(y, 'zh-CN')),
    });
    expect((await asGet(main, 'accountManagement/accountConf')).json().data).toEqual({
      maxSubAccounts: 20,
      used: 2,
      billingModes: [
        { value: 'calls', label: '按次数分配' },
        { value: 'amount', label: '按金额额度' },
      ],
      maxCalls: 100_000_000,
      maxAmountFen: 1_000_000_000,
      inviteHours: 72,
    });
  });

  it('counts assignments and reads amounts in fen, rounded down', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    const key = await buyCheapest(t, main, 1882);
    const [p] = await t.database.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.key, key));
    await t.database.db.insert(assignments).values({ memberId: sub.id, purchaseId: p?.id ?? 0, key: randomBytes(32).toString('base64url'), callsAllotted: 5 });
    await t.database.db.update(subAccounts).set({ billingMode: 'amount', amountLeftMfen: 12_345_999, spentMfen: 1999 }).where(eq(subAccounts.memberId, sub.id));
    const [row] = (await as(main, 'accountManagement/list')).json().rows;
    expect(row).toMatchObject({ assignments: 1, billingMode: 'amount', billingModeLabel: '按金额额度', amountLeftFen: 12_345, spentFen: 1 });
  });
});

describe('accountManagement/changeState', () => {
  it('disabling ends its sessions, refuses its login and its key; enabling restores them', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    const password = sub.initialPassword ?? '';
    const subSession = await sessionOf(sub.id);
    const state = () => post(t, 'memberShip/isLoginState', {}, { cookies: subSession.cookies });
    expect((await state()).json().code).toBe(200);

    const key = await buyCheapest(t, main, 1882);
    const [p] = await t.database.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.key, key));
    const subKey = randomBytes(32).toString('base64url');
    await t.database.db.insert(assignments).values({ memberId: sub.id, purchaseId: p?.id ?? 0, key: subKey, callsAllotted: 5 });
    const call = async () => (await gatewayPost(t, '/communication/personal/1882', { key: subKey, name: '张三', idcard: '110101199003074514' })).json();
    expect((await call()).code).toBe('10000');

    const off = await as(main, 'accountManagement/changeState', { id: String(sub.id), action: 'disable' });
    expect(off.json()).toEqual({ code: 200, msg: SUB_DONE.disabled, data: null });
    expect((await memberRow(sub.id))?.status).toBe('disabled');
    expect(await openSessions(sub.id)).toHaveLength(0);
    expect((await state()).json().code).toBe('ALL_0024');
    expect((await post(t, 'memberShip/postLogin', { name: sub.loginName, pwd: password }, { ip: nextIp() })).json().code).toBe('ALL_0021');
    expect(await call()).toMatchObject({ code: 'SYSTEM_005' });
    const again = await as(main, 'accountManagement/changeState', { id: String(sub.id), action: 'disable' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.alreadyDisabled });
    // The main account itself is untouched.
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies: main.cookies })).json().code).toBe(200);

    expect((await as(main, 'accountManagement/changeState', { id: String(sub.id), action: 'enable' })).json().msg).toBe(SUB_DONE.enabled);
    expect((await call()).code).toBe('10000');
    const twice = await as(main, 'accountManagement/changeState', { id: String(sub.id), action: 'enable' });
    expect(twice.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.alreadyEnabled });
    expect((await loginFully(sub.loginName, password, sub.mobile)).json().code).toBe(200);
  });
});

describe('accountManagement/resetPassword', () => {
  it('shows a new password once and ends the old sessions', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    await sessionOf(sub.id);
    const res = await as(main, 'accountManagement/resetPassword', { id: String(sub.id), passwordDelivery: 'show' });
    expect(res.json()).toMatchObject({ code: 200, msg: SUB_DONE.passwordShown, data: { id: sub.id, loginName: sub.loginName, invited: false } });
    const password: string = res.json().data.initialPassword;
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(password).not.toBe(sub.initialPassword);
    const hash = (await memberRow(sub.id))?.passwordHash ?? '';
    expect(await verifyPassword(hash, password)).toBe(true);
    expect(await verifyPassword(hash, sub.initialPassword ?? '')).toBe(false);
    expect(await openSessions(sub.id)).toHaveLength(0);
  });

  it('by SMS: the old password stops working and the link sets a new one', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    const res = await as(main, 'accountManagement/resetPassword', { id: String(sub.id), passwordDelivery: 'sms' });
    expect(res.json()).toEqual({
      code: 200,
      msg: SUB_DONE.passwordInvited,
      data: { id: sub.id, loginName: sub.loginName, initialPassword: null, invited: true },
    });
    expect(await verifyPassword((await memberRow(sub.id))?.passwordHash ?? '', sub.initialPassword ?? '')).toBe(false);
    const sms = await lastSms(sub.mobile);
    expect(sms).toContain(`子账号 ${sub.loginName} 的密码`);
    const token = tokenIn(sms);
    const ip = nextIp();
    expect((await post(t, 'memberShip/acceptInvite', { inviteToken: token, password: 'newpass88', checkPass: 'newpass88' }, { ip })).json().code).toBe(200);
    expect((await loginFully(sub.loginName, 'newpass88', sub.mobile)).json().code).toBe(200);
  });
});

describe('accountManagement/saveBillingMode', () => {
  it('amount mode replaces what was left; calls mode clears it', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    const amount = await as(main, 'accountManagement/saveBillingMode', { id: String(sub.id), billingMode: 'amount', amount: '12.34' });
    expect(amount.json()).toMatchObject({
      code: 200,
      msg: SUB_DONE.billingSaved,
      data: { id: sub.id, billingMode: 'amount', billingModeLabel: '按金额额度', amountLeftFen: 1234 },
    });
    const terms = async () => (await t.database.db.select().from(subAccounts).where(eq(subAccounts.memberId, sub.id)))[0];
    expect(await terms()).toMatchObject({ billingMode: 'amount', amountLeftMfen: 1_234_000 });
    await as(main, 'accountManagement/saveBillingMode', { id: String(sub.id), billingMode: 'amount', amount: '5' });
    expect((await terms())?.amountLeftMfen).toBe(500_000);

    const calls = await as(main, 'accountManagement/saveBillingMode', { id: String(sub.id), billingMode: 'calls' });
    expect(calls.json().data).toMatchObject({ billingMode: 'calls', amountLeftFen: 0 });
    expect(await terms()).toMatchObject({ billingMode: 'calls', amountLeftMfen: 0 });

    const missing = await as(main, 'accountManagement/saveBillingMode', { id: String(sub.id), billingMode: 'amount' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(SUB_MSG.amountRequired);
    expect((await as(main, 'accountManagement/saveBillingMode', { id: String(sub.id), billingMode: 'amount', amount: '10000000.01' })).json().msg).toBe(
      SUB_MSG.amount,
    );
  });
});

describe('the SMS invitation (memberShip/invite, acceptInvite)', () => {
  it('a new sub-account by SMS: the link shows the name, sets the password once, then the login works', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const f = fresh();
    const res = await as(main, 'accountManagement/save', { ...f, passwordDelivery: 'sms' });
    expect(res.json()).toMatchObject({ code: 200, msg: SUB_DONE.invited, data: { loginName: f.loginName, initialPassword: null, invited: true } });
    const id: number = res.json().data.id;
    const sms = await lastSms(f.mobile);
    expect(sms).toContain(`您的企业主账号已为您开通子账号 ${f.loginName}，请在72小时内打开 http`);
    const token = tokenIn(sms);
    expect(token).not.toBe('');
    // Only the token's SHA-256 is kept.
    const [invite] = await t.database.db.select().from(subAccountInvites).where(eq(subAccountInvites.memberId, id));
    expect(invite?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(invite)).not.toContain(token);
    const hours = ((invite?.expiresAt.getTime() ?? 0) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect((await as(main, 'accountManagement/list')).json().rows[0]).toMatchObject({ id, invitePending: true });

    const ip = nextIp();
    const view = await get(t, 'memberShip/invite', { inviteToken: token }, { ip });
    expect(view.json()).toEqual({ code: 200, msg: '操作成功', data: { loginName: f.loginName, expiresAt: invite?.expiresAt.toISOString() } });

    const mismatch = await post(t, 'memberShip/acceptInvite', { inviteToken: token, password: 'abc12345', checkPass: 'abc12346' }, { ip });
    expect(mismatch.json().msg).toBe(SUB_MSG.checkPass);
    const accepted = await post(t, 'memberShip/acceptInvite', { inviteToken: token, password: 'abc12345', checkPass: 'abc12345' }, { ip });
    expect(accepted.json()).toEqual({ code: 200, msg: SUB_DONE.passwordSet, data: null });
    expect((await t.database.db.select().from(subAccountInvites).where(eq(subAccountInvites.memberId, id)))[0]?.usedAt).not.toBeNull();

    const second = await post(t, 'memberShip/acceptInvite', { inviteToken: token, password: 'xyz12345', checkPass: 'xyz12345' }, { ip });
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.inviteInvalid });
    expect((await get(t, 'memberShip/invite', { inviteToken: token }, { ip })).json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.inviteInvalid });

    const login = await loginFully(f.loginName, 'abc12345', f.mobile);
    expect(login.json().code).toBe(200);
    const cookies = { myToken: cookieOf(login, 'myToken')?.value ?? '', membershipId: String(id) };
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies })).json().data).toMatchObject({ loginName: f.loginName, parentNickname: main.uName });
    expect((await as(main, 'accountManagement/list')).json().rows[0]).toMatchObject({ id, invitePending: false, lastLoginAt: expect.any(String) });
  });

  it('refuses unknown, expired and replaced links', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const f = fresh();
    const id: number = (await as(main, 'accountManagement/save', { ...f, passwordDelivery: 'sms' })).json().data.id;
    const first = tokenIn(await lastSms(f.mobile));
    const ip = nextIp();
    const invalid = { code: 'ALL_0011', msg: SUB_MSG.inviteInvalid };
    expect((await get(t, 'memberShip/invite', { inviteToken: randomBytes(32).toString('base64url') }, { ip })).json()).toEqual(invalid);
    expect((await get(t, 'memberShip/invite', {}, { ip })).json()).toEqual(invalid);

    // A new link voids the old one.
    await as(main, 'accountManagement/resetPassword', { id: String(id), passwordDelivery: 'sms' });
    const second = tokenIn(await lastSms(f.mobile));
    expect(second).not.toBe(first);
    expect((await get(t, 'memberShip/invite', { inviteToken: first }, { ip })).json()).toEqual(invalid);
    expect((await get(t, 'memberShip/invite', { inviteToken: second }, { ip })).json().code).toBe(200);

    // Past its 72 hours.
    await t.database.db
      .update(subAccountInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subAccountInvites.memberId, id));
    expect((await post(t, 'memberShip/acceptInvite', { inviteToken: second, password: 'abc12345', checkPass: 'abc12345' }, { ip })).json()).toEqual(invalid);
    expect((await as(main, 'accountManagement/list')).json().rows[0]).toMatchObject({ id, invitePending: false });
  });

  it('says so when the carrier refuses the SMS for good', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const refusing: Notifier = { send: async () => ({ id: 0, status: 'failed' as const }) };
    const sender = { notifier: refusing, origin: 'https://example.com' };
    const account = accountOf({ sessionId: '0', memberId: main.memberId, loginName: main.uName, parentId: null });
    const f = fresh();
    const saved = await saveSubAccount(t.database.db, sender, account, {
      ...f,
      id: undefined,
      subCompanyName: '',
      companyInfoVisible: false,
      passwordDelivery: 'sms',
    });
    expect(saved).toMatchObject({ loginName: f.loginName, initialPassword: null, invited: false, message: SUB_DONE.inviteFailed });
    const reset = await resetSubPassword(t.database.db, sender, account, { id: saved.id, passwordDelivery: 'sms' });
    expect(reset).toMatchObject({ invited: false, message: SUB_DONE.resetInviteFailed });
  });

  it('throttles link checks per address (ALL_0028)', async () => {
    const ip = nextIp();
    const token = randomBytes(32).toString('base64url');
    for (let i = 0; i < INVITE_LIMITS.perIp.count; i++) expect((await get(t, 'memberShip/invite', { inviteToken: token }, { ip })).statusCode).toBe(404);
    const over = await post(t, 'memberShip/acceptInvite', { inviteToken: token, password: 'abc12345', checkPass: 'abc12345' }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('ALL_0028');
    expect((await get(t, 'memberShip/invite', { inviteToken: token }, { ip: nextIp() })).statusCode).toBe(404);
  });
});

describe('who may call', () => {
  it('a sub-account gets 403 for every management call', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    const sibling = await createSub(main);
    const me = await sessionOf(sub.id);
    const forbidden = { code: 'ALL_0010', msg: SUB_MSG.mainOnly };
    const id = String(sibling.id);
    const calls = [
      () => as(me, 'accountManagement/list'),
      () => as(me, 'accountManagement/save', fresh()),
      () => as(me, 'accountManagement/save', { ...fresh(), id }),
      () => as(me, 'accountManagement/changeState', { id, action: 'disable' }),
      () => as(me, 'accountManagement/resetPassword', { id }),
      () => as(me, 'accountManagement/saveBillingMode', { id, billingMode: 'calls' }),
      () => asGet(me, 'accountManagement/subCompanyName'),
      () => asGet(me, 'accountManagement/accountConf'),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect((await memberRow(sibling.id))?.status).toBe('active');
  });

  it('another company’s main account gets 404 for the sub-account’s id, and changes nothing', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const sub = await createSub(main);
    const stranger = await qualifiedAccount(t, nextIp());
    const id = String(sub.id);
    const missing = { code: 'ALL_0011', msg: SUB_MSG.subMissing };
    for (const [path, fields] of [
      ['accountManagement/save', { ...fresh(), id }],
      ['accountManagement/changeState', { id, action: 'disable' }],
      ['accountManagement/resetPassword', { id, passwordDelivery: 'show' }],
      ['accountManagement/saveBillingMode', { id, billingMode: 'amount', amount: '10' }],
      ['accountManagement/changeState', { id: '999999999', action: 'disable' }],
    ] as const) {
      const res = await as(stranger, path, fields);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing);
    }
    expect((await as(stranger, 'accountManagement/list')).json().total).toBe(0);
    expect(await memberRow(sub.id)).toMatchObject({ status: 'active', contacter: sub.contacter });
    expect(await verifyPassword((await memberRow(sub.id))?.passwordHash ?? '', sub.initialPassword ?? '')).toBe(true);
  });

  it('an unauthenticated company and an anonymous caller are refused before anything', async () => {
    const plain = await newAccount(t, nextIp());
    expect((await as(plain, 'accountManagement/list')).json().code).toBe('ALL_0060');
    expect((await post(t, 'accountManagement/list', {})).json().code).toBe('ALL_0024');
  });
});

describe('secrets stay out of the logs', () => {
  it('no shown password and no invitation token was logged', async () => {
    const main = await qualifiedAccount(t, nextIp());
    const shown = await createSub(main);
    const f = fresh();
    await as(main, 'accountManagement/save', { ...f, passwordDelivery: 'sms' });
    const token = tokenIn(await lastSms(f.mobile));
    await get(t, 'memberShip/invite', { inviteToken: token }, { ip: nextIp() });
    const text = logs.lines.join('\n');
    expect(text).toContain('/apiHome/memberShip/invite');
    expect(text).not.toContain(shown.initialPassword ?? 'never');
    expect(text).not.toContain(token);
  });
});
