// 车辆轨迹 (issue #22): one real call of 9867 车辆轨迹查询 for a running subscription's window,
// answered as parallel columns with its stops, statistics and the entries and exits of the
// vehicle's fences (stored, so a second look finds the same events and adds none); the H5 share
// of a track (its token shown once, only its hash kept); and the fence check of
// fenceInOutQuery, which asks the track of each bound vehicle.
import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  chinaClock,
  clockMs,
  dayMs,
  type FenceEventsInput,
  type FenceEventView,
  findStops,
  type SharedTrack,
  type Track,
  type TrackInput,
  type TrackShare,
  type TrackShareInput,
  type TrackStop,
  TRANSPORT_LIMITS,
  TRANSPORT_MSG,
  trackSharePath,
  trackSummary,
  VEHICLE_INTERFACES,
} from '@apimarket/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fenceVehicles, members, trackShares, vehicleFences, vehicleSubscriptions } from '../../db/schema';
import { loadExcel } from '../../files';
import { Invalid, NotFound } from '../../http/errors';
import type { Notifier } from '../../notify';
import { type Account, accountOf } from '../account/access';
import { type AlertDeps, fencesOfVehicle, ownFence, placeText, storeCrossings, vehicleEvents } from './fences.service';
import { activeSubscription, type CallCtx, ownSubscription, statusOf } from './subscriptions.service';
import { answerProblem, callForVehicle, pointsOf, RANGE_CODE, type RawPoint, targetFor, type VehicleTarget } from './vehicle-calls';

type SubscriptionRow = typeof vehicleSubscriptions.$inferSelect;

export interface TrackCtx extends CallCtx {
  notifier: Notifier;
}

const alertDeps = (ctx: TrackCtx): AlertDeps => ({ db: ctx.db, notifier: ctx.notifier, logger: ctx.gateway.logger });

/**
 * The window a subscription allows: not starting in the future, within its period (China days,
 * both included). An end still ahead is asked up to now: the interface has nothing later.
 */
export function windowFor(
  sub: Pick<SubscriptionRow, 'startDate' | 'endDate'>,
  startTime: string,
  endTime: string,
  now = Date.now(),
): { startTime: string; endTime: string } | string {
  const [s, e] = [clockMs(startTime), clockMs(endTime)];
  if (s > now) return TRANSPORT_MSG.futureTime;
  if (s < dayMs(sub.startDate) || e > dayMs(sub.endDate) + 86_400_000) return TRANSPORT_MSG.outsideSubscription;
  return { startTime, endTime: e > now ? chinaClock(new Date(now)) : endTime };
}

/**
 * A fence check's window for one vehicle: the asked window cut to the vehicle's period and to now.
 * A check covers every bound vehicle at once, so a vehicle subscribed yesterday is asked from its
 * first day rather than refused for the part of the window before it; only a vehicle with nothing
 * left is skipped. (A trajectory, asked for one vehicle, keeps windowFor's refusal.)
 */
export function checkWindowFor(
  sub: Pick<SubscriptionRow, 'startDate' | 'endDate'>,
  startTime: string,
  endTime: string,
  now = Date.now(),
): { startTime: string; endTime: string } | string {
  if (clockMs(startTime) > now) return TRANSPORT_MSG.futureTime;
  const from = Math.max(clockMs(startTime), dayMs(sub.startDate));
  const to = Math.min(clockMs(endTime), dayMs(sub.endDate) + 86_400_000, now);
  if (!(to > from)) return TRANSPORT_MSG.outsideSubscription;
  return { startTime: chinaClock(new Date(from)), endTime: chinaClock(new Date(to)) };
}

/** A track as columns: t in whole seconds from the window's start. */
export function columnsOf(points: readonly RawPoint[], startMs: number): { t: number[]; lon: number[]; lat: number[]; speed: number[]; direction: number[] } {
  return {
    t: points.map((p) => Math.round((p.at - startMs) / 1000)),
    lon: points.map((p) => p.lon),
    lat: points.map((p) => p.lat),
    speed: points.map((p) => p.speed),
    direction: points.map((p) => p.direction),
  };
}

