// 车险分析 (spec 02 §7 "Insurance"; issue #23): a truck, a fleet company or a coach scored by one
// real call of its purchased model (9963, 9964, 9965) through the open data API's pipeline —
// checked, answered, charged and recorded like any call (transport/vehicle-calls.ts). What the
// model answered is kept as one row of the account's own; the factors, lines and cycles the pages
// show are read from that answer here, so a real supplier answering the documented fields shows
// the same screens as the sandbox.
import {
  type AccessHistoryInput,
  type AccessLogDetail,
  type BusLogInput,
  type BusScore,
  type CycleListInput,
  type CycleSummary,
  chinaClock,
  chinaDay,
  chinaDayStart,
  type DrivingCycle,
  type DrivingLine,
  EXCEL_EXPORT,
  FACTOR_LEVEL_LABEL,
  type FactorLevel,
  type FleetLogInput,
  type FleetScore,
  type FleetScoreInput,
  gradeOf,
  HIGH_RISK_GRADES,
  INSURANCE_INTERFACE_NAME,
  INSURANCE_INTERFACES,
  INSURANCE_LIMITS,
  INSURANCE_MODEL_LABEL,
  INSURANCE_MODELS,
  INSURANCE_MSG,
  type InsuranceModel,
  type ModelQueryRow,
  type ModelState,
  PLATE_COLORS,
  pageOffset,
  type QueryIdInput,
  RISK_GRADE_LABEL,
  RISK_GRADES,
  type RiskFactor,
  type RiskGrade,
  type ScoreVehicleInput,
  type TruckScore,
  type ZoneData,
  type ZoneDataInput,
  type ZoneProvince,
  provinceOfCreditCode,
  provinceOfPlate,
} from '@apimarket/contracts';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insuranceQueries } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import { loadExcel } from '../../files';
import type { Account } from '../account/access';
import type { GatewayDeps } from '../gateway/gateway.service';
import { maskParams } from '../gateway/mask';
import { askOnce, keepAnswer } from '../online/in-flight';
import { callAsOwner } from '../online/online.service';
import { targetFor, vehicleTargets } from '../transport/vehicle-calls';

export interface CallCtx {
  db: Db;
  gateway: GatewayDeps;
  ip: string;
}

type Row = typeof insuranceQueries.$inferSelect;
type Data = Record<string, unknown>;

const OK_CODE = '10000';
const RATE_CODE = 'SYSTEM_038';

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const objects = (v: unknown): Data[] => (Array.isArray(v) ? v.filter((x): x is Data => x !== null && typeof x === 'object' && !Array.isArray(x)) : []);
const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;
const pct = (v: number) => `${Math.round(v * 100)}%`;
const thousands = (v: number) => Math.round(v).toLocaleString('en-US');

// ── The models' purchase state ──────────────────────────────────────────────────────────────────
export async function modelStates(db: Db, account: Account): Promise<ModelState[]> {
  const targets = await vehicleTargets(db, account, Object.values(INSURANCE_INTERFACES));
  return INSURANCE_MODELS.map((model) => {
    const interfaceId = INSURANCE_INTERFACES[model];
    const t = targets.find((x) => x.interfaceId === interfaceId);
    const reason = !t
      ? `尚未购买「${INSURANCE_INTERFACE_NAME[model]}」接口`
      : t.usable
        ? ''
        : t.callsLeft <= 0
          ? `「${INSURANCE_INTERFACE_NAME[model]}」剩余次数已用完`
          : `「${INSURANCE_INTERFACE_NAME[model]}」已过期或已停用`;
    return {
      model,
      modelLabel: INSURANCE_MODEL_LABEL[model],
      interfaceId,
      interfaceName: t?.interfaceName ?? INSURANCE_INTERFACE_NAME[model],
      purchaseId: t?.purchaseId ?? null,
      callsLeft: t?.callsLeft ?? 0,
      usable: Boolean(t?.usable),
      reason,
    };
  });
}

// ── One model call ──────────────────────────────────────────────────────────────────────────────
interface Asked {
  model: InsuranceModel;
  subject: string;
  params: Record<string, string>;
  plateNumber?: string;
  plateColor?: number;
  companyName?: string;
  creditCode?: string;
  province: string;
}

