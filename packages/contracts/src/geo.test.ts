import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bearingDegrees,
  bearingExact,
  destinationPoint,
  distanceMetres,
  EARTH_RADIUS_M,
  type FenceGeometry,
  fenceAreaKm2,
  fenceCrossings,
  findStops,
  insideFence,
  type TrackColumns,
  trackSummary,
} from './geo';
import type { LonLat } from './transport';

const poly = (points: LonLat[], holes?: LonLat[][]): FenceGeometry => ({ shape: 'polygon', points, ...(holes ? { holes } : {}) });
const circle = (center: LonLat, radius: number): FenceGeometry => ({ shape: 'circle', center, radius });

/** Builds a track from points [lon, lat, speed], one every `step` seconds. */
function track(points: [number, number, number][], step = 30): TrackColumns {
  return { t: points.map((_, i) => i * step), lon: points.map((p) => p[0]), lat: points.map((p) => p[1]), speed: points.map((p) => p[2]) };
}

describe('distance and bearing', () => {
  it('measures known distances on the sphere', () => {
    // Beijing (Tiananmen) to Shanghai (People's Square): about 1 067 km as the crow flies.
    expect(distanceMetres([116.3975, 39.9087], [121.4737, 31.2304]) / 1000).toBeCloseTo(1067, -1);
    // One degree of latitude is R·π/180.
    expect(distanceMetres([120, 30], [120, 31])).toBeCloseTo((EARTH_RADIUS_M * Math.PI) / 180, 3);
    expect(distanceMetres([120, 30], [120, 30])).toBe(0);
  });

  it('answers the compass bearing in whole degrees', () => {
    expect(bearingDegrees([120, 30], [120, 31])).toBe(0);
    expect(bearingDegrees([120, 30], [121, 30])).toBe(90);
    expect(bearingDegrees([120, 30], [120, 29])).toBe(180);
    expect(bearingDegrees([120, 30], [119, 30])).toBe(270);
    // Just west of north rounds to 0, never 360.
    expect(bearingDegrees([120, 30], [119.9999, 31])).toBe(0);
    expect(bearingDegrees([120, 30], [120, 30])).toBe(0);
  });

  const lonLat = fc.tuple(fc.double({ min: 73, max: 136, noNaN: true }), fc.double({ min: 3, max: 54, noNaN: true })) as fc.Arbitrary<LonLat>;

  it('is symmetric and keeps the triangle inequality', () => {
    fc.assert(
      fc.property(lonLat, lonLat, lonLat, (a, b, c) => {
        expect(distanceMetres(a, b)).toBeCloseTo(distanceMetres(b, a), 6);
        expect(distanceMetres(a, c)).toBeLessThanOrEqual(distanceMetres(a, b) + distanceMetres(b, c) + 1e-6);
      }),
    );
  });

  it('goes back to b from a along the bearing for the distance', () => {
    fc.assert(
      fc.property(lonLat, lonLat, (a, b) => {
        const there = destinationPoint(a, bearingExact(a, b), distanceMetres(a, b));
        expect(distanceMetres(there, b)).toBeLessThan(0.01);
      }),
    );
  });
});

