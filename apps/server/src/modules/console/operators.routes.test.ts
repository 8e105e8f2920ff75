// 运营账号: operators created, disabled and reset from the console and the command line, each
// change in the audit trail; the first admin of an empty console.
import { CONSOLE_MSG } from '@apimarket/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands';
import { consoleAudit, operators } from '../../db/schema';
import { consolePost, consoleTestApp, expectRoleMatrix, newOperator } from '../../test/console';
import { buildTestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { seedFirstAdmin } from './operators.service';

const { t, ops } = consoleTestApp();

const login = (fields: Record<string, string>, ip = '10.90.0.1') => post(t, 'console/login', fields, { ip });

describe('the role matrix', () => {
  it('applies the role matrix to operator accounts', async () => {
    await expectRoleMatrix(t, 'operators/list', 'operators', {}, ops);
    await expectRoleMatrix(t, 'operators/create', 'operators', { username: 'matrix.x', role: 'sales' }, ops);
    await expectRoleMatrix(t, 'operators/status', 'operators', { id: String(ops.sales.id), status: 'active' }, ops);
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
    expect(audit.rows[0]).toMatchObject({
      actor: ops.admin.username,
      action: 'operator.create',
      targetType: 'operator',
      after: { username: 'new.finance', role: 'finance' },
    });
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
    const rows = await t.database.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.action, 'operator.reset'), eq(consoleAudit.targetId, String(op.id))));
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
