// 车险分析 (/userCenter/truckInsurance, /userCenter/insurance/*, menu code 12; spec 02 §7 "Insurance";
// issue #23). Declared here once; the server's routes, the pages and the OpenAPI document derive from it.
//
// An insurer scores a truck by its plate (9963 货车风险评分模型), a fleet company by its name or
// credit code (9964 货车车队风险评分模型) and a coach by its plate (9965 客车风险评分模型). Every
// score is one real call of the purchased interface through the open data API's pipeline (as the
// vehicle tools call theirs, Decision 121): checked, charged and recorded like any call; a failed
// answer is kept in the log and charged nothing. Each query is the account's own (a sub-account's
// its own, calling through its assignment). Coordinates are GCJ-02, [lon, lat].
import { z } from 'zod';
import { FEATURE, isValidUscc } from './account';
import { XLSX_TYPE } from './call';
import { featureCalls } from './declare';
import { hasControlChars } from './online';
import { PageQuery, parseId } from './paging';
import { PlateColorInput, PlateNumber, plateColorProblem } from './transport';
import { isRealDay } from './validation';

/** The catalogue interfaces behind the models. */
export const INSURANCE_INTERFACES = { truck: 9963, fleet: 9964, bus: 9965 } as const;
export const INSURANCE_MODELS = ['truck', 'fleet', 'bus'] as const;
export type InsuranceModel = (typeof INSURANCE_MODELS)[number];
export const INSURANCE_MODEL_LABEL: Record<InsuranceModel, string> = {
  truck: '货车风险评分',
  fleet: '货车车队风险评分',
  bus: '客车风险评分',
};
/** The interfaces' catalogue names, as the refusals name them. */
export const INSURANCE_INTERFACE_NAME: Record<InsuranceModel, string> = {
  truck: '货车风险评分模型',
  fleet: '货车车队风险评分模型',
  bus: '客车风险评分模型',
};

/** The documented grades (A < 30 ≤ B < 40 ≤ C < 60 ≤ D < 80 ≤ E), higher scores riskier. */
export const RISK_GRADES = ['A', 'B', 'C', 'D', 'E'] as const;
export type RiskGrade = (typeof RISK_GRADES)[number];
export const RISK_GRADE_LABEL: Record<RiskGrade, string> = { A: '低风险', B: '较低风险', C: '中等风险', D: '较高风险', E: '高风险' };
/** D and E count as high risk (the zone map's 高风险占比, the fleet's highRiskRatio). */
export const HIGH_RISK_GRADES: readonly RiskGrade[] = ['D', 'E'];

export function gradeOf(score: number): RiskGrade {
  if (score < 30) return 'A';
  if (score < 40) return 'B';
  if (score < 60) return 'C';
  return score < 80 ? 'D' : 'E';
}

export const INSURANCE_LIMITS = {
  /** Rows of one export. */
  exportMax: 10_000,
  /** The longest period a log, an export or the zone map covers. */
  maxRangeDays: 366,
  companyChars: 60,
  /** Lines and cycles kept of one truck or coach query. */
  maxLines: 10,
  maxCycles: 200,
} as const;

export const INSURANCE_MSG = {
  need: (model: InsuranceModel) =>
    `${INSURANCE_MODEL_LABEL[model]}需要已购「${INSURANCE_INTERFACE_NAME[model]}」（${INSURANCE_INTERFACES[model]}）接口，且在有效期内有剩余次数`,
  companyRequired: '请输入企业名称或统一社会信用代码',
  companyName: '请输入正确的企业名称（2–60 个字）',
  creditCode: '统一社会信用代码校验不通过，请核对后重新输入',
  queryMissing: '未找到该查询记录',
  notTruckQuery: '该记录不是货车风险评分查询，没有行驶周期',
  startDate: '请选择正确的开始日期',
  endDate: '请选择正确的结束日期',
  dateOrder: '结束日期不能早于开始日期',
  rangeTooLong: `查询时间跨度不能超过 ${INSURANCE_LIMITS.maxRangeDays} 天`,
  grade: '请选择正确的风险等级',
  model: '请选择正确的模型',
  controlChars: '内容含有不可见的控制字符，请删除后重试',
  exportTooMany: `导出最多 ${INSURANCE_LIMITS.exportMax.toLocaleString('en-US')} 条，请缩小范围后重试`,
  failed: '模型未返回评分，本次查询未计费',
} as const;

