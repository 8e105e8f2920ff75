// Retention (Decision 19, issue #16 §4): call records lose their parameters and IP after
// CALL_PARAMS_RETENTION_DAYS while what billing and statistics read stays; batch jobs are deleted
// after their settings; the settings are the config's.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  batchJobRows,
  batchJobs,
  callRecords,
  callStats,
  capacityQueries,
  insuranceQueries,
  leads,
  purchases,
  queryItems,
  queryReports,
  storedFiles,
  vehicleQueries,
  vehicleSubscriptions,
} from '../../db/schema';
import { newFileKey } from '../../storage';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { gatewayPost } from '../../test/gateway';
import { buildTestApp, multipartBody, signed, type TestApp } from '../../test/harness';
import { clearGatewayCaches } from '../gateway/gateway.service';
import {
  BATCH_ROWS_PER_STATEMENT,
  blankOldCallParams,
  CALL_BATCH,
  deleteOldBatchJobs,
  deleteOldLeadAttachments,
  deleteOldModelQueries,
  deleteOldQueryReports,
  deleteOldUnkeyedCalls,
  enforceRetention,
} from './retention.service';

let t: TestApp;
let buyer: TestAccount;
let key = '';
let purchaseId = 0;
const ZHANG = { name: '张三', idcard: '110101199003074514' };
const SERVER_IP = '203.0.113.20';

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.72.0.1');
  key = await buyCheapest(t, buyer, 1882);
  purchaseId = (await t.database.db.select().from(purchases).where(eq(purchases.key, key)))[0]?.id ?? 0;
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());
const ctx = (settings: Partial<TestApp['config']['retention']> = {}) => ({
  db: t.database.db,
  files: t.files,
  retention: { ...t.config.retention, ...settings },
});

async function call(): Promise<string> {
  const res = await gatewayPost(t, '/communication/personal/1882', { key, ...ZHANG }, SERVER_IP);
  expect(res.json().code).toBe('10000');
  return res.json().seqNo;
}
const record = async (seqNo: string) => (await t.database.db.select().from(callRecords).where(eq(callRecords.seqNo, seqNo)))[0];
/** Moves a record back in time, as if it had been made `days` ago. */
const age = (seqNo: string, days: number) =>
  t.database.db
    .update(callRecords)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(callRecords.seqNo, seqNo));
const stats = () => t.database.db.select().from(callStats).orderBy(asc(callStats.day), asc(callStats.interfaceId), asc(callStats.code));
/** What billing, statistics and support read of a record: everything but the parameters and the IP. */
const billing = (r: Awaited<ReturnType<typeof record>>) => {
  const { params: _p, ip: _i, ...rest } = r ?? ({} as NonNullable<typeof r>);
  return rest;
};

