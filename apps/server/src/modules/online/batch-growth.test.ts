// Batch jobs at the size HR and risk teams upload (issue #21): row problems listed before anything
// is charged, a pending job's rows edited or replaced, failed rows run again without charging any
// row twice, the consent attestation recorded, the owner's result file with its own inputs.
import { BATCH_CONSENT_TEXT, BATCH_FILE, BATCH_MAX_PROBLEMS, BATCH_MAX_ROWS, ONLINE_MSG } from '@apimarket/contracts';
import { mkdtempSync, readdirSync, rmSync, watch } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchJobRows, batchJobs, callRecords, purchases } from '../../db/schema';
import { sandboxProvider } from '../../providers';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp, type UploadFile } from '../../test/harness';
import { post, postMultipart } from '../../test/identity';
import { readXlsx } from '../../test/xlsx';
import { createGatewayDeps } from '../gateway/gateway.routes';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { openRowParams } from './batch-params';
import { createBatchRunner } from './batch.runner';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let purchaseId = 0;
const ZHANG = { name: '张三', idcard: '110101199003074514' };
const LI = { name: '李四', idcard: '330106198507121239' };
const WANG = { name: '王五', idcard: '440305199208153210' }; // a bad check digit: SYSTEM_042, not charged
const IP = '198.51.100.21';

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.73.0.1');
  other = await qualifiedAccount(t, '10.73.0.2');
  const key = await buyCheapest(t, buyer, 1882);
  purchaseId = (await t.database.db.select().from(purchases).where(eq(purchases.key, key)))[0]?.id ?? 0;
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const csv = (text: string, name = '入职名单.csv'): UploadFile => ({ name, content: Buffer.from(`\uFEFF${text}`), type: 'text/csv' });
const sheetOf = (...people: Array<{ name: string; idcard: string }>) => `name,idcard\n${people.map((p) => `${p.name},${p.idcard}`).join('\n')}\n`;
const upload = (file: UploadFile, a = buyer) => postMultipart(t, 'myOnline/addBatchJob', { purchaseId: String(purchaseId) }, file, as(a));
const callsLeft = async () => (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId)))[0]?.n ?? -1;
const recordsOfPurchase = async () => (await t.database.db.select({ n: count() }).from(callRecords).where(eq(callRecords.purchaseId, purchaseId)))[0]?.n ?? 0;
const detail = async (jobId: number) => (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId), pageSize: '50' }, as(buyer))).json();
const codes = (d: { rows: Array<{ code: string | null }> }) => d.rows.map((r) => r.code);

async function newJob(text: string): Promise<number> {
  const res = await upload(csv(text));
  expect(res.json()).toMatchObject({ code: 200, msg: ONLINE_MSG.created });
  return Number(res.json().data.id);
}

/** Runs a job with a runner of the test's own whose provider refuses 李四 while `failing` holds (SYSTEM_999: the platform failed, uncharged). */
async function runFlaky(jobId: number, failing: () => boolean) {
  const sandbox = sandboxProvider();
  const gateway = createGatewayDeps({
    db: t.database.db,
    config: t.config,
    logger: t.app.log,
    providerFor: () => ({
      name: 'flaky',
      call: async (spec, params, options) => {
        if (failing() && params.name === LI.name) throw new Error('upstream down');
        return sandbox.call(spec, params, options);
      },
    }),
    ratePerKey: t.config.gateway.ratePerKey,
    upstreamTimeoutMs: t.config.gateway.upstreamTimeoutMs,
  });
  const runner = createBatchRunner({ db: t.database.db, gateway, logger: t.app.log, callsPerSecond: 50 });
  await t.database.db.update(batchJobs).set({ status: 'running' }).where(eq(batchJobs.id, jobId));
  runner.kick(jobId);
  await runner.idle();
  await runner.stop();
  await gateway.committer.settle();
}

