// The operator console (issue #10): roles, which role may work which area, the sign-in rules
// and the shared messages. The side menu and the server's guard read the same table, so a menu
// entry is shown exactly when its calls are allowed. Declares the calls of the console's own areas:
// the session, the home, page views, the audit log and the operator accounts.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { defineCall, operatorCalls, publicCall } from './declare';
import { PageQuery, parseId } from './paging';
import { isCalendarDay } from './usage';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'finance', 'sales', 'editor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OPERATOR_ROLE_LABEL: Record<OperatorRole, string> = {
  admin: '管理员',
  reviewer: '审核',
  finance: '财务',
  sales: '销售',
  editor: '编辑',
};

/** A console area: one group of calls under /apiHome/console/<area>/… and one menu entry. */
export const CONSOLE_AREAS = {
  overview: { title: '工作台', roles: OPERATOR_ROLES },
  qualifications: { title: '企业认证审核', roles: ['admin', 'reviewer'] },
  payTests: { title: '付费测试审批', roles: ['admin', 'reviewer'] },
  recharges: { title: '充值确认', roles: ['admin', 'finance'] },
  refunds: { title: '退款审核', roles: ['admin', 'finance'] },
  payments: { title: '在线支付', roles: ['admin', 'finance'] },
  invoices: { title: '发票管理', roles: ['admin', 'finance'] },
  accounts: { title: '账户资金', roles: ['admin', 'finance'] },
  leads: { title: '销售线索', roles: ['admin', 'sales'] },
  members: { title: '会员管理', roles: ['admin'] },
  catalogue: { title: '接口与套餐', roles: ['admin', 'editor'] },
  suppliers: { title: '供应商与线路', roles: ['admin', 'editor'] },
  supplierReport: { title: '供应商报表', roles: ['admin', 'editor', 'finance'] },
  content: { title: '内容管理', roles: ['admin', 'editor'] },
  pageViews: { title: '页面访问', roles: ['admin', 'editor', 'sales'] },
  audit: { title: '操作日志', roles: ['admin'] },
  operators: { title: '运营账号', roles: ['admin'] },
} as const satisfies Record<string, { title: string; roles: readonly OperatorRole[] }>;
export type ConsoleArea = keyof typeof CONSOLE_AREAS;

export function canOperate(role: OperatorRole, area: ConsoleArea): boolean {
  return (CONSOLE_AREAS[area].roles as readonly OperatorRole[]).includes(role);
}

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The console's own session cookie: HttpOnly, sent only to the console's calls. */
export const CONSOLE_COOKIE = { name: 'consoleToken', path: '/apiHome/console' } as const;

export const CONSOLE_LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 10,
  passwordMax: 64,
  reasonMax: 200,
  noteMax: 1000,
  /** An operator session ends this long after sign-in, however busy. */
  sessionHours: 12,
  /** …and after this long without a call. */
  idleMinutes: 30,
  /** The most rows one xlsx export carries: more is refused, not cut short. */
  exportMax: 10_000,
} as const;

/** 10,000: how the export limit reads in a message. */
const exportMaxText = CONSOLE_LIMITS.exportMax.toLocaleString('en-US');

export const CONSOLE_MSG = {
  usernameRequired: '请输入运营账号',
  username: `运营账号为 ${CONSOLE_LIMITS.usernameMin}-${CONSOLE_LIMITS.usernameMax} 位字母、数字、下划线或点`,
  passwordRequired: '请输入密码',
  password: `密码为 ${CONSOLE_LIMITS.passwordMin}-${CONSOLE_LIMITS.passwordMax} 位，须包含字母和数字`,
  codeRequired: '请输入身份验证器上的6位动态码',
  code: '动态码为6位数字',
  codeWrong: '动态码错误或已使用，请等待下一个动态码',
  enroll: '首次登录请用身份验证器绑定账号',
  enrolled: '身份验证器已绑定，登录成功',
  loggedIn: '登录成功',
  loggedOut: '已退出登录',
  role: '请选择角色',
  reasonRequired: '请填写驳回原因',
  reason: `原因最多 ${CONSOLE_LIMITS.reasonMax} 字`,
  operatorExists: '运营账号已存在',
  operatorMissing: '运营账号不存在',
  selfDisable: '不能停用自己的账号',
  auditExportTooMany: `一次最多导出 ${exportMaxText} 条操作记录，请缩小筛选范围后再导出`,
} as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export const OperatorUsername = z.preprocess(
  trimmed,
  z
    .string({ error: CONSOLE_MSG.usernameRequired })
    .min(1, CONSOLE_MSG.usernameRequired)
    .regex(new RegExp(`^[A-Za-z0-9_.]{${CONSOLE_LIMITS.usernameMin},${CONSOLE_LIMITS.usernameMax}}$`), CONSOLE_MSG.username),
);

