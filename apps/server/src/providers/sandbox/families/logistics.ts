// Logistics (category 9): where a truck is and has been. Positions, tracks, stops, arrivals and
// driving totals of a plate come from the sandbox fleet (../fleet): each plate's truck drives real
// roads between cities on a schedule that is a pure function of plate, colour and time, so every
// interface tells the same story and the latest position is where the truck is now. The rest
// (waybill fit, arrival estimate) lies on the plate's home → destination trip; certificates and
// the driver's checks get verdicts.
import { distanceMetres, findStops, type LonLat, prepareFence, type TrackColumns } from '@apimarket/contracts';
import type { Ctx, Family } from '../context';
import { type Draw, drawFor, round } from '../draw';
import { addressOf, chinaClock, drivingBetween, type FleetTrack, instantOfWall, positionAt, trackOf } from '../fleet';
import { arr, isObject, type Json, num, put, putAll, str } from '../json';
import { cityFull, SANDBOX_TODAY } from '../tables';
import { personVerdict, putVerdict, verdict } from './common';
import { destination, distanceKm, movePlaces, origin, type Place, placeSwaps, SANDBOX_NOW_MS, vehicleKey, wallTime } from './geo';
import { queryWindow } from './insurance';
import { isFixtureVehicle, isOffline, vehicleDraw, vehicleOutcome } from './vehicle';

/** Roads are longer than the great circle. */
const ROAD_FACTOR = 1.22;

export const logisticsFamily: Family = {
  name: 'logistics',
  outcome: vehicleOutcome,
  swaps: (ctx) => (ctx.param('plateNumber') ? placeSwaps(ctx) : []),
  // A latest position (9694) is where the truck is now, whichever plate is asked.
  live: (ctx) => Boolean(ctx.param('plateNumber')) && str(ctx.sample, 'gpsTime') !== undefined && num(ctx.sample, 'lon') !== undefined,
  fill(ctx, data) {
    // The vehicle's own draw places it; the interface's draw varies the rest.
    const v = vehicleDraw(ctx);
    const d = v.child(String(ctx.spec.id));
    if (ctx.param('plateNumber')) movePlaces(data, origin(ctx), destination(ctx));
    fillPosition(ctx, data, origin(ctx), v);
    fillTrack(ctx, data);
    fillStops(ctx, data);
    fillArrival(ctx, data);
    fillMileage(ctx, data);
    fillWaybill(ctx, data, d);
    fillEta(ctx, data, v);
    fillRegistration(ctx, data, d);
    fillCertificates(ctx, data);
  },
};

const near = (p: Place, d: Draw, label: string) => ({
  lon: round(p.lon + d.num(`${label}x`, -0.06, 0.06, 6), 6),
  lat: round(p.lat + d.num(`${label}y`, -0.05, 0.05, 6), 6),
});
const addressNear = (p: Place, what: string) => `${cityFull(p.city)}${p.city.district}${what}附近`;

/** The plate and colour of the subject truck, or null for interfaces not about one. */
function truckOf(ctx: Ctx): { plate: string; color: string } | null {
  const plate = ctx.param('plateNumber');
  return plate ? { plate, color: ctx.param('plateColor') ?? '' } : null;
}

/** Latest position (9694): the fleet's report of the 30 s the call falls in. */
function fillPosition(ctx: Ctx, data: Json, home: Place, d: Draw): void {
  if (str(data, 'gpsTime') === undefined || num(data, 'lon') === undefined) return;
  const truck = truckOf(ctx);
  if (truck) {
    const r = positionAt(truck.plate, truck.color, ctx.now);
    putAll(data, { lon: r.lon, lat: r.lat, address: addressOf(r), speed: r.speed, direction: r.direction, gpsTime: chinaClock(r.at) });
    return;
  }
  const moving = d.chance('moving', 0.75);
  putAll(data, {
    ...near(home, d, 'pos'),
    address: addressNear(home, '示例大道'),
    speed: moving ? d.num('speed', 35, 92, 1) : 0,
    direction: d.int('direction', 0, 359),
    gpsTime: wallTime(SANDBOX_NOW_MS - d.int('age', 0, 20) * 60_000),
  });
}