/** Calls the model once through the account's purchase and keeps the query; the row as stored. */
async function ask(ctx: CallCtx, account: Account, q: Asked): Promise<Row> {
  const target = await targetFor(ctx.db, account, INSURANCE_INTERFACES[q.model]);
  if (!target?.usable) throw new Invalid(INSURANCE_MSG.need(q.model));
  // One score of one subject at a time: a second submit meanwhile is refused, not charged again.
  const question = ['insurance', q.model, ...Object.values(q.params)];
  return askOnce(ctx.db, ctx.gateway.config.secrets.key, account.memberId, question, async () => {
    let { answer, charged } = await callAsOwner(ctx.gateway, target, q.params, ctx.ip);
    // The key's per-second budget is shared with the customer's own traffic: wait once (the refusal charged nothing).
    if (answer.code === RATE_CODE) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      ({ answer, charged } = await callAsOwner(ctx.gateway, target, q.params, ctx.ip));
    }
    const data = answer.data !== null && typeof answer.data === 'object' && !Array.isArray(answer.data) ? (answer.data as Data) : null;
    const rawScore = data ? num(data.score) : null;
    const success = answer.code === OK_CODE && rawScore !== null;
    const score = success && rawScore !== null ? Math.max(0, Math.min(100, Math.round(rawScore))) : null;
    const result = success && data ? resultOf(q.model, data) : null;
    const [row] = await keepAnswer(ctx.gateway, answer.seqNo, () =>
      ctx.db
        .insert(insuranceQueries)
        .values({
          memberId: account.memberId,
          model: q.model,
          interfaceId: target.interfaceId,
          purchaseId: target.purchaseId,
          subject: q.subject,
          plateNumber: q.plateNumber ?? '',
          plateColor: q.plateColor ?? null,
          companyName: q.companyName ?? '',
          creditCode: q.creditCode ?? '',
          province: q.province,
          success,
          code: answer.code,
          message: answer.message ?? '',
          charged,
          seqNo: answer.seqNo ?? '',
          score,
          grade: score === null ? null : gradeOf(score),
          request: maskParams(q.params),
          response: answer.data ?? null,
          result,
          operator: account.loginName,
          ip: ctx.ip.slice(0, 64),
        })
        .returning(),
    );
    if (!row) throw new Error('insurance query not stored');
    return row;
  });
}

/** The words a page shows for a query's outcome. */
export function outcomeMessage(row: Pick<Row, 'success' | 'message' | 'code' | 'charged'>): string {
  if (row.success) return '评分完成';
  const why = row.message || `查询未成功（${row.code}）`;
  return row.charged ? `模型未返回评分：${why}` : `模型未返回评分：${why}，本次查询未计费`;
}

export async function scoreTruck(ctx: CallCtx, account: Account, input: ScoreVehicleInput): Promise<TruckScore> {
  const row = await ask(ctx, account, vehicleAsked('truck', input));
  return truckView(row);
}

export async function scoreBus(ctx: CallCtx, account: Account, input: ScoreVehicleInput): Promise<BusScore> {
  const row = await ask(ctx, account, vehicleAsked('bus', input));
  return busView(row);
}

export async function scoreFleet(ctx: CallCtx, account: Account, input: FleetScoreInput): Promise<FleetScore> {
  const name = input.companyName ?? '';
  const code = input.creditCode ?? '';
  const params: Record<string, string> = {};
  if (name) params.companyName = name;
  if (code) params.creditCode = code;
  const row = await ask(ctx, account, {
    model: 'fleet',
    subject: name && code ? `${name}（${code}）` : name || code,
    params,
    companyName: name,
    creditCode: code,
    province: code ? provinceOfCreditCode(code) : '',
  });
  return fleetView(row);
}

function vehicleAsked(model: 'truck' | 'bus', v: ScoreVehicleInput): Asked {
  return {
    model,
    subject: v.plateNumber,
    params: { plateNumber: v.plateNumber, plateColor: String(v.plateColor) },
    plateNumber: v.plateNumber,
    plateColor: v.plateColor,
    province: provinceOfPlate(v.plateNumber),
  };
}

// ── Reading an answer ───────────────────────────────────────────────────────────────────────────
interface Result {
  factors: RiskFactor[];
  topFactors: string[];
  dataMonths?: number;
  lines?: DrivingLine[];
  cycles?: DrivingCycle[];
  fleet?: { vehicleCount: number; evaluatedCount: number; highRiskRatio: number; gradeDistribution: Record<RiskGrade, number> };
}

