// The people who run the marketplace (issue #10): operator accounts apart from members, their
// sessions, and the audit trail every console action writes. Passwords are argon2id like
// members'; the TOTP secret is sealed under SECRETS_KEY like API secrets.
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz, updatedAt } from './_columns';

export const operators = pgTable('operators', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  /** admin | reviewer | finance | sales | editor (contracts OPERATOR_ROLES) */
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Sealed TOTP secret; NULL until the operator has enrolled an authenticator. */
  totpEnc: text('totp_enc'),
  /** The secret offered at enrolment, kept until the first code proves the authenticator has it. */
  totpPendingEnc: text('totp_pending_enc'),
  /** The last 30-second step a code was accepted for: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** active | disabled */
  status: text('status').notNull().default('active'),
  lastLoginAt: tstz('last_login_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: tstz('expires_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

export const consoleAudit = pgTable(
  'console_audit',
  {
    id: serialId(),
    /** NULL for `npm run console` commands, which run as the server's OS user. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** The operator's username at the time, or 'cli'. */
    actor: text('actor').notNull(),
    /** area.verb, e.g. qualification.approve, recharge.confirm, news.publish */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('console_audit_created_idx').on(t.createdAt), index('console_audit_target_idx').on(t.targetType, t.targetId)],
);

/** Notes sales keeps on a lead (the lead's own row holds its state and assignee). */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: serialId(),
    leadId: bigint('lead_id', { mode: 'number' }).notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId, t.id)],
);
