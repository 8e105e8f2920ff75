import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, outbox } from '../../db/schema';
import { approve, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { ageSms, captcha, cookieOf, lastSmsCode, post } from '../../test/identity';
import { featureCodes } from './account.service';
import { sendMessage } from './messages.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SPECIAL_USERS: 'vipboss01,vipboss02' } });
});
afterAll(() => t.close());

const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, { cookies: a.cookies });

/** Make `child` a sub-account of `parent`. */
async function adopt(parent: TestAccount, child: TestAccount, companyInfoVisible = false) {
  await t.database.db.update(members).set({ parentId: parent.memberId, companyInfoVisible }).where(eq(members.id, child.memberId));
}

describe('feature codes (UserCenter/getMembershipMenu)', () => {
  const rules = { specialUsers: new Set(['vipboss01']) };
  const base = { featureCodes: null, parentId: null, companyInfoVisible: false, loginName: 'someone1' };

  it('a new main account has the always-present menus and the documented defaults', () => {
    expect(featureCodes(base, rules)).toEqual([1, 7, 15, 100, 101, 102, 103, 104, 105, 106, 107]);
  });

  it('operators grant codes; unknown codes are ignored', () => {
    expect(featureCodes({ ...base, featureCodes: [6, 11, 12, 13, 99] }, rules)).toEqual([6, 11, 12, 13, 100, 101, 102, 103, 104, 105, 106, 107]);
  });

  it('a sub-account: no account management, cost management or IP whitelist; enterprise authentication only when visible', () => {
    const main = { featureCodes: null, parentId: null };
    expect(featureCodes({ ...base, parentId: 1, featureCodes: [1, 15] }, rules, main)).toEqual([1, 100, 101, 103, 106, 107]);
    expect(featureCodes({ ...base, parentId: 1, companyInfoVisible: true }, rules, main)).toContain(105);
  });

  it('a sub-account holds none of the menus its main account lacks (Decision 219)', () => {
    const sub = { ...base, parentId: 1, featureCodes: [1, 12, 13] };
    expect(featureCodes(sub, rules, { featureCodes: [1, 12, 13], parentId: null })).toEqual(expect.arrayContaining([1, 12, 13]));
    const withdrawn = featureCodes(sub, rules, { featureCodes: [1], parentId: null });
    expect(withdrawn).toContain(1);
    expect(withdrawn).not.toContain(12);
    expect(withdrawn).not.toContain(13);
  });

  it('a special user has no cost-management menu', () => {
    expect(featureCodes({ ...base, loginName: 'vipboss01' }, rules)).not.toContain(102);
  });

  it('answers the codes over the wire', async () => {
    const a = await newAccount(t, '10.41.0.1');
    expect((await as(a, 'UserCenter/getMembershipMenu')).json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: [1, 7, 15, 100, 101, 102, 103, 104, 105, 106, 107],
    });
  });
});

describe('user state, summary and dashboard', () => {
  it('the user state counts unread messages', async () => {
    const a = await newAccount(t, '10.41.0.2');
    await sendMessage(t.database.db, a.memberId, { kind: 'system', title: '欢迎', body: '欢迎使用' });
    expect((await as(a, 'memberShip/isLoginState')).json().data).toEqual({
      loginName: a.uName,
      memberId: a.memberId,
      unreadMsgNum: 1,
      parentNickname: '',
      companyInfoVisible: true,
      switchedFromMain: false,
    });
  });

  it('the summary masks the phone and shows the qualification state', async () => {
    const a = await newAccount(t, '10.41.0.3');
    const s = (await as(a, 'myAccount/userCenter')).json().data;
    expect(s).toMatchObject({ loginName: a.uName, mobile: `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`, qualification: 'none', isSubAccount: false });
    expect(JSON.stringify(s)).not.toContain(a.mobile);
  });

  it('the dashboard is for authenticated companies and shows real zeros', async () => {
    const a = await newAccount(t, '10.41.0.4');
    const refused = await as(a, 'myAccount/home/data');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'ALL_0060', msg: '请先完成企业认证' });
    await approve(t, a.memberId);
    expect((await as(a, 'myAccount/home/data')).json().data).toEqual({
      balance: '0.00',
      balanceFen: 0,
      purchasedInterfaces: 0,
      callsToday: 0,
      callsThisMonth: 0,
      freeTestCallsLeft: 150,
      unreadMessages: 0,
      openAlerts: 0,
      recentCalls: [],
    });
  });
});