/** A new operator password: longer than a member's, letters and digits both. */
export const OperatorPassword = z
  .string({ error: CONSOLE_MSG.passwordRequired })
  .min(1, CONSOLE_MSG.passwordRequired)
  .refine((v) => v.length >= CONSOLE_LIMITS.passwordMin && v.length <= CONSOLE_LIMITS.passwordMax, CONSOLE_MSG.password)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), CONSOLE_MSG.password);

export const TotpCode = z.preprocess(
  trimmed,
  z
    .string({ error: CONSOLE_MSG.codeRequired })
    .min(1, CONSOLE_MSG.codeRequired)
    .regex(/^\d{6}$/, CONSOLE_MSG.code),
);

/** Sign-in: the code is left out on the first step of an operator who has not enrolled yet. */
export const ConsoleLoginInput = z.object({
  username: OperatorUsername,
  // Existing passwords are checked, not re-validated: a rule change must not lock anyone out.
  password: z.string({ error: CONSOLE_MSG.passwordRequired }).min(1, CONSOLE_MSG.passwordRequired).max(200, CONSOLE_MSG.password),
  code: z.preprocess((v) => (v === '' ? undefined : v), TotpCode.optional()),
});
export type ConsoleLoginInput = z.infer<typeof ConsoleLoginInput>;

/** Enrolment: the password again and the first code from the newly added authenticator. */
export const ConsoleEnrollInput = ConsoleLoginInput.extend({ code: TotpCode });
export type ConsoleEnrollInput = z.infer<typeof ConsoleEnrollInput>;

export const OperatorCreateInput = z.object({
  username: OperatorUsername,
  role: z.enum(OPERATOR_ROLES, { error: CONSOLE_MSG.role }),
});
export type OperatorCreateInput = z.infer<typeof OperatorCreateInput>;

/** approve | reject with a reason: the shape of every decision in the queues. */
export const ConsoleDecisionInput = z
  .object({
    id: z.coerce.number().int().positive(),
    decision: z.enum(['approve', 'reject']),
    reason: z.preprocess(trimmed, z.string().max(CONSOLE_LIMITS.reasonMax, CONSOLE_MSG.reason).default('')),
  })
  .refine((v) => v.decision === 'approve' || v.reason.length > 0, { message: CONSOLE_MSG.reasonRequired, path: ['reason'] });
export type ConsoleDecisionInput = z.infer<typeof ConsoleDecisionInput>;

const CONSOLE_AREA_NAMES = Object.keys(CONSOLE_AREAS) as ConsoleArea[];

/** What `console/me` answers: who is signed in, and the areas their role opens. */
export const ConsoleOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  areas: z.array(z.enum(CONSOLE_AREA_NAMES)),
});
export type ConsoleOperator = z.infer<typeof ConsoleOperator>;

/** The first sign-in step of an operator without an authenticator. */
export const ConsoleEnrollment = z.object({
  stage: z.literal('enroll'),
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  uri: z.string(),
  /** An SVG data: URL of the QR code of `uri`. */
  qr: z.string(),
});
export type ConsoleEnrollment = z.infer<typeof ConsoleEnrollment>;

/** Signed in: the console cookie is set with this answer. */
export const ConsoleSignedIn = z.object({ stage: z.literal('done'), operator: ConsoleOperator });
export type ConsoleSignedIn = z.infer<typeof ConsoleSignedIn>;

export function areasOf(role: OperatorRole): ConsoleArea[] {
  return (Object.keys(CONSOLE_AREAS) as ConsoleArea[]).filter((a) => canOperate(role, a));
}

const day = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
    // A real calendar day: 2026-13-45 would reach the database as an invalid time (a 500).
    .refine(isCalendarDay, '日期格式应为 YYYY-MM-DD')
    .optional(),
);
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max).optional());

/** The audit log's filters (dates are China days, `to` inclusive). */
export const ConsoleAuditQuery = z.object({
  actor: optionalText(32),
  action: optionalText(64),
  targetType: optionalText(32),
  targetId: optionalText(64),
  from: day,
  to: day,
});
export type ConsoleAuditQuery = z.infer<typeof ConsoleAuditQuery>;

