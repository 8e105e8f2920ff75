// Column helpers every table shares: times are timestamptz, set by the database; row ids are
// database-generated identities.
import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A row's id, numbered by the database alone. */
export const serialId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A content item's id: the seed writes its own (below 1000), editors' items are numbered from 1000. */
export const contentId = () => integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 });

/** Who decided a request from a review queue (operator name, or `console` for the command line), and when. */
export const decision = () => ({
  decidedBy: text('decided_by').notNull().default(''),
  decidedAt: tstz('decided_at'),
});
