// Login sessions. Only the SHA-256 of the token is stored, so a database leak yields no
// usable cookie; revoking is setting revoked_at.
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './_columns';
import { memberRef } from './_member';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    memberId: memberRef(),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    lastSeenAt: tstz('last_seen_at'),
    /**
     * A session a main account opened by switching into its sub-account (myAccount/changeLogin):
     * the main account's id, so myAccount/changeBack may return to it without a password.
     */
    switchedFrom: bigint('switched_from', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);
