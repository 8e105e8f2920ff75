import { BATCH_MAX_ROWS, ONLINE_MSG, TRUCK_SCORE_MODEL_IDS } from '@apimarket/contracts';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchJobRows, batchJobs, callRecords, members, purchases } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp, type UploadFile } from '../../test/harness';
import { get, post, postMultipart } from '../../test/identity';
import { readXlsx } from '../../test/xlsx';
import { clearGatewayCaches, newSeqNo } from '../gateway/gateway.service';
import { openRowParams } from './batch-params';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let purchaseId = 0;
let key = '';
const ZHANG = { name: '张三', idcard: '110101199003074514' };
const LI = { name: '李四', idcard: '330106198507121239' };
const BROWSER_IP = '198.51.100.7';

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.70.0.1');
  other = await qualifiedAccount(t, '10.70.0.2');
  key = await buyCheapest(t, buyer, 1882);
  purchaseId = (await purchaseOf(key))?.id ?? 0;
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

async function purchaseOf(k: string) {
  return (await t.database.db.select().from(purchases).where(eq(purchases.key, k)))[0];
}
const as = (a: TestAccount) => ({ cookies: a.cookies, ip: BROWSER_IP });
const callsLeft = async () => (await purchaseOf(key))?.callsLeft ?? -1;

const upload = (a: TestAccount, fields: Record<string, string>, file?: UploadFile) =>
  postMultipart(t, 'myOnline/addBatchJob', fields, file, { cookies: a.cookies, ip: BROWSER_IP });
const csv = (text: string, name = '客户名单.csv'): UploadFile => ({ name, content: Buffer.from(`\uFEFF${text}`), type: 'text/csv' });

describe('我的API test (UserCenter/getInterfaceInfoTById, getApiTestData)', () => {
  it('describes the purchase with its parameters, to its owner only', async () => {
    const res = await post(t, 'UserCenter/getInterfaceInfoTById', { purchaseId: String(purchaseId) }, as(buyer));
    expect(res.json()).toMatchObject({
      code: 200,
      data: { purchaseId, interfaceId: 1882, path: '/communication/personal/1882', usable: true, batchable: true },
    });
    expect(res.json().data.params.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
      ['name', true],
      ['idcard', true],
    ]);
    const foreign = await post(t, 'UserCenter/getInterfaceInfoTById', { purchaseId: String(purchaseId) }, as(other));
    expect(foreign.json()).toMatchObject({ code: 'ALL_0011', msg: ONLINE_MSG.purchaseMissing });
    expect((await post(t, 'UserCenter/getInterfaceInfoTById', { purchaseId: String(purchaseId) })).json().code).toBe('ALL_0024');
    expect((await post(t, 'UserCenter/getInterfaceInfoTById', {}, as(buyer))).json()).toMatchObject({ code: 'ALL_0001', msg: ONLINE_MSG.purchaseRequired });
  });

  it('makes one real call: charged once, recorded masked with the browser IP, calls left answered', async () => {
    const before = await callsLeft();
    const res = await post(t, 'UserCenter/getApiTestData', { purchaseId: String(purchaseId), params: JSON.stringify(ZHANG) }, as(buyer));
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      data: { answer: { code: '10000', message: '成功', data: { result: '1' } }, charged: true, callsLeft: before - 1 },
    });
    expect(await callsLeft()).toBe(before - 1);
    const [rec] = await t.database.db.select().from(callRecords).where(eq(callRecords.seqNo, body.data.answer.seqNo));
    expect(rec).toMatchObject({ code: '10000', charged: 1, ip: BROWSER_IP, purchaseId, params: { name: '张*', idcard: '110101********4514' } });
  });

  it('answers the platform codes of a bad test uncharged, and ignores fields that are not parameters', async () => {
    const before = await callsLeft();
    const missing = await post(t, 'UserCenter/getApiTestData', { purchaseId: String(purchaseId), params: JSON.stringify({ name: '张三' }) }, as(buyer));
    expect(missing.json().data).toMatchObject({ answer: { code: 'SYSTEM_011', message: '缺少必填参数：idcard', data: null }, charged: false });
    const format = await post(
      t,
      'UserCenter/getApiTestData',
      { purchaseId: String(purchaseId), params: JSON.stringify({ name: '张三', idcard: '110101199003074515' }) },
      as(buyer),
    );
    expect(format.json().data.answer.code).toBe('SYSTEM_042');
    // A stray "key" cannot point the test at another purchase: only the interface's parameters travel.
    const stray = await post(t, 'UserCenter/getApiTestData', { purchaseId: String(purchaseId), params: JSON.stringify({ ...LI, key: 'nope' }) }, as(buyer));
    expect(stray.json().data.answer.code).toBe('10000');
    expect(await callsLeft()).toBe(before - 1);
    const bad = await post(t, 'UserCenter/getApiTestData', { purchaseId: String(purchaseId), params: 'not json' }, as(buyer));
    expect(bad.json()).toMatchObject({ code: 'ALL_0001', msg: ONLINE_MSG.params });
    const foreign = await post(t, 'UserCenter/getApiTestData', { purchaseId: String(purchaseId), params: JSON.stringify(ZHANG) }, as(other));
    expect(foreign.json().msg).toBe(ONLINE_MSG.purchaseMissing);
  });

  it('is not refused by the key’s IP whitelist (the session authenticates it), while the key from elsewhere is', async () => {
    await post(t, 'UserCenter/SaveIpBinding', { ip: '203.0.113.50', interfaceId: '1882' }, { cookies: buyer.cookies });
    clearGatewayCaches();
    const fromSite = await post(t, 'UserCenter/getApiTestData', { purchaseId: String(purchaseId), params: JSON.stringify(ZHANG) }, as(buyer));
    expect(fromSite.json().data.answer.code).toBe('10000');
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/communication/personal/1882',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.1' },
      payload: new URLSearchParams({ key, ...ZHANG }).toString(),
    });
    expect(fromElsewhere.json().code).toBe('SYSTEM_012');
    const bound = (await get(t, 'myAccount/getIpWhite', {}, { cookies: buyer.cookies })).json();
    expect(bound.rows).toHaveLength(1);
    for (const r of bound.rows) await post(t, 'UserCenter/DropIpBinding', { id: String(r.id) }, { cookies: buyer.cookies });
    clearGatewayCaches();
  });
});

