// Insurance models (category 8): a risk score per vehicle or fleet with its documented grade
// (A < 30 ≤ B < 40 ≤ C < 60 ≤ D < 80 ≤ E) and the factors behind it, driving-behaviour scores,
// claims history, fraud signals, fatigue events and idle periods inside the query window.
import { CODE, type Ctx, type Family } from '../context';
import { type Draw, drawFor } from '../draw';
import { arr, isObject, type Json, num, put, putAll, str } from '../json';
import { parseDateTime } from '../inputs';
import { destination, mainProvinces, movePlaces, origin, placeSwaps, vehicleKey, wallTime } from './geo';
import { vehicleOutcome } from './vehicle';
import { linesAndCycles } from '../insurance-lines';

const RISK_FACTORS = [
  '夜间行驶里程占比偏高',
  '月均行驶里程较高',
  '连续驾驶时长超限次数较多',
  '山区道路行驶占比偏高',
  '急加速急减速频次偏高',
  '高速公路超速次数较多',
  '城区拥堵路段行驶占比高',
  '夜间用车频次偏高',
] as const;
const SAFE_FACTORS = ['线路以城际高等级公路为主', '夜间行驶占比低', '驾驶行为平稳'] as const;
const FRAUD_RULES = ['出险时刻车辆位置与报案地点相距较远', '出险前 24 小时内无行驶记录', '报案时间与出险时间间隔过长'] as const;

export function riskLevel(score: number): string {
  if (score < 30) return 'A';
  if (score < 40) return 'B';
  if (score < 60) return 'C';
  return score < 80 ? 'D' : 'E';
}

/** Scores cluster in the middle: the mean of two draws. */
const riskScore = (d: Draw) => Math.round((d.int('s1', 8, 92) + d.int('s2', 8, 92)) / 2);

export const insuranceFamily: Family = {
  name: 'insurance',
  // The fleet model (9964) takes a company name or a credit code: neither is a bad request.
  outcome: (ctx) =>
    ctx.spec.params.some((p) => p.name === 'creditCode') && !ctx.param('companyName') && !ctx.param('creditCode')
      ? ctx.firstDeclared(CODE.BAD_PARAM)
      : vehicleOutcome(ctx),
  swaps: (ctx) => (ctx.param('plateNumber') ? placeSwaps(ctx) : []),
  fill(ctx, data) {
    const d = drawFor(['risk', vehicleKey(ctx), ctx.spec.id]);
    if (ctx.param('plateNumber')) {
      movePlaces(data, origin(ctx), destination(ctx));
      const provinces = arr(data, 'mainProvinces')?.filter((p): p is string => typeof p === 'string');
      if (provinces) put(data, 'mainProvinces', mainProvinces(ctx, provinces));
    }
    fillScore(ctx, data, d);
    fillTrips(ctx, data, d);
    fillFleet(data, d);
    fillBehaviour(data, d);
    fillClaims(data, d);
    fillFraud(data, d);
    fillFatigue(ctx, data, d);
    fillIdle(ctx, data, d);
  },
};

