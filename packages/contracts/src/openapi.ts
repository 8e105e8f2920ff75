// The OpenAPI 3.1 documents (Decisions 152–154): the portal API's, generated from the declared
// calls (call.ts), and the open data API's, generated from the catalogue entries the gateway
// answers from. Schemas come from zod 4's own z.toJSONSchema (JSON Schema draft 2020-12, the
// dialect OpenAPI 3.1 uses). Pure and browser-safe: the caller hands in the calls and the
// catalogue, so this module imports neither calls.ts (which imports the index) nor a database.
import { z } from 'zod';
import { type Access, type Call, callFailures, openApiPath } from './call';
import { CONSOLE_AREAS, CONSOLE_COOKIE } from './console';
import { COOKIE, FEATURE_CODES } from './constants';
import { ERRORS, type ErrorCode } from './errors';
import { GATEWAY_SUCCESS, PLATFORM_CODES } from './gateway';
import { formatCheck, interfaceCodes, type PageCode, type PageParam, sampleAnswer, sampleFields } from './interface-doc';
import { MOBILE_PATTERN } from './validation';
import { CONVENTION_FIELDS, type ConventionField } from './wire';

/** A JSON Schema or OpenAPI object as plain data. */
export type JsonObject = { [key: string]: unknown };

/**
 * An OpenAPI 3.1 document (only the parts these generators write are typed). It names no
 * jsonSchemaDialect: the default is already OpenAPI's own (draft 2020-12), and Prism 5 skips
 * validating request bodies altogether when a document names it.
 */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  security?: JsonObject[];
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, JsonObject>>;
  components: {
    schemas: Record<string, JsonObject>;
    responses?: Record<string, JsonObject>;
    parameters?: Record<string, JsonObject>;
    securitySchemes?: Record<string, JsonObject>;
    headers?: Record<string, JsonObject>;
  };
}

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// ── zod → JSON Schema ────────────────────────────────────────────────────────────────────────

/**
 * The JSON Schema of one zod schema, as zod 4 writes it: the input side for requests (what a
 * client sends; a preprocess shows the schema it feeds), the output side for answers (what goes
 * on the wire). A part JSON Schema cannot say (a transform's result, a refine) is left open
 * rather than failing the whole document. Shared definitions ($defs, from a schema with an `id`
 * or a recursive one) move to components.schemas under `name`, since `#` inside an OpenAPI
 * document is the document, not the schema.
 */
export function toSchema(schema: z.ZodType, io: 'input' | 'output', name: string, components: Record<string, JsonObject>): JsonObject {
  const { $schema: _dialect, $defs, ...root } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
  const defs = ($defs ?? {}) as Record<string, JsonObject>;
  let recursive = false;
  const rename = (ref: string): string => {
    if (ref === '#') {
      recursive = true;
      return `#/components/schemas/${name}`;
    }
    return ref.startsWith('#/$defs/') ? `#/components/schemas/${name}_${ref.slice('#/$defs/'.length)}` : ref;
  };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        // .int() writes the safe-integer range as bounds: true of every JSON number a client sends, and noise in every reader.
        .filter(([k, v]) => !((k === 'minimum' && v === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER)))
        // A fixed tuple's `items: false` (nothing after prefixItems) says what its maxItems says; a
        // draft-07 validator (Prism's, for a schema naming no $schema) reads it as "no items at all".
        .filter(
          ([k, v]) =>
            !(
              k === 'items' &&
              v === false &&
              Array.isArray((value as JsonObject).prefixItems) &&
              (value as JsonObject).maxItems === ((value as JsonObject).prefixItems as unknown[]).length
            ),
        )
        .map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? rename(v) : rewrite(v)]),
    );
  };
  for (const [key, def] of Object.entries(defs)) components[`${name}_${key}`] = rewrite(def) as JsonObject;
  const out = rewrite(root) as JsonObject;
  if (!recursive) return out;
  components[name] = out;
  return schemaRef(name);
}

// ── The portal API ───────────────────────────────────────────────────────────────────────────

