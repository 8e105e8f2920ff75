// The console's sales inbox (issue #10): lead and audit-request filters, the sales team's
// writes (assign, state, note) and the rows they answer. The page's filters and forms and the
// server's parsing read the same schemas, so both give the same Chinese message.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { operatorCalls } from './declare';
import { CONSOLE_LIMITS, ChangeResult } from './console';
import { PageQuery } from './paging';

export const LEAD_KINDS = ['trial', 'consult', 'quote', 'document'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABEL: Record<LeadKind, string> = {
  trial: '免费试用',
  consult: '数据资产入表咨询',
  quote: '方案报价',
  document: '资料报价',
};

export const LEAD_STATES = ['new', 'contacted', 'converted', 'closed'] as const;
export type LeadState = (typeof LEAD_STATES)[number];
export const LEAD_STATE_LABEL: Record<LeadState, string> = {
  new: '待跟进',
  contacted: '已联系',
  converted: '已转化',
  closed: '已关闭',
};

export const AUDIT_REQUEST_STATES = ['new', 'contacted', 'closed'] as const;
export type AuditRequestState = (typeof AUDIT_REQUEST_STATES)[number];
export const AUDIT_REQUEST_STATE_LABEL: Record<AuditRequestState, string> = {
  new: '待跟进',
  contacted: '已联系',
  closed: '已关闭',
};

/** One export goes to the sales CRM in one file; more than this is refused, not cut short. */
export const LEAD_EXPORT_MAX = 10_000;
export const LEAD_KEYWORD_MAX = 50;

export const LEADS_MSG = {
  leadMissing: '线索不存在',
  auditMissing: '合规审计申请不存在',
  kind: '线索类型不正确',
  state: '请选择正确的跟进状态',
  assigneeFilter: '负责人筛选条件不正确',
  keyword: `关键词最多 ${LEAD_KEYWORD_MAX} 个字`,
  day: '日期格式应为 YYYY-MM-DD',
  range: '开始日期不能晚于结束日期',
  assigneeRequired: '请选择负责人',
  assigneeNotSales: '只能分配给在用的销售或管理员账号',
  assigned: (name: string) => `已分配给 ${name}`,
  returned: '已退回公共线索池',
  sameAssignee: (name: string) => `该线索已由 ${name} 负责，未重复分配`,
  alreadyUnassigned: '该线索本就未分配，未重复修改',
  stateChanged: (label: string) => `跟进状态已改为「${label}」`,
  stateSame: (label: string) => `跟进状态已是「${label}」，未重复修改`,
  noteRequired: '请填写跟进记录',
  noteTooLong: `跟进记录最多 ${CONSOLE_LIMITS.noteMax} 字`,
  noteSaved: '跟进记录已保存',
  noteRepeated: '相同的跟进记录刚刚已保存，未重复添加',
  exportTooMany: `一次最多导出 ${LEAD_EXPORT_MAX.toLocaleString('en-US')} 条线索，请缩小筛选范围后再导出`,
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v);

/** A real calendar day, yyyy-MM-dd; empty means not chosen. */
const Day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, LEADS_MSG.day)
    .refine((v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
    }, LEADS_MSG.day)
    .optional(),
);

const Keyword = z.preprocess(blankToUndefined, z.string().max(LEAD_KEYWORD_MAX, LEADS_MSG.keyword).optional());

/** A row id; junk answers "not found" like an id that does not exist. */
const idOf = (missing: string) => z.coerce.number({ error: missing }).int(missing).positive(missing).max(2_147_483_647, missing);
const Id = idOf(LEADS_MSG.leadMissing);
const AuditId = idOf(LEADS_MSG.auditMissing);

const inOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
/** Both lists search by keyword within a range of days, the range checked once the fields are. */
const searched = { keyword: Keyword, from: Day, to: Day };
const rangeInOrder = { message: LEADS_MSG.range, path: ['to'] };

/** 负责人 filter: mine, the shared inbox, anyone, or one operator's id. */
export const LeadAssigneeFilter = z.preprocess(
  (v) => blankToUndefined(v) ?? 'any',
  z.union(
    [
      z.enum(['mine', 'unassigned', 'any']),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: LEADS_MSG.assigneeFilter },
  ),
);

export const LeadListQuery = z
  .object({
    kind: z.preprocess(blankToUndefined, z.enum(LEAD_KINDS, { error: LEADS_MSG.kind }).optional()),
    state: z.preprocess(blankToUndefined, z.enum(LEAD_STATES, { error: LEADS_MSG.state }).optional()),
    assignee: LeadAssigneeFilter,
    ...searched,
  })
  .refine(inOrder, rangeInOrder);
export type LeadListQuery = z.infer<typeof LeadListQuery>;

export const LeadIdInput = z.object({ id: Id });
export type LeadIdInput = z.infer<typeof LeadIdInput>;

/** assigneeId: an operator's id, 'me', or 'none' (back to the shared inbox). */
export const LeadAssignInput = z.object({
  id: Id,
  assigneeId: z.preprocess(
    blankToUndefined,
    z.union(
      [
        z.enum(['me', 'none']),
        z
          .string()
          .regex(/^\d{1,9}$/, LEADS_MSG.assigneeRequired)
          .transform(Number),
      ],
      { error: LEADS_MSG.assigneeRequired },
    ),
  ),
});
export type LeadAssignInput = z.infer<typeof LeadAssignInput>;

export const LeadStateInput = z.object({ id: Id, state: z.enum(LEAD_STATES, { error: LEADS_MSG.state }) });
export type LeadStateInput = z.infer<typeof LeadStateInput>;

