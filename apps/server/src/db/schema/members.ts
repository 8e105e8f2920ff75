// Customer accounts (会员). Sub-accounts point at their parent; the identity module owns
// registration and passwords, the account module the rest.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_columns';

export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    loginName: text('login_name').notNull().unique(),
    mobile: text('mobile').notNull(),
    contacter: text('contacter').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    /** Decision 17: a flagged account is always asked for phone verification on login. */
    securityFlagged: boolean('security_flagged').notNull().default(false),
    /** A WeChat openId bound through scrm/only/register. */
    wechatOpenId: text('wechat_open_id').unique(),
    lastLoginAt: tstz('last_login_at'),
    /** Decision 9: marked for closure by an operator after 6 months without login; nothing is deleted. */
    closureMarkedAt: tstz('closure_marked_at'),
    /**
     * Granted feature codes (spec 02 §6). NULL: the defaults for the account's kind, so a change
     * of the defaults reaches every account an operator has not customised.
     */
    featureCodes: integer('feature_codes').array(),
    /** A sub-account may see its parent's enterprise authentication (spec 02 §6). */
    companyInfoVisible: boolean('company_info_visible').notNull().default(false),
    /** Decision 1: free test calls granted at registration (from config). */
    trialCalls: integer('trial_calls').notNull().default(150),
    /** Business contact (queryContacts / postRepresent); the login phone stays in `mobile`. */
    contactMobile: text('contact_mobile').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    position: text('position').notNull().default(''),
    /** Verified through UserCenter/activationCode; '' until then. */
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('members_mobile_idx').on(t.mobile),
    index('members_parent_idx').on(t.parentId),
    // Free trials take from the quota with a conditional UPDATE; the database refuses below zero too.
    check('members_trial_calls_not_negative', sql`${t.trialCalls} >= 0`),
  ],
);
