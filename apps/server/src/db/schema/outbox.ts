// Every SMS and e-mail the platform sends is recorded here first. With the embedded default
// this table *is* the delivery (shown at /dev/outbox); with a real provider it is the log
// that a failed send is retried from.
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz } from './_columns';

export const outbox = pgTable(
  'outbox',
  {
    id: serialId(),
    /** sms | email */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** The provider that carried it: outbox | smtp | aliyun | tencent. */
    provider: text('provider').notNull(),
    /** queued | sent | failed */
    status: text('status').notNull().default('queued'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