describe('a sheet’s row problems, before anything is charged', () => {
  it('lists every problem with its row (the first 100), counts them all, and keeps no job', async () => {
    const before = await callsLeft();
    const lines = ['姓名（name）,身份证号（idcard）', `${ZHANG.name},${ZHANG.idcard}`, '李四,', `王五,1.10101E+17`, `"赵\t六",${LI.idcard}`];
    const one = await upload(csv(`${lines.slice(0, 3).join('\n')}\n`));
    // One problem: its own message.
    expect(one.json()).toMatchObject({ code: 'ALL_0001', msg: ONLINE_MSG.missingValue(3, '身份证号（idcard）'), problemCount: 1 });

    const res = await upload(csv(`${lines.join('\n')}\n`));
    expect(res.json()).toMatchObject({
      code: 'ALL_0001',
      msg: ONLINE_MSG.problems(3),
      problemCount: 3,
      problems: [ONLINE_MSG.missingValue(3, '身份证号（idcard）'), ONLINE_MSG.numberCell(4, '身份证号（idcard）'), ONLINE_MSG.cellChars(5, '姓名（name）')],
    });
    // Many: the first BATCH_MAX_PROBLEMS, and how many there are.
    const many = await upload(csv(`name,idcard\n${Array.from({ length: 150 }, (_, i) => `人${i},`).join('\n')}\n`));
    expect(many.json().msg).toBe(ONLINE_MSG.problems(150));
    expect(many.json().msg).toContain(`前 ${BATCH_MAX_PROBLEMS} 处`);
    expect(many.json().problems).toHaveLength(BATCH_MAX_PROBLEMS);
    expect(many.json().problems[0]).toBe(ONLINE_MSG.missingValue(2, 'idcard'));
    expect(await t.database.db.select().from(batchJobs)).toEqual([]);
    expect(await t.database.db.select().from(batchJobRows)).toEqual([]);
    expect(await callsLeft()).toBe(before);
  });

  // 100 000 rows are read, sealed and written (about 10 s alone; more on shared cores).
  it('reads 100 000 rows of CSV, and an xlsx as a stream with its other sheets ignored', { timeout: 180_000 }, async () => {
    // With a column of notes the sheet is over 10 MB (the size of other uploads), within BATCH_FILE's 20 MB.
    const note = '入职背景核查'.repeat(5);
    const big = Array.from({ length: BATCH_MAX_ROWS }, () => `${ZHANG.name},${ZHANG.idcard},${note}`);
    const file = csv(`name,idcard,备注\n${big.join('\n')}\n`, '十万行.csv');
    expect(file.content.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await upload(file);
    expect(res.json()).toMatchObject({ code: 200, data: { rows: BATCH_MAX_ROWS, status: 'pending', statusLabel: '待执行' } });
    const jobId = Number(res.json().data.id);
    const [last] = await t.database.db
      .select()
      .from(batchJobRows)
      .where(and(eq(batchJobRows.jobId, jobId), eq(batchJobRows.rowNo, BATCH_MAX_ROWS)));
    expect(openRowParams(t.config, jobId, BATCH_MAX_ROWS, last?.params ?? {})).toEqual(ZHANG);
    // The detail's last page reads the last rows.
    const page = (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId), pageNum: '10000', pageSize: '10' }, as(buyer))).json();
    expect(page.rows.map((r: { rowNo: number }) => r.rowNo)).toEqual(Array.from({ length: 10 }, (_, i) => BATCH_MAX_ROWS - 9 + i));
    expect((await post(t, 'myOnline/deleteBatchJob', { jobId: String(jobId) }, as(buyer))).json().msg).toBe(ONLINE_MSG.deleted);
    expect((await t.database.db.select({ n: count() }).from(batchJobRows).where(eq(batchJobRows.jobId, jobId)))[0]?.n).toBe(0);
    const tooBig = await upload({ name: '太大.csv', content: Buffer.alloc(BATCH_FILE.maxBytes + 1, 0x41), type: 'text/csv' });
    expect(tooBig.json().msg).toBe(ONLINE_MSG.fileSize);

    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('查询数据');
    ws.addRow(['姓名（name）', '身份证号（idcard）']);
    for (let i = 0; i < 3000; i++) ws.addRow(i % 2 ? [LI.name, LI.idcard] : [ZHANG.name, ZHANG.idcard]);
    const help = book.addWorksheet('填写说明');
    help.addRow(['参数', '说明']);
    help.addRow(['idcard', 1.10101e17]);
    // exceljs (like Excel) saves the shared strings after the sheet; the reader would park the sheet in a
    // temporary file — a clear copy on disk — unless the parts are met in the right order. None is made.
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'batch-xlsx-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    const created: string[] = [];
    const watcher = watch(tmp, (_, name) => created.push(String(name)));
    const xlsx = await upload({ name: '名单.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()), type: 'application/octet-stream' }).finally(() => {
      process.env.TMPDIR = before;
    });
    await new Promise((r) => setTimeout(r, 50));
    watcher.close();
    expect(created).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
    rmSync(tmp, { recursive: true, force: true });
    expect(xlsx.json().data.rows).toBe(3000);
    const rows = await t.database.db
      .select()
      .from(batchJobRows)
      .where(and(eq(batchJobRows.jobId, xlsx.json().data.id), inArray(batchJobRows.rowNo, [1, 3000])))
      .orderBy(asc(batchJobRows.rowNo));
    expect(rows.map((r) => openRowParams(t.config, r.jobId, r.rowNo, r.params))).toEqual([ZHANG, LI]);
    await post(t, 'myOnline/deleteBatchJob', { jobId: String(xlsx.json().data.id) }, as(buyer));
  });
});

