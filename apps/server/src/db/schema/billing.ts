// Money and what it buys (Decision 7). A company's balance is one row; every change of it is a
// ledger row written in the same transaction, so the balance always equals the sum of its
// ledger. Recharges are bank transfers declared by the customer and confirmed once by an
// operator; orders are paid from the balance; a paid order adds calls to the purchase of that
// interface, whose key the customer calls the open data API with (one key per interface).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_columns';
import { interfaces, pricePackages } from './catalog';
import { members } from './members';

const memberRef = () =>
  bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: memberRef(),
    /** recharge | purchase | refund | adjust */
    kind: text('kind').notNull(),
    /** Signed fen: + credits the balance, − debits it. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    /** What caused it: a recharge id or an order number. */
    ref: text('ref').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_member_idx').on(t.memberId, t.id), uniqueIndex('ledger_ref_idx').on(t.kind, t.ref)],
);

export const recharges = pgTable(
  'recharges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: memberRef(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** The bank transfer's reference (流水号) as the customer declared it. */
    transferRef: text('transfer_ref').notNull(),
    payerName: text('payer_name').notNull(),
    /** declared | confirmed | rejected */
    status: text('status').notNull().default('declared'),
    reason: text('reason').notNull().default(''),
    decidedBy: text('decided_by').notNull().default(''),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recharges_member_idx').on(t.memberId, t.id), uniqueIndex('recharges_transfer_idx').on(t.transferRef)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchases_member_interface_idx').on(t.memberId, t.interfaceId),
    check('purchases_calls_not_negative', sql`${t.callsLeft} >= 0`),
  ],
);