interface FactorRule {
  key: string;
  name: string;
  unit: string;
  /** Figure at or above which the level is 高 and 中 (for `lowerIsRiskier`, at or below). */
  high: number;
  medium: number;
  lowerIsRiskier?: boolean;
  display: (v: number, data: Data) => string;
  value: (data: Data) => number | null;
}

const regionsOf = (data: Data): string[] => {
  const fromLines = objects(data.lines).flatMap((l) => [text(l.fromProvince), text(l.toProvince)]);
  return [...new Set([...fromLines, ...strings(data.mainProvinces)].filter(Boolean))];
};

const MILEAGE: FactorRule = {
  key: 'mileage',
  name: '行驶里程',
  unit: '公里/月',
  high: 8000,
  medium: 4500,
  display: (v) => `月均 ${thousands(v)} 公里`,
  value: (d) => num(d.monthlyMileage),
};
const NIGHT: FactorRule = {
  key: 'nightShare',
  name: '夜间行驶占比',
  unit: '%',
  high: 30,
  medium: 15,
  display: (v) => `夜间里程 ${Math.round(v)}%`,
  value: (d) => (num(d.nightRatio) === null ? null : r1((num(d.nightRatio) as number) * 100)),
};
const SPEEDING: FactorRule = {
  key: 'speeding',
  name: '超速',
  unit: '次/90天',
  high: 6,
  medium: 2,
  display: (v) => `近 90 天超速 ${v} 次`,
  value: (d) => num(d.overspeedCount),
};
const FATIGUE: FactorRule = {
  key: 'fatigue',
  name: '疲劳驾驶',
  unit: '次/90天',
  high: 4,
  medium: 1,
  display: (v) => `近 90 天疲劳驾驶 ${v} 次`,
  value: (d) => num(d.fatigueCount),
};
const REGIONS: FactorRule = {
  key: 'regions',
  name: '行驶区域',
  unit: '个省份',
  high: 4,
  medium: 3,
  display: (v, d) => `${v} 个省份：${regionsOf(d).join('、')}`,
  value: (d) => (regionsOf(d).length ? regionsOf(d).length : null),
};

const FACTOR_RULES: Record<InsuranceModel, FactorRule[]> = {
  truck: [MILEAGE, NIGHT, SPEEDING, FATIGUE, REGIONS],
  bus: [
    {
      key: 'nightLongShare',
      name: '夜间长途占比',
      unit: '%',
      high: 10,
      medium: 3,
      display: (v) => `夜间长途里程 ${v}%`,
      value: (d) => (num(d.nightLongRatio) === null ? null : r1((num(d.nightLongRatio) as number) * 100)),
    },
    {
      key: 'mountainShare',
      name: '山区线路占比',
      unit: '%',
      high: 20,
      medium: 8,
      display: (v) => `山区道路里程 ${v}%`,
      value: (d) => (num(d.mountainRatio) === null ? null : r1((num(d.mountainRatio) as number) * 100)),
    },
    { ...SPEEDING, key: 'overspeed' },
    FATIGUE,
    {
      key: 'stopRegularity',
      name: '停靠规律性',
      unit: '%',
      high: 60,
      medium: 80,
      lowerIsRiskier: true,
      display: (v) => `按站点班次停靠 ${v}%`,
      value: (d) => (num(d.stopRegularity) === null ? null : r1((num(d.stopRegularity) as number) * 100)),
    },
    MILEAGE,
  ],
  fleet: [
    { ...MILEAGE, high: 11000, medium: 8000, display: (v) => `车均月行驶 ${thousands(v)} 公里` },
    NIGHT,
    {
      key: 'speeding',
      name: '超速',
      unit: '次/车',
      high: 3,
      medium: 1.5,
      display: (v) => `近 90 天车均超速 ${v} 次`,
      value: (d) => num(d.overspeedPerVehicle),
    },
    {
      key: 'fatigue',
      name: '疲劳驾驶车辆占比',
      unit: '%',
      high: 20,
      medium: 8,
      display: (v) => `${v}% 的车辆有疲劳驾驶`,
      value: (d) => (num(d.fatigueVehicleRatio) === null ? null : r1((num(d.fatigueVehicleRatio) as number) * 100)),
    },
    {
      key: 'highRisk',
      name: '高风险车辆占比',
      unit: '%',
      high: 20,
      medium: 10,
      display: (v) => `D、E 级车辆 ${v}%`,
      value: (d) => (num(d.highRiskRatio) === null ? null : r1((num(d.highRiskRatio) as number) * 100)),
    },
  ],
};

