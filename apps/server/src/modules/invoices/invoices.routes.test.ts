// Invoices (issue #19) through the real calls on PGlite: titles and the special-invoice rule,
// what may be invoiced after buys, renewals, paid tests and refunds, requests and their limit
// (two at once included), finance's issue with a PDF and rejection with a reason, the member's
// messages and download, and the red-invoice requirement a refund after invoicing leaves.
import { formatFen } from '@apimarket/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledger, members, payTests, purchases, qualifications, refunds } from '../../db/schema';
import { creditCode, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { consolePost, consoleTestApp, type TestOperator } from '../../test/console';
import { get, postMultipart } from '../../test/identity';
import { expectXlsxDownload, readSheet } from '../../test/xlsx';
import { fixtures } from '../purchases/purchases.fixtures';
import { renewDue } from '../purchases/renewal.service';

const { t, ops, auditOf, auditOfAction, describeRoleMatrix } = consoleTestApp();
const f = fixtures(() => t);
const { as, run, db } = f;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const COMPANY = '上海测试数据科技有限公司'; // test/account.ts approve()

describeRoleMatrix('invoices', {
  'invoices/list': {},
  'invoices/detail': { id: '1' },
  'invoices/decide': { id: '1', decision: 'reject', reason: 'x' },
  'invoices/pdf': { id: '1' },
});

async function ownCreditCode(a: TestAccount): Promise<string> {
  const [q] = await db().select({ code: qualifications.creditCode }).from(qualifications).where(eq(qualifications.memberId, a.memberId));
  return q?.code ?? '';
}

async function addTitle(a: TestAccount, fields: Record<string, string> = {}) {
  return as(a, 'invoice/title/save', { type: 'normal', companyName: COMPANY, taxNo: await ownCreditCode(a), ...fields });
}

const summary = async (a: TestAccount) =>
  (await as(a, 'invoice/summary')).json().data as { spentFen: number; refundedFen: number; invoicedFen: number; invoiceableFen: number };

async function titleId(a: TestAccount): Promise<string> {
  const res = (await addTitle(a)).json();
  expect(res.code, JSON.stringify(res)).toBe(200);
  return String(res.data.id);
}

const apply = (a: TestAccount, title: string, amount: string) => as(a, 'invoice/apply', { titleId: title, amount, email: 'finance@example.com' });

async function upload(op: TestOperator, id: number, file = PDF, name = 'invoice.pdf') {
  return postMultipart(t, 'console/invoices/upload', { id: String(id) }, { name, content: file, type: 'application/pdf' }, { cookies: op.cookies });
}

async function issue(op: TestOperator, id: number, invoiceNo = '12345678901234567890') {
  const up = (await upload(op, id)).json();
  expect(up.code, JSON.stringify(up)).toBe(200);
  return consolePost(t, 'invoices/decide', op, { id: String(id), decision: 'issue', invoiceNo, invoiceDate: '2026-01-05', fileKey: up.data.fileKey });
}

/** Spend from the balance on a purchase (the cheapest package of 实名认证): answers the price in fen. */
async function spend(a: TestAccount): Promise<number> {
  await f.buy(a);
  const [row] = await db()
    .select({ fen: ledger.amountFen })
    .from(ledger)
    .where(and(eq(ledger.memberId, a.memberId), eq(ledger.kind, 'purchase')))
    .orderBy(desc(ledger.id))
    .limit(1);
  return -(row?.fen ?? 0);
}

describe('invoice titles', () => {
  it('adds, edits, deletes titles with one default; a special invoice only for the authenticated company', async () => {
    const a = await qualifiedAccount(t, '10.97.0.1');
    const code = await ownCreditCode(a);
    const first = (await addTitle(a)).json();
    expect(first).toMatchObject({ code: 200, msg: '发票抬头已保存', data: { type: 'normal', typeLabel: '增值税普通发票', isDefault: true } });

    // The tax number follows the unified social credit code rule.
    expect((await addTitle(a, { taxNo: '91310000MA1234567' })).json().msg).toBe('纳税人识别号应为18位统一社会信用代码（数字或大写字母）');
    expect((await addTitle(a, { taxNo: `${code.slice(0, 17)}${code[17] === '0' ? '1' : '0'}` })).json().msg).toBe('纳税人识别号校验不通过，请核对后重新输入');

    const special = {
      type: 'special',
      address: '上海市浦东新区示例路 1 号',
      phone: '021-12345678',
      bankName: '示例银行上海分行',
      bankAccount: '6222 0000 1111 2222',
    };
    expect((await addTitle(a, { ...special, address: '' })).json().msg).toBe('请输入注册地址');
    expect((await addTitle(a, { ...special, companyName: '北京别家科技有限公司' })).json().msg).toBe('增值税专用发票的抬头须与企业认证的企业名称一致');
    expect((await addTitle(a, { ...special, taxNo: creditCode() })).json().msg).toBe('增值税专用发票的纳税人识别号须与企业认证的统一社会信用代码一致');
    const second = (await addTitle(a, { ...special, companyName: '上海测试数据科技有限公司 ', isDefault: '1' })).json();
    expect(second).toMatchObject({ code: 200, data: { type: 'special', typeLabel: '增值税专用发票', bankAccount: '6222000011112222', isDefault: true } });

    let titles = (await as(a, 'invoice/title/list')).json().rows;
    expect(titles.map((r: { id: number; isDefault: boolean }) => [r.id, r.isDefault])).toEqual([
      [second.data.id, true],
      [first.data.id, false],
    ]);
    expect((await as(a, 'invoice/title/default', { id: String(first.data.id) })).json()).toMatchObject({ msg: '已设为默认抬头', data: { isDefault: true } });
    const edited = (await addTitle(a, { id: String(first.data.id), companyName: '上海测试数据科技有限公司（开票）' })).json();
    expect(edited.data).toMatchObject({ id: first.data.id, companyName: '上海测试数据科技有限公司（开票）', isDefault: true });

    // Deleting the default makes the other one the default.
    expect((await as(a, 'invoice/title/delete', { id: String(first.data.id) })).json().msg).toBe('发票抬头已删除');
    titles = (await as(a, 'invoice/title/list')).json().rows;
    expect(titles).toEqual([expect.objectContaining({ id: second.data.id, isDefault: true })]);

    // A special title stays the authenticated company's: after a change of name it can no longer be used.
    await db().update(qualifications).set({ companyName: '上海测试数据科技（集团）有限公司' }).where(eq(qualifications.memberId, a.memberId));
    expect((await apply(a, String(second.data.id), '1')).json().msg).toBe('增值税专用发票的抬头须与企业认证的企业名称一致');

    // Another company's title is not found.
    const b = await qualifiedAccount(t, '10.97.0.2');
    expect((await as(b, 'invoice/title/delete', { id: String(second.data.id) })).json()).toEqual({ code: 'ALL_0011', msg: '发票抬头不存在' });
  });

  it('an unauthenticated company cannot invoice', async () => {
    const a = await newAccount(t, '10.97.0.3');
    expect((await addTitle(a)).json().code).toBe('ALL_0060');
  });
});

describe('what may be invoiced', () => {
  it('is what was spent on purchases, renewals and paid tests, less refunds and what is already invoiced', async () => {
    const a = await qualifiedAccount(t, '10.97.1.1');
    // A recharge alone is not invoiceable.
    await f.topUp(a, 50_000);
    expect(await summary(a)).toEqual({ spentFen: 0, refundedFen: 0, invoicedFen: 0, invoiceableFen: 0 });

    const bought = await spend(a);
    expect(await summary(a)).toMatchObject({ spentFen: bought, invoiceableFen: bought });

    // A renewal of the used-up purchase.
    const p = await f.purchase(a);
    const [pkg] = await f.packages(1882);
    await as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: String(pkg?.id) });
    await db().update(purchases).set({ callsLeft: 0 }).where(eq(purchases.id, p.id));
    await f.topUp(a, pkg?.priceFen ?? 0);
    expect((await renewDue(db(), { purchaseIds: [p.id] })).renewed).toBe(1);
    const renewed = pkg?.priceFen ?? 0;

    // A paid test, approved (its fee is debited).
    await as(a, 'payTest/apply', { interfaceId: '1882', calls: '20', purpose: '验证接口返回字段', contactName: '王测试', contactPhone: '13800138000' });
    const [test] = await db().select().from(payTests).where(eq(payTests.memberId, a.memberId)).orderBy(desc(payTests.id)).limit(1);
    await run('paytest', 'approve', String(test?.id));
    const [fee] = await db()
      .select({ fen: sql<string>`(-sum(${ledger.amountFen}))::text` })
      .from(ledger)
      .where(and(eq(ledger.memberId, a.memberId), eq(ledger.kind, 'paytest')));
    const testFen = Number(fee?.fen ?? 0);
    expect(testFen).toBeGreaterThan(0);
    const spent = bought + renewed + testFen;
    expect(await summary(a)).toEqual({ spentFen: spent, refundedFen: 0, invoicedFen: 0, invoiceableFen: spent });

    // A refund of what is left of the purchase lowers it by what came back.
    await db()
      .update(purchases)
      .set({ callsLeft: sql`${purchases.callsTotal}`, testCallsLeft: 0 })
      .where(eq(purchases.id, p.id));
    await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '不再使用' });
    const [open] = await db().select().from(refunds).where(eq(refunds.memberId, a.memberId));
    await run('refund', 'approve', String(open?.id));
    const [back] = await db()
      .select({ fen: refunds.amountFen })
      .from(refunds)
      .where(eq(refunds.id, open?.id ?? 0));
    const refunded = back?.fen ?? 0;
    expect(refunded).toBeGreaterThan(0);
    expect(await summary(a)).toEqual({ spentFen: spent, refundedFen: refunded, invoicedFen: 0, invoiceableFen: spent - refunded });

    // A request takes its amount off; a rejected one gives it back.
    const title = await titleId(a);
    const req = (await apply(a, title, '1.5')).json();
    expect(req).toMatchObject({
      code: 200,
      msg: '开票申请已提交，财务开具后将发送至您的邮箱并通知您',
      data: { amountFen: 150, status: 'requested', statusLabel: '待开票' },
    });
    expect(req.data.requestNo).toMatch(/^FP\d{8}\d{8}$/);
    expect((await summary(a)).invoiceableFen).toBe(spent - refunded - 150);
    await consolePost(t, 'invoices/decide', ops.finance, { id: String(req.data.id), decision: 'reject', reason: '抬头有误' });
    expect((await summary(a)).invoiceableFen).toBe(spent - refunded);
  });

  it('refuses an amount above it with its message, and a malformed one', async () => {
    const a = await qualifiedAccount(t, '10.97.2.1');
    const title = await titleId(a);
    expect((await apply(a, title, '1')).json()).toEqual({ code: 'ALL_0001', msg: '开票金额不能超过可开票金额 0.00 元' });
    const spent = await spend(a);
    const over = ((spent + 1) / 100).toFixed(2);
    expect((await apply(a, title, over)).json().msg).toBe(`开票金额不能超过可开票金额 ${formatFen(spent)} 元`);
    expect((await apply(a, title, '1.234')).json().msg).toBe('请输入正确的开票金额（最多两位小数）');
    expect((await apply(a, title, '0')).json().msg).toBe('开票金额须大于 0 元');
    expect((await as(a, 'invoice/apply', { titleId: title, amount: '1', email: 'not-mail' })).json().msg).toBe('请输入正确的接收邮箱');
    expect((await apply(a, title, (spent / 100).toFixed(2))).json().code).toBe(200);
    expect((await summary(a)).invoiceableFen).toBe(0);
  });

  it('two requests at once never invoice more than was spent', async () => {
    const a = await qualifiedAccount(t, '10.97.3.1');
    const title = await titleId(a);
    const spent = await spend(a);
    const share = Math.floor(spent * 0.6);
    const answers = await Promise.all([apply(a, title, (share / 100).toFixed(2)), apply(a, title, (share / 100).toFixed(2))]);
    const codes = answers.map((r) => r.json().code).sort();
    expect(codes).toEqual([200, 'ALL_0001'].sort());
    expect(answers.map((r) => r.json().msg)).toContain(`开票金额不能超过可开票金额 ${formatFen(spent - share)} 元`);
    expect(await summary(a)).toMatchObject({ invoicedFen: share, invoiceableFen: spent - share });
  });

  it("a sub-account cannot invoice: the money is the main account's", async () => {
    const a = await qualifiedAccount(t, '10.97.3.9');
    const child = await newAccount(t, '10.97.3.10');
    await db().update(members).set({ parentId: a.memberId }).where(eq(members.id, child.memberId));
    for (const path of ['invoice/summary', 'invoice/title/list', 'invoice/list']) {
      expect((await as(child, path)).json(), path).toEqual({ code: 'ALL_0010', msg: '子账号不能申请发票，请使用主账号申请' });
    }
  });
});

