// Batch queries of 我的API (applyBatch): an uploaded sheet becomes a job whose rows are called
// one by one through the open data API on the purchase (Decision 121). A row holds its masked
// parameters beside the clear ones sealed under SECRETS_KEY, never in clear, for the life of the
// job (modules/online/batch-params.ts): the runner opens them for the call, the owner's result
// download opens them to put the customer's own inputs beside the answers; retention deletes the
// job, and the sealed values with it.
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz } from './_columns';
import { memberRef } from './_member';
import { purchases } from './billing';

export const batchJobs = pgTable(
  'batch_jobs',
  {
    id: serialId(),
    memberId: memberRef(),
    purchaseId: bigint('purchase_id', { mode: 'number' })
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    interfaceId: integer('interface_id').notNull(),
    fileName: text('file_name').notNull(),
    /** Where the sheet was uploaded from: the calls of its rows are recorded with this IP. */
    ip: text('ip').notNull(),
    /**
     * loading (the sheet is being written, hidden) → pending → running ⇄ paused → done, or stopped
     * when the purchase could no longer be called.
     */
    status: text('status').notNull().default('pending'),
    /** Why a job stopped early (the answer that stopped it), for the list. */
    note: text('note'),
    rows: integer('rows').notNull(),
    done: integer('done').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    /** Rows answered neither 10000 nor charged: what a new run (newExecuteBatchJob) calls again. */
    failed: integer('failed').notNull().default(0),
    /** The consent attestation (PIPL art. 13, 29) made to execute it: who, when, from where. */
    consentMemberId: bigint('consent_member_id', { mode: 'number' }),
    consentAt: tstz('consent_at'),
    consentIp: text('consent_ip'),
    /** When the customer paused it (retention counts a paused job's age from here). */
    pausedAt: tstz('paused_at'),
    /** When the current run (execute, resume, new run) began and how many rows were done then: the measured rate. */
    runStartedAt: tstz('run_started_at'),
    runDoneFrom: integer('run_done_from').notNull().default(0),
    /**
     * A running job belongs to the process that holds its lease; a process that finds the lease
     * run out (its runner died) takes the job over and carries on from the first row not done.
     */
    leaseUntil: tstz('lease_until'),
    /** The runner holding the lease (a random id per process); every write of a running job checks it. */
    leaseOwner: text('lease_owner'),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('batch_jobs_member_idx').on(t.memberId, t.id), index('batch_jobs_running_idx').on(t.status, t.leaseUntil)],
);

export const batchJobRows = pgTable(
  'batch_job_rows',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => batchJobs.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    /** Masked values and the sealed clear ones ("$enc"); rows written before sealing hold clear values until called, masked afterwards. */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    /**
     * Set (with the seqNo the call will carry) just before the call: a runner that dies between
     * the call and saving its answer leaves a row whose call record, found by seqNo, says whether
     * it was made — so a taken-over row is never called, or charged, twice.
     */
    seqNo: text('seq_no'),
    code: text('code'),
    message: text('message'),
    data: jsonb('data'),
    charged: integer('charged').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.rowNo] })],
);