type Asked = { points: RawPoint[]; charged: boolean; problem: '' } | { points: null; charged: boolean; problem: string };

/** One 9867 call for a vehicle's window; the points within it, or why there are none. */
async function askTrack(ctx: CallCtx, target: VehicleTarget, sub: SubscriptionRow, startTime: string, endTime: string): Promise<Asked> {
  const a = await callForVehicle(ctx.gateway, target, sub, ctx.ip, { startTime, endTime });
  if (a.code !== '10000') return { points: null, charged: a.charged, problem: a.code === RANGE_CODE ? TRANSPORT_MSG.rangeTooLong : answerProblem(a) };
  const [from, to] = [clockMs(startTime), clockMs(endTime)];
  return { points: pointsOf(a.data).filter((p) => p.at >= from && p.at <= to), charged: a.charged, problem: '' };
}

async function trajectoryTarget(db: Db, account: Account): Promise<VehicleTarget> {
  const target = await targetFor(db, account, VEHICLE_INTERFACES.trajectory);
  if (!target?.usable) throw new Invalid(TRANSPORT_MSG.needTrajectory);
  return target;
}

/**
 * subscribeCarInfo/trajectoryData (and the share's snapshot): the track of a running
 * subscription's window. Refusals come before the call; an answer without a track (the vehicle
 * not on the platform) is refused after it, as the interface answered.
 */
export async function vehicleTrack(ctx: TrackCtx, account: Account, input: TrackInput): Promise<Track> {
  const { db } = ctx;
  const sub = await activeSubscription(db, account, input.id);
  const window = windowFor(sub, input.startTime, input.endTime);
  if (typeof window === 'string') throw new Invalid(window);
  const target = await trajectoryTarget(db, account);
  const asked = await askTrack(ctx, target, sub, window.startTime, window.endTime);
  if (asked.points === null) throw new Invalid(asked.problem);
  const { points } = asked;
  const startMs = clockMs(input.startTime);
  const cols = columnsOf(points, startMs);
  const stops: TrackStop[] = findStops(cols, input.stopMinutes).flatMap((s) => {
    const [a, b] = [points[s.from], points[s.to]];
    return a && b ? [{ start: a.gpsTime, end: b.gpsTime, minutes: s.minutes, lon: a.lon, lat: a.lat, address: placeText(sub, a.lon, a.lat) }] : [];
  });
  const summary = trackSummary(cols);
  const fences = await fencesOfVehicle(db, account.memberId, sub.id);
  let fenceEvents: FenceEventView[] = [];
  if (fences.length > 0) {
    if (points.length > 1) await storeCrossings(alertDeps(ctx), sub, fences, points, cols);
    fenceEvents = await vehicleEvents(
      db,
      account.memberId,
      sub.id,
      fences.map((f) => f.id),
      window.startTime,
      window.endTime,
    );
  }
  return {
    subscriptionId: sub.id,
    plateNumber: sub.plateNumber,
    plateColor: sub.plateColor,
    startTime: input.startTime,
    endTime: input.endTime,
    points: cols,
    stops,
    stats: {
      points: points.length,
      mileageKm: summary.mileageKm,
      averageSpeed: summary.averageSpeed,
      topSpeed: summary.topSpeed,
      movingMinutes: Math.round(summary.movingMinutes),
      stoppedMinutes: Math.round(summary.stoppedMinutes),
    },
    fenceEvents,
    charged: asked.charged,
  };
}

const TRACK_EXPORT_COLUMNS = ['定位时间', '经度', '纬度', '速度（km/h）', '方向（度）'];

/**
 * The points of a track as a sheet (the columns turned back into rows, times as the interface
 * gave them). Not held to the lists' exportMax: the track was asked (and charged) before its
 * points could be counted, so a dense one must not be refused after the charge. Written as a
 * stream (72 h at one point a second is 259 200 rows; an xlsx sheet holds 1 048 575).
 */