export const LeadNoteBody = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: LEADS_MSG.noteRequired }).min(1, LEADS_MSG.noteRequired).max(CONSOLE_LIMITS.noteMax, LEADS_MSG.noteTooLong),
);
export const LeadNoteInput = z.object({ id: Id, body: LeadNoteBody });
export type LeadNoteInput = z.infer<typeof LeadNoteInput>;

export const AuditRequestListQuery = z
  .object({
    state: z.preprocess(blankToUndefined, z.enum(AUDIT_REQUEST_STATES, { error: LEADS_MSG.state }).optional()),
    ...searched,
  })
  .refine(inOrder, rangeInOrder);
export type AuditRequestListQuery = z.infer<typeof AuditRequestListQuery>;

export const AuditRequestIdInput = z.object({ id: AuditId });
export type AuditRequestIdInput = z.infer<typeof AuditRequestIdInput>;
export const AuditRequestStateInput = z.object({ id: AuditId, state: z.enum(AUDIT_REQUEST_STATES, { error: LEADS_MSG.state }) });
export type AuditRequestStateInput = z.infer<typeof AuditRequestStateInput>;

// ── What the calls answer ───────────────────────────────────────────────────────────────────

export const LeadRow = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_KINDS),
  kindLabel: z.string(),
  state: z.enum(LEAD_STATES),
  stateLabel: z.string(),
  /** Masked: 138****5678. The full number is in the detail, which is audited. */
  phone: z.string(),
  userName: z.string(),
  companyName: z.string(),
  interfaceName: z.string(),
  sourcePath: z.string(),
  repeats: z.number().int(),
  hasAttachment: z.boolean(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string(),
  createdAt: z.string(),
});
export type LeadRow = z.infer<typeof LeadRow>;

export const LeadNoteView = z.object({
  id: z.number().int(),
  body: z.string(),
  operator: z.string(),
  createdAt: z.string(),
});
export type LeadNoteView = z.infer<typeof LeadNoteView>;

export const LeadDetail = LeadRow.omit({ hasAttachment: true }).extend({
  referrer: z.string(),
  utm: z.record(z.string(), z.string()),
  attachmentName: z.string(),
  updatedAt: z.string(),
  notes: z.array(LeadNoteView),
});
export type LeadDetail = z.infer<typeof LeadDetail>;

/** An operator a lead may be given to. */
export const LeadAssignee = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
});
export type LeadAssignee = z.infer<typeof LeadAssignee>;

export const AuditRequestRow = z.object({
  id: z.number().int(),
  companyName: z.string(),
  contactName: z.string(),
  /** Masked in the list; full in the detail. */
  phone: z.string(),
  industry: z.string(),
  content: z.string(),
  state: z.enum(AUDIT_REQUEST_STATES),
  stateLabel: z.string(),
  createdAt: z.string(),
});
export type AuditRequestRow = z.infer<typeof AuditRequestRow>;

// ── The calls ────────────────────────────────────────────────────────────────────────────────

/** leads/list: the filters and the page. */
export const LeadListPage = LeadListQuery.safeExtend(PageQuery.shape);
export type LeadListPage = z.infer<typeof LeadListPage>;

/** auditRequests/list: the filters and the page. */
export const AuditRequestListPage = AuditRequestListQuery.safeExtend(PageQuery.shape);
export type AuditRequestListPage = z.infer<typeof AuditRequestListPage>;

const leadsCall = operatorCalls('leads');

/** 销售线索 (sales, admin): leads and data-compliance audit requests; showing a phone is audited. */
export const consoleLeadsApi = {
  list: leadsCall({
    method: 'POST',
    path: '/console/leads/list',
    summary: '销售线索列表（类型、状态、负责人、关键词、日期筛选，手机号打码）',
    input: LeadListPage,
    answer: { rows: LeadRow },
  }),
  detail: leadsCall({
    method: 'POST',
    path: '/console/leads/detail',
    summary: '线索详情（完整手机号与跟进记录，查看留痕）',
    input: LeadIdInput,
    answer: { data: LeadDetail },
    fails: ['ALL_0011'],
  }),
  assignees: leadsCall({
    method: 'POST',
    path: '/console/leads/assignees',
    summary: '可分配线索的运营账号（在用的销售与管理员）',
    answer: { data: z.array(LeadAssignee) },
  }),
  assign: leadsCall({
    method: 'POST',
    path: '/console/leads/assign',
    summary: '分配线索（给自己、他人或退回公共线索池）',
    input: LeadAssignInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  state: leadsCall({
    method: 'POST',
    path: '/console/leads/state',
    summary: '更新线索跟进状态',
    input: LeadStateInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  note: leadsCall({
    method: 'POST',
    path: '/console/leads/note',
    summary: '添加跟进记录（片刻内重复提交只记一次）',
    input: LeadNoteInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  export: leadsCall({
    method: 'GET',
    path: '/console/leads/export',
    summary: '导出销售线索 Excel（列表的筛选条件，完整手机号，最多 10,000 条，导出留痕）',
    input: LeadListQuery,
    answer: { file: [XLSX_TYPE] },
  }),
};

export const consoleAuditRequestsApi = {
  list: leadsCall({
    method: 'POST',
    path: '/console/auditRequests/list',
    summary: '合规审计申请列表（状态、关键词、日期筛选，手机号打码）',
    input: AuditRequestListPage,
    answer: { rows: AuditRequestRow },
  }),
  detail: leadsCall({
    method: 'POST',
    path: '/console/auditRequests/detail',
    summary: '合规审计申请详情（完整手机号，查看留痕）',
    input: AuditRequestIdInput,
    answer: { data: AuditRequestRow },
    fails: ['ALL_0011'],
  }),
  state: leadsCall({
    method: 'POST',
    path: '/console/auditRequests/state',
    summary: '更新合规审计申请跟进状态',
    input: AuditRequestStateInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
};
