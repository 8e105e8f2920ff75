// The account a row belongs to; the row goes with the account. Kept apart from _columns.ts,
// which members.ts itself imports.
import { bigint } from 'drizzle-orm/pg-core';
import { members } from './members';

export const memberRef = () =>
  bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });
