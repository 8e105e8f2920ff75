// The console's catalogue editor (issue #10): the rules of an interface, its documentation and
// its price packages, shared by the editor's form and the server so both give the same message.
import { z } from 'zod';
import { operatorCalls } from './declare';
import { PricePackage } from './catalog';
import { yuanToFen } from './format';
import { blankToUndefined, flag, id, intIn, optionalId, text, toNumber, trimmed } from './form-fields';
import { PageQuery } from './paging';

export const INTERFACE_STATUSES = ['on_sale', 'off_sale'] as const;
export type InterfaceStatus = (typeof INTERFACE_STATUSES)[number];
export const INTERFACE_STATUS_LABEL: Record<InterfaceStatus, string> = { on_sale: '已上架', off_sale: '已下架' };

export function isInterfaceStatus(value: unknown): value is InterfaceStatus {
  return typeof value === 'string' && (INTERFACE_STATUSES as readonly string[]).includes(value);
}

/** Parameter types the gateway knows how to check (providers/validate.ts). */
export const PARAM_TYPES = ['string', 'int', 'number', 'boolean', 'base64', 'url'] as const;
export const FIELD_TYPES = ['string', 'int', 'number', 'boolean', 'object', 'array'] as const;

export const CATALOGUE_LIMITS = {
  nameMin: 2,
  nameMax: 30,
  summaryMax: 40,
  descriptionMax: 1000,
  scenariosMax: 10,
  scenarioMax: 20,
  paramsMax: 30,
  fieldsMax: 60,
  codesMax: 30,
  textMax: 200,
  exampleMax: 2000,
  codeMessageMax: 30,
  sampleMax: 20_000,
  trialMax: 1000,
  sortMax: 99_999,
  callsMax: 100_000_000,
  validityMax: 3650,
} as const;

const L = CATALOGUE_LIMITS;

export const CATALOGUE_MSG = {
  interfaceMissing: '接口不存在',
  packageMissing: '套餐不存在',
  categoryRequired: '请选择接口分类',
  categoryMissing: '所选分类不存在，请刷新后重新选择',
  name: `接口名称为 ${L.nameMin}-${L.nameMax} 个字`,
  nameTaken: (name: string, id: number) => `接口名称「${name}」已被接口 ${id} 使用`,
  summary: `一句话简介为 1-${L.summaryMax} 个字`,
  pathRequired: '请填写网关路径',
  path: '网关路径格式为 /{业务域}/{子类}/{接口编号}，如 /communication/personal/1882；域与子类为小写字母开头的字母、数字、下划线或短横线，各不超过 32 位',
  pathId: (id: number) => `网关路径的最后一段须为接口编号 ${id}（也可只填 /{业务域}/{子类}，由系统补上）`,
  pathNewId: '新建接口的编号由系统分配，网关路径只需填写 /{业务域}/{子类}',
  pathTaken: (path: string, id: number) => `网关路径 ${path} 已被接口 ${id} 使用`,
  trialCalls: `免费试用次数为 0-${L.trialMax} 的整数`,
  sort: `排序值为 0-${L.sortMax} 的整数，越小越靠前`,
  description: `接口说明为 1-${L.descriptionMax} 个字`,
  scenarios: `应用场景最多 ${L.scenariosMax} 个，每个 1-${L.scenarioMax} 个字`,
  params: `请求参数最多 ${L.paramsMax} 个，格式有误请检查`,
  paramName: '请求参数名须为字母开头的字母、数字或下划线，最多 32 位',
  paramNameDup: (name: string) => `请求参数名「${name}」重复`,
  paramKey: '请求参数名不能为 key：key 是平台的接口Key参数，由系统自动加入',
  paramType: `请求参数类型须为 ${PARAM_TYPES.join('、')} 之一`,
  paramDescription: `请求参数说明为 1-${L.textMax} 个字`,
  paramExample: `请求参数示例值为 1-${L.exampleMax} 个字`,
  fields: `返回字段为 1-${L.fieldsMax} 个，格式有误请检查`,
  fieldName: '返回字段名须为 data.result 这样的点分路径（字母、数字、下划线，数组可写 []），最多 64 位',
  fieldNameDup: (name: string) => `返回字段「${name}」重复`,
  fieldType: `返回字段类型须为 ${FIELD_TYPES.join('、')} 之一`,
  fieldDescription: `返回字段说明为 1-${L.textMax} 个字`,
  codes: `返回码为 1-${L.codesMax} 个，格式有误请检查`,
  code: '返回码为 5 位数字，如 10000',
  codeDup: (code: string) => `返回码 ${code} 重复`,
  codeOk: '返回码须包含成功码 10000',
  codeMessage: `返回码说明为 1-${L.codeMessageMax} 个字`,
  sampleRequired: '请填写示例返回（JSON）',
  sampleJson: '示例返回不是有效的 JSON，请检查引号、逗号和括号',
  sampleShape: '示例返回须为 JSON 对象，包含字符串 code、message、seqNo 以及 data',
  sampleLength: `示例返回最多 ${L.sampleMax} 个字符`,
  sampleCode: '示例返回的 code 须为返回码表中的一项',
  unchanged: '内容没有变化，无需保存',
  created: (id: number) => `接口已创建，编号 ${id}；完善套餐后即可上架`,
  saved: '接口已保存，公开文档页最多 5 分钟后更新',
  alreadyOn: '接口已是上架状态',
  alreadyOff: '接口已是下架状态',
  onSale: '接口已上架，客户可以购买和调用',
  offSale: '接口已下架，对它的调用将返回 SYSTEM_015（立即生效；单独部署的网关进程最多 30 秒内生效）',
  calls: `调用次数为 1-${L.callsMax.toLocaleString('en-US')} 的整数`,
  price: '请输入正确的套餐价格（元，最多两位小数）',
  priceZero: '套餐价格须大于 0 元',
  validityDays: `有效期为 1-${L.validityMax} 天的整数`,
  packageSort: `排序值为 0-${L.sortMax} 的整数，越小越靠前`,
  packageDup: (calls: number, days: number) => `该接口已有 ${calls} 次、有效期 ${days} 天的套餐，请直接编辑它`,
  packageUnchanged: '套餐没有变化，无需保存',
  packageCreated: '套餐已添加并上架',
  packageSaved: '套餐已保存，起售价已更新',
  packageAlreadyOn: '套餐已是上架状态',
  packageAlreadyOff: '套餐已是下架状态',
  packageOn: '套餐已上架',
  packageOff: '套餐已下架，客户不能再购买或自动续费它',
  statusRequired: '请选择上架或下架',
} as const;