const LEVEL_WEIGHT: Record<FactorLevel, number> = { high: 3, medium: 2, low: 1 };

/** The factors of an answer: each documented figure present, graded, with its share of the score. */
export function factorsOf(model: InsuranceModel, data: Data): RiskFactor[] {
  const found = FACTOR_RULES[model].flatMap((rule) => {
    const value = rule.value(data);
    if (value === null) return [];
    const level: FactorLevel = rule.lowerIsRiskier
      ? value <= rule.high
        ? 'high'
        : value <= rule.medium
          ? 'medium'
          : 'low'
      : value >= rule.high
        ? 'high'
        : value >= rule.medium
          ? 'medium'
          : 'low';
    return [{ rule, value, level }];
  });
  const total = found.reduce((a, f) => a + LEVEL_WEIGHT[f.level], 0);
  return found
    .map(({ rule, value, level }) => ({
      key: rule.key,
      name: rule.name,
      value,
      unit: rule.unit,
      display: rule.display(value, data),
      level,
      levelLabel: FACTOR_LEVEL_LABEL[level],
      contribution: total ? r2(LEVEL_WEIGHT[level] / total) : 0,
    }))
    .sort((a, b) => b.contribution - a.contribution);
}

function linesOf(data: Data): DrivingLine[] {
  return objects(data.lines)
    .slice(0, INSURANCE_LIMITS.maxLines)
    .flatMap((l) => {
      const [fl, fa, tl, ta] = [num(l.fromLon), num(l.fromLat), num(l.toLon), num(l.toLat)];
      if (fl === null || fa === null || tl === null || ta === null) return [];
      return [
        {
          fromCity: text(l.fromCity),
          fromProvince: text(l.fromProvince),
          from: [fl, fa] as [number, number],
          toCity: text(l.toCity),
          toProvince: text(l.toProvince),
          to: [tl, ta] as [number, number],
          trips: Math.max(0, Math.round(num(l.trips) ?? 0)),
          km: num(l.km) ?? 0,
          share: num(l.share) ?? 0,
        },
      ];
    })
    .sort((a, b) => b.share - a.share);
}

function cyclesOf(data: Data): DrivingCycle[] {
  return objects(data.cycles)
    .filter((c) => text(c.departTime) !== '')
    .sort((a, b) => (text(a.departTime) < text(b.departTime) ? -1 : 1))
    .slice(-INSURANCE_LIMITS.maxCycles)
    .map((c, i) => ({
      seq: i + 1,
      departCity: text(c.departCity),
      departTime: text(c.departTime),
      arriveCity: text(c.arriveCity),
      arriveTime: text(c.arriveTime),
      km: num(c.km) ?? 0,
      hours: num(c.hours) ?? 0,
      nightShare: num(c.nightShare) ?? 0,
      longestDrivingMinutes: Math.round(num(c.longestDrivingMinutes) ?? 0),
      overspeedCount: Math.round(num(c.overspeedCount) ?? 0),
      fatigue: c.fatigue === true,
    }));
}

function resultOf(model: InsuranceModel, data: Data): Result {
  const base: Result = { factors: factorsOf(model, data), topFactors: strings(data.topFactors) };
  if (model === 'fleet') {
    const dist = (data.gradeDistribution ?? {}) as Data;
    const gradeDistribution = Object.fromEntries(RISK_GRADES.map((g) => [g, Math.max(0, Math.round(num(dist[g]) ?? 0))])) as Record<RiskGrade, number>;
    return {
      ...base,
      fleet: {
        vehicleCount: Math.round(num(data.vehicleCount) ?? 0),
        evaluatedCount: Math.round(num(data.evaluatedCount) ?? 0),
        highRiskRatio: num(data.highRiskRatio) ?? 0,
        gradeDistribution,
      },
    };
  }
  return { ...base, dataMonths: Math.round(num(data.dataMonths) ?? 0), lines: linesOf(data), cycles: cyclesOf(data) };
}