export async function trackSheet(track: Track): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const book = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = '数据API市场';
  const sheet = book.addWorksheet(`${track.plateNumber}轨迹`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = TRACK_EXPORT_COLUMNS.map((header, i) => ({ header, width: [20, 12, 12, 12, 10][i] ?? 12 }));
  sheet.getRow(1).font = { bold: true };
  const startMs = clockMs(track.startTime);
  const { t, lon, lat, speed, direction } = track.points;
  const rows = Math.min(t.length, XLSX_MAX_ROWS - 1);
  for (let i = 0; i < rows; i++) sheet.addRow([chinaClock(new Date(startMs + (t[i] ?? 0) * 1000)), lon[i], lat[i], speed[i], direction[i]]).commit();
  sheet.commit();
  await book.commit();
  await done;
  return Buffer.concat(chunks);
}

/** Rows of one xlsx sheet, its header included. */
const XLSX_MAX_ROWS = 1_048_576;

// ── Shares ──────────────────────────────────────────────────────────────────────────────────
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** UserCenter/vehicleTrajectoryH5: the track asked now, kept as a snapshot behind a token shown once. */
export async function shareTrack(ctx: TrackCtx, account: Account, input: TrackInput): Promise<TrackShare> {
  const track = await vehicleTrack(ctx, account, input);
  const { subscriptionId, charged: _charged, fenceEvents: _events, ...snapshot } = track;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TRANSPORT_LIMITS.shareHours * 3_600_000);
  await ctx.db.insert(trackShares).values({ memberId: account.memberId, subscriptionId, tokenHash: hashToken(token), snapshot, expiresAt });
  return { token, path: trackSharePath(token), expiresAt: expiresAt.toISOString() };
}

/** UserCenter/vehicleTrajectoryH5Page: the snapshot by its token; an unknown token and an expired one read the same. */
export async function sharedTrack(db: Db, { shareToken }: TrackShareInput): Promise<SharedTrack> {
  const [row] = await db
    .select({ snapshot: trackShares.snapshot, expiresAt: trackShares.expiresAt })
    .from(trackShares)
    .where(and(eq(trackShares.tokenHash, hashToken(shareToken)), gt(trackShares.expiresAt, sql`now()`)));
  if (!row) throw new NotFound(TRANSPORT_MSG.shareMissing);
  return { ...(row.snapshot as Omit<SharedTrack, 'expiresAt'>), expiresAt: row.expiresAt.toISOString() };
}

// ── Fence check (fenceInOutQuery check=1, and the monitor) ──────────────────────────────────
export type FenceCheck = z.infer<typeof import('@apimarket/contracts').FenceCheckSummary>;
export const noCheck = (): FenceCheck => ({ tracks: 0, charged: 0, found: 0, problems: [] });

/**
 * The tracks of the vehicles bound to the fence (or to all the account's fences) in the window,
 * one 9867 call per vehicle, and their entries and exits stored. A vehicle not running or whose
 * period misses the window is listed with why, and not asked.
 */
export async function checkFences(
  ctx: TrackCtx,
  account: Account,
  f: Pick<FenceEventsInput, 'startTime' | 'endTime' | 'fenceId' | 'subscriptionId'>,
): Promise<FenceCheck> {
  const { db } = ctx;
  if (clockMs(f.startTime) > Date.now()) throw new Invalid(TRANSPORT_MSG.futureTime);
  const fenceIds = f.fenceId
    ? [(await ownFence(db, account, f.fenceId)).id]
    : (await db.select({ id: vehicleFences.id }).from(vehicleFences).where(eq(vehicleFences.memberId, account.memberId))).map((r) => r.id);
  if (f.subscriptionId) await ownSubscription(db, account, f.subscriptionId);
  return checkFenceSet(ctx, account, fenceIds, f);
}

