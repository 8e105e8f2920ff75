// The console's member management (issue #10, admin only): the member list and detail, feature
// codes, the security flag, disabling, and Decision 9's dormant accounts marked for closure.
// The page and the server (and `npm run console -- features`) read the same rules and messages.
import { z } from 'zod';
import { GRANTABLE_FEATURES, QUALIFICATION_STATUS } from './account';
import { operatorCalls } from './declare';
import { ChangeResult } from './console';
import { DORMANT_ACCOUNT_MONTHS, FEATURE_CODES, SUPPORT_HOTLINE } from './constants';
import { PageQuery } from './paging';

export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABEL: Record<MemberStatus, string> = { active: '正常', disabled: '已停用' };

export const MEMBER_KINDS = ['main', 'sub'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export const MEMBER_KIND_LABEL: Record<MemberKind, string> = { main: '主账号', sub: '子账号' };

/** The Chinese name of each grantable feature code, for the codes editor. */
export const GRANTABLE_FEATURE_OPTIONS: ReadonlyArray<{ code: number; label: string }> = GRANTABLE_FEATURES.map((code) => ({
  code,
  label: (FEATURE_CODES as Record<number, string>)[code] ?? `功能 ${code}`,
}));

export const MEMBER_KEYWORD_MAX = 50;

export const MEMBER_MSG = {
  // The same words as the command line has always printed.
  missing: '账号不存在',
  keyword: `关键词最多 ${MEMBER_KEYWORD_MAX} 个字`,
  status: '请选择账号状态',
  flagged: '请选择是否加安全验证标记',
  kind: '账号类型不正确',
  featuresRequired: '请选择要开通的功能',
  featuresUnknown: (codes: readonly string[]) => `不能开通的功能编码: ${codes.join(',')}（可用: ${GRANTABLE_FEATURES.join(',')}）`,
  featuresDefault: '已恢复默认功能',
  featuresSaved: '开通的功能已更新',
  featuresSame: '开通的功能没有变化，未重复修改',
  enabled: '账号已启用',
  disabled: '账号已停用，该账号的登录已全部失效',
  statusSame: (label: string) => `账号已是「${label}」状态，未重复修改`,
  flagOn: '已加上安全验证标记，该账号每次登录都需验证手机号',
  flagOff: '已取消安全验证标记',
  flagSame: (on: boolean) => (on ? '该账号已有安全验证标记，未重复修改' : '该账号没有安全验证标记，未重复修改'),
  closureMarked: '已标记待注销，并已通知账号本人',
  closureSame: '该账号此前已标记待注销，未重复通知',
  closureSub: '子账号随主账号处理，不能单独标记待注销',
  closureNotDormant: `该账号近${DORMANT_ACCOUNT_MONTHS}个月内登录过，不能标记待注销`,
  closureUnmarked: '已取消待注销标记',
  closureNotMarked: '该账号没有待注销标记，未重复修改',
} as const;

/** What the owner of an account marked for closure is told, in 消息中心 and by SMS. */
export const CLOSURE_NOTICE = {
  title: '账号长期未登录，已标记待注销',
  body: (loginName: string) =>
    `您的账号 ${loginName} 已连续${DORMANT_ACCOUNT_MONTHS}个月未登录。根据用户协议，平台已将其标记为待注销，并可能在通知后关闭该账号。如需继续使用，请尽快登录，或致电客服 ${SUPPORT_HOTLINE}。`,
  sms: (loginName: string) =>
    `您的数据API市场账号${loginName}已连续${DORMANT_ACCOUNT_MONTHS}个月未登录，已标记待注销。如需继续使用请尽快登录，或致电${SUPPORT_HOTLINE}。`,
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v);
const bool = (message: string) => z.enum(['true', 'false', '1', '0'], { error: message }).transform((v) => v === 'true' || v === '1');

const MemberId = z.coerce
  .number({ error: MEMBER_MSG.missing })
  .int(MEMBER_MSG.missing)
  .positive(MEMBER_MSG.missing)
  .max(Number.MAX_SAFE_INTEGER, MEMBER_MSG.missing);

export const MemberListQuery = z.object({
  keyword: z.preprocess(blankToUndefined, z.string().max(MEMBER_KEYWORD_MAX, MEMBER_MSG.keyword).optional()),
  status: z.preprocess(blankToUndefined, z.enum(MEMBER_STATUSES, { error: MEMBER_MSG.status }).optional()),
  flagged: z.preprocess(blankToUndefined, bool(MEMBER_MSG.flagged).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(MEMBER_KINDS, { error: MEMBER_MSG.kind }).optional()),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;

export const MemberIdInput = z.object({ id: MemberId });
export type MemberIdInput = z.infer<typeof MemberIdInput>;

/**
 * Feature codes as an operator types them: "6,11,13" (sorted and de-duplicated), "" for none,
 * or "default" (null: the defaults of the account's kind). Only GRANTABLE_FEATURES.
 */
export const MemberFeatureCodes = z.string({ error: MEMBER_MSG.featuresRequired }).transform((text, ctx): number[] | null => {
  const value = text.trim();
  if (value === 'default') return null;
  const tokens = [...new Set(value.split(/[,，\s]+/).filter(Boolean))];
  const unknown = tokens.filter((t) => !/^\d+$/.test(t) || !GRANTABLE_FEATURES.includes(Number(t)));
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: MEMBER_MSG.featuresUnknown(unknown) });
    return z.NEVER;
  }
  return [...new Set(tokens.map(Number))].sort((a, b) => a - b);
});

