// The console's suppliers (issue #24): the companies the platform buys data from, the routes by
// which they answer an interface (endpoint, credentials, time limit, order, price, names), and the
// operator's report of what each supplier did and cost. Editing is the catalogue editors'; the
// report is open to finance too. Credentials are write-only: once saved, only their header names
// are ever answered.
import { z } from 'zod';
import { operatorCalls } from './declare';
import { flag, id, intIn, optionalId, text, trimmed } from './form-fields';
import { hasControlChars } from './online';
import { isRealDay } from './validation';

export const SUPPLIER_LIMITS = {
  nameMin: 2,
  nameMax: 30,
  remarkMax: 200,
  concurrentMax: 1000,
  queueMax: 1000,
  endpointMax: 500,
  timeoutMinMs: 100,
  timeoutMaxMs: 60_000,
  priorityMax: 9,
  weightMax: 100,
  /** The most a supplier may charge per call, yuan. */
  costYuanMax: 1000,
  headersMax: 10,
  headerValueMax: 500,
  mapEntriesMax: 50,
  reportDaysMax: 92,
} as const;

const L = SUPPLIER_LIMITS;

export const SUPPLIER_STATES = ['enabled', 'disabled'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATES)[number];
export const BREAKER_STATES = ['closed', 'open', 'half_open'] as const;
export type BreakerStateName = (typeof BREAKER_STATES)[number];
export const BREAKER_LABEL: Record<BreakerStateName, string> = { closed: '正常', open: '已熔断', half_open: '探测中' };

export const SUPPLIER_MSG = {
  name: `供应商名称为 ${L.nameMin}-${L.nameMax} 个字`,
  nameTaken: (name: string) => `供应商「${name}」已存在`,
  remark: `备注最多 ${L.remarkMax} 个字`,
  maxConcurrent: `并发上限为 1-${L.concurrentMax} 的整数`,
  maxQueue: `排队上限为 0-${L.queueMax} 的整数`,
  status: '请选择启用或停用',
  supplierMissing: '供应商不存在',
  routeMissing: '线路不存在',
  interfaceMissing: '接口不存在',
  endpoint: `接口地址须为 http:// 或 https:// 开头的完整地址，最多 ${L.endpointMax} 个字符`,
  timeout: `超时时间为 ${L.timeoutMinMs}-${L.timeoutMaxMs} 毫秒的整数`,
  priority: `优先级为 1-${L.priorityMax} 的整数，1 最先调用`,
  weight: `权重为 1-${L.weightMax} 的整数，同一优先级按权重分配调用`,
  cost: `单次成本为 0-${L.costYuanMax} 元，最多 5 位小数`,
  credentials: `凭证每行一个请求头，格式为「名称: 值」，最多 ${L.headersMax} 行；名称为字母、数字或短横线，值最多 ${L.headerValueMax} 个字符`,
  credentialHeader: (name: string) => `请求头 ${name} 由平台设置，不能作为凭证`,
  map: (label: string) => `${label}每行一条「原名=新名」，名称为字母开头的字母、数字或下划线，最多 ${L.mapEntriesMax} 条`,
  codeMap: `返回码映射每行一条「供应商返回码=平台返回码」，平台返回码为 5 位数字，最多 ${L.mapEntriesMax} 条`,
  duplicateRoute: '该供应商已有此接口的线路，请直接编辑',
  saved: '已保存，约 30 秒内对网关调用生效',
  deleted: '线路已删除',
  reportRange: `统计区间须为真实日期，开始不晚于结束，最长 ${L.reportDaysMax} 天`,
} as const;

const M = SUPPLIER_MSG;

// ── Suppliers ───────────────────────────────────────────────────────────────────────────────
export const SupplierSaveInput = z.object({
  /** Absent: a new supplier. */
  id: optionalId(M.supplierMissing),
  name: text(L.nameMin, L.nameMax, M.name).refine((v) => !hasControlChars(v), M.name),
  maxConcurrent: intIn(1, L.concurrentMax, M.maxConcurrent),
  maxQueue: intIn(0, L.queueMax, M.maxQueue),
  status: z.enum(SUPPLIER_STATES, { error: M.status }),
  remark: z.preprocess(
    (v) => trimmed(v ?? ''),
    z
      .string()
      .max(L.remarkMax, M.remark)
      .refine((v) => !hasControlChars(v), M.remark),
  ),
});
export type SupplierSaveInput = z.infer<typeof SupplierSaveInput>;

