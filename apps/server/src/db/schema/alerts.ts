// Usage alerts (issue #9): the rules an account turns on and off, each firing once per crossing
// of its threshold; every firing stored with each delivery (SMS, e-mail, messages center), and
// the alert contacts, who receive anything only once their phone is verified by an SMS code.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz, updatedAt } from './_columns';
import { memberRef } from './_member';

export const alertRules = pgTable(
  'alert_rules',
  {
    id: serialId(),
    memberId: memberRef(),
    /** balance | calls_left | daily_calls | error_rate */
    kind: text('kind').notNull(),
    /** The interface watched; 0 for the balance rule and for calls per day of all interfaces. */
    interfaceId: integer('interface_id').notNull().default(0),
    /** balance: fen; calls_left: calls; daily_calls: calls; error_rate: percent (1–100). */
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    /** error_rate: the answer codes counted as errors; empty = every code but success. */
    codes: text('codes').array().notNull().default(sql`'{}'::text[]`),
    /** error_rate: the window looked back over, in minutes. */
    windowMinutes: integer('window_minutes').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** On the wrong side of the threshold and already told: set by one conditional UPDATE, cleared back on the safe side. */
    fired: boolean('fired').notNull().default(false),
    firedAt: tstz('fired_at'),
    /** daily_calls: the China day it fired for (a new day is a new crossing). */
    firedDay: date('fired_day', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('alert_rules_member_idx').on(t.memberId, t.enabled),
    // One balance rule per account, one remaining-calls and one calls-per-day rule per interface.
    uniqueIndex('alert_rules_single_idx').on(t.memberId, t.kind, t.interfaceId).where(sql`kind <> 'error_rate'`),
    check('alert_rules_kind', sql`${t.kind} in ('balance', 'calls_left', 'daily_calls', 'error_rate')`),
    check('alert_rules_threshold_positive', sql`${t.threshold} > 0`),
  ],
);

export const alertFirings = pgTable(
  'alert_firings',
  {
    id: serialId(),
    /** The rule (null once the rule is deleted; the history stays). */
    ruleId: bigint('rule_id', { mode: 'number' }).references(() => alertRules.id, { onDelete: 'set null' }),
    memberId: memberRef(),
    kind: text('kind').notNull(),
    interfaceId: integer('interface_id').notNull().default(0),
    /** What was measured (fen, calls or percent) and the threshold it crossed. */
    value: bigint('value', { mode: 'number' }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    /** The text sent, as the customer read it. */
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('alert_firings_member_idx').on(t.memberId, t.id)],
);

export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serialId(),
    firingId: bigint('firing_id', { mode: 'number' })
      .notNull()
      .references(() => alertFirings.id, { onDelete: 'cascade' }),
    /** sms | email | message (the messages center) */
    channel: text('channel').notNull(),
    /** Phone, e-mail address, or the account id for the messages center. */
    recipient: text('recipient').notNull(),
    contactName: text('contact_name').notNull().default(''),
    /** sent | failed */
    status: text('status').notNull(),
    error: text('error').notNull().default(''),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('alert_deliveries_firing_idx').on(t.firingId)],
);

export const alertContacts = pgTable(
  'alert_contacts',
  {
    id: serialId(),
    memberId: memberRef(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    /** Set when the phone answered an SMS code; alerts go only to verified contacts. */
    phoneVerifiedAt: tstz('phone_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alert_contacts_member_phone_idx').on(t.memberId, t.phone)],
);
