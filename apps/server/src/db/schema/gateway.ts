// Every call of the open data API, recorded once (by its seqNo) in the same transaction that
// charges it: an answered call always has its record and, when billable, its charge. Parameters
// are kept masked (Decision 19), never in clear.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './_columns';
import { memberRef } from './_member';
import { members } from './members';

/** One supplier tried for a call: which, how long, and what came of it. */
export interface CallAttempt {
  s: number;
  ms: number;
  r: 'ok' | 'timeout' | 'refused' | 'open' | 'busy';
}

export const callRecords = pgTable(
  'call_records',
  {
    id: serialId(),
    /** The call's id, answered to the customer and quoted to support. */
    seqNo: text('seq_no').notNull().unique(),
    /** The purchase's owner; null when the key was unknown (nobody to bill or show it to). */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    purchaseId: bigint('purchase_id', { mode: 'number' }),
    interfaceId: integer('interface_id'),
    /** 10000, 100xx or SYSTEM_xxx, as answered. */
    code: text('code').notNull(),
    /** Calls taken from the purchase: 1 for a billable answer, else 0. */
    charged: integer('charged').notNull().default(0),
    billable: boolean('billable').notNull().default(false),
    latencyMs: integer('latency_ms').notNull(),
    ip: text('ip').notNull(),
    /**
     * Parameter names → masked values (110101********1234, 张*, 138****8000). Blanked ({}, with
     * ip '') after CALL_PARAMS_RETENTION_DAYS by modules/retention; the other columns stay.
     */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    provider: text('provider').notNull().default(''),
    /** What the charged call cost, in milli-fen (the purchase's unit price when charged); 0 uncharged. */
    costMfen: bigint('cost_mfen', { mode: 'number' }).notNull().default(0),
    /** The supplier that answered (issue #24); null for the sandbox or a call no supplier answered. */
    supplierId: bigint('supplier_id', { mode: 'number' }),
    /** What that supplier charges for the answer, in milli-fen. */
    supplierCostMfen: bigint('supplier_cost_mfen', { mode: 'number' }).notNull().default(0),
    /** How long that supplier took to answer, in ms (its latency percentiles are read from these). */
    supplierMs: integer('supplier_ms'),
    /**
     * Each supplier tried, in order, with its time and outcome, whenever the interface has suppliers
     * (null for the sandbox): [{ s: supplierId, ms, r: 'ok' | 'timeout' | 'refused' | 'open' | 'busy' }].
     */
    attempts: jsonb('attempts').$type<CallAttempt[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('call_records_member_idx').on(t.memberId, t.id),
    index('call_records_purchase_idx').on(t.purchaseId, t.id),
    // The call detail list (usage history): by interface, and by date range, newest first.
    index('call_records_member_interface_idx').on(t.memberId, t.interfaceId, t.id),
    index('call_records_member_time_idx').on(t.memberId, t.createdAt),
    // 接口监控's view of an upstream: one interface's calls of every account in a window.
    index('call_records_interface_time_idx').on(t.interfaceId, t.createdAt),
    // The operator's view of the suppliers: one supplier's answers in a window. Partial, so a call
    // the sandbox answered (most of them, and every one of an interface without routes) costs
    // its insert no seventh index.
    index('call_records_supplier_time_idx').on(t.supplierId, t.createdAt).where(sql`${t.supplierId} is not null`),
  ],
);

/**
 * Calls per account, China day, interface and answer code, kept by the same statement that
 * records the calls (gateway_commit): statistics and dashboards read these few rows, never the
 * raw records. Calls refused before an interface was known count under interface 0.
 */
export const callStats = pgTable(
  'call_stats',
  {
    memberId: memberRef(),
    day: date('day', { mode: 'string' }).notNull(),
    interfaceId: integer('interface_id').notNull(),
    code: text('code').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    charged: bigint('charged', { mode: 'number' }).notNull().default(0),
    costMfen: bigint('cost_mfen', { mode: 'number' }).notNull().default(0),
    /** Sum of latencies (ms), for the average. */
    latencyMs: bigint('latency_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.interfaceId, t.code] })],
);