/** Each `<x>Api` group's tag: its Chinese name and what it holds. A new group gets one here (a test asks). */
export const PORTAL_TAGS: Record<string, { name: string; description: string }> = {
  healthApi: { name: '平台状态', description: '健康检查（负载均衡探测用，无需签名）' },
  devApi: { name: '开发工具', description: '仅 DEV_TOOLS=1 时存在：发件箱、验证码文字，生产环境没有' },
  docsApi: { name: '接口文档', description: '本文档与开放数据 API 的 OpenAPI 文档' },
  identityApi: { name: '注册与登录', description: '图形与短信验证码、注册、登录、找回密码、会话（规格 01 §7.2）' },
  catalogApi: { name: '接口商城', description: '分类、接口搜索与详情、标签、价格套餐、网关地址（规格 01 §7.2）' },
  contentApi: { name: '资讯与内容', description: '新闻、案例、政策解读、知识库、首页内容（规格 01 §7.2）' },
  leadsApi: { name: '商务线索', description: '留资、报价资料、入表咨询（规格 01 §7.2）' },
  accountApi: { name: '账号与消息', description: '用户中心首页、菜单、账号设置、子账号、站内消息（规格 02 §7）' },
  keysApi: { name: '接口密钥', description: 'AppKey、账号密钥、签名与加密方式、RSA 密钥（规格 02 §7）' },
  qualificationApi: { name: '企业认证', description: '企业认证的提交、查询、撤销、营业执照与业务联系人（规格 02 §7）' },
  billingApi: { name: '余额与订单', description: '余额、充值申报、下单与支付、订单、已购接口列表（规格 02 §7）' },
  ledgerApi: { name: '账户流水与对账单', description: '账户流水（每笔资金变动及变动后余额，可导出 xlsx）与月度对账单（xlsx、PDF）' },
  paymentsApi: { name: '在线支付', description: '支付宝、微信支付下单与支付状态（充值或直接支付订单），支付结果通知' },
  invoicesApi: { name: '发票', description: '发票抬头、可开票金额、开票申请与发票下载' },
  subConsumeApi: { name: '子账号消费', description: '主账号查看子账号的消费（规格 02 §7）' },
  subAccountsApi: { name: '子账号', description: '子账号的创建、启停、密码与计费方式，邀请与切换（规格 02 §7）' },
  productsApi: { name: '产品分配', description: '把已购接口分配给子账号：密钥、分配次数与统计（规格 02 §7）' },
  purchasesApi: { name: '我的 API', description: '已购接口的启停、回调地址、自动续费、剩余次数与退款（规格 02 §7）' },
  favoritesApi: { name: '我的收藏', description: '收藏接口、收藏列表、取消收藏（规格 02 §7）' },
  whitelistApi: { name: 'IP 白名单', description: '开放数据 API 的调用 IP 白名单（规格 02 §7）' },
  payTestApi: { name: '付费测试', description: '付费测试的申请与记录（规格 02 §7）' },
  entitlementsApi: { name: '专项接口权限', description: '按已购接口开放的功能：法律查询、货车模型、批量核验导出（规格 02 §7）' },
  trialApi: { name: '免费试用', description: '免费测试额度与接口试用（规格 02 §7）' },
  usageApi: { name: '调用记录', description: '调用统计、明细、图表、分布与趋势（规格 02 §7）' },
  alertsApi: { name: '预警管理', description: '余额、剩余次数、日调用量与错误率预警，预警联系人（规格 02 §7）' },
  onlineApi: { name: '在线测试与批量查询', description: '已购接口的在线测试与批量任务（规格 02 §7）' },
  queryApi: { name: '在线查询', description: '可查询接口、合并表单、对一人真实查询与查询记录（规格 02 §7）' },
  receiptsApi: { name: '回执', description: '在线查询与批量任务的核验回执：回执数据、回执图片与 PDF（规格 01 §3、§7.2、§9）' },
  transportApi: { name: '车辆运力', description: '订阅车辆、车辆位置、轨迹回放与手机分享、电子围栏与进出记录（规格 02 §7 Transport）' },
  packageNamesApi: { name: '包名管理', description: 'SDK 类接口允许的 Android 包名与 iOS Bundle ID（规格 02 §7 Packages）' },
  monitorApi: { name: '接口监控', description: '已购接口的可用率、耗时分位与返回码分布，及平台上游状态' },
  judicialApi: { name: '司法可视化', description: '司法类接口的查询、查询列表、案件详情与原始数据（规格 02 §7）' },
  insuranceApi: { name: '车险分析', description: '货车、车队企业与客车风险模型，常跑线路与行驶周期，区域风险与访问记录（规格 02 §7 Insurance）' },
  capacityApi: { name: '企业运力', description: '物流企业的车队规模、车型与吨位、活跃度、服务区域与趋势' },
  consoleSessionApi: { name: '运营后台：登录', description: '运营账号的登录、首次设置、退出与当前身份' },
  consoleOverviewApi: { name: '运营后台：工作台', description: '待办与今日数字' },
  consoleQualificationsApi: { name: '运营后台：企业认证审核', description: '企业认证申请的查看、决定与营业执照' },
  consolePayTestsApi: { name: '运营后台：付费测试审批', description: '付费测试申请的查看与决定' },
  consoleRechargesApi: { name: '运营后台：充值确认', description: '充值申报的核实、入账与导出' },
  consoleRefundsApi: { name: '运营后台：退款审核', description: '退款申请的审核与导出' },
  consolePaymentsApi: { name: '运营后台：在线支付', description: '在线支付单的查看、状态与补单查询' },
  consoleInvoicesApi: { name: '运营后台：发票管理', description: '开票申请的审核、开具（上传发票 PDF）、驳回与红冲' },
  consoleAccountsApi: { name: '运营后台：账户资金', description: '会员的余额与账户流水，带原因的调账（记入操作日志）' },
  consoleLeadsApi: { name: '运营后台：销售线索', description: '线索的查看、分配、跟进与导出' },
  consoleAuditRequestsApi: { name: '运营后台：合规审计申请', description: '网站「数据合规审计」申请的查看与处理' },
  consoleMembersApi: { name: '运营后台：会员管理', description: '会员的查询、功能开关、停用与启用' },
  consoleCatalogueApi: { name: '运营后台：接口与套餐', description: '分类、接口、文档与价格套餐的维护' },
  consoleSuppliersApi: { name: '运营后台：供应商', description: '供应商、接口线路（凭证只写）与供应商报表（调用、成功率、延迟分位、成本、收入与毛利）' },
  consoleContentApi: { name: '运营后台：内容管理', description: '内容管理共用的选项（知识库分类）' },
  consoleNewsApi: { name: '运营后台：新闻', description: '新闻的编辑、发布与下线' },
  consoleCasesApi: { name: '运营后台：案例', description: '客户案例的编辑、发布与下线' },
  consolePoliciesApi: { name: '运营后台：政策解读', description: '政策解读的编辑、发布与下线' },
  consoleKnowledgeApi: { name: '运营后台：知识库', description: '知识库文章的编辑、发布与下线' },
  consoleBannersApi: { name: '运营后台：首页横幅', description: '首页横幅的编辑、发布与下线' },
  consolePageViewsApi: { name: '运营后台：页面访问', description: '各页面的访问次数' },
  consoleAuditApi: { name: '运营后台：操作日志', description: '运营操作的记录与导出' },
  consoleOperatorsApi: { name: '运营后台：运营账号', description: '运营账号的创建、停用与重置' },
};

