// Short-lived identity state: image captchas, SMS codes, login challenges (ALL_0050), sliding
// counters for throttles, and the login event log. Kept in the database so every API process
// agrees without a separate cache.
import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz } from './_columns';
import { memberRef } from './_member';
import { members } from './members';

export const captchas = pgTable('captchas', {
  /** The captchaImage uuid or the imageCodeKey cookie value. */
  id: text('id').primaryKey(),
  /** Lower-cased answer; compared case-insensitively. */
  answer: text('answer').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: createdAt(),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    /** register | reset | login | general */
    purpose: text('purpose').notNull(),
    /** sha256(id:code), so a database read does not reveal live codes. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    /** Set when used, or when the fifth wrong try burns it. */
    consumedAt: tstz('consumed_at'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: memberRef(),
    ip: text('ip').notNull(),
    remember: integer('remember').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_member_idx').on(t.memberId, t.createdAt)],
);

export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: tstz('window_start').notNull(),
  blockedUntil: tstz('blocked_until'),
});

export const loginEvents = pgTable(
  'login_events',
  {
    id: serialId(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    /** What was typed as the account, cut to 64 characters (never the password). */
    loginName: text('login_name').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** success | bad_credentials | captcha_required | captcha_wrong | phone_check | phone_verified | throttled | disabled | register | logout */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_events_member_idx').on(t.memberId, t.ip, t.createdAt)],
);
