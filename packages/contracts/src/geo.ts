// Geometry of positions, tracks and fences on the sphere, shared by the server (fence events,
// track statistics) and the browser (drawing, areas). Coordinates are GCJ-02 [lon, lat] degrees.
// Distances, circles and areas are on the sphere; polygon membership is decided on lon/lat as a
// plane (the edges a customer draws on a map are straight there, and fences span kilometres, where
// the difference from great-circle edges is centimetres).
import type { LonLat } from './transport';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LonLat, b: LonLat): number {
  return haversine(a[0], a[1], b[0], b[1]);
}

function haversine(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  // min(1, …): rounding can push s a hair above 1 for antipodal points, and asin would answer NaN.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** Initial bearing from a to b, degrees 0–359 (0 = north, clockwise), whole degrees as the interfaces' direction. */
export function bearingDegrees(a: LonLat, b: LonLat): number {
  return Math.round(bearingExact(a, b)) % 360;
}

/** Initial bearing from a to b in degrees [0, 360), unrounded; 0 when the points coincide. */
export function bearingExact(a: LonLat, b: LonLat): number {
  const [l1, p1, l2, p2] = [a[0] * RAD, a[1] * RAD, b[0] * RAD, b[1] * RAD];
  const y = Math.sin(l2 - l1) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(l2 - l1);
  if (x === 0 && y === 0) return 0;
  return (Math.atan2(y, x) * DEG + 360) % 360;
}

/** The point reached going `metres` from `from` along the great circle leaving at `bearing` degrees. */
export function destinationPoint(from: LonLat, bearing: number, metres: number): LonLat {
  const d = metres / EARTH_RADIUS_M;
  const th = bearing * RAD;
  const p1 = from[1] * RAD;
  const l1 = from[0] * RAD;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(th));
  const l2 = l1 + Math.atan2(Math.sin(th) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return [((l2 * DEG + 540) % 360) - 180, p2 * DEG];
}

/** A fence as geometry: a circle (centre, radius in metres) or a polygon ring (holes optional). */
export type FenceGeometry =
  | { shape: 'circle'; center: LonLat; radius: number }
  | { shape: 'polygon'; points: readonly LonLat[]; holes?: readonly (readonly LonLat[])[] };

/**
 * How far off an edge (degrees, about 0.1 mm) a point still counts as on it, and how far beyond a
 * circle's radius (metres): a point computed onto the boundary lands a rounding error off it.
 */
const EDGE_EPS_DEG = 1e-9;
const RADIUS_EPS_M = 1e-6;

/** A fence made ready for many points: its bounding box and a membership test on plain numbers. */
export interface PreparedFence {
  /** [minLon, minLat, maxLon, maxLat]; no point outside it is inside the fence. */
  box: readonly [number, number, number, number];
  contains(lon: number, lat: number): boolean;
}

/** A ring as flat coordinates (x0, y0, x1, y1 …), without a closing repeat of the first vertex. */
function flatRing(ring: readonly LonLat[]): Float64Array {
  let n = ring.length;
  const first = ring[0];
  const last = ring[n - 1];
  if (n > 1 && first && last && first[0] === last[0] && first[1] === last[1]) n--;
  const out = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    const p = ring[i] as LonLat;
    out[2 * i] = p[0];
    out[2 * i + 1] = p[1];
  }
  return out;
}

/** 1 strictly inside, 0 on the boundary (edges and vertices, within EDGE_EPS_DEG), -1 outside. */
function ringSide(r: Float64Array, px: number, py: number): 1 | 0 | -1 {
  const n = r.length / 2;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = r[2 * j] as number;
    const ay = r[2 * j + 1] as number;
    const bx = r[2 * i] as number;
    const by = r[2 * i + 1] as number;
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = ex * ex + ey * ey;
    const wx = px - ax;
    const wy = py - ay;
    if (len2 === 0) {
      if (wx * wx + wy * wy <= EDGE_EPS_DEG * EDGE_EPS_DEG) return 0;
      continue;
    }
    // On the edge: close to its line (cross / length) and between its ends (dot within [0, len²]).
    const cross = ex * wy - ey * wx;
    if (cross * cross <= EDGE_EPS_DEG * EDGE_EPS_DEG * len2) {
      const dot = ex * wx + ey * wy;
      const len = Math.sqrt(len2);
      if (dot >= -EDGE_EPS_DEG * len && dot <= len2 + EDGE_EPS_DEG * len) return 0;
    }
    // Ray casting eastwards: the half-open rule (ay > py) !== (by > py) counts a vertex once.
    if (ay > py !== by > py && px < (ex * (py - ay)) / ey + ax) inside = !inside;
  }
  return inside ? 1 : -1;
}

