// 车险分析 (issue #23): every model query an account made (货车 9963, 车队 9964, 客车 9965), each one
// real call through the open data API's pipeline. A row is one account's (a sub-account's are its
// own). Plates and company names are not personal identity data: kept as typed; the parameters
// sent are kept masked as the gateway's log masks them.
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, serialId } from './_columns';
import { memberRef } from './_member';

export const insuranceQueries = pgTable(
  'insurance_queries',
  {
    id: serialId(),
    memberId: memberRef(),
    /** truck | fleet | bus (contracts' INSURANCE_MODELS). */
    model: text('model').notNull(),
    interfaceId: integer('interface_id').notNull(),
    purchaseId: bigint('purchase_id', { mode: 'number' }).notNull(),
    /** Plate, or company name (credit code), as shown in the lists and searched by them. */
    subject: text('subject').notNull(),
    plateNumber: text('plate_number').notNull().default(''),
    plateColor: integer('plate_color'),
    companyName: text('company_name').notNull().default(''),
    creditCode: text('credit_code').notNull().default(''),
    /** The china map's short province name, '' when unknown. */
    province: text('province').notNull().default(''),
    success: boolean('success').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    charged: boolean('charged').notNull().default(false),
    /** The call record's seqNo. */
    seqNo: text('seq_no').notNull(),
    score: integer('score'),
    grade: text('grade'),
    /** The parameters sent, masked. */
    request: jsonb('request').notNull(),
    /** The interface's answer data as received. */
    response: jsonb('response'),
    /** What the platform read from it: factors, lines, cycles, summary (null when no score). */
    result: jsonb('result'),
    /** Login name of the account that asked. */
    operator: text('operator').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('insurance_queries_member_idx').on(t.memberId, t.id),
    index('insurance_queries_model_idx').on(t.memberId, t.model, t.createdAt),
    check('insurance_queries_model_check', sql`${t.model} in ('truck', 'fleet', 'bus')`),
  ],
);
