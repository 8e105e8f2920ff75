// Retention of personal data (Decision 19): what is kept beyond its setting is blanked or deleted
// here — call records' parameters, batch jobs (with their sealed inputs), online query reports,
// leads' attachments. Run by retention.jobs.ts.
//
// Every statement touches a bounded number of rows, so a large table is never locked or bloated
// by one statement and the job can stop between any two of them; nothing here logs a value.
import { and, asc, eq, gte, inArray, lt, max, min, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { batchJobRows, batchJobs, callRecords, capacityQueries, insuranceQueries, queryReports, storedFiles, vehicleQueries } from '../../db/schema';
import type { FileStore } from '../../storage';
import { deleteExpiredShares } from '../transport/share-retention';

/** Call records blanked by one statement. */
export const CALL_BATCH = 1000;

export interface RetentionCtx {
  db: Db;
  retention: Config['retention'];
  /** Where uploads live (the file store of src/storage). */
  files: FileStore;
  /** Asked between statements: the job stops early (the process is closing). */
  stopping?: () => boolean;
}

export interface RetentionCounts {
  callParamsBlanked: number;
  unkeyedCallsDeleted: number;
  batchJobsDeleted: number;
  queryReportsDeleted: number;
  leadAttachmentsDeleted: number;
  /** Attachments that could not be deleted this pass (the bucket failed): tried again next pass. */
  leadAttachmentsFailed: number;
  /** Shared H5 trajectories past their expiry (issue #22). */
  trackSharesDeleted: number;
  /** Stored answers of the vehicle, insurance model and capacity screens (Decision 214). */
  modelQueriesDeleted: number;
}

const olderThan = (
  column: typeof callRecords.createdAt | typeof batchJobs.createdAt | typeof batchJobs.pausedAt | typeof storedFiles.createdAt | typeof queryReports.createdAt,
  days: number,
) => lt(column, sql`now() - make_interval(days => ${days})`);

// ── Call records ─────────────────────────────────────────────────────────────────────────────
// A record past CALL_PARAMS_RETENTION_DAYS loses its parameters (the masked values of the people
// queried) and the caller's IP; its seqNo, account, purchase, interface, code, charge, cost and
// time stay, because the call detail, sub-account consumption, receipts' entitlement and refunds
// read them and call_stats must keep adding up to them. A blanked record has ip = '' (a recorded
// call always has an address).
//
// Records are blanked in id order and a run stops at the first record still within the setting,
// so the blanked records are exactly the ids below one point. A run finds that point in a few
// primary-key probes (ids grow with time), rather than reading every blanked record again.

async function firstNotBlanked(db: Db): Promise<number | null> {
  const [range] = await db.select({ lo: min(callRecords.id), hi: max(callRecords.id) }).from(callRecords);
  if (range?.lo == null || range.hi == null) return null;
  // Invariant: every record below lo is blanked; the first one that is not lies in [lo, hi].
  let lo = range.lo;
  let hi = range.hi + 1;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const [r] = await db
      .select({ id: callRecords.id, blanked: sql<boolean>`${callRecords.ip} = ''` })
      .from(callRecords)
      .where(gte(callRecords.id, mid))
      .orderBy(asc(callRecords.id))
      .limit(1);
    // No record in [mid, hi) (ids have gaps: records of calls without a key are deleted): look lower.
    if (!r || r.id >= hi) hi = mid;
    else if (r.blanked) lo = r.id + 1;
    else hi = r.id;
  }
  return lo > range.hi ? null : lo;
}

/** Blanks the parameters and IP of call records older than the setting; answers how many. */
export async function blankOldCallParams(ctx: RetentionCtx): Promise<number> {
  const { db, retention } = ctx;
  let from = await firstNotBlanked(db);
  let blanked = 0;
  while (from !== null && !ctx.stopping?.()) {
    const rows = await db
      .select({ id: callRecords.id, old: sql<boolean>`${olderThan(callRecords.createdAt, retention.callParamsDays)}` })
      .from(callRecords)
      .where(gte(callRecords.id, from))
      .orderBy(asc(callRecords.id))
      .limit(CALL_BATCH);
    // Up to the first record still within the setting: past it, the blanked ones would no longer be one run of ids.
    const young = rows.findIndex((r) => !r.old);
    const old = young === -1 ? rows : rows.slice(0, young);
    const last = old.at(-1);
    if (!last) break;
    const done = await db
      .update(callRecords)
      .set({ params: {}, ip: '' })
      .where(and(gte(callRecords.id, from), lt(callRecords.id, last.id + 1), ne(callRecords.ip, '')))
      .returning({ id: callRecords.id });
    blanked += done.length;
    if (young !== -1 || rows.length < CALL_BATCH) break;
    from = last.id + 1;
  }
  return blanked;
}

