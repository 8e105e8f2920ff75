// 司法可视化 (/userCenter/examine, menu code 13; spec 02 §7; issue #23).
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.
// A person or a company is asked against one of the five judicial interfaces the account bought
// (JUDICIAL_VIEW_INTERFACE_IDS, entitlements.ts): each query is one real, charged call through the
// open data API's pipeline, kept in 在线查询's store (query_reports / query_items) so one history
// holds every query the account made. The answer is shown as a readable case file (records with
// parties, court, cause, amounts, status; a timeline; a summary and its chart) and, for a
// developer, as the raw answer.
import { z } from 'zod';
import { FEATURE, isValidUscc } from './account';
import { featureCalls } from './declare';
import { JUDICIAL_VIEW_INTERFACE_IDS } from './entitlements';
import { hasControlChars } from './online';
import { PageQuery, parseId } from './paging';
import { OptionalDay } from './validation';

export type JudicialInterfaceId = (typeof JUDICIAL_VIEW_INTERFACE_IDS)[number];

/**
 * What each of the five is (the catalogue is the truth, seed interfaces/judicial.ts). The issue
 * names the kinds 涉诉 / 失信 / 限高 / 执行 / 法院公告; the catalogue's five are 个人涉诉 9839,
 * 企业涉诉 9834, 失信被执行人 9836, 限制高消费 9662 and 司法风险综合评估 9838 (whose summary
 * counts 被执行 cases).
 */
export const JUDICIAL_INTERFACES: Readonly<
  Record<JudicialInterfaceId, { name: string; subject: 'person' | 'company'; kind: string; dateField: string; dateLabel: string }>
> = {
  9839: { name: '个人涉诉信息', subject: 'person', kind: '涉诉案件', dateField: 'filingDate', dateLabel: '立案' },
  9834: { name: '企业涉诉信息', subject: 'company', kind: '涉诉案件', dateField: 'filingDate', dateLabel: '立案' },
  9836: { name: '失信被执行人', subject: 'person', kind: '失信记录', dateField: 'publishDate', dateLabel: '发布失信' },
  9662: { name: '限制高消费', subject: 'person', kind: '限制消费令', dateField: 'publishDate', dateLabel: '发布限消令' },
  9838: { name: '司法风险综合评估', subject: 'person', kind: '综合评估', dateField: 'latestCaseDate', dateLabel: '最近立案' },
};

export const isJudicialInterface = (id: number): id is JudicialInterfaceId => (JUDICIAL_VIEW_INTERFACE_IDS as readonly number[]).includes(id);

export const JUDICIAL_LIMITS = {
  nameChars: 30,
  keywordChars: { min: 2, max: 100 },
  maxPage: 100,
  subjectChars: 100,
} as const;

export const JUDICIAL_MSG = {
  interfaceId: '请选择司法查询接口（个人涉诉、企业涉诉、失信被执行人、限制高消费或司法风险综合评估）',
  notBought: (name: string) => `您尚未购买「${name}」，请先购买后再查询`,
  unusable: (name: string) => `「${name}」当前不可调用（已停用、已过期或次数已用完），请恢复或续购后再查`,
  nameRequired: '请输入被查询人姓名',
  name: `姓名须为 2–${JUDICIAL_LIMITS.nameChars} 个字，不含数字和符号`,
  idcardRequired: '请输入被查询人身份证号',
  idcard: '请输入正确的 18 位身份证号（末位校验码须正确）',
  keywordRequired: '请输入企业名称或统一社会信用代码',
  keyword: `企业名称须为 ${JUDICIAL_LIMITS.keywordChars.min}–${JUDICIAL_LIMITS.keywordChars.max} 个字`,
  creditCode: '统一社会信用代码校验位不正确，请核对',
  page: `页码须为 1–${JUDICIAL_LIMITS.maxPage}`,
  consent: '请确认已取得被查询人的授权',
  controlChars: '内容含有不可见的控制字符，请删除后重试',
  queryMissing: '未找到该司法查询记录',
  dateRange: '开始日期不能晚于结束日期',
} as const;

/** What the customer attests before a person is asked (PIPL art. 13, 29), as 在线查询 words it. */
export const JUDICIAL_CONSENT_TEXT = '我已取得被查询人的明确授权，查询结果仅用于约定的业务目的';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * An 18-character resident ID number: the GB 11643 check character and a real birth date, as the
 * gateway checks it (providers/validate.ts isValidIdNumber) — refused here, before any charge.
 */
