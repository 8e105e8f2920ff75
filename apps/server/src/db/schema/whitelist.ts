// IP whitelists of the open data API: an account that lists addresses for an interface (or for
// all of its interfaces) is only served from those addresses. No entry: no restriction.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './_columns';
import { memberRef } from './_member';

export const ipBindings = pgTable(
  'ip_bindings',
  {
    id: serialId(),
    memberId: memberRef(),
    /** 0: every interface of the account (so no foreign key to interfaces). */
    interfaceId: integer('interface_id').notNull().default(0),
    /** A normalised address or CIDR block: 203.0.113.7, 203.0.113.0/24, 2001:db8::/48. */
    cidr: text('cidr').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ip_bindings_unique_idx').on(t.memberId, t.interfaceId, t.cidr), index('ip_bindings_member_idx').on(t.memberId)],
);
