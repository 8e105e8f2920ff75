// Customer accounts (会员). Sub-accounts point at their parent; the identity module owns
// registration and passwords, the account module the rest.
import { bigint, boolean, index, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('members_mobile_idx').on(t.mobile), index('members_parent_idx').on(t.parentId)],
);
