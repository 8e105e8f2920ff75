import { LEAD_EXPORT_MAX } from '@apimarket/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRequests, leadNotes, leads, operators } from '../../db/schema';
import { consolePost, consoleTestApp, expectRoleMatrix, newOperator, type TestOperator } from '../../test/console';
import { get } from '../../test/identity';
import { expectXlsxDownload, readSheet } from '../../test/xlsx';

const { t, ops, auditOfAction: auditOf } = consoleTestApp();
let sales2: TestOperator;
beforeAll(async () => {
  sales2 = await newOperator(t, 'sales');
});

type NewLead = Partial<typeof leads.$inferInsert>;
let phoneSerial = 0;
async function addLead(fields: NewLead = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(leads)
    .values({ kind: 'trial', phone: `1370000${String(++phoneSerial).padStart(4, '0')}`, ...fields })
    .returning({ id: leads.id });
  if (!row) throw new Error('lead not stored');
  return row.id;
}

const data = async (path: string, op: TestOperator, fields: Record<string, string> = {}) => (await consolePost(t, path, op, fields)).json();

describe('who may work the sales inbox', () => {
  it('opens every call to sales and admin only', async () => {
    const id = String(await addLead({ companyName: '角色矩阵公司' }));
    const [req] = await t.database.db
      .insert(auditRequests)
      .values({ companyName: '矩阵', contactName: '王', phone: '13700009999', industry: '保险' })
      .returning({ id: auditRequests.id });
    const reqId = String(req?.id);
    await expectRoleMatrix(t, 'leads/list', 'leads', {}, ops);
    await expectRoleMatrix(t, 'leads/detail', 'leads', { id }, ops);
    await expectRoleMatrix(t, 'leads/assignees', 'leads', {}, ops);
    await expectRoleMatrix(t, 'leads/assign', 'leads', { id, assigneeId: 'me' }, ops);
    await expectRoleMatrix(t, 'leads/state', 'leads', { id, state: 'contacted' }, ops);
    await expectRoleMatrix(t, 'leads/note', 'leads', { id, body: '矩阵测试' }, ops);
    await expectRoleMatrix(t, 'auditRequests/list', 'leads', {}, ops);
    await expectRoleMatrix(t, 'auditRequests/detail', 'leads', { id: reqId }, ops);
    await expectRoleMatrix(t, 'auditRequests/state', 'leads', { id: reqId, state: 'contacted' }, ops);
  });

  it('applies the same matrix to the export', async () => {
    const anonymous = await get(t, 'console/leads/export');
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'ALL_0024']);
    for (const role of ['reviewer', 'finance', 'editor'] as const) {
      const res = await get(t, 'console/leads/export', {}, { cookies: ops[role].cookies });
      expect([res.statusCode, res.json().code], role).toEqual([403, 'ALL_0010']);
    }
    for (const role of ['sales', 'admin'] as const) {
      expect((await get(t, 'console/leads/export', {}, { cookies: ops[role].cookies })).statusCode, role).toBe(200);
    }
  });
});

