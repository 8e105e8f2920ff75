// A synthetic track for the map benchmark: a loop west of Shanghai, GCJ-02, one point every 30 s,
// no randomness, so every run draws the same shape.
export function syntheticTrack(n: number) {
  const lon: number[] = [];
  const lat: number[] = [];
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = i / Math.max(1, n - 1);
    lon.push(121.2 - 2.4 * Math.sin(f * Math.PI) + 0.05 * Math.sin(f * 90));
    lat.push(31.1 + 0.45 * Math.sin(f * Math.PI * 2) + 0.04 * Math.cos(f * 70));
    t.push(i * 30);
  }
  return { lon, lat, t };
}
