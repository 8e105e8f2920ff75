// Runs executed batch jobs (Decision 121): the rows of a job one by one, in order, as calls of the
// purchase by its owner (callAsOwner), paced below the key's rate limit so a customer's own
// system keeps its share. Each row's answer and the job's counters are saved together.
//
// One runner per job: a running job is leased to one process (lease_owner, a random id per
// runner) and every write of the job checks the lease. The lease is renewed on a timer while the
// job runs, so only a process that died (or stalled for a whole lease) loses it; another process
// then takes the job over at its next sweep.
//
// Exactly once: a row gets the seqNo its call will carry before the call is made, and only while
// the runner holds the lease. A runner that takes a job over finds that seqNo in call_records when
// the call was made (and charged if billable): the row then takes the recorded code instead of
// calling again. A row is saved only once (while it has no code).
//
// Paused: the customer's pause makes the job's next seqNo claim fail (the job is no longer
// running); the runner has finished the row in hand, releases its lease and stops. A resume that
// lands meanwhile finds the lease released, or this runner picks the job up again itself.
//
// A row's parameters are sealed at rest (batch-params.ts): they are opened here, in memory, just
// for the call, and stay sealed on the row for the owner's result file. Old jobs are deleted by
// the retention job (modules/retention), not here.
//
// One failed row may also be called on its own (execBatchJobDetail, callFailedRow): it holds the
// job's lease under a row: owner for the call, so no run of the job can start meanwhile.
import { randomUUID } from 'node:crypto';
import { isBatchRetryable, ONLINE_MSG } from '@apimarket/contracts';
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { assignments, batchJobRows, batchJobs, callRecords, interfaces, purchases } from '../../db/schema';
import { type GatewayDeps, newSeqNo } from '../gateway/gateway.service';
import { Invalid } from '../../http/errors';
import { calledRowParams, openRowParams } from './batch-params';
import { ROW_LEASE } from './batch.service';
import { callAsOwner } from './online.service';

/** How long a lease lasts; renewed every third of it while the job runs. */
export const BATCH_LEASE_SECONDS = 60;
const SWEEP_MS = 30_000;
/** Rate refusals (SYSTEM_038: the customer's own calls used the key's second) are retried this often. */
const RATE_RETRIES = 5;
/**
 * Answers that say the purchase itself can no longer be called (unknown key, used up, stopped,
 * account disabled, enterprise only, taken down, not this interface): the rest of the rows would
 * answer the same, so the job stops rather than recording hundreds of refusals.
 */
const PURCHASE_REFUSALS = new Set(['SYSTEM_001', 'SYSTEM_002', 'SYSTEM_003', 'SYSTEM_005', 'SYSTEM_008', 'SYSTEM_015', 'SYSTEM_025']);

export interface BatchRunner {
  /** Run a job just executed (this runner takes its lease). */
  kick(jobId: number): void;
  /** Take over jobs whose runner died. Runs every 30 s. */
  sweep(): Promise<void>;
  /** Resolves when no job is running in this process (tests). */
  idle(): Promise<void>;
  /** Finish the row in hand and release the leases, so the next start carries on at once. */
  stop(): Promise<void>;
}

type Row = typeof batchJobRows.$inferSelect;
interface Job {
  id: number;
  ip: string;
  key: string;
  path: string;
}

/** The runner lost the job's lease (another process took it over, or the job was paused): this one stops working on it. */
class LeaseLost extends Error {}

/** The key of whoever made the job: the purchase's own for its owner, a sub-account's assignment key for a sub-account (its rows are its calls, within its allotment). */
const jobKey = sql<string>`case when ${purchases.memberId} = ${batchJobs.memberId} then ${purchases.key} else coalesce(${assignments.key}, '') end`;

async function jobCallee(db: Db, where: ReturnType<typeof and>): Promise<Job | undefined> {
  const [job] = await db
    .select({ id: batchJobs.id, ip: batchJobs.ip, key: jobKey, path: interfaces.path })
    .from(batchJobs)
    .innerJoin(purchases, eq(purchases.id, batchJobs.purchaseId))
    .leftJoin(assignments, and(eq(assignments.purchaseId, batchJobs.purchaseId), eq(assignments.memberId, batchJobs.memberId)))
    .innerJoin(interfaces, eq(interfaces.id, batchJobs.interfaceId))
    .where(where);
  return job;
}