export const PAGE_VIEW_MAX_DAYS = 366;
/** Page-view counts over a range of China days (default: the last 30). */
export const PageViewQuery = z.object({ from: day, to: day, path: optionalText(200) });
export type PageViewQuery = z.infer<typeof PageViewQuery>;

/** The numbers on the console's home: each queue the operator's role may work. */
export const ConsoleOverview = z.object({
  qualifications: z.number().int().optional(),
  payTests: z.number().int().optional(),
  recharges: z.number().int().optional(),
  refunds: z.number().int().optional(),
  leads: z.number().int().optional(),
  dormant: z.number().int().optional(),
});
export type ConsoleOverview = z.infer<typeof ConsoleOverview>;

/** What each audited action means, for the audit log (the code stays visible beside it). */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'qualification.approve': '通过企业认证',
  'qualification.reject': '驳回企业认证',
  'qualification.view': '查看企业认证联系方式',
  'paytest.approve': '通过付费测试',
  'paytest.reject': '驳回付费测试',
  'paytest.view': '查看付费测试联系方式',
  'recharge.confirm': '确认充值到账',
  'recharge.reject': '驳回充值',
  'refund.approve': '通过退款',
  'refund.reject': '驳回退款',
  'lead.view': '查看线索联系方式',
  'lead.assign': '分配线索',
  'lead.state': '更新线索状态',
  'lead.note': '添加跟进记录',
  'lead.export': '导出线索',
  'auditRequest.view': '查看合规审计申请',
  'auditRequest.state': '更新合规审计申请状态',
  'member.features': '修改功能权限',
  'member.flag': '标记安全验证',
  'member.unflag': '取消安全验证标记',
  'member.disable': '停用会员账号',
  'member.enable': '启用会员账号',
  'member.markClosure': '标记待注销',
  'member.unmarkClosure': '取消待注销标记',
  'catalogue.interface.create': '新建接口',
  'catalogue.interface.edit': '编辑接口',
  'catalogue.interface.onSale': '上架接口',
  'catalogue.interface.offSale': '下架接口',
  'catalogue.package.create': '新建套餐',
  'catalogue.package.edit': '编辑套餐',
  'catalogue.package.onSale': '上架套餐',
  'catalogue.package.offSale': '下架套餐',
  'supplier.create': '新建供应商',
  'supplier.edit': '编辑供应商',
  'supplier.route.create': '新建供应商线路',
  'supplier.route.edit': '编辑供应商线路',
  'supplier.route.delete': '删除供应商线路',
  'content.create': '新建内容',
  'content.update': '修改内容',
  'content.publish': '发布内容',
  'content.unpublish': '下线内容',
  'operator.create': '创建运营账号',
  'operator.enable': '启用运营账号',
  'operator.disable': '停用运营账号',
  'operator.reset': '重置运营账号密码',
  'recharge.export': '导出充值记录',
  'refund.export': '导出退款记录',
  'account.adjust': '调账',
  'payment.query': '查询在线支付状态',
  'account.export': '导出会员账户流水',
  'audit.export': '导出操作日志',
};

export function auditActionLabel(action: string): string | null {
  return AUDIT_ACTION_LABEL[action] ?? null;
}

// ── The console's own calls (issue #18: declared once) ────────────────────────────────────────

/** What a console write answers beside its message: whether it changed anything (a repeat does not). */
export const ChangeResult = z.object({ changed: z.boolean() });
export type ChangeResult = z.infer<typeof ChangeResult>;

/** A page of the audit log with its filters. */
export const ConsoleAuditListInput = PageQuery.extend(ConsoleAuditQuery.shape);
export type ConsoleAuditListInput = z.infer<typeof ConsoleAuditListInput>;

/** One record of the audit trail; before and after are the JSON the change recorded. */
export const ConsoleAuditRow = z.object({
  id: z.number().int(),
  /** null for the command line ('cli'). */
  operatorId: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type ConsoleAuditRow = z.infer<typeof ConsoleAuditRow>;

/** Page views over the range asked: the total, the busiest paths and each day. */
export const PageViewCounts = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  paths: z.array(z.object({ path: z.string(), views: z.number().int() })),
  days: z.array(z.object({ day: z.string(), views: z.number().int() })),
});
export type PageViewCounts = z.infer<typeof PageViewCounts>;

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** One console account as the admin's list shows it. */
export const OperatorRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(OPERATOR_STATUSES),
  /** Whether an authenticator is bound. */
  enrolled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorRow = z.infer<typeof OperatorRow>;