describe('batch queries (myOnline/*)', () => {
  it('hands out a template with one column per parameter', async () => {
    const res = await post(t, 'myOnline/showOnline', { purchaseId: String(purchaseId), template: '1' }, as(buyer));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('批量查询模板-'));
    const [header] = await readXlsx(res.rawPayload);
    expect(header?.map((h) => /（(\w+)）$/.exec(h)?.[1])).toEqual(['name', 'idcard']);
  });

  // One of the files holds BATCH_MAX_ROWS + 1 rows: read whole before it is refused.
  it('refuses files it cannot run, with the reason', { timeout: 180_000 }, async () => {
    const refused = async (file: UploadFile | undefined, msg: string, fields = { purchaseId: String(purchaseId) }) => {
      const res = await upload(buyer, fields, file);
      expect(res.json().msg, file?.name).toBe(msg);
    };
    await refused(undefined, ONLINE_MSG.fileRequired);
    await refused({ name: '名单.txt', content: Buffer.from('name,idcard\n'), type: 'text/plain' }, ONLINE_MSG.fileType);
    await refused(csv('name\n张三\n'), ONLINE_MSG.missingColumn('idcard'));
    await refused(csv('name,idcard\n,\n'), ONLINE_MSG.noRows);
    await refused({ name: '名单.xlsx', content: Buffer.from('not a workbook'), type: 'application/octet-stream' }, ONLINE_MSG.fileUnreadable);
    const many = ['name,idcard', ...Array.from({ length: BATCH_MAX_ROWS + 1 }, () => `${ZHANG.name},${ZHANG.idcard}`)].join('\n');
    await refused(csv(many), ONLINE_MSG.tooManyRows);
    // A number that lost digits (Excel's 1.10101E+17), and a control character.
    await refused(csv('name,idcard\n张三,1.10101E+17\n'), ONLINE_MSG.numberCell(2, 'idcard'));
    await refused(csv('name,idcard\n"张\u0000三",110101199003074514\n'), ONLINE_MSG.cellChars(2, 'name'));
    const numeric = new ExcelJS.Workbook();
    const ws = numeric.addWorksheet('s');
    ws.addRow(['name', 'idcard']);
    // What Excel keeps of an identity number typed into a number cell.
    ws.addRow(['张三', Number(ZHANG.idcard)]);
    await refused(
      { name: '名单.xlsx', content: Buffer.from(await numeric.xlsx.writeBuffer()), type: 'application/octet-stream' },
      ONLINE_MSG.numberCell(2, 'idcard'),
    );
    const foreign = await upload(other, { purchaseId: String(purchaseId) }, csv(`name,idcard\n${ZHANG.name},${ZHANG.idcard}\n`));
    expect(foreign.json().msg).toBe(ONLINE_MSG.purchaseMissing);
    expect(await t.database.db.select().from(batchJobs)).toEqual([]);
  });

  it('runs every row once as a real call, keeps answers with masked parameters and exports them', async () => {
    const before = await callsLeft();
    // The template's headers, an unknown column and an empty line are all fine.
    const res = await upload(
      buyer,
      { purchaseId: String(purchaseId) },
      csv(`姓名（name）,身份证号（idcard）,备注\n${ZHANG.name},${ZHANG.idcard},a\n\n${LI.name},${LI.idcard},b\n王五,440305199208153210,c\n`),
    );
    expect(res.json()).toMatchObject({
      code: 200,
      msg: ONLINE_MSG.created,
      data: { status: 'pending', statusLabel: '待执行', rows: 3, done: 0, fileName: '客户名单.csv' },
    });
    const jobId = String(res.json().data.id);
    expect(await callsLeft()).toBe(before); // nothing called before it is executed

    const started = await post(t, 'myOnline/executeBatchJob', { jobId, consent: '1' }, as(buyer));
    expect(started.json()).toMatchObject({ msg: ONLINE_MSG.started, data: { status: 'running' } });
    expect((await post(t, 'myOnline/executeBatchJob', { jobId, consent: '1' }, as(buyer))).json().msg).toBe(ONLINE_MSG.jobNotPending);
    await t.batchRunner?.idle();

    const list = (await post(t, 'myOnline/getBatchJob', { purchaseId: String(purchaseId) }, as(buyer))).json();
    expect(list.rows[0]).toMatchObject({ id: Number(jobId), status: 'done', statusLabel: '已完成', rows: 3, done: 3, succeeded: 2, charged: 2 });
    expect(await callsLeft()).toBe(before - 2);

    const detail = (await post(t, 'myOnline/getBatchJobDetail', { jobId }, as(buyer))).json();
    expect(detail.rows.map((r: { rowNo: number; code: string; params: Record<string, string> }) => [r.rowNo, r.code, r.params.idcard])).toEqual([
      [1, '10000', '110101********4514'],
      [2, '10000', '330106********1239'],
      [3, 'SYSTEM_042', '440305********3210'],
    ]);
    // Each row's call is in the call records under the row's seqNo; no identity number is kept in clear.
    const rows = await t.database.db
      .select()
      .from(batchJobRows)
      .where(eq(batchJobRows.jobId, Number(jobId)))
      .orderBy(asc(batchJobRows.rowNo));
    for (const r of rows)
      expect(
        (
          await t.database.db
            .select()
            .from(callRecords)
            .where(eq(callRecords.seqNo, r.seqNo ?? ''))
        ).length,
      ).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(ZHANG.idcard);

    const file = await post(t, 'myOnline/getBatchJobDetail', { jobId, export: '1' }, as(buyer));
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('批量查询结果-客户名单.xlsx'));
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet[0]).toEqual(['行号', expect.stringContaining('name'), expect.stringContaining('idcard'), '返回码', '返回信息', '流水号', '返回数据']);
    // The owner's result file puts the customer's own inputs, in clear, beside the answers.
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ['1', ZHANG.name, ZHANG.idcard, '10000'],
      ['2', LI.name, LI.idcard, '10000'],
      ['3', '王五', '440305199208153210', 'SYSTEM_042'],
    ]);

    // Another account sees none of it.
    expect((await post(t, 'myOnline/getBatchJob', {}, as(other))).json()).toMatchObject({ rows: [], total: 0 });
    expect((await post(t, 'myOnline/getBatchJobDetail', { jobId }, as(other))).json().msg).toBe(ONLINE_MSG.jobMissing);
    expect((await post(t, 'myOnline/deleteBatchJob', { jobId }, as(other))).json().msg).toBe(ONLINE_MSG.jobMissing);
    expect((await post(t, 'myOnline/deleteBatchJob', { jobId }, as(buyer))).json().msg).toBe(ONLINE_MSG.deleted);
    expect(
      await t.database.db
        .select()
        .from(batchJobRows)
        .where(eq(batchJobRows.jobId, Number(jobId))),
    ).toEqual([]);
  });

  it('reads a GB18030 CSV as Excel saves it, and an xlsx with a stray cell far to the right', async () => {
    // 张三 in GB18030, the default "CSV (逗号分隔)" of a Chinese Excel.
    const gbk = Buffer.concat([Buffer.from('name,idcard\n'), Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]), Buffer.from(`,${ZHANG.idcard}\n`)]);
    const res = await upload(buyer, { purchaseId: String(purchaseId) }, { name: '名单.csv', content: gbk, type: 'text/csv' });
    expect(res.json().data.rows).toBe(1);
    const [row] = await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, res.json().data.id));
    // Sealed at rest (batch-params.ts): what the runner will call with is the sheet's text.
    expect(openRowParams(t.config, row?.jobId ?? 0, row?.rowNo ?? 0, row?.params ?? {})).toEqual(ZHANG);

    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('s');
    ws.addRow(['name', 'idcard']);
    ws.addRow([LI.name, LI.idcard]);
    ws.getCell('XFD2').value = 'x';
    const wide = await upload(
      buyer,
      { purchaseId: String(purchaseId) },
      { name: '名单.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()), type: 'application/octet-stream' },
    );
    expect(wide.json().data.rows).toBe(1);
    for (const id of [res.json().data.id, wide.json().data.id]) await post(t, 'myOnline/deleteBatchJob', { jobId: String(id) }, as(buyer));
  });

  it('does not start a job the purchase has too few calls for, nor delete a running one', async () => {
    const res = await upload(buyer, { purchaseId: String(purchaseId) }, csv(`name,idcard\n${ZHANG.name},${ZHANG.idcard}\n${LI.name},${LI.idcard}\n`));
    const jobId = Number(res.json().data.id);
    const left = await callsLeft();
    await t.database.db.update(purchases).set({ callsLeft: 1 }).where(eq(purchases.id, purchaseId));
    expect((await post(t, 'myOnline/executeBatchJob', { jobId: String(jobId), consent: '1' }, as(buyer))).json().msg).toBe(ONLINE_MSG.notEnoughCalls(2, 1));
    await t.database.db.update(purchases).set({ callsLeft: left }).where(eq(purchases.id, purchaseId));

    // Another job of the purchase runs (leased to another process): this one waits its turn.
    await t.database.db
      .update(batchJobs)
      .set({ status: 'running', leaseOwner: 'another-process', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(batchJobs.id, jobId));
    const second = await upload(buyer, { purchaseId: String(purchaseId) }, csv(`name,idcard\n${ZHANG.name},${ZHANG.idcard}\n`));
    expect((await post(t, 'myOnline/executeBatchJob', { jobId: String(second.json().data.id), consent: '1' }, as(buyer))).json().msg).toBe(ONLINE_MSG.jobBusy);
    expect((await post(t, 'myOnline/deleteBatchJob', { jobId: String(jobId) }, as(buyer))).json().msg).toBe(ONLINE_MSG.jobRunning);
    // A live lease is not taken over: the other process is working on it.
    const left2 = await callsLeft();
    await t.batchRunner?.sweep();
    await t.batchRunner?.idle();
    expect(await callsLeft()).toBe(left2);
    expect((await t.database.db.select().from(batchJobs).where(eq(batchJobs.id, jobId)))[0]).toMatchObject({
      status: 'running',
      done: 0,
      leaseOwner: 'another-process',
    });
    await t.database.db.delete(batchJobs).where(eq(batchJobs.id, jobId));
    await post(t, 'myOnline/deleteBatchJob', { jobId: String(second.json().data.id) }, as(buyer));
  });

  it('takes over a job whose runner died without calling a row twice', async () => {
    const res = await upload(buyer, { purchaseId: String(purchaseId) }, csv(`name,idcard\n${ZHANG.name},${ZHANG.idcard}\n${LI.name},${LI.idcard}\n`));
    const jobId = Number(res.json().data.id);
    // The dead runner had claimed row 1's seqNo and made its call (recorded, charged) but not saved the answer.
    const seqNo = newSeqNo();
    const made = (await post(t, 'UserCenter/getApiTestData', { purchaseId: String(purchaseId), params: JSON.stringify(ZHANG) }, as(buyer))).json();
    expect(made.data.answer.code).toBe('10000');
    await t.database.db.update(callRecords).set({ seqNo }).where(eq(callRecords.seqNo, made.data.answer.seqNo));
    await t.database.db
      .update(batchJobRows)
      .set({ seqNo })
      .where(and(eq(batchJobRows.jobId, jobId), eq(batchJobRows.rowNo, 1)));
    await t.database.db
      .update(batchJobs)
      .set({ status: 'running', leaseOwner: 'a-dead-process', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(batchJobs.id, jobId));
    const before = await callsLeft();

    await t.batchRunner?.sweep();
    await t.batchRunner?.idle();

    const detail = (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId) }, as(buyer))).json();
    expect(detail.job).toMatchObject({ status: 'done', done: 2, charged: 2 });
    expect(detail.rows.map((r: { code: string; message: string; seqNo: string }) => [r.code, r.message, r.seqNo === seqNo])).toEqual([
      ['10000', ONLINE_MSG.resultLost, true],
      ['10000', '成功', false],
    ]);
    // Only row 2 was called now.
    expect(await callsLeft()).toBe(before - 1);
    expect((await t.database.db.select().from(callRecords).where(eq(callRecords.seqNo, seqNo))).length).toBe(1);
  });

  it('stops a job when the purchase can no longer be called, leaving the other rows uncalled', async () => {
    const res = await upload(buyer, { purchaseId: String(purchaseId) }, csv(`name,idcard\n${ZHANG.name},${ZHANG.idcard}\n${LI.name},${LI.idcard}\n`));
    const jobId = Number(res.json().data.id);
    await t.database.db.update(batchJobs).set({ status: 'running' }).where(eq(batchJobs.id, jobId));
    await t.database.db.update(purchases).set({ status: 'stopped' }).where(eq(purchases.id, purchaseId));
    clearGatewayCaches();
    await t.batchRunner?.sweep();
    await t.batchRunner?.idle();
    await t.database.db.update(purchases).set({ status: 'active' }).where(eq(purchases.id, purchaseId));
    clearGatewayCaches();
    const detail = (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId) }, as(buyer))).json();
    expect(detail.job).toMatchObject({
      status: 'stopped',
      statusLabel: '已中止',
      done: 1,
      charged: 0,
      note: '第 1 行返回 SYSTEM_003，接口已不可调用，其余行未执行',
    });
    expect(detail.rows.map((r: { code: string | null }) => r.code)).toEqual(['SYSTEM_003', null]);
  });

  it('refuses interfaces that take an image or a video, and tests no video online', async () => {
    const ocr = await purchaseOf(await buyCheapest(t, buyer, 1985));
    const info = (await post(t, 'myOnline/showOnline', { purchaseId: String(ocr?.id) }, as(buyer))).json();
    expect(info.data).toMatchObject({ batchable: false, testable: true });
    expect(info.data.params[0]).toMatchObject({ name: 'image', media: 'image' });
    expect((await upload(buyer, { purchaseId: String(ocr?.id) }, csv('image\nabc\n'))).json().msg).toBe(ONLINE_MSG.imageNotBatchable);

    const live = await purchaseOf(await buyCheapest(t, buyer, 2063));
    const liveInfo = (await post(t, 'UserCenter/getInterfaceInfoTById', { purchaseId: String(live?.id) }, as(buyer))).json();
    expect(liveInfo.data).toMatchObject({ batchable: false, testable: false, params: [{ name: 'video', media: 'video' }] });
    const before = live?.callsLeft;
    const tried = await post(t, 'UserCenter/getApiTestData', { purchaseId: String(live?.id), params: JSON.stringify({ video: 'AAAA' }) }, as(buyer));
    expect(tried.json()).toMatchObject({ code: 'ALL_0001', msg: ONLINE_MSG.videoNotTestable });
    expect((await purchaseOf(live?.key ?? ''))?.callsLeft).toBe(before);
  });

  it('takes two images of 700 KB in one test (face comparison)', async () => {
    const face = await purchaseOf(await buyCheapest(t, buyer, 2061));
    const info = (await post(t, 'UserCenter/getInterfaceInfoTById', { purchaseId: String(face?.id) }, as(buyer))).json();
    const images = info.data.params.filter((p: { media: string | null }) => p.media === 'image').map((p: { name: string }) => p.name);
    expect(images.length).toBe(2);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(700 * 1024 - 4, 0xfb)]).toString('base64');
    const res = await post(
      t,
      'UserCenter/getApiTestData',
      { purchaseId: String(face?.id), params: JSON.stringify(Object.fromEntries(images.map((n: string) => [n, jpeg]))) },
      as(buyer),
    );
    expect(res.json().code).toBe(200);
    expect(res.json().data.answer.code).not.toBe('SYSTEM_999');
  });
});

