// Runs executed batch jobs (Decision 121): the rows of a job one by one, in order, as calls of the
// purchase by its owner (callAsOwner), paced below the key's rate limit so a customer's own
// system keeps its share. Each row's answer and the job's counters are saved together.
//
// Exactly once, even when a process dies mid-job: a row gets the seqNo its call will carry before
// the call is made; a process that takes the job over (its lease ran out) first looks that seqNo
// up in call_records — found, the call was made (and charged if billable), so the row takes the
// recorded code instead of calling again.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { batchJobRows, batchJobs, callRecords, interfaces, purchases } from '../../db/schema';
import { type GatewayDeps, newSeqNo } from '../gateway/gateway.service';
import { maskParams } from '../gateway/mask';
import { BATCH_LEASE_SECONDS } from './batch.service';
import { callAsOwner } from './online.service';

/** A job never executed is deleted after this many days, a finished one (its results) after BATCH_KEEP_DAYS. */
export const BATCH_PENDING_DAYS = 7;
export const BATCH_KEEP_DAYS = 30;
/** What a taken-over row says when its call was made but the answer was lost with the process. */
export const RESULT_LOST = '调用已完成，但结果未能保存，请在调用记录中按流水号查看';
const SWEEP_MS = 30_000;
/** Rate refusals (SYSTEM_038: the customer's own calls used the key's second) are retried this often. */
const RATE_RETRIES = 5;

export interface BatchRunner {
  /** Run a job this process holds the lease of (just executed). */
  kick(jobId: number): void;
  /** Take over jobs whose runner died, and delete what is kept too long. Runs every 30 s. */
  sweep(): Promise<void>;
  /** Resolves when no job is running in this process (tests). */
  idle(): Promise<void>;
  /** Finish the row in hand and release the leases, so the next start carries on at once. */
  stop(): Promise<void>;
}

export function createBatchRunner(deps: { db: Db; gateway: GatewayDeps; logger: FastifyBaseLogger; callsPerSecond: number }): BatchRunner {
  const { db, gateway, logger } = deps;
  const active = new Map<number, Promise<void>>();
  const gapMs = 1000 / Math.max(1, deps.callsPerSecond);
  let stopped = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const lease = sql`now() + make_interval(secs => ${BATCH_LEASE_SECONDS})`;

  function kick(jobId: number) {
    if (stopped || active.has(jobId)) return;
    const run = runJob(jobId)
      .catch((err: unknown) => logger.error({ err, jobId }, 'batch job stopped by an error; another run takes it over when its lease ends'))
      .finally(() => active.delete(jobId));
    active.set(jobId, run);
  }

  async function runJob(jobId: number) {
    const [job] = await db
      .select({ id: batchJobs.id, ip: batchJobs.ip, key: purchases.key, path: interfaces.path })
      .from(batchJobs)
      .innerJoin(purchases, eq(purchases.id, batchJobs.purchaseId))
      .innerJoin(interfaces, eq(interfaces.id, batchJobs.interfaceId))
      .where(and(eq(batchJobs.id, jobId), eq(batchJobs.status, 'running')));
    if (!job) return;
    for (;;) {
      const rows = await db
        .select()
        .from(batchJobRows)
        .where(and(eq(batchJobRows.jobId, jobId), isNull(batchJobRows.code)))
        .orderBy(asc(batchJobRows.rowNo))
        .limit(50);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (stopped) return;
        const began = Date.now();
        await runRow(job, row);
        const wait = gapMs - (Date.now() - began);
        if (wait > 0) await sleep(wait);
      }
    }
    await db.update(batchJobs).set({ status: 'done', finishedAt: sql`now()`, leaseUntil: null }).where(and(eq(batchJobs.id, jobId), eq(batchJobs.status, 'running')));
  }

  type Row = typeof batchJobRows.$inferSelect;
  type Job = { id: number; ip: string; key: string; path: string };

  async function runRow(job: Job, row: Row) {
    if (row.seqNo) {
      const [made] = await db.select({ code: callRecords.code, charged: callRecords.charged, params: callRecords.params }).from(callRecords).where(eq(callRecords.seqNo, row.seqNo));
      if (made) return save(job.id, row, { code: made.code, message: RESULT_LOST, data: null, charged: made.charged, seqNo: row.seqNo });
    }
    let seqNo = row.seqNo ?? (await claimSeqNo(row));
    for (let attempt = 0; ; attempt++) {
      const { answer, charged } = await callAsOwner(gateway, job, row.params, job.ip, seqNo);
      if (answer.code === 'SYSTEM_038' && attempt < RATE_RETRIES && !stopped) {
        await sleep(1000);
        seqNo = await claimSeqNo(row);
        continue;
      }
      return save(job.id, row, { code: answer.code, message: answer.message, data: answer.data ?? null, charged: charged ? 1 : 0, seqNo });
    }
  }

  /** The seqNo the row's next call will carry, saved before the call is made. */
  async function claimSeqNo(row: Row): Promise<string> {
    const seqNo = newSeqNo();
    await db.update(batchJobRows).set({ seqNo }).where(and(eq(batchJobRows.jobId, row.jobId), eq(batchJobRows.rowNo, row.rowNo)));
    return seqNo;
  }

  async function save(jobId: number, row: Row, r: { code: string; message: string; data: unknown; charged: number; seqNo: string }) {
    await db.transaction(async (tx) => {
      await tx
        .update(batchJobRows)
        .set({ code: r.code, message: r.message, data: r.data, charged: r.charged, seqNo: r.seqNo, params: maskParams(row.params) })
        .where(and(eq(batchJobRows.jobId, jobId), eq(batchJobRows.rowNo, row.rowNo)));
      await tx
        .update(batchJobs)
        .set({
          done: sql`${batchJobs.done} + 1`,
          succeeded: sql`${batchJobs.succeeded} + ${r.code === '10000' ? 1 : 0}`,
          charged: sql`${batchJobs.charged} + ${r.charged}`,
          leaseUntil: lease,
        })
        .where(eq(batchJobs.id, jobId));
    });
  }

  async function sweep() {
    if (stopped) return;
    const orphans = await db
      .update(batchJobs)
      .set({ leaseUntil: lease })
      .where(and(eq(batchJobs.status, 'running'), or(isNull(batchJobs.leaseUntil), lt(batchJobs.leaseUntil, sql`now()`))))
      .returning({ id: batchJobs.id });
    for (const o of orphans) kick(o.id);
    await db
      .delete(batchJobs)
      .where(
        or(
          and(eq(batchJobs.status, 'pending'), lt(batchJobs.createdAt, sql`now() - make_interval(days => ${BATCH_PENDING_DAYS})`)),
          and(eq(batchJobs.status, 'done'), lt(batchJobs.finishedAt, sql`now() - make_interval(days => ${BATCH_KEEP_DAYS})`)),
        ),
      );
  }

  const timer = setInterval(() => {
    sweep().catch((err: unknown) => logger.error({ err }, 'batch job sweep failed'));
  }, SWEEP_MS);
  timer.unref();

  return {
    kick,
    sweep,
    idle: async () => {
      while (active.size > 0) await Promise.all([...active.values()]);
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      const running = [...active.keys()];
      await Promise.all([...active.values()]);
      if (running.length > 0) {
        await db.update(batchJobs).set({ leaseUntil: null }).where(and(eq(batchJobs.status, 'running'), inArray(batchJobs.id, running)));
      }
    },
  };
}
