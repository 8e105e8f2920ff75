// Every call of the open data API, recorded once (by its seqNo) in the same transaction that
// charges it: an answered call always has its record and, when billable, its charge. Parameters
// are kept masked (Decision 19), never in clear.
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { members } from './members';

export const callRecords = pgTable(
  'call_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
    /** Parameter names → masked values (110101********1234, 张*, 138****8000). */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    provider: text('provider').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('call_records_member_idx').on(t.memberId, t.id), index('call_records_purchase_idx').on(t.purchaseId, t.id)],
);