describe('truck model access (dataApi/checkTruckInterface, spec 02 §6)', () => {
  it('is false until the account buys a truck score model', async () => {
    const a = await qualifiedAccount(t, '10.70.0.3');
    expect((await post(t, 'dataApi/checkTruckInterface', {}, { cookies: a.cookies })).json()).toMatchObject({ code: 200, data: false });
    // A sub-account of the company: opened by its main account's purchase.
    const sub = await newAccount(t, '10.70.0.4');
    await t.database.db.update(members).set({ parentId: a.memberId }).where(eq(members.id, sub.memberId));
    expect((await post(t, 'dataApi/checkTruckInterface', {}, { cookies: sub.cookies })).json().data).toBe(false);
    await buyCheapest(t, a, TRUCK_SCORE_MODEL_IDS[1]);
    expect((await post(t, 'dataApi/checkTruckInterface', {}, { cookies: a.cookies })).json()).toMatchObject({ code: 200, data: true });
    expect((await post(t, 'dataApi/checkTruckInterface', {}, { cookies: sub.cookies })).json().data).toBe(true);
    // Another account's purchase opens nothing for this one.
    expect((await post(t, 'dataApi/checkTruckInterface', {}, { cookies: other.cookies })).json().data).toBe(false);
    expect((await post(t, 'dataApi/checkTruckInterface', {})).json().code).toBe('ALL_0024');
  });
});
