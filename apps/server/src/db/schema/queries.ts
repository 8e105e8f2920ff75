// 在线查询 (/userCenter/query, issue #21): a person checked against one or several purchased
// interfaces from a form. A report is what the customer asked at once (one interface, or a
// 个人背景核查 of several); each of its items is one real call of the open data API, recorded and
// charged like any other (its seqNo is the call record's). Only masked parameters are kept
// (Decision 19): the receipt shows the subject masked, and no clear identity number is at rest.
// Reports are deleted after QUERY_RETENTION_DAYS (modules/retention).
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz } from './_columns';
import { memberRef } from './_member';

export const queryReports = pgTable(
  'query_reports',
  {
    id: serialId(),
    /** Whoever asked: a main account or a sub-account (its own history, not its family's). */
    memberId: memberRef(),
    /** The subject as the receipt names it, masked (张*, 110101********4514). */
    subject: text('subject').notNull().default(''),
    /** How many interfaces were asked, and how many answered 10000. */
    items: integer('items').notNull(),
    succeeded: integer('succeeded').notNull().default(0),
    /** A 个人背景核查 (several interfaces) or a single query. */
    kind: text('kind').notNull().default('single'),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('query_reports_member_idx').on(t.memberId, t.id)],
);

export const queryItems = pgTable(
  'query_items',
  {
    id: serialId(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => queryReports.id, { onDelete: 'cascade' }),
    /** Denormalised from the report: every list filters by it. */
    memberId: memberRef(),
    purchaseId: bigint('purchase_id', { mode: 'number' }).notNull(),
    interfaceId: integer('interface_id').notNull(),
    /** The call record's seqNo: the receipt's order number. */
    seqNo: text('seq_no').notNull(),
    /** Masked: what the receipt and the history show. */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    charged: integer('charged').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    requestedAt: tstz('requested_at').notNull(),
    answeredAt: tstz('answered_at').notNull(),
  },
  (t) => [index('query_items_report_idx').on(t.reportId), index('query_items_member_idx').on(t.memberId, t.interfaceId, t.id)],
);

/**
 * The charged one-shot questions being asked right now (在线查询, 司法, 车险分析's scores, 企业运力),
 * one row per account and question while its call is under way (modules/online/in-flight.ts): a
 * second identical submit meanwhile — a double click, a second tab, a client retrying a POST — is
 * refused instead of charged again. The question is kept only as a keyed hash (no name, ID
 * number or plate at rest); the row goes when the call ends, and one left by a process that died
 * is taken over once stale.
 */
export const queryClaims = pgTable(
  'query_claims',
  {
    memberId: memberRef(),
    /** HMAC-SHA256 (SECRETS_KEY) of the question: what is asked, of which interfaces, with which values. */
    question: text('question').notNull(),
    claimedAt: tstz('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.question] })],
);
