import { describe, expect, it } from 'vitest';
import { arcPoints } from './arc';

describe('arcPoints', () => {
  it('starts and ends at the cities and bows to the left of the way', () => {
    const pts = arcPoints([120, 30], [121, 30], 4);
    expect(pts).toHaveLength(5);
    expect(pts[0]).toEqual([120, 30]);
    expect(pts[4]?.[0]).toBeCloseTo(121);
    expect(pts[4]?.[1]).toBeCloseTo(30);
    // Heading east, left is north: the middle lies above the straight line.
    expect(pts[2]?.[1]).toBeGreaterThan(30);
    // The way back bows the other side, so the two lines do not overlap.
    expect(arcPoints([121, 30], [120, 30], 4)[2]?.[1]).toBeLessThan(30);
  });
});
