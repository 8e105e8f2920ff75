import { CONSOLE_COOKIE, CONSOLE_MSG, type OperatorRole } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../console/commands';
import { consoleAudit, members, operatorSessions, operators, pageViews, qualifications } from '../../db/schema';
import { newAccount } from '../../test/account';
import { consolePost, expectRoleMatrix, newOperator, type TestOperator, totpCode } from '../../test/console';
import { buildTestApp, FORM, form, signed, type TestApp } from '../../test/harness';
import { get, post } from '../../test/identity';
import { createOperator, seedFirstAdmin } from './operators.service';

let t: TestApp;
const ops = {} as Record<OperatorRole, TestOperator>;
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['admin', 'reviewer', 'finance', 'sales', 'editor'] as const) ops[role] = await newOperator(t, role);
});
afterAll(() => t.close());

const login = (fields: Record<string, string>, ip = '10.90.0.1') => post(t, 'console/login', fields, { ip });

describe('operator sign-in', () => {
  it('offers an authenticator on the first sign-in and opens a session only after its first code', async () => {
    const { password } = await createOperator(t.database.db, { username: 'first.timer', role: 'reviewer' });
    const first = (await login({ username: 'first.timer', password })).json();
    expect(first.msg).toBe(CONSOLE_MSG.enroll);
    expect(first.data.stage).toBe('enroll');
    expect(first.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.data.uri).toContain('otpauth://totp/');
    expect(first.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await post(t, 'console/enroll', { username: 'first.timer', password, code: '000000' === totpCode(first.data.secret) ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ code: 'ALL_0001', msg: CONSOLE_MSG.codeWrong });
    expect(wrong.cookies.find((c) => c.name === CONSOLE_COOKIE.name)).toBeUndefined();

    const res = await post(t, 'console/enroll', { username: 'first.timer', password, code: totpCode(first.data.secret) });
    expect(res.json()).toMatchObject({ code: 200, msg: CONSOLE_MSG.enrolled, data: { stage: 'done', operator: { username: 'first.timer', role: 'reviewer' } } });
    const cookie = res.cookies.find((c) => c.name === CONSOLE_COOKIE.name);
    expect(cookie).toMatchObject({ path: '/apiHome/console', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.maxAge).toBeUndefined(); // ends with the browser

    const me = (await consolePost(t, 'me', null, {}, { cookies: { consoleToken: cookie?.value ?? '' } })).json();
    expect(me.data).toEqual({ id: me.data.id, username: 'first.timer', role: 'reviewer', areas: ['overview', 'qualifications', 'payTests'] });

    // Enrolled: the password alone no longer signs in, and a code is good once.
    expect((await login({ username: 'first.timer', password })).json()).toMatchObject({ code: 'ALL_0001', msg: CONSOLE_MSG.codeRequired });
    const next = totpCode(first.data.secret, 1);
    expect((await login({ username: 'first.timer', password, code: next })).json().msg).toBe(CONSOLE_MSG.loggedIn);
    expect((await login({ username: 'first.timer', password, code: next })).json()).toMatchObject({ code: 'ALL_0001', msg: CONSOLE_MSG.codeWrong });
  });

  it('answers a wrong password and an unknown operator alike, then pauses that place after five tries', async () => {
    const { password } = await createOperator(t.database.db, { username: 'pause.me', role: 'sales' });
    const unknown = (await login({ username: 'nobody.here', password: 'x1234567890' }, '10.90.1.1')).json();
    const wrong = (await login({ username: 'pause.me', password: 'wrong-pass1' }, '10.90.1.2')).json();
    expect(unknown).toEqual({ code: 'ALL_0020', msg: '账号或密码错误' });
    expect(wrong).toEqual(unknown);
    for (let i = 0; i < 4; i++) await login({ username: 'pause.me', password: 'wrong-pass1' }, '10.90.1.2');
    // That place is paused, even with the right password…
    const paused = await login({ username: 'pause.me', password }, '10.90.1.2');
    expect([paused.statusCode, paused.json().msg]).toEqual([429, '登录失败次数过多，请15分钟后再试']);
    // …but a stranger's five guesses do not lock the operator out from their own desk.
    expect((await login({ username: 'pause.me', password }, '10.90.1.3')).json().data.stage).toBe('enroll');
  });

  it('counts parallel guesses before checking them, so a burst gets no more tries than a sequence', async () => {
    const op = await newOperator(t, 'sales');
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => login({ username: op.username, password: op.password, code: '000000' === totpCode(op.secret) ? '111111' : '000000' }, '10.90.1.50')),
    );
    const codes = burst.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'ALL_0012')).toHaveLength(7);
    expect(codes.filter((c) => c === 'ALL_0001')).toHaveLength(5);
  });

  it('refuses a disabled operator, and their open sessions end', async () => {
    const op = await newOperator(t, 'sales');
    expect((await consolePost(t, 'me', op)).json().code).toBe(200);
    const res = await consolePost(t, 'operators/status', ops.admin, { id: String(op.id), status: 'disabled' });
    expect(res.json().msg).toBe('已停用，该账号的登录已全部失效');
    const again = (await consolePost(t, 'operators/status', ops.admin, { id: String(op.id), status: 'disabled' })).json();
    expect(again).toMatchObject({ msg: '该账号已是停用状态，未重复修改', data: { changed: false } });
    const audit = await t.database.db.select().from(consoleAudit).where(and(eq(consoleAudit.action, 'operator.disable'), eq(consoleAudit.targetId, String(op.id))));
    expect(audit).toHaveLength(1);
    expect((await consolePost(t, 'me', op)).json().code).toBe('ALL_0024');
    expect((await login({ username: op.username, password: op.password, code: totpCode(op.secret, 1) }, '10.90.2.1')).json()).toMatchObject({ code: 'ALL_0021', msg: '运营账号已停用' });
  });

  it('ends a session after 30 idle minutes and on logout', async () => {
    const op = await newOperator(t, 'editor');
    await t.database.db.update(operatorSessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(operatorSessions.operatorId, op.id));
    expect((await consolePost(t, 'overview', op)).json().code).toBe('ALL_0024');
    const again = await login({ username: op.username, password: op.password, code: totpCode(op.secret, 1) }, '10.90.3.1');
    const cookies = { consoleToken: again.cookies.find((c) => c.name === CONSOLE_COOKIE.name)?.value ?? '' };
    expect((await consolePost(t, 'overview', null, {}, { cookies })).json().code).toBe(200);
    const out = await consolePost(t, 'logout', null, {}, { cookies });
    expect(out.json().msg).toBe('已退出登录');
    expect((await consolePost(t, 'overview', null, {}, { cookies })).json().code).toBe('ALL_0024');
  });
});

