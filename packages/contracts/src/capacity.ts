// 企业运力 (/userCenter/enterpriseCapacity, menu code 10; issue #23): a logistics company's fleet
// capacity — vehicles by type and tonnage, the share active in the last 30 days, the provinces it
// drives in and twelve months of trend — from one real call of the purchased catalogue interface
// 9883 企业运力画像 through the open data API's pipeline (charged and recorded like any call).
// Each query is kept for the account (a sub-account: its own), and reopening one costs nothing.
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.
import { z } from 'zod';
import { FEATURE, isValidUscc, QUALIFICATION_MSG } from './account';
import { XLSX_TYPE } from './call';
import { featureCalls } from './declare';
import { hasControlChars } from './online';
import { PageQuery, parseId } from './paging';
import { MSG } from './validation';

/** The catalogue interface the screen calls. */
export const CAPACITY_INTERFACE_ID = 9883;

export const CAPACITY_LIMITS = {
  companyNameChars: 100,
  /** Rows of one export. */
  exportMax: 10_000,
} as const;

export const CAPACITY_MSG = {
  companyOrCode: '请输入企业名称或统一社会信用代码',
  companyName: MSG.tooLong(CAPACITY_LIMITS.companyNameChars),
  creditCodeFormat: QUALIFICATION_MSG.creditCodeFormat,
  creditCodeChecksum: QUALIFICATION_MSG.creditCodeChecksum,
  controlChars: '内容含有不可见的控制字符，请删除后重试',
  queryMissing: '未找到该查询记录',
  notBought: (name: string) => `尚未购买「${name}」接口，请先购买后再查询企业运力`,
  unusable: (name: string) => `「${name}」当前不可调用（已停用、已过期或次数已用完），请恢复或续购后再查`,
  noResult: '未查询到该企业名下的营运货车',
  failed: (message: string, code: string) => `查询未成功：${message || '数据源暂不可用'}（${code}），本次未计费`,
  exportTooMany: `导出最多 ${CAPACITY_LIMITS.exportMax.toLocaleString('en-US')} 条，请缩小范围后重试`,
} as const;

const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, tooLong)
      .refine((v) => !hasControlChars(v), CAPACITY_MSG.controlChars)
      .optional(),
  );

/** A credit code when given: 18 characters as GB 32100-2015 writes them, its check character right. */
const OptionalCreditCode = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
  z.string().regex(USCC_SHAPE, { error: CAPACITY_MSG.creditCodeFormat, abort: true }).refine(isValidUscc, CAPACITY_MSG.creditCodeChecksum).optional(),
);

/** enterpriseCapacity: the company by its name, its credit code or both (at least one). */
export const CapacityQueryInput = z
  .object({
    companyName: optionalText(CAPACITY_LIMITS.companyNameChars, CAPACITY_MSG.companyName),
    creditCode: OptionalCreditCode,
  })
  .superRefine((v, ctx) => {
    if (!v.companyName && !v.creditCode) ctx.addIssue({ code: 'custom', path: ['companyName'], message: CAPACITY_MSG.companyOrCode });
  });
export type CapacityQueryInput = z.infer<typeof CapacityQueryInput>;

const Part = z.object({ count: z.number().int(), share: z.number() });

/** What 9883 answers, as the screen reads it (unknown fields dropped, missing lists empty). */
export const CapacityProfile = z.object({
  companyName: z.string(),
  creditCode: z.string(),
  statMonth: z.string(),
  vehicleCount: z.number().int(),
  active30dCount: z.number().int(),
  activeShare: z.number(),
  newEnergyCount: z.number().int(),
  newEnergyShare: z.number(),
  byType: z.array(Part.extend({ type: z.string() })),
  byTonnage: z.array(Part.extend({ band: z.string() })),
  regions: z.array(z.object({ province: z.string(), share: z.number() })),
  trend: z.array(z.object({ month: z.string(), activeVehicles: z.number().int(), mileage: z.number() })),
});
export type CapacityProfile = z.infer<typeof CapacityProfile>;

/** One stored query: what was asked, what the interface answered. */
export const CapacityQueryView = z.object({
  id: z.number().int(),
  /** As asked ('' when not given). */
  companyName: z.string(),
  creditCode: z.string(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  code: z.string(),
  message: z.string(),
  /** The fleet when the interface found one (code 10000), null otherwise. */
  profile: CapacityProfile.nullable(),
  charged: z.boolean(),
  seqNo: z.string(),
  requestedAt: z.string(),
});
export type CapacityQueryView = z.infer<typeof CapacityQueryView>;

/** A history row: the query without its lists. */
export const CapacityHistoryRow = CapacityQueryView.omit({ profile: true }).extend({
  /** The company the interface answered about ('' when none). */
  answeredName: z.string(),
  answeredCode: z.string(),
  vehicleCount: z.number().int().nullable(),
  activeShare: z.number().nullable(),
});
export type CapacityHistoryRow = z.infer<typeof CapacityHistoryRow>;

/** enterpriseCapacityInterface: whether the account can query, and what to buy if not. */
export const CapacityInterfaceState = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** The account's purchase (a sub-account: its assignment's); null when not bought. */
  purchaseId: z.number().int().nullable(),
  callsLeft: z.number().int(),
  usable: z.boolean(),
  /** Why not usable, '' when usable. */
  reason: z.string(),
});
export type CapacityInterfaceState = z.infer<typeof CapacityInterfaceState>;

/** enterpriseCapacityHistory: the account's queries, newest first, filtered by company (name or code); export=1 answers xlsx. */
export const CapacityHistoryInput = PageQuery.extend({
  company: optionalText(CAPACITY_LIMITS.companyNameChars, CAPACITY_MSG.companyName),
  export: z.coerce.number().optional(),
});
export type CapacityHistoryInput = z.infer<typeof CapacityHistoryInput>;

export const CapacityIdInput = z.object({ id: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: CAPACITY_MSG.queryMissing })) });
export type CapacityIdInput = z.infer<typeof CapacityIdInput>;

/** Behind menu code 10 企业运力 (spec 02 §6): the server refuses an account without it. */
const capacityCall = featureCalls(FEATURE.enterpriseCapacity);

/**
 * 企业运力. The company must be authenticated and hold menu code 10; every stored query is the
 * account's own (a sub-account's its own, calling through its assignment); another's answers as
 * a nonexistent id does.
 */
export const capacityApi = {
  interface: capacityCall({
    method: 'POST',
    path: '/UserCenter/enterpriseCapacityInterface',
    summary: '企业运力所需接口（企业运力画像）的购买与可用状态',
    answer: { data: CapacityInterfaceState },
  }),
  query: capacityCall({
    method: 'POST',
    path: '/UserCenter/enterpriseCapacity',
    summary: '按企业名称或统一社会信用代码查询企业运力：调用一次已购的企业运力画像接口，计费并保存',
    input: CapacityQueryInput,
    answer: { data: CapacityQueryView },
  }),
  history: capacityCall({
    method: 'POST',
    path: '/UserCenter/enterpriseCapacityHistory',
    summary: '企业运力查询记录（最新在前，可按企业名称或信用代码筛选）；export=1 导出（xlsx）',
    input: CapacityHistoryInput,
    answer: { rows: CapacityHistoryRow, export: [XLSX_TYPE] },
  }),
  detail: capacityCall({
    method: 'POST',
    path: '/UserCenter/enterpriseCapacityDetail',
    summary: '打开一条已保存的企业运力查询结果（不再调用接口，不计费）',
    input: CapacityIdInput,
    answer: { data: CapacityQueryView },
    fails: ['ALL_0011'],
  }),
} as const;