describe('editing a pending job (updateBatchJob, updateBatchJobDetail)', () => {
  it('renames it, replaces its sheet, and edits one row sealed again; not once executed, and not anybody else’s', async () => {
    const jobId = await newJob(sheetOf(ZHANG, LI));
    const renamed = await postMultipart(t, 'myOnline/updateBatchJob', { jobId: String(jobId), fileName: '三月入职' }, undefined, as(buyer));
    expect(renamed.json()).toMatchObject({ code: 200, msg: ONLINE_MSG.updated, data: { fileName: '三月入职', rows: 2 } });

    // A replacement with a problem changes nothing.
    const bad = await postMultipart(t, 'myOnline/updateBatchJob', { jobId: String(jobId) }, csv('name,idcard\n张三,\n'), as(buyer));
    expect(bad.json().msg).toBe(ONLINE_MSG.missingValue(2, 'idcard'));
    expect((await detail(jobId)).job.rows).toBe(2);
    const replaced = await postMultipart(t, 'myOnline/updateBatchJob', { jobId: String(jobId) }, csv(sheetOf(WANG, ZHANG, LI), '新名单.csv'), as(buyer));
    expect(replaced.json()).toMatchObject({ code: 200, data: { rows: 3, fileName: '新名单.csv', status: 'pending' } });
    const rows = await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, jobId)).orderBy(asc(batchJobRows.rowNo));
    expect(rows.map((r) => openRowParams(t.config, jobId, r.rowNo, r.params))).toEqual([WANG, ZHANG, LI]);

    // Row 1 fixed: checked like a cell, sealed again, shown masked.
    const refused = await post(
      t,
      'myOnline/updateBatchJobDetail',
      { jobId: String(jobId), rowNo: '1', params: JSON.stringify({ name: '王五', idcard: '' }) },
      as(buyer),
    );
    expect(refused.json()).toMatchObject({ code: 'ALL_0001', msg: ONLINE_MSG.missingValue(1, 'idcard') });
    const fixed = await post(
      t,
      'myOnline/updateBatchJobDetail',
      { jobId: String(jobId), rowNo: '1', params: JSON.stringify({ name: '王五', idcard: '440305199208153219', extra: 'x' }) },
      as(buyer),
    );
    expect(fixed.json()).toMatchObject({
      code: 200,
      msg: ONLINE_MSG.rowUpdated,
      data: { rowNo: 1, params: { name: '王*', idcard: '440305********3219' }, code: null },
    });
    const [row1] = await t.database.db
      .select()
      .from(batchJobRows)
      .where(and(eq(batchJobRows.jobId, jobId), eq(batchJobRows.rowNo, 1)));
    expect(openRowParams(t.config, jobId, 1, row1?.params ?? {})).toEqual({ name: '王五', idcard: '440305199208153219' });
    expect(JSON.stringify(row1?.params)).not.toContain('440305199208153219');

    // Somebody else's job or row is not found; a row that does not exist neither.
    expect((await postMultipart(t, 'myOnline/updateBatchJob', { jobId: String(jobId), fileName: 'x' }, undefined, as(other))).json().msg).toBe(
      ONLINE_MSG.jobMissing,
    );
    expect((await post(t, 'myOnline/updateBatchJobDetail', { jobId: String(jobId), rowNo: '1', params: JSON.stringify(ZHANG) }, as(other))).json().msg).toBe(
      ONLINE_MSG.jobMissing,
    );
    expect((await post(t, 'myOnline/updateBatchJobDetail', { jobId: String(jobId), rowNo: '9', params: JSON.stringify(ZHANG) }, as(buyer))).json().msg).toBe(
      ONLINE_MSG.rowMissing,
    );

    // Executed (with the attestation): no more edits.
    expect((await post(t, 'myOnline/executeBatchJob', { jobId: String(jobId) }, as(buyer))).json()).toMatchObject({
      code: 'ALL_0001',
      msg: ONLINE_MSG.consentRequired,
    });
    expect((await post(t, 'myOnline/executeBatchJob', { jobId: String(jobId), consent: '0' }, as(buyer))).json().msg).toBe(ONLINE_MSG.consentRequired);
    const started = await post(t, 'myOnline/executeBatchJob', { jobId: String(jobId), consent: '1' }, as(buyer));
    expect(started.json()).toMatchObject({ code: 200, data: { consentBy: buyer.uName, status: 'running' } });
    await t.batchRunner?.idle();
    const [job] = await t.database.db.select().from(batchJobs).where(eq(batchJobs.id, jobId));
    expect(job).toMatchObject({ consentMemberId: buyer.memberId, consentIp: IP, status: 'done' });
    expect(job?.consentAt).toBeInstanceOf(Date);
    expect(codes(await detail(jobId))).toEqual(['10000', '10000', '10000']);
    expect((await postMultipart(t, 'myOnline/updateBatchJob', { jobId: String(jobId), fileName: 'x' }, undefined, as(buyer))).json().msg).toBe(
      ONLINE_MSG.jobNotEditable,
    );
    expect((await post(t, 'myOnline/updateBatchJobDetail', { jobId: String(jobId), rowNo: '1', params: JSON.stringify(ZHANG) }, as(buyer))).json().msg).toBe(
      ONLINE_MSG.jobNotEditable,
    );
    expect((await post(t, 'myOnline/newExecuteBatchJob', { jobId: String(jobId) }, as(buyer))).json().msg).toBe(ONLINE_MSG.nothingToRetry);
    expect(BATCH_CONSENT_TEXT).toContain('单独同意');
  });
});