describe('insideFence: polygons', () => {
  // A 1°×1° square near Hangzhou with a square hole in its middle.
  const square: LonLat[] = [
    [120, 30],
    [121, 30],
    [121, 31],
    [120, 31],
  ];
  const hole: LonLat[] = [
    [120.25, 30.25],
    [120.75, 30.25],
    [120.75, 30.75],
    [120.25, 30.75],
  ];
  const withHole = poly(square, [hole]);

  it('knows inside from outside, the hole being outside', () => {
    expect(insideFence(withHole, [120.1, 30.1])).toBe(true);
    expect(insideFence(withHole, [120.5, 30.5])).toBe(false);
    expect(insideFence(withHole, [121.5, 30.5])).toBe(false);
    expect(insideFence(withHole, [119.9, 30.5])).toBe(false);
    expect(insideFence(poly(square), [120.5, 30.5])).toBe(true);
  });

  it('counts the vertices and edges of the ring and of the hole as inside', () => {
    for (const v of [...square, ...hole]) expect(insideFence(withHole, v)).toBe(true);
    expect(insideFence(withHole, [120.5, 30])).toBe(true);
    expect(insideFence(withHole, [121, 30.5])).toBe(true);
    expect(insideFence(withHole, [120.5, 30.25])).toBe(true);
    expect(insideFence(withHole, [120.75, 30.6])).toBe(true);
    // A hair beyond an edge is outside: the tolerance is a rounding error, not a margin.
    expect(insideFence(withHole, [121.000001, 30.5])).toBe(false);
    expect(insideFence(withHole, [120.5, 30.500001 - 0.25])).toBe(false);
  });

  it('accepts a point computed onto a slanted edge', () => {
    const tri = poly([
      [116.1, 39.7],
      [116.7, 40.1],
      [116.2, 40.3],
    ]);
    for (const f of [1 / 3, 0.1, 0.77]) {
      const p: LonLat = [116.1 + (116.7 - 116.1) * f, 39.7 + (40.1 - 39.7) * f];
      expect(insideFence(tri, p)).toBe(true);
    }
  });

  it('handles concave polygons (a U: the notch is outside)', () => {
    const u = poly([
      [113, 23],
      [113.3, 23],
      [113.3, 23.3],
      [113.2, 23.3],
      [113.2, 23.1],
      [113.1, 23.1],
      [113.1, 23.3],
      [113, 23.3],
    ]);
    expect(insideFence(u, [113.05, 23.2])).toBe(true);
    expect(insideFence(u, [113.25, 23.2])).toBe(true);
    expect(insideFence(u, [113.15, 23.05])).toBe(true);
    expect(insideFence(u, [113.15, 23.2])).toBe(false);
    // On the notch's floor and walls.
    expect(insideFence(u, [113.15, 23.1])).toBe(true);
    expect(insideFence(u, [113.1, 23.2])).toBe(true);
    // Level with the notch's inner vertices, left of the polygon and inside the notch.
    expect(insideFence(u, [112.9, 23.1])).toBe(false);
    expect(insideFence(u, [113.15, 23.3])).toBe(false);
  });

  it('counts a ray through a vertex once (a diamond, level with its side vertices)', () => {
    const diamond = poly([
      [104, 30.5],
      [104.5, 30],
      [105, 30.5],
      [104.5, 31],
    ]);
    expect(insideFence(diamond, [104.5, 30.5])).toBe(true);
    expect(insideFence(diamond, [103.5, 30.5])).toBe(false);
    expect(insideFence(diamond, [105.5, 30.5])).toBe(false);
    expect(insideFence(diamond, [104.5, 31.5])).toBe(false);
  });

  it('takes a ring closed by repeating its first vertex the same as an open one', () => {
    const closed = poly([...square, [120, 30]]);
    expect(insideFence(closed, [120.5, 30.5])).toBe(true);
    expect(insideFence(closed, [121.5, 30.5])).toBe(false);
    expect(fenceAreaKm2(closed)).toBeCloseTo(fenceAreaKm2(poly(square)), 6);
  });

  // Points on a circle at sorted angles form a convex polygon; a weighted mean of its vertices with
  // every weight positive lies strictly inside it.
  const convex = fc
    .record({
      angles: fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: 12 }),
      weights: fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
      center: fc.tuple(fc.double({ min: 80, max: 130, noNaN: true }), fc.double({ min: 20, max: 50, noNaN: true })),
      radius: fc.double({ min: 0.01, max: 2, noNaN: true }),
      shift: fc.nat(),
    })
    .map(({ angles, weights, center, radius, shift }) => {
      const ring = [...angles]
        .sort((a, b) => a - b)
        .map((a): LonLat => [center[0] + radius * Math.cos((a * Math.PI) / 180), center[1] + radius * Math.sin((a * Math.PI) / 180)]);
      const w = ring.map((_, i) => weights[i] as number);
      const total = w.reduce((s, x) => s + x, 0);
      const inner: LonLat = [
        ring.reduce((s, p, i) => s + p[0] * (w[i] as number), 0) / total,
        ring.reduce((s, p, i) => s + p[1] * (w[i] as number), 0) / total,
      ];
      return { ring, inner, shift: shift % ring.length };
    });

  it('keeps an interior point inside whichever vertex the ring starts from, in either direction', () => {
    fc.assert(
      fc.property(convex, ({ ring, inner, shift }) => {
        const rotated = [...ring.slice(shift), ...ring.slice(0, shift)];
        expect(insideFence(poly(ring), inner)).toBe(true);
        expect(insideFence(poly(rotated), inner)).toBe(true);
        expect(insideFence(poly([...rotated].reverse()), inner)).toBe(true);
        expect(fenceAreaKm2(poly(rotated))).toBeCloseTo(fenceAreaKm2(poly(ring)), 6);
        expect(fenceAreaKm2(poly([...rotated].reverse()))).toBeCloseTo(fenceAreaKm2(poly(ring)), 6);
      }),
    );
  });

  it('keeps every vertex and edge midpoint of a convex ring inside', () => {
    fc.assert(
      fc.property(convex, ({ ring }) => {
        const f = poly(ring);
        ring.forEach((p, i) => {
          const q = ring[(i + 1) % ring.length] as LonLat;
          expect(insideFence(f, p)).toBe(true);
          expect(insideFence(f, [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2])).toBe(true);
        });
      }),
    );
  });
});