/** The fleet's reports inside the query window, its end clipped to now; null without a window or a plate. */
function windowTrack(ctx: Ctx): FleetTrack | null {
  const window = queryWindow(ctx);
  const truck = truckOf(ctx);
  if (!window || !truck) return null;
  const from = instantOfWall(window.start);
  const to = Math.min(instantOfWall(window.end), ctx.now);
  return trackOf(truck.plate, truck.color, from, to);
}

const columns = (t: FleetTrack): TrackColumns => ({ t: t.at.map((at) => (at - (t.at[0] ?? 0)) / 1000), lon: t.lon, lat: t.lat, speed: t.speed });

/** Track (9867): every 30 s report of the window up to now, with the kilometres they make. */
function fillTrack(ctx: Ctx, data: Json): void {
  const model = arr(ctx.sample, 'points')?.[0];
  if (!isObject(model)) return;
  const track = windowTrack(ctx);
  if (!track) return;
  const points: Json[] = new Array(track.at.length);
  let metres = 0;
  for (let i = 0; i < track.at.length; i++) {
    const [lon, lat] = [track.lon[i] as number, track.lat[i] as number];
    // A parked truck's drift is not mileage: only a step with speed at either end adds distance.
    const moved = i > 0 && ((track.speed[i - 1] as number) > 0 || (track.speed[i] as number) > 0);
    if (moved) metres += distanceMetres([track.lon[i - 1] as number, track.lat[i - 1] as number], [lon, lat]);
    points[i] = { ...model, lon, lat, speed: track.speed[i] as number, direction: track.direction[i] as number, gpsTime: chinaClock(track.at[i] as number) };
  }
  putAll(data, { points, total: points.length, mileage: round(metres / 1000, 1) });
}

/** Stops (9878): the track's stretches standing still for at least minMinutes, where and when. */
function fillStops(ctx: Ctx, data: Json): void {
  const model = arr(ctx.sample, 'stops')?.[0];
  if (!isObject(model)) return;
  const track = windowTrack(ctx);
  const truck = truckOf(ctx);
  if (!track || !truck) return;
  const asked = Number(ctx.param('minMinutes') ?? 10);
  const min = Number.isFinite(asked) ? Math.max(asked, 1) : 10;
  const stops = findStops(columns(track), min).map((stop): Json => {
    const at = track.at[stop.from] as number;
    return {
      ...model,
      lon: track.lon[stop.from] as number,
      lat: track.lat[stop.from] as number,
      address: addressOf(positionAt(truck.plate, truck.color, at)),
      start: chinaClock(at),
      end: chinaClock(track.at[stop.to] as number),
      minutes: stop.minutes,
    };
  });
  putAll(data, { stops, total: stops.length });
}

/** Fence arrival (9874): the first report inside the circle, and the minutes of reports inside it. */
function fillArrival(ctx: Ctx, data: Json): void {
  if (str(data, 'firstArriveTime') === undefined) return;
  const track = windowTrack(ctx);
  const [lon, lat, radius] = ['lon', 'lat', 'radius'].map((k) => Number(ctx.param(k)));
  if (!track || !Number.isFinite(lon) || !Number.isFinite(lat) || !Number.isFinite(radius)) return;
  const fence = prepareFence({ shape: 'circle', center: [lon, lat] as LonLat, radius: radius as number });
  let first = -1;
  let inside = 0;
  for (let i = 0; i < track.at.length; i++) {
    if (!fence.contains(track.lon[i] as number, track.lat[i] as number)) continue;
    if (first < 0) first = i;
    inside++;
  }
  const arrived = first >= 0;
  putAll(data, { arrived, firstArriveTime: arrived ? chinaClock(track.at[first] as number) : '', stayMinutes: Math.round(inside / 2) });
}

/** Mileage statistics (9875): kilometres along the road, minutes moving and days with driving, up to now. */
function fillMileage(ctx: Ctx, data: Json): void {
  if (num(data, 'drivingMinutes') === undefined || num(data, 'activeDays') === undefined) return;
  const window = queryWindow(ctx);
  const truck = truckOf(ctx);
  if (!window || !truck) return;
  const totals = drivingBetween(truck.plate, truck.color, instantOfWall(window.start), Math.min(instantOfWall(window.end), ctx.now));
  putAll(data, { mileage: round(totals.metres / 1000, 1), drivingMinutes: totals.drivingMinutes, activeDays: totals.activeDays });
}