describe('messages center', () => {
  it('cuts a long first line at 80 characters with an ellipsis, and leaves a short single line whole', async () => {
    const a = await newAccount(t, '10.41.0.7');
    await sendMessage(t.database.db, a.memberId, { kind: 'account', title: '短', body: '一行就说完' });
    await sendMessage(t.database.db, a.memberId, { kind: 'account', title: '长', body: `${'很长的内容'.repeat(20)}😀结尾` });
    const rows = (await as(a, 'UserCenter/userNews')).json().rows as Array<{ title: string; summary: string }>;
    expect(rows.find((r) => r.title === '短')?.summary).toBe('一行就说完');
    const long = rows.find((r) => r.title === '长')?.summary ?? '';
    expect(Array.from(long)).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
    expect(long.startsWith('很长的内容很长的内容')).toBe(true);
  });

  it('lists, filters unread, opens (marking read) and marks all read — own messages only', async () => {
    const a = await newAccount(t, '10.41.0.5');
    const b = await newAccount(t, '10.41.0.6');
    for (const title of ['第一条', '第二条', '第三条'])
      await sendMessage(t.database.db, a.memberId, { kind: 'account', title, body: `${title}的内容\n第二行` });
    await sendMessage(t.database.db, b.memberId, { kind: 'account', title: 'B 的消息', body: '仅 B 可见' });

    const page = (await as(a, 'UserCenter/userNews', { pageNum: '1', pageSize: '2' })).json();
    expect(page).toMatchObject({ code: 200, total: 3, unread: 3 });
    expect(page.rows.map((r: { title: string }) => r.title)).toEqual(['第三条', '第二条']);
    // Only the first line is listed, and the list says there is more.
    expect(page.rows[0]).toMatchObject({ kindLabel: '账号通知', summary: '第三条的内容…', read: false });

    const first = page.rows[0].id;
    const detail = (await as(a, 'UserCenter/getMessageInfo', { id: String(first) })).json().data;
    expect(detail).toMatchObject({ title: '第三条', body: '第三条的内容\n第二行', read: true });
    expect((await as(a, 'UserCenter/userNews', { unread: '1' })).json()).toMatchObject({ total: 2, unread: 2 });

    const bMessage = (await as(b, 'UserCenter/userNews')).json().rows[0].id;
    expect((await as(a, 'UserCenter/getMessageInfo', { id: String(bMessage) })).json()).toEqual({ code: 'ALL_0011', msg: '消息不存在' });
    expect((await as(a, 'UserCenter/editMyAccountAlertStatus', { ids: String(bMessage) })).json().data).toEqual({ changed: 0 });
    expect((await as(b, 'UserCenter/userNews')).json().unread).toBe(1);

    expect((await as(a, 'UserCenter/editMyAccountAlertStatus', { all: '1' })).json()).toEqual({ code: 200, msg: '已标记为已读', data: { changed: 2 } });
    expect((await as(a, 'memberShip/isLoginState')).json().data.unreadMsgNum).toBe(0);
  });

  it('a special user always reads unread 0', async () => {
    const vip = await newAccount(t, '10.41.0.7');
    await t.database.db.update(members).set({ loginName: 'vipboss01' }).where(eq(members.id, vip.memberId));
    await sendMessage(t.database.db, vip.memberId, { kind: 'system', title: '公告', body: '内容' });
    expect((await as(vip, 'memberShip/isLoginState')).json().data.unreadMsgNum).toBe(0);
    expect((await as(vip, 'UserCenter/userNews')).json()).toMatchObject({ total: 1, unread: 0 });
    expect((await as(vip, 'UserCenter/getMembershipMenu')).json().data).not.toContain(102);
  });
});