/** The tag of a group: its Chinese name, or the group's own name until one is given above. */
export function portalTag(group: string): { name: string; description: string } {
  return PORTAL_TAGS[group] ?? { name: group, description: `${group}（packages/contracts）中声明的调用` };
}

/** What each convention field (spec 01 §7.1) carries; docs/wire-contract.md says the same. */
const CONVENTION_DOC: Record<ConventionField, JsonObject> = {
  token: {
    type: 'string',
    description: '会话令牌。浏览器留空（由 HttpOnly Cookie myToken 认证）；无法携带 Cookie 的客户端（如网站的服务端渲染）在此传登录时返回的 token',
  },
  cdpDate: { type: 'string', pattern: '^\\d{10,14}$', description: '客户端时间，自 1970 年起的毫秒数；与服务器时间相差超过 10 分钟返回 ALL_0004' },
  tourisToken: { type: 'string', description: '游客标识：回传 Cookie tourisToken 的值（服务器在第一次答复时下发），可为空' },
  sign: {
    type: 'string',
    pattern: '^[0-9a-fA-F]{32}$',
    description: '签名：md5(token + cdpDate + 签名密钥) 的小写十六进制，token 缺省时为空串；缺少返回 ALL_0002，不符返回 ALL_0003',
  },
  isLogin: { type: 'string', enum: ['0', '1'], description: '页面认为已登录时为 1，否则为 0（仅供参考，不作认证）' },
  encrypt: {
    type: 'string',
    enum: ['0', '1'],
    description: '为 1 时，除约定字段外的每个字段都是 AES-256-GCM 密文：base64(iv[12] ‖ 密文 ‖ tag[16])，密钥为 sha256(加密密钥)；无法解密返回 ALL_0005',
  },
};

const CONVENTION_SCHEMA: Record<ConventionField, string> = {
  token: 'WireToken',
  cdpDate: 'WireCdpDate',
  tourisToken: 'WireTourisToken',
  sign: 'WireSign',
  isLogin: 'WireIsLogin',
  encrypt: 'WireEncrypt',
};

function conventionRequired(call: Call): ConventionField[] {
  return call.unsigned === true ? [] : ['sign', 'cdpDate'];
}

const ACCESS_TEXT = {
  anyone: '无需登录（携带会话时答复可能因人而异，如「已收藏」）。',
  member: '需登录：Cookie myToken（或 token 字段）；否则 ALL_0024。',
  qualified: '需登录且（主账号的）企业认证已通过：未登录 ALL_0024，未认证 ALL_0060。',
  companyView: '需登录；子账号仅在主账号开放企业信息时可用（否则 ALL_0010）。',
  dev: '开发工具：仅在服务器设置 DEV_TOOLS=1 时存在，生产环境没有这个调用。',
} as const;

function accessText(access: Access): string {
  if (typeof access === 'object') {
    const area = CONSOLE_AREAS[access.operator];
    return `运营后台「${area.title}」：需 Cookie ${CONSOLE_COOKIE.name}，且角色为 ${area.roles.join('、')} 之一；未登录 ALL_0024，角色不符 ALL_0010。`;
  }
  return ACCESS_TEXT[access];
}

function accessName(access: Access): string {
  return typeof access === 'object' ? `operator:${access.operator}` : access;
}

/** Who may call, as OpenAPI security requirements (any one of them suffices). */
function security(access: Access): JsonObject[] {
  if (access === 'dev') return [];
  if (access === 'anyone') return [{}, { memberSession: [] }, { memberToken: [] }];
  if (typeof access === 'object') return [{ consoleSession: [] }];
  return [{ memberSession: [] }, { memberToken: [] }];
}

/** A JSON Schema object's properties and required names; a union's members' properties, all optional. */
function fieldsOf(schema: JsonObject): { properties: Record<string, JsonObject>; required: string[]; whole: boolean } {
  if (schema.type === 'object' && schema.properties !== undefined) {
    return {
      properties: { ...(schema.properties as Record<string, JsonObject>) },
      required: [...((schema.required as string[] | undefined) ?? [])],
      whole: true,
    };
  }
  if (schema.type === 'object') return { properties: {}, required: [], whole: true };
  const members = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined;
  const properties: Record<string, JsonObject> = {};
  for (const m of members ?? []) Object.assign(properties, fieldsOf(m).properties);
  return { properties, required: [], whole: false };
}

/**
 * Whether a field's declaration reads the text on the wire itself before checking it (a
 * z.preprocess, under any optional/default/catch): "1" or "" for a flag, "1882, 1979" for a list
 * of ids, blank-line separated paragraphs, JSON text for a table. The parsing is the server's.
 */
function readsText(schema: z.ZodType): boolean {
  type Def = { type: string; innerType?: unknown; in?: { _zod: { def: Def } } };
  let def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  for (let depth = 0; depth < 8; depth++) {
    if (def.type === 'pipe') return def.in?._zod.def.type === 'transform';
    if (!['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly'].includes(def.type) || !def.innerType) return false;
    def = (def.innerType as { _zod: { def: Def } })._zod.def;
  }
  return false;
}

