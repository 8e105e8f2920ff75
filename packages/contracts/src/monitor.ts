// 接口监控 (/userCenter/monitor; issue #23): for each interface the account can call, how its own
// calls fared over the last hour, day or week — calls, success share, availability, latency
// percentiles, the error-code mix and a time series — and the platform's view of the upstream
// (the gateway's aggregate over every account's calls of that interface, never another
// account's data). The error rate is the error-rate alert's own measure (alertErrorRate below,
// which modules/alerts judges with), so the page shows the figure an alert fires on.
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.
import { z } from 'zod';
import { qualifiedCall } from './declare';
import { GATEWAY_SUCCESS, PLATFORM_CODES } from './gateway';

// ── Windows ──────────────────────────────────────────────────────────────────────────────────
export const MONITOR_WINDOWS = ['hour', 'day', 'week'] as const;
export type MonitorWindow = (typeof MONITOR_WINDOWS)[number];

/** Each window: its words, its length and the chart's bucket (5 min / 1 h / 6 h, China time). */
export const MONITOR_WINDOW: Record<MonitorWindow, { label: string; minutes: number; bucketMinutes: number }> = {
  hour: { label: '近1小时', minutes: 60, bucketMinutes: 5 },
  day: { label: '近24小时', minutes: 24 * 60, bucketMinutes: 60 },
  week: { label: '近7天', minutes: 7 * 24 * 60, bucketMinutes: 6 * 60 },
};

export const MONITOR_MSG = {
  window: '请选择统计时间范围（近1小时、近24小时或近7天）',
  scope: '请选择统计范围（本账号或含子账号）',
  interface: '请选择正确的接口',
  notBought: '未找到该接口，请确认已购买（子账号：已分配）该接口',
  subScope: '子账号只能查看自己的调用',
  upstreamHidden: '该时段调用此接口的企业不足 3 家，为保护其他客户的数据，不展示平台视角',
} as const;

/**
 * The upstream's figures are shown over the calls of at least this many companies (purchase
 * owners): with fewer, a customer could take its own figures away and read another company's.
 */
export const UPSTREAM_MIN_COMPANIES = 3;

// ── What each answer code means for availability ─────────────────────────────────────────────
/**
 * Codes that mean the platform or the upstream failed the call: the data source timed out
 * (SYSTEM_027) or could not be reached (SYSTEM_028), or the platform itself broke (SYSTEM_999).
 * Only these count against availability.
 */
export const OUTAGE_CODES: readonly string[] = ['SYSTEM_027', 'SYSTEM_028', 'SYSTEM_999'];

/**
 * How a code counts:
 * - success: 10000.
 * - business: any other code from the interface (10001–10019, e.g. 查无结果): the upstream
 *   answered, so the call was available; it is still an error for the error rate.
 * - outage: OUTAGE_CODES — unavailable.
 * - caller: every other SYSTEM_xxx (key, balance, signature, parameters, IP, frequency …): the
 *   caller's own request was refused before the upstream was asked, which says nothing about
 *   the interface's health; left out of availability and latency (such refusals answer in a few
 *   milliseconds and would flatter the percentiles), still counted in calls and the error rate.
 */
export type CodeKind = 'success' | 'business' | 'outage' | 'caller';
export function codeKind(code: string): CodeKind {
  if (code === GATEWAY_SUCCESS) return 'success';
  if (OUTAGE_CODES.includes(code)) return 'outage';
  if (code.startsWith('SYSTEM_')) return 'caller';
  return 'business';
}
export const CODE_KIND_LABEL: Record<CodeKind, string> = { success: '成功', business: '业务结果', outage: '平台/数据源故障', caller: '调用方错误' };

/** Words of a code: the interface's documentation first, then the platform's table. */
export function codeWords(code: string, documented: ReadonlyMap<string, string> = new Map()): string {
  if (code === GATEWAY_SUCCESS) return documented.get(code) ?? '成功';
  const own = documented.get(code);
  if (own) return own;
  const platform: Readonly<Record<string, string>> = PLATFORM_CODES;
  if (Object.hasOwn(platform, code)) return platform[code] ?? code;
  return '业务结果（见接口文档）';
}

// The error rate is the error_rate alert's own measure (alerts.ts: isAlertError, alertErrorRate,
// alertCrossed): the monitor shows exactly what an alert would fire on.

// ── Shares, percentiles and status ───────────────────────────────────────────────────────────
/** A share as a percent with two decimals (98.77); null when there is nothing to share. */
export function sharePercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 10_000) / whole) / 100 : null;
}

/**
 * Percentiles are nearest-rank (PostgreSQL percentile_disc): the smallest recorded latency
 * such that at least p of the measured calls (success, business, outage) took no longer.
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.max(0, Math.ceil(p * sorted.length) - 1);
  return sorted[i] ?? null;
}

/**
 * Status of an interface (own calls) or of its upstream (every account's calls):
 * 正常 availability ≥ 99 % and p95 ≤ 3 s; 异常 availability < 95 %; otherwise 波动;
 * 暂无调用 without measured calls in the window. 3 s is half the gateway's data-source timeout
 * budget: slower than that, calls are close to failing with SYSTEM_027.
 */