describe('running failed rows again (execBatchJobDetail, newExecuteBatchJob)', () => {
  it('calls only rows answered neither 10000 nor charged, never a row twice that was charged', async () => {
    const jobId = await newJob(sheetOf(ZHANG, LI, WANG));
    const left0 = await callsLeft();
    const records0 = await recordsOfPurchase();
    let failing = true;
    await runFlaky(jobId, () => failing);
    const first = await detail(jobId);
    expect(codes(first)).toEqual(['10000', 'SYSTEM_999', 'SYSTEM_042']);
    expect(first.rows.map((r: { charged: boolean; retryable: boolean }) => [r.charged, r.retryable])).toEqual([
      [true, false],
      [false, true],
      [false, true],
    ]);
    expect(first.job).toMatchObject({ status: 'done', done: 3, succeeded: 1, charged: 1, failed: 2, retryable: 2 });
    expect(await callsLeft()).toBe(left0 - 1);
    expect(await recordsOfPurchase()).toBe(records0 + 3);
    const seq1 = first.rows[0].seqNo;

    // Not a row answered 10000; not a row of a job still pending; not anybody else's.
    expect((await post(t, 'myOnline/execBatchJobDetail', { jobId: String(jobId), rowNo: '1' }, as(buyer))).json()).toMatchObject({
      code: 'ALL_0013',
      msg: ONLINE_MSG.rowNotRetryable,
    });
    expect((await post(t, 'myOnline/execBatchJobDetail', { jobId: String(jobId), rowNo: '2' }, as(other))).json().msg).toBe(ONLINE_MSG.jobMissing);

    // Row 2 again, now that the source answers: 10000, charged once.
    failing = false;
    const again = await post(t, 'myOnline/execBatchJobDetail', { jobId: String(jobId), rowNo: '2' }, as(buyer));
    expect(again.json()).toMatchObject({ code: 200, data: { rowNo: 2, code: '10000', charged: true, retryable: false, params: { name: '李*' } } });
    expect((await post(t, 'myOnline/execBatchJobDetail', { jobId: String(jobId), rowNo: '2' }, as(buyer))).json().msg).toBe(ONLINE_MSG.rowNotRetryable);
    expect(await callsLeft()).toBe(left0 - 2);
    expect(await recordsOfPurchase()).toBe(records0 + 4);

    // A new run calls row 3 alone (still refused by its check digit: uncharged).
    const rerun = await post(t, 'myOnline/newExecuteBatchJob', { jobId: String(jobId) }, as(buyer));
    expect(rerun.json()).toMatchObject({ code: 200, msg: ONLINE_MSG.rerun(1), data: { status: 'running' } });
    await t.batchRunner?.idle();
    const after = await detail(jobId);
    expect(codes(after)).toEqual(['10000', '10000', 'SYSTEM_042']);
    expect(after.job).toMatchObject({ status: 'done', done: 3, succeeded: 2, charged: 2, failed: 1, retryable: 1 });
    expect(await callsLeft()).toBe(left0 - 2);
    expect(await recordsOfPurchase()).toBe(records0 + 5);
    // Row 1's call was made once, under the seqNo it still shows.
    expect(after.rows[0].seqNo).toBe(seq1);
    expect((await t.database.db.select({ n: count() }).from(callRecords).where(eq(callRecords.seqNo, seq1)))[0]?.n).toBe(1);
    // Charged calls add up: one per row answered 10000.
    const charged = await t.database.db
      .select({ n: count() })
      .from(callRecords)
      .where(and(eq(callRecords.purchaseId, purchaseId), eq(callRecords.charged, 1)));
    expect(charged[0]?.n).toBeGreaterThanOrEqual(2);

    // The owner's result file: its own inputs in clear beside the answers; nobody else's.
    const file = await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId), export: '1' }, as(buyer));
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
      [ZHANG.name, ZHANG.idcard, '10000'],
      [LI.name, LI.idcard, '10000'],
      [WANG.name, WANG.idcard, 'SYSTEM_042'],
    ]);
    expect((await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId), export: '1' }, as(other))).json().msg).toBe(ONLINE_MSG.jobMissing);
  });

  it('runs a stopped job’s uncalled rows as a new run, and refuses while another job of the purchase runs', async () => {
    const jobId = await newJob(sheetOf(ZHANG, LI));
    await t.database.db.update(purchases).set({ status: 'stopped' }).where(eq(purchases.id, purchaseId));
    clearGatewayCaches();
    await runFlaky(jobId, () => false);
    await t.database.db.update(purchases).set({ status: 'active' }).where(eq(purchases.id, purchaseId));
    clearGatewayCaches();
    expect((await detail(jobId)).job).toMatchObject({ status: 'stopped', done: 1, failed: 1, retryable: 2 });

    const busy = await newJob(sheetOf(ZHANG));
    await t.database.db
      .update(batchJobs)
      .set({ status: 'running', leaseOwner: 'another-process', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(batchJobs.id, busy));
    expect((await post(t, 'myOnline/newExecuteBatchJob', { jobId: String(jobId) }, as(buyer))).json().msg).toBe(ONLINE_MSG.jobBusy);
    expect((await post(t, 'myOnline/pauseBatchJob', { jobId: String(jobId) }, as(buyer))).json().msg).toBe(ONLINE_MSG.jobNotPausable);
    await t.database.db.delete(batchJobs).where(eq(batchJobs.id, busy));

    const left = await callsLeft();
    expect((await post(t, 'myOnline/newExecuteBatchJob', { jobId: String(jobId) }, as(buyer))).json().msg).toBe(ONLINE_MSG.rerun(2));
    await t.batchRunner?.idle();
    expect(codes(await detail(jobId))).toEqual(['10000', '10000']);
    expect((await detail(jobId)).job).toMatchObject({ status: 'done', note: null, done: 2, charged: 2, failed: 0, retryable: 0 });
    expect(await callsLeft()).toBe(left - 2);
  });
});
