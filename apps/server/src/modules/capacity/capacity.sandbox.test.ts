// The sandbox's fleets for 9883 企业运力画像 (providers/sandbox/families/capacity.ts): for many
// companies, the parts always add up, the same company is the same fleet, and when the twelve
// months move on the months already shown keep their figures.
import { usccCheckChar } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { apportion, BANDS, fleetOf, lastMonths } from '../../providers/sandbox/families/capacity';

const code = (i: number) => {
  const body = `91${['33', '31', '44', '51', '15', '99'][i % 6]}0100MA${String(200000 + i)}8`;
  return body + usccCheckChar(body);
};
const MONTHS = lastMonths(Date.parse('2026-03-18T10:24:36+08:00'));

describe('the sandbox fleet of a company', () => {
  it('counts the twelve months before the call’s month, China time', () => {
    expect(MONTHS).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    // 2026-01-01 03:00 in China is still 2025-12-31 in UTC: the window follows China.
    expect(lastMonths(Date.parse('2026-01-01T03:00:00+08:00')).at(-1)).toBe('2025-12');
  });

  it('splits a whole into parts that add up to it', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0, 0])).toEqual([0, 0]);
    expect(apportion(86, [5, 3, 1]).reduce((a, b) => a + b, 0)).toBe(86);
  });

  it('adds up, stays plausible and answers the same fleet every time, for 200 companies', () => {
    for (let i = 0; i < 200; i++) {
      const f = fleetOf(code(i), MONTHS);
      const at = code(i);
      expect(f.vehicleCount, at).toBeGreaterThanOrEqual(6);
      expect(
        f.byType.reduce((s, x) => s + x.count, 0),
        at,
      ).toBe(f.vehicleCount);
      expect(
        f.byTonnage.reduce((s, x) => s + x.count, 0),
        at,
      ).toBe(f.vehicleCount);
      expect(
        f.byTonnage.every((b) => (BANDS as readonly string[]).includes(b.band)),
        at,
      ).toBe(true);
      expect(f.active30dCount, at).toBeLessThanOrEqual(f.vehicleCount);
      expect(f.newEnergyCount, at).toBeLessThanOrEqual(f.vehicleCount);
      expect(Math.round(f.regions.reduce((s, x) => s + x.share, 0) * 1000), at).toBe(1000);
      expect(new Set(f.regions.map((r) => r.province)).size, at).toBe(f.regions.length);
      expect(
        f.trend.map((m) => m.month),
        at,
      ).toEqual(MONTHS);
      for (const m of f.trend) expect(m.activeVehicles, at).toBeLessThanOrEqual(f.vehicleCount);
      expect(fleetOf(code(i), MONTHS), at).toEqual(f);
    }
  });

  it('keeps the months already shown when the window moves on a month', () => {
    const next = lastMonths(Date.parse('2026-04-18T10:00:00+08:00'));
    const [a, b] = [fleetOf(code(3), MONTHS), fleetOf(code(3), next)];
    // All but the last month (which is the last 30 days) keep their figures.
    expect(b.trend.slice(0, 10)).toEqual(a.trend.slice(1, 11));
    expect(b.vehicleCount).toBe(a.vehicleCount);
  });
});
