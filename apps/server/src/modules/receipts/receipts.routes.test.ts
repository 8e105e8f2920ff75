import { PDF_EXPORT, pdfRefusal, RECEIPT_LIST_MAX, RECEIPT_MSG, RECEIPT_ZIP_BATCH } from '@apimarket/contracts';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchJobRows, batchJobs, categories, interfaces, purchases, queryItems, queryReports } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp, type UploadFile } from '../../test/harness';
import { post, postMultipart } from '../../test/identity';
import { clearGatewayCaches } from '../gateway/gateway.service';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let purchaseId = 0;
const ZHANG = { name: '张三', idcard: '110101199003074514' };
const IP = '198.51.100.9';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Another consistency check, outside the downloadMethod 2 filter of this app's configuration. */
const UNFILTERED = 1883;

beforeAll(async () => {
  // The filter narrowed to 1882: rows of other interfaces must stay in a downloadMethod 2 receipt.
  t = await buildTestApp({ env: { RECEIPT_FILTER_IDS: '1882' } });
  buyer = await qualifiedAccount(t, '10.71.0.1');
  other = await qualifiedAccount(t, '10.71.0.2');
  const key = await buyCheapest(t, buyer, 1882);
  purchaseId = (await t.database.db.select().from(purchases).where(eq(purchases.key, key)))[0]?.id ?? 0;
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const csv = (text: string, name = '入职名单.csv'): UploadFile => ({ name, content: Buffer.from(`\uFEFF${text}`), type: 'text/csv' });

/** A batch job of the sheet's rows, run to its end by the runner. */
async function runJob(lines: string[], name?: string): Promise<number> {
  const res = await postMultipart(t, 'myOnline/addBatchJob', { purchaseId: String(purchaseId) }, csv(['name,idcard', ...lines].join('\n'), name), as(buyer));
  const jobId = Number(res.json().data.id);
  expect((await post(t, 'myOnline/executeBatchJob', { jobId: String(jobId), consent: '1' }, as(buyer))).json().code).toBe(200);
  await t.batchRunner?.idle();
  return jobId;
}

const receipt = (a: TestAccount, fields: Record<string, string>) => post(t, 'query/compressFile', fields, as(a));

async function pdfText(payload: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(payload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('receipts of a batch job (type 0)', () => {
  let jobId = 0;
  let systemMessage = '';

  beforeAll(async () => {
    // 张三 matches the record; 李四 does not own 张三's number; the third number fails its checksum.
    jobId = await runJob([`${ZHANG.name},${ZHANG.idcard}`, `李四,${ZHANG.idcard}`, '王五,440305199208153210']);
    const [bad] = await t.database.db
      .select()
      .from(batchJobRows)
      .where(and(eq(batchJobRows.jobId, jobId), eq(batchJobRows.rowNo, 3)));
    systemMessage = bad?.message ?? '';
  });

  it('answers the list: labels, names, then each answered row in the verification wording', async () => {
    const res = await receipt(buyer, { type: '0', id: String(jobId) });
    const data = res.json().data;
    expect(data.list[0]).toEqual(['序号', '核验项目', '姓名', '身份证号', '核验结果', '请求时间', '回执时间', '订单号']);
    expect(data.list[1]).toEqual(['rowNo', 'interfaceName', 'name', 'idcard', 'response', 'requestTime', 'responseTime', 'seqNo']);
    expect(data).toMatchObject({ type: 0, id: jobId, jobName: '入职名单', totalCount: 3, pdfRefusal: '' });
    expect(data.respParams).toMatchObject({ response: '核验结果', requestTime: '请求时间', responseTime: '回执时间', seqNo: '订单号', idcard: '身份证号' });
    const rows: string[][] = data.list.slice(2);
    expect(rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['1', '张*', '110101********4514', '验证一致'],
      ['2', '李*', '110101********4514', '验证不一致'],
      ['3', '王*', '440305********3210', systemMessage],
    ]);
    expect(systemMessage).not.toBe('');
    // China time, and the row's call under its order number.
    for (const r of rows) {
      expect(r[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(r[7]).toMatch(/^[0-9A-F]{20}$/);
    }
    expect(JSON.stringify(data)).not.toContain(ZHANG.idcard);
  });

  it('downloadMethod 2 keeps only the rows answered 10000 with result 1', async () => {
    const data = (await receipt(buyer, { type: '0', id: String(jobId), downloadMethod: '2' })).json().data;
    expect(data.totalCount).toBe(1);
    expect(data.list.slice(2).map((r: string[]) => [r[0], r[4]])).toEqual([['1', '验证一致']]);
  });

  it('is the owner’s only: another account’s job answers like a missing one', async () => {
    const foreign = await receipt(other, { type: '0', id: String(jobId) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'ALL_0011', msg: RECEIPT_MSG.missing });
    expect((await receipt(buyer, { type: '0', id: '999999' })).json()).toMatchObject({ code: 'ALL_0011', msg: RECEIPT_MSG.missing });
    expect((await post(t, 'query/receiptImages', { type: '0', id: String(jobId) }, as(other))).json().msg).toBe(RECEIPT_MSG.missing);
    expect((await post(t, 'query/receiptPdf', { type: '0', id: String(jobId) }, as(other))).json().msg).toBe(RECEIPT_MSG.missing);
    expect((await receipt(buyer, { type: '7', id: String(jobId) })).json()).toMatchObject({ code: 'ALL_0001', msg: RECEIPT_MSG.type });
    expect((await post(t, 'query/compressFile', { type: '0', id: String(jobId) })).json().code).toBe('ALL_0024');
  });

  it('exports the 个人背景核查信息 PDF with the masked subjects as text', async () => {
    const res = await post(t, 'query/receiptPdf', { type: '0', id: String(jobId) }, as(buyer));
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${PDF_EXPORT.fileName}.pdf`));
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('个人背景核查信息');
    expect(text).toContain('张*');
    expect(text).toContain('验证不一致');
    expect(text).not.toContain(ZHANG.idcard);
  });

  it('refuses the PDF of a job whose interface yields no verification receipt (Decision 92)', async () => {
    const [lookup] = await t.database.db
      .select({ id: interfaces.id, name: interfaces.interfaceName, categoryName: categories.categoryName })
      .from(interfaces)
      .innerJoin(categories, eq(categories.id, interfaces.categoryId))
      .where(notInArray(interfaces.categoryId, [1, 4, 5, 7]))
      .limit(1);
    if (!lookup) throw new Error('the catalogue has no lookup interface');
    const [job] = await t.database.db
      .insert(batchJobs)
      .values({ memberId: buyer.memberId, purchaseId, interfaceId: lookup.id, fileName: '车辆.csv', ip: IP, rows: 1, status: 'done', done: 1 })
      .returning({ id: batchJobs.id });
    const id = job?.id ?? 0;
    await t.database.db
      .insert(batchJobRows)
      .values({ jobId: id, rowNo: 1, params: { plate: '沪A1****' }, code: '10000', message: '成功', seqNo: 'F'.repeat(20), data: {} });
    const refusal = pdfRefusal.family(lookup.name, lookup.categoryName);
    expect((await receipt(buyer, { type: '0', id: String(id) })).json().data.pdfRefusal).toBe(refusal);
    expect((await post(t, 'query/receiptPdf', { type: '0', id: String(id) }, as(buyer))).json()).toMatchObject({ code: 'ALL_0001', msg: refusal });
    await t.database.db.delete(batchJobs).where(eq(batchJobs.id, id));
  });
});

describe('receipt images (query/receiptImages)', () => {
  it(`draws ${RECEIPT_ZIP_BATCH} PNGs per call, the rest from the next offset, named by row or masked name`, async () => {
    const lines = Array.from({ length: RECEIPT_ZIP_BATCH + 2 }, () => `${ZHANG.name},${ZHANG.idcard}`);
    const jobId = await runJob(lines, '十七人.csv');
    const first = (await post(t, 'query/receiptImages', { type: '0', id: String(jobId), offset: '0', watermark: '1' }, as(buyer))).json().data;
    expect(first.images).toHaveLength(RECEIPT_ZIP_BATCH);
    expect(first).toMatchObject({ totalCount: RECEIPT_ZIP_BATCH + 2, nextOffset: RECEIPT_ZIP_BATCH });
    expect(first.images.map((i: { name: string }) => i.name).slice(0, 2)).toEqual(['1.png', '2.png']);
    for (const img of first.images) expect(Buffer.from(img.png, 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);

    const rest = (
      await post(t, 'query/receiptImages', { type: '0', id: String(jobId), offset: String(first.nextOffset), isReceiptName: '1' }, as(buyer))
    ).json().data;
    expect(rest.images.map((i: { name: string; rowNo: number }) => [i.rowNo, i.name])).toEqual([
      [16, '16-张＊.png'],
      [17, '17-张＊.png'],
    ]);
    expect(rest.nextOffset).toBeNull();
    await post(t, 'myOnline/deleteBatchJob', { jobId: String(jobId) }, as(buyer));
  });
});

describe('receipts of an online query (type 1)', () => {
  it('answers a real query’s report to its owner only, and its PDF', async () => {
    const run = await post(t, 'UserCenter/getApiTestDataWithJsonTest', { interfaceIds: '1882', params: JSON.stringify(ZHANG), consent: 'true' }, as(buyer));
    expect(run.json().code).toBe(200);
    const reportId = String(run.json().data.id);
    const data = (await receipt(buyer, { type: '1', id: reportId })).json().data;
    expect(data.list[1]).toEqual(['rowNo', 'interfaceName', 'name', 'idcard', 'response', 'requestTime', 'responseTime', 'seqNo']);
    expect(data.list.slice(2).map((r: string[]) => [r[0], r[2], r[4], r[7]])).toEqual([['1', '张*', '验证一致', run.json().data.items[0].seqNo]]);
    expect(data.jobName).toContain('张*');

    const foreign = await receipt(other, { type: '1', id: reportId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(RECEIPT_MSG.missing);

    const pdf = await post(t, 'query/receiptPdf', { type: '1', id: reportId }, as(buyer));
    expect(await pdfText(pdf.rawPayload)).toContain('个人背景核查信息');
  });

  it('narrows by interface, and downloadMethod 2 leaves the rows of interfaces outside the filter', async () => {
    const [report] = await t.database.db
      .insert(queryReports)
      .values({ memberId: buyer.memberId, subject: '张*，110101********4514', items: 3, succeeded: 3, kind: 'report', ip: IP })
      .returning({ id: queryReports.id });
    const reportId = report?.id ?? 0;
    const item = (interfaceId: number, result: string, seqNo: string) => ({
      reportId,
      memberId: buyer.memberId,
      purchaseId,
      interfaceId,
      seqNo,
      params: { name: '张*', idcard: '110101********4514' },
      code: '10000',
      message: '成功',
      data: { result },
      requestedAt: new Date('2026-11-20T02:00:00Z'),
      answeredAt: new Date('2026-11-20T02:00:01Z'),
    });
    await t.database.db.insert(queryItems).values([item(1882, '1', 'A'.repeat(20)), item(1882, '2', 'B'.repeat(20)), item(UNFILTERED, '2', 'C'.repeat(20))]);

    const all = (await receipt(buyer, { type: '1', id: String(reportId) })).json().data;
    expect(all.list.slice(2).map((r: string[]) => [r[4], r[5], r[7]])).toEqual([
      ['验证一致', '2026-11-20 10:00:00', 'A'.repeat(20)],
      ['验证不一致', '2026-11-20 10:00:00', 'B'.repeat(20)],
      ['验证不一致', '2026-11-20 10:00:00', 'C'.repeat(20)],
    ]);
    const filtered = (await receipt(buyer, { type: '1', id: String(reportId), downloadMethod: '2' })).json().data;
    expect(filtered.list.slice(2).map((r: string[]) => r[7])).toEqual(['A'.repeat(20), 'C'.repeat(20)]);
    const one = (await receipt(buyer, { type: '1', id: String(reportId), interfaceId: String(UNFILTERED) })).json().data;
    expect(one).toMatchObject({ totalCount: 1 });
    expect(one.interfaceNames).toHaveLength(1);
    const none = await post(t, 'query/receiptImages', { type: '1', id: String(reportId), interfaceId: '9999' }, as(buyer));
    expect(none.json().msg).toBe(RECEIPT_MSG.empty);
  });

  it(`refuses a list or PDF beyond ${RECEIPT_LIST_MAX} rows, and still draws its images step by step`, async () => {
    const [report] = await t.database.db
      .insert(queryReports)
      .values({ memberId: buyer.memberId, subject: '张*', items: RECEIPT_LIST_MAX + 1, kind: 'report', ip: IP })
      .returning({ id: queryReports.id });
    const reportId = report?.id ?? 0;
    await t.database.db.execute(sql`
      insert into query_items (report_id, member_id, purchase_id, interface_id, seq_no, params, code, message, data, requested_at, answered_at)
      select ${reportId}, ${buyer.memberId}, ${purchaseId}, 1882, lpad(g::text, 20, '0'), '{"name":"张*"}'::jsonb, '10000', '成功', '{"result":"1"}'::jsonb, now(), now()
      from generate_series(1, ${RECEIPT_LIST_MAX + 1}) g`);
    expect((await receipt(buyer, { type: '1', id: String(reportId) })).json()).toMatchObject({ code: 'ALL_0001', msg: RECEIPT_MSG.tooMany });
    expect((await post(t, 'query/receiptPdf', { type: '1', id: String(reportId) }, as(buyer))).json().msg).toBe(RECEIPT_MSG.tooMany);
    const last = (await post(t, 'query/receiptImages', { type: '1', id: String(reportId), offset: String(RECEIPT_LIST_MAX) }, as(buyer))).json().data;
    expect(last).toMatchObject({ totalCount: RECEIPT_LIST_MAX + 1, nextOffset: null });
    expect(last.images.map((i: { rowNo: number }) => i.rowNo)).toEqual([RECEIPT_LIST_MAX + 1]);
    await t.database.db.delete(queryReports).where(eq(queryReports.id, reportId));
  });
});
