// Usage history (调用记录, spec 02 §7 "Statistics"): the filters of every statistics call and of
// the call detail list, their limits and messages, and the answers' shapes. The page's pickers
// and the server parse the same schemas, so a range the page accepts is a range the server reads.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { qualifiedCall } from './declare';
import { formatFen } from './format';
import { GATEWAY_SUCCESS, PLATFORM_CODES } from './gateway';
import { chinaDay } from './china-time';

export const USAGE_RULES = {
  /** Longest period one query may cover, in China days (inclusive). */
  maxSpanDays: 366,
  /** Days shown when none are chosen: the last 30 China days, today included. */
  defaultDays: 30,
  /** Months shown by monthly statistics when no period is chosen: this month and the 11 before. */
  defaultMonths: 12,
  /** Rows of the detail list one can page through (pageNum × pageSize); beyond, narrow the filter. */
  detailMaxRows: 10_000,
  /** Most records one xlsx export may hold; more is refused, not cut short. */
  exportMax: 10_000,
  /** Largest page of the detail list and of the daily/monthly tables. */
  maxPageSize: 100,
  defaultPageSize: 20,
} as const;

export const USAGE_MSG = {
  dateFormat: '请选择正确的日期（格式为 YYYY-MM-DD）',
  dateOrder: '开始日期不能晚于结束日期',
  span: `查询的时间跨度不能超过 ${USAGE_RULES.maxSpanDays} 天，请缩小日期范围`,
  interface: '请选择正确的接口',
  code: '请选择正确的结果代码',
  seqNo: '请输入正确的流水号（20 位字母或数字）',
  member: '请选择正确的账号',
  tooDeep: `最多可翻阅前 ${USAGE_RULES.detailMaxRows} 条记录，请缩小日期范围或按流水号查询`,
  exportTooMany: `导出的调用记录不能超过 ${USAGE_RULES.exportMax} 条，请缩小日期范围或增加筛选条件`,
  otherMember: '只能查看本账号及本账号子账号的调用记录',
  subOnlyOwn: '子账号只能查看自己的调用记录',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** yyyy-MM-dd that names a real calendar day. */
export function isCalendarDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Whole days from a to b (b − a), both yyyy-MM-dd. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** The day n days after (or before, when negative) a yyyy-MM-dd day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Empty means "not chosen"; anything else must be a real day, or the rule's message. */
const dayField = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim() : v),
  z.string({ error: USAGE_MSG.dateFormat }).refine(isCalendarDay, USAGE_MSG.dateFormat).optional(),
);

/** Empty means "all interfaces"; else a positive interface id. */
const interfaceField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: USAGE_MSG.interface })
    .trim()
    .regex(/^[1-9]\d{0,8}$/, USAGE_MSG.interface)
    .transform(Number)
    .optional(),
);

/**
 * Whose records: empty = the caller's own; `all` = a main account and all its sub-accounts;
 * a member id = that account (the caller itself or one of its sub-accounts — the server checks).
 */
const memberField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: USAGE_MSG.member })
    .trim()
    .regex(/^(all|[1-9]\d{0,14})$/, USAGE_MSG.member)
    .transform((s): UsageMember => (s === 'all' ? 'all' : Number(s)))
    .optional(),
);
export type UsageMember = 'all' | number;

const pageInt = (fallback: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? fallback : Number(v)),
    z
      .number()
      .catch(fallback)
      .transform((n) => (Number.isFinite(n) ? Math.max(1, Math.min(Math.trunc(n), max)) : fallback)),
  );

const rangeChecks = <T extends { startDate?: string; endDate?: string }>(f: T, ctx: z.RefinementCtx) => {
  if (f.startDate && f.endDate) {
    if (f.startDate > f.endDate) ctx.addIssue({ code: 'custom', message: USAGE_MSG.dateOrder, path: ['endDate'] });
    else if (daysBetween(f.startDate, f.endDate) + 1 > USAGE_RULES.maxSpanDays) ctx.addIssue({ code: 'custom', message: USAGE_MSG.span, path: ['endDate'] });
  }
};