/** Waybill check (9879): the track's fit to the declared loading and unloading points. */
function fillWaybill(ctx: Ctx, data: Json, d: Draw): void {
  if (num(data, 'matchScore') === undefined) return;
  const score = d.chance('genuine', 0.85) ? d.int('score', 82, 99) : d.int('score', 20, 69);
  const km = distanceKm(origin(ctx), destination(ctx)) * ROAD_FACTOR;
  putAll(data, {
    matchScore: score,
    loadMatched: score >= 60,
    unloadMatched: score >= 80,
    mileage: round(km * (score >= 80 ? 1 : d.num('detour', 0.3, 0.8, 2)), 1),
  });
}

/** Arrival estimate (9882): from the latest position to the target at truck speed. */
function fillEta(ctx: Ctx, data: Json, d: Draw): void {
  if (num(data, 'remainingKm') === undefined) return;
  const here = near(origin(ctx), d, 'pos');
  const km = round(distanceKm(here, destination(ctx)) * ROAD_FACTOR, 1);
  const minutes = Math.round((km / d.num('speed', 62, 75, 1)) * 60);
  const gps = SANDBOX_NOW_MS - d.int('age', 0, 20) * 60_000;
  putAll(data, { remainingKm: km, remainingMinutes: minutes, eta: wallTime(gps + minutes * 60_000, false), gpsTime: wallTime(gps) });
}

/** Platform registration (9873): the same vehicles that answer 10011 elsewhere are not on it. */
function fillRegistration(ctx: Ctx, data: Json, d: Draw): void {
  if (str(data, 'lastGpsTime') === undefined) return;
  const registered = !isOffline(ctx);
  const online = registered && d.chance('online', 0.9);
  const last = SANDBOX_NOW_MS - (online ? d.int('fresh', 0, 30) : d.int('stale', 26 * 60, 20 * 1440)) * 60_000;
  putAll(data, { registered, online, lastGpsTime: registered ? wallTime(last) : '' });
}

/** Certificates (9866, 9872, 9876) and the driver-and-vehicle admission check (9877). */
function fillCertificates(ctx: Ctx, data: Json): void {
  const idcard = ctx.param('idcard');
  if (str(data, 'identity') !== undefined) {
    fillAdmission(ctx, data, idcard);
    return;
  }
  if (str(data, 'result') === undefined) return;
  const key = idcard ?? ctx.param('licenseNo') ?? vehicleKey(ctx);
  const result = idcard
    ? personVerdict(idcard, ctx.param('name'))
    : isFixtureVehicle(ctx)
      ? '1'
      : verdict(drawFor(['certificate', key]), 'verdict', 0.88, 0.08);
  putVerdict(ctx, data, result);
  const d = drawFor(['certificate', key]);
  // A valid certificate runs into the future; an invalid one has lapsed.
  const validTo = result === '1' ? d.int('future', 120, 1500) : -d.int('past', 10, 400);
  put(data, 'validTo', new Date(SANDBOX_TODAY.getTime() + validTo * 86_400_000).toISOString().slice(0, 10));
  put(data, 'operateStatus', result === '1' ? '营运' : d.pick('status', ['停运', '注销', '转出']));
}

function fillAdmission(ctx: Ctx, data: Json, idcard: string | undefined): void {
  const d = drawFor(['admission', idcard ?? '', vehicleKey(ctx)]);
  const identity = personVerdict(idcard, ctx.param('name'));
  const sub = (label: string) => (d.chance(label, 0.92) ? '1' : d.pick(`${label}:no`, ['2', '3']));
  const checks = { identity, drivingLicense: sub('licence'), qualification: sub('qualification'), transportCert: isFixtureVehicle(ctx) ? '1' : sub('cert') };
  putAll(data, { ...checks, passed: Object.values(checks).every((v) => v === '1') });
}
