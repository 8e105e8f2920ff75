// The road graph: each edge's polyline (hub, towns, hub) densified into pieces of about 4 km that
// sway gently off the straight line between towns, as roads do, and the shortest route between
// two hubs (Dijkstra on road length). Roads are the same for every truck: the sway is drawn from
// the road's own name, and a route from b to a is the route from a to b reversed.
import { bearingExact, distanceMetres, type LonLat } from '@apimarket/contracts';
import { EDGES, HUBS, type Hub, type Place, type RoadEdge, TOWNS } from './roads';

/** A route a truck drives: flat vertex columns, cumulative metres, and each piece's road. */
export interface Route {
  from: Hub;
  to: Hub;
  lon: Float64Array;
  lat: Float64Array;
  /** Metres from the start to each vertex; the last is the route's length. */
  cum: Float64Array;
  /** Index into `roads` of the piece from vertex i to i + 1. */
  road: Uint8Array;
  /** Heading of the piece from vertex i to i + 1, whole degrees. */
  heading: Uint16Array;
  roads: readonly string[];
  length: number;
}

const PIECE_M = 4000;

/** A 32-bit hash of a string (FNV-1a): the sway of a road, stable across runs. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const hubByName = new Map(HUBS.map((h) => [h.name, h]));

function placeOf(name: string): Place {
  const p = hubByName.get(name) ?? TOWNS.get(name);
  if (!p) throw new Error(`fleet: unknown place ${name}`);
  return p;
}

/** One edge's densified polyline from a to b. */
function edgeLine(edge: RoadEdge): LonLat[] {
  const stops = [edge.a, ...edge.via, edge.b].map(placeOf);
  const out: LonLat[] = [[stops[0]?.lon ?? 0, stops[0]?.lat ?? 0]];
  for (let s = 1; s < stops.length; s++) {
    const a = stops[s - 1] as Place;
    const b = stops[s] as Place;
    const len = distanceMetres([a.lon, a.lat], [b.lon, b.lat]);
    const pieces = Math.max(1, Math.round(len / PIECE_M));
    // Sway: whole half-waves about 25 km long, so it is 0 at both towns; up to 1.2 km aside.
    const h = hash32(`${edge.road}|${a.name}|${b.name}`);
    const waves = Math.max(1, Math.round(len / 25_000));
    const amp = Math.min(1200, len * 0.012) * ((h & 1) === 0 ? 1 : -1) * (0.5 + ((h >>> 1) % 100) / 200);
    const amp2 = amp * 0.35;
    const waves2 = waves * 3 + 1;
    // Perpendicular to a → b in local metres (x east, y north).
    const mPerLon = 111_320 * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
    const dx = (b.lon - a.lon) * mPerLon;
    const dy = (b.lat - a.lat) * 110_574;
    const norm = Math.hypot(dx, dy) || 1;
    const [px, py] = [-dy / norm, dx / norm];
    for (let i = 1; i <= pieces; i++) {
      const u = i / pieces;
      const off = amp * Math.sin(Math.PI * waves * u) + amp2 * Math.sin(Math.PI * waves2 * u);
      out.push([a.lon + (b.lon - a.lon) * u + (px * off) / mPerLon, a.lat + (b.lat - a.lat) * u + (py * off) / 110_574]);
    }
  }
  return out;
}

interface Arc {
  to: string;
  edge: number;
  length: number;
}

const LINES: LonLat[][] = EDGES.map(edgeLine);
const LENGTHS = LINES.map((line) => line.reduce((sum, p, i) => (i ? sum + distanceMetres(line[i - 1] as LonLat, p) : 0), 0));
const ADJ = new Map<string, Arc[]>();
EDGES.forEach((edge, i) => {
  const length = LENGTHS[i] as number;
  ADJ.set(edge.a, [...(ADJ.get(edge.a) ?? []), { to: edge.b, edge: i, length }]);
  ADJ.set(edge.b, [...(ADJ.get(edge.b) ?? []), { to: edge.a, edge: i, length }]);
});

