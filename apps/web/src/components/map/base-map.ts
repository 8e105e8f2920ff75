// The offline base map (Decision 11): china-geojson's province outlines, moved from WGS-84 to
// GCJ-02 so they line up with the vehicles' positions. The 344 KB outline file is imported on
// demand, so it is a chunk of its own that only pages drawing a map download, and converted once.
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import gcoord from 'gcoord';
import { CITIES } from './cities';
import type { LonLat } from './coords';

/** Its feature is not geography: a schematic inset (frame, the dashed line, the islands) parked east of Taiwan. */
export const SOUTH_SEA_INSET = '南海诸岛';

export interface BaseMap {
  /** Provinces, 台湾, 香港, 澳门, in GCJ-02. */
  provinces: FeatureCollection<Polygon | MultiPolygon>;
  /** The 南海诸岛 inset's rings, in its own schematic coordinates. */
  inset: LonLat[][];
  cities: { name: string; lonLat: LonLat; rank: 1 | 2 }[];
}

let loading: Promise<BaseMap> | null = null;

export function loadBaseMap(): Promise<BaseMap> {
  loading ??= import('china-geojson/src/geojson/china.json').then((mod) => {
    const raw = (mod.default ?? mod) as unknown as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
    const provinces: Feature<Polygon | MultiPolygon>[] = [];
    const inset: LonLat[][] = [];
    for (const f of raw.features) {
      if (f.properties?.name === SOUTH_SEA_INSET) {
        const polys = f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [f.geometry.coordinates];
        for (const poly of polys) for (const ring of poly) inset.push(ring.map((p) => [p[0] ?? 0, p[1] ?? 0]));
      } else {
        const move = (ring: Position[]) => ring.map((q) => gcoord.transform([q[0] ?? 0, q[1] ?? 0], gcoord.WGS84, gcoord.GCJ02) as Position);
        const geometry: Polygon | MultiPolygon =
          f.geometry.type === 'MultiPolygon'
            ? { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((poly) => poly.map(move)) }
            : { type: 'Polygon', coordinates: f.geometry.coordinates.map(move) };
        provinces.push({ type: 'Feature', properties: f.properties, geometry });
      }
    }
    const cities = CITIES.map((c) => ({ name: c.name, rank: c.rank, lonLat: gcoord.transform([c.lon, c.lat], gcoord.WGS84, gcoord.GCJ02) as LonLat }));
    return { provinces: { type: 'FeatureCollection', features: provinces }, inset, cities };
  });
  return loading;
}
