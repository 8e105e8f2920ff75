// A driving line drawn as a gentle arc (a quadratic curve bowed to the left of its direction), so
// the lines A→B and B→A, or two lines sharing a city, stay apart. Sampled: Leaflet draws polylines.
import type { LonLat } from './coords';

export function arcPoints(a: LonLat, b: LonLat, steps = 24): LonLat[] {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const bow = 0.18;
  const c: LonLat = [(a[0] + b[0]) / 2 - dy * bow, (a[1] + b[1]) / 2 + dx * bow];
  const out: LonLat[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}