describe('finance issues or rejects', () => {
  it('lists the request, issues it with a checked PDF, tells the member, and only the owner downloads it', async () => {
    const a = await qualifiedAccount(t, '10.97.4.1');
    const title = await titleId(a);
    const spent = await spend(a);
    const req = (await apply(a, title, (spent / 100).toFixed(2))).json().data;

    const list = (await consolePost(t, 'invoices/list', ops.finance, { keyword: a.uName, status: 'all' })).json();
    expect(list.rows[0]).toMatchObject({ id: req.id, loginName: a.uName, amountFen: spent, status: 'requested', statusLabel: '待开票', companyName: COMPANY });
    expect(list.counts).toMatchObject({ requested: 1, issued: 0, rejected: 0, red_pending: 0, red_done: 0, all: 1 });
    const detail = (await consolePost(t, 'invoices/detail', ops.finance, { id: String(req.id) })).json().data;
    expect(detail).toMatchObject({
      id: req.id,
      email: 'finance@example.com',
      summary: { spentFen: spent, invoicedFen: spent, invoiceableFen: 0 },
      history: [],
    });

    // Not a PDF by its first bytes, or not a .pdf at all: refused.
    expect((await upload(ops.finance, req.id, Buffer.from('<html>not a pdf</html>'))).json().msg).toBe('该文件不是有效的 PDF，请上传开票系统导出的 PDF 发票');
    expect((await upload(ops.finance, req.id, PDF, 'invoice.png')).json().msg).toBe('请上传 PDF 格式的发票文件');
    // Issuing needs the number, the date and the PDF.
    expect(
      (await consolePost(t, 'invoices/decide', ops.finance, { id: String(req.id), decision: 'issue', invoiceDate: '2026-01-05', fileKey: 'x' })).json().msg,
    ).toBe('请输入发票号码（8-20位数字）');
    expect(
      (
        await consolePost(t, 'invoices/decide', ops.finance, {
          id: String(req.id),
          decision: 'issue',
          invoiceNo: '12345678',
          invoiceDate: '2026-01-05',
          fileKey: 'invoice/1/x.pdf',
        })
      ).json().msg,
    ).toBe('发票文件已失效，请重新上传');

    const issued = (await issue(ops.finance, req.id)).json();
    expect(issued).toMatchObject({
      code: 200,
      msg: `发票已开具：${formatFen(spent)} 元（12345678901234567890），已通知客户`,
      data: { changed: true, row: { status: 'issued', statusLabel: '已开票', invoiceNo: '12345678901234567890', invoiceDate: '2026-01-05', hasPdf: true } },
    });
    // A second issue changes nothing and is not audited again.
    const again = (
      await consolePost(t, 'invoices/decide', ops.finance, {
        id: String(req.id),
        decision: 'issue',
        invoiceNo: '12345678',
        invoiceDate: '2026-01-05',
        fileKey: 'x',
      })
    ).json();
    expect(again).toMatchObject({ msg: '该开票申请此前已开票，未重复处理', data: { changed: false } });
    const audit = await auditOf('invoice', req.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: ops.finance.username, action: 'invoice.issue', after: { status: 'issued', invoiceNo: '12345678901234567890' } });

    const [message] = await f.inbox(a, '发票已开具');
    expect(message?.body).toContain('发票号码 12345678901234567890');
    expect(message?.link).toBe('/userCenter/paymentManage/invoice');
    const mine = (await as(a, 'invoice/list')).json();
    expect(mine.rows[0]).toMatchObject({ id: req.id, status: 'issued', hasPdf: true, invoiceNo: '12345678901234567890' });

    const download = await as(a, 'invoice/download', { id: String(req.id) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(decodeURIComponent(String(download.headers['content-disposition']))).toContain('发票-12345678901234567890.pdf');
    // Another company's member: not found. The operator: the same file.
    const b = await qualifiedAccount(t, '10.97.4.2');
    expect((await as(b, 'invoice/download', { id: String(req.id) })).json()).toEqual({ code: 'ALL_0011', msg: '发票不存在' });
    const byOperator = await consolePost(t, 'invoices/pdf', ops.finance, { id: String(req.id) });
    expect(byOperator.rawPayload.equals(PDF)).toBe(true);
  });

  it('rejects with a reason the member reads', async () => {
    const a = await qualifiedAccount(t, '10.97.5.1');
    const title = await titleId(a);
    await spend(a);
    const req = (await apply(a, title, '1')).json().data;
    expect((await consolePost(t, 'invoices/decide', ops.finance, { id: String(req.id), decision: 'reject' })).json().code).toBe('ALL_0001');
    const rejected = (await consolePost(t, 'invoices/decide', ops.finance, { id: String(req.id), decision: 'reject', reason: '抬头与合同不符' })).json();
    expect(rejected).toMatchObject({
      msg: '开票申请已驳回，已通知客户',
      data: { row: { status: 'rejected', statusLabel: '已驳回', reason: '抬头与合同不符' } },
    });
    const [message] = await f.inbox(a, '开票申请未通过');
    expect(message?.body).toContain('原因：抬头与合同不符');
    expect((await auditOf('invoice', req.id))[0]).toMatchObject({ action: 'invoice.reject', after: { status: 'rejected', reason: '抬头与合同不符' } });
    // A rejected request cannot be issued afterwards.
    expect((await upload(ops.finance, req.id)).json()).toEqual({ code: 'ALL_0013', msg: '该发票已处理' });
    expect((await as(a, 'invoice/download', { id: String(req.id) })).json()).toEqual({ code: 'ALL_0011', msg: '该发票暂无可下载的文件' });
  });
});

describe('a refund after invoicing (红冲)', () => {
  it('records a red-invoice requirement for the excess, which finance completes with the red invoice', async () => {
    const a = await qualifiedAccount(t, '10.97.6.1');
    const title = await titleId(a);
    const spent = await spend(a);
    const req = (await apply(a, title, (spent / 100).toFixed(2))).json().data;
    expect((await issue(ops.finance, req.id)).json().code).toBe(200);

    // Refund the untouched order in full.
    const p = await f.purchase(a);
    await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '不再使用' });
    const [open] = await db().select().from(refunds).where(eq(refunds.memberId, a.memberId));
    const decided = (await consolePost(t, 'refunds/decide', ops.finance, { id: String(open?.id), decision: 'approve' })).json();
    expect(decided.code, JSON.stringify(decided)).toBe(200);
    const [back] = await db()
      .select({ fen: refunds.amountFen })
      .from(refunds)
      .where(eq(refunds.id, open?.id ?? 0));
    const refunded = back?.fen ?? 0;
    expect(refunded).toBeGreaterThan(0);

    const queue = (await consolePost(t, 'invoices/list', ops.finance, { keyword: a.uName, status: 'red_pending' })).json();
    expect(queue.rows).toEqual([
      expect.objectContaining({ kind: 'red', status: 'red_pending', statusLabel: '待红冲', amountFen: refunded, refundId: open?.id }),
    ]);
    expect(queue.counts).toMatchObject({ requested: 0, issued: 1, red_pending: 1, all: 2 });
    const red = queue.rows[0];
    expect((await consolePost(t, 'invoices/detail', ops.finance, { id: String(red.id) })).json().data.refund).toMatchObject({
      id: open?.id,
      amountFen: refunded,
    });
    expect(await summary(a)).toEqual({ spentFen: spent, refundedFen: refunded, invoicedFen: spent - refunded, invoiceableFen: 0 });
    expect((await f.inbox(a, '发票需红冲'))[0]?.body).toContain(`超出实际消费 ${formatFen(refunded)} 元`);

    // Approving again records nothing twice; a red requirement cannot be rejected.
    expect((await consolePost(t, 'refunds/decide', ops.finance, { id: String(open?.id), decision: 'approve' })).json().data.changed).toBe(false);
    expect((await consolePost(t, 'invoices/list', ops.finance, { keyword: a.uName, status: 'red_pending' })).json().rows).toHaveLength(1);
    expect((await consolePost(t, 'invoices/decide', ops.finance, { id: String(red.id), decision: 'reject', reason: '不需要' })).json()).toEqual({
      code: 'ALL_0013',
      msg: '红冲要求不能驳回，请开具红字发票后登记',
    });

    const done = (await issue(ops.finance, red.id, '99999999000011112222')).json();
    expect(done).toMatchObject({ msg: '已登记红字发票 99999999000011112222，已通知客户', data: { row: { status: 'red_done', statusLabel: '已红冲' } } });
    expect((await f.inbox(a, '红字发票已开具'))[0]?.body).toContain('红字发票号码 99999999000011112222');
    const mine = (await as(a, 'invoice/list')).json().rows;
    expect(mine[0]).toMatchObject({ kind: 'red', kindLabel: '红冲', status: 'red_done', hasPdf: true });
    expect((await as(a, 'invoice/download', { id: String(red.id) })).rawPayload.equals(PDF)).toBe(true);

    // The books: the member's invoices as an xlsx, the red row negative, the export audited.
    const file = await get(t, 'console/invoices/export', { status: 'all', keyword: a.uName }, { cookies: ops.finance.cookies });
    expectXlsxDownload(file, 'invoices', '发票记录');
    const { rows } = await readSheet(file.rawPayload, '发票记录');
    expect(rows[0]?.slice(0, 9)).toEqual(['申请时间', '申请单号', '会员账号', '类别', '发票类型', '发票抬头', '纳税人识别号', '金额（元）', '状态']);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[7], r[8], r[9]])).toEqual([
      [red.requestNo, '红冲', -refunded / 100, '已红冲', '99999999000011112222'],
      [req.requestNo, '开票申请', spent / 100, '已开票', '12345678901234567890'],
    ]);
    expect((await auditOfAction('invoice.export', '*')).at(-1)).toMatchObject({ actor: ops.finance.username, after: { rows: 2 } });
  });

  it('a refund covered by what was never invoiced needs no red invoice, and a waiting request is checked again when issued', async () => {
    const a = await qualifiedAccount(t, '10.97.7.1');
    const title = await titleId(a);
    const spent = await spend(a);
    const req = (await apply(a, title, (spent / 100).toFixed(2))).json().data;
    const p = await f.purchase(a);
    await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '不再使用' });
    const [open] = await db().select().from(refunds).where(eq(refunds.memberId, a.memberId));
    await run('refund', 'approve', String(open?.id));
    expect((await consolePost(t, 'invoices/list', ops.finance, { keyword: a.uName, status: 'red_pending' })).json().rows).toHaveLength(0);
    const up = (await upload(ops.finance, req.id)).json();
    const refused = (
      await consolePost(t, 'invoices/decide', ops.finance, {
        id: String(req.id),
        decision: 'issue',
        invoiceNo: '12345678',
        invoiceDate: '2026-01-05',
        fileKey: up.data.fileKey,
      })
    ).json();
    expect(refused.code).toBe('ALL_0013');
    expect(refused.msg).toMatch(/^客户的可开票金额已不足（现为 [\d,.]+ 元，可能已有退款），请驳回该申请$/);
  });
});