describe('insideFence: circles on the sphere', () => {
  for (const lat of [30, 50]) {
    it(`tells 999 m from 1 001 m around a 1 000 m fence at latitude ${lat}`, () => {
      const center: LonLat = [116, lat];
      const f = circle(center, 1000);
      for (const bearing of [0, 45, 90, 135, 180, 270, 333]) {
        expect(insideFence(f, destinationPoint(center, bearing, 999))).toBe(true);
        expect(insideFence(f, destinationPoint(center, bearing, 1001))).toBe(false);
        expect(insideFence(f, destinationPoint(center, bearing, 1000))).toBe(true);
      }
      expect(insideFence(f, center)).toBe(true);
    });
  }

  it('uses metres on the ground, not degrees: 1 000 m east at latitude 50 is 0.014° of longitude', () => {
    const f = circle([116, 50], 1000);
    // 0.012° of longitude at 50° is about 860 m: inside, though 0.012° of latitude would be 1 334 m.
    expect(insideFence(f, [116.012, 50])).toBe(true);
    expect(insideFence(f, [116, 50.012])).toBe(false);
  });
});

describe('fenceAreaKm2', () => {
  it('measures a circle as a spherical cap (πr² for a small one)', () => {
    expect(fenceAreaKm2(circle([120, 30], 1000))).toBeCloseTo(Math.PI, 5);
    expect(fenceAreaKm2(circle([120, 30], 50_000))).toBeCloseTo(Math.PI * 2500, 0);
  });

  it('measures a one-degree cell at the equator and a polygon less its hole', () => {
    const R = EARTH_RADIUS_M / 1000;
    const cell = R * R * (Math.PI / 180) * Math.sin(Math.PI / 180);
    const a = fenceAreaKm2(
      poly([
        [100, 0],
        [101, 0],
        [101, 1],
        [100, 1],
      ]),
    );
    expect(Math.abs(a - cell) / cell).toBeLessThan(1e-3);
    const outer: LonLat[] = [
      [120, 30],
      [120.2, 30],
      [120.2, 30.2],
      [120, 30.2],
    ];
    const hole: LonLat[] = [
      [120.05, 30.05],
      [120.15, 30.05],
      [120.15, 30.15],
      [120.05, 30.15],
    ];
    const whole = fenceAreaKm2(poly(outer));
    expect(fenceAreaKm2(poly(outer, [hole]))).toBeCloseTo(whole - fenceAreaKm2(poly(hole)), 6);
    // At latitude 30 a 0.2° square is about 22.2 km × 19.3 km.
    expect(whole).toBeGreaterThan(425);
    expect(whole).toBeLessThan(432);
  });
});

describe('fenceCrossings', () => {
  const box = poly([
    [120, 30],
    [120.1, 30],
    [120.1, 30.1],
    [120, 30.1],
  ]);
  const eastwards = (from: number, to: number, steps: number) =>
    Array.from({ length: steps + 1 }, (_, i): [number, number, number] => [from + ((to - from) * i) / steps, 30.05, 60]);

  it('finds the entry and the exit of a track passing through', () => {
    const tr = track(eastwards(119.9, 120.2, 30));
    // Points every 0.01°: index 10 is on the west edge (inside), index 20 on the east edge, 21 outside.
    expect(fenceCrossings(box, tr)).toEqual([
      { kind: 'in', index: 10 },
      { kind: 'out', index: 21 },
    ]);
  });

  it('does not count a track starting inside as an entry', () => {
    const tr = track(eastwards(120.05, 120.2, 15));
    expect(fenceCrossings(box, tr)).toEqual([{ kind: 'out', index: 6 }]);
    expect(fenceCrossings(box, track(eastwards(120.02, 120.08, 6)))).toEqual([]);
    expect(fenceCrossings(box, track([]))).toEqual([]);
  });

  it('finds repeated visits of a circle', () => {
    const center: LonLat = [121, 31];
    const f = circle(center, 500);
    const far = destinationPoint(center, 90, 2000);
    const near = destinationPoint(center, 90, 100);
    const tr = track([
      [far[0], far[1], 50],
      [near[0], near[1], 50],
      [near[0], near[1], 0],
      [far[0], far[1], 50],
      [center[0], center[1], 40],
      [far[0], far[1], 50],
    ]);
    expect(fenceCrossings(f, tr)).toEqual([
      { kind: 'in', index: 1 },
      { kind: 'out', index: 3 },
      { kind: 'in', index: 4 },
      { kind: 'out', index: 5 },
    ]);
  });
});