describe('change password (UserCenter/Modification)', () => {
  it('checks the rules, needs the old password, and ends every other session', async () => {
    const a = await newAccount(t, '10.41.0.8');
    const other = await post(t, 'memberShip/postLogin', { name: a.uName, pwd: a.password }, { ip: '10.41.0.8' });
    const otherCookies = { myToken: cookieOf(other, 'myToken')?.value ?? '' };
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies: otherCookies })).statusCode).toBe(200);

    const msg = async (f: Record<string, string>) => (await as(a, 'UserCenter/Modification', f)).json().msg;
    expect(await msg({ oldPassword: '', password: 'new123abc', checkPass: 'new123abc' })).toBe('请输入原密码');
    expect(await msg({ oldPassword: a.password, password: '12345', checkPass: '12345' })).toBe('密码长度需要在6-12位数');
    expect(await msg({ oldPassword: a.password, password: '12345678', checkPass: '12345678' })).toBe('数字、字母、字符至少包含其中两种');
    expect(await msg({ oldPassword: a.password, password: 'new123abc', checkPass: 'new123abd' })).toBe('两次输入密码不一致!');
    expect(await msg({ oldPassword: a.password, password: a.password, checkPass: a.password })).toBe('新密码不能与原密码相同');
    expect(await msg({ oldPassword: 'wrong999', password: 'new123abc', checkPass: 'new123abc' })).toBe('原密码错误');

    const done = await as(a, 'UserCenter/Modification', { oldPassword: a.password, password: 'new123abc', checkPass: 'new123abc' });
    expect(done.json()).toEqual({ code: 200, msg: '密码修改成功，其他设备上的登录已退出', data: null });
    expect((await as(a, 'memberShip/isLoginState')).statusCode).toBe(200);
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies: otherCookies })).json().code).toBe('ALL_0024');
    expect((await post(t, 'memberShip/postLogin', { name: a.uName, pwd: 'new123abc' }, { ip: '10.41.0.8' })).json().code).toBe(200);
  });

  it('locks the form after five wrong old passwords', async () => {
    const a = await newAccount(t, '10.41.0.9');
    const wrong = { oldPassword: 'wrong999', password: 'new123abc', checkPass: 'new123abc' };
    for (let i = 0; i < 5; i++) expect((await as(a, 'UserCenter/Modification', wrong)).json().msg).toBe('原密码错误');
    const locked = await as(a, 'UserCenter/Modification', { ...wrong, oldPassword: a.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toBe('密码错误次数过多，请15分钟后再试');
  });
});

describe('change mobile (myAccount/updateMobile)', () => {
  it('needs the code sent to the new phone and the password; tells the old phone', async () => {
    const a = await newAccount(t, '10.41.1.1');
    const newPhone = `137${a.mobile.slice(3)}`;
    expect((await as(a, 'myAccount/updateMobile', { mobile: '12345', smsCode: '1', password: a.password })).json().msg).toBe('请输入正确的手机号');
    expect((await as(a, 'myAccount/updateMobile', { mobile: a.mobile, smsCode: '123456', password: a.password })).json().msg).toBe(
      '新手机号不能与当前绑定的手机号相同，请输入新的手机号',
    );
    expect((await as(a, 'myAccount/updateMobile', { mobile: newPhone, smsCode: '123456', password: a.password })).json().msg).toBe(
      '短信验证码已失效，请重新获取',
    );
    await ageSms(t, 61);
    const c = await captcha(t, '10.41.1.1');
    expect((await as(a, 'myAccount/sendMobileCode', { phone: newPhone, captcha: c.text, uuid: c.uuid })).json()).toEqual({
      code: 200,
      msg: '验证码已发送，请注意查收',
      data: null,
    });
    const code = (await lastSmsCode(t, newPhone)) ?? '';
    expect((await as(a, 'myAccount/updateMobile', { mobile: newPhone, smsCode: code, password: 'wrong999' })).json().msg).toBe('登录密码错误');
    const res = await as(a, 'myAccount/updateMobile', { mobile: newPhone, smsCode: code, password: a.password });
    expect(res.json()).toEqual({ code: 200, msg: '手机号修改成功', data: { mobile: `${newPhone.slice(0, 3)}****${newPhone.slice(7)}` } });
    const [row] = await t.database.db.select({ mobile: members.mobile }).from(members).where(eq(members.id, a.memberId));
    expect(row?.mobile).toBe(newPhone);
    const told = await t.database.db.select().from(outbox).where(eq(outbox.recipient, a.mobile));
    expect(told.some((m) => m.body.includes('绑定手机号已更换'))).toBe(true);
  });

  it('says nothing about whose a number is to someone without its code', async () => {
    const a = await newAccount(t, '10.41.1.5');
    const other = await newAccount(t, '10.41.1.6');
    const free = `136${a.mobile.slice(3)}`;
    const taken = await as(a, 'myAccount/updateMobile', { mobile: other.mobile, smsCode: '123456', password: a.password });
    const untaken = await as(a, 'myAccount/updateMobile', { mobile: free, smsCode: '123456', password: a.password });
    expect(taken.json()).toEqual(untaken.json());
    expect(taken.json().msg).toBe('短信验证码已失效，请重新获取');
  });
});