export const SupplierRow = z.object({
  id: z.number(),
  name: z.string(),
  maxConcurrent: z.number(),
  maxQueue: z.number(),
  status: z.enum(SUPPLIER_STATES),
  remark: z.string(),
  routes: z.number(),
  /** In the process that answered; another process's breaker may differ. */
  breaker: z.enum(BREAKER_STATES),
  lastEvent: z.object({ state: z.string(), reason: z.string(), at: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type SupplierRow = z.infer<typeof SupplierRow>;

// ── Routes ──────────────────────────────────────────────────────────────────────────────────
/** Headers the platform sets itself: a credential may not replace them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'accept',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);

/** "Name: value" lines → headers; null when any line breaks the rule. */
export function parseCredentials(textValue: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  const lines = textValue
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > L.headersMax) return null;
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at < 1) return null;
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (!/^[A-Za-z0-9-]{1,64}$/.test(name) || !value || value.length > L.headerValueMax || hasControlChars(value)) return null;
    out[name] = value;
  }
  return out;
}

const MAP_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** "from=to" lines → a map; null when any line breaks the rule. `to` is checked by `target`. */
export function parseMap(textValue: string, target: RegExp = MAP_NAME, source: RegExp = MAP_NAME): Record<string, string> | null {
  const out: Record<string, string> = {};
  const lines = textValue
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > L.mapEntriesMax) return null;
  for (const line of lines) {
    const [from, to, ...rest] = line.split('=').map((x) => x.trim());
    if (rest.length > 0 || !from || !to || !source.test(from) || !target.test(to) || from in out) return null;
    out[from] = to;
  }
  return out;
}

/** "supplier code=our code" lines: the supplier's code as it sends it, ours five digits. */
export const parseCodeMap = (textValue: string) => parseMap(textValue, /^\d{5}$/, /^[A-Za-z0-9_.-]{1,32}$/);

/** A map as the form shows it: "from=to" lines. */
export const mapText = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([a, b]) => `${a}=${b}`)
    .join('\n');

/** 元 with at most five decimals → milli-fen (1 元 = 100 000). */
export function yuanToMfen(value: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,5}))?$/.exec(value.trim());
  if (!m) return null;
  const mfen = Number(m[1]) * 100_000 + Number((m[2] ?? '').padEnd(5, '0'));
  return mfen <= L.costYuanMax * 100_000 ? mfen : null;
}

/** milli-fen → "0.035": the form's value, which yuanToMfen reads back. */
export function mfenToYuanInput(mfen: number): string {
  const whole = Math.floor(mfen / 100_000);
  const part = String(mfen % 100_000)
    .padStart(5, '0')
    .replace(/0+$/, '');
  return part ? `${whole}.${part}` : String(whole);
}

const lines = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : (v ?? '')), z.string().max(max));