const M = CATALOGUE_MSG;

/** Structured parts travel as JSON text in a form field; unparsable text fails the part's own rule. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

// ── Documentation parts (the shapes of interface_docs, see the seed's types) ──────────────────

export const DocParam = z.object({
  name: z.preprocess(
    trimmed,
    z
      .string({ error: M.paramName })
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, M.paramName)
      .refine((v) => v !== 'key', M.paramKey),
  ),
  type: z.enum(PARAM_TYPES, { error: M.paramType }),
  required: flag,
  description: text(1, L.textMax, M.paramDescription),
  example: text(1, L.exampleMax, M.paramExample),
});
export type DocParam = z.infer<typeof DocParam>;

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\[\])?(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[\])?)*$/;
export const DocField = z.object({
  name: z.preprocess(trimmed, z.string({ error: M.fieldName }).max(64, M.fieldName).regex(FIELD_NAME, M.fieldName)),
  type: z.enum(FIELD_TYPES, { error: M.fieldType }),
  description: text(1, L.textMax, M.fieldDescription),
});
export type DocField = z.infer<typeof DocField>;

export const DocCode = z.object({
  code: z.preprocess(trimmed, z.string({ error: M.code }).regex(/^\d{5}$/, M.code)),
  message: text(1, L.codeMessageMax, M.codeMessage),
  /** Whether a call answering this code is charged. */
  billable: flag,
});
export type DocCode = z.infer<typeof DocCode>;

export interface SampleResponse {
  code: string;
  message: string;
  data: unknown;
  seqNo: string;
  [extra: string]: unknown;
}

/** The first name that occurs twice, or null. */
function firstDuplicate(names: string[]): string | null {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) return n;
    seen.add(n);
  }
  return null;
}

/**
 * A table of the document, sent as JSON text: `key` names a row and no name may stand twice; `check`
 * asks anything else of the whole table once the names are unique.
 */
function docTable<R extends z.ZodType>(
  rows: z.ZodArray<R>,
  key: (row: z.output<R>) => string,
  duplicate: (name: string) => string,
  check: (rows: z.output<R>[]) => string | null = () => null,
) {
  return z.preprocess(
    jsonText,
    rows.superRefine((list, ctx) => {
      const dup = firstDuplicate(list.map(key));
      const problem = dup ? duplicate(dup) : check(list);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
}

export const DocParams = docTable(z.array(DocParam, { error: M.params }).max(L.paramsMax, M.params), (r) => r.name, M.paramNameDup);

export const DocFields = docTable(z.array(DocField, { error: M.fields }).min(1, M.fields).max(L.fieldsMax, M.fields), (r) => r.name, M.fieldNameDup);

/** The codes must include 10000, the one a successful call answers. */
export const DocCodes = docTable(
  z.array(DocCode, { error: M.codes }).min(1, M.codes).max(L.codesMax, M.codes),
  (r) => r.code,
  M.codeDup,
  (rows) => (rows.some((r) => r.code === '10000') ? null : M.codeOk),
);

export const DocScenarios = z.preprocess(
  jsonText,
  z
    .array(z.preprocess(trimmed, z.string({ error: M.scenarios }).min(1, M.scenarios).max(L.scenarioMax, M.scenarios)), { error: M.scenarios })
    .max(L.scenariosMax, M.scenarios),
);

/** The sample answer as the operator typed it: JSON text of {code, message, data, seqNo}. */
export const DocSampleResponse = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: M.sampleRequired })
    .trim()
    .min(1, M.sampleRequired)
    .max(L.sampleMax, M.sampleLength)
    .transform((v, ctx): SampleResponse => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: M.sampleJson });
        return z.NEVER;
      }
      if (!isSampleResponse(parsed)) {
        ctx.addIssue({ code: 'custom', message: M.sampleShape });
        return z.NEVER;
      }
      return parsed;
    }),
);

