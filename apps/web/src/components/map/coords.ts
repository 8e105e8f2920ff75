// Coordinate systems of the vehicle maps. Everything the product stores and the vehicle interfaces
// answer is GCJ-02; only a tile layer drawn in WGS-84 needs the overlays moved (Decision 11).
import gcoord from 'gcoord';

/** [lon, lat] degrees. */
export type LonLat = [number, number];
export type MapCrs = 'gcj02' | 'wgs84';

/** A GCJ-02 point as the map draws it. */
export function toDisplay(p: LonLat, crs: MapCrs): LonLat {
  return crs === 'wgs84' ? (gcoord.transform([p[0], p[1]], gcoord.GCJ02, gcoord.WGS84) as LonLat) : p;
}

/** A point drawn on the map back in GCJ-02 (what the fence calls take). */
export function fromDisplay(p: LonLat, crs: MapCrs): LonLat {
  return crs === 'wgs84' ? (gcoord.transform([p[0], p[1]], gcoord.WGS84, gcoord.GCJ02) as LonLat) : p;
}

/** Six decimals (≈ 0.1 m) is finer than any GPS fix; longer tails only bloat the fence rows. */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
