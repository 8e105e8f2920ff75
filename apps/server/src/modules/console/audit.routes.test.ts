// 操作日志: the audit trail's list and its xlsx export for the auditors.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands';
import { consoleAudit } from '../../db/schema';
import { consolePost, consoleTestApp } from '../../test/console';
import { get } from '../../test/identity';
import { expectXlsxDownload, readSheet } from '../../test/xlsx';

const { t, ops, describeRoleMatrix } = consoleTestApp();

describeRoleMatrix('audit', { 'audit/list': {} });

describe('console/audit/export', () => {
  const readBook = async (payload: Buffer) => (await readSheet(payload, '操作日志')).rows;
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
    await t.database.db
      .update(consoleAudit)
      .set({ createdAt: new Date('2026-02-28T16:30:00Z') })
      .where(and(target, eq(consoleAudit.action, 'operator.create')));
    await t.database.db
      .update(consoleAudit)
      .set({ createdAt: new Date('2026-03-01T15:40:00Z') })
      .where(and(target, eq(consoleAudit.action, 'operator.reset')));

    const filter = { action: 'operator', targetType: 'operator', targetId: String(id), from: '2026-03-01', to: '2026-03-01' };
    const res = await get(t, 'console/audit/export', filter, { cookies: ops.admin.cookies });
    expectXlsxDownload(res, 'audit', '操作日志');

    const rows = await readBook(res.rawPayload);
    expect(rows[0]).toEqual(['时间', '操作人', '操作', '操作说明', '对象类型', '对象编号', '操作前', '操作后', 'IP']);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.slice(0, 6)).toEqual(['2026-03-01 23:40:00', '命令行（cli）', 'operator.reset', '重置运营账号密码', 'operator', String(id)]);
    expect(rows[2]).toEqual([
      '2026-03-01 00:30:00',
      ops.admin.username,
      'operator.create',
      '创建运营账号',
      'operator',
      String(id),
      '',
      '{"role":"editor","username":"audit.export"}',
      '127.0.0.1',
    ]);

    expect((await exports()).at(-1)).toMatchObject({ actor: ops.admin.username, targetType: 'audit', targetId: '*', after: { filter, rows: 2 } });
    // The next China day holds neither record.
    expect(
      await readBook((await get(t, 'console/audit/export', { ...filter, from: '2026-03-02', to: '2026-03-02' }, { cookies: ops.admin.cookies })).rawPayload),
    ).toHaveLength(1);
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