describe('the console and the user center keep their sessions apart', () => {
  it('a member session never opens the console, and an operator session never opens the user center', async () => {
    const member = await newAccount(t, '10.90.4.1');
    for (const path of ['me', 'overview', 'audit/list', 'operators/list']) {
      const res = await consolePost(t, path, null, {}, { cookies: member.cookies });
      expect([res.statusCode, res.json().code], path).toEqual([401, 'ALL_0024']);
    }
    const uc = await post(t, 'memberShip/isLoginState', {}, { cookies: ops.admin.cookies });
    expect(uc.json().code).toBe('ALL_0024');
  });

  it('refuses a cross-site write carrying the console cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiHome/console/overview',
      headers: { ...FORM, origin: 'https://evil.example' },
      cookies: ops.admin.cookies,
      payload: form(signed(t.config)),
    });
    expect(res.json().code).toBe('ALL_0009');
  });

  it('applies the role matrix to the shared areas', async () => {
    await expectRoleMatrix(t, 'overview', 'overview', {}, ops);
    await expectRoleMatrix(t, 'pageViews/list', 'pageViews', {}, ops);
    await expectRoleMatrix(t, 'audit/list', 'audit', {}, ops);
    await expectRoleMatrix(t, 'operators/list', 'operators', {}, ops);
    await expectRoleMatrix(t, 'operators/create', 'operators', { username: 'matrix.x', role: 'sales' }, ops);
    await expectRoleMatrix(t, 'operators/status', 'operators', { id: String(ops.sales.id), status: 'active' }, ops);
  });
});

