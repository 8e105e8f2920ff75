// 车辆运力 (/userCenter/transportation/*, issue #22): the vehicles an account subscribed by plate,
// what it asked about them, the fences it drew and the entries and exits found in the tracks, and
// the track snapshots it shared. Every row is one account's (a sub-account's are its own). Plates
// are not personal identity numbers: they are kept as typed, like the answers about them.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tstz, updatedAt } from './_columns';
import { memberRef } from './_member';

export const vehicleSubscriptions = pgTable(
  'vehicle_subscriptions',
  {
    id: serialId(),
    memberId: memberRef(),
    plateNumber: text('plate_number').notNull(),
    /** The vehicle interfaces' plateColor (1 蓝 … 6 黄绿双拼). */
    plateColor: integer('plate_color').notNull(),
    /** China days, both included. The status derives from them and cancelledAt. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    cancelledAt: tstz('cancelled_at'),
    remark: text('remark').notNull().default(''),
    /** The last position asked (9694), null before the first answer with one. */
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    speed: doublePrecision('speed'),
    direction: integer('direction'),
    address: text('address'),
    /** As the interface answered it: yyyy-MM-dd HH:mm:ss, China time. */
    gpsTime: text('gps_time'),
    /** When the platform last asked (a refresh younger than positionFreshSeconds is not asked again). */
    fetchedAt: tstz('fetched_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicle_subscriptions_member_idx').on(t.memberId, t.id),
    index('vehicle_subscriptions_plate_idx').on(t.memberId, t.plateNumber, t.plateColor),
    index('vehicle_subscriptions_period_idx').on(t.memberId, t.endDate, t.startDate),
  ],
);

/**
 * The vehicles a subscribe request is asking about right now (its charged 9694 calls are under
 * way): claimed before the first call, under the account's lock, and let go when the request
 * ends. A second request for the same vehicle meanwhile finds it claimed and answers it as
 * already subscribed without calling (and charging) again; in-flight claims count toward the
 * account's limit. A claim older than a few minutes is a request that died and is taken over.
 */
export const vehicleSubscribeClaims = pgTable(
  'vehicle_subscribe_claims',
  {
    memberId: memberRef(),
    plateNumber: text('plate_number').notNull(),
    plateColor: integer('plate_color').notNull(),
    claimedAt: tstz('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.plateNumber, t.plateColor] })],
);

export const vehicleQueries = pgTable(
  'vehicle_queries',
  {
    id: serialId(),
    memberId: memberRef(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => vehicleSubscriptions.id, { onDelete: 'cascade' }),
    purchaseId: bigint('purchase_id', { mode: 'number' }).notNull(),
    interfaceId: integer('interface_id').notNull(),
    plateNumber: text('plate_number').notNull(),
    /** The call record's seqNo. */
    seqNo: text('seq_no').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    charged: boolean('charged').notNull().default(false),
    requestedAt: createdAt(),
  },
  (t) => [index('vehicle_queries_member_idx').on(t.memberId, t.id), index('vehicle_queries_subscription_idx').on(t.memberId, t.subscriptionId, t.id)],
);

export const vehicleFences = pgTable(
  'vehicle_fences',
  {
    id: serialId(),
    memberId: memberRef(),
    name: text('name').notNull(),
    /** circle | polygon */
    shape: text('shape').notNull(),
    /** circle: [lon, lat] and metres; polygon: the ring, not closed. GCJ-02. */
    center: jsonb('center').$type<[number, number]>(),
    radius: integer('radius'),
    points: jsonb('points').$type<Array<[number, number]>>(),
    /** Entries and exits also notify the account's alert contacts. */
    alert: boolean('alert').notNull().default(false),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vehicle_fences_member_name_idx').on(t.memberId, t.name),
    index('vehicle_fences_member_idx').on(t.memberId, t.id),
    index('vehicle_fences_alert_idx').on(t.alert).where(sql`alert`),
    check('vehicle_fences_shape', sql`${t.shape} in ('circle', 'polygon')`),
  ],
);

export const fenceVehicles = pgTable(
  'fence_vehicles',
  {
    fenceId: bigint('fence_id', { mode: 'number' })
      .notNull()
      .references(() => vehicleFences.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => vehicleSubscriptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.subscriptionId] }), index('fence_vehicles_subscription_idx').on(t.subscriptionId)],
);

export const fenceEvents = pgTable(
  'fence_events',
  {
    id: serialId(),
    memberId: memberRef(),
    fenceId: bigint('fence_id', { mode: 'number' })
      .notNull()
      .references(() => vehicleFences.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => vehicleSubscriptions.id, { onDelete: 'cascade' }),
    /** in | out */
    kind: text('kind').notNull(),
    /** The first point on the new side. */
    at: tstz('at').notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    address: text('address').notNull().default(''),
    /** The alert contacts were told (set once, by the request that stored the event). */
    alerted: boolean('alerted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // The same track asked twice finds the same crossings: stored once.
    uniqueIndex('fence_events_once_idx').on(t.fenceId, t.subscriptionId, t.kind, t.at),
    index('fence_events_member_idx').on(t.memberId, t.at),
    index('fence_events_subscription_idx').on(t.subscriptionId, t.at),
    check('fence_events_kind', sql`${t.kind} in ('in', 'out')`),
  ],
);

export const trackShares = pgTable(
  'track_shares',
  {
    id: serialId(),
    memberId: memberRef(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => vehicleSubscriptions.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the link's token: the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The shared track as the H5 page shows it (contracts' SharedTrack without expiresAt). */
    snapshot: jsonb('snapshot').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('track_shares_token_idx').on(t.tokenHash),
    index('track_shares_expires_idx').on(t.expiresAt),
    index('track_shares_member_idx').on(t.memberId),
  ],
);