function isSampleResponse(v: unknown): v is SampleResponse {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  return typeof r.code === 'string' && typeof r.message === 'string' && typeof r.seqNo === 'string' && 'data' in r;
}

// ── Inputs ─────────────────────────────────────────────────────────────────────────────────────

/** /{domain}/{sub} or /{domain}/{sub}/{id}; the id segment, when given, must be the interface's. */
export const GATEWAY_PATH = /^\/([a-z][a-z0-9_-]{0,31})\/([a-z][a-z0-9_-]{0,31})(?:\/(\d{1,9}))?$/;

export const CatalogueListQuery = PageQuery.extend({
  /** A name fragment, an interface id or a gateway path fragment. */
  keyword: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string()).transform((v) => v.trim().slice(0, 50)),
  categoryId: z.preprocess(toNumber, z.number().int().positive().optional().catch(undefined)),
  status: z.preprocess(blankToUndefined, z.enum(INTERFACE_STATUSES).optional().catch(undefined)),
});
export type CatalogueListQuery = z.infer<typeof CatalogueListQuery>;

export const CatalogueIdInput = z.object({ id: id(M.interfaceMissing) });

export const InterfaceSaveInput = z
  .object({
    /** Absent: a new interface, numbered by the server. */
    id: optionalId(M.interfaceMissing),
    interfaceName: text(L.nameMin, L.nameMax, M.name),
    categoryId: id(M.categoryRequired),
    summary: text(1, L.summaryMax, M.summary),
    path: z.preprocess(trimmed, z.string({ error: M.pathRequired }).min(1, M.pathRequired).regex(GATEWAY_PATH, M.path)),
    isHot: flag,
    isNew: flag,
    enterpriseOnly: flag,
    menuDisplay: flag,
    trialCalls: intIn(0, L.trialMax, M.trialCalls),
    /** Absent: a new interface goes last, an edited one keeps its place. */
    sort: z.preprocess(blankToUndefined, intIn(0, L.sortMax, M.sort).optional()),
    description: text(1, L.descriptionMax, M.description),
    scenarios: DocScenarios,
    params: DocParams,
    responseFields: DocFields,
    codes: DocCodes,
    sampleResponse: DocSampleResponse,
  })
  .superRefine((v, ctx) => {
    // The sandbox answers the sample verbatim, so its code must be one the interface documents.
    if (!v.codes.some((c) => c.code === v.sampleResponse.code)) ctx.addIssue({ code: 'custom', path: ['sampleResponse'], message: M.sampleCode });
  });
export type InterfaceSaveInput = z.infer<typeof InterfaceSaveInput>;

export const InterfaceStatusInput = z.object({
  id: id(M.interfaceMissing),
  status: z.enum(INTERFACE_STATUSES, { error: M.statusRequired }),
});
export type InterfaceStatusInput = z.infer<typeof InterfaceStatusInput>;

/** A price in 元 as typed ("300", "2999.5"), answered in fen. */
export const PackagePrice = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: M.price })
    .refine((v) => yuanToFen(v) !== null, { message: M.price, abort: true })
    .transform((v) => yuanToFen(v) ?? 0)
    .refine((fen) => fen > 0, M.priceZero),
);

export const PackageSaveInput = z.object({
  /** Absent: a new package of the interface. */
  id: optionalId(M.packageMissing),
  interfaceId: id(M.interfaceMissing),
  calls: intIn(1, L.callsMax, M.calls),
  price: PackagePrice,
  validityDays: intIn(1, L.validityMax, M.validityDays),
  sort: z.preprocess(blankToUndefined, intIn(0, L.sortMax, M.packageSort).optional()),
});
export type PackageSaveInput = z.infer<typeof PackageSaveInput>;

export const PackageStatusInput = z.object({
  id: id(M.packageMissing),
  status: z.enum(INTERFACE_STATUSES, { error: M.statusRequired }),
});
export type PackageStatusInput = z.infer<typeof PackageStatusInput>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

