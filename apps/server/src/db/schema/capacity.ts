// 企业运力 (/userCenter/enterpriseCapacity, issue #23): each query an account made of a company's
// fleet capacity through its purchase of 9883 企业运力画像, with the interface's answer, so that a
// stored result reopens without a new (charged) call. Every row is one account's (a sub-account's
// are its own). Company names and credit codes are not personal data: kept as typed.
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './_columns';
import { memberRef } from './_member';

export const capacityQueries = pgTable(
  'capacity_queries',
  {
    id: serialId(),
    memberId: memberRef(),
    purchaseId: bigint('purchase_id', { mode: 'number' }).notNull(),
    interfaceId: integer('interface_id').notNull(),
    /** As asked ('' when not given). */
    companyName: text('company_name').notNull().default(''),
    creditCode: text('credit_code').notNull().default(''),
    /** The company the interface answered about ('' when it found none). */
    answeredName: text('answered_name').notNull().default(''),
    answeredCode: text('answered_code').notNull().default(''),
    /** The call record's seqNo. */
    seqNo: text('seq_no').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    charged: boolean('charged').notNull().default(false),
    requestedAt: createdAt(),
  },
  (t) => [index('capacity_queries_member_idx').on(t.memberId, t.id)],
);
