// Free trials taken (issue #8): one row per account and interface, so an interface's trial is
// granted once whatever retries or parallel clicks arrive (the primary key decides).
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { memberRef } from './_member';
import { interfaces } from './catalog';

export const trialGrants = pgTable(
  'trial_grants',
  {
    memberId: memberRef(),
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id, { onDelete: 'cascade' }),
    /** Calls granted: the interface's trial amount, capped by the quota left at the time. */
    calls: integer('calls').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.interfaceId] }), index('trial_grants_interface_idx').on(t.interfaceId)],
);