export function isIdNumber(value: string, today: Date = new Date()): boolean {
  if (!/^[1-9]\d{16}[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * (ID_WEIGHTS[i] ?? 0);
  if (ID_CHECK[sum % 11] !== value[17]) return false;
  const [y, m, d] = [Number(value.slice(6, 10)), Number(value.slice(10, 12)), Number(value.slice(12, 14))];
  const birth = new Date(Date.UTC(y, m - 1, d));
  return birth.getUTCFullYear() === y && birth.getUTCMonth() === m - 1 && birth.getUTCDate() === d && y >= 1900 && birth.getTime() <= today.getTime();
}

const clean = (v: string) => !hasControlChars(v);

/** 姓名: Chinese or a foreign name with a middle dot, 2–30 characters. */
export const JudicialName = z
  .string({ error: JUDICIAL_MSG.nameRequired })
  .trim()
  .min(1, { error: JUDICIAL_MSG.nameRequired, abort: true })
  .refine(clean, { error: JUDICIAL_MSG.controlChars, abort: true })
  .refine((v) => [...v].length >= 2 && [...v].length <= JUDICIAL_LIMITS.nameChars && /^[\p{Script=Han}A-Za-z·•. ]+$/u.test(v), JUDICIAL_MSG.name);

export const JudicialIdcard = z
  .string({ error: JUDICIAL_MSG.idcardRequired })
  .trim()
  .toUpperCase()
  .min(1, { error: JUDICIAL_MSG.idcardRequired, abort: true })
  .refine((v) => isIdNumber(v), JUDICIAL_MSG.idcard);

/** 企业名称或统一社会信用代码: an 18-character code must carry its check character. */
export const JudicialKeyword = z
  .string({ error: JUDICIAL_MSG.keywordRequired })
  .trim()
  .min(1, { error: JUDICIAL_MSG.keywordRequired, abort: true })
  .refine(clean, { error: JUDICIAL_MSG.controlChars, abort: true })
  .refine((v) => [...v].length >= JUDICIAL_LIMITS.keywordChars.min && [...v].length <= JUDICIAL_LIMITS.keywordChars.max, {
    error: JUDICIAL_MSG.keyword,
    abort: true,
  })
  .refine((v) => !/^[0-9A-Z]{18}$/.test(v.toUpperCase()) || isValidUscc(v.toUpperCase()), JUDICIAL_MSG.creditCode);

const judicialId = z.preprocess(
  (v) => parseId(v) ?? undefined,
  z.number({ error: JUDICIAL_MSG.interfaceId }).refine((n) => isJudicialInterface(n), JUDICIAL_MSG.interfaceId),
);
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * UserCenter/judicial/{id}: the path names the interface; a person is 姓名 + 身份证号, a company
 * (9834) 企业名称或统一社会信用代码 with an optional page. Fields of the other kind are ignored.
 */
export const JudicialQueryInput = z
  .object({
    interfaceId: judicialId,
    name: z.preprocess(blank, z.string().optional()),
    idcard: z.preprocess(blank, z.string().optional()),
    keyword: z.preprocess(blank, z.string().optional()),
    page: z.preprocess(
      blank,
      z.coerce.number({ error: JUDICIAL_MSG.page }).int(JUDICIAL_MSG.page).min(1, JUDICIAL_MSG.page).max(JUDICIAL_LIMITS.maxPage, JUDICIAL_MSG.page).optional(),
    ),
    consent: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.literal(true, { error: JUDICIAL_MSG.consent })),
  })
  .superRefine((v, ctx) => {
    if (!isJudicialInterface(v.interfaceId)) return;
    const check = (schema: z.ZodType, value: unknown, path: string) => {
      const r = schema.safeParse(value);
      if (!r.success) ctx.addIssue({ code: 'custom', path: [path], message: r.error.issues[0]?.message ?? JUDICIAL_MSG.interfaceId });
    };
    if (JUDICIAL_INTERFACES[v.interfaceId].subject === 'company') return check(JudicialKeyword, v.keyword ?? '', 'keyword');
    check(JudicialName, v.name ?? '', 'name');
    check(JudicialIdcard, v.idcard ?? '', 'idcard');
  });
export type JudicialQueryInput = z.infer<typeof JudicialQueryInput>;

/** The parameters one query sends, as the checks above read them: only the interface's own. */
export function judicialParams(input: JudicialQueryInput): Record<string, string> {
  const id = input.interfaceId as JudicialInterfaceId;
  if (JUDICIAL_INTERFACES[id].subject === 'company') {
    const keyword = (input.keyword ?? '').trim();
    const code = keyword.toUpperCase();
    const params: Record<string, string> = { keyword: /^[0-9A-Z]{18}$/.test(code) ? code : keyword };
    if (input.page) params.page = String(input.page);
    return params;
  }
  return { name: (input.name ?? '').trim(), idcard: (input.idcard ?? '').trim().toUpperCase() };
}

// ── The readable case file ──────────────────────────────────────────────────────────────────────
export const JudicialParty = z.object({ name: z.string(), role: z.string() });
export const JudicialDetailLine = z.object({ label: z.string(), value: z.string() });

export const JudicialRecord = z.object({
  kind: z.string(),
  caseNo: z.string(),
  court: z.string(),
  caseType: z.string(),
  cause: z.string(),
  /** The subject (masked when a person) with its role, and any company named beside it. */
  parties: z.array(JudicialParty),
  /** 元; null when the record names none. */
  amount: z.number().nullable(),
  amountText: z.string(),
  status: z.string(),
  /** true 未结 / 未履行 / 在限; false 已结; null when the record does not say. */
  open: z.boolean().nullable(),
  date: z.string(),
  dateLabel: z.string(),
  /** The record's other fields, labelled. */
  details: z.array(JudicialDetailLine),
});
export type JudicialRecord = z.infer<typeof JudicialRecord>;

export const JudicialTimelineEntry = z.object({ date: z.string(), label: z.string(), caseNo: z.string(), court: z.string(), open: z.boolean().nullable() });

export const JudicialSummary = z.object({
  records: z.number().int(),
  /** Counts by kind of record (9838: by dimension). */
  byKind: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  totalAmount: z.number(),
  totalAmountText: z.string(),
  open: z.number().int(),
  closed: z.number().int(),
  unknown: z.number().int(),
  /** One sentence a reader takes away. */
  headline: z.string(),
  /** 9838 only. */
  riskScore: z.number().int().nullable(),
  riskLevel: z.string(),
});
export type JudicialSummary = z.infer<typeof JudicialSummary>;

/** The chart of the summary: one bar series. */
export const JudicialChart = z.object({ title: z.string(), categories: z.array(z.string()), values: z.array(z.number()) });
export type JudicialChart = z.infer<typeof JudicialChart>;

export const JudicialCaseFile = z.object({
  /** The stored query's id (its 在线查询 item): what list, detail and json name. */
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  subjectType: z.enum(['person', 'company']),
  /** A person masked (张*，110101********4514); a company as asked. */
  subject: z.string(),
  code: z.string(),
  message: z.string(),
  /** Answered 10000. */
  succeeded: z.boolean(),
  seqNo: z.string(),
  charged: z.boolean(),
  requestedAt: z.string(),
  summary: JudicialSummary,
  records: z.array(JudicialRecord),
  /** Newest first. */
  timeline: z.array(JudicialTimelineEntry),
  chart: JudicialChart,
});
export type JudicialCaseFile = z.infer<typeof JudicialCaseFile>;

/** The raw answer for a developer: as the interface answered it, with the masked parameters sent. */
export const JudicialRaw = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  params: z.record(z.string(), z.string()),
  requestedAt: z.string(),
  answer: z.object({ code: z.string(), message: z.string(), data: z.unknown(), seqNo: z.string() }),
});
export type JudicialRaw = z.infer<typeof JudicialRaw>;

