// Sub-accounts and product assignment (spec 02 §2 accountManage/subAccount and /product, §7
// "Sub-accounts and products"; issue #20, Decisions 174–181). A main account whose company is
// authenticated creates sub-accounts for its teams, gives each its own key to a purchased
// interface with an allotment of calls (or a money allotment over all its calls), and sees what
// each used. One bill: a sub-account never buys; its calls draw on the main account's purchases.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { chinaDay } from './china-time';
import { publicCall, qualifiedCall } from './declare';
import { yuanToFen } from './format';
import { PageQuery } from './paging';
import { isCalendarDay } from './usage';
import { ContactName, MSG, Mobile, Password, Username } from './validation';

export const SUB_MSG = {
  mainOnly: '子账号不能管理子账号和产品分配，请使用主账号登录',
  limit: (max: number) => `子账号数量已达上限（${max} 个），请停用不用的子账号或联系客服提高上限`,
  nameTaken: '该用户名已被使用，请换一个',
  subMissing: '子账号不存在',
  assignmentMissing: '分配记录不存在',
  purchaseMissing: '请选择已购买的接口',
  purchaseUnusable: '该接口已停用、已过期或已用完，请先续费或启用后再分配',
  subCompanyName: '部门或子公司名称不能超过 50 个字符',
  pickSub: '请选择子账号',
  tooManySubs: '一次最多分配给 50 个子账号',
  calls: '分配次数请输入 0 至 100000000 之间的整数',
  callsRequired: '按次数计费的子账号需要填写分配次数',
  amount: '额度请输入 0 至 10000000 元之间的金额，最多两位小数',
  amountRequired: '按金额计费需要填写额度',
  alreadyEnabled: '子账号已是启用状态',
  alreadyDisabled: '子账号已是停用状态',
  alreadyActive: '分配已是启用状态',
  alreadyStopped: '分配已是停用状态',
  pickAssignment: '请选择分配记录',
  exportTooMany: '导出的分配记录超过 10000 条，请缩小筛选范围后再导出',
  inviteInvalid: '邀请链接无效或已过期，请联系主账号重新发送',
  checkPass: '两次输入密码不一致!',
} as const;

/** How many sub-accounts a main account may have unless an operator raised it (accountConf). */
export const SUB_ACCOUNT_LIMITS = {
  defaultMax: 20,
  maxCalls: 100_000_000,
  /** Money allotment ceiling, in fen (10 000 000 元). */
  maxAmountFen: 1_000_000_000,
  /** One invitation link lives this long. */
  inviteHours: 72,
  /** Sub-accounts one interfaceAssign may name. */
  assignBatch: 50,
  /** Rows one productDownload may hold; more is refused, not cut short. */
  exportMax: 10_000,
} as const;

export const SUB_STATUSES = ['active', 'disabled'] as const;
export const SUB_STATUS_LABEL: Record<(typeof SUB_STATUSES)[number], string> = { active: '启用', disabled: '停用' };
export const BILLING_MODES = ['calls', 'amount'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
export const BILLING_MODE_LABEL: Record<BillingMode, string> = { calls: '按次数分配', amount: '按金额额度' };
export const ASSIGNMENT_STATUSES = ['active', 'stopped'] as const;
export const ASSIGNMENT_STATUS_LABEL: Record<(typeof ASSIGNMENT_STATUSES)[number], string> = { active: '启用', stopped: '已停用' };
/** How a new sub-account gets its first password: shown once to the main account, or set by the holder through an SMS link. */
export const PASSWORD_DELIVERY = ['show', 'sms'] as const;

const positiveId = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(2_147_483_647, msg);
const flag = z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean());
/** A filter id: a positive id, or undefined for empty and junk values (the filter is then off). */
const optionalId = z.preprocess((v) => {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}, z.number().optional());
const keyword = z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 50) : ''), z.string());
/** Comma-separated positive ids, at most `max`. */
const idList = (msg: string, max: number, tooMany: string) =>
  z
    .string({ error: msg })
    .max(2000, tooMany)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.every((s) => /^\d{1,9}$/.test(s) && Number(s) > 0), msg)
    .transform((ids) => ids.map(Number))
    .refine((ids) => ids.length > 0, msg)
    .refine((ids) => ids.length <= max, tooMany);