/**
 * A field the server reshapes before checking it (readsText) as it may travel: the reshaped
 * value, as the declaration checks it, or text. Form fields and query parameters are text, and
 * the web writes JSON values as text too, so the page's "1", "" (absent), " name " (trimmed) or
 * "a,b" is a valid request; whether the text
 * reshapes into something the rule accepts, and the message when not, is the server's rule
 * (Decision 156).
 */
function textOrParsed(field: JsonObject, components: Record<string, JsonObject>): JsonObject {
  components.WireText ??= {
    type: 'string',
    description: '文本形式（如 1、留空、前后带空格、逗号分隔的编号、按空行分段的正文、JSON 文本），由服务器整理后按另一种形式的规则校验',
  };
  const { description, ...parsed } = field;
  return { ...(typeof description === 'string' ? { description } : {}), anyOf: [parsed, schemaRef('WireText')] };
}

/** A list sent as a repeated form field: OpenAPI's form style, exploded (Prism reads a list only so). */
function formEncoding(fields: Record<string, JsonObject>): JsonObject | undefined {
  const lists = Object.entries(fields)
    .filter(([, schema]) => schema.type === 'array')
    .map(([name]) => [name, { style: 'form', explode: true }]);
  return lists.length ? Object.fromEntries(lists) : undefined;
}

/** With encrypt=1 a field travels as its sealed text; without it, as itself. */
function sealable(field: JsonObject): JsonObject {
  return {
    ...(typeof field.description === 'string' ? { description: field.description } : {}),
    anyOf: [field, { type: 'string', contentEncoding: 'base64', description: 'encrypt=1 时：该字段的 AES-256-GCM 密文（Base64）' }],
  };
}

/** The shared parts of the portal document, filled as operations need them. */
interface Parts {
  schemas: Record<string, JsonObject>;
  responses: Record<string, JsonObject>;
  parameters: Record<string, JsonObject>;
}

/**
 * One answer per HTTP status the call can fail with, its codes from the ERRORS table. Calls
 * sharing a status's codes share one component (most calls share most of them).
 */
function failureResponses(call: Call, parts: Parts): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of callFailures(call)) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  const out: Record<string, JsonObject> = {};
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const name = `Failure${status}_${codes.map((c) => c.replace(/^ALL_/, '')).join('_')}`;
    out[String(status)] = { $ref: `#/components/responses/${name}` };
    if (parts.responses[name]) continue;
    const first = codes[0] as ErrorCode;
    parts.responses[name] = {
      description: codes.map((c) => `\`${c}\` ${ERRORS[c].msg}：${ERRORS[c].when}`).join('\n\n'),
      headers: { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } },
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['code', 'msg'],
            properties: {
              code: { type: 'string', enum: codes },
              msg: { type: 'string', description: '提示文字（字段未通过校验时为该字段的提示）' },
            },
            description: '失败答复；个别调用另带页面需要的字段（如 exceptionLoginCount、mobile）',
          },
          example: { code: first, msg: ERRORS[first].msg },
        },
      },
    };
  }
  return out;
}

function successResponse(call: Call, name: string, components: Record<string, JsonObject>): JsonObject {
  const headers = { 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } };
  const answer = call.answer;
  if ('file' in answer) {
    return {
      description: '文件',
      headers,
      content: Object.fromEntries(
        answer.file.map((type) => [type, { schema: type.endsWith('json') ? { type: 'object' } : { type: 'string', contentMediaType: type } }]),
      ),
    };
  }
  // Named keys beside data or rows (a queue's tab counts, the captcha's img and uuid) are declared
  // too; a key, data included, that may be absent is not required.
  const extra = answer.extra ?? {};
  const present = (schema: { safeParse(v: unknown): { success: boolean } }) => !schema.safeParse(undefined).success;
  const extraRequired = Object.keys(extra).filter((k) => extra[k] && present(extra[k]));
  const extraProperties = Object.fromEntries(Object.entries(extra).map(([key, schema]) => [key, toSchema(schema, 'output', `${name}_${key}`, components)]));
  const envelope =
    'data' in answer
      ? {
          type: 'object',
          required: [...(present(answer.data) ? ['code', 'msg', 'data'] : ['code', 'msg']), ...extraRequired],
          properties: { code: { const: 200 }, msg: { type: 'string' }, data: toSchema(answer.data, 'output', `${name}_data`, components), ...extraProperties },
        }
      : {
          type: 'object',
          required: ['code', 'msg', 'rows', 'total', ...extraRequired],
          properties: {
            code: { const: 200 },
            msg: { type: 'string' },
            rows: { type: 'array', items: toSchema(answer.rows, 'output', `${name}_row`, components) },
            total: { type: 'integer', minimum: 0, description: '符合条件的总条数' },
            ...extraProperties,
          },
        };
  // A list that can also be downloaded answers the file instead when its input asks for it.
  const files = Object.fromEntries((answer.export ?? []).map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
  const description = 'data' in answer ? '成功：{code: 200, msg, data}' : '成功：{code: 200, msg, rows, total}';
  return {
    description: answer.export ? `${description}；输入要求导出时为文件` : description,
    headers,
    content: { 'application/json': { schema: envelope }, ...files },
  };
}

/** A convention field as a query parameter (GET, multipart), one shared component per field and requiredness. */
function conventionParam(field: ConventionField, required: boolean, parts: Parts): JsonObject {
  const name = `${CONVENTION_SCHEMA[field]}${required ? 'Required' : ''}`;
  parts.parameters[name] ??= { name: field, in: 'query', required, schema: schemaRef(CONVENTION_SCHEMA[field]) };
  return { $ref: `#/components/parameters/${name}` };
}

