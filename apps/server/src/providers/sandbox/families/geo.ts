// Places for vehicle answers: each plate has a home city, a trip has a destination (the
// caller's coordinates when given), and the samples' Hangzhou → Hefei trip is moved onto them,
// names and coordinates alike. Coordinates are GCJ-02 inside mainland China.
import type { Ctx } from '../context';
import { drawFor, round } from '../draw';
import { isObject, type Json } from '../json';
import { CITIES, type City, cityFull, SANDBOX_NOW, shortName } from '../tables';

export interface Place {
  city: City;
  lon: number;
  lat: number;
}

/** Where the catalogue's samples start and end (杭州滨江, 合肥蜀山). */
const SAMPLE_FROM = { lon: 120.212537, lat: 30.208941 };
const SAMPLE_TO = { lon: 117.227239, lat: 31.820586 };
const SAMPLE_FROM_CITY = '杭州';
const SAMPLE_TO_CITY = '合肥';

const cityPlace = (city: City): Place => ({ city, lon: city.lon, lat: city.lat });

export function nearestCity(lon: number, lat: number): City {
  let best = CITIES[0];
  for (const c of CITIES) if (best === undefined || distanceKm(c, { lon, lat }) < distanceKm(best, { lon, lat })) best = c;
  if (!best) throw new RangeError('no cities');
  return best;
}

function pointParam(ctx: Ctx, lonKey: string, latKey: string): Place | null {
  const lon = Number(ctx.param(lonKey));
  const lat = Number(ctx.param(latKey));
  if (!ctx.param(lonKey) || !ctx.param(latKey) || !Number.isFinite(lon) || !Number.isFinite(lat)) return null;
  return { city: nearestCity(lon, lat), lon, lat };
}

/** The subject vehicle's key: its plate, else its VIN. */
export const vehicleKey = (ctx: Ctx) => ctx.param('plateNumber') ?? ctx.param('vin') ?? ctx.param('companyName') ?? '';

/** Where the vehicle's trips start: the loading point when given, else its home city. */
export function origin(ctx: Ctx): Place {
  return pointParam(ctx, 'loadLon', 'loadLat') ?? cityPlace(drawFor(['home', vehicleKey(ctx)]).pick('city', CITIES));
}

/** Where they end: the caller's target, else one of the five cities nearest to the origin. */
export function destination(ctx: Ctx): Place {
  const given = pointParam(ctx, 'unloadLon', 'unloadLat') ?? pointParam(ctx, 'lon', 'lat');
  if (given) return given;
  const from = origin(ctx).city;
  const nearby = CITIES.filter((c) => c.name !== from.name)
    .sort((a, b) => distanceKm(from, a) - distanceKm(from, b))
    .slice(0, 5);
  return cityPlace(drawFor(['destination', vehicleKey(ctx)]).pick('city', nearby));
}

/** The provinces a vehicle drives through most: its trip's ends first. */
export function mainProvinces(ctx: Ctx, sample: readonly string[]): string[] {
  const ends = [origin(ctx).city.province, destination(ctx).city.province].map(shortName);
  return [...new Set([...ends, ...sample])].slice(0, Math.max(sample.length, 1));
}

/** Names of the sample trip's ends → the vehicle's (longest forms first when applied). */
export function placeSwaps(ctx: Ctx): Array<[string, string]> {
  const [a, b] = [origin(ctx).city, destination(ctx).city];
  return [
    ['浙江省杭州市滨江区', `${cityFull(a)}${a.district}`],
    ['浙江省杭州市', cityFull(a)],
    ['杭州市', a.name],
    [SAMPLE_FROM_CITY, shortName(a.name)],
    ['安徽省合肥市', cityFull(b)],
    ['合肥市', b.name],
    [SAMPLE_TO_CITY, shortName(b.name)],
  ];
}

/** Objects with lon/lat near a sample end move with that end, in place. */
export function movePlaces(data: Json, from: Place, to: Place): void {
  if (Array.isArray(data) || isObject(data)) for (const v of Object.values(data)) movePlaces(v, from, to);
  if (!isObject(data)) return;
  const { lon, lat } = data;
  if (typeof lon !== 'number' || typeof lat !== 'number') return;
  const near = (p: { lon: number; lat: number }) => distanceKm({ lon, lat }, p) < 60;
  const shift = near(SAMPLE_FROM) ? { s: SAMPLE_FROM, t: from } : near(SAMPLE_TO) ? { s: SAMPLE_TO, t: to } : null;
  if (!shift) return;
  data.lon = round(lon + shift.t.lon - shift.s.lon, 6);
  data.lat = round(lat + shift.t.lat - shift.s.lat, 6);
}

/** Great-circle distance in km. */
export function distanceKm(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Compass bearing from a to b, 0–359, north 0, clockwise. */
export function bearing(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const deg = (Math.atan2(b.lon - a.lon, b.lat - a.lat) * 180) / Math.PI;
  return Math.round((deg + 360) % 360);
}

/** "yyyy-MM-dd HH:mm:ss" of a UTC instant, the sandbox's wall clock. */
export function wallTime(t: number, withSeconds = true): string {
  const iso = new Date(t).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, withSeconds ? 19 : 16)}`;
}

export const SANDBOX_NOW_MS = Date.parse(`${SANDBOX_NOW.replace(' ', 'T')}Z`);
