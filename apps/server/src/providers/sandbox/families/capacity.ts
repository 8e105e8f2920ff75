// A transport company's fleet capacity (9883 企业运力画像, issue #23): how many freight vehicles it
// runs, of which types and weights, how many were on the road in the last 30 days, where they
// drive and how that moved over twelve months. Everything is drawn from the company alone (its
// credit code, derived from the name when only the name is given), so the same company answers
// the same fleet every time; a month's figures are drawn from the company and the month, so
// when the twelve months move on, the months already shown keep their figures.
import { PROVINCE_BY_DIVISION } from '@apimarket/contracts';
import { CODE, type Family } from '../context';
import { type Draw, drawFor } from '../draw';
import { FIXTURE_COMPANIES } from '../entities';
import type { Json } from '../json';
import { putAll } from '../json';
import { companySubject } from './company';

/** An interface answered here: its documented answer holds a fleet's types, weights and trend. */
export function isCapacityProfile(spec: { responseFields: ReadonlyArray<{ name: string }> }): boolean {
  const names = new Set(spec.responseFields.map((f) => f.name));
  return names.has('data.byType') && names.has('data.byTonnage') && names.has('data.trend');
}

interface VehicleType {
  type: string;
  /** Tonnage bands (indexes of BANDS) the type's vehicles weigh in, with their weights. */
  bands: Array<[number, number]>;
  /** Monthly kilometres of one active vehicle. */
  km: [number, number];
  /** Chance a vehicle of the type runs on electricity or hydrogen. */
  newEnergy: [number, number];
}

export const BANDS = ['4.5吨及以下', '4.5-12吨', '12-18吨', '18-31吨', '31吨以上'] as const;

const TYPES: readonly VehicleType[] = [
  { type: '重型半挂牵引车', bands: [[4, 1]], km: [10_500, 14_500], newEnergy: [0, 0.06] },
  {
    type: '重型厢式货车',
    bands: [
      [2, 0.45],
      [3, 0.55],
    ],
    km: [7_500, 11_000],
    newEnergy: [0, 0.05],
  },
  {
    type: '重型仓栅式货车',
    bands: [
      [2, 0.35],
      [3, 0.65],
    ],
    km: [7_000, 10_000],
    newEnergy: [0, 0.03],
  },
  { type: '中型厢式货车', bands: [[1, 1]], km: [5_000, 7_500], newEnergy: [0.02, 0.15] },
  { type: '轻型厢式货车', bands: [[0, 1]], km: [3_000, 5_000], newEnergy: [0.1, 0.55] },
  {
    type: '危险品运输车',
    bands: [
      [3, 0.4],
      [4, 0.6],
    ],
    km: [6_500, 9_500],
    newEnergy: [0, 0],
  },
  {
    type: '重型自卸货车',
    bands: [
      [3, 0.3],
      [4, 0.7],
    ],
    km: [4_000, 6_500],
    newEnergy: [0, 0.08],
  },
  {
    type: '冷藏车',
    bands: [
      [1, 0.5],
      [2, 0.5],
    ],
    km: [6_000, 9_000],
    newEnergy: [0, 0.1],
  },
];

/** Kinds of carriers: which types they run, by weight. */
const PROFILES: ReadonlyArray<Record<string, number>> = [
  // 干线零担 / 整车
  { 重型半挂牵引车: 5, 重型厢式货车: 3, 重型仓栅式货车: 1.2, 中型厢式货车: 0.8, 轻型厢式货车: 1.2, 危险品运输车: 0.3 },
  // 城配
  { 轻型厢式货车: 6, 中型厢式货车: 3, 重型厢式货车: 1.2, 冷藏车: 0.8, 重型半挂牵引车: 0.4 },
  // 大宗 / 工程
  { 重型自卸货车: 4, 重型半挂牵引车: 4, 重型仓栅式货车: 2, 中型厢式货车: 0.4 },
  // 危化品
  { 危险品运输车: 6, 重型半挂牵引车: 2.5, 重型厢式货车: 0.5 },
  // 冷链
  { 冷藏车: 5, 重型半挂牵引车: 2, 轻型厢式货车: 1.5, 中型厢式货车: 1 },
];

/**
 * The provinces a sandbox fleet is registered in, by credit-code division: the mainland's but
 * 西藏 (companies registered there, or outside the mainland, are drawn to a busy freight province).
 */
