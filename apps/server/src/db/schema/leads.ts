// Leads for the sales team (trial dialog, data-asset consultation, quote form) and first-party
// page views (Decision 5). A lead is never lost: it is stored before anyone is notified, and a
// failed notification is retried from the row.
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz, updatedAt } from './_columns';

export const leads = pgTable(
  'leads',
  {
    id: serialId(),
    /** trial (dialog type 0) | consult (type 1, data-asset accounting) | quote (quote form) | document (api/fee/sendEmail) */
    kind: text('kind').notNull(),
    phone: text('phone').notNull(),
    userName: text('user_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    interfaceName: text('interface_name').notNull().default(''),
    sourcePath: text('source_path').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    utm: jsonb('utm').$type<Record<string, string>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    touristToken: text('tourist_token').notNull().default(''),
    /** A document the customer sent with the lead (api/fee/sendEmail): its key in the file store (kept after retention deletes the file). */
    attachmentName: text('attachment_name'),
    attachmentPath: text('attachment_path'),
    /** How many times this phone came back within the de-duplication window. */
    repeats: integer('repeats').notNull().default(0),
    /** new | contacted | converted | closed — worked by sales in the console. */
    state: text('state').notNull().default('new'),
    /** The sales operator following it up (operators.id); NULL while in the shared inbox. */
    assigneeId: integer('assignee_id'),
    /** pending | sent | failed — the new-lead mail to sales. */
    notifyState: text('notify_state').notNull().default('pending'),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    notifiedAt: tstz('notified_at'),
    /** When the visitor ticked the privacy notice (PIPL art. 14), last submission; NULL before it was asked. */
    consentedAt: tstz('consented_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_phone_idx').on(t.phone, t.kind, t.createdAt),
    index('leads_notify_idx').on(t.notifyState),
    index('leads_inbox_idx').on(t.state, t.createdAt),
  ],
);

export const pageViews = pgTable(
  'page_views',
  {
    path: text('path').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] })],
);
