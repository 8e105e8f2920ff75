// Online payments (issue #19, Decision 7's payment interface): one row per QR code a member was
// shown. It moves created → paid (the money is booked) or created → closed (expired or refused),
// each once, by a status-conditional update; the provider's notification and the query job
// settle it through the same function.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz, updatedAt } from './_columns';
import { memberRef } from './_member';

export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    /** P + China time + 6 characters: the out_trade_no every provider is given. */
    paymentNo: text('payment_no').notNull().unique(),
    memberId: memberRef(),
    /** recharge | order */
    purpose: text('purpose').notNull(),
    /** The order it pays ('' for a recharge). */
    orderNo: text('order_no').notNull().default(''),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** sandbox | alipay | wechat */
    provider: text('provider').notNull(),
    /** created | paid | closed */
    status: text('status').notNull().default('created'),
    /** The provider's own trade number, once it is known. */
    tradeNo: text('trade_no').notNull().default(''),
    /** What the QR code encodes (the provider's code_url / qr_code). */
    qrText: text('qr_text').notNull().default(''),
    /** A page that pays in the browser, where the provider has one. */
    link: text('link').notNull().default(''),
    /** Why it was closed (expired, refused by the provider, the order no longer payable…). */
    note: text('note').notNull().default(''),
    expiresAt: tstz('expires_at').notNull(),
    paidAt: tstz('paid_at'),
    closedAt: tstz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_member_idx').on(t.memberId, t.id),
    index('payments_open_idx').on(t.status, t.expiresAt),
    check('payments_amount_positive', sql`${t.amountFen} > 0`),
  ],
);
