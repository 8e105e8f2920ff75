// 在线查询 (/userCenter/query, menu code 1; spec 02 §7 "Online queries and tests"; issue #21):
// a customer who writes no code checks one person against one or several of its interfaces from a
// form, reads the answer in the verification wording, and keeps a history of what it checked.
// Every item is a real call of the open data API on the account's purchase (Decision 121): same
// checks, same charge, same record. The receipts of a query or a batch job are in receipts.ts.
import { z } from 'zod';
import { FEATURE } from './account';
import { XLSX_TYPE } from './call';
import { featureCalls } from './declare';
import { PageQuery, parseId } from './paging';
import { API_TEST_LIMITS, hasControlChars } from './online';
import { OptionalDay } from './validation';

export const QUERY_LIMITS = {
  /** Interfaces asked at once for one person (a 个人背景核查). */
  maxInterfaces: 6,
  /** Rows of one history export. */
  exportMax: 10_000,
  /** Characters of the pool's search word. */
  keywordChars: 30,
} as const;

export const QUERY_MSG = {
  interfacesRequired: '请选择要查询的接口',
  tooManyInterfaces: `一次最多查询 ${QUERY_LIMITS.maxInterfaces} 个接口`,
  interfaceMissing: '未找到可查询的接口，请先购买或领取试用',
  notTestable: (name: string) => `「${name}」需要上传视频或图片，请在「我的API」的在线测试中调用`,
  unusable: (name: string) => `「${name}」当前不可调用（已停用、已过期或次数已用完），请恢复或续购后再查`,
  required: (label: string) => `请填写${label}`,
  /** An identical charged question submitted while the first is still being answered (Decision 217). */
  inFlight: '相同的查询正在进行中，请勿重复提交；完成后可在查询记录中查看结果',
  /** A charged answer the platform could not store: the seqNo is what support looks it up by. */
  notStored: (seqNo: string) => `查询已完成，但结果保存失败，请凭流水号 ${seqNo} 联系客服核对`,
  consent: '请确认已取得被查询人的授权',
  params: '查询参数格式不正确',
  reportMissing: '查询记录不存在',
  exportTooMany: `导出最多 ${QUERY_LIMITS.exportMax.toLocaleString('en-US')} 条，请缩小时间范围后重试`,
  dateRange: '开始日期不能晚于结束日期',
} as const;

/** Spec 01 §9's display rewrite of a verification answer (interceptId list). */
export const VERDICT = { consistent: '验证一致', inconsistent: '验证不一致' } as const;

/**
 * Interfaces whose answers are rewritten for display and kept by the receipt filter
 * (downloadMethod 2) unless configured otherwise: the catalogue's consistency checks, whose
 * data.result (data.state for bank cards) is 1 when what was asked matches the record.
 */
export const DEFAULT_RECEIPT_INTERFACE_IDS: readonly number[] = [
  1882, 1883, 1887, 1888, 1890, 1891, 1894, 1900, 1902, 1906, 1907, 1970, 1973, 1979, 1980, 2003, 2004, 2011, 2016, 2131, 2132, 2201, 2202, 2204, 2206, 2209,
  2210, 2211, 3103, 3104, 3105, 3106, 3110, 3111, 3112, 3113, 9739,
];

/**
 * The interfaces a 个人背景核查 asks when the account has them (at most maxInterfaces): identity
 * two-factor, phone three-factor, bank card three- and four-factor, personal litigation, and the
 * list of dishonest judgment debtors — one form of name, ID number, phone and card.
 */
export const BACKGROUND_CHECK_INTERFACE_IDS: readonly number[] = [1882, 1979, 2201, 1887, 9839, 9836];

/** The verdict field of an answer's data: result, or state for bank cards; undefined when absent. */
export function verdictField(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const d = data as Record<string, unknown>;
  const v = d.result ?? d.state;
  return v === undefined || v === null ? undefined : String(v);
}

/**
 * What a receipt and the query page show as an answer's result (spec 01 §9). For an interface in
 * the interceptId list: 10000 with result 1 → 验证一致; any other answer with data → 验证不一致;
 * no data → the answer's message. For any other interface: the message.
 */
export function verdictText(answer: { code: string; message: string; data: unknown }, intercepted: boolean): string {
  if (!intercepted) return answer.message;
  const hasData = answer.data !== null && answer.data !== undefined && !(typeof answer.data === 'object' && Object.keys(answer.data).length === 0);
  if (!hasData) return answer.message;
  return answer.code === '10000' && verdictField(answer.data) === '1' ? VERDICT.consistent : VERDICT.inconsistent;
}

/** Whether a row passes the receipt filter of downloadMethod 2: 10000 with result 1. */
export const isVerifiedRow = (answer: { code: string | null; data: unknown }) => answer.code === '10000' && verdictField(answer.data) === '1';

