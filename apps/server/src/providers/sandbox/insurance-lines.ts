// The regular lines and driving cycles of a scored truck or coach (9963, 9965), read from the
// sandbox fleet's road graph the way its trucks work (fleet/sim.ts): a vehicle lives in its home
// city (the one every sandbox answer gives its plate) and works 48-hour slots, an even slot out to
// a destination drawn for the pair of slots, the odd one back. The slots sit on a grid of absolute
// time, so the cycles of a period are the same whenever they are asked; the lines (the vehicle's
// destinations and how often it goes) do not depend on the clock at all.
import { drawFor } from './draw';
import { hubNamed } from './fleet/graph';
import { HUBS, roadKm } from './fleet';
import type { Json } from './json';
import { CITIES } from './tables';

const SLOT_MS = 48 * 3_600_000;
const CHINA_MS = 8 * 3_600_000;
const MIN_KM = 80;
const MAX_KM = 1300;
/** Average speed on a trip, rests included (km/h). */
const TRIP_KMH = 58;

/** The china map's short name of a province (浙江省 → 浙江, 内蒙古自治区 → 内蒙古, 广西壮族自治区 → 广西). */
export function mapProvince(name: string): string {
  return name.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/, '');
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;

function clock(instant: number): string {
  return new Date(instant + CHINA_MS).toISOString().slice(0, 19).replace('T', ' ');
}

interface Trip {
  to: string;
  km: number;
  weight: number;
}

/** The vehicle's home hub and its 2–5 regular destinations, likelier ones first. */
function tripsOf(plate: string, kind: 'truck' | 'bus'): { home: string; trips: Trip[] } {
  const home = hubNamed(drawFor(['home', plate]).pick('city', CITIES).name);
  const d = drawFor(['insurance-lines', plate, kind]);
  // Coaches run shorter lines than long-haul trucks.
  const max = kind === 'bus' ? 700 : MAX_KM;
  const reachable = HUBS.filter((h) => h.name !== home.name)
    .map((h) => ({ name: h.name, km: roadKm(home.name, h.name) }))
    .filter((h) => h.km >= MIN_KM && h.km <= max)
    .sort((a, b) => a.km - b.km || (a.name < b.name ? -1 : 1));
  const want = Math.min(reachable.length, d.int('lines', kind === 'bus' ? 1 : 2, kind === 'bus' ? 3 : 5));
  const chosen: Trip[] = [];
  const pool = [...reachable];
  for (let i = 0; i < want && pool.length > 0; i++) {
    const at = Math.floor(d.unit(`pick${i}`) * pool.length);
    const [hub] = pool.splice(at, 1);
    if (hub) chosen.push({ to: hub.name, km: r1(hub.km), weight: 1 + d.int(`w${i}`, 1, 9) / (i + 1) });
  }
  return { home: home.name, trips: chosen.sort((a, b) => b.weight - a.weight) };
}

/** The trip of the pair of slots `pair`, drawn by weight. */
function tripOfPair(plate: string, kind: string, trips: Trip[], pair: number): Trip {
  const total = trips.reduce((a, t) => a + t.weight, 0);
  let u = drawFor(['insurance-pair', plate, kind, pair]).unit('trip') * total;
  for (const t of trips) {
    u -= t.weight;
    if (u < 0) return t;
  }
  return trips[trips.length - 1] as Trip;
}

/** Share of [start, end) inside 22:00–06:00 China time, by quarter hours. */
function nightShare(start: number, end: number): number {
  const step = 15 * 60_000;
  let night = 0;
  let all = 0;
  for (let t = start; t < end; t += step) {
    const hour = new Date(t + CHINA_MS).getUTCHours();
    all++;
    if (hour >= 22 || hour < 6) night++;
  }
  return all ? r2(night / all) : 0;
}

export interface VehicleLines {
  lines: Json[];
  cycles: Json[];
}

/**
 * The vehicle's lines (both directions of a trip counted on one line) and its cycles in the
 * `days` before `now`, oldest first, at most `maxCycles`. `risk` (0–100) makes long stretches and
 * overspeeding likelier, as the score says.
 */
export function linesAndCycles(plate: string, color: string, kind: 'truck' | 'bus', now: number, risk: number, days = 90, maxCycles = 60): VehicleLines {
  const { home, trips } = tripsOf(plate, kind);
  if (trips.length === 0) return { lines: [], cycles: [] };
  const homeHub = hubNamed(home);
  const phase = drawFor(['fleet', plate, color]).int('phase', 0, SLOT_MS / 30_000 - 1) * 30_000;
  const first = Math.ceil((now - days * 86_400_000 - phase) / SLOT_MS);
  const last = Math.floor((now - phase) / SLOT_MS) - 1;
  const counts = new Map<string, number>();
  const cycles: Json[] = [];
  for (let k = Math.max(first, last - maxCycles + 1); k <= last; k++) {
    const pair = Math.floor(k / 2);
    const d = drawFor(['insurance-cycle', plate, color, kind, k]);
    // Some slots stay idle (no load, maintenance): fewer for riskier, busier vehicles.
    if (d.chance('idle', kind === 'bus' ? 0.1 : 0.18 - risk / 1000)) continue;
    const trip = tripOfPair(plate, kind, trips, pair);
    const out = k % 2 === 0;
    const [from, to] = out ? [home, trip.to] : [trip.to, home];
    const depart = phase + k * SLOT_MS + d.int('wait', 60, 9 * 60) * 60_000;
    const hours = r1((trip.km / TRIP_KMH) * d.num('pace', 0.92, 1.12, 3));
    const arrive = depart + hours * 3_600_000;
    const longest = d.int('longest', 110, 200 + Math.round(risk * 1.6));
    counts.set(trip.to, (counts.get(trip.to) ?? 0) + 1);
    cycles.push({
      departCity: from,
      departTime: clock(depart),
      arriveCity: to,
      arriveTime: clock(arrive),
      km: trip.km,
      hours,
      nightShare: nightShare(depart, arrive),
      longestDrivingMinutes: Math.min(longest, Math.round(hours * 60)),
      overspeedCount: d.chance('speeding', 0.15 + risk / 200) ? d.int('overspeed', 1, 1 + Math.round(risk / 25)) : 0,
      fatigue: Math.min(longest, Math.round(hours * 60)) > 240,
    });
  }
  const totalKm = trips.reduce((a, t) => a + (counts.get(t.to) ?? 0) * t.km, 0);
  const lines: Json[] = trips.map((t) => {
    const to = hubNamed(t.to);
    const n = counts.get(t.to) ?? 0;
    return {
      fromCity: home,
      fromProvince: mapProvince(homeHub.province),
      fromLon: homeHub.lon,
      fromLat: homeHub.lat,
      toCity: t.to,
      toProvince: mapProvince(to.province),
      toLon: to.lon,
      toLat: to.lat,
      trips: n,
      km: t.km,
      share: totalKm > 0 ? r2((n * t.km) / totalKm) : 0,
    };
  });
  return { lines: lines.filter((l) => (l as { trips: number }).trips > 0 || cycles.length === 0), cycles };
}
