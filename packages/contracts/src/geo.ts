// Geometry of positions, tracks and fences on the sphere, shared by the server (fence events,
// track statistics) and the browser (drawing, areas). Coordinates are GCJ-02 [lon, lat] degrees.
// The fleet helper fills these in (issue #22); the signatures are what the others code against.
import type { LonLat } from './transport';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(_a: LonLat, _b: LonLat): number {
  throw new Error('geo.distanceMetres: not built yet');
}

/** Initial bearing from a to b, degrees 0–359 (0 = north, clockwise). */
export function bearingDegrees(_a: LonLat, _b: LonLat): number {
  throw new Error('geo.bearingDegrees: not built yet');
}

/** A fence as geometry: a circle (centre, radius in metres) or a polygon ring (holes optional). */
export type FenceGeometry = { shape: 'circle'; center: LonLat; radius: number } | { shape: 'polygon'; points: readonly LonLat[]; holes?: readonly (readonly LonLat[])[] };

/** Whether a point lies inside the fence; a point on the boundary counts as inside. */
export function insideFence(_f: FenceGeometry, _p: LonLat): boolean {
  throw new Error('geo.insideFence: not built yet');
}

/** Area on the sphere, square kilometres. */
export function fenceAreaKm2(_f: FenceGeometry): number {
  throw new Error('geo.fenceAreaKm2: not built yet');
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

/** The entries and exits of a track through a fence, in time order. */
export function fenceCrossings(_f: FenceGeometry, _track: TrackColumns): Crossing[] {
  throw new Error('geo.fenceCrossings: not built yet');
}

/** A stretch at (almost) no speed lasting at least minMinutes: indexes of its first and last point. */
export interface StopSpan {
  from: number;
  to: number;
  minutes: number;
}

/** Stops of a track: runs of points at speed 0 (or within 200 m of where the run began) of at least minMinutes. */
export function findStops(_track: TrackColumns, _minMinutes: number): StopSpan[] {
  throw new Error('geo.findStops: not built yet');
}

/** Mileage (km along the points), average speed while moving, top speed, minutes moving and stopped. */
export function trackSummary(_track: TrackColumns): { mileageKm: number; averageSpeed: number; topSpeed: number; movingMinutes: number; stoppedMinutes: number } {
  throw new Error('geo.trackSummary: not built yet');
}