/** Chinese names of the parameters most interfaces share; any other is named from its description. */
export const PARAM_LABELS: Readonly<Record<string, string>> = {
  name: '姓名',
  idcard: '身份证号',
  mobile: '手机号',
  acc_no: '银行卡号',
  bankName: '银行名称',
  plate: '车牌号',
  plateColor: '车牌颜色',
  vin: '车辆识别代号（VIN）',
  companyName: '企业名称',
  creditCode: '统一社会信用代码',
  legalPerson: '法定代表人',
  keyword: '关键字',
  startTime: '开始时间',
  endTime: '结束时间',
  startDate: '开始日期',
  endDate: '结束日期',
  certNo: '证书编号',
  licenseNo: '许可证号',
  idNo: '证件号码',
  idType: '证件类型',
  address: '地址',
  city: '城市',
  district: '区县',
  image: '图片',
  image1: '人脸照片一',
  image2: '人脸照片二',
};

/** A parameter's Chinese name: from the table, else its description's first phrase without counts (「18 位」). */
export function paramLabel(p: { name: string; description: string }): string {
  const known = PARAM_LABELS[p.name];
  if (known) return known;
  const phrase = (p.description.split(/[，,；;。：:（(]/)[0] ?? '').replace(/^\s*\d+\s*位\s*/, '').trim();
  return phrase && phrase.length <= 16 ? phrase : p.name;
}

const interfaceId = z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: QUERY_MSG.interfacesRequired }));

/** A list of interface ids: an array, or its text in a form field (`1882,1979`). */
const InterfaceIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z
    .array(interfaceId, { error: QUERY_MSG.interfacesRequired })
    .min(1, QUERY_MSG.interfacesRequired)
    .max(QUERY_LIMITS.maxInterfaces, QUERY_MSG.tooManyInterfaces)
    .transform((ids) => [...new Set(ids)]),
);

/** getInterfacePool: the interfaces the account can query, optionally narrowed by a word. */
export const QueryPoolInput = z.object({
  keyword: z
    .string()
    .trim()
    .max(QUERY_LIMITS.keywordChars)
    .refine((v) => !hasControlChars(v), QUERY_MSG.params)
    .optional()
    .default(''),
});
export type QueryPoolInput = z.infer<typeof QueryPoolInput>;

export const QueryPoolItem = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  categoryName: z.string(),
  /** The account's purchase (a sub-account: its assignment's purchase); null when only a trial can be taken. */
  purchaseId: z.number().int().nullable(),
  callsLeft: z.number().int(),
  expiresAt: z.string().nullable(),
  /** Can be queried now: a usable purchase of an interface whose parameters a form can carry. */
  usable: z.boolean(),
  /** Why not, when not usable ('' when it is). */
  reason: z.string(),
  /** A trial not taken yet: the calls taking it would grant (0: none). */
  trialGrantable: z.number().int(),
});
export type QueryPoolItem = z.infer<typeof QueryPoolItem>;

/** getPaprlist: the form for the chosen interfaces. */
export const QueryFormInput = z.object({ interfaceIds: InterfaceIds });
export type QueryFormInput = z.infer<typeof QueryFormInput>;

/** One field of the query form: a parameter, shared by every chosen interface that takes it. */
export const QueryField = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  example: z.string(),
  /** Required by at least one chosen interface. */
  required: z.boolean(),
  /** The chosen interfaces that take it. */
  interfaceIds: z.array(z.number().int()),
});
export type QueryField = z.infer<typeof QueryField>;

export const QueryForm = z.object({
  interfaces: z.array(QueryPoolItem),
  fields: z.array(QueryField),
});
export type QueryForm = z.infer<typeof QueryForm>;

/** getInterfaceByld: one interface of the pool with its documentation's sample. */
export const QueryInterfaceInput = z.object({ interfaceId });
export type QueryInterfaceInput = z.infer<typeof QueryInterfaceInput>;

export const QueryInterfaceInfo = QueryPoolItem.extend({
  summary: z.string(),
  fields: z.array(QueryField),
  sampleResponse: z.unknown(),
});
export type QueryInterfaceInfo = z.infer<typeof QueryInterfaceInfo>;

/**
 * getApiTestDataWithJsonTest: one person against the chosen interfaces. `params` is a JSON object
 * (or its text): each interface receives its own parameters from it.
 */