function summaryOf(cycles: DrivingCycle[]): CycleSummary {
  const km = cycles.reduce((a, c) => a + c.km, 0);
  const hours = cycles.reduce((a, c) => a + c.hours, 0);
  return {
    cycles: cycles.length,
    totalKm: r1(km),
    averageKm: cycles.length ? r1(km / cycles.length) : 0,
    averageHours: cycles.length ? r1(hours / cycles.length) : 0,
    fatigueCycles: cycles.filter((c) => c.fatigue).length,
    nightShare: km ? r2(cycles.reduce((a, c) => a + c.km * c.nightShare, 0) / km) : 0,
  };
}

// ── Views ───────────────────────────────────────────────────────────────────────────────────────
export function rowView(r: Row): ModelQueryRow {
  const model = r.model as InsuranceModel;
  const grade = (r.grade as RiskGrade | null) ?? null;
  return {
    id: r.id,
    model,
    modelLabel: INSURANCE_MODEL_LABEL[model],
    interfaceId: r.interfaceId,
    subject: r.subject,
    success: r.success,
    code: r.code,
    message: r.message,
    charged: r.charged,
    seqNo: r.seqNo,
    score: r.score,
    grade,
    gradeLabel: grade ? RISK_GRADE_LABEL[grade] : '',
    province: r.province,
    operator: r.operator,
    createdAt: chinaClock(r.createdAt),
  };
}

const resultOfRow = (r: Row): Result => (r.result as Result | null) ?? { factors: [], topFactors: [] };

function vehicleView(r: Row) {
  const res = resultOfRow(r);
  const cycles = res.cycles ?? [];
  const color = r.plateColor ?? 0;
  return {
    ...rowView(r),
    plateNumber: r.plateNumber,
    plateColor: color,
    plateColorLabel: (PLATE_COLORS as Record<number, string>)[color] ?? '',
    factors: res.factors,
    topFactors: res.topFactors,
    lines: res.lines ?? [],
    cycles: summaryOf(cycles),
  };
}

export const truckView = (r: Row): TruckScore => ({ ...vehicleView(r), dataMonths: resultOfRow(r).dataMonths ?? 0 });
export const busView = (r: Row): BusScore => vehicleView(r);

export function fleetView(r: Row): FleetScore {
  const res = resultOfRow(r);
  const f = res.fleet;
  return {
    ...rowView(r),
    companyName: r.companyName,
    creditCode: r.creditCode,
    vehicleCount: f?.vehicleCount ?? 0,
    evaluatedCount: f?.evaluatedCount ?? 0,
    highRiskRatio: f?.highRiskRatio ?? 0,
    gradeDistribution: RISK_GRADES.map((grade) => ({ grade, gradeLabel: RISK_GRADE_LABEL[grade], count: f?.gradeDistribution[grade] ?? 0 })),
    factors: res.factors,
    topFactors: res.topFactors,
  };
}

