import { GRANTABLE_FEATURE_OPTIONS } from '@apimarket/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands';
import { balances, members, messages, outbox, purchases, sessions } from '../../db/schema';
import { approve, newAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { consolePost, consoleTestApp, expectRoleMatrix } from '../../test/console';
import { post } from '../../test/identity';

const { t, ops, auditOfAction: auditOf } = consoleTestApp();

let ipSerial = 0;
const account = () => newAccount(t, `10.93.0.${++ipSerial}`);
const admin = async (path: string, fields: Record<string, string> = {}) => (await consolePost(t, `members/${path}`, ops.admin, fields)).json();
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

let subSerial = 0;
async function addSub(parent: TestAccount): Promise<number> {
  const [row] = await t.database.db
    .insert(members)
    .values({ loginName: `sub${Date.now() % 1e6}x${++subSerial}`, mobile: '', passwordHash: 'x', parentId: parent.memberId })
    .returning({ id: members.id });
  if (!row) throw new Error('sub-account not stored');
  return row.id;
}

const idleFor = (memberId: number, days: number) =>
  t.database.db
    .update(members)
    .set({ lastLoginAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(members.id, memberId));

describe('who may manage members', () => {
  it('opens every call to admin only', async () => {
    const a = await account();
    const id = String(a.memberId);
    await expectRoleMatrix(t, 'members/list', 'members', {}, ops);
    await expectRoleMatrix(t, 'members/detail', 'members', { id }, ops);
    await expectRoleMatrix(t, 'members/features', 'members', { id, codes: 'default' }, ops);
    await expectRoleMatrix(t, 'members/flags', 'members', { id, securityFlagged: 'false' }, ops);
    await expectRoleMatrix(t, 'members/status', 'members', { id, status: 'active' }, ops);
    await expectRoleMatrix(t, 'members/dormant', 'members', {}, ops);
    await expectRoleMatrix(t, 'members/markClosure', 'members', { id }, ops);
    await expectRoleMatrix(t, 'members/unmarkClosure', 'members', { id }, ops);
  });
});

describe('console/members/list and detail', () => {
  it('finds members by login name, phone digits and company, masks phones and filters', async () => {
    const main = await account();
    await approve(t, main.memberId);
    const sub = await addSub(main);
    await t.database.db.update(members).set({ securityFlagged: true }).where(eq(members.id, main.memberId));

    const byName = await admin('list', { keyword: main.uName });
    expect(byName.total).toBe(1);
    expect(byName.rows[0]).toMatchObject({
      id: main.memberId,
      loginName: main.uName,
      mobile: masked(main.mobile),
      kind: 'main',
      status: 'active',
      securityFlagged: true,
      companyName: '上海测试数据科技有限公司',
      qualificationStatus: 'approved',
      closureMarkedAt: null,
    });
    expect(JSON.stringify(byName)).not.toContain(main.mobile);

    const byPhone = await admin('list', { keyword: main.mobile.slice(3) });
    expect(byPhone.rows.map((r: { id: number }) => r.id)).toEqual([main.memberId]);

    const byCompany = await admin('list', { keyword: '上海测试数据', kind: 'sub' });
    expect(byCompany.rows.find((r: { id: number }) => r.id === sub)).toMatchObject({
      kind: 'sub',
      parentLoginName: main.uName,
      companyName: '上海测试数据科技有限公司',
    });
    expect(byCompany.rows.every((r: { kind: string }) => r.kind === 'sub')).toBe(true);

    const flagged = await admin('list', { flagged: 'true', pageSize: '100' });
    expect(flagged.rows.every((r: { securityFlagged: boolean }) => r.securityFlagged)).toBe(true);
    expect(flagged.rows.map((r: { id: number }) => r.id)).toContain(main.memberId);
    expect((await admin('list', { status: 'disabled', keyword: main.uName })).total).toBe(0);

    expect((await admin('list', { status: 'gone' })).msg).toBe('请选择账号状态');
    expect((await admin('list', { flagged: 'maybe' })).msg).toBe('请选择是否加安全验证标记');
    expect((await admin('list', { kind: 'child' })).msg).toBe('账号类型不正确');
    expect((await admin('list', { keyword: 'a'.repeat(51) })).msg).toBe('关键词最多 50 个字');
  });

  it('shows the account facts: features, authentication, balance, purchases, sub-accounts', async () => {
    const main = await account();
    await approve(t, main.memberId);
    await addSub(main);
    await addSub(main);
    await t.database.db.insert(balances).values({ memberId: main.memberId, balanceFen: 12_345 });
    await t.database.db
      .insert(purchases)
      .values({ memberId: main.memberId, interfaceId: 1882, key: `k${main.memberId}`, expiresAt: new Date(Date.now() + 86_400_000) });

    const d = (await admin('detail', { id: String(main.memberId) })).data;
    expect(d).toMatchObject({
      loginName: main.uName,
      mobile: masked(main.mobile),
      status: 'active',
      securityFlagged: false,
      featureCodes: null,
      effectiveFeatures: [1, 7, 15],
      qualificationStatus: 'approved',
      qualificationLabel: '已认证',
      companyName: '上海测试数据科技有限公司',
      balanceFen: 12_345,
      purchases: 1,
      subAccounts: 2,
      dormant: false,
      closureMarkedAt: null,
    });
    expect(d.creditCode).toMatch(/^91310000MA/);
    expect(Date.parse(d.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const missing = await consolePost(t, 'members/detail', ops.admin, { id: '1' });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, '账号不存在']);
  });
});

describe('console/members/features and the features command', () => {
  it('grants only grantable codes, the menu follows, a repeat changes nothing, and both ways are audited', async () => {
    const a = await account();
    const id = String(a.memberId);
    const menu = async () => (await post(t, 'UserCenter/getMembershipMenu', {}, { cookies: a.cookies })).json().data;

    expect((await admin('features', { id, codes: '6,99' })).msg).toBe('不能开通的功能编码: 99（可用: 1,6,7,10,11,12,13,15）');
    expect((await admin('features', { id, codes: '6,x' })).msg).toBe('不能开通的功能编码: x（可用: 1,6,7,10,11,12,13,15）');
    expect((await admin('features', { id })).msg).toBe('请选择要开通的功能');

    expect(await admin('features', { id, codes: '13,6,11,6' })).toMatchObject({ msg: '开通的功能已更新', data: { changed: true } });
    expect(await menu()).toEqual([6, 11, 13, 100, 101, 102, 103, 104, 105, 106, 107]);
    const told = async () =>
      t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.memberId, a.memberId), eq(messages.title, '用户中心功能已更新')));
    expect((await told()).map((m) => m.body)).toEqual([
      `平台已为您的账号开通以下用户中心功能：${[6, 11, 13].map((c) => GRANTABLE_FEATURE_OPTIONS.find((o) => o.code === c)?.label).join('、')}。`,
    ]);
    expect(await admin('features', { id, codes: '6,11,13' })).toMatchObject({ msg: '开通的功能没有变化，未重复修改', data: { changed: false } });
    expect(await told()).toHaveLength(1); // a repeat tells nothing
    expect((await admin('detail', { id })).data).toMatchObject({ featureCodes: [6, 11, 13], effectiveFeatures: [6, 11, 13] });

    expect((await admin('features', { id, codes: '' })).msg).toBe('开通的功能已更新');
    expect(await menu()).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
    expect((await admin('features', { id, codes: 'default' })).msg).toBe('已恢复默认功能');
    expect((await admin('detail', { id })).data).toMatchObject({ featureCodes: null, effectiveFeatures: [1, 7, 15] });

    // The command line: the same rules, the same service, the same audit trail as 'cli'.
    const run = (...argv: string[]) => runCommand({ db: t.database.db }, argv);
    expect(await run('features', a.uName)).toBe(`${a.uName}: 默认`);
    await expect(run('features', a.uName, '6,99')).rejects.toThrow('不能开通的功能编码: 99（可用: 1,6,7,10,11,12,13,15）');
    expect(await run('features', a.uName, '13,6,11')).toBe(`${a.uName}: 已开通 6,11,13`);
    expect(await run('features', a.uName, '6,11,13')).toBe(`${a.uName}: 未变化，仍为6,11,13`);
    expect(await run('features', a.uName)).toBe(`${a.uName}: 6,11,13`);
    expect(await run('features', a.uName, 'default')).toBe(`${a.uName}: 已恢复默认`);
    await expect(run('features', 'nobody99')).rejects.toThrow('账号不存在');
    await expect(run('features', 'nobody99', '6')).rejects.toThrow('账号不存在');

    const audit = await auditOf('member.features', a.memberId);
    expect(audit.map((r) => [r.actor, r.after])).toEqual([
      [ops.admin.username, { featureCodes: [6, 11, 13] }],
      [ops.admin.username, { featureCodes: [] }],
      [ops.admin.username, { featureCodes: null }],
      ['cli', { featureCodes: [6, 11, 13] }],
      ['cli', { featureCodes: null }],
    ]);
  });
});