export const JudicialListRow = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  subjectType: z.enum(['person', 'company']),
  subject: z.string(),
  code: z.string(),
  message: z.string(),
  succeeded: z.boolean(),
  records: z.number().int(),
  headline: z.string(),
  charged: z.boolean(),
  requestedAt: z.string(),
});
export type JudicialListRow = z.infer<typeof JudicialListRow>;

const day = OptionalDay;

export const JudicialListInput = PageQuery.extend({
  interfaceId: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : (parseId(v) ?? 0)),
    z
      .number()
      .refine((n) => isJudicialInterface(n), JUDICIAL_MSG.interfaceId)
      .optional(),
  ),
  from: day,
  to: day,
  /** A person's name or ID number (compared masked), or a company's name or code. */
  subject: z
    .string()
    .trim()
    .max(JUDICIAL_LIMITS.subjectChars, `最多 ${JUDICIAL_LIMITS.subjectChars} 个字`)
    .refine(clean, JUDICIAL_MSG.controlChars)
    .optional()
    .default(''),
}).refine((f) => !f.from || !f.to || f.from <= f.to, { message: JUDICIAL_MSG.dateRange, path: ['to'] });
export type JudicialListInput = z.infer<typeof JudicialListInput>;

export const JudicialIdInput = z.object({ id: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: JUDICIAL_MSG.queryMissing })) });
export type JudicialIdInput = z.infer<typeof JudicialIdInput>;