async function checkFenceSet(
  ctx: TrackCtx,
  account: Account,
  fenceIds: number[],
  f: Pick<FenceEventsInput, 'startTime' | 'endTime' | 'subscriptionId'>,
): Promise<FenceCheck> {
  const { db } = ctx;
  if (fenceIds.length === 0) return noCheck();
  const bound = await db
    .selectDistinct({ id: fenceVehicles.subscriptionId })
    .from(fenceVehicles)
    .where(and(inArray(fenceVehicles.fenceId, fenceIds), f.subscriptionId ? eq(fenceVehicles.subscriptionId, f.subscriptionId) : undefined));
  if (bound.length === 0) return noCheck();
  const subs = await db
    .select()
    .from(vehicleSubscriptions)
    .where(
      and(
        eq(vehicleSubscriptions.memberId, account.memberId),
        inArray(
          vehicleSubscriptions.id,
          bound.map((b) => b.id),
        ),
      ),
    )
    .orderBy(vehicleSubscriptions.id);
  const summary: FenceCheck = { tracks: 0, charged: 0, found: 0, problems: [] };
  let target: VehicleTarget | null = null;
  for (const sub of subs) {
    if (statusOf(sub) !== 'active') {
      summary.problems.push({ plateNumber: sub.plateNumber, message: TRANSPORT_MSG.notActive });
      continue;
    }
    const window = checkWindowFor(sub, f.startTime, f.endTime);
    if (typeof window === 'string') {
      summary.problems.push({ plateNumber: sub.plateNumber, message: window });
      continue;
    }
    target ??= await trajectoryTarget(db, account);
    const asked = await askTrack(ctx, target, sub, window.startTime, window.endTime);
    summary.tracks += 1;
    if (asked.charged) summary.charged += 1;
    if (asked.points === null) {
      summary.problems.push({ plateNumber: sub.plateNumber, message: asked.problem });
      continue;
    }
    const fences = await fencesOfVehicle(db, account.memberId, sub.id, fenceIds);
    if (asked.points.length > 1)
      summary.found += await storeCrossings(alertDeps(ctx), sub, fences, asked.points, columnsOf(asked.points, clockMs(window.startTime)));
  }
  return summary;
}

/**
 * The fence monitor (transport.jobs.ts runs it every hour, Decision 199): for every
 * account with a fence whose alert is on, the bound running vehicles' last `minutes` are checked
 * as fenceInOutQuery check=1 does (one charged 9867 call per vehicle), so entries and exits are
 * told without anybody opening the screen. Answers what it found.
 */
export async function monitorAlertFences(
  ctx: Omit<TrackCtx, 'ip'>,
  minutes = 60,
  now = Date.now(),
): Promise<{ accounts: number; tracks: number; found: number }> {
  const owners = await ctx.db
    .selectDistinct({ memberId: vehicleFences.memberId, parentId: members.parentId })
    .from(vehicleFences)
    .innerJoin(members, eq(members.id, vehicleFences.memberId))
    .where(eq(vehicleFences.alert, true));
  const window = { startTime: chinaClock(new Date(now - minutes * 60_000)), endTime: chinaClock(new Date(now)) };
  let [tracks, found] = [0, 0];
  for (const o of owners) {
    // The fence's owner as the services see an account: no session, the checks run as the job.
    const account = accountOf({ sessionId: '', memberId: o.memberId, loginName: '', parentId: o.parentId });
    const alertFenceIds = (
      await ctx.db
        .select({ id: vehicleFences.id })
        .from(vehicleFences)
        .where(and(eq(vehicleFences.memberId, o.memberId), eq(vehicleFences.alert, true)))
    ).map((r) => r.id);
    try {
      // All the account's alert fences at once: a vehicle bound to several is asked once.
      const s = await checkFenceSet({ ...ctx, ip: '127.0.0.1' }, account, alertFenceIds, { ...window, subscriptionId: undefined });
      tracks += s.tracks;
      found += s.found;
    } catch (err) {
      ctx.gateway.logger.warn({ err, memberId: o.memberId }, 'fence monitor check failed');
    }
  }
  return { accounts: owners.length, tracks, found };
}