function operationOf(group: string, key: string, call: Call, parts: Parts): JsonObject {
  const components = parts.schemas;
  const name = `${group.replace(/Api$/, '')}.${key}`;
  const schemaName = name.replace(/[^A-Za-z0-9_]/g, '_');
  const converted = toSchema(call.input, 'input', `${schemaName}_input`, components);
  const input = fieldsOf(converted);
  // The web sends every value as text, JSON bodies included (lib/api/build.ts): Decision 156.
  if (call.input instanceof z.ZodObject) {
    const shape = call.input.shape as Record<string, z.ZodType>;
    for (const [field, schema] of Object.entries(input.properties)) {
      const declared = shape[field];
      if (!declared || !readsText(declared)) continue;
      input.properties[field] = textOrParsed(schema, components);
      // Left out is fine where the reshaping supplies the value (an empty list, a default).
      if (declared.safeParse(undefined).success) input.required = input.required.filter((r) => r !== field);
    }
  }
  // An input that is not one object (a union) is sent whole beside the conventions.
  const inputSchema = input.whole ? undefined : converted;

  // Path parameters (`:id`) are fields of the input that travel in the path.
  const parameters: JsonObject[] = [];
  for (const [, param] of call.path.matchAll(/:([A-Za-z]+)/g)) {
    if (param === undefined) continue;
    parameters.push({ name: param, in: 'path', required: true, schema: input.properties[param] ?? { type: 'string' } });
    delete input.properties[param];
    input.required = input.required.filter((r) => r !== param);
  }
  const fields = call.encrypt === true ? Object.fromEntries(Object.entries(input.properties).map(([k, v]) => [k, sealable(v)])) : input.properties;
  const required = conventionRequired(call);
  const conventionParams = CONVENTION_FIELDS.map((f) => conventionParam(f, required.includes(f), parts));

  let requestBody: JsonObject | undefined;
  if (call.method === 'GET') {
    parameters.push(...conventionParams);
    for (const [field, schema] of Object.entries(fields)) {
      if ((CONVENTION_FIELDS as readonly string[]).includes(field)) continue;
      parameters.push({
        name: field,
        in: 'query',
        required: input.required.includes(field),
        ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
        schema,
      });
    }
  } else if (call.body === 'multipart') {
    // The route reads the multipart body itself; the conventions ride in the query string.
    parameters.push(...conventionParams);
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...fields, file: { type: 'string', contentMediaType: 'application/octet-stream', description: '上传的文件（表单字段 file）' } },
            ...(input.required.length ? { required: input.required } : {}),
          },
          ...(formEncoding(fields) ? { encoding: formEncoding(fields) } : {}),
        },
      },
    };
  } else {
    const conventions = Object.fromEntries(CONVENTION_FIELDS.map((f) => [f, schemaRef(CONVENTION_SCHEMA[f])]));
    const bodyRequired = [...new Set([...required, ...input.required])];
    const flat: JsonObject = { type: 'object', properties: { ...conventions, ...fields }, ...(bodyRequired.length ? { required: bodyRequired } : {}) };
    const schema = inputSchema ? { allOf: [flat, inputSchema] } : flat;
    const type = call.body === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
    const encoding = call.body === 'json' ? undefined : formEncoding(fields);
    requestBody = { required: true, content: { [type]: { schema, ...(encoding ? { encoding } : {}) } } };
  }
  if (call.method === 'POST') {
    parameters.push({
      name: 'X-Requested-With',
      in: 'header',
      required: false,
      description: '携带会话 Cookie 的写请求须带 XMLHttpRequest（或同源的 Origin），否则 ALL_0009',
      schema: { type: 'string', enum: ['XMLHttpRequest'] },
    });
  }

  const notes = [
    accessText(call.access),
    call.feature === undefined
      ? ''
      : `须开通功能「${(FEATURE_CODES as Record<number, string>)[call.feature] ?? call.feature}」（菜单代码 ${call.feature}），否则 ALL_0010。`,
    call.unsigned === true ? '无需签名（由 <img> 或普通链接调用）：sign 与 cdpDate 可省略。' : '须签名：sign 与 cdpDate 必填。',
    call.encrypt === true ? '网页以 encrypt=1 发送：除约定字段外的字段均为密文。' : '',
    `声明：packages/contracts 的 ${group}.${key}。`,
  ].filter(Boolean);
  return {
    operationId: name,
    tags: [portalTag(group).name],
    summary: call.summary,
    description: notes.join('\n\n'),
    'x-apimarket-access': accessName(call.access),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    security: security(call.access),
    responses: { '200': successResponse(call, schemaName, components), ...failureResponses(call, parts) },
  };
}

export interface PortalOpenApiOptions {
  /** Where the portal API is served; the paths are relative to it. */
  serverUrl: string;
  version: string;
  /** Include the development tools (access 'dev'): only where DEV_TOOLS=1 registers them. */
  devTools: boolean;
}

