// Sub-accounts and what their main account assigned them (issue #20, Decisions 174–181). A
// sub-account is a `members` row with parent_id; its terms (department, billing mode, money
// allotment) live here. A sub-account never owns a purchase: an assignment gives it its own key
// to one of the main account's purchases, so its calls draw on the purchase the company paid for
// and are recorded under the sub-account that made them.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz, updatedAt } from './_columns';
import { memberRef } from './_member';
import { purchases } from './billing';
import { members } from './members';

export const subAccounts = pgTable(
  'sub_accounts',
  {
    memberId: memberRef().primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The team or subsidiary it stands for (accountManagement/subCompanyName lists those in use). */
    subCompanyName: text('sub_company_name').notNull().default(''),
    /** calls: each assignment has its allotment of calls | amount: a money allotment over all its calls */
    billingMode: text('billing_mode').notNull().default('calls'),
    /**
     * Amount mode: what the sub-account may still use, in milli-fen (a call costs its purchase's
     * unit price). Taken in the gateway's commit under a row lock, never below zero.
     */
    amountLeftMfen: bigint('amount_left_mfen', { mode: 'number' }).notNull().default(0),
    /** Everything its charged calls cost, in milli-fen (either mode). */
    spentMfen: bigint('spent_mfen', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sub_accounts_parent_idx').on(t.parentId),
    check('sub_accounts_amount_not_negative', sql`${t.amountLeftMfen} >= 0 and ${t.spentMfen} >= 0`),
    check('sub_accounts_mode', sql`${t.billingMode} in ('calls', 'amount')`),
  ],
);

export const assignments = pgTable(
  'assignments',
  {
    id: serialId(),
    /** The sub-account it is assigned to. */
    memberId: memberRef(),
    /** The main account's purchase the calls are taken from. */
    purchaseId: bigint('purchase_id', { mode: 'number' })
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    /** The sub-account's own key to this purchase (32 random bytes, base64url). */
    key: text('key').notNull().unique(),
    /** Calls it may make in all; NULL: no limit of its own (amount mode: the money allotment limits it). */
    callsAllotted: bigint('calls_allotted', { mode: 'number' }),
    callsUsed: bigint('calls_used', { mode: 'number' }).notNull().default(0),
    /** active | stopped (by the main account) */
    status: text('status').notNull().default('active'),
    lastCallAt: tstz('last_call_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assignments_member_purchase_idx').on(t.memberId, t.purchaseId),
    index('assignments_purchase_idx').on(t.purchaseId),
    check('assignments_within', sql`${t.callsUsed} >= 0 and (${t.callsAllotted} is null or ${t.callsUsed} <= ${t.callsAllotted})`),
  ],
);

/** An SMS invitation to set a sub-account's password: single use, only the token's SHA-256 kept. */
export const subAccountInvites = pgTable(
  'sub_account_invites',
  {
    id: serialId(),
    memberId: memberRef(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sub_account_invites_member_idx').on(t.memberId)],
);

/**
 * What a sub-account may still call through an assignment: the fewer of its allotment's calls
 * left (no allotment: no limit of its own) and its main account's purchase's. For queries joining
 * assignments to purchases.
 */
export const assignedCallsLeft =
  sql<number>`least(${purchases.callsLeft}, coalesce(${assignments.callsAllotted} - ${assignments.callsUsed}, ${purchases.callsLeft}))`.mapWith(Number);