const SubCompanyName = z
  .string()
  .trim()
  .max(50, SUB_MSG.subCompanyName)
  .optional()
  .transform((v) => v ?? '');
const CallsAllotment = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
  z.coerce.number({ error: SUB_MSG.calls }).int(SUB_MSG.calls).min(0, SUB_MSG.calls).max(SUB_ACCOUNT_LIMITS.maxCalls, SUB_MSG.calls).optional(),
);
/** A money allotment in 元 (0 to 10 000 000, two decimals), as fen. */
const YUAN_TEXT = /^0*(\d+(?:\.\d{1,2})?)$/;
const AmountYuan = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : String(v).trim()),
  z
    .string()
    .refine((v) => YUAN_TEXT.test(v), { message: SUB_MSG.amount, abort: true })
    .transform((v) => yuanToFen(v.replace(YUAN_TEXT, '$1')))
    .refine((fen) => fen !== null && fen >= 0 && fen <= SUB_ACCOUNT_LIMITS.maxAmountFen, SUB_MSG.amount)
    .transform((fen) => fen ?? 0)
    .optional(),
);

// ── Sub-accounts ─────────────────────────────────────────────────────────────────────────────
export const SubAccountListInput = PageQuery.extend({
  /** Part of the login name, contact name or department. */
  keyword,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SUB_STATUSES).optional().catch(undefined)),
  subCompanyName: keyword,
});
export type SubAccountListInput = z.infer<typeof SubAccountListInput>;

export const SubAccountRow = z.object({
  id: z.number().int(),
  /** Login name (spec 02 §3 mname). */
  loginName: z.string(),
  /** Contact name (spec 02 §3 userName). */
  contacter: z.string(),
  /** Masked: 138****8000. */
  mobile: z.string(),
  subCompanyName: z.string(),
  status: z.enum(SUB_STATUSES),
  statusLabel: z.string(),
  companyInfoVisible: z.boolean(),
  billingMode: z.enum(BILLING_MODES),
  billingModeLabel: z.string(),
  /** Amount mode: what it may still use, in fen (rounded down); 0 in calls mode. */
  amountLeftFen: z.number().int(),
  /** What its charged calls cost so far, in fen (rounded down). */
  spentFen: z.number().int(),
  /** Interfaces assigned to it (active or stopped). */
  assignments: z.number().int(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** An SMS invitation is out and the password not yet set. */
  invitePending: z.boolean(),
});
export type SubAccountRow = z.infer<typeof SubAccountRow>;

/** accountManagement/save: a new sub-account (no id) or changes to one (id). */
export const SubAccountSaveInput = z
  .object({
    id: optionalId,
    /** New only: the login name (spec 01 §5's username rule); ignored on a change. */
    loginName: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), Username.optional()),
    contacter: ContactName,
    /** Required for a new one; on a change, empty keeps the current phone (the list shows it masked). */
    mobile: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.union([z.literal(''), Mobile], { error: MSG.mobileInvalid })),
    subCompanyName: SubCompanyName,
    companyInfoVisible: flag,
    /** New only: show a generated password once, or send an SMS link to set one. */
    passwordDelivery: z.preprocess((v) => (v === '' || v === undefined ? 'show' : v), z.enum(PASSWORD_DELIVERY).catch('show')),
  })
  .refine((v) => v.id !== undefined || v.loginName !== undefined, { message: MSG.username, path: ['loginName'] })
  .refine((v) => v.id !== undefined || v.mobile !== '', { message: MSG.mobileRequired, path: ['mobile'] });
export type SubAccountSaveInput = z.infer<typeof SubAccountSaveInput>;