describe('console/members/flags and status', () => {
  it('a flagged account is asked for phone verification at login; flagging twice changes nothing', async () => {
    const a = await account();
    const id = String(a.memberId);
    const login = () => post(t, 'memberShip/postLogin', { name: a.uName, pwd: a.password }, { ip: `10.93.0.${ipSerial}` });
    expect((await login()).json().code).toBe(200);

    expect(await admin('flags', { id, securityFlagged: 'true' })).toMatchObject({
      msg: '已加上安全验证标记，该账号每次登录都需验证手机号',
      data: { changed: true },
    });
    expect(await admin('flags', { id, securityFlagged: 'true' })).toMatchObject({ msg: '该账号已有安全验证标记，未重复修改', data: { changed: false } });
    expect((await login()).json()).toMatchObject({ code: 'ALL_0050', mobile: masked(a.mobile) });

    expect((await admin('flags', { id, securityFlagged: 'false' })).msg).toBe('已取消安全验证标记');
    expect((await admin('flags', { id, securityFlagged: 'false' })).msg).toBe('该账号没有安全验证标记，未重复修改');
    expect((await admin('flags', { id, securityFlagged: 'yes' })).msg).toBe('请选择是否加安全验证标记');
    expect((await login()).json().code).toBe(200);
    expect((await auditOf('member.flag', a.memberId)).map((r) => r.after)).toEqual([{ securityFlagged: true }]);
    expect((await auditOf('member.unflag', a.memberId)).map((r) => r.after)).toEqual([{ securityFlagged: false }]);
  });

  it('disabling ends the member’s sessions and refuses the login; enabling lets them back', async () => {
    const a = await account();
    const id = String(a.memberId);
    const state = () => post(t, 'memberShip/isLoginState', {}, { cookies: a.cookies });
    expect((await state()).json().code).toBe(200);

    expect(await admin('status', { id, status: 'disabled' })).toMatchObject({ msg: '账号已停用，该账号的登录已全部失效', data: { changed: true } });
    expect(await admin('status', { id, status: 'disabled' })).toMatchObject({ msg: '账号已是「已停用」状态，未重复修改', data: { changed: false } });
    expect((await state()).json().code).toBe('ALL_0024');
    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.memberId, a.memberId), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
    const login = () => post(t, 'memberShip/postLogin', { name: a.uName, pwd: a.password }, { ip: `10.93.0.${ipSerial}` });
    expect((await login()).json().code).toBe('ALL_0021');
    expect((await admin('list', { keyword: a.uName, status: 'disabled' })).total).toBe(1);

    expect((await admin('status', { id, status: 'active' })).msg).toBe('账号已启用');
    expect((await admin('status', { id, status: 'active' })).msg).toBe('账号已是「正常」状态，未重复修改');
    expect((await admin('status', { id, status: 'deleted' })).msg).toBe('请选择账号状态');
    expect((await login()).json().code).toBe(200);
    expect((await auditOf('member.disable', a.memberId)).map((r) => [r.before, r.after])).toEqual([[{ status: 'active' }, { status: 'disabled' }]]);
    expect(await auditOf('member.enable', a.memberId)).toHaveLength(1);
    expect((await consolePost(t, 'members/status', ops.admin, { id: '1', status: 'disabled' })).json().msg).toBe('账号不存在');
  });
});