describe('call records (CALL_PARAMS_RETENTION_DAYS)', () => {
  it('defaults to 184 days (the longest six months) and is read from the environment', () => {
    expect(t.config.retention).toEqual({ callParamsDays: 184, unkeyedCallDays: 30, batchDays: 30, batchPendingDays: 7, uploadDays: 180, queryDays: 184 });
    const set = loadConfig({
      DEV_TOOLS: '1',
      CALL_PARAMS_RETENTION_DAYS: '365',
      UNKEYED_CALL_RETENTION_DAYS: '7',
      BATCH_RETENTION_DAYS: '60',
      BATCH_PENDING_RETENTION_DAYS: '3',
      UPLOAD_RETENTION_DAYS: '90',
    });
    expect(set.retention).toEqual({ callParamsDays: 365, unkeyedCallDays: 7, batchDays: 60, batchPendingDays: 3, uploadDays: 90, queryDays: 184 });
    expect(() => loadConfig({ DEV_TOOLS: '1', CALL_PARAMS_RETENTION_DAYS: '0' })).toThrow(/CALL_PARAMS_RETENTION_DAYS/);
  });

  it('blanks the parameters and IP of records older than the setting, keeps newer ones and every billing column', async () => {
    // Records in the order they were made: two past the setting, one within it, one of today.
    const seqNos = [await call(), await call(), await call(), await call()];
    const [old1, old2, within, today] = seqNos as [string, string, string, string];
    await age(old1, 200);
    await age(old2, 185);
    await age(within, 183);
    const before = await Promise.all(seqNos.map(record));
    expect(before[0]).toMatchObject({ ip: SERVER_IP, params: { name: '张*', idcard: '110101********4514' }, code: '10000', charged: 1 });
    const statsBefore = await stats();

    const counts = await enforceRetention(ctx());
    expect(counts.callParamsBlanked).toBe(2);

    const after = await Promise.all(seqNos.map(record));
    expect(after.map((r) => [r?.params, r?.ip])).toEqual([
      [{}, ''],
      [{}, ''],
      [{ name: '张*', idcard: '110101********4514' }, SERVER_IP],
      [{ name: '张*', idcard: '110101********4514' }, SERVER_IP],
    ]);
    // Money and statistics still reconcile: every other column of every record, and call_stats, unchanged.
    expect(after.map(billing)).toEqual(before.map(billing));
    expect(after[0]).toMatchObject({ seqNo: old1, memberId: buyer.memberId, purchaseId, interfaceId: 1882, code: '10000', charged: 1, billable: true });
    expect(await stats()).toEqual(statsBefore);

    // A second pass finds nothing more; a record that comes of age is blanked by the next one.
    expect(await blankOldCallParams(ctx())).toBe(0);
    await age(within, 190);
    expect(await blankOldCallParams(ctx())).toBe(1);
    expect((await record(within))?.params).toEqual({});
    // A shorter setting reaches further.
    expect(await blankOldCallParams(ctx({ callParamsDays: 1 }))).toBe(0);
    await age(today, 2);
    expect(await blankOldCallParams(ctx({ callParamsDays: 1 }))).toBe(1);
    expect((await record(today))?.ip).toBe('');
  });

  it('deletes records of calls without a valid key after UNKEYED_CALL_RETENTION_DAYS, and no account’s record', async () => {
    const anonymous = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/communication/personal/1882',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.21' },
        payload: new URLSearchParams({ key: 'no-such-key', ...ZHANG }).toString(),
      });
      expect(res.json().code).toBe('SYSTEM_001');
      return res.json().seqNo as string;
    };
    const [old, young] = [await anonymous(), await anonymous()];
    const mine = await call();
    await age(old, 31);
    await age(young, 29);
    await age(mine, 400);
    expect(await deleteOldUnkeyedCalls(ctx())).toBe(1);
    expect(await record(old)).toBeUndefined();
    expect((await record(young))?.code).toBe('SYSTEM_001');
    expect((await record(mine))?.memberId).toBe(buyer.memberId);
    // Aged out of id order, these two would hold back the blanking of the records after them;
    // the gap they leave in the ids is what the next test's search must step over.
    await t.database.db.delete(callRecords).where(inArray(callRecords.seqNo, [young, mine]));
  });

  it('works through a backlog larger than one statement, in order, and stops at the first record within the setting', async () => {
    // Fresh records past the blanked ones: more than one statement's worth become old at once.
    const extra = CALL_BATCH + 5;
    const [last] = await t.database.db.select({ id: callRecords.id }).from(callRecords).orderBy(sql`${callRecords.id} desc`).limit(1);
    await t.database.db.insert(callRecords).values(
      Array.from({ length: extra }, (_, i) => ({
        seqNo: `RETENTION${String(i).padStart(6, '0')}`,
        memberId: buyer.memberId,
        purchaseId,
        interfaceId: 1882,
        code: '10000',
        charged: 1,
        billable: true,
        latencyMs: 3,
        ip: SERVER_IP,
        params: { name: '张*', idcard: '110101********4514' },
        costMfen: 100,
      })),
    );
    const ids = (
      await t.database.db
        .select({ id: callRecords.id })
        .from(callRecords)
        .where(sql`${callRecords.id} > ${last?.id ?? 0}`)
        .orderBy(asc(callRecords.id))
    ).map((r) => r.id);
    expect(ids.length).toBe(extra);
    // All but the last three are old.
    const oldIds = ids.slice(0, -3);
    await t.database.db.update(callRecords).set({ createdAt: sql`now() - interval '400 days'` }).where(inArray(callRecords.id, oldIds));

    expect(await blankOldCallParams(ctx())).toBe(oldIds.length);
    const rows = await t.database.db
      .select({ id: callRecords.id, ip: callRecords.ip })
      .from(callRecords)
      .where(inArray(callRecords.id, ids))
      .orderBy(asc(callRecords.id));
    expect(rows.filter((r) => r.ip === '').length).toBe(oldIds.length);
    expect(rows.slice(-3).map((r) => r.ip)).toEqual([SERVER_IP, SERVER_IP, SERVER_IP]);
  });
});