export const SubAccountSaved = z.object({
  id: z.number().int(),
  loginName: z.string(),
  /** The generated first password, shown this once; null when it was not generated now. */
  initialPassword: z.string().nullable(),
  /** An SMS invitation was queued to the sub-account's phone. */
  invited: z.boolean(),
});
export type SubAccountSaved = z.infer<typeof SubAccountSaved>;

export const SubAccountStateInput = z.object({
  id: positiveId(SUB_MSG.subMissing),
  action: z.enum(['enable', 'disable'], { error: SUB_MSG.subMissing }),
});

export const SubAccountPasswordInput = z.object({
  id: positiveId(SUB_MSG.subMissing),
  passwordDelivery: z.preprocess((v) => (v === '' || v === undefined ? 'show' : v), z.enum(PASSWORD_DELIVERY).catch('show')),
});

/** accountManagement/saveBillingMode: calls mode, or amount mode with the money it may still use. */
export const BillingModeInput = z
  .object({
    id: positiveId(SUB_MSG.subMissing),
    billingMode: z.enum(BILLING_MODES, { error: SUB_MSG.amountRequired }),
    /** Amount mode: the 元 it may still use from now (replaces what was left). */
    amount: AmountYuan,
  })
  .refine((v) => v.billingMode !== 'amount' || v.amount !== undefined, { message: SUB_MSG.amountRequired, path: ['amount'] });
export type BillingModeInput = z.infer<typeof BillingModeInput>;

export const SubAccountConf = z.object({
  maxSubAccounts: z.number().int(),
  used: z.number().int(),
  billingModes: z.array(z.object({ value: z.enum(BILLING_MODES), label: z.string() })),
  maxCalls: z.number().int(),
  maxAmountFen: z.number().int(),
  inviteHours: z.number().int(),
});
export type SubAccountConf = z.infer<typeof SubAccountConf>;

/**
 * memberShip/acceptInvite: the holder of an SMS invitation sets the password. The link's token
 * travels as `inviteToken`: `token` is the wire's own session-token field (signed over).
 */
export const AcceptInviteInput = z
  .object({
    inviteToken: z.string({ error: SUB_MSG.inviteInvalid }).trim().min(20, SUB_MSG.inviteInvalid).max(128, SUB_MSG.inviteInvalid),
    password: Password,
    checkPass: z.string({ error: MSG.checkPassRequired }).min(1, MSG.checkPassRequired),
  })
  .refine((v) => v.password === v.checkPass, { message: SUB_MSG.checkPass, path: ['checkPass'] });

export const InviteView = z.object({ loginName: z.string(), expiresAt: z.string() });

// ── Product assignment ───────────────────────────────────────────────────────────────────────
/** productManagement/interfaceList: the main account's purchases, with what is assigned of each. */
export const AssignableRow = z.object({
  purchaseId: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  callsLeft: z.number().int(),
  expiresAt: z.string(),
  usable: z.boolean(),
  /** Sub-accounts holding an active assignment of it. */
  assignedTo: z.number().int(),
});
export type AssignableRow = z.infer<typeof AssignableRow>;

export const AssignInput = z.object({
  purchaseId: positiveId(SUB_MSG.purchaseMissing),
  /** Comma-separated sub-account ids. */
  subAccountIds: idList(SUB_MSG.pickSub, SUB_ACCOUNT_LIMITS.assignBatch, SUB_MSG.tooManySubs),
  /** Calls each may still make from now; empty: no call limit (amount-mode sub-accounts only). */
  calls: CallsAllotment,
});
export type AssignInput = z.infer<typeof AssignInput>;

export const AssignResult = z.object({ created: z.number().int(), updated: z.number().int() });