export const MemberFeaturesInput = z.object({ id: MemberId, codes: MemberFeatureCodes });
export type MemberFeaturesInput = z.infer<typeof MemberFeaturesInput>;

export const MemberFlagsInput = z.object({ id: MemberId, securityFlagged: bool(MEMBER_MSG.flagged) });
export type MemberFlagsInput = z.infer<typeof MemberFlagsInput>;

export const MemberStatusInput = z.object({ id: MemberId, status: z.enum(MEMBER_STATUSES, { error: MEMBER_MSG.status }) });
export type MemberStatusInput = z.infer<typeof MemberStatusInput>;

/** The dormant tab: accounts waiting to be marked (default), or those already marked. */
export const DormantListQuery = z.object({ marked: z.preprocess((v) => blankToUndefined(v) ?? 'false', bool('筛选条件不正确')) });
export type DormantListQuery = z.infer<typeof DormantListQuery>;

// ── What the calls answer ───────────────────────────────────────────────────────────────────

export const MemberRow = z.object({
  id: z.number().int(),
  loginName: z.string(),
  /** Masked: 138****5678. */
  mobile: z.string(),
  contacter: z.string(),
  kind: z.enum(MEMBER_KINDS),
  parentLoginName: z.string(),
  status: z.enum(MEMBER_STATUSES),
  securityFlagged: z.boolean(),
  /** The company of the newest enterprise authentication (a sub-account's parent's). */
  companyName: z.string(),
  qualificationStatus: z.enum(QUALIFICATION_STATUS),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  closureMarkedAt: z.string().nullable(),
});
export type MemberRow = z.infer<typeof MemberRow>;

export const MemberDetail = MemberRow.extend({
  /** As stored: null means the defaults of the account's kind. */
  featureCodes: z.array(z.number().int()).nullable(),
  /** The grantable codes in effect (the defaults when featureCodes is null). */
  effectiveFeatures: z.array(z.number().int()),
  qualificationLabel: z.string(),
  creditCode: z.string(),
  /** The company's balance (a sub-account spends its parent's). */
  balanceFen: z.number().int(),
  purchases: z.number().int(),
  subAccounts: z.number().int(),
  /** Decision 9: no login for six months (main accounts only). */
  dormant: z.boolean(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/** A member as the dormant tab lists it. */
export const DormantRow = MemberRow.pick({
  id: true,
  loginName: true,
  mobile: true,
  companyName: true,
  createdAt: true,
  lastLoginAt: true,
  closureMarkedAt: true,
}).extend({
  /** Whole days since the last login (or since registration, never logged in). */
  idleDays: z.number().int(),
});
export type DormantRow = z.infer<typeof DormantRow>;

// ── The calls ────────────────────────────────────────────────────────────────────────────────

export const MemberListPage = MemberListQuery.extend(PageQuery.shape);
export type MemberListPage = z.infer<typeof MemberListPage>;

export const DormantListPage = DormantListQuery.extend(PageQuery.shape);
export type DormantListPage = z.infer<typeof DormantListPage>;

const membersCall = operatorCalls('members');

/** 会员管理 (admin): members, their feature codes, flag and status, and Decision 9's dormant accounts. */
export const consoleMembersApi = {
  list: membersCall({
    method: 'POST',
    path: '/console/members/list',
    summary: '会员列表（关键词、状态、安全标记、账号类型筛选，手机号打码）',
    input: MemberListPage,
    answer: { rows: MemberRow },
  }),
  detail: membersCall({
    method: 'POST',
    path: '/console/members/detail',
    summary: '会员详情（功能权限、企业认证、余额、购买与子账号数）',
    input: MemberIdInput,
    answer: { data: MemberDetail },
    fails: ['ALL_0011'],
  }),
  features: membersCall({
    method: 'POST',
    path: '/console/members/features',
    summary: '修改开通的用户中心功能（default 恢复默认），并通知会员',
    input: MemberFeaturesInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  flags: membersCall({
    method: 'POST',
    path: '/console/members/flags',
    summary: '加上或取消安全验证标记（每次登录验证手机号）',
    input: MemberFlagsInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  status: membersCall({
    method: 'POST',
    path: '/console/members/status',
    summary: '启用或停用会员账号（停用即结束其与子账号的全部登录）',
    input: MemberStatusInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  dormant: membersCall({
    method: 'POST',
    path: '/console/members/dormant',
    summary: '长期未登录账号（待标记或已标记待注销）',
    input: DormantListPage,
    answer: { rows: DormantRow },
  }),
  markClosure: membersCall({
    method: 'POST',
    path: '/console/members/markClosure',
    summary: '标记待注销（只限长期未登录的主账号），并以站内信和短信通知本人',
    input: MemberIdInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
  unmarkClosure: membersCall({
    method: 'POST',
    path: '/console/members/unmarkClosure',
    summary: '取消待注销标记',
    input: MemberIdInput,
    answer: { data: ChangeResult },
    fails: ['ALL_0011'],
  }),
};
