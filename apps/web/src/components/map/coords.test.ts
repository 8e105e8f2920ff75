import { distanceMetres } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { fromDisplay, type LonLat, toDisplay } from './coords';

// 天安门 in GCJ-02, as a Chinese map provider or the vehicle interfaces give it.
const TIANANMEN: LonLat = [116.403963, 39.915119];

describe('coordinates for the tiles', () => {
  it('leaves GCJ-02 as it is for GCJ-02 tiles (and offline)', () => {
    expect(toDisplay(TIANANMEN, 'gcj02')).toEqual(TIANANMEN);
    expect(fromDisplay(TIANANMEN, 'gcj02')).toEqual(TIANANMEN);
  });

  it('moves a point a few hundred metres for WGS-84 tiles, and back within a metre', () => {
    const shown = toDisplay(TIANANMEN, 'wgs84');
    const offset = distanceMetres(TIANANMEN, shown);
    expect(offset).toBeGreaterThan(100);
    expect(offset).toBeLessThan(1_000);
    expect(distanceMetres(fromDisplay(shown, 'wgs84'), TIANANMEN)).toBeLessThan(1);
  });
});