describe('the code for a new phone (myAccount/sendMobileCode)', () => {
  it('refuses the number the account already has and sends nothing to it', async () => {
    const a = await newAccount(t, '10.41.1.3');
    await ageSms(t, 61);
    const before = await t.database.db.select().from(outbox).where(eq(outbox.recipient, a.mobile));
    const c = await captcha(t, '10.41.1.3');
    const res = await as(a, 'myAccount/sendMobileCode', { phone: a.mobile, captcha: c.text, uuid: c.uuid });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: '新手机号不能与当前绑定的手机号相同，请输入新的手机号' });
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, a.mobile))).toEqual(before);
  });

  it('needs a signed-in account and the image captcha', async () => {
    expect((await post(t, 'myAccount/sendMobileCode', { phone: '13700000001', captcha: 'abcd', uuid: 'x' })).statusCode).toBe(401);
    const a = await newAccount(t, '10.41.1.4');
    const res = await as(a, 'myAccount/sendMobileCode', { phone: `136${a.mobile.slice(3)}`, captcha: 'zzzz', uuid: 'no-such' });
    expect(res.statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, `136${a.mobile.slice(3)}`)),
    ).toEqual([]);
  });
});

describe('notification e-mail (UserCenter/activationCode)', () => {
  it('mails a code, then binds the address with it', async () => {
    const a = await newAccount(t, '10.41.1.2');
    expect((await as(a, 'UserCenter/activationCode', { email: 'bad' })).json().msg).toBe('请输入正确的邮箱地址');
    expect((await as(a, 'UserCenter/activationCode', { email: 'Ops@Example.cn' })).json()).toEqual({
      code: 200,
      msg: '验证码已发送至邮箱，请注意查收',
      data: null,
    });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'ops@example.cn'));
    expect(mail?.subject).toBe('【数据API市场】邮箱验证码');
    const code = mail?.body.match(/验证码(\d{6})/)?.[1] ?? '';
    expect((await as(a, 'UserCenter/activationCode', { email: 'ops@example.cn', code: '000000' })).json().msg).toBe('邮箱验证码错误或已失效');
    expect((await as(a, 'UserCenter/activationCode', { email: 'ops@example.cn', code })).json()).toEqual({
      code: 200,
      msg: '邮箱绑定成功',
      data: { email: 'ops@example.cn' },
    });
    expect((await as(a, 'myAccount/userCenter')).json().data.email).toBe('ops@example.cn');
  });
});

describe('sub-accounts (getChild, changeLogin)', () => {
  it('lists own children and switches into one of them, ending the parent session', async () => {
    const parent = await qualifiedAccount(t, '10.41.1.3');
    const child = await newAccount(t, '10.41.1.4');
    const stranger = await newAccount(t, '10.41.1.5');
    await adopt(parent, child);
    const children = (await as(parent, 'myAccount/getChild')).json();
    expect(children).toMatchObject({ code: 200, total: 1, rows: [{ id: child.memberId, mname: child.uName, userName: '测试联系人' }] });

    expect((await as(parent, 'myAccount/changeLogin', { childId: String(stranger.memberId) })).json()).toEqual({
      code: 'ALL_0011',
      msg: '子账号不存在或已停用',
    });
    const res = await as(parent, 'myAccount/changeLogin', { childId: String(child.memberId) });
    expect(res.json()).toEqual({ code: 200, msg: '切换成功', data: { token: '', membershipId: child.memberId, loginName: child.uName } });
    const childCookies = { myToken: cookieOf(res, 'myToken')?.value ?? '' };
    const state = (await post(t, 'memberShip/isLoginState', {}, { cookies: childCookies })).json().data;
    expect(state).toMatchObject({ loginName: child.uName, parentNickname: parent.uName, companyInfoVisible: false });
    expect((await as(parent, 'memberShip/isLoginState')).json().code).toBe('ALL_0024');
    // A sub-account has no children and cannot switch back up.
    expect((await post(t, 'myAccount/getChild', {}, { cookies: childCookies })).json().rows).toEqual([]);
    expect((await post(t, 'myAccount/changeLogin', { childId: String(parent.memberId) }, { cookies: childCookies })).json().code).toBe('ALL_0011');
    expect(state.switchedFromMain).toBe(true);

    // 返回主账号: the switched session returns to the main account and ends.
    const back = await post(t, 'myAccount/changeBack', {}, { cookies: childCookies });
    expect(back.json()).toEqual({ code: 200, msg: '切换成功', data: { token: '', membershipId: parent.memberId, loginName: parent.uName } });
    const mainCookies = { myToken: cookieOf(back, 'myToken')?.value ?? '' };
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies: mainCookies })).json().data).toMatchObject({
      loginName: parent.uName,
      parentNickname: '',
      switchedFromMain: false,
    });
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies: childCookies })).json().code).toBe('ALL_0024');
  });

  it('refuses changeBack to a sub-account that logged in itself, and to a main account', async () => {
    const parent = await qualifiedAccount(t, '10.41.1.6');
    const child = await newAccount(t, '10.41.1.7');
    await adopt(parent, child);
    // The sub-account's own session: its password never opens the main account.
    const own = await post(t, 'myAccount/changeBack', {}, { cookies: child.cookies });
    expect(own.json()).toEqual({ code: 'ALL_0010', msg: '当前登录不是从主账号切换而来，请退出后登录主账号' });
    expect(own.statusCode).toBe(403);
    expect((await as(parent, 'myAccount/changeBack')).json().code).toBe('ALL_0010');
    expect((await post(t, 'memberShip/isLoginState', {}, { cookies: child.cookies })).json().data).toMatchObject({ switchedFromMain: false });
  });
});