/** The portal API (/apiHome) as OpenAPI 3.1, one operation per declared call. */
export function portalOpenApi(
  groups: ReadonlyArray<{ group: string; calls: ReadonlyArray<{ name: string; call: Call }> }>,
  options: PortalOpenApiOptions,
): OpenApiDocument {
  const parts: Parts = { schemas: {}, responses: {}, parameters: {} };
  const schemas = parts.schemas;
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string>();
  const access = new Set<string>();
  for (const { group, calls } of groups) {
    for (const { name, call } of calls) {
      if (call.access === 'dev' && !options.devTools) continue;
      const tag = portalTag(group);
      if (!tags.has(tag.name)) tags.set(tag.name, tag.description);
      access.add(typeof call.access === 'object' ? 'operator' : call.access);
      const path = openApiPath(call.path);
      paths[path] ??= {};
      paths[path][call.method.toLowerCase()] = operationOf(group, name, call, parts);
    }
  }
  for (const f of CONVENTION_FIELDS) schemas[CONVENTION_SCHEMA[f]] = CONVENTION_DOC[f];
  const securitySchemes: Record<string, JsonObject> = {};
  if (['anyone', 'member', 'qualified', 'companyView'].some((a) => access.has(a))) {
    securitySchemes.memberSession = {
      type: 'apiKey',
      in: 'cookie',
      name: COOKIE.token,
      description: '会员会话：登录（memberShip/postLogin 等）时下发的 HttpOnly Cookie',
    };
    securitySchemes.memberToken = {
      type: 'apiKey',
      in: 'query',
      name: 'token',
      description: '会员会话的另一种携带方式：登录答复中的 token 放在 token 字段（查询串，或表单 / JSON 请求体），供无法携带 Cookie 的客户端使用',
    };
  }
  if (access.has('operator')) {
    securitySchemes.consoleSession = {
      type: 'apiKey',
      in: 'cookie',
      name: CONSOLE_COOKIE.name,
      description: `运营后台会话：运营账号登录时下发的 HttpOnly Cookie（Path=${CONSOLE_COOKIE.path}）；会员的 myToken 不能打开运营后台`,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '数据 API 市场 门户 API',
      version: options.version,
      description: [
        '网站与用户中心使用的接口（/apiHome），由 packages/contracts 中的调用声明生成：路径、方法、请求编码、权限、请求与答复的结构与此处一致。',
        '**请求约定**（规格 01 §7.1）：每个请求携带约定字段 token、cdpDate、tourisToken、sign、isLogin（及 encrypt）——POST 表单与 JSON 在请求体中，GET 与 multipart 在查询串中。未标注「无需签名」的调用须带 sign 与 cdpDate。',
        '**答复**：成功为 `{code: 200, msg, data}` 或分页 `{code: 200, msg, rows, total}`；失败为 `{code: "ALL_xxxx", msg}`，HTTP 状态码表示类别（见各调用的 4xx/5xx 答复）。',
        '完整说明见仓库 docs/wire-contract.md 与 docs/errors.md。',
      ].join('\n\n'),
    },
    servers: [{ url: options.serverUrl, description: '门户 API（与网站同源，经网站转发）' }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      responses: parts.responses,
      parameters: parts.parameters,
      ...(Object.keys(securitySchemes).length ? { securitySchemes } : {}),
      headers: { XRequestId: { description: '请求编号：联系客服时提供；服务器日志带同一编号', schema: { type: 'string' } } },
    },
  };
}

// ── The open data API (gateway) ──────────────────────────────────────────────────────────────

/** One answer field as the catalogue documents it: a dotted path inside the answer ("data.result"). */
export interface ResponseFieldDoc {
  name: string;
  type: string;
  description: string;
}

/** What the gateway document needs of one on-sale interface (interfaces + interface_docs). */
export interface GatewayDocEntry {
  id: number;
  interfaceName: string;
  categoryName: string;
  summary: string;
  description: string;
  /** /{domain}/{sub}/{id} */
  path: string;
  params: readonly PageParam[];
  responseFields: readonly ResponseFieldDoc[];
  codes: readonly PageCode[];
  sampleResponse: unknown;
  scenarios: readonly string[];
  enterpriseOnly: boolean;
}

// The gateway's format rules (apps/server/src/providers/validate.ts) that a JSON Schema can say;
// formatCheck() words every rule, these only add what a validator can check. The server test
// sends a malformed value of every parameter, so a rule here that drifted would show there.
const NAME_SCHEMA: Record<string, (p: PageParam) => JsonObject> = {
  idcard: () => ({ pattern: '^[1-9]\\d{16}[\\dX]$' }),
  idType: () => ({ enum: ['01', '02', '03', '04', '05'] }),
  mobile: () => ({ pattern: MOBILE_PATTERN.source }),
  acc_no: (p) => ({ pattern: p.description.includes('对公') ? '^\\d{6,32}$' : p.description.includes('前 6 位') ? '^\\d{6,19}$' : '^\\d{13,19}$' }),
  // GB 32100: the code's alphabet leaves out I, O, S, V and Z.
  creditCode: () => ({ pattern: '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$' }),
  plateColor: () => ({ minimum: 1, maximum: 6 }),
  vin: () => ({ pattern: '^[A-HJ-NPR-Z0-9]{17}$' }),
  nameHash: () => ({ pattern: '^[0-9a-f]{64}$' }),
  idcardHash: () => ({ pattern: '^[0-9a-f]{64}$' }),
  items: () => ({ contentMediaType: 'application/json' }),
  lon: () => ({ minimum: -180, maximum: 180 }),
  loadLon: () => ({ minimum: -180, maximum: 180 }),
  unloadLon: () => ({ minimum: -180, maximum: 180 }),
  lat: () => ({ minimum: -90, maximum: 90 }),
  loadLat: () => ({ minimum: -90, maximum: 90 }),
  unloadLat: () => ({ minimum: -90, maximum: 90 }),
};