describe('batch jobs (BATCH_RETENTION_DAYS, BATCH_PENDING_RETENTION_DAYS)', () => {
  async function job(status: string, createdDaysAgo: number, finishedDaysAgo: number | null): Promise<number> {
    const [j] = await t.database.db
      .insert(batchJobs)
      .values({
        memberId: buyer.memberId,
        purchaseId,
        interfaceId: 1882,
        fileName: `${status}.csv`,
        ip: SERVER_IP,
        rows: 2,
        status,
        createdAt: sql`now() - make_interval(days => ${createdDaysAgo})`,
        finishedAt: finishedDaysAgo === null ? null : sql`now() - make_interval(days => ${finishedDaysAgo})`,
      })
      .returning({ id: batchJobs.id });
    const id = j?.id ?? 0;
    await t.database.db.insert(batchJobRows).values([
      { jobId: id, rowNo: 1, params: { name: '张*' } },
      { jobId: id, rowNo: 2, params: { name: '李*' } },
    ]);
    return id;
  }
  const left = async (ids: number[]) =>
    (await t.database.db.select({ id: batchJobs.id }).from(batchJobs).where(inArray(batchJobs.id, ids)).orderBy(asc(batchJobs.id))).map((r) => r.id);

  it('deletes jobs past their setting with their rows, never a running one, and follows the settings', async () => {
    const pendingOld = await job('pending', 8, null);
    const pendingNew = await job('pending', 6, null);
    const doneOld = await job('done', 40, 31);
    const doneNew = await job('done', 40, 29);
    const stoppedOld = await job('stopped', 50, 45);
    const running = await job('running', 100, null);
    const all = [pendingOld, pendingNew, doneOld, doneNew, stoppedOld, running];

    const counts = await enforceRetention(ctx());
    expect(counts.batchJobsDeleted).toBe(3);
    expect(await left(all)).toEqual([pendingNew, doneNew, running]);
    const rows = await t.database.db.select({ jobId: batchJobRows.jobId }).from(batchJobRows).where(inArray(batchJobRows.jobId, all));
    expect([...new Set(rows.map((r) => r.jobId))].sort((a, b) => a - b)).toEqual([pendingNew, doneNew, running]);

    // Shorter settings reach the rest but the running job.
    expect(await deleteOldBatchJobs(ctx({ batchDays: 20, batchPendingDays: 5 }))).toBe(2);
    expect(await left(all)).toEqual([running]);
    await t.database.db.delete(batchJobs).where(eq(batchJobs.id, running));
  });

  it('deletes a job paused past the setting, an upload that never completed, and a large job’s rows statement by statement', async () => {
    const pausedOld = await job('paused', 40, null);
    await t.database.db.update(batchJobs).set({ pausedAt: sql`now() - interval '31 days'` }).where(eq(batchJobs.id, pausedOld));
    const pausedNew = await job('paused', 40, null);
    await t.database.db.update(batchJobs).set({ pausedAt: sql`now() - interval '2 days'` }).where(eq(batchJobs.id, pausedNew));
    const loading = await job('loading', 2, null);
    // A finished job of more rows than one statement deletes.
    const big = await job('done', 40, 31);
    const extra = BATCH_ROWS_PER_STATEMENT + 10;
    await t.database.db.execute(
      sql`insert into ${batchJobRows} (job_id, row_no, params) select ${big}, g, '{"name":"王*"}'::jsonb from generate_series(3, ${extra + 2}) g`,
    );
    expect(await deleteOldBatchJobs(ctx())).toBe(3);
    expect(await left([pausedOld, pausedNew, loading, big])).toEqual([pausedNew]);
    expect(
      await t.database.db
        .select({ jobId: batchJobRows.jobId })
        .from(batchJobRows)
        .where(inArray(batchJobRows.jobId, [big, pausedOld, loading])),
    ).toEqual([]);
    await t.database.db.delete(batchJobs).where(eq(batchJobs.id, pausedNew));
  });
});

describe('online query reports (QUERY_RETENTION_DAYS)', () => {
  async function report(daysAgo: number): Promise<number> {
    const [r] = await t.database.db
      .insert(queryReports)
      .values({ memberId: buyer.memberId, subject: '张*', items: 1, ip: SERVER_IP, createdAt: sql`now() - make_interval(days => ${daysAgo})` })
      .returning({ id: queryReports.id });
    const id = r?.id ?? 0;
    await t.database.db.insert(queryItems).values({
      reportId: id,
      memberId: buyer.memberId,
      purchaseId,
      interfaceId: 1882,
      seqNo: `Q${id}`,
      params: { name: '张*', idcard: '110101********4514' },
      code: '10000',
      message: '成功',
      requestedAt: new Date(),
      answeredAt: new Date(),
    });
    return id;
  }

  it('deletes reports older than the setting with their items, and keeps the rest', async () => {
    const old = await report(185);
    const recent = await report(183);
    const counts = await enforceRetention(ctx());
    expect(counts.queryReportsDeleted).toBe(1);
    const reports = (
      await t.database.db
        .select({ id: queryReports.id })
        .from(queryReports)
        .where(inArray(queryReports.id, [old, recent]))
    ).map((r) => r.id);
    expect(reports).toEqual([recent]);
    const items = (
      await t.database.db
        .select({ reportId: queryItems.reportId })
        .from(queryItems)
        .where(inArray(queryItems.reportId, [old, recent]))
    ).map((r) => r.reportId);
    expect(items).toEqual([recent]);
    // A shorter setting reaches the other one.
    expect(await deleteOldQueryReports(ctx({ queryDays: 30 }))).toBe(1);
    expect(await t.database.db.select().from(queryReports).where(eq(queryReports.id, recent))).toEqual([]);
  });
});