export const AssignmentStateInput = z.object({
  id: positiveId(SUB_MSG.assignmentMissing),
  action: z.enum(['stop', 'resume'], { error: SUB_MSG.assignmentMissing }),
});
export const AssignmentBatchStateInput = z.object({
  ids: idList(SUB_MSG.pickAssignment, 200, SUB_MSG.pickAssignment),
  action: z.enum(['stop', 'resume'], { error: SUB_MSG.pickAssignment }),
});

export const AssignmentListInput = PageQuery.extend({
  subAccountId: optionalId,
  interfaceName: keyword,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ASSIGNMENT_STATUSES).optional().catch(undefined)),
});
export type AssignmentListInput = z.infer<typeof AssignmentListInput>;

export const AssignmentRow = z.object({
  id: z.number().int(),
  subAccountId: z.number().int(),
  loginName: z.string(),
  contacter: z.string(),
  subCompanyName: z.string(),
  purchaseId: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** The sub-account's key, masked (its holder sees it whole in 我的API). */
  keyMasked: z.string(),
  /** null: no call limit of its own. */
  callsAllotted: z.number().int().nullable(),
  callsUsed: z.number().int(),
  /** null: no call limit of its own (the purchase's calls and the money allotment still apply). */
  callsLeft: z.number().int().nullable(),
  /** What the main account's purchase has left for everyone. */
  purchaseCallsLeft: z.number().int(),
  expiresAt: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  statusLabel: z.string(),
  lastCallAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AssignmentRow = z.infer<typeof AssignmentRow>;

/** productManagement/productDetailList: the calls made with one assignment's key, newest first. */
export const AssignmentDetailInput = PageQuery.extend({ id: positiveId(SUB_MSG.assignmentMissing) });
export const AssignmentCallRow = z.object({
  seqNo: z.string(),
  code: z.string(),
  charged: z.boolean(),
  latencyMs: z.number().int(),
  createdAt: z.string(),
});

/** membershipInterfaceStatisticsInfo: each sub-account's calls in a period (China days, inclusive). */
/** A yyyy-MM-dd that names a real calendar day, else no filter (2026-02-30 would fail in the database). */
const statsDay = z.preprocess((v) => (typeof v === 'string' && isCalendarDay(v) ? v : undefined), z.string().optional());
export const SubStatsInput = z.object({
  subAccountId: optionalId,
  startDate: statsDay,
  endDate: statsDay,
});
export type SubStatsInput = z.infer<typeof SubStatsInput>;
export const SubStatsRow = z.object({
  subAccountId: z.number().int(),
  loginName: z.string(),
  contacter: z.string(),
  interfaces: z.number().int(),
  calls: z.number().int(),
  success: z.number().int(),
  chargedCalls: z.number().int(),
  /** What the charged calls cost, in fen (rounded to the fen). */
  costFen: z.number().int(),
});
export const SubStatsPeriod = z.object({ startDate: z.string(), endDate: z.string() });

/** The period of membershipInterfaceStatisticsInfo: nothing asked = this China month so far. */
export function subStatsPeriod(f: { startDate?: string; endDate?: string }, now: Date = new Date()) {
  const today = chinaDay(now);
  const startDate = f.startDate ?? `${(f.endDate ?? today).slice(0, 8)}01`;
  const endDate = f.endDate ?? (startDate > today ? startDate : today);
  return startDate <= endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate };
}

export const subAccountsApi = {
  list: qualifiedCall({
    method: 'POST',
    path: '/accountManagement/list',
    summary: '子账号列表（主账号）',
    input: SubAccountListInput,
    answer: { rows: SubAccountRow },
    fails: ['ALL_0010'],
  }),
  save: qualifiedCall({
    method: 'POST',
    path: '/accountManagement/save',
    encrypt: true,
    summary: '新建或修改子账号；新建时生成一次性显示的初始密码，或短信邀请设置密码',
    input: SubAccountSaveInput,
    answer: { data: SubAccountSaved },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  changeState: qualifiedCall({
    method: 'POST',
    path: '/accountManagement/changeState',
    summary: '启用或停用子账号（停用即结束其会话，其密钥应答 SYSTEM_005）',
    input: SubAccountStateInput,
    answer: { data: z.null() },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  resetPassword: qualifiedCall({
    method: 'POST',
    path: '/accountManagement/resetPassword',
    encrypt: true,
    summary: '重置子账号密码（结束其会话）',
    input: SubAccountPasswordInput,
    answer: { data: SubAccountSaved },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  saveBillingMode: qualifiedCall({
    method: 'POST',
    path: '/accountManagement/saveBillingMode',
    summary: '设置子账号计费方式：按次数分配，或按金额额度',
    input: BillingModeInput,
    answer: { data: SubAccountRow },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  subCompanyNames: qualifiedCall({
    method: 'GET',
    path: '/accountManagement/subCompanyName',
    summary: '已使用的部门或子公司名称',
    answer: { data: z.array(z.string()) },
    fails: ['ALL_0010'],
  }),
  conf: qualifiedCall({
    method: 'GET',
    path: '/accountManagement/accountConf',
    summary: '子账号上限与计费方式等配置',
    answer: { data: SubAccountConf },
    fails: ['ALL_0010'],
  }),
  invite: publicCall({
    method: 'GET',
    path: '/memberShip/invite',
    summary: '子账号邀请链接的状态（用户名与有效期）',
    input: z.object({
      inviteToken: z
        .string()
        .trim()
        .max(128)
        .optional()
        .transform((v) => v ?? ''),
    }),
    answer: { data: InviteView },
    fails: ['ALL_0011'],
  }),
  acceptInvite: publicCall({
    method: 'POST',
    path: '/memberShip/acceptInvite',
    encrypt: true,
    summary: '通过短信邀请链接设置子账号密码',
    input: AcceptInviteInput,
    answer: { data: z.null() },
    fails: ['ALL_0011', 'ALL_0028'],
  }),
};

export const productsApi = {
  interfaceList: qualifiedCall({
    method: 'POST',
    path: '/productManagement/interfaceList',
    summary: '可分配的已购接口（主账号）',
    answer: { rows: AssignableRow },
    fails: ['ALL_0010'],
  }),
  assign: qualifiedCall({
    method: 'POST',
    path: '/productManagement/interfaceAssign',
    summary: '把已购接口分配给子账号，每个子账号得到自己的密钥和分配次数',
    input: AssignInput,
    answer: { data: AssignResult },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  changeState: qualifiedCall({
    method: 'POST',
    path: '/productManagement/changeState',
    summary: '停用或启用一条分配（停用后该密钥应答 SYSTEM_003）',
    input: AssignmentStateInput,
    answer: { data: z.null() },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  batchChangeState: qualifiedCall({
    method: 'POST',
    path: '/productManagement/batchChangeInterfaceState',
    summary: '批量停用或启用分配',
    input: AssignmentBatchStateInput,
    answer: { data: z.object({ changed: z.number().int() }) },
    fails: ['ALL_0010'],
  }),
  page: qualifiedCall({
    method: 'POST',
    path: '/productManagement/page',
    summary: '分配记录：已用与剩余次数',
    input: AssignmentListInput,
    answer: { rows: AssignmentRow },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  detail: qualifiedCall({
    method: 'POST',
    path: '/productManagement/productDetailList',
    summary: '一条分配的调用明细（最新在前）',
    input: AssignmentDetailInput,
    answer: { rows: AssignmentCallRow },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  download: qualifiedCall({
    method: 'POST',
    path: '/productManagement/productDownload',
    summary: '导出分配记录（xlsx）',
    input: AssignmentListInput,
    answer: { file: [XLSX_TYPE] },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  statistics: qualifiedCall({
    method: 'GET',
    path: '/productManagement/membershipInterfaceStatisticsInfo',
    summary: '各子账号在统计区间内的调用统计（默认本月）',
    input: SubStatsInput,
    answer: { rows: SubStatsRow, extra: { period: SubStatsPeriod } },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
};