export const QueryRunInput = z.object({
  interfaceIds: InterfaceIds,
  params: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return undefined;
      }
    },
    z
      .record(
        z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, QUERY_MSG.params),
        z
          .string()
          .max(1_000, QUERY_MSG.params)
          .refine((v) => !hasControlChars(v), QUERY_MSG.params),
        { error: QUERY_MSG.params },
      )
      .refine((p) => Object.keys(p).length <= API_TEST_LIMITS.maxParams, QUERY_MSG.params),
  ),
  /** The customer attests it holds the subject's consent (PIPL art. 13, 29): required. */
  consent: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.literal(true, { error: QUERY_MSG.consent })),
});
export type QueryRunInput = z.infer<typeof QueryRunInput>;

export const QUERY_KIND = ['single', 'report'] as const;
export const QUERY_KIND_LABEL: Record<(typeof QUERY_KIND)[number], string> = { single: '单项查询', report: '个人背景核查' };

export const QueryItemView = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** Masked. */
  params: z.record(z.string(), z.string()),
  code: z.string(),
  message: z.string(),
  /** The verification wording (spec 01 §9), or the message. */
  verdict: z.string(),
  /** 10000 with result 1 on a verification interface. */
  verified: z.boolean(),
  data: z.unknown(),
  seqNo: z.string(),
  charged: z.boolean(),
  latencyMs: z.number().int(),
  requestedAt: z.string(),
  answeredAt: z.string(),
});
export type QueryItemView = z.infer<typeof QueryItemView>;

export const QueryReportView = z.object({
  id: z.number().int(),
  kind: z.enum(QUERY_KIND),
  kindLabel: z.string(),
  /** Masked subject (张*，110101********4514). */
  subject: z.string(),
  items: z.array(QueryItemView),
  succeeded: z.number().int(),
  createdAt: z.string(),
});
export type QueryReportView = z.infer<typeof QueryReportView>;

export const QUERY_OUTCOME = ['success', 'failure'] as const;
export const QUERY_OUTCOME_LABEL: Record<(typeof QUERY_OUTCOME)[number], string> = { success: '查询成功', failure: '查询失败' };

const day = OptionalDay;

/** myOnline/list and exportApiTestData: the account's reports, newest first. */
export const QueryHistoryInput = PageQuery.extend({
  interfaceId: z.preprocess((v) => (v === '' || v === undefined ? undefined : (parseId(v) ?? undefined)), z.number().optional()),
  outcome: z.preprocess((v) => (v === '' ? undefined : v), z.enum(QUERY_OUTCOME).optional()),
  from: day,
  to: day,
}).refine((f) => !f.from || !f.to || f.from <= f.to, { message: QUERY_MSG.dateRange, path: ['to'] });
export type QueryHistoryInput = z.infer<typeof QueryHistoryInput>;

/** Behind menu code 1 在线查询 (spec 02 §6): the server refuses an account without it. */
const queryCall = featureCalls(FEATURE.onlineQuery);

/** Columns of the history export after 查询时间 and 查询类型. */
export const QUERY_EXPORT_COLUMNS = ['查询时间', '查询类型', '查询对象', '接口', '查询结果', '返回码', '流水号', '是否计费'] as const;

export const queryApi = {
  pool: queryCall({
    method: 'POST',
    path: '/UserCenter/getInterfacePool',
    summary: '在线查询：可查询的接口（已购、已分配或可领取试用），可按名称搜索',
    input: QueryPoolInput,
    answer: { data: z.array(QueryPoolItem) },
  }),
  interfaceInfo: queryCall({
    method: 'POST',
    path: '/UserCenter/getInterfaceByld',
    summary: '在线查询：一个接口的说明、表单字段与返回示例',
    input: QueryInterfaceInput,
    answer: { data: QueryInterfaceInfo },
    fails: ['ALL_0011'],
  }),
  form: queryCall({
    method: 'POST',
    path: '/UserCenter/getPaprlist',
    summary: `在线查询：所选接口（最多 ${QUERY_LIMITS.maxInterfaces} 个）合并后的表单字段`,
    input: QueryFormInput,
    answer: { data: QueryForm },
    fails: ['ALL_0011'],
  }),
  run: queryCall({
    method: 'POST',
    path: '/UserCenter/getApiTestDataWithJsonTest',
    summary: '在线查询：以登录身份对一人真实调用所选接口，生成查询记录（须确认已获授权）',
    input: QueryRunInput,
    answer: { data: QueryReportView },
    fails: ['ALL_0011'],
  }),
  history: queryCall({
    method: 'POST',
    path: '/myOnline/list',
    summary: '在线查询记录（最新在前，可按接口、结果与日期筛选）',
    input: QueryHistoryInput,
    answer: { rows: QueryReportView },
  }),
  exportHistory: queryCall({
    method: 'POST',
    path: '/UserCenter/exportApiTestData',
    summary: `导出在线查询记录（xlsx，最多 ${QUERY_LIMITS.exportMax} 条）`,
    input: QueryHistoryInput,
    answer: { file: [XLSX_TYPE] },
  }),
};
