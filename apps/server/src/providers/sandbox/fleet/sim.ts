// The sandbox fleet: where any truck is at any instant, offline and deterministic. A truck
// (plate + colour) lives in its home city (the one sandbox answers already gave it) and works in
// 48-hour slots: an even slot drives home → a destination drawn for the pair of slots, the odd
// one drives back. Inside a slot: a wait, 1–3 h loading, driving at plausible speeds (town ends
// slower, the odd jam), 20–40 min at a service area after at most 4 h at the wheel, parked through
// the night (about 00:30–05:00), then unloading and waiting at the destination until the slot ends.
// Reports come every 30 s on a grid of absolute time, so position(t) is a track's point at t.
import { CITIES } from '../tables';
import { drawFor } from '../draw';
import { hash32, hubNamed, pointOnRoute, type Route, roadKm, routeBetween } from './graph';
import { HUBS, type Hub, type Place, placeFull, TOWNS } from './roads';

export const TICK_SECONDS = 30;
const TICK_MS = TICK_SECONDS * 1000;
/** Hours of one slot: one trip and the wait after it. */
export const SLOT_HOURS = 48;
const SLOT_TICKS = (SLOT_HOURS * 3600) / TICK_SECONDS;
const TICKS_PER_MINUTE = 60 / TICK_SECONDS;
const DAY_TICKS = 1440 * TICKS_PER_MINUTE;
/** China time is UTC+8: a tick's minute of the China day. */
const CHINA_OFFSET_TICKS = 8 * 60 * TICKS_PER_MINUTE;
/** Farthest destination by road, and the nearest worth a trip. */
export const MAX_TRIP_KM = 1300;
const MIN_TRIP_KM = 80;
/** Within this many metres of either end the truck is in town: slower, and an address by district. */
const TOWN_M = 6000;
/** Closer than this to the destination at night, the driver pushes on instead of pausing. */
const PUSH_ON_M = 20_000;

export const STATE = { waiting: 0, loading: 1, driving: 2, resting: 3, night: 4, unloading: 5, arrived: 6 } as const;
export type TruckState = (typeof STATE)[keyof typeof STATE];
export const STATE_LABEL: Record<TruckState, string> = { 0: '待货', 1: '装货', 2: '行驶', 3: '服务区休息', 4: '夜间停车', 5: '卸货', 6: '到达待命' };

interface Truck {
  key: string;
  home: Hub;
  /** Where slot 0 starts, in ticks of absolute time: trucks do not all leave at once. */
  phase: number;
  seed: number;
  destinations: readonly string[];
  /** Cumulative road km of the destinations: a farther one is likelier, as long hauls are the trade. */
  reach: readonly number[];
}

interface Slot {
  route: Route;
  /** Metres along the route (float32: an eighth of a metre at 1 000 km, a tenth of the receiver drift). */
  s: Float32Array;
  v: Float32Array;
  state: Uint8Array;
}

const trucks = new Map<string, Truck>();

function truckOf(plate: string, color: string): Truck {
  const key = `${plate}|${color}`;
  const cached = trucks.get(key);
  if (cached) return cached;
  // The home city sandbox answers already give this plate (families/geo.ts origin()).
  const homeCity = drawFor(['home', plate]).pick('city', CITIES);
  const home = hubNamed(homeCity.name);
  const destinations = HUBS.filter((h) => h.name !== home.name)
    .map((h) => h.name)
    .filter((name) => {
      const km = roadKm(home.name, name);
      return km >= MIN_TRIP_KM && km <= MAX_TRIP_KM;
    });
  let total = 0;
  const reach = destinations.map((name) => (total += roadKm(home.name, name)));
  const truck: Truck = {
    key,
    home,
    phase: drawFor(['fleet', plate, color]).int('phase', 0, SLOT_TICKS - 1),
    seed: hash32(key),
    destinations,
    reach,
  };
  if (trucks.size > 5000) trucks.clear();
  trucks.set(key, truck);
  return truck;
}