/** A parameter's schema: the catalogue's type, the gateway's rule, its words and its example. */
function paramSchema(p: PageParam): JsonObject {
  const base: JsonObject =
    p.type === 'int'
      ? { type: 'integer' }
      : p.type === 'number'
        ? { type: 'number' }
        : // The gateway takes true, false, 1 or 0, sent as text or (JSON) as a boolean.
          p.type === 'boolean'
          ? { type: ['boolean', 'string'], enum: [true, false, 'true', 'false', '1', '0'] }
          : p.type === 'base64'
            ? { type: 'string', contentEncoding: 'base64' }
            : p.type === 'url'
              ? { type: 'string', format: 'uri', pattern: '^https?://' }
              : { type: 'string' };
  const check = formatCheck(p);
  const words = `${p.required ? '必填。' : '选填。'}${p.description}${check ? `（平台校验：${check}；不符返回 SYSTEM_042）` : ''}`;
  // A Base64 example in the catalogue is a stub: the samples send a file instead.
  const example = p.type === 'base64' ? undefined : p.type === 'int' || p.type === 'number' ? Number(p.example) : p.example;
  return { ...base, ...(NAME_SCHEMA[p.name]?.(p) ?? {}), description: words, ...(example === undefined || p.example === '' ? {} : { examples: [example] }) };
}

const FIELD_TYPE: Record<string, JsonObject> = {
  string: { type: 'string' },
  int: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  object: { type: 'object' },
  array: { type: 'array' },
};

interface FieldNode {
  doc?: ResponseFieldDoc;
  children: Map<string, FieldNode>;
}

/** The answer's `data` as a schema, from the documented dotted paths; the sample tells an undocumented parent's kind. */
function dataSchema(fields: readonly ResponseFieldDoc[], sample: unknown): JsonObject {
  const root: FieldNode = { children: new Map() };
  for (const f of fields) {
    const parts = f.name.split('.');
    if (parts[0] !== 'data' || parts.length < 2) continue;
    let node = root;
    for (const part of parts.slice(1)) {
      let next = node.children.get(part);
      if (!next) {
        next = { children: new Map() };
        node.children.set(part, next);
      }
      node = next;
    }
    node.doc = f;
  }
  const build = (node: FieldNode, example: unknown): JsonObject => {
    const isArray = node.doc ? node.doc.type === 'array' : Array.isArray(example);
    const described = node.doc ? { description: node.doc.description } : {};
    if (node.children.size === 0) return { ...(node.doc ? (FIELD_TYPE[node.doc.type] ?? {}) : {}), ...described };
    const item = isArray && Array.isArray(example) ? example[0] : example;
    const properties = Object.fromEntries(
      [...node.children].map(([k, child]) => [k, build(child, item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[k] : undefined)]),
    );
    const object = { type: 'object', properties };
    return isArray ? { type: 'array', items: object, ...described } : { ...object, ...described };
  };
  const data = (sample ?? {}) as { data?: unknown };
  return build(root, data.data);
}

/** Markdown table rows (pipes in a cell escaped). */
const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

function gatewayOperation(e: GatewayDocEntry): JsonObject {
  const rows = interfaceCodes(e);
  const billable = e.codes.filter((c) => c.billable).map((c) => c.code);
  const description = [
    e.description,
    e.scenarios.length ? `**适用场景**：${e.scenarios.join('；')}` : '',
    e.enterpriseOnly ? '**仅向已通过企业认证的账号开放**（否则 SYSTEM_008）。' : '',
    `**计费**：答复 code 为 ${billable.map((c) => `\`${c}\``).join('、') || '（无）'} 时计一次，其余（含全部 SYSTEM_ 平台码）不计费。`,
    '**返回码**',
    [
      '| 返回码 | 来源 | 说明 | 是否计费 |',
      '|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| \`${r.code}\` | ${r.source === 'interface' ? '数据源' : '平台'} | ${cell(r.message)}${r.when ? `：${cell(r.when)}` : ''} | ${r.billable ? '计费' : '不计费'} |`,
      ),
    ].join('\n'),
    '其余平台返回码（key、额度、白名单、签名等，所有接口通用，均不计费）见 components.schemas.PlatformCode。',
  ].filter(Boolean);

  const properties: Record<string, JsonObject> = {
    key: {
      type: 'string',
      minLength: 1,
      description: '必填。购买后在「我的API」获取的接口 Key（也可放在查询串 ?key=）；缺少返回 SYSTEM_000，无效返回 SYSTEM_001',
    },
    ...Object.fromEntries(e.params.map((p) => [p.name, paramSchema(p)])),
    ...Object.fromEntries(Object.keys(SIGNED_FIELDS).map((f) => [f, schemaRef(signedSchemaName(f))])),
  };
  const required = e.params.filter((p) => p.required).map((p) => p.name);
  // Encrypted mode sends the parameters sealed in `data`, so they are required only without it.
  const schema: JsonObject = {
    type: 'object',
    properties,
    required: ['key'],
    ...(required.length ? { anyOf: [{ required }, { required: ['data'] }] } : {}),
  };
  const example = Object.fromEntries(
    sampleFields(e).map((f) => {
      const p = e.params.find((x) => x.name === f.name);
      return [f.name, p && (p.type === 'int' || p.type === 'number') ? Number(f.value) : f.value];
    }),
  );
  const answer = sampleAnswer(e.sampleResponse) as JsonObject;
  return {
    operationId: `interface${e.id}`,
    tags: [e.categoryName],
    summary: e.interfaceName,
    description: description.join('\n\n'),
    'x-apimarket-interface-id': e.id,
    requestBody: {
      required: true,
      description: '表单（推荐，与代码示例一致）或 JSON 对象；字段相同',
      content: {
        'application/x-www-form-urlencoded': { schema, example },
        'application/json': { schema, example },
      },
    },
    responses: {
      '200': {
        description: '每次调用都答复 HTTP 200，结果看 code：10000 成功，100xx 为该接口的业务结果，SYSTEM_ 开头为平台检查未通过',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'message', 'data', 'seqNo'],
              properties: {
                code: {
                  description: '返回码：该接口的返回码（见上方返回码表），或平台返回码 PlatformCode',
                  anyOf: [{ type: 'string', enum: e.codes.map((c) => c.code) }, schemaRef('PlatformCode')],
                },
                message: { type: 'string', description: '返回码说明；SYSTEM_011 与 SYSTEM_042 写明参数名' },
                data: {
                  description: `code 为 ${GATEWAY_SUCCESS} 或该接口的业务码时为结果，平台码时为 null；账号开启加密调用时为密文`,
                  anyOf: [dataSchema(e.responseFields, e.sampleResponse), { type: 'null' }, { type: 'string', description: '加密调用：结果的密文' }],
                },
                seqNo: schemaRef('SeqNo'),
              },
            },
            examples: {
              sample: { summary: '示例请求的答复', value: answer },
              refused: {
                summary: '平台拒绝（key 无效，不计费）',
                value: { code: 'SYSTEM_001', message: PLATFORM_CODES.SYSTEM_001, data: null, seqNo: '0C1D2E3F405162738495' },
              },
            },
          },
        },
      },
    },
  };
}