const clean = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `最多 ${max} 个字`)
    .refine((v) => !hasControlChars(v), INSURANCE_MSG.controlChars);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (msg: string) => z.preprocess(blankToUndefined, z.string({ error: msg }).trim().regex(DAY, msg).refine(isRealDay, msg).optional());

/** A period of China days, both ends optional; ordered and at most maxRangeDays when both are given. */
const PeriodFields = { startDate: day(INSURANCE_MSG.startDate), endDate: day(INSURANCE_MSG.endDate) };
function checkPeriod(v: { startDate?: string | undefined; endDate?: string | undefined }, ctx: z.RefinementCtx): void {
  if (!v.startDate || !v.endDate) return;
  const [s, e] = [Date.parse(v.startDate), Date.parse(v.endDate)];
  if (e < s) ctx.addIssue({ code: 'custom', path: ['endDate'], message: INSURANCE_MSG.dateOrder });
  else if ((e - s) / 86_400_000 + 1 > INSURANCE_LIMITS.maxRangeDays) ctx.addIssue({ code: 'custom', path: ['endDate'], message: INSURANCE_MSG.rangeTooLong });
}

const GradeFilter = z.preprocess(blankToUndefined, z.enum(RISK_GRADES, { error: INSURANCE_MSG.grade }).optional());
const ModelFilter = z.preprocess(blankToUndefined, z.enum(INSURANCE_MODELS, { error: INSURANCE_MSG.model }).optional());
const FileFlag = z.coerce.number().optional();
const queryId = z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: INSURANCE_MSG.queryMissing }));

/** A plate and its colour, fitting each other (transport's rule). */
export const ScoreVehicleInput = z.object({ plateNumber: PlateNumber, plateColor: PlateColorInput }).superRefine((v, ctx) => {
  const problem = plateColorProblem(v.plateNumber, v.plateColor);
  if (problem) ctx.addIssue({ code: 'custom', path: ['plateColor'], message: problem });
});
export type ScoreVehicleInput = z.infer<typeof ScoreVehicleInput>;

// ── What the models answer ──────────────────────────────────────────────────────────────────────
/** How much a factor pushes the score up: 高 (a main cause), 中, 低 (in line with safe vehicles). */
export const FACTOR_LEVELS = ['high', 'medium', 'low'] as const;
export type FactorLevel = (typeof FACTOR_LEVELS)[number];
export const FACTOR_LEVEL_LABEL: Record<FactorLevel, string> = { high: '高', medium: '中', low: '低' };

export const RiskFactor = z.object({
  /** Stable key: mileage, nightShare, speeding, fatigue, regions (trucks); nightLongShare, mountainShare, overspeed, fatigue, stopRegularity (coaches); … */
  key: z.string(),
  name: z.string(),
  /** The figure, in `unit`; regions counts provinces. */
  value: z.number(),
  unit: z.string(),
  /** The figure as shown: 「月均 9,860 公里」, 「夜间里程 27%」, 「浙江、江苏、安徽」. */
  display: z.string(),
  level: z.enum(FACTOR_LEVELS),
  levelLabel: z.string(),
  /** Share of the score this factor explains, 0–1; the factors of one answer add up to at most 1. */
  contribution: z.number(),
});
export type RiskFactor = z.infer<typeof RiskFactor>;

/** [lon, lat], GCJ-02. */
const Point = z.tuple([z.number(), z.number()]);

/** A regular driving line: from one city to another, how often and how far. */
export const DrivingLine = z.object({
  fromCity: z.string(),
  fromProvince: z.string(),
  from: Point,
  toCity: z.string(),
  toProvince: z.string(),
  to: Point,
  /** Trips on the line in the scored months (both directions). */
  trips: z.number().int(),
  /** Road kilometres of one trip. */
  km: z.number(),
  /** Share of the vehicle's kilometres on this line, 0–1. */
  share: z.number(),
});
export type DrivingLine = z.infer<typeof DrivingLine>;