/** A model score (9963–9967, 9972) with its grade, factors and fleet figures. */
function fillScore(ctx: Ctx, data: Json, d: Draw): void {
  if (num(data, 'score') === undefined || str(data, 'riskLevel') === undefined) return;
  const score = riskScore(d);
  putAll(data, { score, riskLevel: riskLevel(score) });
  if (arr(data, 'topFactors')) {
    const pool = score < 30 ? SAFE_FACTORS : RISK_FACTORS;
    const factors = [...new Set(Array.from({ length: d.int('factors', 1, 3) }, (_, i) => d.pick(`f${i}`, pool)))];
    put(data, 'topFactors', factors);
  }
  const vehicles = num(data, 'vehicleCount');
  if (vehicles !== undefined) {
    const evaluated = Math.max(1, Math.round(vehicles * d.num('evaluated', 0.8, 0.97, 2)));
    putAll(data, { evaluatedCount: evaluated, highRiskRatio: Math.round(score * d.num('hr', 0.2, 0.35, 2) * 10) / 1000 });
  }
  for (const key of ['overspeedCount', 'fatigueCount', 'abnormalStopCount']) {
    if (num(data, key) !== undefined) put(data, key, Math.round((score / 100) * d.int(key, 0, 8)));
  }
  if (ctx.param('plateNumber') && num(data, 'ridehailingProbability') !== undefined) {
    put(data, 'ridehailingProbability', d.num('ridehailing', 0.02, score > 50 ? 0.9 : 0.3, 2));
  }
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * A scored truck or coach (9963, 9965): its regular lines and driving cycles from the sandbox
 * fleet's roads (insurance-lines.ts), and the figures the score rests on read from those cycles —
 * monthly kilometres, night share, overspeeding and fatigue — so factors, lines and cycles agree.
 */
function fillTrips(ctx: Ctx, data: Json, d: Draw): void {
  const plate = ctx.param('plateNumber');
  const score = num(data, 'score');
  if (!plate || score === undefined || !arr(data, 'lines')) return;
  const bus = num(data, 'stopRegularity') !== undefined;
  const { lines, cycles } = linesAndCycles(plate, ctx.param('plateColor') ?? '', bus ? 'bus' : 'truck', ctx.now, score);
  type Cycle = { km: number; nightShare: number; overspeedCount: number; fatigue: boolean };
  const cs = cycles as unknown as Cycle[];
  const km = cs.reduce((a, c) => a + c.km, 0);
  const nightKm = cs.reduce((a, c) => a + c.km * c.nightShare, 0);
  const provinces = [...new Set((lines as unknown as Array<{ fromProvince: string; toProvince: string }>).flatMap((l) => [l.fromProvince, l.toProvince]))];
  putAll(data, {
    lines,
    cycles,
    monthlyMileage: Math.round(km / 3),
    nightRatio: km ? r2(nightKm / km) : 0,
    overspeedCount: cs.reduce((a, c) => a + c.overspeedCount, 0),
    fatigueCount: cs.filter((c) => c.fatigue).length,
    mainProvinces: provinces.slice(0, 3),
  });
  if (bus) {
    const longKm = cs.filter((c) => c.km >= 300).reduce((a, c) => a + c.km * c.nightShare, 0);
    putAll(data, {
      nightLongRatio: km ? r2(longKm / km) : 0,
      mountainRatio: d.num('mountain', 0.02, 0.08 + score / 300, 2),
      stopRegularity: d.num('stops', Math.max(0.3, 0.95 - score / 100), Math.min(0.99, 1.2 - score / 100), 2),
    });
  }
}

/** A fleet (9964): its evaluated vehicles by grade, agreeing with its high-risk share. */
function fillFleet(data: Json, d: Draw): void {
  const evaluated = num(data, 'evaluatedCount');
  const ratio = num(data, 'highRiskRatio');
  if (evaluated === undefined || ratio === undefined || !isObject(data) || !isObject(data.gradeDistribution ?? null)) return;
  const high = Math.round(evaluated * ratio);
  const e = Math.round(high * d.num('eShare', 0.15, 0.4, 2));
  const rest = evaluated - high;
  const a = Math.round(rest * d.num('aShare', 0.2, 0.45, 2));
  const b = Math.round((rest - a) * d.num('bShare', 0.3, 0.6, 2));
  put(data, 'gradeDistribution', { A: a, B: b, C: rest - a - b, D: high - e, E: e });
  putAll(data, {
    monthlyMileage: d.int('fleetKm', 5200, 13800),
    nightRatio: d.num('fleetNight', 0.08, 0.2 + ratio, 2),
    overspeedPerVehicle: d.num('fleetSpeed', 0.2, 1 + ratio * 10, 1),
    fatigueVehicleRatio: r2(Math.min(1, ratio * d.num('fleetFatigue', 0.8, 1.6, 2))),
  });
}

/** Driving behaviour (9968): six component scores; the total is their mean. */
function fillBehaviour(data: Json, d: Draw): void {
  const keys = ['speeding', 'harshAccel', 'harshBrake', 'harshTurn', 'nightDriving', 'fatigue'];
  if (num(data, 'totalScore') === undefined) return;
  const scores = keys.map((k) => d.int(k, 60, 98));
  for (const [i, k] of keys.entries()) put(data, k, scores[i] ?? 80);
  put(data, 'totalScore', Math.round(scores.reduce((a, b) => a + b, 0) / scores.length));
}

/** Claims history (9969): 0–3 claims in five years. */
function fillClaims(data: Json, d: Draw): void {
  if (num(data, 'claimCount') === undefined) return;
  const count = d.pick('claims', [0, 0, 1, 1, 2, 3]);
  const major = count > 0 && d.chance('major', 0.1);
  const range = count === 0 ? '0' : major ? '20000 以上' : d.pick('range', ['0-5000', '5000-20000']);
  const last = count === 0 ? '' : `${d.int('lastYear', 2021, 2025)}-${String(d.int('lastMonth', 1, 12)).padStart(2, '0')}`;
  putAll(data, { claimCount: count, amountRange: range, lastClaimDate: last, hasMajorAccident: major });
}

/** Claim fraud (9970): most claims are clean; suspicious ones name the rules they hit. */
function fillFraud(data: Json, d: Draw): void {
  if (num(data, 'fraudScore') === undefined) return;
  const suspicious = d.chance('suspicious', 0.15);
  const score = suspicious ? d.int('fraud', 60, 95) : d.int('fraud', 3, 35);
  const rules = suspicious ? [...new Set([d.pick('r1', FRAUD_RULES), d.pick('r2', FRAUD_RULES)])] : [];
  putAll(data, { fraudScore: score, distanceMeters: suspicious ? d.int('far', 2_000, 80_000) : d.int('near', 5, 400), hitRules: rules });
}

/** Fatigue (9974): 0–3 stretches of more than four hours' driving inside the window. */
function fillFatigue(ctx: Ctx, data: Json, d: Draw): void {
  const model = arr(ctx.sample, 'events')?.[0];
  const window = queryWindow(ctx);
  if (!isObject(model) || !window) return;
  // Each event needs a few hours of the window to itself.
  const count = Math.min(d.pick('events', [0, 1, 1, 2, 3]), Math.floor((window.end - window.start) / (6 * 3_600_000)));
  const events = Array.from({ length: count }, (_, i): Json => {
    const minutes = d.int(`m${i}`, 245, 330);
    const start = window.start + ((window.end - window.start - minutes * 60_000) * (i + d.unit(`at${i}`))) / Math.max(count, 1);
    return { ...model, start: wallTime(start), end: wallTime(start + minutes * 60_000), minutes };
  });
  const longest = Math.max(0, ...events.map((e) => num(e, 'minutes') ?? 0));
  putAll(data, { events, maxContinuousMinutes: count ? longest : d.int('longest', 60, 239) });
}

/** Idle period (9975): most declared idle periods hold; some vehicles did move. */
function fillIdle(ctx: Ctx, data: Json, d: Draw): void {
  const window = queryWindow(ctx);
  if (num(data, 'movingDays') === undefined || !window) return;
  const parked = d.chance('parked', 0.85);
  const last = window.start + d.unit('lastMove') * (window.end - window.start);
  putAll(data, {
    parked,
    movingDays: parked ? 0 : d.int('movingDays', 1, 6),
    mileage: parked ? 0 : d.num('mileage', 12, 640, 1),
    lastMoveTime: parked ? '' : wallTime(last),
  });
}

export function queryWindow(ctx: Ctx): { start: number; end: number } | null {
  const start = parseDateTime(ctx.param('startTime') ?? '');
  const end = parseDateTime(ctx.param('endTime') ?? '');
  return start && end ? { start: start.getTime(), end: end.getTime() } : null;
}
