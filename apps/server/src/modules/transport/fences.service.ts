// 电子围栏 (issue #22): circles and polygons an account draws and binds its subscribed vehicles
// to. Entries and exits are computed from the vehicles' tracks (geo.fenceCrossings) and stored
// once per fence, vehicle, kind and instant, however often the same track is asked; a fence with
// its alert on tells the account's verified alert contacts (预警管理) of each new one, once.
import {
  chinaClock,
  clockMs,
  distanceMetres,
  EXCEL_EXPORT,
  type FenceGeometry,
  fenceAreaKm2,
  fenceCrossings,
  FENCE_EVENT_LABEL,
  FENCE_SHAPE_LABEL,
  type FenceEventView,
  type FenceIdInput,
  type FenceListInput,
  type FenceSaveInput,
  type FenceUpdateInput,
  type FenceView,
  type LonLat,
  pageOffset,
  TRANSPORT_LIMITS,
  TRANSPORT_MSG,
  type TrackColumns,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { alertContacts, fenceEvents, fenceVehicles, vehicleFences, vehicleSubscriptions } from '../../db/schema';
import { loadExcel } from '../../files';
import { Invalid, NotFound } from '../../http/errors';
import type { Notifier } from '../../notify';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { ALERT_SMS_PER_PHONE_DAY } from '../alerts/alerts.engine';
import { hit } from '../throttle/throttle.service';
import { ownSubscription } from './subscriptions.service';
import type { RawPoint } from './vehicle-calls';

type FenceRow = typeof vehicleFences.$inferSelect;
type SubscriptionRow = typeof vehicleSubscriptions.$inferSelect;

export function geometryOf(f: Pick<FenceRow, 'shape' | 'center' | 'radius' | 'points'>): FenceGeometry {
  if (f.shape === 'circle') return { shape: 'circle', center: (f.center ?? [0, 0]) as LonLat, radius: f.radius ?? 0 };
  return { shape: 'polygon', points: (f.points ?? []) as LonLat[] };
}

/**
 * Where a point is, in words. The catalogue has no reverse geocoder: the vehicle's last reported
 * address (9694 answers one) when the point is within 500 m of it, else the coordinates.
 */
export function placeText(sub: Pick<SubscriptionRow, 'lon' | 'lat' | 'address'> | null, lon: number, lat: number): string {
  if (sub?.lon != null && sub.lat != null && sub.address && distanceMetres([sub.lon, sub.lat], [lon, lat]) <= 500) return sub.address;
  return `经度 ${lon.toFixed(5)}，纬度 ${lat.toFixed(5)}`;
}

// ── Fences ──────────────────────────────────────────────────────────────────────────────────
async function fenceViews(db: Db, rows: FenceRow[]): Promise<FenceView[]> {
  if (rows.length === 0) return [];
  const bound = await db
    .select({
      fenceId: fenceVehicles.fenceId,
      id: vehicleSubscriptions.id,
      plateNumber: vehicleSubscriptions.plateNumber,
      plateColor: vehicleSubscriptions.plateColor,
    })
    .from(fenceVehicles)
    .innerJoin(vehicleSubscriptions, eq(vehicleSubscriptions.id, fenceVehicles.subscriptionId))
    .where(
      inArray(
        fenceVehicles.fenceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(vehicleSubscriptions.id));
  return rows.map((f) => ({
    id: f.id,
    name: f.name,
    shape: f.shape === 'circle' ? 'circle' : 'polygon',
    shapeLabel: FENCE_SHAPE_LABEL[f.shape === 'circle' ? 'circle' : 'polygon'],
    center: f.shape === 'circle' ? ((f.center ?? null) as LonLat | null) : null,
    radius: f.shape === 'circle' ? f.radius : null,
    points: f.shape === 'polygon' ? ((f.points ?? null) as LonLat[] | null) : null,
    areaKm2: Math.round(fenceAreaKm2(geometryOf(f)) * 1e6) / 1e6,
    vehicles: bound.filter((b) => b.fenceId === f.id).map(({ id, plateNumber, plateColor }) => ({ id, plateNumber, plateColor })),
    alert: f.alert,
    remark: f.remark,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  }));
}

/** The account's own fence; 404 with the same message for a stranger's and a missing one. */
export async function ownFence(db: Db, account: Account, id: number): Promise<FenceRow> {
  const [row] = await db
    .select()
    .from(vehicleFences)
    .where(and(eq(vehicleFences.id, id), eq(vehicleFences.memberId, account.memberId)));
  if (!row) throw new NotFound(TRANSPORT_MSG.fenceMissing);
  return row;
}

const likeWord = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listFences(db: Db, account: Account, f: FenceListInput): Promise<{ rows: FenceView[]; total: number }> {
  const where = and(eq(vehicleFences.memberId, account.memberId), f.name ? sql`lower(${vehicleFences.name}) like ${likeWord(f.name)}` : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(vehicleFences).where(where).orderBy(desc(vehicleFences.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(vehicleFences).where(where),
  ]);
  return { rows: await fenceViews(db, rows), total: total?.n ?? 0 };
}

/** Every bound subscription must be the account's own (cancelled ones cannot be bound anew). */
async function checkVehicles(db: Db, account: Account, ids: number[], keep: number[] = []): Promise<void> {
  if (ids.length === 0) return;
  const own = await db
    .select({ id: vehicleSubscriptions.id, cancelledAt: vehicleSubscriptions.cancelledAt })
    .from(vehicleSubscriptions)
    .where(and(eq(vehicleSubscriptions.memberId, account.memberId), inArray(vehicleSubscriptions.id, ids)));
  if (own.length !== ids.length) throw new NotFound(TRANSPORT_MSG.subscriptionMissing);
  if (own.some((s) => s.cancelledAt && !keep.includes(s.id))) throw new Invalid(TRANSPORT_MSG.notActive);
}

const shapeColumns = (input: FenceSaveInput) =>
  input.shape === 'circle'
    ? { shape: 'circle', center: input.center ?? null, radius: input.radius ?? null, points: null }
    : { shape: 'polygon', center: null, radius: null, points: input.points ?? null };

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function nameTaken(db: Db, account: Account, name: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicleFences.id })
    .from(vehicleFences)
    .where(and(eq(vehicleFences.memberId, account.memberId), eq(vehicleFences.name, name), except ? ne(vehicleFences.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function saveFence(db: Db, account: Account, input: FenceSaveInput): Promise<FenceView> {
  const [n] = await db.select({ n: count() }).from(vehicleFences).where(eq(vehicleFences.memberId, account.memberId));
  if ((n?.n ?? 0) >= TRANSPORT_LIMITS.maxFences) throw new Invalid(TRANSPORT_MSG.tooManyFences);
  await checkVehicles(db, account, input.subscriptionIds);
  if (await nameTaken(db, account, input.name)) throw new Invalid(TRANSPORT_MSG.fenceNameTaken);
  try {
    const row = await db.transaction(async (tx) => {
      // Counted again under the account's lock: two saves at once cannot both take the last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vehicle_fences'), ${account.memberId}::int)`);
      const [held] = await tx.select({ n: count() }).from(vehicleFences).where(eq(vehicleFences.memberId, account.memberId));
      if ((held?.n ?? 0) >= TRANSPORT_LIMITS.maxFences) throw new Invalid(TRANSPORT_MSG.tooManyFences);
      const [fence] = await tx
        .insert(vehicleFences)
        .values({ memberId: account.memberId, name: input.name, ...shapeColumns(input), alert: input.alert, remark: input.remark })
        .returning();
      if (!fence) throw new Error('fence insert returned no row');
      if (input.subscriptionIds.length > 0)
        await tx.insert(fenceVehicles).values(input.subscriptionIds.map((subscriptionId) => ({ fenceId: fence.id, subscriptionId })));
      return fence;
    });
    const [view] = await fenceViews(db, [row]);
    if (!view) throw new NotFound(TRANSPORT_MSG.fenceMissing);
    return view;
  } catch (err) {
    if (isUniqueViolation(err)) throw new Invalid(TRANSPORT_MSG.fenceNameTaken);
    throw err;
  }
}

/** vehicleFencing/update: shape, vehicles, alert and remark; the events found so far stay. */
export async function updateFence(db: Db, account: Account, input: FenceUpdateInput): Promise<FenceView> {
  const fence = await ownFence(db, account, input.id);
  const already = (await db.select({ id: fenceVehicles.subscriptionId }).from(fenceVehicles).where(eq(fenceVehicles.fenceId, fence.id))).map((r) => r.id);
  await checkVehicles(db, account, input.subscriptionIds, already);
  if (await nameTaken(db, account, input.name, fence.id)) throw new Invalid(TRANSPORT_MSG.fenceNameTaken);
  try {
    const row = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(vehicleFences)
        .set({ name: input.name, ...shapeColumns(input), alert: input.alert, remark: input.remark })
        .where(and(eq(vehicleFences.id, fence.id), eq(vehicleFences.memberId, account.memberId)))
        .returning();
      if (!saved) throw new NotFound(TRANSPORT_MSG.fenceMissing);
      await tx.delete(fenceVehicles).where(eq(fenceVehicles.fenceId, fence.id));
      if (input.subscriptionIds.length > 0)
        await tx.insert(fenceVehicles).values(input.subscriptionIds.map((subscriptionId) => ({ fenceId: fence.id, subscriptionId })));
      return saved;
    });
    const [view] = await fenceViews(db, [row]);
    if (!view) throw new NotFound(TRANSPORT_MSG.fenceMissing);
    return view;
  } catch (err) {
    if (isUniqueViolation(err)) throw new Invalid(TRANSPORT_MSG.fenceNameTaken);
    throw err;
  }
}

/** vehicleFencing/delete: the fence, its bindings and its events (cascading). */
export async function deleteFence(db: Db, account: Account, { id }: FenceIdInput): Promise<void> {
  const fence = await ownFence(db, account, id);
  await db.delete(vehicleFences).where(and(eq(vehicleFences.id, fence.id), eq(vehicleFences.memberId, account.memberId)));
}

// ── Events ──────────────────────────────────────────────────────────────────────────────────
/** The account's fences a vehicle is bound to (optionally some of them only). */
export async function fencesOfVehicle(db: Db, memberId: number, subscriptionId: number, only?: number[]): Promise<FenceRow[]> {
  const rows = await db
    .select({ f: vehicleFences })
    .from(fenceVehicles)
    .innerJoin(vehicleFences, eq(vehicleFences.id, fenceVehicles.fenceId))
    .where(and(eq(fenceVehicles.subscriptionId, subscriptionId), eq(vehicleFences.memberId, memberId), only ? inArray(vehicleFences.id, only) : undefined));
  return rows.map((r) => r.f);
}

export interface AlertDeps {
  db: Db;
  notifier: Notifier;
  logger?: FastifyBaseLogger;
}

/**
 * The crossings of one vehicle's track through its fences, stored; answers how many were new.
 * A new event of a fence with its alert on is told to the alert contacts (once: see alertEvents).
 */
export async function storeCrossings(deps: AlertDeps, sub: SubscriptionRow, fences: FenceRow[], points: RawPoint[], cols: TrackColumns): Promise<number> {
  const values: Array<typeof fenceEvents.$inferInsert> = [];
  for (const fence of fences) {
    for (const c of fenceCrossings(geometryOf(fence), cols)) {
      const p = points[c.index];
      if (!p) continue;
      values.push({
        memberId: sub.memberId,
        fenceId: fence.id,
        subscriptionId: sub.id,
        kind: c.kind,
        at: new Date(p.at),
        lon: p.lon,
        lat: p.lat,
        address: placeText(sub, p.lon, p.lat),
      });
    }
  }
  if (values.length === 0) return 0;
  const inserted: Array<{ id: number }> = [];
  // In slices: a long track through many fences stays within the statement's parameter limit.
  for (let i = 0; i < values.length; i += 1000) {
    inserted.push(
      ...(await deps.db
        .insert(fenceEvents)
        .values(values.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ id: fenceEvents.id })),
    );
  }
  const alertIds = inserted.map((r) => r.id);
  if (fences.some((f) => f.alert) && alertIds.length > 0) await alertEvents(deps, sub.memberId, alertIds);
  return inserted.length;
}

/** How many events one notice lists by name; the rest are counted. */
const NOTICE_LINES = 5;

/**
 * Tells the account's verified alert contacts of new events of alert fences: one notice per
 * request (the messages center, an SMS and an e-mail to each contact) listing them. Each event is
 * claimed by one conditional UPDATE (alerted false → true) first, so no event is told twice.
 */
export async function alertEvents(deps: AlertDeps, memberId: number, eventIds: number[]): Promise<number> {
  const { db, notifier } = deps;
  const alertFences = db
    .select({ id: vehicleFences.id })
    .from(vehicleFences)
    .where(and(eq(vehicleFences.memberId, memberId), eq(vehicleFences.alert, true)));
  const claimed = await db
    .update(fenceEvents)
    .set({ alerted: true })
    .where(and(inArray(fenceEvents.id, eventIds), eq(fenceEvents.alerted, false), inArray(fenceEvents.fenceId, alertFences)))
    .returning({ id: fenceEvents.id });
  if (claimed.length === 0) return 0;
  const events = await eventRows(
    db,
    inArray(
      fenceEvents.id,
      claimed.map((c) => c.id),
    ),
  );
  events.sort((a, b) => a.e.at.getTime() - b.e.at.getTime());
  const line = (r: (typeof events)[number]) =>
    `${r.plateNumber} 于 ${chinaClock(r.e.at)} ${FENCE_EVENT_LABEL[r.e.kind === 'in' ? 'in' : 'out']}「${r.fenceName}」`;
  const first = events[0];
  if (!first) return 0;
  const listed = events.slice(0, NOTICE_LINES).map(line).join('；');
  const body = events.length > NOTICE_LINES ? `${listed}；等共 ${events.length} 次进出。` : `${listed}。`;
  const title = '电子围栏进出提醒';
  await sendMessage(db, memberId, { kind: 'alert', title, body, link: '/userCenter/transportation/geofenceManage' });
  const contacts = await db
    .select()
    .from(alertContacts)
    .where(and(eq(alertContacts.memberId, memberId), isNotNull(alertContacts.phoneVerifiedAt)));
  const value = events.length > 1 ? `${line(first)}等 ${events.length} 次进出` : line(first);
  for (const c of contacts) {
    try {
      if ((await hit(db, `alert:sms:${c.phone}`, 24 * 3_600_000)) <= ALERT_SMS_PER_PHONE_DAY)
        await notifier.send({
          channel: 'sms',
          to: c.phone,
          body: `【数据API市场】${title}：${body}`,
          template: { kind: 'alert', params: { title, value, threshold: '进出即提醒' } },
        });
      if (c.email) await notifier.send({ channel: 'email', to: c.email, subject: `【数据API市场】${title}`, body });
    } catch (err) {
      // A carrier's failure is the outbox's record; the events stay told (the messages center has them).
      deps.logger?.warn({ err, memberId }, 'fence alert delivery failed');
    }
  }
  return claimed.length;
}

function eventRows(db: Db, where: SQL | undefined) {
  return db
    .select({ e: fenceEvents, fenceName: vehicleFences.name, plateNumber: vehicleSubscriptions.plateNumber })
    .from(fenceEvents)
    .innerJoin(vehicleFences, eq(vehicleFences.id, fenceEvents.fenceId))
    .innerJoin(vehicleSubscriptions, eq(vehicleSubscriptions.id, fenceEvents.subscriptionId))
    .where(where);
}

export function eventView(r: { e: typeof fenceEvents.$inferSelect; fenceName: string; plateNumber: string }): FenceEventView {
  const kind = r.e.kind === 'in' ? 'in' : 'out';
  return {
    id: r.e.id,
    fenceId: r.e.fenceId,
    fenceName: r.fenceName,
    subscriptionId: r.e.subscriptionId,
    plateNumber: r.plateNumber,
    kind,
    kindLabel: FENCE_EVENT_LABEL[kind],
    at: chinaClock(r.e.at),
    lon: r.e.lon,
    lat: r.e.lat,
    address: r.e.address,
    alerted: r.e.alerted,
  };
}

/** The stored events of one vehicle in a window, of some fences (a track's answer). */
export async function vehicleEvents(
  db: Db,
  memberId: number,
  subscriptionId: number,
  fenceIds: number[],
  startTime: string,
  endTime: string,
): Promise<FenceEventView[]> {
  if (fenceIds.length === 0) return [];
  const rows = await eventRows(
    db,
    and(
      eq(fenceEvents.memberId, memberId),
      eq(fenceEvents.subscriptionId, subscriptionId),
      inArray(fenceEvents.fenceId, fenceIds),
      gte(fenceEvents.at, new Date(clockMs(startTime))),
      lte(fenceEvents.at, new Date(clockMs(endTime))),
    ),
  ).orderBy(asc(fenceEvents.at), asc(fenceEvents.id));
  return rows.map(eventView);
}

export interface EventFilter {
  startTime: string;
  endTime: string;
  fenceId?: number | undefined;
  subscriptionId?: number | undefined;
}

export function eventsWhere(account: Account, f: EventFilter): SQL | undefined {
  return and(
    eq(fenceEvents.memberId, account.memberId),
    gte(fenceEvents.at, new Date(clockMs(f.startTime))),
    lte(fenceEvents.at, new Date(clockMs(f.endTime))),
    f.fenceId ? eq(fenceEvents.fenceId, f.fenceId) : undefined,
    f.subscriptionId ? eq(fenceEvents.subscriptionId, f.subscriptionId) : undefined,
  );
}

/** A fence or vehicle named in the filters must be the account's own: a stranger's reads as missing. */
async function ownFilters(db: Db, account: Account, f: EventFilter): Promise<void> {
  if (f.fenceId) await ownFence(db, account, f.fenceId);
  if (f.subscriptionId) await ownSubscription(db, account, f.subscriptionId);
}

export async function listEvents(
  db: Db,
  account: Account,
  f: EventFilter & { pageNum: number; pageSize: number },
): Promise<{ rows: FenceEventView[]; total: number }> {
  await ownFilters(db, account, f);
  const where = eventsWhere(account, f);
  const [rows, [total]] = await Promise.all([
    eventRows(db, where).orderBy(desc(fenceEvents.at), desc(fenceEvents.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(fenceEvents).where(where),
  ]);
  return { rows: rows.map(eventView), total: total?.n ?? 0 };
}

const EVENT_EXPORT_COLUMNS = ['围栏', '车牌号', '进出', '时间', '经度', '纬度', '位置', '已提醒'];

export async function exportEvents(db: Db, account: Account, f: EventFilter): Promise<Buffer> {
  await ownFilters(db, account, f);
  const where = eventsWhere(account, f);
  const [total] = await db.select({ n: count() }).from(fenceEvents).where(where);
  if ((total?.n ?? 0) > TRANSPORT_LIMITS.exportMax) throw new Invalid(TRANSPORT_MSG.exportTooMany);
  const rows = await eventRows(db, where).orderBy(desc(fenceEvents.at), desc(fenceEvents.id));
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet(EXCEL_EXPORT.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EVENT_EXPORT_COLUMNS.map((header, i) => ({ header, width: [20, 12, 8, 20, 12, 12, 36, 8][i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const v = eventView(r);
    sheet.addRow([v.fenceName, v.plateNumber, v.kindLabel, v.at, v.lon, v.lat, v.address, v.alerted ? '是' : '否']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