export const RouteSaveInput = z
  .object({
    /** Absent: a new route. */
    id: optionalId(M.routeMissing),
    interfaceId: id(M.interfaceMissing),
    supplierId: id(M.supplierMissing),
    endpoint: text(10, L.endpointMax, M.endpoint).refine((v) => {
      if (hasControlChars(v)) return false;
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, M.endpoint),
    /** New credentials ("Name: value" lines); blank keeps the saved ones unless `clearCredentials`. */
    credentials: lines(L.headersMax * (L.headerValueMax + 70)),
    clearCredentials: flag,
    timeoutMs: intIn(L.timeoutMinMs, L.timeoutMaxMs, M.timeout),
    priority: intIn(1, L.priorityMax, M.priority),
    weight: intIn(1, L.weightMax, M.weight),
    costYuan: z.preprocess(
      trimmed,
      z.string({ error: M.cost }).refine((v) => yuanToMfen(v) !== null, M.cost),
    ),
    paramMap: lines(L.mapEntriesMax * 140),
    fieldMap: lines(L.mapEntriesMax * 140),
    codeMap: lines(L.mapEntriesMax * 80),
    enabled: flag,
  })
  .superRefine((v, ctx) => {
    const headers = parseCredentials(v.credentials);
    if (headers === null) ctx.addIssue({ code: 'custom', path: ['credentials'], message: M.credentials });
    else {
      const reserved = Object.keys(headers).find((h) => RESERVED_HEADERS.has(h.toLowerCase()));
      if (reserved) ctx.addIssue({ code: 'custom', path: ['credentials'], message: M.credentialHeader(reserved) });
    }
    if (parseMap(v.paramMap) === null) ctx.addIssue({ code: 'custom', path: ['paramMap'], message: M.map('参数映射') });
    if (parseMap(v.fieldMap) === null) ctx.addIssue({ code: 'custom', path: ['fieldMap'], message: M.map('字段映射') });
    if (parseCodeMap(v.codeMap) === null) ctx.addIssue({ code: 'custom', path: ['codeMap'], message: M.codeMap });
  });
export type RouteSaveInput = z.infer<typeof RouteSaveInput>;

export const RouteListInput = z.object({ interfaceId: id(M.interfaceMissing) });
export const RouteIdInput = z.object({ id: id(M.routeMissing) });

export const RouteRow = z.object({
  id: z.number(),
  interfaceId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  supplierStatus: z.enum(SUPPLIER_STATES),
  endpoint: z.string(),
  /** The credential headers' names; their values are never answered. */
  credentialNames: z.array(z.string()),
  timeoutMs: z.number(),
  priority: z.number(),
  weight: z.number(),
  costYuan: z.string(),
  paramMap: z.string(),
  fieldMap: z.string(),
  codeMap: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type RouteRow = z.infer<typeof RouteRow>;

// ── The report ──────────────────────────────────────────────────────────────────────────────
const day = z.preprocess(trimmed, z.string({ error: M.reportRange }).refine(isRealDay, M.reportRange));

export const SupplierReportInput = z
  .object({
    from: day,
    to: day,
    supplierId: optionalId(M.supplierMissing),
    interfaceId: optionalId(M.interfaceMissing),
  })
  .refine((v) => v.from <= v.to && Date.parse(v.to) - Date.parse(v.from) <= (L.reportDaysMax - 1) * 86_400_000, { message: M.reportRange, path: ['to'] });
export type SupplierReportInput = z.infer<typeof SupplierReportInput>;

export const SupplierReportRow = z.object({
  supplierId: z.number(),
  supplierName: z.string(),
  interfaceId: z.number(),
  interfaceName: z.string(),
  /** Attempts sent to the supplier, answered, timed out, refused or failed. */
  tried: z.number(),
  answered: z.number(),
  timeouts: z.number(),
  refused: z.number(),
  /** answered ÷ tried, 0–1; null with no attempts. */
  successRate: z.number().nullable(),
  /** Latency of its answers, ms; null without answers. */
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
  costMfen: z.number(),
  revenueMfen: z.number(),
  marginMfen: z.number(),
});
export type SupplierReportRow = z.infer<typeof SupplierReportRow>;

export const SupplierReportDay = z.object({
  day: z.string(),
  tried: z.number(),
  answered: z.number(),
  costMfen: z.number(),
  revenueMfen: z.number(),
  marginMfen: z.number(),
});
export type SupplierReportDay = z.infer<typeof SupplierReportDay>;

export const SupplierEventRow = z.object({ supplierId: z.number(), supplierName: z.string(), state: z.string(), reason: z.string(), at: z.string() });
export type SupplierEventRow = z.infer<typeof SupplierEventRow>;

export const SupplierReport = z.object({
  rows: z.array(SupplierReportRow),
  days: z.array(SupplierReportDay),
  events: z.array(SupplierEventRow),
});
export type SupplierReport = z.infer<typeof SupplierReport>;

const supplierCall = operatorCalls('suppliers');
const reportCall = operatorCalls('supplierReport');

export const consoleSuppliersApi = {
  list: supplierCall({
    method: 'POST',
    path: '/console/suppliers/list',
    summary: '供应商列表：并发与排队上限、线路数、熔断状态与最近一次变化',
    answer: { data: z.array(SupplierRow) },
  }),
  save: supplierCall({
    method: 'POST',
    path: '/console/suppliers/save',
    summary: '新建或编辑供应商',
    input: SupplierSaveInput,
    answer: { data: SupplierRow },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  routes: supplierCall({
    method: 'POST',
    path: '/console/suppliers/routes',
    summary: '一个接口的供应商线路（按优先级；凭证只显示请求头名称）',
    input: RouteListInput,
    answer: { data: z.array(RouteRow) },
    fails: ['ALL_0011'],
  }),
  saveRoute: supplierCall({
    method: 'POST',
    path: '/console/suppliers/saveRoute',
    summary: '新建或编辑线路：地址、凭证（只写）、超时、优先级与权重、单次成本、字段与返回码映射',
    input: RouteSaveInput,
    answer: { data: RouteRow },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  deleteRoute: supplierCall({
    method: 'POST',
    path: '/console/suppliers/deleteRoute',
    summary: '删除线路（接口无线路时由沙箱应答）',
    input: RouteIdInput,
    answer: { data: z.object({ id: z.number() }) },
    fails: ['ALL_0011'],
  }),
  report: reportCall({
    method: 'POST',
    path: '/console/supplierReport/report',
    summary: '供应商与接口的调用、成功率、延迟分位、成本、收入与毛利（按日），及熔断记录',
    input: SupplierReportInput,
    answer: { data: SupplierReport },
  }),
};