describe('console/leads/list', () => {
  it('masks phones, answers newest first and filters by kind, state, assignee, keyword and China days', async () => {
    const older = await addLead({
      kind: 'quote',
      phone: '13812345678',
      userName: '李雷',
      companyName: '杭州筛选科技有限公司',
      createdAt: new Date('2026-03-01T15:30:00Z'),
    });
    const newer = await addLead({
      kind: 'document',
      phone: '13987654321',
      companyName: '杭州筛选科技有限公司',
      interfaceName: '企业工商信息查询',
      createdAt: new Date('2026-03-01T16:30:00Z'),
    });
    await t.database.db.update(leads).set({ assigneeId: ops.sales.id, state: 'contacted' }).where(eq(leads.id, newer));

    const all = await data('leads/list', ops.sales, { keyword: '筛选科技' });
    expect(all.total).toBe(2);
    expect(all.rows.map((r: { id: number }) => r.id)).toEqual([newer, older]);
    expect(all.rows[1]).toMatchObject({
      id: older,
      kind: 'quote',
      kindLabel: '方案报价',
      state: 'new',
      stateLabel: '待跟进',
      phone: '138****5678',
      userName: '李雷',
      assigneeId: null,
      assigneeName: '',
      hasAttachment: false,
    });
    expect(all.rows[0]).toMatchObject({ phone: '139****4321', assigneeId: ops.sales.id, assigneeName: ops.sales.username, stateLabel: '已联系' });
    expect(JSON.stringify(all)).not.toContain('13812345678');

    const ids = async (fields: Record<string, string>, op = ops.sales) =>
      (await data('leads/list', op, { keyword: '筛选科技', ...fields })).rows.map((r: { id: number }) => r.id);
    expect(await ids({ kind: 'quote' })).toEqual([older]);
    expect(await ids({ state: 'contacted' })).toEqual([newer]);
    expect(await ids({ assignee: 'mine' })).toEqual([newer]);
    expect(await ids({ assignee: 'mine' }, sales2)).toEqual([]);
    expect(await ids({ assignee: 'unassigned' })).toEqual([older]);
    expect(await ids({ assignee: String(ops.sales.id) }, ops.admin)).toEqual([newer]);
    expect(await ids({ assignee: 'any' })).toEqual([newer, older]);
    // 2026-03-01T16:30Z is 00:30 on 2 March in China.
    expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([newer]);
    expect(await ids({ to: '2026-03-01' })).toEqual([older]);
    expect((await data('leads/list', ops.sales, { keyword: '5678' })).rows.map((r: { id: number }) => r.id)).toEqual([older]);
    expect((await data('leads/list', ops.sales, { keyword: '李雷' })).rows.map((r: { id: number }) => r.id)).toEqual([older]);
    expect((await data('leads/list', ops.sales, { keyword: '工商信息' })).rows.map((r: { id: number }) => r.id)).toEqual([newer]);

    const paged = await data('leads/list', ops.sales, { keyword: '筛选科技', pageNum: '2', pageSize: '1' });
    expect([paged.total, paged.rows.map((r: { id: number }) => r.id)]).toEqual([2, [older]]);
  });

  it('refuses bad filters with the rule’s message', async () => {
    const msg = async (fields: Record<string, string>) => (await data('leads/list', ops.sales, fields)).msg;
    expect(await msg({ kind: 'spam' })).toBe('线索类型不正确');
    expect(await msg({ state: 'won' })).toBe('请选择正确的跟进状态');
    expect(await msg({ assignee: 'someone' })).toBe('负责人筛选条件不正确');
    expect(await msg({ keyword: '字'.repeat(51) })).toBe('关键词最多 50 个字');
    expect(await msg({ from: '2026-02-30' })).toBe('日期格式应为 YYYY-MM-DD');
    expect(await msg({ from: '2026-03-05', to: '2026-03-01' })).toBe('开始日期不能晚于结束日期');
  });
});

describe('console/leads/detail', () => {
  it('shows the full phone, the source and the notes, and audits that the number was shown', async () => {
    const id = await addLead({
      kind: 'document',
      phone: '13755556666',
      userName: '韩梅梅',
      companyName: '南京详情数据有限公司',
      sourcePath: '/api/1882',
      referrer: 'https://www.baidu.com/s?wd=数据',
      utm: { utm_source: 'baidu', utm_campaign: 'spring' },
      repeats: 2,
      attachmentName: '需求说明.pdf',
      attachmentPath: '/tmp/none.pdf',
    });
    await t.database.db.insert(leadNotes).values([
      { leadId: id, operatorId: ops.sales.id, body: '第一次电话未接' },
      { leadId: id, operatorId: ops.admin.id, body: '已加微信' },
    ]);
    const res = await data('leads/detail', ops.sales, { id: String(id) });
    expect(res.data).toMatchObject({
      id,
      phone: '13755556666',
      kindLabel: '资料报价',
      userName: '韩梅梅',
      sourcePath: '/api/1882',
      referrer: 'https://www.baidu.com/s?wd=数据',
      utm: { utm_source: 'baidu', utm_campaign: 'spring' },
      repeats: 2,
      attachmentName: '需求说明.pdf',
    });
    expect(res.data).not.toHaveProperty('attachmentPath');
    expect(res.data.notes.map((n: { body: string; operator: string }) => [n.body, n.operator])).toEqual([
      ['已加微信', ops.admin.username],
      ['第一次电话未接', ops.sales.username],
    ]);
    const audit = await auditOf('lead.view', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: ops.sales.username, operatorId: ops.sales.id, targetType: 'lead' });

    const missing = await consolePost(t, 'leads/detail', ops.sales, { id: '99999999' });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, '线索不存在']);
    expect((await data('leads/detail', ops.sales, { id: 'abc' })).msg).toBe('线索不存在');
  });
});