const PROVINCES: Record<string, string> = Object.fromEntries(Object.entries(PROVINCE_BY_DIVISION).filter(([code]) => !['54', '71', '81', '82'].includes(code)));

/** Where freight companies registered outside the table are drawn to be. */
const BUSY = ['浙江', '江苏', '上海', '广东', '山东', '河南', '河北', '湖北', '安徽', '四川'] as const;

/** Neighbouring provinces, the places a fleet drives first after its own. */
const NEAR: Record<string, readonly string[]> = {
  上海: ['江苏', '浙江', '安徽', '山东'],
  江苏: ['上海', '浙江', '安徽', '山东', '河南'],
  浙江: ['上海', '江苏', '安徽', '江西', '福建'],
  安徽: ['江苏', '浙江', '河南', '湖北', '山东'],
  山东: ['河北', '江苏', '河南', '天津', '安徽'],
  广东: ['广西', '福建', '湖南', '江西', '海南'],
  北京: ['河北', '天津', '山西', '内蒙古', '山东'],
  天津: ['河北', '北京', '山东', '辽宁'],
  河北: ['北京', '天津', '山东', '山西', '河南'],
  河南: ['湖北', '山东', '河北', '安徽', '陕西'],
  湖北: ['河南', '湖南', '安徽', '江西', '重庆'],
  湖南: ['湖北', '广东', '江西', '广西', '贵州'],
  四川: ['重庆', '陕西', '贵州', '云南', '甘肃'],
  重庆: ['四川', '贵州', '湖北', '陕西'],
  陕西: ['河南', '山西', '甘肃', '四川', '宁夏'],
};

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

/** Splits n into parts proportional to the weights (largest remainder): they always add up to n. */
export function apportion(n: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (n * w) / sum);
  const out = exact.map(Math.floor);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const left = n - out.reduce((a, b) => a + b, 0);
  for (let k = 0; k < left; k++) {
    const i = order[k % order.length]?.[1] ?? 0;
    out[i] = (out[i] ?? 0) + 1;
  }
  return out;
}

