// The insurance models' sandbox answers (9963, 9964, 9965): the same subject answers the same
// score, figures, lines and cycles every time; lines run between the fleet's real hubs with
// GCJ-02 coordinates and provinces the china map knows; the figures agree with the cycles.
import { createRequire } from 'node:module';
import { gradeOf, MAP_PROVINCES } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { SEED_INTERFACES } from '../../db/seed/data/interfaces';
import { COMPANY } from '../../db/seed/data/interfaces/shared';
import type { SeedInterface } from '../../db/seed/data/types';
import { sandboxAnswer } from '../sandbox';
import { drawFor } from './draw';
import { linesAndCycles, mapProvince } from './insurance-lines';

const spec = (id: number): SeedInterface => {
  const s = SEED_INTERFACES.find((x) => x.id === id);
  if (!s) throw new Error(`no interface ${id}`);
  return s;
};
const NOW = Date.parse('2026-11-26T10:00:00Z');
const online = (n: number) => {
  const out: string[] = [];
  for (let i = 20000; out.length < n; i++) if (!drawFor(['vehicle', `浙B${i}`]).chance('offline', 0.06)) out.push(`浙B${i}`);
  return out;
};
type Line = { fromProvince: string; toProvince: string; fromLon: number; fromLat: number; trips: number; share: number };
type Cycle = { km: number; nightShare: number; fatigue: boolean; overspeedCount: number; departTime: string; arriveTime: string };

describe('truck model (9963)', () => {
  it('answers the same plate identically, and other plates differently', () => {
    const [a, b] = online(2) as [string, string];
    const first = sandboxAnswer(spec(9963), { plateNumber: a, plateColor: '2' }, NOW);
    const again = sandboxAnswer(spec(9963), { plateNumber: a, plateColor: '2' }, NOW);
    const other = sandboxAnswer(spec(9963), { plateNumber: b, plateColor: '2' }, NOW);
    expect(first.code).toBe('10000');
    expect(again.data).toEqual(first.data);
    expect(other.data).not.toEqual(first.data);
  });

  it('answers lines between hubs, with map provinces, and figures read from its cycles', () => {
    for (const plate of online(12)) {
      const d = sandboxAnswer(spec(9963), { plateNumber: plate, plateColor: '2' }, NOW).data as Record<string, unknown>;
      expect(d.riskLevel).toBe(gradeOf(d.score as number));
      const lines = d.lines as Line[];
      const cycles = d.cycles as Cycle[];
      expect(lines.length).toBeGreaterThan(0);
      expect(cycles.length).toBeGreaterThan(10);
      for (const l of lines) {
        expect(MAP_PROVINCES).toContain(l.fromProvince);
        expect(MAP_PROVINCES).toContain(l.toProvince);
        expect(l.fromLon).toBeGreaterThan(73);
        expect(l.fromLat).toBeGreaterThan(18);
      }
      expect(lines.reduce((s, l) => s + l.share, 0)).toBeCloseTo(1, 1);
      expect(lines.reduce((s, l) => s + l.trips, 0)).toBe(cycles.length);
      const km = cycles.reduce((s, c) => s + c.km, 0);
      expect(d.monthlyMileage).toBe(Math.round(km / 3));
      expect(d.fatigueCount).toBe(cycles.filter((c) => c.fatigue).length);
      expect(d.overspeedCount).toBe(cycles.reduce((s, c) => s + c.overspeedCount, 0));
      for (const c of cycles) expect(c.arriveTime > c.departTime).toBe(true);
    }
  });

  it('keeps a cycle the same when asked later: slots sit on absolute time', () => {
    const [plate] = online(1) as [string];
    const early = linesAndCycles(plate, '2', 'truck', NOW, 50);
    const later = linesAndCycles(plate, '2', 'truck', NOW + 4 * 86_400_000, 50);
    const key = (c: unknown) => JSON.stringify(c);
    const overlap = early.cycles.filter((c) => later.cycles.map(key).includes(key(c)));
    expect(overlap.length).toBeGreaterThan(early.cycles.length - 4);
  });

  it('answers the documented request with the documented sample', () => {
    expect(sandboxAnswer(spec(9963), { plateNumber: '浙A8F2C6', plateColor: '2' }).data).toEqual(spec(9963).sampleResponse.data);
  });
});

describe('bus model (9965) and fleet model (9964)', () => {
  it('gives a coach shorter lines and its own figures', () => {
    const [plate] = online(1) as [string];
    const d = sandboxAnswer(spec(9965), { plateNumber: plate, plateColor: '2' }, NOW).data as Record<string, number>;
    for (const key of ['nightLongRatio', 'mountainRatio', 'stopRegularity', 'overspeedCount', 'fatigueCount', 'monthlyMileage'])
      expect(typeof d[key]).toBe('number');
    expect(d.stopRegularity).toBeLessThanOrEqual(1);
  });

  it('splits a fleet by grade in agreement with its high-risk share', () => {
    const d = sandboxAnswer(spec(9964), { companyName: '杭州顺达物流有限公司', creditCode: COMPANY.transport.creditCode }, NOW).data as Record<string, unknown>;
    const dist = d.gradeDistribution as Record<string, number>;
    const total = Object.values(dist).reduce((a, b) => a + b, 0);
    expect(total).toBe(d.evaluatedCount);
    expect(((dist.D ?? 0) + (dist.E ?? 0)) / total).toBeCloseTo(d.highRiskRatio as number, 1);
  });

  it('takes a company by name or by credit code, not by neither', () => {
    expect(sandboxAnswer(spec(9964), { companyName: '杭州顺达物流有限公司' }, NOW).code).toBe('10000');
    expect(sandboxAnswer(spec(9964), { creditCode: COMPANY.transport.creditCode }, NOW).code).toBe('10000');
    expect(sandboxAnswer(spec(9964), {}, NOW).code).toBe('10002');
  });

  it('names provinces as the china map does', () => {
    // The web's base map (apps/web/src/components/map/base-map.ts) joins on these feature names.
    const china = createRequire(import.meta.url)('china-geojson/src/geojson/china.json') as { features: Array<{ properties: { name: string } }> };
    const names = china.features.map((f) => f.properties.name);
    for (const p of MAP_PROVINCES) expect(names).toContain(p);
    expect(mapProvince('内蒙古自治区')).toBe('内蒙古');
    expect(mapProvince('广西壮族自治区')).toBe('广西');
    expect(mapProvince('上海市')).toBe('上海');
  });
});