// ── Batch jobs ───────────────────────────────────────────────────────────────────────────────
/** Rows of a batch job deleted by one statement: a job holds up to 100 000 (BATCH_MAX_ROWS). */
export const BATCH_ROWS_PER_STATEMENT = 5000;

/**
 * Deletes batch jobs — their rows, answers and sealed inputs — never executed within
 * BATCH_PENDING_RETENTION_DAYS of upload, finished or stopped more than BATCH_RETENTION_DAYS ago,
 * or paused for BATCH_RETENTION_DAYS; and sheets whose upload never completed (loading) or whose
 * deletion was interrupted, after a day. A running job is never deleted. A job's rows go
 * BATCH_ROWS_PER_STATEMENT at a time, each statement checking again that the job is still due,
 * then the job.
 */
export async function deleteOldBatchJobs(ctx: RetentionCtx): Promise<number> {
  const { db, retention } = ctx;
  const expired = or(
    and(eq(batchJobs.status, 'pending'), olderThan(batchJobs.createdAt, retention.batchPendingDays)),
    and(inArray(batchJobs.status, ['done', 'stopped']), lt(batchJobs.finishedAt, sql`now() - make_interval(days => ${retention.batchDays})`)),
    and(eq(batchJobs.status, 'paused'), olderThan(batchJobs.pausedAt, retention.batchDays)),
    and(inArray(batchJobs.status, ['loading', 'deleting']), olderThan(batchJobs.createdAt, 1)),
  );
  let deleted = 0;
  while (!ctx.stopping?.()) {
    const [next] = await db.select({ id: batchJobs.id }).from(batchJobs).where(expired).orderBy(asc(batchJobs.id)).limit(1);
    if (!next) break;
    // The condition is checked again by every delete: a job executed meanwhile stays.
    const stillDue = db
      .select({ id: batchJobs.id })
      .from(batchJobs)
      .where(and(eq(batchJobs.id, next.id), expired));
    for (;;) {
      if (ctx.stopping?.()) return deleted;
      const rows = db.select({ rowNo: batchJobRows.rowNo }).from(batchJobRows).where(eq(batchJobRows.jobId, next.id)).limit(BATCH_ROWS_PER_STATEMENT);
      const gone = await db
        .delete(batchJobRows)
        .where(and(eq(batchJobRows.jobId, next.id), inArray(batchJobRows.rowNo, rows), inArray(batchJobRows.jobId, stillDue)))
        .returning({ rowNo: batchJobRows.rowNo });
      if (gone.length < BATCH_ROWS_PER_STATEMENT) break;
    }
    const gone = await db
      .delete(batchJobs)
      .where(and(eq(batchJobs.id, next.id), expired))
      .returning({ id: batchJobs.id });
    // Executed meanwhile, it is no longer due: it stays, and the next select passes it by.
    deleted += gone.length;
  }
  return deleted;
}

// ── Online query reports ─────────────────────────────────────────────────────────────────────
/** Reports deleted by one statement (their items go with them: a report holds a few). */
const REPORT_BATCH = 500;

/**
 * Deletes online query reports (在线查询 history and receipts, items cascading) older than
 * QUERY_RETENTION_DAYS. They hold masked parameters and answers only; the call records behind
 * them keep their own setting.
 */
export async function deleteOldQueryReports(ctx: RetentionCtx): Promise<number> {
  let deleted = 0;
  while (!ctx.stopping?.()) {
    const due = ctx.db
      .select({ id: queryReports.id })
      .from(queryReports)
      .where(olderThan(queryReports.createdAt, ctx.retention.queryDays))
      .orderBy(asc(queryReports.id))
      .limit(REPORT_BATCH);
    const gone = await ctx.db.delete(queryReports).where(inArray(queryReports.id, due)).returning({ id: queryReports.id });
    deleted += gone.length;
    if (gone.length < REPORT_BATCH) break;
  }
  return deleted;
}

/**
 * Deletes the stored answers of the screens that query for the customer — a subscribed vehicle's
 * queries (车辆运力), the insurance model scores with their driving lines and cycles (车险分析), the
 * capacity profiles (企业运力) — older than QUERY_RETENTION_DAYS, as 在线查询's reports: a plate's
 * whereabouts are personal data once a driver is behind them (Decision 214).
 */