describe('the console home', () => {
  it('counts the queues each role works, and only those', async () => {
    const member = await newAccount(t, '10.90.5.1');
    await t.database.db.insert(qualifications).values({
      memberId: member.memberId,
      status: 'pending',
      companyName: '上海待审数据有限公司',
      creditCode: '91310000MA1FL8TQ4X',
      legalPerson: '王五',
      licencePath: '',
      licenceType: 'image/png',
    });
    const admin = (await consolePost(t, 'overview', ops.admin)).json().data;
    expect(Object.keys(admin).sort()).toEqual(['dormant', 'leads', 'payTests', 'qualifications', 'recharges', 'refunds']);
    expect(admin.qualifications).toBeGreaterThanOrEqual(1);
    expect(Object.keys((await consolePost(t, 'overview', ops.reviewer)).json().data).sort()).toEqual(['payTests', 'qualifications']);
    expect(Object.keys((await consolePost(t, 'overview', ops.finance)).json().data).sort()).toEqual(['recharges', 'refunds']);
    expect(Object.keys((await consolePost(t, 'overview', ops.sales)).json().data)).toEqual(['leads']);
    expect((await consolePost(t, 'overview', ops.editor)).json().data).toEqual({});
  });

  it('counts an account idle for six months as dormant (Decision 9)', async () => {
    const before = (await consolePost(t, 'overview', ops.admin)).json().data.dormant;
    const idle = await newAccount(t, '10.90.5.2');
    await t.database.db.update(members).set({ lastLoginAt: new Date(Date.now() - 200 * 86_400_000) }).where(eq(members.id, idle.memberId));
    expect((await consolePost(t, 'overview', ops.admin)).json().data.dormant).toBe(before + 1);
  });

  it('sums page views by path and by day over the range asked', async () => {
    await t.database.db.insert(pageViews).values([
      { path: '/api', day: '2026-11-01', views: 7 },
      { path: '/api', day: '2026-11-02', views: 3 },
      { path: '/news', day: '2026-11-02', views: 4 },
      { path: '/news', day: '2026-10-01', views: 100 },
    ]);
    const res = (await consolePost(t, 'pageViews/list', ops.sales, { from: '2026-11-01', to: '2026-11-02' })).json();
    expect(res.data).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
      total: 14,
      paths: [
        { path: '/api', views: 10 },
        { path: '/news', views: 4 },
      ],
      days: [
        { day: '2026-11-01', views: 7 },
        { day: '2026-11-02', views: 7 },
      ],
    });
    expect((await consolePost(t, 'pageViews/list', ops.sales, { from: '2026-11-03', to: '2026-11-01' })).json().msg).toBe('开始日期不能晚于结束日期');
    expect((await consolePost(t, 'pageViews/list', ops.sales, { from: '2025-01-01', to: '2026-11-01' })).json().msg).toBe('查询范围最多 366 天');
  });
});

describe('operator accounts and the audit trail', () => {
  it('creates an operator with a one-time password, and the audit log names who did it', async () => {
    const res = (await consolePost(t, 'operators/create', ops.admin, { username: 'new.finance', role: 'finance' })).json();
    expect(res.msg).toBe('运营账号已创建，请把初始密码当面交给本人');
    expect(res.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{16}$/);
    expect((await consolePost(t, 'operators/create', ops.admin, { username: 'new.finance', role: 'finance' })).json().msg).toBe(CONSOLE_MSG.operatorExists);
    expect((await consolePost(t, 'operators/create', ops.admin, { username: 'x', role: 'finance' })).json().msg).toBe(CONSOLE_MSG.username);
    expect((await consolePost(t, 'operators/create', ops.admin, { username: 'fine.name', role: 'boss' })).json().msg).toBe(CONSOLE_MSG.role);

    const audit = (await consolePost(t, 'audit/list', ops.admin, { action: 'operator.create', actor: ops.admin.username })).json();
    expect(audit.rows[0]).toMatchObject({ actor: ops.admin.username, action: 'operator.create', targetType: 'operator', after: { username: 'new.finance', role: 'finance' } });
    expect(audit.rows[0].ip).toBe('127.0.0.1');
  });

  it('refuses to disable oneself', async () => {
    const res = await consolePost(t, 'operators/status', ops.admin, { id: String(ops.admin.id), status: 'disabled' });
    expect([res.statusCode, res.json().msg]).toEqual([403, CONSOLE_MSG.selfDisable]);
  });

  it('resets a password and the authenticator from the console and from the command line', async () => {
    const op = await newOperator(t, 'editor');
    const res = (await consolePost(t, 'operators/reset', ops.admin, { id: String(op.id) })).json();
    expect(res.msg).toBe('已重置密码并解绑身份验证器，请把新密码当面交给本人');
    expect((await consolePost(t, 'me', op)).json().code).toBe('ALL_0024');
    expect((await login({ username: op.username, password: res.data.password }, '10.90.6.1')).json().data.stage).toBe('enroll');

    const out = await runCommand({ db: t.database.db }, ['reset-operator', op.username]);
    expect(out).toMatch(/^运营账号 .+ 的密码已重置，身份验证器已解绑\n新密码: \S{16}\n/);
    const rows = await t.database.db.select().from(consoleAudit).where(and(eq(consoleAudit.action, 'operator.reset'), eq(consoleAudit.targetId, String(op.id))));
    expect(rows.map((r) => r.actor).sort()).toEqual([ops.admin.username, 'cli'].sort());
  });

  it('seeds the first admin of an empty console once, and never beside existing operators', async () => {
    const fresh = await buildTestApp();
    try {
      const password = await seedFirstAdmin(fresh.database.db);
      expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{16}$/);
      expect(await seedFirstAdmin(fresh.database.db)).toBeNull();
      const rows = await fresh.database.db.select({ username: operators.username, role: operators.role }).from(operators);
      expect(rows).toEqual([{ username: 'admin', role: 'admin' }]);
      // The printed password signs in (and asks for the authenticator next).
      const first = await post(fresh, 'console/login', { username: 'admin', password: password ?? '' });
      expect(first.json().data.stage).toBe('enroll');
    } finally {
      await fresh.close();
    }
  });

  it('creates operators from the command line, printing the password once', async () => {
    const out = await runCommand({ db: t.database.db }, ['create-operator', 'cli.sales', 'sales']);
    expect(out).toMatch(/^运营账号 cli\.sales（销售）已创建\n初始密码: \S{16}\n首次登录 \/console 时绑定身份验证器$/);
    await expect(runCommand({ db: t.database.db }, ['create-operator', 'cli.sales', 'sales'])).rejects.toThrow(CONSOLE_MSG.operatorExists);
    await expect(runCommand({ db: t.database.db }, ['create-operator', 'cli.boss', 'boss'])).rejects.toThrow(CONSOLE_MSG.role);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.username, 'cli.sales'));
    expect(row?.role).toBe('sales');
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});