/** A row's answer saved once (while it has no code, under the seqNo its call carried), with the job's counters. */
async function saveRow(db: Db, jobId: number, row: Row, r: { code: string; message: string; data: unknown; charged: number; seqNo: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const saved = await tx
      .update(batchJobRows)
      .set({ code: r.code, message: r.message, data: r.data, charged: r.charged, seqNo: r.seqNo, params: calledRowParams(row.params) })
      .where(and(eq(batchJobRows.jobId, jobId), eq(batchJobRows.rowNo, row.rowNo), isNull(batchJobRows.code)))
      .returning({ rowNo: batchJobRows.rowNo });
    if (saved.length === 0) return false; // saved already (by the runner that held the job before)
    await tx
      .update(batchJobs)
      .set({
        done: sql`${batchJobs.done} + 1`,
        succeeded: sql`${batchJobs.succeeded} + ${r.code === '10000' ? 1 : 0}`,
        charged: sql`${batchJobs.charged} + ${r.charged}`,
        failed: sql`${batchJobs.failed} + ${isBatchRetryable(r.code, r.charged) ? 1 : 0}`,
      })
      .where(eq(batchJobs.id, jobId));
    return true;
  });
}

export function createBatchRunner(deps: { db: Db; gateway: GatewayDeps; logger: FastifyBaseLogger; callsPerSecond: number }): BatchRunner {
  const { db, gateway, logger } = deps;
  const me = randomUUID();
  const active = new Map<number, Promise<void>>();
  /** Jobs kicked while this runner was still leaving them (a resume right after a pause): run again once it has. */
  const again = new Set<number>();
  const gapMs = 1000 / Math.max(1, deps.callsPerSecond);
  let stopped = false;
  let sweeping: Promise<void> | null = null;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const leaseEnd = sql`now() + make_interval(secs => ${BATCH_LEASE_SECONDS})`;
  const mine = (jobId: number) => and(eq(batchJobs.id, jobId), eq(batchJobs.status, 'running'), eq(batchJobs.leaseOwner, me));
  /** Rows change only while their job's lease is this runner's. */
  const leaseHeld = (jobId: number) =>
    sql`exists (select 1 from ${batchJobs} where ${batchJobs.id} = ${jobId} and ${batchJobs.status} = 'running' and ${batchJobs.leaseOwner} = ${me} and ${batchJobs.leaseUntil} > now())`;

  /** Take a running job whose lease is free or ran out; answers whether this runner now holds it. */
  async function claim(jobId: number): Promise<boolean> {
    const got = await db
      .update(batchJobs)
      .set({ leaseOwner: me, leaseUntil: leaseEnd })
      .where(and(eq(batchJobs.id, jobId), eq(batchJobs.status, 'running'), or(isNull(batchJobs.leaseUntil), lt(batchJobs.leaseUntil, sql`now()`))))
      .returning({ id: batchJobs.id });
    return got.length > 0;
  }

  function run(jobId: number, claimFirst: boolean) {
    if (stopped) return;
    if (active.has(jobId)) {
      if (claimFirst) again.add(jobId);
      return;
    }
    const work = (async () => {
      if (claimFirst && !(await claim(jobId))) return;
      const renew = setInterval(
        () => {
          db.update(batchJobs)
            .set({ leaseUntil: leaseEnd })
            .where(mine(jobId))
            .catch((err: unknown) => logger.error({ err, jobId }, 'batch job lease not renewed'));
        },
        (BATCH_LEASE_SECONDS * 1000) / 3,
      );
      try {
        await runJob(jobId);
      } finally {
        clearInterval(renew);
      }
    })()
      .catch(async (err: unknown) => {
        if (!(err instanceof LeaseLost)) {
          logger.error({ err, jobId }, 'batch job stopped by an error; another run takes it over when its lease ends');
          return;
        }
        // Paused, or the lease ran out under a stalled runner: let it go at once if it is still ours.
        // Resumed meanwhile (running again), this runner carries on; taken over, it leaves the job.
        const released = await db
          .update(batchJobs)
          .set({ leaseOwner: null, leaseUntil: null })
          .where(and(eq(batchJobs.id, jobId), eq(batchJobs.leaseOwner, me)))
          .returning({ status: batchJobs.status });
        if (released.length === 0) logger.warn({ jobId }, 'batch job taken over by another runner');
        else if (released[0]?.status === 'running') again.add(jobId);
      })
      .finally(() => {
        active.delete(jobId);
        if (again.delete(jobId)) run(jobId, true);
      });
    active.set(jobId, work);
  }

  async function runJob(jobId: number) {
    const job = await jobCallee(db, mine(jobId));
    if (!job) return;
    // Rows are taken in order after the last one handled, so a 100 000-row job never reads its done rows again.
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(batchJobRows)
        .where(and(eq(batchJobRows.jobId, jobId), gt(batchJobRows.rowNo, after), isNull(batchJobRows.code)))
        .orderBy(asc(batchJobRows.rowNo))
        .limit(50);
      if (rows.length === 0) break;
      for (const row of rows) {
        after = row.rowNo;
        if (stopped) return;
        const began = Date.now();
        // Clear only in this process's memory, for the call; the row is saved with them masked.
        let params: Record<string, string>;
        try {
          params = openRowParams(gateway.config, job.id, row.rowNo, row.params);
        } catch (err) {
          // SECRETS_KEY changed under a pending job: retrying cannot help, and a job left running
          // would block the purchase's next batch. Nothing of this row was called or charged.
          logger.error({ err, jobId }, 'a batch row could not be opened; the job is stopped');
          await finish(jobId, 'stopped', ONLINE_MSG.unreadable(row.rowNo));
          return;
        }
        const code = await runRow(job, row, params);
        if (code !== null && PURCHASE_REFUSALS.has(code)) {
          await finish(jobId, 'stopped', ONLINE_MSG.stopped(row.rowNo, code));
          return;
        }
        const wait = gapMs - (Date.now() - began);
        if (wait > 0) await sleep(wait);
      }
    }
    await finish(jobId, 'done', null);
  }

  async function finish(jobId: number, status: 'done' | 'stopped', note: string | null) {
    await db.update(batchJobs).set({ status, note, finishedAt: sql`now()`, leaseUntil: null, leaseOwner: null }).where(mine(jobId));
  }

  /** One row: its call, unless a previous runner made it. Answers the row's code, or null when it was left for later. */
  async function runRow(job: Job, row: Row, params: Record<string, string>): Promise<string | null> {
    if (row.seqNo) {
      const [made] = await db.select({ code: callRecords.code, charged: callRecords.charged }).from(callRecords).where(eq(callRecords.seqNo, row.seqNo));
      // A rate refusal was not a query: the row is called afresh.
      if (made && made.code !== 'SYSTEM_038') {
        await saveRow(db, job.id, row, { code: made.code, message: ONLINE_MSG.resultLost, data: null, charged: made.charged, seqNo: row.seqNo });
        return made.code;
      }
    }
    let seen = row.seqNo;
    for (let attempt = 0; ; attempt++) {
      const seqNo = await claimSeqNo(job.id, row, seen);
      seen = seqNo;
      const { answer, charged } = await callAsOwner(gateway, job, params, job.ip, seqNo);
      if (answer.code === 'SYSTEM_038') {
        // Left unsaved when stopping: the next runner finds the 038 record and calls the row again.
        if (stopped) return null;
        if (attempt < RATE_RETRIES) {
          await sleep(1000);
          continue;
        }
      }
      await saveRow(db, job.id, row, { code: answer.code, message: answer.message, data: answer.data ?? null, charged: charged ? 1 : 0, seqNo });
      return answer.code;
    }
  }

  /** The seqNo the row's next call carries, saved before the call — only under this runner's lease. */
  async function claimSeqNo(jobId: number, row: Row, seen: string | null): Promise<string> {
    const seqNo = newSeqNo();
    const set = await db
      .update(batchJobRows)
      .set({ seqNo })
      .where(
        and(
          eq(batchJobRows.jobId, jobId),
          eq(batchJobRows.rowNo, row.rowNo),
          isNull(batchJobRows.code),
          seen === null ? isNull(batchJobRows.seqNo) : eq(batchJobRows.seqNo, seen),
          leaseHeld(jobId),
        ),
      )
      .returning({ rowNo: batchJobRows.rowNo });
    if (set.length === 0) throw new LeaseLost();
    return seqNo;
  }

  async function sweepOnce() {
    const orphans = await db
      .update(batchJobs)
      .set({ leaseOwner: me, leaseUntil: leaseEnd })
      .where(and(eq(batchJobs.status, 'running'), or(isNull(batchJobs.leaseUntil), lt(batchJobs.leaseUntil, sql`now()`))))
      .returning({ id: batchJobs.id });
    for (const o of orphans) run(o.id, false);
  }

  function sweep(): Promise<void> {
    if (stopped) return Promise.resolve();
    sweeping ??= sweepOnce().finally(() => {
      sweeping = null;
    });
    return sweeping;
  }

  const timer = setInterval(() => {
    sweep().catch((err: unknown) => logger.error({ err }, 'batch job sweep failed'));
  }, SWEEP_MS);
  timer.unref();

  return {
    kick: (jobId) => run(jobId, true),
    sweep,
    idle: async () => {
      while (active.size > 0 || sweeping) await Promise.all([...active.values(), sweeping]);
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await sweeping?.catch(() => {});
      await Promise.all([...active.values()]);
      await db
        .update(batchJobs)
        .set({ leaseUntil: null, leaseOwner: null })
        .where(and(eq(batchJobs.status, 'running'), eq(batchJobs.leaseOwner, me)));
    },
  };
}