function boxOf(r: Float64Array): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < r.length; i += 2) {
    const x = r[i] as number;
    const y = r[i + 1] as number;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return [box[0] - EDGE_EPS_DEG, box[1] - EDGE_EPS_DEG, box[2] + EDGE_EPS_DEG, box[3] + EDGE_EPS_DEG];
}

const prepared = new WeakMap<FenceGeometry, PreparedFence>();

/** The fence ready for many membership tests (cached per geometry object). */
export function prepareFence(f: FenceGeometry): PreparedFence {
  const cached = prepared.get(f);
  if (cached) return cached;
  const made = f.shape === 'circle' ? prepareCircle(f.center, f.radius) : preparePolygon(f.points, f.holes ?? []);
  prepared.set(f, made);
  return made;
}

function prepareCircle(center: LonLat, radius: number): PreparedFence {
  const [cx, cy] = center;
  const ang = radius / EARTH_RADIUS_M;
  // A spherical cap spans ±ang in latitude and ±asin(sin ang / cos lat) in longitude; the box is
  // widened by a thousandth so rounding never puts a boundary point outside it.
  const dLat = ang * DEG * 1.001 + 1e-9;
  const s = Math.sin(ang) / Math.cos(cy * RAD);
  const dLon = s >= 1 ? 180 : Math.asin(s) * DEG * 1.001 + 1e-9;
  const box = [cx - dLon, cy - dLat, cx + dLon, cy + dLat] as const;
  const limit = radius + RADIUS_EPS_M;
  return {
    box,
    contains: (lon, lat) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3] && haversine(cx, cy, lon, lat) <= limit,
  };
}

function preparePolygon(points: readonly LonLat[], holes: readonly (readonly LonLat[])[]): PreparedFence {
  const outer = flatRing(points);
  const inner = holes.map(flatRing).filter((h) => h.length >= 6);
  const holeBoxes = inner.map(boxOf);
  const box = outer.length >= 6 ? boxOf(outer) : ([0, 0, -1, -1] as const);
  return {
    box,
    contains(lon, lat) {
      if (lon < box[0] || lon > box[2] || lat < box[1] || lat > box[3]) return false;
      if (ringSide(outer, lon, lat) < 0) return false;
      for (let h = 0; h < inner.length; h++) {
        const hb = holeBoxes[h] as [number, number, number, number];
        if (lon < hb[0] || lon > hb[2] || lat < hb[1] || lat > hb[3]) continue;
        // Strictly inside a hole is outside the fence; a hole's edge is the fence's boundary.
        if (ringSide(inner[h] as Float64Array, lon, lat) > 0) return false;
      }
      return true;
    },
  };
}

/** Whether a point lies inside the fence; a point on the boundary counts as inside. */
export function insideFence(f: FenceGeometry, p: LonLat): boolean {
  return prepareFence(f).contains(p[0], p[1]);
}

/**
 * Area of a ring on the sphere, square metres (unsigned). Each edge contributes the spherical
 * excess of the trapezoid between it and the equator, exact for great-circle edges:
 * tan(E/2) = tan(Δλ/2)·(tan(φ1/2) + tan(φ2/2)) / (1 + tan(φ1/2)·tan(φ2/2)).
 */
function ringAreaM2(ring: readonly LonLat[]): number {
  const r = flatRing(ring);
  const n = r.length / 2;
  if (n < 3) return 0;
  let sum = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const l1 = (r[2 * j] as number) * RAD;
    const t1 = Math.tan(((r[2 * j + 1] as number) * RAD) / 2);
    const l2 = (r[2 * i] as number) * RAD;
    const t2 = Math.tan(((r[2 * i + 1] as number) * RAD) / 2);
    let dl = l2 - l1;
    if (dl > Math.PI) dl -= 2 * Math.PI;
    if (dl < -Math.PI) dl += 2 * Math.PI;
    sum += 2 * Math.atan2(Math.tan(dl / 2) * (t1 + t2), 1 + t1 * t2);
  }
  return Math.abs(sum) * EARTH_RADIUS_M * EARTH_RADIUS_M;
}

/** Area on the sphere, square kilometres (a circle is a spherical cap; a polygon less its holes). */
export function fenceAreaKm2(f: FenceGeometry): number {
  if (f.shape === 'circle') {
    const R = EARTH_RADIUS_M;
    return (2 * Math.PI * R * R * (1 - Math.cos(f.radius / R))) / 1e6;
  }
  const holes = (f.holes ?? []).reduce((s, h) => s + ringAreaM2(h), 0);
  return Math.max(0, ringAreaM2(f.points) - holes) / 1e6;
}

/** A track as parallel columns (the shape contracts' TrackPoints carries); t in seconds from the window's start. */
export interface TrackColumns {
  t: readonly number[];
  lon: readonly number[];
  lat: readonly number[];
  speed: readonly number[];
}

