// A batch sheet's identity numbers are never written to the database in clear (Decision 19, issue
// #16 §4): not when the sheet is read, not while its rows are called, not after. The runner still
// calls with the clear values, and lists, result files and call records show them masked.
import { ONLINE_MSG } from '@apimarket/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchJobRows, batchJobs, callRecords, purchases } from '../../db/schema';
import { sandboxProvider } from '../../providers';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp, type UploadFile } from '../../test/harness';
import { post, postMultipart } from '../../test/identity';
import { readXlsx } from '../../test/xlsx';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { createGatewayDeps } from '../gateway/gateway.routes';
import { openRowParams, sealRowParams } from './batch-params';
import { createBatchRunner } from './batch.runner';

let t: TestApp;
let buyer: TestAccount;
let purchaseId = 0;
const ZHANG = { name: '张三', idcard: '110101199003074514' };
const LI = { name: '李四', idcard: '330106198507121239' };
const CLEAR = [ZHANG.idcard, LI.idcard, ZHANG.name, LI.name];
const BROWSER_IP = '198.51.100.9';

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.71.0.1');
  const key = await buyCheapest(t, buyer, 1882);
  purchaseId = (await t.database.db.select().from(purchases).where(eq(purchases.key, key)))[0]?.id ?? 0;
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

/** Every row of batch_job_rows as PostgreSQL prints it: whatever a dump, a replica or a page of the table would show. */
async function tableText(): Promise<string> {
  const rows = await t.database.db.select({ text: sql<string>`${batchJobRows}::text` }).from(batchJobRows);
  return rows.map((r) => r.text).join('\n');
}
const clearIn = (text: string) => CLEAR.filter((v) => text.includes(v));

async function upload(text: string): Promise<number> {
  const file: UploadFile = { name: '客户名单.csv', content: Buffer.from(`\uFEFF${text}`), type: 'text/csv' };
  const res = await postMultipart(t, 'myOnline/addBatchJob', { purchaseId: String(purchaseId) }, file, { cookies: buyer.cookies, ip: BROWSER_IP });
  expect(res.json()).toMatchObject({ code: 200, msg: ONLINE_MSG.created });
  return Number(res.json().data.id);
}

/**
 * Runs a job with a runner of the test's own whose data provider, at each call, records the
 * parameters it was given and what batch_job_rows holds at that moment — the middle of the run.
 */
async function runObserved(jobId: number) {
  const sandbox = sandboxProvider();
  const calls: Array<{ params: Record<string, string>; table: string }> = [];
  const gateway = createGatewayDeps({
    db: t.database.db,
    config: t.config,
    logger: t.app.log,
    providerFor: () => ({
      name: 'observed',
      call: async (spec, params, options) => {
        calls.push({ params, table: await tableText() });
        return sandbox.call(spec, params, options);
      },
    }),
    ratePerKey: t.config.gateway.ratePerKey,
    upstreamTimeoutMs: t.config.gateway.upstreamTimeoutMs,
  });
  const runner = createBatchRunner({ db: t.database.db, gateway, logger: t.app.log, callsPerSecond: 20 });
  await t.database.db.update(batchJobs).set({ status: 'running' }).where(eq(batchJobs.id, jobId));
  runner.kick(jobId);
  await runner.idle();
  await runner.stop();
  await gateway.committer.settle();
  return calls;
}