const rangeShape = {
  /** China calendar days, inclusive. Absent: see usagePeriod. */
  startDate: dayField,
  endDate: dayField,
  interfaceId: interfaceField,
  memberId: memberField,
};

/** The filter of every statistics call: a China-day period, one interface, whose records. */
export const UsageRangeInput = z.object(rangeShape).superRefine(rangeChecks);
export type UsageRangeInput = z.infer<typeof UsageRangeInput>;

/** dailyStatistics and monthlyStatistics: the filter and a page of (day|month, interface) rows. */
export const UsageTableInput = z
  .object({
    ...rangeShape,
    pageNum: pageInt(1, 100_000),
    pageSize: pageInt(USAGE_RULES.defaultPageSize, USAGE_RULES.maxPageSize),
  })
  .superRefine(rangeChecks);
export type UsageTableInput = z.infer<typeof UsageTableInput>;

/** The call detail list: the filter plus a result code and a seqNo, paged or exported. */
export const CallDetailInput = z
  .object({
    ...rangeShape,
    code: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : v),
      z
        .string({ error: USAGE_MSG.code })
        .trim()
        .regex(/^(\d{5}|SYSTEM_\d{3})$/, USAGE_MSG.code)
        .optional(),
    ),
    /** One call by its seqNo: found whatever the period (a seqNo is what support is quoted). */
    seqNo: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z
        .string({ error: USAGE_MSG.seqNo })
        .trim()
        .regex(/^[0-9A-Za-z]{20}$/, USAGE_MSG.seqNo)
        .transform((s) => s.toUpperCase())
        .optional(),
    ),
    pageNum: pageInt(1, USAGE_RULES.detailMaxRows),
    pageSize: pageInt(USAGE_RULES.defaultPageSize, USAGE_RULES.maxPageSize),
    export: z.preprocess((v) => v === '1' || v === 'true' || v === true || v === 1, z.boolean()),
  })
  .superRefine((f, ctx) => {
    rangeChecks(f, ctx);
    if (!f.export && f.pageNum * f.pageSize > USAGE_RULES.detailMaxRows) ctx.addIssue({ code: 'custom', message: USAGE_MSG.tooDeep, path: ['pageNum'] });
  });
export type CallDetailInput = z.infer<typeof CallDetailInput>;

export type UsagePeriodKind = 'day' | 'month';

/**
 * The period a query covers: the days asked; an open end filled (start: the default span before
 * the end; end: today, or the start when it is later); nothing asked = the last 30 China days
 * (monthly statistics: from the first of the month 11 months ago). Always within maxSpanDays.
 */
export function usagePeriod(f: { startDate?: string; endDate?: string }, kind: UsagePeriodKind = 'day', now: Date = new Date()): UsagePeriod {
  const today = chinaDay(now);
  const endDate = f.endDate ?? (f.startDate && f.startDate > today ? f.startDate : today);
  let startDate = f.startDate;
  if (!startDate) {
    if (kind === 'month') {
      const [y = 0, m = 1] = endDate.split('-').map(Number);
      const back = new Date(Date.UTC(y, m - 1 - (USAGE_RULES.defaultMonths - 1), 1));
      startDate = back.toISOString().slice(0, 10);
    } else {
      startDate = addDays(endDate, -(USAGE_RULES.defaultDays - 1));
    }
  }
  // An open end may have stretched the period: keep it within the limit from its end.
  if (daysBetween(startDate, endDate) + 1 > USAGE_RULES.maxSpanDays) startDate = addDays(endDate, -(USAGE_RULES.maxSpanDays - 1));
  return { startDate, endDate };
}

/** The period of equal length just before one (trends compare the two). */
export function previousPeriod(p: UsagePeriod): UsagePeriod {
  const length = daysBetween(p.startDate, p.endDate) + 1;
  return { startDate: addDays(p.startDate, -length), endDate: addDays(p.startDate, -1) };
}

/** Every day of a period, oldest first. */
export function periodDays(p: UsagePeriod): string[] {
  const out: string[] = [];
  for (let d = p.startDate; d <= p.endDate; d = addDays(d, 1)) out.push(d);
  return out;
}