// ── Lists ───────────────────────────────────────────────────────────────────────────────────────
async function ownRow(db: Db, account: Account, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(insuranceQueries)
    .where(and(eq(insuranceQueries.id, id), eq(insuranceQueries.memberId, account.memberId)));
  if (!row) throw new NotFound(INSURANCE_MSG.queryMissing);
  return row;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function periodWhere(f: { startDate?: string | undefined; endDate?: string | undefined }): SQL[] {
  const out: SQL[] = [];
  if (f.startDate) out.push(gte(insuranceQueries.createdAt, chinaDayStart(f.startDate)));
  if (f.endDate) out.push(lt(insuranceQueries.createdAt, chinaDayStart(f.endDate, 1)));
  return out;
}

function historyWhere(account: Account, f: Partial<AccessHistoryInput>, model?: InsuranceModel): SQL | undefined {
  const parts: Array<SQL | undefined> = [eq(insuranceQueries.memberId, account.memberId), ...periodWhere(f)];
  const m = model ?? f.model;
  if (m) parts.push(eq(insuranceQueries.model, m));
  if (f.grade) parts.push(eq(insuranceQueries.grade, f.grade));
  if (f.subject) {
    const like = `%${escapeLike(f.subject)}%`;
    parts.push(or(ilike(insuranceQueries.subject, like), ilike(insuranceQueries.creditCode, like)));
  }
  return and(...parts);
}

const whereOf = {
  history: (a: Account, f: AccessHistoryInput) => historyWhere(a, f),
  fleet: (a: Account, f: FleetLogInput) => historyWhere(a, { ...f, subject: f.company }, 'fleet'),
  bus: (a: Account, f: BusLogInput) => historyWhere(a, { ...f, subject: f.plateNumber?.toUpperCase() }, 'bus'),
};

async function page(db: Db, where: SQL | undefined, p: { pageNum: number; pageSize: number }) {
  const [total] = await db.select({ n: count() }).from(insuranceQueries).where(where);
  const rows = await db.select().from(insuranceQueries).where(where).orderBy(desc(insuranceQueries.id)).limit(p.pageSize).offset(pageOffset(p));
  return { rows: rows.map(rowView), total: total?.n ?? 0 };
}

export const accessHistory = (db: Db, a: Account, f: AccessHistoryInput) => page(db, whereOf.history(a, f), f);
export const fleetLog = (db: Db, a: Account, f: FleetLogInput) => page(db, whereOf.fleet(a, f), f);
export const busLog = (db: Db, a: Account, f: BusLogInput) => page(db, whereOf.bus(a, f), f);

const LOG_COLUMNS = ['查询时间', '模型', '查询对象', '省份', '评分', '风险等级', '结果', '是否计费', '流水号', '操作人'];

async function exportRows(db: Db, where: SQL | undefined): Promise<Buffer> {
  const [total] = await db.select({ n: count() }).from(insuranceQueries).where(where);
  if ((total?.n ?? 0) > INSURANCE_LIMITS.exportMax) throw new Invalid(INSURANCE_MSG.exportTooMany);
  // Bounded even if rows arrive between the count and the read.
  const rows = await db.select().from(insuranceQueries).where(where).orderBy(desc(insuranceQueries.id)).limit(INSURANCE_LIMITS.exportMax);
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet(EXCEL_EXPORT.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = LOG_COLUMNS.map((header, i) => ({ header, width: [20, 16, 36, 8, 8, 12, 36, 10, 24, 16][i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const v = rowView(r);
    sheet.addRow([
      v.createdAt,
      v.modelLabel,
      v.subject,
      v.province,
      v.score ?? '',
      v.grade ? `${v.grade} ${v.gradeLabel}` : '',
      v.success ? '成功' : v.message || v.code,
      v.charged ? '是' : '否',
      v.seqNo,
      v.operator,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const exportHistory = (db: Db, a: Account, f: AccessHistoryInput) => exportRows(db, whereOf.history(a, f));
export const exportFleetLog = (db: Db, a: Account, f: FleetLogInput) => exportRows(db, whereOf.fleet(a, f));
export const exportBusLog = (db: Db, a: Account, f: BusLogInput) => exportRows(db, whereOf.bus(a, f));

/** A truck or coach query's cycles, as stored (oldest first). */
export async function queryCycles(db: Db, account: Account, input: Pick<CycleListInput, 'id'>): Promise<{ row: Row; cycles: DrivingCycle[] }> {
  const row = await ownRow(db, account, input.id);
  if (row.model === 'fleet') throw new Invalid(INSURANCE_MSG.notTruckQuery);
  return { row, cycles: resultOfRow(row).cycles ?? [] };
}

export async function cyclePage(db: Db, account: Account, input: CycleListInput) {
  const { cycles } = await queryCycles(db, account, input);
  const from = pageOffset(input);
  return { rows: cycles.slice(from, from + input.pageSize), total: cycles.length };
}

const CYCLE_COLUMNS = [
  '序号',
  '出发城市',
  '出发时间',
  '到达城市',
  '到达时间',
  '里程（公里）',
  '时长（小时）',
  '夜间占比',
  '最长连续驾驶（分钟）',
  '超速次数',
  '疲劳驾驶',
];

export async function cycleSheet(db: Db, account: Account, input: CycleListInput): Promise<{ file: Buffer; plate: string }> {
  const { row, cycles } = await queryCycles(db, account, input);
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet(EXCEL_EXPORT.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CYCLE_COLUMNS.map((header, i) => ({ header, width: [6, 12, 20, 12, 20, 12, 12, 10, 18, 10, 10][i] ?? 12 }));
  sheet.getRow(1).font = { bold: true };
  for (const c of cycles) {
    sheet.addRow([
      c.seq,
      c.departCity,
      c.departTime,
      c.arriveCity,
      c.arriveTime,
      c.km,
      c.hours,
      pct(c.nightShare),
      c.longestDrivingMinutes,
      c.overspeedCount,
      c.fatigue ? '是' : '否',
    ]);
  }
  return { file: Buffer.from(await book.xlsx.writeBuffer()), plate: row.plateNumber };
}

// ── The access log ──────────────────────────────────────────────────────────────────────────────
export async function accessLog(db: Db, account: Account, input: QueryIdInput): Promise<AccessLogDetail> {
  const row = await ownRow(db, account, input.id);
  const scored = row.success;
  return {
    ...rowView(row),
    request: (row.request as Record<string, string>) ?? {},
    response: row.response ?? null,
    ip: row.ip,
    truck: scored && row.model === 'truck' ? truckView(row) : null,
    bus: scored && row.model === 'bus' ? busView(row) : null,
    fleet: scored && row.model === 'fleet' ? fleetView(row) : null,
  };
}

// ── Risk by province ────────────────────────────────────────────────────────────────────────────
const ZONE_DEFAULT_DAYS = 90;

export async function zoneData(db: Db, account: Account, input: ZoneDataInput): Promise<ZoneData> {
  const endDate = input.endDate ?? chinaDay();
  const startDate = input.startDate ?? chinaDay(new Date(chinaDayStart(endDate).getTime() - (ZONE_DEFAULT_DAYS - 1) * 86_400_000));
  if (startDate > endDate) throw new Invalid(INSURANCE_MSG.dateOrder);
  // One end given alone is not checked by the input's rule: the map still covers at most maxRangeDays.
  if ((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1 > INSURANCE_LIMITS.maxRangeDays) throw new Invalid(INSURANCE_MSG.rangeTooLong);
  const parts: SQL[] = [eq(insuranceQueries.memberId, account.memberId), eq(insuranceQueries.success, true), ...periodWhere({ startDate, endDate })];
  if (input.model) parts.push(eq(insuranceQueries.model, input.model));
  const rows = await db
    .select({ model: insuranceQueries.model, province: insuranceQueries.province, score: insuranceQueries.score })
    .from(insuranceQueries)
    .where(and(...parts));
  const by = new Map<string, Array<{ model: InsuranceModel; score: number }>>();
  let unplaced = 0;
  for (const r of rows) {
    if (r.score === null) continue;
    if (!r.province) {
      unplaced++;
      continue;
    }
    const list = by.get(r.province) ?? [];
    list.push({ model: r.model as InsuranceModel, score: r.score });
    by.set(r.province, list);
  }
  const figures = (list: Array<{ score: number }>) => ({
    queries: list.length,
    averageScore: list.length ? r1(list.reduce((a, x) => a + x.score, 0) / list.length) : null,
    highRiskShare: list.length ? r2(list.filter((x) => HIGH_RISK_GRADES.includes(gradeOf(x.score))).length / list.length) : 0,
  });
  const provinces: ZoneProvince[] = [...by.entries()]
    .map(([province, list]) => {
      const all = figures(list);
      return {
        province,
        queries: all.queries,
        averageScore: all.averageScore ?? 0,
        highRiskShare: all.highRiskShare,
        grades: RISK_GRADES.map((grade) => ({ grade, count: list.filter((x) => gradeOf(x.score) === grade).length })),
        byModel: {
          truck: figures(list.filter((x) => x.model === 'truck')),
          fleet: figures(list.filter((x) => x.model === 'fleet')),
          bus: figures(list.filter((x) => x.model === 'bus')),
        },
      };
    })
    .sort((a, b) => b.queries - a.queries || (a.province < b.province ? -1 : 1));
  const scores = provinces.map((p) => p.averageScore);
  return {
    startDate,
    endDate,
    total: rows.filter((r) => r.score !== null).length,
    unplaced,
    provinces,
    min: scores.length ? Math.min(...scores) : 0,
    max: scores.length ? Math.max(...scores) : 100,
  };
}