describe('a disabled account calls nothing', () => {
  it('its keys answer SYSTEM_005 uncharged, its sub-accounts lose their sessions and logins, and enabling restores all', async () => {
    const a = await account();
    await approve(t, a.memberId);
    const key = await buyCheapest(t, a, 1882);
    const call = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/communication/personal/1882',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }).toString(),
        })
      ).json();
    const left = async () => (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n;
    expect((await call()).code).toBe('10000');
    const before = await left();

    const sub = await account();
    const subIp = `10.93.0.${ipSerial}`; // where it registered: a known place, no phone check
    await t.database.db.update(members).set({ parentId: a.memberId }).where(eq(members.id, sub.memberId));
    const subState = () => post(t, 'memberShip/isLoginState', {}, { cookies: sub.cookies });
    expect((await subState()).json().code).toBe(200);

    expect((await admin('status', { id: String(a.memberId), status: 'disabled' })).data.changed).toBe(true);
    expect(await call()).toMatchObject({ code: 'SYSTEM_005', message: '账号已停用，请联系客服' });
    expect(await left()).toBe(before);
    expect((await subState()).json().code).toBe('ALL_0024');
    expect((await post(t, 'memberShip/postLogin', { name: sub.uName, pwd: sub.password }, { ip: subIp })).json().code).toBe('ALL_0021');

    expect((await admin('status', { id: String(a.memberId), status: 'active' })).data.changed).toBe(true);
    expect((await call()).code).toBe('10000');
    expect((await post(t, 'memberShip/postLogin', { name: sub.uName, pwd: sub.password }, { ip: subIp })).json().code).toBe(200);
  });
});