// ── From an answer to a case file (pure: the server builds it, the tests read it) ───────────────
const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
/** 52,000 元; 1,386,000 元 reads 138.6 万元. */
export function formatYuan(n: number): string {
  if (n >= 10_000) return `${yuan.format(n)} 元（${yuan.format(Math.round(n / 100) / 100)} 万元）`;
  return `${yuan.format(n)} 元`;
}

const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const FIELD_LABELS: Record<string, string> = {
  caseType: '案件类型',
  duty: '生效文书确定的义务',
  performance: '履行情况',
  behavior: '失信情形',
  relatedCompany: '关联企业',
};

/** An amount a record names: its amount field, else 「… 52000 元」 in its duty. */
function amountOf(r: Record<string, unknown>): number | null {
  if (typeof r.amount === 'number' && r.amount > 0) return r.amount;
  const m = /(\d[\d,]*(?:\.\d+)?)\s*(万)?元/.exec(text(r.duty) || text(r.amount));
  if (!m?.[1]) return null;
  const n = Number(m[1].replace(/,/g, ''));
  return Number.isFinite(n) ? (m[2] ? n * 10_000 : n) : null;
}

function openOf(id: JudicialInterfaceId, r: Record<string, unknown>): boolean | null {
  const s = text(r.status);
  if (/未结|执行中|在册/.test(s)) return true;
  if (/已结|已移出|解除|失效/.test(s)) return false;
  const p = text(r.performance);
  if (p) return /未履行/.test(p);
  if (id === 9662) return true;
  return null;
}

function statusOf(id: JudicialInterfaceId, r: Record<string, unknown>, open: boolean | null): string {
  if (text(r.status)) return text(r.status);
  if (text(r.performance)) return text(r.performance);
  if (id === 9662) return '限制消费中';
  return open === null ? '未披露' : open ? '未结案' : '已结案';
}

function subjectRole(id: JudicialInterfaceId, r: Record<string, unknown>): string {
  if (text(r.role)) return text(r.role);
  if (id === 9836) return '失信被执行人';
  if (id === 9662) return '被限制消费人';
  return '当事人';
}

/**
 * The readable case file of one stored answer. `subject` is already as it may be shown (a person
 * masked); nothing else in the answers names a person, and a related company is shown as named.
 */