/**
 * execBatchJobDetail: one failed row of a job that is not running, called again now. The row is
 * claimed only while the job's lease is free (no run, no other row call) and only while it is
 * still failed (answered neither 10000 nor charged), with the seqNo the call will carry; the job
 * holds a row: lease meanwhile. A process that dies mid-call leaves the row uncalled with that
 * seqNo, which the next run of the job finds in the call records (exactly once, as for a run).
 * Answers the row as saved, or null when it was no longer failed or the lease was taken.
 */
export async function callFailedRow(deps: { db: Db; gateway: GatewayDeps }, jobId: number, row: Row): Promise<Row | null> {
  const { db, gateway } = deps;
  const job = await jobCallee(db, eq(batchJobs.id, jobId));
  if (!job) return null;
  // Opened before anything changes: a row sealed under a replaced SECRETS_KEY is refused as it is.
  let params: Record<string, string>;
  try {
    params = openRowParams(gateway.config, jobId, row.rowNo, row.params);
  } catch {
    throw new Invalid(ONLINE_MSG.unreadable(row.rowNo));
  }
  const owner = `${ROW_LEASE}${randomUUID()}`;
  const seqNo = newSeqNo();
  const claimed = await db
    .transaction(async (tx) => {
      const [held] = await tx
        .update(batchJobs)
        .set({
          leaseOwner: owner,
          leaseUntil: sql`now() + make_interval(secs => ${BATCH_LEASE_SECONDS})`,
          done: sql`${batchJobs.done} - 1`,
          failed: sql`${batchJobs.failed} - 1`,
        })
        .where(
          and(
            eq(batchJobs.id, jobId),
            inArray(batchJobs.status, ['done', 'stopped', 'paused']),
            or(isNull(batchJobs.leaseUntil), lt(batchJobs.leaseUntil, sql`now()`)),
          ),
        )
        .returning({ id: batchJobs.id });
      if (!held) return false;
      const [taken] = await tx
        .update(batchJobRows)
        .set({ code: null, message: null, data: null, seqNo })
        .where(
          and(
            eq(batchJobRows.jobId, jobId),
            eq(batchJobRows.rowNo, row.rowNo),
            row.seqNo === null ? isNull(batchJobRows.seqNo) : eq(batchJobRows.seqNo, row.seqNo),
            ne(batchJobRows.code, '10000'),
            eq(batchJobRows.charged, 0),
          ),
        )
        .returning({ rowNo: batchJobRows.rowNo });
      if (!taken) tx.rollback();
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return false;
      throw err;
    });
  if (!claimed) return null;
  try {
    const { answer, charged } = await callAsOwner(gateway, job, params, job.ip, seqNo);
    await saveRow(db, jobId, row, { code: answer.code, message: answer.message, data: answer.data ?? null, charged: charged ? 1 : 0, seqNo });
  } finally {
    await db
      .update(batchJobs)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(batchJobs.id, jobId), eq(batchJobs.leaseOwner, owner)));
  }
  const [saved] = await db
    .select()
    .from(batchJobRows)
    .where(and(eq(batchJobRows.jobId, jobId), eq(batchJobRows.rowNo, row.rowNo)));
  return saved ?? null;
}