export async function deleteOldModelQueries(ctx: RetentionCtx): Promise<number> {
  const tables = [
    { table: vehicleQueries, id: vehicleQueries.id, at: vehicleQueries.requestedAt },
    { table: insuranceQueries, id: insuranceQueries.id, at: insuranceQueries.createdAt },
    { table: capacityQueries, id: capacityQueries.id, at: capacityQueries.requestedAt },
  ] as const;
  let deleted = 0;
  for (const { table, id, at } of tables) {
    while (!ctx.stopping?.()) {
      const due = ctx.db
        .select({ id })
        .from(table)
        .where(lt(at, sql`now() - make_interval(days => ${ctx.retention.queryDays})`))
        .orderBy(asc(id))
        .limit(REPORT_BATCH);
      const gone = await ctx.db.delete(table).where(inArray(id, due)).returning({ id });
      deleted += gone.length;
      if (gone.length < REPORT_BATCH) break;
    }
  }
  return deleted;
}

// ── Uploads ──────────────────────────────────────────────────────────────────────────────────
/** Files looked up per statement; each is then deleted on its own (its bucket object first). */
const FILE_BATCH = 100;

/**
 * Deletes the documents sent with leads (api/fee/sendEmail) stored more than UPLOAD_RETENTION_DAYS
 * ago: they serve the first contact with sales, which has long happened. The lead keeps the
 * document's name, and a mail sent afterwards says the file is gone. Enterprise licence images are
 * not touched: they are the account's current qualification, kept while it stands.
 */
export async function deleteOldLeadAttachments(ctx: RetentionCtx): Promise<{ deleted: number; failed: number }> {
  const { db, retention, files } = ctx;
  let deleted = 0;
  while (!ctx.stopping?.()) {
    const due = await db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(and(eq(storedFiles.kind, 'lead-attachment'), olderThan(storedFiles.createdAt, retention.uploadDays)))
      .orderBy(asc(storedFiles.createdAt))
      .limit(FILE_BATCH);
    for (const { key } of due) {
      if (ctx.stopping?.()) break;
      try {
        if (await files.delete(key)) deleted += 1;
      } catch {
        // The bucket is unreachable: the rest waits for the next pass rather than looping on it.
        return { deleted, failed: 1 };
      }
    }
    if (due.length < FILE_BATCH) break;
  }
  return { deleted, failed: 0 };
}

// ── Calls without a valid key ────────────────────────────────────────────────────────────────
// Nobody's: no account is billed or shown them, and they keep no parameters (Decision 124).
// They serve support for UNKEYED_CALL_RETENTION_DAYS, then go, so a scan from many addresses
// cannot grow the table for good.
export async function deleteOldUnkeyedCalls(ctx: RetentionCtx): Promise<number> {
  let deleted = 0;
  for (;;) {
    if (ctx.stopping?.()) break;
    const due = ctx.db
      .select({ id: callRecords.id })
      .from(callRecords)
      .where(and(sql`${callRecords.memberId} is null`, olderThan(callRecords.createdAt, ctx.retention.unkeyedCallDays)))
      .limit(CALL_BATCH);
    const gone = await ctx.db.delete(callRecords).where(inArray(callRecords.id, due)).returning({ id: callRecords.id });
    deleted += gone.length;
    if (gone.length < CALL_BATCH) break;
  }
  return deleted;
}

/** One pass of every retention setting; answers the counts (what the job logs). */
export async function enforceRetention(ctx: RetentionCtx): Promise<RetentionCounts> {
  const batchJobsDeleted = await deleteOldBatchJobs(ctx);
  const queryReportsDeleted = await deleteOldQueryReports(ctx);
  const attachments = await deleteOldLeadAttachments(ctx);
  const unkeyedCallsDeleted = await deleteOldUnkeyedCalls(ctx);
  const callParamsBlanked = await blankOldCallParams(ctx);
  const trackSharesDeleted = await deleteExpiredShares(ctx.db);
  const modelQueriesDeleted = await deleteOldModelQueries(ctx);
  return {
    callParamsBlanked,
    unkeyedCallsDeleted,
    batchJobsDeleted,
    queryReportsDeleted,
    leadAttachmentsDeleted: attachments.deleted,
    leadAttachmentsFailed: attachments.failed,
    trackSharesDeleted,
    modelQueriesDeleted,
  };
}