export const CatalogueCategory = z.object({ id: z.number().int(), categoryName: z.string() });
export type CatalogueCategory = z.infer<typeof CatalogueCategory>;

/** An interface's own settings, as both the list and the editor show them. */
const interfaceSettings = {
  id: z.number().int(),
  interfaceName: z.string(),
  categoryId: z.number().int(),
  path: z.string(),
  status: z.enum(INTERFACE_STATUSES),
  isHot: z.boolean(),
  isNew: z.boolean(),
  enterpriseOnly: z.boolean(),
  menuDisplay: z.boolean(),
  /** The cheapest on-sale package, fen; null: no package on sale (priced on request). */
  priceFrom: z.number().int().nullable(),
  trialCalls: z.number().int(),
  sort: z.number().int(),
  updatedAt: z.string(),
};

/** One row of console/catalogue/interfaces. */
export const CatalogueInterfaceRow = z.object({
  ...interfaceSettings,
  categoryName: z.string(),
  packages: z.number().int(),
  packagesOnSale: z.number().int(),
});
export type CatalogueInterfaceRow = z.infer<typeof CatalogueInterfaceRow>;

/** A package as the editor sees it: what a buyer sees, its place in the list, and whether it is on sale. */
export const CataloguePackage = PricePackage.extend({ sort: z.number().int(), onSale: z.boolean() });
export type CataloguePackage = z.infer<typeof CataloguePackage>;

/** The documentation as stored (the rules above are for what an editor types). */
const StoredParam = z.object({ name: z.string(), type: z.enum(PARAM_TYPES), required: z.boolean(), description: z.string(), example: z.string() });
const StoredField = z.object({ name: z.string(), type: z.enum(FIELD_TYPES), description: z.string() });
const StoredCode = z.object({ code: z.string(), message: z.string(), billable: z.boolean() });
const StoredSample = z.object({ code: z.string(), message: z.string(), data: z.unknown(), seqNo: z.string() }).catchall(z.unknown());

/** console/catalogue/interface: everything the editor shows. */
export const CatalogueInterfaceDetail = z.object({
  ...interfaceSettings,
  summary: z.string(),
  description: z.string(),
  scenarios: z.array(z.string()),
  params: z.array(StoredParam),
  responseFields: z.array(StoredField),
  codes: z.array(StoredCode),
  sampleResponse: StoredSample,
  packages: z.array(CataloguePackage),
});
export type CatalogueInterfaceDetail = z.infer<typeof CatalogueInterfaceDetail>;

/** What a write answers: whether anything changed (false: the same values again). */
export const CatalogueChange = z.object({ id: z.number().int(), changed: z.boolean() });
export type CatalogueChange = z.infer<typeof CatalogueChange>;

// ── Calls (area `catalogue`: editors and admins) ──────────────────────────────────────────────

const catalogueCall = operatorCalls('catalogue');

export const consoleCatalogueApi = {
  categories: catalogueCall({
    method: 'POST',
    path: '/console/catalogue/categories',
    summary: '接口分类（目录编辑）',
    answer: { data: z.array(CatalogueCategory) },
  }),
  interfaces: catalogueCall({
    method: 'POST',
    path: '/console/catalogue/interfaces',
    summary: '全部接口列表，含下架的（按名称、编号或网关路径，分类，状态筛选）',
    input: CatalogueListQuery,
    answer: { rows: CatalogueInterfaceRow },
  }),
  interface: catalogueCall({
    method: 'POST',
    path: '/console/catalogue/interface',
    summary: '一个接口的资料、文档与全部套餐',
    input: CatalogueIdInput,
    answer: { data: CatalogueInterfaceDetail },
    fails: ['ALL_0011'],
  }),
  saveInterface: catalogueCall({
    method: 'POST',
    path: '/console/catalogue/saveInterface',
    summary: '新建或编辑接口（文档各部分以 JSON 文本提交）',
    input: InterfaceSaveInput,
    answer: { data: CatalogueChange },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  interfaceStatus: catalogueCall({
    method: 'POST',
    path: '/console/catalogue/interfaceStatus',
    summary: '接口上架或下架',
    input: InterfaceStatusInput,
    answer: { data: CatalogueChange },
    fails: ['ALL_0011'],
  }),
  savePackage: catalogueCall({
    method: 'POST',
    path: '/console/catalogue/savePackage',
    summary: '新建或编辑价格套餐（价格以元提交）',
    input: PackageSaveInput,
    answer: { data: CatalogueChange },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  packageStatus: catalogueCall({
    method: 'POST',
    path: '/console/catalogue/packageStatus',
    summary: '套餐上架或下架',
    input: PackageStatusInput,
    answer: { data: CatalogueChange },
    fails: ['ALL_0011'],
  }),
};
