// 车险分析's declarations: every call behind menu code 12 with its spec path; the inputs refuse
// in the customer's words; grades as documented.
import { describe, expect, it } from 'vitest';
import { FEATURE } from './account';
import {
  AccessHistoryInput,
  BusLogInput,
  CycleListInput,
  FleetScoreInput,
  gradeOf,
  INSURANCE_MSG,
  insuranceApi,
  QueryIdInput,
  RISK_GRADE_LABEL,
  ScoreVehicleInput,
  ZoneDataInput,
} from './insurance';
import { TRANSPORT_MSG } from './transport';
import { firstMessage } from './validation';

const refusal = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : firstMessage(r.error as Parameters<typeof firstMessage>[0]);
};

describe('insuranceApi', () => {
  it('puts every call behind 车险分析 (menu code 12) for an authenticated company', () => {
    for (const c of Object.values(insuranceApi)) {
      expect(c.access).toBe('qualified');
      expect(c.feature).toBe(FEATURE.vehicleInsurance);
      expect(c.method).toBe('POST');
    }
  });

  it('keeps the spec’s paths (§7 Insurance)', () => {
    const paths = Object.values(insuranceApi).map((c) => c.path);
    for (const p of [
      'getInsuranceZoneData',
      'qyCarTeamModel',
      'getCarTeamModelPage',
      'busModel',
      'getBusModelPage',
      'drivingLine',
      'findDrivingCycleMongoByPage',
    ]) {
      expect(paths).toContain(`/UserCenter/${p}`);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('inputs', () => {
  it('reads a plate upper-cased and checks its colour', () => {
    expect(ScoreVehicleInput.parse({ plateNumber: ' 苏e30000 ', plateColor: '2' })).toEqual({ plateNumber: '苏E30000', plateColor: 2 });
    expect(refusal(ScoreVehicleInput, { plateNumber: '', plateColor: '2' })).toBe(TRANSPORT_MSG.plateRequired);
    expect(refusal(ScoreVehicleInput, { plateNumber: '苏E30000', plateColor: '9' })).toBe(TRANSPORT_MSG.plateColor);
    expect(refusal(ScoreVehicleInput, { plateNumber: '苏AD12345', plateColor: '2' })).toBe(TRANSPORT_MSG.newEnergyColor);
  });

  it('takes a company by name or a valid credit code', () => {
    expect(refusal(FleetScoreInput, {})).toBe(INSURANCE_MSG.companyRequired);
    expect(refusal(FleetScoreInput, { companyName: '', creditCode: '' })).toBe(INSURANCE_MSG.companyRequired);
    expect(refusal(FleetScoreInput, { creditCode: '91310115MA1K2L3M47' })).toBe(INSURANCE_MSG.creditCode);
    expect(FleetScoreInput.parse({ creditCode: '91310115ma1k2l3m46' })).toEqual({ creditCode: '91310115MA1K2L3M46' });
    expect(refusal(FleetScoreInput, { companyName: '甲' })).toBe(INSURANCE_MSG.companyName);
    expect(refusal(FleetScoreInput, { companyName: '运输\u0000公司' })).toBe(INSURANCE_MSG.controlChars);
  });

  it('checks periods, grades and models in words', () => {
    expect(refusal(AccessHistoryInput, { startDate: '2026-13-01' })).toBe(INSURANCE_MSG.startDate);
    expect(refusal(AccessHistoryInput, { startDate: '2026-03-02', endDate: '2026-03-01' })).toBe(INSURANCE_MSG.dateOrder);
    expect(refusal(ZoneDataInput, { startDate: '2025-01-01', endDate: '2026-03-01' })).toBe(INSURANCE_MSG.rangeTooLong);
    expect(refusal(BusLogInput, { grade: 'F' })).toBe(INSURANCE_MSG.grade);
    expect(refusal(AccessHistoryInput, { model: 'car' })).toBe(INSURANCE_MSG.model);
    expect(AccessHistoryInput.parse({ model: '', grade: '', startDate: '' })).toMatchObject({ pageNum: 1 });
    expect(refusal(QueryIdInput, { id: '0' })).toBe(INSURANCE_MSG.queryMissing);
    expect(CycleListInput.parse({ id: '12', export: '1' })).toMatchObject({ id: 12, export: 1 });
  });
});

describe('grades', () => {
  it('grades as documented: A < 30 ≤ B < 40 ≤ C < 60 ≤ D < 80 ≤ E', () => {
    expect([0, 29, 30, 39, 40, 59, 60, 79, 80, 100].map(gradeOf)).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'E', 'E']);
    expect(RISK_GRADE_LABEL.E).toBe('高风险');
  });
});