describe('dormant accounts (Decision 9)', () => {
  it('lists main accounts unseen for six months, as many as the console home counts', async () => {
    const idle = await account();
    const recent = await account();
    const idleSub = await addSub(idle);
    await idleFor(idle.memberId, 200);
    await idleFor(recent.memberId, 100);
    await t.database.db
      .update(members)
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(members.id, idleSub));

    const page = await admin('dormant', { pageSize: '100' });
    const ids = page.rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(idle.memberId);
    expect(ids).not.toContain(recent.memberId);
    expect(ids).not.toContain(idleSub);
    expect(page.rows.find((r: { id: number }) => r.id === idle.memberId)).toMatchObject({
      loginName: idle.uName,
      mobile: masked(idle.mobile),
      idleDays: 200,
      closureMarkedAt: null,
    });
    const overview = (await consolePost(t, 'overview', ops.admin)).json().data;
    expect(overview.dormant).toBe(page.total);
    expect((await admin('detail', { id: String(idle.memberId) })).data.dormant).toBe(true);
  });

  it('marks an account for closure once: one message, one SMS; then unmarks it', async () => {
    const a = await account();
    await idleFor(a.memberId, 190);
    const id = String(a.memberId);
    const sms = () =>
      t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, a.mobile), eq(outbox.channel, 'sms')));
    const smsBefore = (await sms()).length;
    const inbox = async () => (await post(t, 'UserCenter/userNews', {}, { cookies: a.cookies })).json().rows;
    const messagesBefore = (await inbox()).length;
    const dormantBefore = (await consolePost(t, 'overview', ops.admin)).json().data.dormant;

    expect(await admin('markClosure', { id })).toMatchObject({ msg: '已标记待注销，并已通知账号本人', data: { changed: true } });
    expect(await admin('markClosure', { id })).toMatchObject({ msg: '该账号此前已标记待注销，未重复通知', data: { changed: false } });

    const rows = await inbox();
    expect(rows).toHaveLength(messagesBefore + 1);
    expect(rows[0]).toMatchObject({ kind: 'account', title: '账号长期未登录，已标记待注销' });
    expect(rows[0].summary).toContain(`您的账号 ${a.uName} 已连续6个月未登录`);
    const texts = (await sms()).slice(smsBefore);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain(`您的数据API市场账号${a.uName}已连续6个月未登录，已标记待注销`);

    expect((await consolePost(t, 'overview', ops.admin)).json().data.dormant).toBe(dormantBefore - 1);
    expect((await admin('dormant', { pageSize: '100' })).rows.map((r: { id: number }) => r.id)).not.toContain(a.memberId);
    const marked = await admin('dormant', { marked: 'true', pageSize: '100' });
    expect(marked.rows.find((r: { id: number }) => r.id === a.memberId)?.closureMarkedAt).toEqual(expect.any(String));
    expect((await admin('detail', { id })).data.closureMarkedAt).toEqual(expect.any(String));

    expect(await admin('unmarkClosure', { id })).toMatchObject({ msg: '已取消待注销标记', data: { changed: true } });
    expect(await admin('unmarkClosure', { id })).toMatchObject({ msg: '该账号没有待注销标记，未重复修改', data: { changed: false } });
    expect((await admin('dormant', { pageSize: '100' })).rows.map((r: { id: number }) => r.id)).toContain(a.memberId);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, a.memberId));
    expect(row?.closureMarkedAt).toBeNull();

    expect(await auditOf('member.markClosure', a.memberId)).toHaveLength(1);
    expect(await auditOf('member.unmarkClosure', a.memberId)).toHaveLength(1);
  });

  it('refuses to mark an account seen lately, or a sub-account', async () => {
    const a = await account();
    const sub = await addSub(a);
    expect((await admin('markClosure', { id: String(a.memberId) })).msg).toBe('该账号近6个月内登录过，不能标记待注销');
    expect((await admin('markClosure', { id: String(sub) })).msg).toBe('子账号随主账号处理，不能单独标记待注销');
    expect((await admin('markClosure', { id: 'x' })).msg).toBe('账号不存在');
    const [row] = await t.database.db.select().from(members).where(eq(members.id, a.memberId));
    expect(row?.closureMarkedAt).toBeNull();
  });
});
