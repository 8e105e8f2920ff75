// Pausing and resuming a batch job (issue #21): the runner finishes the row in hand, nothing is
// called while paused, and a resume carries on from the first row not done — every row called
// once. Progress reports the rows done and, once measured, the rate and the time left.
// The key's rate is 2 a second here, so the runner calls one row a second and a pause lands mid-job.
import { ONLINE_MSG } from '@apimarket/contracts';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchJobRows, callRecords, purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post, postMultipart } from '../../test/identity';

let t: TestApp;
let buyer: TestAccount;
let purchaseId = 0;
const ROWS = 8;
const people = ['110101199003074514', '330106198507121239'];

beforeAll(async () => {
  t = await buildTestApp({ env: { GATEWAY_RATE_PER_KEY: '2' } });
  buyer = await qualifiedAccount(t, '10.74.0.1');
  const key = await buyCheapest(t, buyer, 1882);
  purchaseId = (await t.database.db.select().from(purchases).where(eq(purchases.key, key)))[0]?.id ?? 0;
});
afterAll(() => t.close());

const as = { cookies: () => buyer.cookies };
const job = async (jobId: number) => (await post(t, 'myOnline/getBatchJobDetail', { jobId: String(jobId) }, { cookies: as.cookies() })).json().job;
const callsLeft = async () => (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId)))[0]?.n ?? -1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the job until `until` holds (no timed assertion: it waits for the state, however long it takes). */
async function waitFor(jobId: number, until: (j: { status: string; done: number; rate: number | null }) => boolean) {
  for (;;) {
    const j = await job(jobId);
    if (until(j)) return j;
    await sleep(100);
  }
}

describe('pause and resume (myOnline/pauseBatchJob, resumeBatchJob)', () => {
  // About 10 s at one row a second; waits for states, not times.
  it('stops after the row in hand, calls nothing while paused, then runs every other row once', { timeout: 180_000 }, async () => {
    const lines = Array.from({ length: ROWS }, (_, i) => `人${i},${people[i % people.length]}`);
    const res = await postMultipart(
      t,
      'myOnline/addBatchJob',
      { purchaseId: String(purchaseId) },
      { name: '名单.csv', content: Buffer.from(`name,idcard\n${lines.join('\n')}\n`), type: 'text/csv' },
      { cookies: buyer.cookies },
    );
    const jobId = Number(res.json().data.id);
    const before = await callsLeft();
    expect((await post(t, 'myOnline/resumeBatchJob', { jobId: String(jobId) }, { cookies: buyer.cookies })).json().msg).toBe(ONLINE_MSG.jobNotPaused);
    expect((await post(t, 'myOnline/executeBatchJob', { jobId: String(jobId), consent: '1' }, { cookies: buyer.cookies })).json().code).toBe(200);

    // Progress: rows done, and once measured the rate and the seconds left at it.
    const measured = await waitFor(jobId, (j) => j.rate !== null);
    expect(measured).toMatchObject({ status: 'running', statusLabel: '执行中' });
    expect(measured.etaSeconds).toBe(Math.ceil((ROWS - measured.done) / measured.rate));

    const paused = await post(t, 'myOnline/pauseBatchJob', { jobId: String(jobId) }, { cookies: buyer.cookies });
    expect(paused.json()).toMatchObject({ code: 200, msg: ONLINE_MSG.paused, data: { status: 'paused', statusLabel: '已暂停', rate: null, etaSeconds: null } });
    expect((await post(t, 'myOnline/pauseBatchJob', { jobId: String(jobId) }, { cookies: buyer.cookies })).json().msg).toBe(ONLINE_MSG.jobNotPausable);
    await t.batchRunner?.idle();
    const stoppedAt = await job(jobId);
    expect(stoppedAt.status).toBe('paused');
    expect(stoppedAt.done).toBeLessThan(ROWS);
    // The row in hand was finished: every row that took a seqNo has its answer.
    const rows = await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, jobId)).orderBy(asc(batchJobRows.rowNo));
    expect(rows.filter((r) => r.seqNo !== null && r.code === null)).toEqual([]);
    expect(rows.filter((r) => r.code !== null).length).toBe(stoppedAt.done);
    const records = async () => (await t.database.db.select({ n: count() }).from(callRecords).where(eq(callRecords.purchaseId, purchaseId)))[0]?.n;
    const recordsPaused = await records();
    await sleep(1500);
    expect(await records()).toBe(recordsPaused); // nothing called while paused
    expect((await job(jobId)).done).toBe(stoppedAt.done);

    const resumed = await post(t, 'myOnline/resumeBatchJob', { jobId: String(jobId) }, { cookies: buyer.cookies });
    expect(resumed.json()).toMatchObject({ code: 200, msg: ONLINE_MSG.resumed, data: { status: 'running' } });
    await waitFor(jobId, (j) => j.status !== 'running');
    await t.batchRunner?.idle();
    expect(await job(jobId)).toMatchObject({ status: 'done', done: ROWS, succeeded: ROWS, charged: ROWS });
    expect(await callsLeft()).toBe(before - ROWS);
    // Every row called exactly once.
    const all = await t.database.db.select().from(batchJobRows).where(eq(batchJobRows.jobId, jobId));
    const seqNos = all.map((r) => r.seqNo ?? '');
    const recorded = await t.database.db.select({ seqNo: callRecords.seqNo }).from(callRecords).where(inArray(callRecords.seqNo, seqNos));
    expect(recorded.length).toBe(ROWS);
    expect(new Set(recorded.map((r) => r.seqNo)).size).toBe(ROWS);
  });
});