/** One driving cycle: a trip from departure to arrival. */
export const DrivingCycle = z.object({
  /** 1-based, oldest first. */
  seq: z.number().int(),
  departCity: z.string(),
  departTime: z.string(),
  arriveCity: z.string(),
  arriveTime: z.string(),
  km: z.number(),
  /** Hours from departure to arrival, rests included. */
  hours: z.number(),
  /** Share of the trip's kilometres driven 22:00–06:00, 0–1. */
  nightShare: z.number(),
  /** The longest stretch at the wheel without a 20-minute rest, minutes. */
  longestDrivingMinutes: z.number().int(),
  overspeedCount: z.number().int(),
  /** A stretch over 4 h without a 20-minute rest. */
  fatigue: z.boolean(),
});
export type DrivingCycle = z.infer<typeof DrivingCycle>;

export const CycleSummary = z.object({
  cycles: z.number().int(),
  totalKm: z.number(),
  averageKm: z.number(),
  averageHours: z.number(),
  /** Cycles with a fatigue stretch. */
  fatigueCycles: z.number().int(),
  nightShare: z.number(),
});
export type CycleSummary = z.infer<typeof CycleSummary>;

/** What every stored query shows: who asked what, when, with what outcome. */
const QueryBase = {
  /** The query's id (the log's, the cycles', the access log's). */
  id: z.number().int(),
  model: z.enum(INSURANCE_MODELS),
  modelLabel: z.string(),
  interfaceId: z.number().int(),
  /** Plate, or company name (credit code) as asked. */
  subject: z.string(),
  /** Whether the model answered a score (code 10000). */
  success: z.boolean(),
  code: z.string(),
  message: z.string(),
  charged: z.boolean(),
  seqNo: z.string(),
  /** Score and grade; null when the model did not answer one. */
  score: z.number().int().nullable(),
  grade: z.enum(RISK_GRADES).nullable(),
  gradeLabel: z.string(),
  /** Province (china map short name: 浙江, 内蒙古) the subject is registered in, '' when unknown. */
  province: z.string(),
  /** Login name of the account that asked (the account itself or its sub-account). */
  operator: z.string(),
  createdAt: z.string(),
};

/** drivingLine: a truck's score with its factors, regular lines and cycles summary. */
export const TruckScore = z.object({
  ...QueryBase,
  plateNumber: z.string(),
  plateColor: z.number().int(),
  plateColorLabel: z.string(),
  factors: z.array(RiskFactor),
  /** The model's own words for its main factors (topFactors). */
  topFactors: z.array(z.string()),
  /** Months of track the score rests on. */
  dataMonths: z.number().int(),
  lines: z.array(DrivingLine),
  cycles: CycleSummary,
});
export type TruckScore = z.infer<typeof TruckScore>;

export const BusScore = TruckScore.omit({ dataMonths: true });
export type BusScore = z.infer<typeof BusScore>;

/** qyCarTeamModel: a fleet company's score. */
export const FleetScore = z.object({
  ...QueryBase,
  companyName: z.string(),
  creditCode: z.string(),
  vehicleCount: z.number().int(),
  evaluatedCount: z.number().int(),
  highRiskRatio: z.number(),
  /** The fleet's vehicles by grade (evaluated ones): A–E counts. */
  gradeDistribution: z.array(z.object({ grade: z.enum(RISK_GRADES), gradeLabel: z.string(), count: z.number().int() })),
  factors: z.array(RiskFactor),
  topFactors: z.array(z.string()),
});
export type FleetScore = z.infer<typeof FleetScore>;

/** One row of a log or the access history: the query without its details. */
export const ModelQueryRow = z.object(QueryBase);
export type ModelQueryRow = z.infer<typeof ModelQueryRow>;

// ── Inputs ──────────────────────────────────────────────────────────────────────────────────────
/** qyCarTeamModel: a company by name, credit code or both (the credit code checked by its checksum). */
export const FleetScoreInput = z
  .object({
    companyName: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .min(2, INSURANCE_MSG.companyName)
        .max(INSURANCE_LIMITS.companyChars, INSURANCE_MSG.companyName)
        .refine((v) => !hasControlChars(v), INSURANCE_MSG.controlChars)
        .optional(),
    ),
    creditCode: z.preprocess(blankToUndefined, z.string().trim().toUpperCase().refine(isValidUscc, INSURANCE_MSG.creditCode).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.companyName && !v.creditCode) ctx.addIssue({ code: 'custom', path: ['companyName'], message: INSURANCE_MSG.companyRequired });
  });