/** The twelve months before the one of `now` (China time), oldest first: yyyy-MM. */
export function lastMonths(now: number, n = 12): string[] {
  const china = new Date(now + 8 * 3_600_000);
  const out: string[] = [];
  for (let back = n; back >= 1; back--) {
    const d = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - back, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** Seasons of Chinese road freight: the Spring Festival lull, the autumn and year-end peaks. */
const SEASON: Record<number, number> = { 1: 0.94, 2: 0.86, 3: 0.98, 4: 1, 5: 1, 6: 0.98, 7: 0.96, 8: 0.97, 9: 1.02, 10: 1.03, 11: 1.05, 12: 1.05 };

interface Fleet {
  vehicleCount: number;
  active30dCount: number;
  newEnergyCount: number;
  byType: Array<{ type: string; count: number; share: number }>;
  byTonnage: Array<{ band: string; count: number; share: number }>;
  regions: Array<{ province: string; share: number }>;
  trend: Array<{ month: string; activeVehicles: number; mileage: number }>;
}

/** The fleet of a company (by its credit code) as of the months given. */
export function fleetOf(creditCode: string, months: readonly string[]): Fleet {
  const d = drawFor(['capacity', creditCode]);
  const tier = d.pick('tier', ['small', 'small', 'medium', 'medium', 'medium', 'large'] as const);
  const vehicleCount = tier === 'small' ? d.int('count', 6, 40) : tier === 'medium' ? d.int('count', 41, 260) : d.int('count', 261, 1_400);
  const profile = d.pick('profile', PROFILES);
  const kinds = TYPES.filter((t) => profile[t.type] !== undefined);
  const counts = apportion(
    vehicleCount,
    kinds.map((t) => (profile[t.type] ?? 0) * (0.6 + 0.8 * d.unit(`w:${t.type}`))),
  );
  const typed = kinds.map((t, i) => ({ t, count: counts[i] ?? 0 })).filter((x) => x.count > 0);
  typed.sort((a, b) => b.count - a.count || a.t.type.localeCompare(b.t.type));

  const bandCounts = BANDS.map(() => 0);
  let newEnergyCount = 0;
  for (const { t, count } of typed) {
    const split = apportion(
      count,
      t.bands.map(([, w]) => w),
    );
    t.bands.forEach(([band], i) => {
      bandCounts[band] = (bandCounts[band] ?? 0) + (split[i] ?? 0);
    });
    newEnergyCount += Math.round(count * d.num(`ne:${t.type}`, t.newEnergy[0], t.newEnergy[1], 3));
  }

  const activeShare = d.num('active', 0.62, 0.93, 3);
  const active30dCount = Math.min(vehicleCount, Math.max(1, Math.round(vehicleCount * activeShare)));
  const kmPerVehicle = typed.reduce((sum, { t, count }) => sum + count * d.int(`km:${t.type}`, t.km[0], t.km[1]), 0) / vehicleCount;
  const trend = months.map((month, i) => {
    const m = d.child(`month:${month}`);
    const season = SEASON[Number(month.slice(5))] ?? 1;
    const last = i === months.length - 1;
    const activeVehicles = last
      ? active30dCount
      : Math.min(vehicleCount, Math.max(1, Math.round(vehicleCount * activeShare * season * m.num('a', 0.95, 1.05, 3))));
    const mileage = Math.round((activeVehicles * kmPerVehicle * season * m.num('km', 0.92, 1.08, 3)) / 100) * 100;
    return { month, activeVehicles, mileage };
  });

  return {
    vehicleCount,
    active30dCount,
    newEnergyCount: Math.min(newEnergyCount, vehicleCount),
    byType: typed.map(({ t, count }) => ({ type: t.type, count, share: share(count, vehicleCount) })),
    byTonnage: BANDS.map((band, i) => ({ band, count: bandCounts[i] ?? 0, share: share(bandCounts[i] ?? 0, vehicleCount) })).filter((b) => b.count > 0),
    regions: regionsOf(d, creditCode, tier),
    trend,
  };
}

/** Home province first, its neighbours next, a few farther ones for larger fleets; shares add up to 1. */
function regionsOf(d: Draw, creditCode: string, tier: 'small' | 'medium' | 'large'): Fleet['regions'] {
  const home = PROVINCES[creditCode.slice(2, 4)] ?? d.pick('home', BUSY);
  const n = tier === 'small' ? d.int('regions', 2, 4) : tier === 'medium' ? d.int('regions', 4, 7) : d.int('regions', 6, 10);
  const names = [home];
  const near = NEAR[home] ?? BUSY;
  for (let i = 0; names.length < n && i < 40; i++) {
    const pool = i < 6 ? near : Object.values(PROVINCES);
    const p = d.pick(`r${i}`, pool);
    if (!names.includes(p)) names.push(p);
  }
  // Falling weights: the home province carries 30–60 %, each next one less.
  const weights = names.map((_, i) => (i === 0 ? d.num('home', 0.3, 0.6, 3) * names.length : 1 / (i + 0.4 + d.unit(`rw${i}`))));
  const parts = apportion(1000, weights);
  return names.map((province, i) => ({ province, share: (parts[i] ?? 0) / 1000 })).sort((a, b) => b.share - a.share || a.province.localeCompare(b.province));
}

export const capacityFamily: Family = {
  name: 'capacity',
  outcome(ctx) {
    if (!ctx.param('companyName') && !ctx.param('creditCode')) return ctx.firstDeclared(CODE.BAD_PARAM);
    const subject = companySubject(ctx)?.subject;
    // A few companies asked about run no freight vehicles of their own (not the fixtures).
    if (subject && !isFixture(subject.creditCode) && drawFor(['capacity', subject.creditCode]).chance('none', 0.06)) return ctx.firstDeclared(CODE.NO_RESULT);
    return null;
  },
  fill(ctx, data) {
    const subject = companySubject(ctx)?.subject;
    if (!subject) return;
    const fleet = fleetOf(subject.creditCode, lastMonths(ctx.now));
    putAll(data, {
      companyName: subject.name,
      creditCode: subject.creditCode,
      statMonth: fleet.trend.at(-1)?.month ?? '',
      vehicleCount: fleet.vehicleCount,
      active30dCount: fleet.active30dCount,
      activeShare: share(fleet.active30dCount, fleet.vehicleCount),
      newEnergyCount: fleet.newEnergyCount,
      newEnergyShare: share(fleet.newEnergyCount, fleet.vehicleCount),
      byType: fleet.byType as unknown as Json,
      byTonnage: fleet.byTonnage as unknown as Json,
      regions: fleet.regions as unknown as Json,
      trend: fleet.trend as unknown as Json,
    });
  },
};

/** The catalogue's fictitious companies always run a fleet: the examples must answer one. */
const isFixture = (creditCode: string) => FIXTURE_COMPANIES.some((c) => c.creditCode === creditCode);