describe('the vehicle, insurance and capacity screens’ answers (QUERY_RETENTION_DAYS)', () => {
  it('deletes the stored answers older than the setting, keeps the rest, and is part of the pass', async () => {
    const db = t.database.db;
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const [vehicle] = await db
      .insert(vehicleSubscriptions)
      .values({ memberId: buyer.memberId, plateNumber: '浙A8F2C6', plateColor: 2, startDate: '2026-01-01', endDate: '2099-12-31' })
      .returning({ id: vehicleSubscriptions.id });
    const row = { memberId: buyer.memberId, purchaseId, seqNo: 'S', code: '10000', message: '成功' };
    for (const days of [200, 10]) {
      await db.insert(vehicleQueries).values({ ...row, subscriptionId: vehicle?.id ?? 0, interfaceId: 9694, plateNumber: '浙A8F2C6', requestedAt: ago(days) });
      await db.insert(insuranceQueries).values({
        ...row,
        model: 'truck',
        interfaceId: 9963,
        subject: '浙A8F2C6',
        success: true,
        request: {},
        operator: buyer.uName,
        createdAt: ago(days),
      });
      await db.insert(capacityQueries).values({ ...row, interfaceId: 9883, companyName: '示例运输有限公司', requestedAt: ago(days) });
    }
    const counts = async () => [
      (await db.select().from(vehicleQueries)).length,
      (await db.select().from(insuranceQueries)).length,
      (await db.select().from(capacityQueries)).length,
    ];
    expect(await counts()).toEqual([2, 2, 2]);
    expect((await enforceRetention(ctx())).modelQueriesDeleted).toBe(3);
    expect(await counts()).toEqual([1, 1, 1]);
    // A shorter setting reaches the rest.
    expect(await deleteOldModelQueries(ctx({ queryDays: 5 }))).toBe(3);
    expect(await counts()).toEqual([0, 0, 0]);
  });
});

describe('uploads (UPLOAD_RETENTION_DAYS)', () => {
  async function leadWithDocument(phone: string): Promise<string> {
    const { payload, headers } = multipartBody(
      { companyName: '示例物流科技有限公司', contactName: '周七', phone, remark: '需要年度报价', interfaceId: '9963', consent: 'true' },
      { name: '需求说明.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 32)]), type: 'application/pdf' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiHome/api/fee/sendEmail',
      query: signed(t.config),
      headers: { ...headers, 'x-forwarded-for': '10.72.0.9' },
      payload,
    });
    expect(res.json().code).toBe(200);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.phone, phone));
    return lead?.attachmentPath ?? '';
  }
  const ageFile = (key: string, days: number) =>
    t.database.db
      .update(storedFiles)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(storedFiles.key, key));

  it('deletes documents sent with leads after the setting, never a licence image', async () => {
    const old = await leadWithDocument('13822230001');
    const recent = await leadWithDocument('13822230002');
    // A licence image, put as the qualification upload puts it.
    const licence = newFileKey('licence', buyer.memberId, 'png');
    await t.files.put(licence, Buffer.from('89504e470d0a1a0a', 'hex'), { contentType: 'image/png', kind: 'licence', ownerId: buyer.memberId });
    await ageFile(old, 181);
    await ageFile(recent, 179);
    await ageFile(licence, 1000);

    const counts = await enforceRetention(ctx());
    expect(counts).toMatchObject({ leadAttachmentsDeleted: 1, leadAttachmentsFailed: 0 });
    expect(await t.files.get(old)).toBeNull();
    expect(await t.files.get(recent)).not.toBeNull();
    expect(await t.files.get(licence)).not.toBeNull();
    // The lead itself stays, with the document's name: sales still see what was sent.
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.phone, '13822230001'));
    expect(lead).toMatchObject({ attachmentName: '需求说明.pdf' });

    expect(await deleteOldLeadAttachments(ctx({ uploadDays: 30 }))).toEqual({ deleted: 1, failed: 0 });
    expect(await t.files.get(recent)).toBeNull();
    expect(await t.files.get(licence)).not.toBeNull();
  });
});