export type FleetScoreInput = z.infer<typeof FleetScoreInput>;

/** findDrivingCycleMongoByPage: one truck (or coach) query's cycles, paged; export=1 as xlsx. */
export const CycleListInput = PageQuery.extend({ id: queryId, export: FileFlag });
export type CycleListInput = z.infer<typeof CycleListInput>;

/** getCarTeamModelPage: the fleet queries, filtered; export=1 as xlsx. */
export const FleetLogInput = PageQuery.extend({
  company: clean(INSURANCE_LIMITS.companyChars).optional(),
  grade: GradeFilter,
  ...PeriodFields,
  export: FileFlag,
}).superRefine(checkPeriod);
export type FleetLogInput = z.infer<typeof FleetLogInput>;

/** getBusModelPage: the coach queries, filtered; export=1 as xlsx. */
export const BusLogInput = PageQuery.extend({
  plateNumber: clean(10).optional(),
  grade: GradeFilter,
  ...PeriodFields,
  export: FileFlag,
}).superRefine(checkPeriod);
export type BusLogInput = z.infer<typeof BusLogInput>;

/** insuranceAccessHistory: every model query of the account, filtered; export=1 as xlsx. */
export const AccessHistoryInput = PageQuery.extend({
  model: ModelFilter,
  /** Part of a plate, a company name or a credit code. */
  subject: clean(INSURANCE_LIMITS.companyChars).optional(),
  grade: GradeFilter,
  ...PeriodFields,
  export: FileFlag,
}).superRefine(checkPeriod);
export type AccessHistoryInput = z.infer<typeof AccessHistoryInput>;

export const QueryIdInput = z.object({ id: queryId });
export type QueryIdInput = z.infer<typeof QueryIdInput>;

/** getInsuranceZoneData: the account's scored queries by province over a period (default: the last 90 days). */
export const ZoneDataInput = z.object({ model: ModelFilter, ...PeriodFields }).superRefine(checkPeriod);
export type ZoneDataInput = z.infer<typeof ZoneDataInput>;

// ── Answers of the lists, the map and the log ───────────────────────────────────────────────────
export const ModelState = z.object({
  model: z.enum(INSURANCE_MODELS),
  modelLabel: z.string(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** The purchase used (a sub-account: its assignment's); null when not bought. */
  purchaseId: z.number().int().nullable(),
  callsLeft: z.number().int(),
  usable: z.boolean(),
  /** Why not usable, '' when usable. */
  reason: z.string(),
});
export type ModelState = z.infer<typeof ModelState>;

const ModelFigures = z.object({ queries: z.number().int(), averageScore: z.number().nullable(), highRiskShare: z.number() });

export const ZoneProvince = z.object({
  /** The china map's short name (甘肃, 内蒙古 …), what the choropleth joins on. */
  province: z.string(),
  queries: z.number().int(),
  /** Mean of the scores, one decimal. */
  averageScore: z.number(),
  /** Share of queries graded D or E, 0–1. */
  highRiskShare: z.number(),
  grades: z.array(z.object({ grade: z.enum(RISK_GRADES), count: z.number().int() })),
  byModel: z.object({ truck: ModelFigures, fleet: ModelFigures, bus: ModelFigures }),
});
export type ZoneProvince = z.infer<typeof ZoneProvince>;

export const ZoneData = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** Scored queries in the period (failed ones are not on the map). */
  total: z.number().int(),
  /** Scored queries whose province is not known (a company asked by name only). */
  unplaced: z.number().int(),
  /** Provinces with at least one query, most queries first. */
  provinces: z.array(ZoneProvince),
  /** Bounds of averageScore over the provinces, for the map's scale (0 and 100 when empty). */
  min: z.number(),
  max: z.number(),
});
export type ZoneData = z.infer<typeof ZoneData>;

/** insuranceAccessLog: one query's log detail. */
export const AccessLogDetail = ModelQueryRow.extend({
  /** The parameters sent to the interface (personal data masked as the gateway's log masks it). */
  request: z.record(z.string(), z.string()),
  /** The interface's answer as received (data), null when it answered none. */
  response: z.unknown(),
  ip: z.string(),
  /** The full result as the model's own screen shows it; null when the model did not answer a score. */
  truck: TruckScore.nullable(),
  bus: BusScore.nullable(),
  fleet: FleetScore.nullable(),
});
export type AccessLogDetail = z.infer<typeof AccessLogDetail>;