describe('batch rows at rest (issue #16 §4)', () => {
  it('writes no clear identity number or name to batch_job_rows before, during or after the run, yet calls with them', async () => {
    const jobId = await upload(`姓名（name）,身份证号（idcard）\n${ZHANG.name},${ZHANG.idcard}\n${LI.name},${LI.idcard}\n`);

    // Before: the sheet's rows are stored, and nothing of them in clear.
    expect((await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, jobId))).length).toBe(2);
    expect(clearIn(await tableText())).toEqual([]);
    const pending = (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId) }, { cookies: buyer.cookies })).json();
    expect(pending.rows.map((r: { params: Record<string, string> }) => r.params)).toEqual([
      { name: '张*', idcard: '110101********4514' },
      { name: '李*', idcard: '330106********1239' },
    ]);

    // During: each call got the clear values, while the table held none of them.
    const calls = await runObserved(jobId);
    expect(calls.map((c) => c.params)).toEqual([ZHANG, LI]);
    for (const c of calls) expect(clearIn(c.table)).toEqual([]);

    // After: the answers are there, the parameters masked, and still nothing in clear.
    expect(clearIn(await tableText())).toEqual([]);
    const detail = (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId) }, { cookies: buyer.cookies })).json();
    expect(detail.job).toMatchObject({ status: 'done', done: 2, succeeded: 2, charged: 2 });
    expect(detail.rows.map((r: { code: string; params: Record<string, string> }) => [r.code, r.params])).toEqual([
      ['10000', { name: '张*', idcard: '110101********4514' }],
      ['10000', { name: '李*', idcard: '330106********1239' }],
    ]);
    // The call records of the rows: the masked form of what was called, with the uploader's IP.
    const rows = await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, jobId)).orderBy(asc(batchJobRows.rowNo));
    const records = await Promise.all(
      rows.map(
        async (r) =>
          (
            await t.database.db
              .select()
              .from(callRecords)
              .where(eq(callRecords.seqNo, r.seqNo ?? ''))
          )[0],
      ),
    );
    expect(records.map((r) => [r?.code, r?.ip, r?.params])).toEqual([
      ['10000', BROWSER_IP, { name: '张*', idcard: '110101********4514' }],
      ['10000', BROWSER_IP, { name: '李*', idcard: '330106********1239' }],
    ]);
    // The owner's result file alone opens them: the customer's own inputs beside the answers.
    const file = await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId), export: '1' }, { cookies: buyer.cookies });
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
      [ZHANG.name, ZHANG.idcard, '10000'],
      [LI.name, LI.idcard, '10000'],
    ]);
    expect(clearIn(await tableText())).toEqual([]);
  });

  it('carries on a job whose rows were written in clear before sealing (an upgrade mid-job)', async () => {
    const [job] = await t.database.db
      .insert(batchJobs)
      .values({ memberId: buyer.memberId, purchaseId, interfaceId: 1882, fileName: '旧名单.csv', ip: BROWSER_IP, rows: 2 })
      .returning({ id: batchJobs.id });
    const jobId = job?.id ?? 0;
    await t.database.db.insert(batchJobRows).values([
      { jobId, rowNo: 1, params: ZHANG },
      { jobId, rowNo: 2, params: LI },
    ]);
    const shown = (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId) }, { cookies: buyer.cookies })).json();
    expect(shown.rows.map((r: { params: Record<string, string> }) => r.params.idcard)).toEqual(['110101********4514', '330106********1239']);

    const calls = await runObserved(jobId);
    expect(calls.map((c) => c.params)).toEqual([ZHANG, LI]);
    const after = await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, jobId)).orderBy(asc(batchJobRows.rowNo));
    expect(after.map((r) => [r.code, r.params])).toEqual([
      ['10000', { name: '张*', idcard: '110101********4514' }],
      ['10000', { name: '李*', idcard: '330106********1239' }],
    ]);
  });

  it('does not open a row’s sealed parameters in another row or under another SECRETS_KEY', () => {
    const sealed = sealRowParams(t.config, 7, 1, ZHANG);
    expect(sealed).toMatchObject({ name: '张*', idcard: '110101********4514', $enc: expect.stringMatching(/^v1:/) });
    expect(openRowParams(t.config, 7, 1, sealed)).toEqual(ZHANG);
    expect(() => openRowParams(t.config, 7, 2, sealed)).toThrow();
    expect(() => openRowParams(t.config, 8, 1, sealed)).toThrow();
    const otherKey = { ...t.config, secrets: { ...t.config.secrets, key: 'another-secrets-key-of-16+' } };
    expect(() => openRowParams(otherKey, 7, 1, sealed)).toThrow();
  });

  it('stops a job whose rows can no longer be opened, calling and charging nothing, so the purchase can run another', async () => {
    const jobId = await upload(`name,idcard\n${ZHANG.name},${ZHANG.idcard}\n${LI.name},${LI.idcard}\n`);
    // As if SECRETS_KEY had changed since the upload: the rows were sealed under another key.
    const otherKey = { ...t.config, secrets: { ...t.config.secrets, key: 'another-secrets-key-of-16+' } };
    for (const [rowNo, clear] of [ZHANG, LI].entries()) {
      await t.database.db
        .update(batchJobRows)
        .set({ params: sealRowParams(otherKey, jobId, rowNo + 1, clear) })
        .where(sql`${batchJobRows.jobId} = ${jobId} and ${batchJobRows.rowNo} = ${rowNo + 1}`);
    }
    const left = async () => (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId)))[0]?.n;
    const before = await left();
    const calls = await runObserved(jobId);
    expect(calls).toEqual([]);
    const [job] = await t.database.db.select().from(batchJobs).where(eq(batchJobs.id, jobId));
    expect(job).toMatchObject({ status: 'stopped', note: ONLINE_MSG.unreadable(1), leaseOwner: null });
    expect(await left()).toBe(before);
  });
});