export function caseFile(q: {
  id: number;
  interfaceId: number;
  interfaceName: string;
  subject: string;
  code: string;
  message: string;
  data: unknown;
  seqNo: string;
  charged: boolean;
  requestedAt: string;
}): JudicialCaseFile {
  const id = (isJudicialInterface(q.interfaceId) ? q.interfaceId : 9839) as JudicialInterfaceId;
  const spec = JUDICIAL_INTERFACES[id];
  const data = obj(q.data);
  const succeeded = q.code === '10000';
  const party = q.subject.split('，')[0] || q.subject;
  const list = Array.isArray(data.list) ? data.list.map(obj) : [];
  const records: JudicialRecord[] = list.map((r) => {
    const open = openOf(id, r);
    const amount = amountOf(r);
    const parties = [{ name: party, role: subjectRole(id, r) }];
    if (text(r.relatedCompany)) parties.push({ name: text(r.relatedCompany), role: '关联企业' });
    return {
      kind: spec.kind,
      caseNo: text(r.caseNo),
      court: text(r.court),
      caseType: text(r.caseType),
      cause: text(r.cause),
      parties,
      amount,
      amountText: amount === null ? '未披露' : formatYuan(amount),
      status: statusOf(id, r, open),
      open,
      date: text(r[spec.dateField]),
      dateLabel: spec.dateLabel,
      details: Object.entries(FIELD_LABELS).flatMap(([k, label]) => (text(r[k]) ? [{ label, value: text(r[k]) }] : [])),
    };
  });
  records.sort((a, b) => b.date.localeCompare(a.date));

  let byKind = records.length ? [{ kind: spec.kind, count: records.length }] : [];
  let riskScore: number | null = null;
  let riskLevel = '';
  let headline: string;
  const totalAmount = records.reduce((s, r) => s + (r.amount ?? 0), 0);
  const open = records.filter((r) => r.open === true).length;
  const closed = records.filter((r) => r.open === false).length;
  if (id === 9838 && succeeded) {
    byKind = [
      { kind: '涉诉案件', count: Number(data.litigationCount) || 0 },
      { kind: '被执行案件', count: Number(data.executedCount) || 0 },
      { kind: '失信记录', count: Number(data.dishonestCount) || 0 },
      { kind: '限制高消费', count: Number(data.restrictedCount) || 0 },
    ];
    riskScore = Math.trunc(Number(data.riskScore) || 0);
    riskLevel = text(data.riskLevel);
    const total = byKind.reduce((s, k) => s + k.count, 0);
    headline = total === 0 ? '未发现司法风险记录' : `司法风险等级「${riskLevel}」，评分 ${riskScore}，共 ${total} 条司法记录`;
  } else if (!succeeded) {
    headline = q.message || `查询未成功（${q.code}）`;
  } else if (records.length === 0) {
    headline = `未发现${spec.kind}`;
  } else {
    headline = `共 ${records.length} 条${spec.kind}${open ? `，${open} 条未结` : ''}${totalAmount ? `，涉及金额 ${formatYuan(totalAmount)}` : ''}`;
  }

  const timeline = records
    .filter((r) => r.date)
    .map((r) => ({ date: r.date, label: `${r.dateLabel}：${r.cause || r.kind}`, caseNo: r.caseNo, court: r.court, open: r.open }));
  if (id === 9838 && text(data.latestCaseDate))
    timeline.push({ date: text(data.latestCaseDate), label: '最近一次案件立案', caseNo: '', court: '', open: null });

  const chart: JudicialChart =
    id === 9838
      ? { title: '各类司法记录数', categories: byKind.map((k) => k.kind), values: byKind.map((k) => k.count) }
      : records.some((r) => r.amount !== null)
        ? { title: '各案件涉及金额（元）', categories: records.map((r) => r.caseNo || r.date), values: records.map((r) => r.amount ?? 0) }
        : { title: '案件状态', categories: ['未结', '已结', '未披露'], values: [open, closed, records.length - open - closed] };

  return {
    id: q.id,
    interfaceId: q.interfaceId,
    interfaceName: q.interfaceName,
    subjectType: spec.subject,
    subject: q.subject,
    code: q.code,
    message: q.message,
    succeeded,
    seqNo: q.seqNo,
    charged: q.charged,
    requestedAt: q.requestedAt,
    summary: {
      records: records.length,
      byKind,
      totalAmount,
      totalAmountText: formatYuan(totalAmount),
      open,
      closed,
      unknown: records.length - open - closed,
      headline,
      riskScore,
      riskLevel,
    },
    records,
    timeline: timeline.sort((a, b) => b.date.localeCompare(a.date)),
    chart,
  };
}

/** Behind menu code 13 司法可视化 (spec 02 §6): the server refuses an account without it. */
const judicialCall = featureCalls(FEATURE.judicial);

export const judicialApi = {
  query: judicialCall({
    method: 'POST',
    path: '/UserCenter/judicial/:interfaceId',
    summary: '司法可视化：以登录身份对一人或一家企业真实调用所选司法接口（须已购买、须确认已获授权），答查询记录与可读案卷',
    input: JudicialQueryInput,
    answer: { data: JudicialCaseFile },
    fails: ['ALL_0011'],
  }),
  list: judicialCall({
    method: 'POST',
    path: '/UserCenter/judicial/list',
    summary: '司法查询记录（最新在前，可按接口、日期与查询对象筛选）',
    input: JudicialListInput,
    answer: { rows: JudicialListRow },
  }),
  detail: judicialCall({
    method: 'POST',
    path: '/UserCenter/judicial/detail',
    summary: '一次司法查询的可读案卷（当事人、案号、法院、金额、时间线与汇总）',
    input: JudicialIdInput,
    answer: { data: JudicialCaseFile },
    fails: ['ALL_0011'],
  }),
  json: judicialCall({
    method: 'POST',
    path: '/UserCenter/judicial/json',
    summary: '一次司法查询的原始返回（开发者查看）',
    input: JudicialIdInput,
    answer: { data: JudicialRaw },
    fails: ['ALL_0011'],
  }),
};