/** The signed mode's fields (docs/gateway.md, 签名调用), and the encrypted mode's `data`. */
const SIGNED_FIELDS: Record<string, JsonObject> = {
  appKey: { type: 'string', description: '签名调用：您的 AppKey（AK 开头，见 账号设置 › 接口密钥）' },
  timestamp: { type: 'string', pattern: '^\\d{13}$', description: '签名调用：当前毫秒时间戳，与平台时间相差不超过 5 分钟（否则 SYSTEM_036）' },
  nonce: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$', description: '签名调用：每次调用不同的随机串，只能使用一次（重复返回 SYSTEM_040）' },
  sign: { type: 'string', description: '签名调用：对除 sign 外全部非空字段按名称排序拼接的签名串计算的签名（md5、hmac-sha256 或 rsa-sha256）' },
  signMethod: { type: 'string', enum: ['md5', 'hmac-sha256', 'rsa-sha256'], description: '签名调用：可选；若传须与账号设置的方式一致（否则 SYSTEM_041）' },
  data: { type: 'string', description: '加密调用：全部接口参数组成的 JSON 对象的密文（AES-256-GCM 或 RSA 信封），此时不再单独传参数' },
};

/** `appKey` → `SignedAppKey`: the signed and encrypted modes' fields are shared components. */
const signedSchemaName = (field: string) => `Signed${field[0]?.toUpperCase() ?? ''}${field.slice(1)}`;

export interface GatewayOpenApiOptions {
  /** The gateway's public address (GATEWAY_URL). */
  serverUrl: string;
  version: string;
  /** Defaults to the open data API's name; one interface's document names the interface. */
  title?: string;
}

/** The open data API as OpenAPI 3.1: one path per on-sale interface, in the order given. */
export function gatewayOpenApi(entries: readonly GatewayDocEntry[], options: GatewayOpenApiOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string>();
  for (const e of entries) {
    if (!tags.has(e.categoryName)) tags.set(e.categoryName, `「${e.categoryName}」类接口`);
    paths[e.path] = { post: gatewayOperation(e) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? '数据 API 市场 开放数据 API',
      version: options.version,
      description: [
        '每个接口一个地址：`POST {网关地址}/{domain}/{sub}/{interfaceId}`，请求体为表单（application/x-www-form-urlencoded，推荐）或 JSON 对象，携带购买该接口后获得的 `key` 与接口参数。',
        '每次调用都答复 HTTP 200：`{"code":"10000","message":"成功","data":{…},"seqNo":"…"}`。code 始终是字符串：10000 成功，100xx 为接口的业务结果，SYSTEM_ 开头为平台的检查（不计费）。seqNo 标识本次调用，联系客服时请提供。',
        '账号可在 用户中心 › 账号设置 › 接口密钥 要求签名调用（appKey、timestamp、nonce、sign）或加密调用（参数密封在 data 中），规则与示例见网站「接口接入说明」。',
      ].join('\n\n'),
    },
    servers: [{ url: options.serverUrl, description: '开放数据 API 网关' }],
    // The purchase key is a body field (or ?key=), which no OpenAPI security scheme can name; see `key`.
    security: [],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: {
        SeqNo: { type: 'string', pattern: '^[0-9A-Za-z]{20}$', description: '调用流水号（20 位），每次调用都有，包括被拒绝的调用' },
        ...Object.fromEntries(Object.entries(SIGNED_FIELDS).map(([f, schema]) => [signedSchemaName(f), schema])),
        PlatformCode: {
          type: 'string',
          enum: Object.keys(PLATFORM_CODES),
          description: [
            '平台返回码（所有接口通用，均不计费）：',
            '',
            '| 返回码 | 说明 |',
            '|---|---|',
            ...Object.entries(PLATFORM_CODES).map(([c, m]) => `| \`${c}\` | ${cell(m)} |`),
          ].join('\n'),
        },
      },
    },
  };
}