/** A cheap deterministic number in [0, 1) for a truck and an integer (per-tick noise, parked jitter). */
function noise(seed: number, n: number): number {
  let h = Math.imul(seed ^ Math.imul(n, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

const minuteOfDay = (tick: number) => Math.floor((((tick + CHINA_OFFSET_TICKS) % DAY_TICKS) + DAY_TICKS) % DAY_TICKS) / TICKS_PER_MINUTE;
const round1 = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

const slots = new Map<string, Slot>();
/** Slots kept (about 52 KB each, 31 MB in all): a fence check of 100 vehicles over 72 h reads about 300. */
const SLOT_CACHE = 600;

/** The slot read last: a track reads thousands of reports of one slot in a row. */
let last: { truck: Truck; k: number; slot: Slot } | null = null;

function slotOf(truck: Truck, k: number): Slot {
  if (last?.truck === truck && last.k === k) return last.slot;
  const slot = cachedSlot(truck, k);
  last = { truck, k, slot };
  return slot;
}

function cachedSlot(truck: Truck, k: number): Slot {
  const key = `${truck.key}|${k}`;
  const cached = slots.get(key);
  if (cached) {
    // Least recently used goes first: re-insert on use.
    slots.delete(key);
    slots.set(key, cached);
    return cached;
  }
  const made = simulate(truck, k, false) ?? (simulate(truck, k, true) as Slot);
  if (slots.size >= SLOT_CACHE) slots.delete(slots.keys().next().value as string);
  slots.set(key, made);
  return made;
}

/** The destination at a point of [0, 1) of the destinations laid end to end by road length. */
function destinationOf(truck: Truck, u: number): string {
  const at = u * (truck.reach[truck.reach.length - 1] ?? 0);
  const i = truck.reach.findIndex((r) => r > at);
  return truck.destinations[i < 0 ? truck.destinations.length - 1 : i] as string;
}

/**
 * One slot, tick by tick. Returns null when the trip does not end inside the slot (then it is
 * simulated again without the wait before loading, which always fits: 1 300 km take ≤ 40 h).
 */
function simulate(truck: Truck, k: number, hurry: boolean): Slot | null {
  const [plate, color] = truck.key.split('|');
  const pair = Math.floor(k / 2);
  const outbound = k - 2 * pair === 0;
  const dest = destinationOf(truck, drawFor(['fleet', plate, color, 'trip', pair]).unit('to'));
  const route = outbound ? routeBetween(truck.home.name, dest) : routeBetween(dest, truck.home.name);
  const d = drawFor(['fleet', plate, color, 'slot', k]);
  const L = route.length;
  const wait = hurry ? 0 : d.int('wait', 0, 8 * 60 * TICKS_PER_MINUTE);
  const load = d.int('load', 60 * TICKS_PER_MINUTE, 180 * TICKS_PER_MINUTE);
  const unload = d.int('unload', 45 * TICKS_PER_MINUTE, 120 * TICKS_PER_MINUTE);
  const cruise = d.num('cruise', 74, 82, 1);
  const town = d.num('town', 30, 45, 1);
  // At most 4 h at the wheel (China's fatigue-driving rule), then 20–40 min off it.
  const restAfter = d.int('restAfter', 180 * TICKS_PER_MINUTE, 240 * TICKS_PER_MINUTE);
  const nightFrom = d.int('nightFrom', 15, 60);
  const nightTo = d.int('nightTo', 270, 330);
  const p1 = d.unit('p1') * 2 * Math.PI;
  const p2 = d.unit('p2') * 2 * Math.PI;
  const jam = d.chance('jam', 0.6) ? { at: d.int('jamAt', 120, 1200), len: d.int('jamLen', 20, 50), speed: d.num('jamSpeed', 12, 35, 1) } : null;

  const s = new Float32Array(SLOT_TICKS);
  const v = new Float32Array(SLOT_TICKS);
  const state = new Uint8Array(SLOT_TICKS);
  const base = truck.phase + k * SLOT_TICKS;
  let mode: TruckState = STATE.waiting;
  let until = wait;
  let pos = 0;
  let speed = 0;
  let cont = 0;
  let driven = 0;
  let rests = 0;
  for (let i = 0; i < SLOT_TICKS; i++) {
    const tick = base + i;
    const minute = minuteOfDay(tick);
    const night = minute >= nightFrom && minute < nightTo;
    if (mode === STATE.waiting && i >= until) {
      mode = STATE.loading;
      until = i + load;
    }
    if (mode === STATE.loading && i >= until) mode = night ? STATE.night : STATE.driving;
    if (mode === STATE.resting && i >= until) mode = night && L - pos > PUSH_ON_M ? STATE.night : STATE.driving;
    if (mode === STATE.night && !night) mode = STATE.driving;
    if (mode === STATE.unloading && i >= until) mode = STATE.arrived;
    if (mode === STATE.driving && speed > 0) {
      if (night && L - pos > PUSH_ON_M) mode = STATE.night;
      else if (cont >= restAfter) {
        mode = STATE.resting;
        until = i + d.int(`rest${rests++}`, 20 * TICKS_PER_MINUTE, 40 * TICKS_PER_MINUTE);
      }
      if (mode !== STATE.driving) {
        // Rolling to a stop within the tick, into the service area.
        pos = Math.min(L, pos + ((speed / 2) * TICK_SECONDS) / 3.6);
        speed = 0;
        cont = 0;
      }
    }
    if (mode === STATE.driving) {
      const inTown = pos < TOWN_M || L - pos < TOWN_M;
      const wave = 4 * Math.sin((2 * Math.PI * i) / 74 + p1) + 3 * Math.sin((2 * Math.PI * i) / 22 + p2) + (noise(truck.seed, tick) - 0.5) * 3;
      let target = inTown ? clamp(town + wave, 20, 50) : clamp(cruise + wave, 65, 88);
      if (!inTown && jam && driven >= jam.at && driven < jam.at + jam.len) target = clamp(jam.speed + wave, 8, 40);
      const next = round1(Math.max(5, speed + clamp(target - speed, -25, 20)));
      pos += (((speed + next) / 2) * TICK_SECONDS) / 3.6;
      speed = next;
      cont++;
      driven++;
      if (pos >= L) {
        pos = L;
        speed = 0;
        mode = STATE.unloading;
        until = i + unload;
      }
    }
    s[i] = pos;
    v[i] = speed;
    state[i] = mode;
  }
  const done = mode === STATE.arrived || mode === STATE.unloading;
  return done || hurry ? { route, s, v, state } : null;
}

/** One position report. `at` is the instant of the 30 s tick it belongs to. */
export interface Report {
  at: number;
  lon: number;
  lat: number;
  speed: number;
  direction: number;
  state: TruckState;
  /** What the address needs: the road, the route's ends and how far along it the truck is. */
  road: string;
  route: Route;
  s: number;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function reportAtTick(truck: Truck, tick: number): Report {
  const k = Math.floor((tick - truck.phase) / SLOT_TICKS);
  const i = tick - truck.phase - k * SLOT_TICKS;
  const slot = slotOf(truck, k);
  const st = slot.state[i] as TruckState;
  const s = slot.s[i] as number;
  const p = pointOnRoute(slot.route, s);
  let { lon, lat } = p;
  if (st !== STATE.driving) {
    // A parked receiver drifts by a few metres: at most 3.5 m each way, under 5 m in all.
    lon += ((noise(truck.seed ^ 0x5bd1e995, tick) - 0.5) * 7) / (111_320 * Math.cos((lat * Math.PI) / 180));
    lat += ((noise(truck.seed ^ 0x27d4eb2f, tick) - 0.5) * 7) / 110_574;
  }
  return {
    at: tick * TICK_MS,
    lon: round6(lon),
    lat: round6(lat),
    speed: round1(slot.v[i] as number),
    direction: p.direction,
    state: st,
    road: p.road,
    route: slot.route,
    s,
  };
}

const colorKey = (color: string | number) => String(color);

/** The truck's latest report at an instant: the 30 s tick the instant falls in. */
export function positionAt(plate: string, color: string | number, instant: number): Report {
  return reportAtTick(truckOf(plate, colorKey(color)), Math.floor(instant / TICK_MS));
}

export interface FleetTrack {
  /** Instants (ms) of the reports. */
  at: number[];
  lon: number[];
  lat: number[];
  speed: number[];
  direction: number[];
  state: TruckState[];
}

/** Reports from `from` to `to` (instants, ms, both included when on the grid), every stepSeconds (a multiple of 30). */
export function trackOf(plate: string, color: string | number, from: number, to: number, stepSeconds = TICK_SECONDS): FleetTrack {
  const truck = truckOf(plate, colorKey(color));
  const step = Math.max(1, Math.round(stepSeconds / TICK_SECONDS));
  const out: FleetTrack = { at: [], lon: [], lat: [], speed: [], direction: [], state: [] };
  const stepMs = step * TICK_MS;
  for (let tick = Math.ceil(from / stepMs) * step; tick * TICK_MS <= to; tick += step) {
    const r = reportAtTick(truck, tick);
    out.at.push(r.at);
    out.lon.push(r.lon);
    out.lat.push(r.lat);
    out.speed.push(r.speed);
    out.direction.push(r.direction);
    out.state.push(r.state);
  }
  return out;
}

/** Driving between two instants: metres along the road, minutes moving, China days with driving. */
export function drivingBetween(
  plate: string,
  color: string | number,
  from: number,
  to: number,
): { metres: number; drivingMinutes: number; activeDays: number } {
  const truck = truckOf(plate, colorKey(color));
  let metres = 0;
  let moving = 0;
  const days = new Set<number>();
  let prev: { k: number; s: number } | null = null;
  for (let tick = Math.ceil(from / TICK_MS); tick * TICK_MS <= to; tick++) {
    const k = Math.floor((tick - truck.phase) / SLOT_TICKS);
    const i = tick - truck.phase - k * SLOT_TICKS;
    const slot = slotOf(truck, k);
    const s = slot.s[i] as number;
    if (prev && prev.k === k) metres += s - prev.s;
    if ((slot.v[i] as number) > 0) {
      moving++;
      days.add(Math.floor((tick + CHINA_OFFSET_TICKS) / DAY_TICKS));
    }
    prev = { k, s };
  }
  return { metres, drivingMinutes: Math.round(moving / TICKS_PER_MINUTE), activeDays: days.size };
}

const PLACES: readonly Place[] = [...HUBS, ...TOWNS.values()];

function nearestPlace(lon: number, lat: number): Place {
  let best = PLACES[0] as Place;
  let bestD = Infinity;
  const c = Math.cos((lat * Math.PI) / 180);
  for (const p of PLACES) {
    const dx = (p.lon - lon) * c;
    const dy = p.lat - lat;
    const dd = dx * dx + dy * dy;
    if (dd < bestD) {
      bestD = dd;
      best = p;
    }
  }
  return best;
}

/** An address in words: the logistics park at a trip's end, else the nearest town and the road. */
export function addressOf(r: Report): string {
  const atHub = r.s < TOWN_M ? r.route.from : r.route.length - r.s < TOWN_M ? r.route.to : null;
  if (atHub) {
    const parkedAtEnd = r.state !== STATE.driving && r.state !== STATE.resting;
    return `${placeFull(atHub)}${atHub.district}${parkedAtEnd ? '物流园' : ''}附近`;
  }
  const near = nearestPlace(r.lon, r.lat);
  return `${placeFull(near)} ${r.road}${r.state === STATE.resting || r.state === STATE.night ? '服务区' : '附近'}`;
}
