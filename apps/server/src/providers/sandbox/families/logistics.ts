// Logistics (category 9): where a truck is and has been. Each plate has a home city and a
// destination (the caller's coordinates when given); positions, tracks, stops and arrivals lie
// on that trip inside the query window; certificates and the driver's checks get verdicts.
import type { Ctx, Family } from '../context';
import { type Draw, drawFor, round } from '../draw';
import { arr, isObject, type Json, num, put, putAll, str } from '../json';
import { cityFull, SANDBOX_TODAY } from '../tables';
import { personVerdict, putVerdict, verdict } from './common';
import { bearing, destination, distanceKm, movePlaces, origin, type Place, placeSwaps, SANDBOX_NOW_MS, vehicleKey, wallTime } from './geo';
import { queryWindow } from './insurance';
import { isFixtureVehicle, isOffline, vehicleDraw, vehicleOutcome } from './vehicle';

/** Roads are longer than the great circle. */
const ROAD_FACTOR = 1.22;

export const logisticsFamily: Family = {
  name: 'logistics',
  outcome: vehicleOutcome,
  swaps: (ctx) => (ctx.param('plateNumber') ? placeSwaps(ctx) : []),
  fill(ctx, data) {
    // The vehicle's own draw places it; the interface's draw varies the rest.
    const v = vehicleDraw(ctx);
    const d = v.child(String(ctx.spec.id));
    if (ctx.param('plateNumber')) movePlaces(data, origin(ctx), destination(ctx));
    fillPosition(data, origin(ctx), v);
    fillTrack(ctx, data, d);
    fillStops(ctx, data, d);
    fillArrival(ctx, data, d);
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

/** Latest position (9694): near home, reported a few minutes before the sandbox's now. */
function fillPosition(data: Json, home: Place, d: Draw): void {
  if (str(data, 'gpsTime') === undefined || num(data, 'lon') === undefined) return;
  const moving = d.chance('moving', 0.75);
  putAll(data, {
    ...near(home, d, 'pos'),
    address: addressNear(home, '示例大道'),
    speed: moving ? d.num('speed', 35, 92, 1) : 0,
    direction: d.int('direction', 0, 359),
    gpsTime: wallTime(SANDBOX_NOW_MS - d.int('age', 0, 20) * 60_000),
  });
}

/** Track (9867): points along the trip, evenly through the window, with the mileage they make. */
function fillTrack(ctx: Ctx, data: Json, d: Draw): void {
  const model = arr(ctx.sample, 'points')?.[0];
  const window = queryWindow(ctx);
  if (!isObject(model) || !window) return;
  const [from, to] = [origin(ctx), destination(ctx)];
  const count = d.int('points', 4, 9);
  const heading = bearing(from, to);
  const points = Array.from({ length: count }, (_, i): Json => {
    const f = i / (count - 1);
    const at = window.start + ((window.end - window.start) * (i + 0.5)) / count;
    const pos = {
      lon: from.lon + (to.lon - from.lon) * f + d.num(`jx${i}`, -0.02, 0.02, 6),
      lat: from.lat + (to.lat - from.lat) * f + d.num(`jy${i}`, -0.02, 0.02, 6),
    };
    const moving = i > 0 && i < count - 1;
    return {
      ...model,
      lon: round(pos.lon, 6),
      lat: round(pos.lat, 6),
      speed: moving ? d.num(`v${i}`, 52, 86, 1) : 0,
      direction: moving ? heading : 0,
      gpsTime: wallTime(at),
    };
  });
  putAll(data, { points, mileage: round(pathKm(points) * ROAD_FACTOR, 1) });
}

function pathKm(points: Json[]): number {
  let km = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    km += distanceKm({ lon: num(a, 'lon') ?? 0, lat: num(a, 'lat') ?? 0 }, { lon: num(b, 'lon') ?? 0, lat: num(b, 'lat') ?? 0 });
  }
  return km;
}

/** Stops (9878): 0–3 stops of at least minMinutes, at either end of the trip. */
function fillStops(ctx: Ctx, data: Json, d: Draw): void {
  const model = arr(ctx.sample, 'stops')?.[0];
  const window = queryWindow(ctx);
  if (!isObject(model) || !window) return;
  const min = Math.max(Number(ctx.param('minMinutes') ?? 10), 1);
  const count = Math.min(d.pick('stops', [0, 1, 1, 2, 3]), Math.floor((window.end - window.start) / (4 * 3_600_000)));
  const places = [origin(ctx), destination(ctx)];
  const stops = Array.from({ length: count }, (_, i): Json => {
    const place = places[i % 2] ?? origin(ctx);
    const minutes = d.int(`m${i}`, min, Math.max(min, 180));
    const start = window.start + ((window.end - window.start - minutes * 60_000) * (i + d.unit(`at${i}`))) / count;
    return {
      ...model,
      ...near(place, d, `s${i}`),
      address: addressNear(place, '示例物流园'),
      start: wallTime(start),
      end: wallTime(start + minutes * 60_000),
      minutes,
    };
  });
  put(data, 'stops', stops);
}

/** Fence arrival (9874): most trucks reach the fence; the time lies in the window. */
function fillArrival(ctx: Ctx, data: Json, d: Draw): void {
  const window = queryWindow(ctx);
  if (str(data, 'firstArriveTime') === undefined || !window) return;
  const arrived = d.chance('arrived', 0.75);
  const at = window.start + d.num('arriveAt', 0.1, 0.9, 4) * (window.end - window.start);
  putAll(data, { arrived, firstArriveTime: arrived ? wallTime(at) : '', stayMinutes: arrived ? d.int('stay', 8, 240) : 0 });
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