// ── The calls ───────────────────────────────────────────────────────────────────────────────────
/** Behind menu code 12 车险分析 (spec 02 §6): the server refuses an account without it. */
const insuranceCall = featureCalls(FEATURE.vehicleInsurance);

/**
 * 车险分析. The company must be authenticated and hold menu code 12; a score needs its interface
 * bought (a sub-account: assigned). Every query is the caller's own; another's id answers as a
 * nonexistent one (ALL_0011).
 */
export const insuranceApi = {
  models: insuranceCall({
    method: 'POST',
    path: '/UserCenter/insuranceModels',
    summary: '车险模型（货车 9963、车队 9964、客车 9965）的购买与可用状态',
    answer: { data: z.array(ModelState) },
  }),
  truckScore: insuranceCall({
    method: 'POST',
    path: '/UserCenter/drivingLine',
    summary: '货车风险评分：按车牌与颜色调用一次货车风险评分模型（9963），答评分、等级、风险因子、常跑线路与行驶周期汇总；计费并记录',
    input: ScoreVehicleInput,
    answer: { data: TruckScore },
    fails: ['ALL_0001'],
  }),
  truckCycles: insuranceCall({
    method: 'POST',
    path: '/UserCenter/findDrivingCycleMongoByPage',
    summary: '一次货车（或客车）评分查询的行驶周期（分页）；export=1 导出（xlsx）',
    input: CycleListInput,
    answer: { rows: DrivingCycle, export: [XLSX_TYPE] },
    fails: ['ALL_0011'],
  }),
  fleetScore: insuranceCall({
    method: 'POST',
    path: '/UserCenter/qyCarTeamModel',
    summary: '货车车队风险评分：按企业名称和/或统一社会信用代码调用一次货车车队风险评分模型（9964）；计费并记录',
    input: FleetScoreInput,
    answer: { data: FleetScore },
    fails: ['ALL_0001'],
  }),
  fleetLog: insuranceCall({
    method: 'POST',
    path: '/UserCenter/getCarTeamModelPage',
    summary: '车队评分查询记录（按企业、等级、日期筛选，最新在前）；export=1 导出（xlsx）',
    input: FleetLogInput,
    answer: { rows: ModelQueryRow, export: [XLSX_TYPE] },
  }),
  busScore: insuranceCall({
    method: 'POST',
    path: '/UserCenter/busModel',
    summary: '客车风险评分：按车牌与颜色调用一次客车风险评分模型（9965），答评分、等级、客车风险因子、常跑线路与行驶周期汇总；计费并记录',
    input: ScoreVehicleInput,
    answer: { data: BusScore },
    fails: ['ALL_0001'],
  }),
  busLog: insuranceCall({
    method: 'POST',
    path: '/UserCenter/getBusModelPage',
    summary: '客车评分查询记录（按车牌、等级、日期筛选，最新在前）；export=1 导出（xlsx）',
    input: BusLogInput,
    answer: { rows: ModelQueryRow, export: [XLSX_TYPE] },
  }),
  zoneData: insuranceCall({
    method: 'POST',
    path: '/UserCenter/getInsuranceZoneData',
    summary: '按省份汇总本账号的模型评分（查询数、平均分、高风险占比、分模型），供中国地图着色；默认近 90 天',
    input: ZoneDataInput,
    answer: { data: ZoneData },
  }),
  accessHistory: insuranceCall({
    method: 'POST',
    path: '/UserCenter/insuranceAccessHistory',
    summary: '车险模型访问记录（按模型、车牌或企业、等级、日期筛选，最新在前）；export=1 导出（xlsx）',
    input: AccessHistoryInput,
    answer: { rows: ModelQueryRow, export: [XLSX_TYPE] },
  }),
  accessLog: insuranceCall({
    method: 'POST',
    path: '/UserCenter/insuranceAccessLog',
    summary: '一次模型查询的日志详情：请求参数（个人信息脱敏）、接口应答、结果、流水号、计费与操作人',
    input: QueryIdInput,
    answer: { data: AccessLogDetail },
    fails: ['ALL_0011'],
  }),
} as const;