/** A new or reset password, shown once to the admin to hand over in person. */
export const OperatorIssued = z.object({ id: z.number().int(), username: z.string(), password: z.string() });
export type OperatorIssued = z.infer<typeof OperatorIssued>;

export const OperatorStatusInput = z.object({ id: z.coerce.number().int().positive(), status: z.enum(OPERATOR_STATUSES) });
export type OperatorStatusInput = z.infer<typeof OperatorStatusInput>;

/** An operator by id; an id that is not one is "no such operator" (404), as an unknown one is. */
export const OperatorIdInput = z.object({ id: z.unknown().transform((v) => parseId(v)) });
export type OperatorIdInput = z.infer<typeof OperatorIdInput>;

/** Sign-in and the session: open to anyone, since they are how an operator gets a session. */
export const consoleSessionApi = {
  login: publicCall({
    method: 'POST',
    path: '/console/login',
    summary: '运营后台登录（账号、密码、动态码；未绑定身份验证器时返回绑定信息）',
    input: ConsoleLoginInput,
    answer: { data: z.discriminatedUnion('stage', [ConsoleEnrollment, ConsoleSignedIn]) },
    fails: ['ALL_0020', 'ALL_0021'],
  }),
  enroll: publicCall({
    method: 'POST',
    path: '/console/enroll',
    summary: '运营后台首次登录：绑定身份验证器并登录',
    input: ConsoleEnrollInput,
    answer: { data: ConsoleSignedIn },
    fails: ['ALL_0013', 'ALL_0020', 'ALL_0021'],
  }),
  logout: publicCall({
    method: 'POST',
    path: '/console/logout',
    summary: '运营后台退出登录',
    answer: { data: z.null() },
  }),
  /** Reads the console cookie itself: ALL_0024 without a session, whatever the role. */
  me: publicCall({
    method: 'POST',
    path: '/console/me',
    summary: '当前登录的运营账号及其可用的功能区',
    answer: { data: ConsoleOperator },
    fails: ['ALL_0024'],
  }),
};

export const consoleOverviewApi = {
  overview: defineCall({
    method: 'POST',
    path: '/console/overview',
    access: { operator: 'overview' },
    summary: '工作台：当前角色各待办队列的数量',
    answer: { data: ConsoleOverview },
  }),
};

export const consolePageViewsApi = {
  list: defineCall({
    method: 'POST',
    path: '/console/pageViews/list',
    access: { operator: 'pageViews' },
    summary: '页面访问：按路径和按日的浏览量（北京时间自然日）',
    input: PageViewQuery,
    answer: { data: PageViewCounts },
  }),
};

const auditCall = operatorCalls('audit');

export const consoleAuditApi = {
  list: auditCall({
    method: 'POST',
    path: '/console/audit/list',
    summary: '操作日志列表',
    input: ConsoleAuditListInput,
    answer: { rows: ConsoleAuditRow },
  }),
  export: auditCall({
    method: 'GET',
    path: '/console/audit/export',
    summary: '按筛选条件导出操作日志（xlsx，最多 10,000 条）',
    input: ConsoleAuditQuery,
    answer: { file: [XLSX_TYPE] },
  }),
};

const operatorsCall = operatorCalls('operators');

export const consoleOperatorsApi = {
  list: operatorsCall({
    method: 'POST',
    path: '/console/operators/list',
    summary: '运营账号列表',
    answer: { rows: OperatorRow },
  }),
  create: operatorsCall({
    method: 'POST',
    path: '/console/operators/create',
    summary: '新建运营账号（返回一次性初始密码）',
    input: OperatorCreateInput,
    answer: { data: OperatorIssued },
    fails: ['ALL_0013'],
  }),
  status: operatorsCall({
    method: 'POST',
    path: '/console/operators/status',
    summary: '启用或停用运营账号（停用后其登录全部失效）',
    input: OperatorStatusInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  reset: operatorsCall({
    method: 'POST',
    path: '/console/operators/reset',
    summary: '重置运营账号密码并解绑身份验证器（返回一次性新密码）',
    input: OperatorIdInput,
    answer: { data: OperatorIssued },
    fails: ['ALL_0011'],
  }),
};