describe('assigning, state and notes', () => {
  it('lists the operators a lead may go to: active sales and admins only', async () => {
    const disabled = await newOperator(t, 'sales');
    await t.database.db.update(operators).set({ status: 'disabled' }).where(eq(operators.id, disabled.id));
    const names = (await data('leads/assignees', ops.sales)).data.map((o: { username: string }) => o.username);
    expect(names).toEqual(expect.arrayContaining([ops.sales.username, sales2.username, ops.admin.username]));
    expect(names).not.toContain(ops.editor.username);
    expect(names).not.toContain(ops.reviewer.username);
    expect(names).not.toContain(disabled.username);
  });

  it('assigns to me, to a colleague and back to the inbox; the same assignment twice changes nothing', async () => {
    const id = await addLead({ companyName: '分配测试公司' });
    const assign = (assigneeId: string, op = ops.sales) => data('leads/assign', op, { id: String(id), assigneeId });
    const assignee = async () => (await t.database.db.select({ a: leads.assigneeId }).from(leads).where(eq(leads.id, id)))[0]?.a;

    expect(await assign('me')).toMatchObject({ code: 200, msg: `已分配给 ${ops.sales.username}`, data: { changed: true } });
    expect(await assign(String(ops.sales.id))).toMatchObject({ msg: `该线索已由 ${ops.sales.username} 负责，未重复分配`, data: { changed: false } });
    expect(await assignee()).toBe(ops.sales.id);

    expect((await assign(String(ops.editor.id))).msg).toBe('只能分配给在用的销售或管理员账号');
    expect((await assign('999999')).msg).toBe('只能分配给在用的销售或管理员账号');
    expect((await assign('')).msg).toBe('请选择负责人');
    expect(await assignee()).toBe(ops.sales.id);

    expect((await assign(String(sales2.id), ops.admin)).msg).toBe(`已分配给 ${sales2.username}`);
    expect(await assignee()).toBe(sales2.id);
    expect((await assign('none')).msg).toBe('已退回公共线索池');
    expect((await assign('none')).msg).toBe('该线索本就未分配，未重复修改');
    expect(await assignee()).toBeNull();

    const audit = await auditOf('lead.assign', id);
    expect(audit.map((a) => [a.actor, a.before, a.after])).toEqual([
      [ops.sales.username, { assigneeId: null }, { assigneeId: ops.sales.id }],
      [ops.admin.username, { assigneeId: ops.sales.id }, { assigneeId: sales2.id }],
      [ops.sales.username, { assigneeId: sales2.id }, { assigneeId: null }],
    ]);
  });

  it('moves the state once, however often it is submitted', async () => {
    const id = await addLead();
    const set = (state: string) => data('leads/state', ops.sales, { id: String(id), state });
    expect(await set('contacted')).toMatchObject({ msg: '跟进状态已改为「已联系」', data: { changed: true } });
    expect(await set('contacted')).toMatchObject({ msg: '跟进状态已是「已联系」，未重复修改', data: { changed: false } });
    expect((await set('won')).msg).toBe('请选择正确的跟进状态');
    expect((await set('converted')).msg).toBe('跟进状态已改为「已转化」');
    const audit = await auditOf('lead.state', id);
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ state: 'new' }, { state: 'contacted' }],
      [{ state: 'contacted' }, { state: 'converted' }],
    ]);
    expect((await consolePost(t, 'leads/state', ops.sales, { id: '99999999', state: 'closed' })).json().msg).toBe('线索不存在');
  });

  it('keeps notes of 1–1000 characters, a double submit once, and shows them newest first', async () => {
    const id = await addLead();
    const note = (body: string, op = ops.sales) => data('leads/note', op, { id: String(id), body });
    expect((await note('   ')).msg).toBe('请填写跟进记录');
    expect((await note('字'.repeat(1001))).msg).toBe('跟进记录最多 1000 字');
    expect(await note('  客户需要报价单，周五回电  ')).toMatchObject({ msg: '跟进记录已保存', data: { changed: true } });
    expect(await note('客户需要报价单，周五回电')).toMatchObject({ msg: '相同的跟进记录刚刚已保存，未重复添加', data: { changed: false } });
    expect((await note('字'.repeat(1000), ops.admin)).msg).toBe('跟进记录已保存');

    const detail = (await data('leads/detail', ops.sales, { id: String(id) })).data;
    expect(detail.notes.map((n: { body: string; operator: string }) => [n.body.length, n.operator])).toEqual([
      [1000, ops.admin.username],
      [12, ops.sales.username],
    ]);
    expect(detail.notes[1].body).toBe('客户需要报价单，周五回电');
    expect(await auditOf('lead.note', id)).toHaveLength(2);
  });
});