describe('findStops and trackSummary', () => {
  // 10 min at 60 km/h eastwards (500 m per 30 s), 15 min parked with metre-sized jitter, then
  // 6 min creeping at 3 km/h (25 m per 30 s: within 200 m of its start) and 5 min at 60 km/h.
  const start: LonLat = [120, 30];
  const pts: [number, number, number][] = [];
  let at = start;
  for (let i = 0; i < 20; i++) {
    pts.push([at[0], at[1], 60]);
    at = destinationPoint(at, 90, 500);
  }
  const parkedAt = at;
  for (let i = 0; i <= 30; i++) {
    const j = destinationPoint(parkedAt, (i * 77) % 360, i % 3);
    pts.push([j[0], j[1], 0]);
  }
  for (let i = 0; i < 12; i++) {
    at = destinationPoint(at, 90, 25);
    pts.push([at[0], at[1], 3]);
  }
  for (let i = 0; i < 10; i++) {
    at = destinationPoint(at, 90, 500);
    pts.push([at[0], at[1], 60]);
  }
  const tr = track(pts);

  it('finds the parked stretch, starting where the truck stood', () => {
    const stops = findStops(tr, 10);
    expect(stops).toHaveLength(1);
    // The parked run begins at index 20; the creeping after it stays within 200 m of it (12 × 25 m = 300 m: not all).
    expect(stops[0]?.from).toBe(20);
    expect(stops[0]?.minutes).toBeGreaterThanOrEqual(15);
    expect(stops[0]?.minutes).toBeLessThanOrEqual(19);
    expect(findStops(tr, 20)).toEqual([]);
  });

  it('counts creeping within 200 m as a stop', () => {
    const creep: [number, number, number][] = [];
    let p: LonLat = [113, 23];
    for (let i = 0; i < 16; i++) {
      creep.push([p[0], p[1], 2]);
      p = destinationPoint(p, 0, 10);
    }
    expect(findStops(track(creep), 5)).toEqual([{ from: 0, to: 15, minutes: 8 }]);
  });

  it('sums mileage, speeds and minutes', () => {
    const s = trackSummary(tr);
    // 20 × 0.5 km + 12 × 25 m + 10 × 0.5 km; the parked jitter adds nothing.
    expect(s.mileageKm).toBeGreaterThan(15.29);
    expect(s.mileageKm).toBeLessThan(15.4);
    expect(s.topSpeed).toBe(60);
    expect(s.stoppedMinutes).toBe(15);
    expect(s.movingMinutes + s.stoppedMinutes).toBe(Math.round(((pts.length - 1) * 30) / 60));
    // Moving intervals: 19 at 60, rolling in (60→0), rolling out (0→3), 11 at 3, speeding up (3→60), 9 at 60.
    expect(s.averageSpeed).toBeCloseTo((19 * 60 + 30 + 1.5 + 11 * 3 + 31.5 + 9 * 60) / 42, 1);
    expect(trackSummary(track([]))).toEqual({ mileageKm: 0, averageSpeed: 0, topSpeed: 0, movingMinutes: 0, stoppedMinutes: 0 });
  });

  it('adds no distance while parked, however the receiver drifts', () => {
    // A day parked, reporting every 30 s within a few metres of one spot.
    const parked: [number, number, number][] = Array.from({ length: 2_880 }, (_, i) => {
      const p = destinationPoint([120.2, 30.2], (i * 137) % 360, 3);
      return [p[0], p[1], 0];
    });
    const s = trackSummary(track(parked));
    expect(s.mileageKm).toBe(0);
    expect(s.stoppedMinutes).toBe(1_440);
  });
});
