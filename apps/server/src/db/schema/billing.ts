// Money and what it buys (Decision 7). A company's balance is one row; every change of it is a
// ledger row written in the same transaction, so the balance always equals the sum of its
// ledger. Recharges are bank transfers declared by the customer and confirmed once by an
// operator; orders are paid from the balance; a paid order adds calls to the purchase of that
// interface, whose key the customer calls the open data API with (one key per interface).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, decision, serialId, tstz, updatedAt } from './_columns';
import { memberRef } from './_member';
import { interfaces, pricePackages } from './catalog';

export const balances = pgTable(
  'balances',
  {
    memberId: memberRef().primaryKey(),
    /** Fen (1 元 = 100 fen). Never negative: the database refuses an overdraft outright. */
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('balances_not_negative', sql`${t.balanceFen} >= 0`)],
);

export const ledger = pgTable(
  'ledger',
  {
    id: serialId(),
    memberId: memberRef(),
    /** LEDGER_KINDS of contracts: recharge | purchase | renewal | refund | paytest | paytest_expiry | payment | adjust */
    kind: text('kind').notNull(),
    /** Signed fen: + credits the balance, − debits it. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    /** What caused it, as the idempotency key: (kind, ref) is unique, so nothing is booked twice. Internal. */
    ref: text('ref').notNull(),
    /** The number the customer knows it by: the order number, the transfer's 流水号, the paid test's number. */
    orderNo: text('order_no').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_member_idx').on(t.memberId, t.id), uniqueIndex('ledger_ref_idx').on(t.kind, t.ref)],
);

export const recharges = pgTable(
  'recharges',
  {
    id: serialId(),
    memberId: memberRef(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** The bank transfer's reference (流水号) as the customer declared it. */
    transferRef: text('transfer_ref').notNull(),
    payerName: text('payer_name').notNull(),
    /** declared | confirmed | rejected */
    status: text('status').notNull().default('declared'),
    reason: text('reason').notNull().default(''),
    ...decision(),
    createdAt: createdAt(),
  },
  (t) => [index('recharges_member_idx').on(t.memberId, t.id), uniqueIndex('recharges_transfer_idx').on(t.transferRef)],
);

export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    /** Shown to the customer and quoted to support: D + date + random. */
    orderNo: text('order_no').notNull().unique(),
    memberId: memberRef(),
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => pricePackages.id),
    // The package as bought: later price changes do not rewrite an order.
    calls: integer('calls').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    validityDays: integer('validity_days').notNull(),
    /** unpaid | paid | cancelled */
    status: text('status').notNull().default('unpaid'),
    paidAt: tstz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('orders_member_idx').on(t.memberId, t.id)],
);

export const purchases = pgTable(
  'purchases',
  {
    id: serialId(),
    memberId: memberRef(),
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id),
    /** The key of this purchase for the open data API; random, unguessable. */
    key: text('key').notNull().unique(),
    callsTotal: bigint('calls_total', { mode: 'number' }).notNull().default(0),
    callsLeft: bigint('calls_left', { mode: 'number' }).notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    /** active | stopped (by the customer) */
    status: text('status').notNull().default('active'),
    /**
     * Calls of calls_left that came from an approved paid test (Decision 8): taken first by the
     * gateway, zeroed (and taken off calls_left) when the test expires.
     */
    testCallsLeft: bigint('test_calls_left', { mode: 'number' }).notNull().default(0),
    /**
     * Calls of calls_left that came from a free trial: taken after the test calls and before the
     * bought ones, and never refunded. What is left beyond test and trial calls was paid for.
     */
    trialCallsLeft: bigint('trial_calls_left', { mode: 'number' }).notNull().default(0),
    /** Where asynchronous results are posted (myBuy/updateSynCallUrl); '' for none. */
    callbackUrl: text('callback_url').notNull().default(''),
    /** The package renewed from the balance when the calls run out or the purchase expires; null: off. */
    autoRenewPackageId: integer('auto_renew_package_id').references(() => pricePackages.id),
    /**
     * What one call costs, in milli-fen (1/1000 fen): the price per call of the package paid
     * last (0 for free trial calls). Each charged call records it, so statistics add up money.
     */
    unitPriceMfen: bigint('unit_price_mfen', { mode: 'number' }).notNull().default(0),
    /** Renewals done so far: the idempotency key of the next one is (purchase, renewals + 1). */
    renewals: integer('renewals').notNull().default(0),
    /** Set when an automatic renewal could not be paid (one message per episode); cleared by a renewal. */
    renewFailedAt: tstz('renew_failed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchases_member_interface_idx').on(t.memberId, t.interfaceId),
    check('purchases_calls_not_negative', sql`${t.callsLeft} >= 0`),
    check(
      'purchases_free_calls_within',
      sql`${t.testCallsLeft} >= 0 and ${t.trialCallsLeft} >= 0 and ${t.testCallsLeft} + ${t.trialCallsLeft} <= ${t.callsLeft}`,
    ),
  ],
);