/** milli-fen (what a call cost) → 元 with two decimals, rounded to the fen: "1,280.00". */
export function formatMfen(mfen: number): string {
  return formatFen(Math.round(mfen / 1000));
}

/** milli-fen → 元 as a plain decimal string with two places ("1280.00"), for answers and files. */
export function mfenToYuan(mfen: number): string {
  const fen = Math.round(mfen / 1000);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A result code is a failure when the platform refused or could not answer (SYSTEM_xxx). */
export const isFailureCode = (code: string) => code.startsWith('SYSTEM_');
export const isSuccessCode = (code: string) => code === GATEWAY_SUCCESS;

/** What a result code means, in the words the open data API answers with. */
export function codeLabel(code: string): string {
  if (code === GATEWAY_SUCCESS) return '成功';
  const platform: Readonly<Record<string, string>> = PLATFORM_CODES;
  if (Object.hasOwn(platform, code)) return platform[code] ?? code;
  return /^100\d\d$/.test(code) ? '业务结果（见接口文档）' : '其他';
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────
export const UsagePeriod = z.object({ startDate: z.string(), endDate: z.string() });
export type UsagePeriod = z.infer<typeof UsagePeriod>;

/** Counts of a set of calls. */
export const UsageFigures = z.object({
  /** Every recorded call, refused ones included. */
  calls: z.number().int(),
  /** Answered 10000. */
  success: z.number().int(),
  /** Taken from a purchase (billable answers that found a call left). */
  charged: z.number().int(),
  /** Refused or failed by the platform (SYSTEM_xxx). */
  failed: z.number().int(),
  /** What the charged calls cost, in milli-fen (exact), and in 元 ("12.40"). */
  costMfen: z.number().int(),
  cost: z.string(),
  /** Mean answer time in ms (0 without calls). */
  avgLatencyMs: z.number().int(),
});
export type UsageFigures = z.infer<typeof UsageFigures>;

export const UsageCodeCount = z.object({ code: z.string(), calls: z.number().int() });
export type UsageCodeCount = z.infer<typeof UsageCodeCount>;

/** One row of dailyStatistics (`period` = yyyy-MM-dd) or monthlyStatistics (yyyy-MM). */
export const UsageTableRow = UsageFigures.extend({
  period: z.string(),
  /** 0 for calls refused before an interface was known. */
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** Every code other than 10000, most frequent first. */
  codes: z.array(UsageCodeCount),
});
export type UsageTableRow = z.infer<typeof UsageTableRow>;

/** The whole filter of a statistics table: figures and every code seen. */
export const UsageTableSum = UsageFigures.extend({ codes: z.array(UsageCodeCount) });
export type UsageTableSum = z.infer<typeof UsageTableSum>;

export const CallDetailRow = z.object({
  seqNo: z.string(),
  memberId: z.number().int(),
  loginName: z.string(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  code: z.string(),
  charged: z.boolean(),
  costMfen: z.number().int(),
  cost: z.string(),
  latencyMs: z.number().int(),
  ip: z.string(),
  /** Parameter names → masked values, as recorded (never in clear). */
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type CallDetailRow = z.infer<typeof CallDetailRow>;

/** The figures the chart and the distribution show, counted as UsageFigures counts them. */
const shownFigures = UsageFigures.pick({ calls: true, charged: true, failed: true, costMfen: true, cost: true }).shape;

export const UsageChartPoint = z.object({ day: z.string(), ...shownFigures });
export type UsageChartPoint = z.infer<typeof UsageChartPoint>;

export const UsageChart = z.object({
  period: UsagePeriod,
  /** One point per day of the period, oldest first, zeros on days without calls. */
  series: z.array(UsageChartPoint),
});
export type UsageChart = z.infer<typeof UsageChart>;

export const UsageDistributionRow = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  ...shownFigures,
  /** Share of the period's calls, 0–100 with one decimal. */
  share: z.number(),
});
export type UsageDistributionRow = z.infer<typeof UsageDistributionRow>;

export const UsageDistribution = z.object({
  period: UsagePeriod,
  total: z.number().int(),
  rows: z.array(UsageDistributionRow),
});
export type UsageDistribution = z.infer<typeof UsageDistribution>;

export const UsageChargeRow = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  chargedCalls: z.number().int(),
  costMfen: z.number().int(),
  cost: z.string(),
  /** The account's purchase of the interface now: calls left and expiry (null without one). */
  callsLeft: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
});
export type UsageChargeRow = z.infer<typeof UsageChargeRow>;

export const UsageCharges = z.object({
  period: UsagePeriod,
  chargedCalls: z.number().int(),
  costMfen: z.number().int(),
  cost: z.string(),
  rows: z.array(UsageChargeRow),
});
export type UsageCharges = z.infer<typeof UsageCharges>;

/** Change against the previous period in percent (one decimal); null when it had none. */
const PercentChange = z.number().nullable();

export const UsageTrends = z.object({
  period: UsagePeriod,
  previous: UsagePeriod,
  current: UsageFigures,
  before: UsageFigures,
  change: z.object({ calls: PercentChange, charged: PercentChange, costMfen: PercentChange, failed: PercentChange }),
});
export type UsageTrends = z.infer<typeof UsageTrends>;

/** Percent change from a to b (one decimal), null when a is 0. */
export function percentChange(before: number, now: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** The detail list's columns in the xlsx file, in order. */
export const CALL_EXPORT_COLUMNS = [
  '流水号',
  '调用时间',
  '账号',
  '接口名称',
  '结果代码',
  '是否计费',
  '费用（元）',
  '耗时（毫秒）',
  '调用 IP',
  '请求参数（已脱敏）',
] as const;

/**
 * The statistics calls of spec 02 §7 (调用记录). The period used travels with every answer, so
 * the screen never computes China's days itself; tables carry the filter's totals beside the page.
 */
export const usageApi = {
  daily: qualifiedCall({
    method: 'POST',
    path: '/myAccount/callRecord/dailyStatistics',
    summary: '按日、按接口的调用统计（附统计区间与合计）',
    input: UsageTableInput,
    answer: { rows: UsageTableRow, extra: { period: UsagePeriod, sum: UsageTableSum } },
    fails: ['ALL_0010'],
  }),
  monthly: qualifiedCall({
    method: 'POST',
    path: '/myAccount/callRecord/monthlyStatistics',
    summary: '按月、按接口的调用统计（附统计区间与合计）',
    input: UsageTableInput,
    answer: { rows: UsageTableRow, extra: { period: UsagePeriod, sum: UsageTableSum } },
    fails: ['ALL_0010'],
  }),
  callDetail: qualifiedCall({
    method: 'POST',
    path: '/myAccount/callRecord/callDetail/list',
    summary: '调用明细（参数已脱敏；export=1 时导出 xlsx）',
    input: CallDetailInput,
    answer: { rows: CallDetailRow, extra: { period: UsagePeriod }, export: [XLSX_TYPE] },
    fails: ['ALL_0010'],
  }),
  chart: qualifiedCall({
    method: 'POST',
    path: '/myAccount/callRecord/callStatisticalChart',
    summary: '调用趋势：统计区间内每天的调用、计费、失败次数与费用',
    input: UsageRangeInput,
    answer: { data: UsageChart },
    fails: ['ALL_0010'],
  }),
  distribution: qualifiedCall({
    method: 'POST',
    path: '/myCallHistory/distributions',
    summary: '接口分布：统计区间内各接口的调用次数与占比',
    input: UsageRangeInput,
    answer: { data: UsageDistribution },
    fails: ['ALL_0010'],
  }),
  charges: qualifiedCall({
    method: 'POST',
    path: '/myCallHistory/chargeSituations',
    summary: '计费情况：统计区间内各接口的计费次数与费用，及当前剩余次数',
    input: UsageRangeInput,
    answer: { data: UsageCharges },
    fails: ['ALL_0010'],
  }),
  trends: qualifiedCall({
    method: 'POST',
    path: '/myCallHistory/trends',
    summary: '调用概况：统计区间的调用、计费、失败次数与费用，较上一等长区间的变化',
    input: UsageRangeInput,
    answer: { data: UsageTrends },
    fails: ['ALL_0010'],
  }),
};