/** Road metres from a hub to every hub it reaches (Dijkstra), with the edges of each route. */
function dijkstra(from: string): Map<string, { metres: number; via: { edge: number; to: string }[] }> {
  const best = new Map<string, { metres: number; via: { edge: number; to: string }[] }>([[from, { metres: 0, via: [] }]]);
  const done = new Set<string>();
  for (;;) {
    let next: string | null = null;
    for (const [name, v] of best) if (!done.has(name) && (next === null || v.metres < (best.get(next)?.metres ?? Infinity))) next = name;
    if (next === null) return best;
    done.add(next);
    const here = best.get(next) as { metres: number; via: { edge: number; to: string }[] };
    for (const arc of ADJ.get(next) ?? []) {
      const metres = here.metres + arc.length;
      if (metres < (best.get(arc.to)?.metres ?? Infinity)) best.set(arc.to, { metres, via: [...here.via, { edge: arc.edge, to: arc.to }] });
    }
  }
}

const paths = new Map<string, ReturnType<typeof dijkstra>>();
const pathsFrom = (name: string) => {
  let p = paths.get(name);
  if (!p) {
    p = dijkstra(name);
    paths.set(name, p);
  }
  return p;
};

/** Road kilometres between two hubs. */
export function roadKm(a: string, b: string): number {
  return (pathsFrom(a).get(b)?.metres ?? Infinity) / 1000;
}

export const hubNamed = (name: string): Hub => {
  const h = hubByName.get(name);
  if (!h) throw new Error(`fleet: unknown hub ${name}`);
  return h;
};

const routes = new Map<string, Route>();

/** The route between two hubs; b → a is a → b reversed, so both directions share one road. */
export function routeBetween(a: string, b: string): Route {
  const key = `${a}>${b}`;
  const cached = routes.get(key);
  if (cached) return cached;
  const [first, second] = a < b ? [a, b] : [b, a];
  const steps = pathsFrom(first).get(second)?.via;
  if (!steps) throw new Error(`fleet: no road from ${a} to ${b}`);
  const pts: LonLat[] = [];
  const roadOf: string[] = [];
  let at = first;
  for (const step of steps) {
    const edge = EDGES[step.edge] as RoadEdge;
    const line = edge.a === at ? (LINES[step.edge] as LonLat[]) : [...(LINES[step.edge] as LonLat[])].reverse();
    for (let i = pts.length ? 1 : 0; i < line.length; i++) {
      pts.push(line[i] as LonLat);
      if (pts.length > 1) roadOf.push(edge.road);
    }
    at = step.to;
  }
  if (first !== a) {
    pts.reverse();
    roadOf.reverse();
  }
  const roads = [...new Set(roadOf)];
  const n = pts.length;
  const route: Route = {
    from: hubNamed(a),
    to: hubNamed(b),
    lon: Float64Array.from(pts, (p) => p[0]),
    lat: Float64Array.from(pts, (p) => p[1]),
    cum: new Float64Array(n),
    road: Uint8Array.from(roadOf, (r) => roads.indexOf(r)),
    heading: Uint16Array.from(roadOf, (_, i) => Math.round(bearingExact(pts[i] as LonLat, pts[i + 1] as LonLat)) % 360),
    roads,
    length: 0,
  };
  for (let i = 1; i < n; i++) route.cum[i] = (route.cum[i - 1] as number) + distanceMetres(pts[i - 1] as LonLat, pts[i] as LonLat);
  route.length = route.cum[n - 1] as number;
  routes.set(key, route);
  return route;
}

/** Where on the route a truck is after `s` metres: position, heading (whole degrees) and the road's name. */
export function pointOnRoute(route: Route, s: number): { lon: number; lat: number; direction: number; road: string } {
  const { cum, lon, lat } = route;
  const n = cum.length;
  if (n < 2) return { lon: route.from.lon, lat: route.from.lat, direction: 0, road: '' };
  let lo = 0;
  let hi = n - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((cum[mid] as number) <= s) lo = mid;
    else hi = mid - 1;
  }
  const a = cum[lo] as number;
  const span = (cum[lo + 1] as number) - a || 1;
  const f = Math.min(1, Math.max(0, (s - a) / span));
  const [x0, y0] = [lon[lo] as number, lat[lo] as number];
  return {
    lon: x0 + ((lon[lo + 1] as number) - x0) * f,
    lat: y0 + ((lat[lo + 1] as number) - y0) * f,
    direction: route.heading[lo] as number,
    road: route.roads[route.road[lo] as number] ?? '',
  };
}
