// The suppliers behind the open data API (issue #24). A supplier is a company the platform buys
// data from; a route is one interface answered by one supplier — its endpoint, credentials, time
// limit, place in the order and price. An interface with no enabled route is answered by the
// sandbox (Decision 10). The gateway tries an interface's routes by priority, by weight within a
// priority, skipping suppliers whose breaker is open or whose bulkhead is full (modules/suppliers).
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz, updatedAt } from './_columns';
import { interfaces } from './catalog';

export const suppliers = pgTable('suppliers', {
  id: serialId(),
  name: text('name').notNull().unique(),
  /** Calls under way at once to this supplier, over all its routes, per server process (the bulkhead). */
  maxConcurrent: integer('max_concurrent').notNull().default(64),
  /** Calls that may wait for a place beyond those; more are answered by the next supplier or SYSTEM_038. */
  maxQueue: integer('max_queue').notNull().default(16),
  /** 'enabled' | 'disabled': a disabled supplier answers none of its routes. */
  status: text('status').notNull().default('enabled'),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** How a supplier's names differ from the interface's: parameters out, answer fields and codes back. */
export interface RouteMapping {
  /** Our parameter name → the supplier's. */
  params: Record<string, string>;
  /** The supplier's field name in `data` → ours (top level). */
  fields: Record<string, string>;
  /** The supplier's answer code → ours; a code neither listed nor ours is a failure of the supplier. */
  codes: Record<string, string>;
}

export const supplierRoutes = pgTable(
  'supplier_routes',
  {
    id: serialId(),
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id, { onDelete: 'cascade' }),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** The supplier's URL for this interface (http or https). */
    endpoint: text('endpoint').notNull(),
    /** The request headers that carry the credentials, sealed under SECRETS_KEY; never answered back. */
    credentialsSealed: text('credentials_sealed').notNull().default(''),
    /** Names of those headers, to show what is set without showing it. */
    credentialNames: jsonb('credential_names').$type<string[]>().notNull().default([]),
    timeoutMs: integer('timeout_ms').notNull().default(3000),
    /** 1 is tried first; routes of one priority share its calls by weight. */
    priority: integer('priority').notNull().default(1),
    weight: integer('weight').notNull().default(100),
    /** What the supplier charges per answered call, in milli-fen (1 yuan = 100 000). */
    costMfen: bigint('cost_mfen', { mode: 'number' }).notNull().default(0),
    mapping: jsonb('mapping').$type<RouteMapping>().notNull().default({ params: {}, fields: {}, codes: {} }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('supplier_routes_interface_supplier_idx').on(t.interfaceId, t.supplierId)],
);

/** A supplier's breaker opening, probing and closing, as a server process saw it. */
export const supplierEvents = pgTable(
  'supplier_events',
  {
    id: serialId(),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** 'open' | 'half_open' | 'closed'. */
    state: text('state').notNull(),
    /** Why, in the operator's words (the failures that opened it). */
    reason: text('reason').notNull().default(''),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('supplier_events_supplier_idx').on(t.supplierId, t.at)],
);

/**
 * Per China day, supplier and interface, kept by the statement that records the calls
 * (gateway_commit v5): every attempt and how it ended, what the supplier charged for the answers it
 * gave and what the customers were charged for them — the operator's margin report reads these.
 */
export const supplierStats = pgTable(
  'supplier_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    interfaceId: integer('interface_id').notNull(),
    /** Attempts sent to the supplier, and how they ended. */
    tried: bigint('tried', { mode: 'number' }).notNull().default(0),
    answered: bigint('answered', { mode: 'number' }).notNull().default(0),
    timeouts: bigint('timeouts', { mode: 'number' }).notNull().default(0),
    refused: bigint('refused', { mode: 'number' }).notNull().default(0),
    /** Sum of the attempts' times, ms. */
    latencyMs: bigint('latency_ms', { mode: 'number' }).notNull().default(0),
    /** The supplier's charges for its answers, and the customers' charges for the calls it answered, milli-fen. */
    costMfen: bigint('cost_mfen', { mode: 'number' }).notNull().default(0),
    revenueMfen: bigint('revenue_mfen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.supplierId, t.interfaceId] })],
);