/**
 * Refund requests (myOrder/refund for one paid order, myBuy/refundAll for what is left of a
 * purchase). The customer asks; an operator decides; an approved refund credits the balance
 * through the ledger (kind 'refund', ref 'refund:{id}') and takes the refunded calls away.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    memberId: memberRef(),
    /** order | purchase */
    scope: text('scope').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    /** Calls to take back and the amount to credit, as computed when asked (the operator may lower it). */
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    /** requested | approved | rejected */
    status: text('status').notNull().default('requested'),
    decisionNote: text('decision_note').notNull().default(''),
    ...decision(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_member_idx').on(t.memberId, t.id),
    // One open request per order and per purchase: asking twice does not queue two refunds.
    uniqueIndex('refunds_open_order_idx').on(t.orderId).where(sql`status = 'requested' and order_id is not null`),
    uniqueIndex('refunds_open_purchase_idx').on(t.purchaseId).where(sql`status = 'requested' and purchase_id is not null`),
  ],
);

/**
 * What an approved refund took back from each paid order: the unused paid calls and their price.
 * An order's refunded calls are the sum of its lines, whichever request (order or whole purchase)
 * wrote them, so no call of an order is ever refunded twice and no order returns more than it cost.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: bigint('refund_id', { mode: 'number' })
      .notNull()
      .references(() => refunds.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderId] }),
    index('refund_lines_order_idx').on(t.orderId),
    check('refund_lines_positive', sql`${t.calls} > 0 and ${t.amountFen} >= 0`),
  ],
);

/** Favourite interfaces (我的收藏). */
export const favorites = pgTable(
  'favorites',
  {
    memberId: memberRef(),
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.interfaceId] })],
);

/**
 * Paid tests (Decision 8): the customer applies to test an interface with a number of calls;
 * an operator approves (the test fee is debited from the balance and the calls are added to
 * the purchase as test calls) or rejects; three months after approval a job expires it: the
 * service stops and the test calls left become 0.
 */
export const payTests = pgTable(
  'pay_tests',
  {
    id: serialId(),
    memberId: memberRef(),
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id),
    calls: integer('calls').notNull(),
    purpose: text('purpose').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** applied | approved | rejected | expired */
    status: text('status').notNull().default('applied'),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull().default(''),
    decidedBy: text('decided_by').notNull().default(''),
    approvedAt: tstz('approved_at'),
    expiresAt: tstz('expires_at'),
    /** Test calls taken back when it expired (what was left unused). */
    expiredCalls: bigint('expired_calls', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pay_tests_member_idx').on(t.memberId, t.id),
    // One open test per interface and account.
    uniqueIndex('pay_tests_open_idx').on(t.memberId, t.interfaceId).where(sql`status in ('applied', 'approved')`),
  ],
);
