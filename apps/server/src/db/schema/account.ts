// The user center's own records: enterprise authentication applications and the messages
// center. Each application is a row; the newest row of a member is its current state, older
// rows are the history an operator and the customer can read back.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, decision, serialId, tstz, updatedAt } from './_columns';
import { memberRef } from './_member';

export const qualifications = pgTable(
  'qualifications',
  {
    id: serialId(),
    memberId: memberRef(),
    /** pending | approved | rejected | revoked */
    status: text('status').notNull(),
    companyName: text('company_name').notNull(),
    creditCode: text('credit_code').notNull(),
    legalPerson: text('legal_person').notNull(),
    /** The licence image's key in the file store (src/storage); served only to its owner. */
    licencePath: text('licence_path').notNull(),
    licenceType: text('licence_type').notNull(),
    reason: text('reason').notNull().default(''),
    /** Operator name, or `console` for the command line. */
    ...decision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('qualifications_member_idx').on(t.memberId, t.id),
    // One company, one live authentication: a second account cannot claim a company that is
    // already approved or under review elsewhere.
    uniqueIndex('qualifications_live_company_idx').on(t.creditCode).where(sql`status in ('pending', 'approved')`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serialId(),
    memberId: memberRef(),
    /** qualification | account | security | order | alert | system */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A user-center path the message points at, or ''. */
    link: text('link').notNull().default(''),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_member_idx').on(t.memberId, t.id), index('messages_unread_idx').on(t.memberId).where(sql`read_at is null`)],
);