/** An entry or exit: the index of the first point on the new side. A track starting inside is not an entry. */
export interface Crossing {
  kind: 'in' | 'out';
  index: number;
}

/**
 * The entries and exits of a track through a fence, in time order. Points outside the fence's
 * bounding box are decided by four comparisons, so a fence far from the track costs next to nothing.
 */
export function fenceCrossings(f: FenceGeometry, track: TrackColumns): Crossing[] {
  const out: Crossing[] = [];
  const n = track.lon.length;
  if (n === 0) return out;
  const fence = prepareFence(f);
  const [x0, y0, x1, y1] = fence.box;
  const { lon, lat } = track;
  let inside = fence.contains(lon[0] as number, lat[0] as number);
  for (let i = 1; i < n; i++) {
    const x = lon[i] as number;
    const y = lat[i] as number;
    // The box check inline: most points of most tracks are far from a given fence.
    const now = x >= x0 && x <= x1 && y >= y0 && y <= y1 && fence.contains(x, y);
    if (now !== inside) {
      out.push({ kind: now ? 'in' : 'out', index: i });
      inside = now;
    }
  }
  return out;
}

/** A stretch at (almost) no speed lasting at least minMinutes: indexes of its first and last point. */
export interface StopSpan {
  from: number;
  to: number;
  /** Whole minutes from the first point to the last (rounded). */
  minutes: number;
}

/** Speed at or below which a point counts as standing (km/h), and the drift radius of a stop (m). */
export const STOP_SPEED_KMH = 1;
export const STOP_RADIUS_M = 200;

/**
 * Stops of a track: runs of points at speed ≤ 1 km/h, or within 200 m of where the run began,
 * lasting at least minMinutes. A run that began on a point still rolling in is trimmed to its
 * first standing point when the rest still lasts long enough, so the stop starts where it stood.
 */
export function findStops(track: TrackColumns, minMinutes: number): StopSpan[] {
  const { t, lon, lat, speed } = track;
  const n = t.length;
  const minSeconds = minMinutes * 60;
  const stops: StopSpan[] = [];
  let i = 0;
  while (i < n) {
    const ax = lon[i] as number;
    const ay = lat[i] as number;
    let j = i;
    while (j + 1 < n && ((speed[j + 1] as number) <= STOP_SPEED_KMH || haversine(ax, ay, lon[j + 1] as number, lat[j + 1] as number) <= STOP_RADIUS_M)) j++;
    if ((t[j] as number) - (t[i] as number) >= minSeconds) {
      let from = i;
      let standing = i;
      while (standing < j && (speed[standing] as number) > STOP_SPEED_KMH) standing++;
      if (standing > i && (speed[standing] as number) <= STOP_SPEED_KMH && (t[j] as number) - (t[standing] as number) >= minSeconds) from = standing;
      stops.push({ from, to: j, minutes: Math.round(((t[j] as number) - (t[from] as number)) / 60) });
      i = j + 1;
    } else i++;
  }
  return stops;
}

/**
 * Mileage (km along the points), average speed while moving, top speed, minutes moving and stopped.
 * An interval between two points is stopped when both report speed 0 and moving otherwise (it
 * rolled in or out), so a parked hour is 60 stopped minutes as findStops counts it; the average
 * is the moving intervals' mean reported speed weighted by their length.
 */
export function trackSummary(track: TrackColumns): {
  mileageKm: number;
  averageSpeed: number;
  topSpeed: number;
  movingMinutes: number;
  stoppedMinutes: number;
} {
  const { t, lon, lat, speed } = track;
  const n = t.length;
  let metres = 0;
  let top = 0;
  let moving = 0;
  let stopped = 0;
  let speedTime = 0;
  for (let i = 0; i < n; i++) {
    const v = speed[i] as number;
    if (v > top) top = v;
    if (i + 1 >= n) break;
    const dt = Math.max(0, (t[i + 1] as number) - (t[i] as number));
    const w = speed[i + 1] as number;
    if (v > 0 || w > 0) {
      // Only moving intervals add distance: a parked receiver drifts a few metres every report,
      // which over a day would read as ten kilometres driven.
      metres += haversine(lon[i] as number, lat[i] as number, lon[i + 1] as number, lat[i + 1] as number);
      moving += dt;
      speedTime += ((v + w) / 2) * dt;
    } else stopped += dt;
  }
  return {
    mileageKm: Math.round(metres) / 1000,
    averageSpeed: moving > 0 ? Math.round((speedTime / moving) * 10) / 10 : 0,
    topSpeed: top,
    movingMinutes: Math.round(moving / 60),
    stoppedMinutes: Math.round(stopped / 60),
  };
}
