import { CONSOLE_MSG } from '@apimarket/contracts';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qualifications } from '../../db/schema';
import { creditCode, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { consolePost, consoleTestApp, queueCalls } from '../../test/console';
import { postMultipart } from '../../test/identity';

const { t, ops, run, as, inbox, auditOf, describeRoleMatrix } = consoleTestApp();

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(128, 3)]);

/** Submit an enterprise authentication the way the member's page does; answers the application id. */
async function submitQualification(a: TestAccount, companyName: string, code = creditCode()): Promise<number> {
  const fields = { companyName, creditCode: code, legalPerson: '赵六' };
  const res = await postMultipart(
    t,
    'myAccount/companyQualification',
    fields,
    { name: '营业执照.png', content: PNG, type: 'image/png' },
    { cookies: a.cookies },
  );
  expect(res.json().code, res.body).toBe(200);
  const [row] = await t.database.db
    .select({ id: qualifications.id })
    .from(qualifications)
    .where(eq(qualifications.memberId, a.memberId))
    .orderBy(desc(qualifications.id))
    .limit(1);
  return row?.id ?? 0;
}

const licence = (id: number, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/apiHome/console/qualifications/licence/${id}`, cookies });

describeRoleMatrix('qualifications', queueCalls('qualifications', 'approve'));

describe('who may work the enterprise authentication queue', () => {
  it('shows the licence image to a reviewer only, never cached', async () => {
    const a = await newAccount(t, '10.95.0.1');
    const id = await submitQualification(a, '南京执照预览科技有限公司');
    const img = await licence(id, ops.reviewer.cookies);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('private, no-store');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // The member's own session does not open the console's copy; nor does nobody's; nor finance.
    for (const cookies of [a.cookies, {}]) {
      const res = await licence(id, cookies);
      expect([res.statusCode, res.json().code]).toEqual([401, 'ALL_0024']);
    }
    expect((await licence(id, ops.finance.cookies)).json().code).toBe('ALL_0010');
    expect((await licence(999999, ops.admin.cookies)).json()).toEqual({ code: 'ALL_0011', msg: '营业执照图片不存在' });
  });
});

describe('enterprise authentication queue', () => {
  it('lists waiting applications first with counts, finds them by company, login name or credit code', async () => {
    const a = await newAccount(t, '10.95.1.1');
    const code = creditCode();
    const id = await submitQualification(a, '苏州队列检索数据有限公司', code);
    const list = (await consolePost(t, 'qualifications/list', ops.reviewer)).json();
    expect(list.rows[0]).toMatchObject({
      id,
      loginName: a.uName,
      companyName: '苏州队列检索数据有限公司',
      creditCode: code,
      legalPerson: '赵六',
      status: 'pending',
      statusLabel: '待审核',
    });
    expect(list.rows.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(list.total).toBe(list.counts.pending);
    expect(list.counts.all).toBe(list.counts.pending + list.counts.approved + list.counts.rejected + list.counts.revoked);

    for (const keyword of ['队列检索', a.uName.toUpperCase(), code.toLowerCase()]) {
      const found = (await consolePost(t, 'qualifications/list', ops.reviewer, { keyword })).json();
      expect(
        found.rows.map((r: { id: number }) => r.id),
        keyword,
      ).toEqual([id]);
      expect(found.counts).toMatchObject({ pending: 1, all: 1 });
    }
    expect((await consolePost(t, 'qualifications/list', ops.reviewer, { keyword: '不存在的公司%' })).json()).toMatchObject({ rows: [], total: 0 });

    // Every status: the waiting ones still come first.
    await qualifiedAccount(t, '10.95.1.2');
    const every = (await consolePost(t, 'qualifications/list', ops.admin, { status: 'all', pageSize: '100' })).json();
    const statuses: string[] = every.rows.map((r: { status: string }) => r.status);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('approved'));
    expect(
      (await consolePost(t, 'qualifications/list', ops.admin, { status: 'approved' })).json().rows.every((r: { status: string }) => r.status === 'approved'),
    ).toBe(true);
  });

  it('rejects with a reason once, tells the member, and the detail shows the earlier application', async () => {
    const a = await newAccount(t, '10.95.2.1');
    await as(a, 'memberShip/postRepresent', { contacter: '钱七', contactMobile: '13700002222', email: 'qq@example.cn', position: '财务经理' });
    const first = await submitQualification(a, '无锡驳回示例有限公司');
    const decide = (fields: Record<string, string>, op = ops.reviewer) => consolePost(t, 'qualifications/decide', op, { id: String(first), ...fields });

    expect((await decide({ decision: 'reject' })).json()).toEqual({ code: 'ALL_0001', msg: CONSOLE_MSG.reasonRequired });
    expect((await decide({ decision: 'reject', reason: '   ' })).json().msg).toBe('请填写驳回原因');
    expect((await decide({ decision: 'reject', reason: '长'.repeat(201) })).json().msg).toBe('原因最多 200 字');
    expect((await decide({ decision: 'maybe' })).json().msg).toBe('请选择处理结果');
    expect((await consolePost(t, 'qualifications/decide', ops.reviewer, { decision: 'approve' })).json().msg).toBe('请选择要处理的申请');

    const rejected = (await decide({ decision: 'reject', reason: '营业执照已过期' })).json();
    expect(rejected).toMatchObject({
      code: 200,
      msg: '企业认证已驳回，已通知客户',
      data: { changed: true, row: { id: first, status: 'rejected', statusLabel: '已驳回', reason: '营业执照已过期', decidedBy: ops.reviewer.username } },
    });
    const again = (await decide({ decision: 'reject', reason: '营业执照已过期' })).json();
    expect(again).toMatchObject({ code: 200, msg: '该企业认证此前已驳回，未重复处理', data: { changed: false } });
    expect((await decide({ decision: 'approve' })).json()).toEqual({ code: 'ALL_0013', msg: '该申请已处理，不能再次审核' });

    const told = await inbox(a, '企业认证未通过');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('原因：营业执照已过期');
    const audit = await auditOf('qualification', first);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: ops.reviewer.username,
      operatorId: ops.reviewer.id,
      action: 'qualification.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', reason: '营业执照已过期' },
    });

    const second = await submitQualification(a, '无锡驳回示例有限公司');
    const detail = (await consolePost(t, 'qualifications/detail', ops.reviewer, { id: String(second) })).json().data;
    expect(detail).toMatchObject({
      id: second,
      loginName: a.uName,
      status: 'pending',
      licenceUrl: `/apiHome/console/qualifications/licence/${second}`,
      contacts: { contacter: '钱七', contactMobile: '13700002222', email: 'qq@example.cn', position: '财务经理' },
    });
    expect(detail.history).toEqual([expect.objectContaining({ id: first, status: 'rejected', reason: '营业执照已过期' })]);
    // The whole contact phone was shown: that is on the record.
    expect((await auditOf('qualification', second)).map((r) => [r.actor, r.action])).toEqual([[ops.reviewer.username, 'qualification.view']]);
    expect((await consolePost(t, 'qualifications/detail', ops.reviewer, { id: 'abc' })).json().msg).toBe('请选择要处理的申请');
    expect((await consolePost(t, 'qualifications/detail', ops.reviewer, { id: '999999' })).json()).toEqual({ code: 'ALL_0011', msg: '企业认证申请不存在' });
  });

  it('approves once: the member is authenticated and told; the command line lands in the same audit trail', async () => {
    const a = await newAccount(t, '10.95.3.1');
    const id = await submitQualification(a, '常州通过示例有限公司');
    const [approved, twice] = await Promise.all([
      consolePost(t, 'qualifications/decide', ops.admin, { id: String(id), decision: 'approve' }),
      consolePost(t, 'qualifications/decide', ops.reviewer, { id: String(id), decision: 'approve' }),
    ]);
    expect([approved.json().msg, twice.json().msg].sort()).toEqual(['企业认证已通过，已通知客户', '该企业认证此前已通过，未重复处理']);
    expect(approved.json().data.row).toMatchObject({ status: 'approved', statusLabel: '已通过' });
    expect((await as(a, 'dataApi/checkCompanyQualification')).json().data).toBe(true);
    expect(await inbox(a, '企业认证已通过')).toHaveLength(1);
    expect(await auditOf('qualification', id)).toHaveLength(1);
    expect(await run('qualification', 'approve', a.uName)).toBe(`${a.uName} 的企业认证此前已通过，未重复处理`);
    expect(await auditOf('qualification', id)).toHaveLength(1);

    const b = await newAccount(t, '10.95.3.2');
    const other = await submitQualification(b, '镇江命令行示例有限公司');
    expect(await run('qualification', 'reject', b.uName, '法定代表人与执照不符')).toBe(`${b.uName}（镇江命令行示例有限公司）的企业认证已驳回，已通知客户`);
    const [cli] = await auditOf('qualification', other);
    expect(cli).toMatchObject({
      actor: 'cli',
      operatorId: null,
      action: 'qualification.reject',
      after: { status: 'rejected', reason: '法定代表人与执照不符' },
    });
    const row = (await consolePost(t, 'qualifications/detail', ops.reviewer, { id: String(other) })).json().data;
    expect(row).toMatchObject({ status: 'rejected', decidedBy: 'console' });
  });
});