export const MONITOR_STATUS_RULES = { okAvailability: 99, badAvailability: 95, slowP95Ms: 3000 } as const;
export const MONITOR_STATUSES = ['ok', 'warn', 'bad', 'idle'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];
export const MONITOR_STATUS_LABEL: Record<MonitorStatus, string> = { ok: '正常', warn: '波动', bad: '异常', idle: '暂无调用' };
export function monitorStatus(availability: number | null, p95: number | null): MonitorStatus {
  if (availability === null) return 'idle';
  if (availability < MONITOR_STATUS_RULES.badAvailability) return 'bad';
  if (availability < MONITOR_STATUS_RULES.okAvailability || (p95 ?? 0) > MONITOR_STATUS_RULES.slowP95Ms) return 'warn';
  return 'ok';
}

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────
const windowField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'hour' : typeof v === 'string' ? v.trim() : v),
  z.enum(MONITOR_WINDOWS, { error: MONITOR_MSG.window }),
);
/** own (default): the caller's own calls; all: a main account's and its sub-accounts'. */
const scopeField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'own' : typeof v === 'string' ? v.trim() : v),
  z.enum(['own', 'all'], { error: MONITOR_MSG.scope }),
);
const interfaceField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: MONITOR_MSG.interface })
    .trim()
    .regex(/^[1-9]\d{0,8}$/, MONITOR_MSG.interface)
    .transform(Number),
);

export const MonitorOverviewInput = z.object({ window: windowField, scope: scopeField });
export type MonitorOverviewInput = z.infer<typeof MonitorOverviewInput>;
export const MonitorInterfaceInput = z.object({ window: windowField, scope: scopeField, interfaceId: interfaceField });
export type MonitorInterfaceInput = z.infer<typeof MonitorInterfaceInput>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────
export const MonitorFigures = z.object({
  /** Every recorded call of the window. */
  calls: z.number().int(),
  success: z.number().int(),
  /** success / calls, percent with two decimals; null without calls. */
  successShare: z.number().nullable(),
  /** Calls that reached the upstream or failed on the platform's side (success, business, outage). */
  measured: z.number().int(),
  outages: z.number().int(),
  /** (measured − outages) / measured, percent with two decimals; null without measured calls. */
  availability: z.number().nullable(),
  p50: z.number().int().nullable(),
  p95: z.number().int().nullable(),
  p99: z.number().int().nullable(),
  /** Calls answered anything but 10000 (the error_rate alert's measure without chosen codes). */
  errors: z.number().int(),
  errorRate: z.number().int(),
  /** At least MIN_CALLS_FOR_RATE calls: an alert would judge this rate. */
  errorRateJudged: z.boolean(),
  status: z.enum(MONITOR_STATUSES),
});
export type MonitorFigures = z.infer<typeof MonitorFigures>;

/** The platform's view of the upstream: every account's calls, aggregates only. */
export const UpstreamView = z.object({
  /** At least UPSTREAM_MIN_COMPANIES companies called it in the window; otherwise no figures. */
  shown: z.boolean(),
  availability: z.number().nullable(),
  p95: z.number().int().nullable(),
  status: z.enum(MONITOR_STATUSES),
});
export type UpstreamView = z.infer<typeof UpstreamView>;

/** The account's error_rate rules on the interface (the chart's threshold line, a link to 预警管理). */
export const MonitorAlert = z.object({
  id: z.number().int(),
  threshold: z.number().int(),
  windowMinutes: z.number().int(),
  codes: z.array(z.string()),
  enabled: z.boolean(),
  fired: z.boolean(),
});
export type MonitorAlert = z.infer<typeof MonitorAlert>;

export const MonitorRow = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  figures: MonitorFigures,
  upstream: UpstreamView,
  /** The lowest threshold of the enabled error_rate rules, percent; null without one. */
  alertThreshold: z.number().int().nullable(),
});
export type MonitorRow = z.infer<typeof MonitorRow>;

export const MonitorOverview = z.object({
  window: z.enum(MONITOR_WINDOWS),
  from: z.string(),
  to: z.string(),
  rows: z.array(MonitorRow),
});
export type MonitorOverview = z.infer<typeof MonitorOverview>;

export const MonitorCode = z.object({
  code: z.string(),
  words: z.string(),
  kind: z.enum(['success', 'business', 'outage', 'caller']),
  calls: z.number().int(),
  /** calls / all calls, percent with two decimals. */
  share: z.number(),
});
export type MonitorCode = z.infer<typeof MonitorCode>;

export const MonitorPoint = z.object({
  /** The bucket's start, ISO. */
  at: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
  outages: z.number().int(),
  /** The alert's measure over the bucket (whole percent). */
  errorRate: z.number().int(),
  p95: z.number().int().nullable(),
});
export type MonitorPoint = z.infer<typeof MonitorPoint>;

export const MonitorDetail = z.object({
  window: z.enum(MONITOR_WINDOWS),
  from: z.string(),
  to: z.string(),
  bucketMinutes: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  figures: MonitorFigures,
  codes: z.array(MonitorCode),
  series: z.array(MonitorPoint),
  upstream: UpstreamView,
  alerts: z.array(MonitorAlert),
});
export type MonitorDetail = z.infer<typeof MonitorDetail>;

/**
 * Spec 02 lists /monitor without calls; these two are ours (under /apiHome). 数据管理 is always
 * on the menu, so no feature gate: an authenticated company reads its own interfaces.
 */
export const monitorApi = {
  overview: qualifiedCall({
    method: 'POST',
    path: '/monitor/overview',
    summary: '接口监控：每个已购（子账号：已分配）接口在时间范围内的可用率、延迟、错误率与数据源状态',
    input: MonitorOverviewInput,
    answer: { data: MonitorOverview },
    fails: ['ALL_0010'],
  }),
  interface: qualifiedCall({
    method: 'POST',
    path: '/monitor/interface',
    summary: '接口监控：一个接口的指标、错误码分布、时间序列、数据源状态与错误率预警',
    input: MonitorInterfaceInput,
    answer: { data: MonitorDetail },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
} as const;