describe('console/audit/export', () => {
  const readBook = async (payload: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(payload).buffer);
    const rows: unknown[][] = [];
    book.getWorksheet('操作日志')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };
  const exports = () => t.database.db.select().from(consoleAudit).where(eq(consoleAudit.action, 'audit.export')).orderBy(consoleAudit.id);

  it('is for admins only', async () => {
    const anonymous = await get(t, 'console/audit/export');
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'ALL_0024']);
    for (const role of ['reviewer', 'finance', 'sales', 'editor'] as const) {
      const res = await get(t, 'console/audit/export', {}, { cookies: ops[role].cookies });
      expect([res.statusCode, res.json().code], role).toEqual([403, 'ALL_0010']);
    }
    expect((await get(t, 'console/audit/export', {}, { cookies: ops.admin.cookies })).statusCode).toBe(200);
  });

  it('exports the records of the filters with their before and after, and records the export itself', async () => {
    const id = (await consolePost(t, 'operators/create', ops.admin, { username: 'audit.export', role: 'editor' })).json().data.id as number;
    await runCommand({ db: t.database.db }, ['reset-operator', 'audit.export']);
    const target = and(eq(consoleAudit.targetType, 'operator'), eq(consoleAudit.targetId, String(id)));
    // 00:30 and 23:40 China time on 1 March: both that China day, though the first is still 28 February in UTC.
    await t.database.db.update(consoleAudit).set({ createdAt: new Date('2026-02-28T16:30:00Z') }).where(and(target, eq(consoleAudit.action, 'operator.create')));
    await t.database.db.update(consoleAudit).set({ createdAt: new Date('2026-03-01T15:40:00Z') }).where(and(target, eq(consoleAudit.action, 'operator.reset')));

    const filter = { action: 'operator', targetType: 'operator', targetId: String(id), from: '2026-03-01', to: '2026-03-01' };
    const res = await get(t, 'console/audit/export', filter, { cookies: ops.admin.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="audit\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition)).toMatch(/操作日志-\d{8}\.xlsx$/);

    const rows = await readBook(res.rawPayload);
    expect(rows[0]).toEqual(['时间', '操作人', '操作', '操作说明', '对象类型', '对象编号', '操作前', '操作后', 'IP']);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.slice(0, 6)).toEqual(['2026-03-01 23:40:00', '命令行（cli）', 'operator.reset', '重置运营账号密码', 'operator', String(id)]);
    expect(rows[2]).toEqual(['2026-03-01 00:30:00', ops.admin.username, 'operator.create', '创建运营账号', 'operator', String(id), '', '{"role":"editor","username":"audit.export"}', '127.0.0.1']);

    expect((await exports()).at(-1)).toMatchObject({ actor: ops.admin.username, targetType: 'audit', targetId: '*', after: { filter, rows: 2 } });
    // The next China day holds neither record.
    expect(await readBook((await get(t, 'console/audit/export', { ...filter, from: '2026-03-02', to: '2026-03-02' }, { cookies: ops.admin.cookies })).rawPayload)).toHaveLength(1);
  });

  it('refuses more than 10 000 records in one file, and then records no export', async () => {
    await t.database.db.execute(
      sql`insert into console_audit (actor, action, target_type, target_id) select 'bulk', 'bulkexport.test', 'bulk', g::text from generate_series(1, 10001) g`,
    );
    const before = (await exports()).length;
    const res = await get(t, 'console/audit/export', { action: 'bulkexport' }, { cookies: ops.admin.cookies });
    expect([res.statusCode, res.json().msg]).toEqual([400, '一次最多导出 10,000 条操作记录，请缩小筛选范围后再导出']);
    expect(await exports()).toHaveLength(before);
  });
});