describe('role matrix: every account call by who asks', () => {
  type Role = 'anonymous' | 'unqualified' | 'qualified' | 'subHidden' | 'subVisible' | 'special';
  const ROLES: Role[] = ['anonymous', 'unqualified', 'qualified', 'subHidden', 'subVisible', 'special'];
  const cookies: Partial<Record<Role, Record<string, string>>> = {};

  beforeAll(async () => {
    const unq = await newAccount(t, '10.41.2.1');
    const q = await qualifiedAccount(t, '10.41.2.2');
    const subH = await newAccount(t, '10.41.2.3');
    const subV = await newAccount(t, '10.41.2.4');
    const vip = await qualifiedAccount(t, '10.41.2.5');
    await adopt(q, subH, false);
    await adopt(q, subV, true);
    await t.database.db.update(members).set({ loginName: 'vipboss02' }).where(eq(members.id, vip.memberId));
    cookies.anonymous = {};
    cookies.unqualified = unq.cookies;
    cookies.qualified = q.cookies;
    cookies.subHidden = subH.cookies;
    cookies.subVisible = subV.cookies;
    cookies.special = vip.cookies;
  });

  // HTTP status each role gets from each read-only call (writes are covered above).
  const EXPECTED: Record<string, Record<Role, number>> = {
    'memberShip/isLoginState': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 200, subVisible: 200, special: 200 },
    'UserCenter/getMembershipMenu': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 200, subVisible: 200, special: 200 },
    'myAccount/userCenter': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 200, subVisible: 200, special: 200 },
    'myAccount/home/data': { anonymous: 401, unqualified: 403, qualified: 200, subHidden: 200, subVisible: 200, special: 200 },
    'myAccount/getChild': { anonymous: 401, unqualified: 403, qualified: 200, subHidden: 200, subVisible: 200, special: 200 },
    'UserCenter/userNews': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 200, subVisible: 200, special: 200 },
    'myAccount/getCompanyQualification': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 403, subVisible: 200, special: 200 },
    'myAccount/queryCompanyQualification': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 403, subVisible: 200, special: 200 },
    'myAccount/queryContacts': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 403, subVisible: 200, special: 200 },
    'dataApi/checkCompanyQualification': { anonymous: 401, unqualified: 200, qualified: 200, subHidden: 200, subVisible: 200, special: 200 },
  };

  for (const [path, byRole] of Object.entries(EXPECTED)) {
    it(path, async () => {
      const got: Record<string, number> = {};
      for (const role of ROLES) got[role] = (await post(t, path, {}, { cookies: cookies[role] ?? {} })).statusCode;
      expect(got).toEqual(byRole);
    });
  }

  it('menus differ by role as spec 02 §6 says', async () => {
    const menu = async (role: Role) => (await post(t, 'UserCenter/getMembershipMenu', {}, { cookies: cookies[role] ?? {} })).json().data as number[];
    expect(await menu('subHidden')).not.toContain(105);
    expect(await menu('subVisible')).toContain(105);
    expect(await menu('subVisible')).not.toContain(15);
    expect(await menu('qualified')).toContain(15);
  });
});