describe('console/leads/export', () => {
  const readBook = async (payload: Buffer) => (await readSheet(payload, '销售线索')).rows;

  it('answers an xlsx of the filtered leads with full phones, and audits the export', async () => {
    const id = await addLead({
      kind: 'consult',
      phone: '13611112222',
      userName: '张经理',
      companyName: '导出测试科技有限公司',
      interfaceName: '数据资产入表',
      sourcePath: '/dataAsset',
      referrer: 'https://example.com/a',
      utm: { utm_source: 'wechat', utm_medium: 'cpc' },
      repeats: 3,
      createdAt: new Date('2026-04-10T02:03:04Z'),
    });
    await t.database.db.update(leads).set({ assigneeId: ops.sales.id, state: 'contacted' }).where(eq(leads.id, id));
    await addLead({ kind: 'trial', companyName: '导出测试科技有限公司' });

    const res = await get(t, 'console/leads/export', { keyword: '导出测试', kind: 'consult' }, { cookies: ops.sales.cookies });
    expectXlsxDownload(res, 'leads', '销售线索');

    const rows = await readBook(res.rawPayload);
    expect(rows[0]).toEqual(['提交时间', '类型', '状态', '负责人', '姓名', '手机号', '公司', '接口', '来源页面', '来源网址', 'UTM', '重复提交次数']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      '2026-04-10 10:03:04',
      '数据资产入表咨询',
      '已联系',
      ops.sales.username,
      '张经理',
      '13611112222',
      '导出测试科技有限公司',
      '数据资产入表',
      '/dataAsset',
      'https://example.com/a',
      'utm_source=wechat&utm_medium=cpc',
      3,
    ]);

    const audit = await auditOf('lead.export', '*');
    expect(audit.at(-1)).toMatchObject({ actor: ops.sales.username, after: { filter: { keyword: '导出测试', kind: 'consult', assignee: 'any' }, rows: 1 } });
  });

  it('refuses filters and more rows than one file may carry', async () => {
    expect((await get(t, 'console/leads/export', { from: '2026-05-02', to: '2026-05-01' }, { cookies: ops.sales.cookies })).json().msg).toBe(
      '开始日期不能晚于结束日期',
    );
    await t.database.db.execute(
      sql`insert into leads (kind, phone, company_name) select 'quote', '13800000000', '批量导出上限公司' from generate_series(1, ${LEAD_EXPORT_MAX + 1})`,
    );
    const before = (await auditOf('lead.export', '*')).length;
    const res = await get(t, 'console/leads/export', { keyword: '批量导出上限' }, { cookies: ops.admin.cookies });
    expect([res.statusCode, res.json().msg]).toEqual([400, '一次最多导出 10,000 条线索，请缩小筛选范围后再导出']);
    expect(await auditOf('lead.export', '*')).toHaveLength(before);
  });
});

describe('data-compliance audit requests', () => {
  it('lists them with masked phones, shows one in full (audited) and moves its state once', async () => {
    const [req] = await t.database.db
      .insert(auditRequests)
      .values({ companyName: '苏州合规科技有限公司', contactName: '周女士', phone: '13522223333', industry: '金融科技', content: '评估人脸接口授权流程' })
      .returning({ id: auditRequests.id });
    const id = req?.id ?? 0;
    await t.database.db.insert(auditRequests).values({ companyName: '无关公司', contactName: '赵', phone: '13500001111', industry: '保险' });

    const page = await data('auditRequests/list', ops.sales, { keyword: '合规科技' });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id,
      companyName: '苏州合规科技有限公司',
      phone: '135****3333',
      industry: '金融科技',
      state: 'new',
      stateLabel: '待跟进',
      content: '评估人脸接口授权流程',
    });
    expect((await data('auditRequests/list', ops.sales, { keyword: '3333' })).rows.map((r: { id: number }) => r.id)).toEqual([id]);

    const detail = await data('auditRequests/detail', ops.sales, { id: String(id) });
    expect(detail.data.phone).toBe('13522223333');
    expect(await auditOf('auditRequest.view', id)).toHaveLength(1);

    const set = (state: string) => data('auditRequests/state', ops.sales, { id: String(id), state });
    expect(await set('contacted')).toMatchObject({ msg: '跟进状态已改为「已联系」', data: { changed: true } });
    expect(await set('contacted')).toMatchObject({ msg: '跟进状态已是「已联系」，未重复修改', data: { changed: false } });
    expect((await set('converted')).msg).toBe('请选择正确的跟进状态');
    expect((await data('auditRequests/list', ops.sales, { keyword: '合规科技', state: 'new' })).total).toBe(0);
    expect((await data('auditRequests/list', ops.sales, { keyword: '合规科技', state: 'contacted' })).total).toBe(1);
    expect((await auditOf('auditRequest.state', id)).map((a) => [a.before, a.after])).toEqual([[{ state: 'new' }, { state: 'contacted' }]]);
    expect((await consolePost(t, 'auditRequests/detail', ops.sales, { id: '99999' })).json().msg).toBe('合规审计申请不存在');
  });
});
