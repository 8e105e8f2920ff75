// The vehicle map's props, shared by the server-safe wrapper and the Leaflet leaf it loads.
import type { LonLat } from './coords';

/** webConfig.map, passed down from a server page: null draws the offline base map (Decision 11). */
export type MapTiles = { tilesUrl: string; crs: 'gcj02' | 'wgs84'; subdomains: string; attribution: string } | null;

export type FenceDraft = { center: LonLat; radius: number } | { points: LonLat[] };

export interface FleetMapMarker {
  id: number;
  lon: number;
  lat: number;
  label: string;
  /** Degrees, 0 = north, clockwise: the arrow points there. */
  heading?: number;
  /** Green when true, grey when false; blue when unknown. */
  online?: boolean;
  /** Shown under the label in the marker's popup. */
  detail?: string;
  /** The row chosen beside the map: drawn larger above the others, its popup open, panned into view. */
  selected?: boolean;
}

export interface FleetMapFence {
  id: number;
  name: string;
  shape: 'circle' | 'polygon';
  center?: LonLat | null;
  radius?: number | null;
  points?: LonLat[] | null;
  selected?: boolean;
}

/**
 * A regular driving line between two cities (the insurance models' 常跑线路): drawn as a gentle arc
 * with an arrow at its middle pointing from → to, thicker for a larger share, the cities marked.
 */
export interface FleetMapLine {
  id: number;
  from: LonLat;
  to: LonLat;
  fromLabel: string;
  toLabel: string;
  /** The line's tooltip: 杭州 → 上海 · 86 趟 · 176 公里. */
  label: string;
  /** 0–1, the line's share of the kilometres: the stroke's width. */
  weight?: number;
  /** The row chosen beside the map: drawn in the accent colour, above the others. */
  selected?: boolean;
}

/** All coordinates in and out are GCJ-02 [lon, lat]. */
export interface FleetMapProps {
  tiles: MapTiles;
  height: number | string;
  markers?: FleetMapMarker[];
  track?: { lon: readonly number[]; lat: readonly number[] } | null;
  /** Index of the track point being played: a moving vehicle marker, the part behind it drawn darker. */
  cursor?: number | null;
  stops?: { lon: number; lat: number; label: string }[];
  fences?: FleetMapFence[];
  lines?: FleetMapLine[];
  /**
   * Drawing a fence: circle or polygon, edited by dragging; onChange gets GCJ-02 values, the radius
   * in metres. `initial` (optional) starts from an existing shape, for editing a fence.
   */
  draw?: { shape: 'circle' | 'polygon'; onChange: (s: FenceDraft) => void; initial?: FenceDraft | null } | null;
  /** What the view frames when the data arrives; by default the track, else the markers, else the fences, else China. */
  fit?: 'markers' | 'track' | 'fences' | 'lines' | 'china';
  onLineClick?: (id: number) => void;
  onMarkerClick?: (id: number) => void;
  /** Accessible name of the map region. */
  ariaLabel?: string;
  className?: string;
}
