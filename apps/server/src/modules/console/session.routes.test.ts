// The console's sign-in and session: the authenticator enrolment, pauses, disabled operators,
// idle and logged-out sessions, and the console and the user center keeping their sessions apart.
import { CONSOLE_COOKIE, CONSOLE_MSG } from '@apimarket/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleAudit, operatorSessions } from '../../db/schema';
import { newAccount } from '../../test/account';
import { consolePost, consoleTestApp, newOperator, totpCode } from '../../test/console';
import { FORM, form, signed } from '../../test/harness';
import { post } from '../../test/identity';
import { createOperator } from './operators.service';

const { t, ops } = consoleTestApp();

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
    expect(res.json()).toMatchObject({
      code: 200,
      msg: CONSOLE_MSG.enrolled,
      data: { stage: 'done', operator: { username: 'first.timer', role: 'reviewer' } },
    });
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
      Array.from({ length: 12 }, () =>
        login({ username: op.username, password: op.password, code: '000000' === totpCode(op.secret) ? '111111' : '000000' }, '10.90.1.50'),
      ),
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
    const audit = await t.database.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.action, 'operator.disable'), eq(consoleAudit.targetId, String(op.id))));
    expect(audit).toHaveLength(1);
    expect((await consolePost(t, 'me', op)).json().code).toBe('ALL_0024');
    expect((await login({ username: op.username, password: op.password, code: totpCode(op.secret, 1) }, '10.90.2.1')).json()).toMatchObject({
      code: 'ALL_0021',
      msg: '运营账号已停用',
    });
  });

  it('ends a session after 30 idle minutes and on logout', async () => {
    const op = await newOperator(t, 'editor');
    await t.database.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(operatorSessions.operatorId, op.id));
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
});
