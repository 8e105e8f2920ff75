// The user center's account domain (spec 02 §3, §6, §7): feature codes behind the menus,
// enterprise authentication and its form, account settings and messages. The server answers
// with these shapes and checks these rules; the pages build their menus and forms from them.
import { z } from 'zod';
import { FEATURE_CODES } from './constants';
import { memberCall, qualifiedCall } from './declare';
import { SignedIn } from './identity';
import { PageQuery, parseId } from './paging';
import { CompanyName, Email, MSG, Mobile, Password, SmsCode, SmsSendInput } from './validation';

// ── Feature codes (spec 02 §6) ───────────────────────────────────────────────────────────────
/** Codes the spec names; granted per account. */
export const FEATURE = {
  onlineQuery: 1,
  packageName: 6,
  paidTest: 7,
  enterpriseCapacity: 10,
  vehicleCapacity: 11,
  vehicleInsurance: 12,
  judicial: 13,
  accountManagement: 15,
  // The menus every account has (codes of our own, 100 and up, never granted or withdrawn):
  home: 100,
  dataManage: 101,
  /** 费用管理: orders and renewals. Withheld from Decision 3's special users. */
  costManage: 102,
  warningManage: 103,
  ipWhitelist: 104,
  /** Withheld from a sub-account unless its parent made company information visible. */
  enterpriseAuth: 105,
  messages: 106,
  settings: 107,
} as const;
export type FeatureCode = (typeof FEATURE)[keyof typeof FEATURE];

/** Why a call behind a menu code the account lacks is refused (Decision 206). */
export const featureMissing = (code: number) => `您的账号未开通「${(FEATURE_CODES as Record<number, string>)[code] ?? `功能 ${code}`}」，请联系客户经理开通`;

/** Granted codes an operator can switch on or off for an account. */
export const GRANTABLE_FEATURES: readonly number[] = [1, 6, 7, 10, 11, 12, 13, 15];
export const ALWAYS_FEATURES: readonly number[] = [100, 101, 102, 103, 104, 105, 106, 107];
/** What a new main account is granted until an operator changes it (docs/decisions.md). */
export const DEFAULT_MAIN_FEATURES: readonly number[] = [FEATURE.onlineQuery, FEATURE.paidTest, FEATURE.accountManagement];
/** A sub-account starts with online query only; its parent assigns products separately. */
export const DEFAULT_SUB_FEATURES: readonly number[] = [FEATURE.onlineQuery];

// ── Enterprise authentication ────────────────────────────────────────────────────────────────
export const QUALIFICATION_STATUS = ['none', 'pending', 'approved', 'rejected', 'revoked'] as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUS)[number];
export const QUALIFICATION_LABEL: Record<QualificationStatus, string> = {
  none: '未认证',
  pending: '审核中',
  approved: '已认证',
  rejected: '未通过',
  revoked: '已撤销',
};

export const QUALIFICATION_MSG = {
  creditCodeRequired: '请输入统一社会信用代码',
  creditCodeFormat: '统一社会信用代码应为18位数字或大写字母',
  creditCodeChecksum: '统一社会信用代码校验不通过，请核对后重新输入',
  legalPerson: '请输入法定代表人姓名',
  licenceRequired: '请上传营业执照',
  licenceType: '营业执照仅支持 JPG、PNG 格式的图片',
  licenceSize: '营业执照图片不能超过5MB',
  submitted: '提交成功，请等待平台审核',
  revoked: '企业认证已撤销',
  rejectReason: '请填写驳回原因',
} as const;

/** Business licence scan: an image, at most 5 MB (checked by extension and by content). */
export const LICENCE_FILE = {
  maxBytes: 5 * 1024 * 1024,
  extensions: ['jpg', 'jpeg', 'png'],
  accept: '.jpg,.jpeg,.png,image/jpeg,image/png',
} as const;

// GB 32100-2015: 18 characters from this 31-letter alphabet (no I, O, S, V, Z); the last is a
// check character computed from the first 17 with these weights, modulo 31.
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character a unified social credit code's first 17 characters call for. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_ALPHABET.indexOf(first17[i] ?? '') * (USCC_WEIGHTS[i] ?? 0);
  return USCC_ALPHABET[(31 - (sum % 31)) % 31] ?? '';
}

export function isValidUscc(code: string): boolean {
  return USCC_PATTERN.test(code) && usccCheckChar(code.slice(0, 17)) === code[17];
}

const stop = (error: string) => ({ error, abort: true });

export const CreditCode = z
  .string({ error: QUALIFICATION_MSG.creditCodeRequired })
  .trim()
  .toUpperCase()
  .min(1, stop(QUALIFICATION_MSG.creditCodeRequired))
  .regex(USCC_PATTERN, stop(QUALIFICATION_MSG.creditCodeFormat))
  .refine(isValidUscc, QUALIFICATION_MSG.creditCodeChecksum);

export const LegalPerson = z.string({ error: QUALIFICATION_MSG.legalPerson }).trim().min(1, stop(QUALIFICATION_MSG.legalPerson)).max(30, MSG.tooLong(30));

/** myAccount/companyQualification: the text fields (the licence image rides beside them). */
export const QualificationInput = z.object({
  companyName: CompanyName,
  creditCode: CreditCode,
  legalPerson: LegalPerson,
});
export type QualificationInput = z.infer<typeof QualificationInput>;

export interface QualificationView {
  status: QualificationStatus;
  statusLabel: string;
  companyName: string;
  creditCode: string;
  legalPerson: string;
  /** Portal path of the licence image (owner only); '' when none. */
  licenceUrl: string;
  reason: string;
  submittedAt: string | null;
  decidedAt: string | null;
  /** A sub-account reads its parent's record and cannot change it. */
  editable: boolean;
}

/** Business contact kept with the enterprise authentication (queryContacts / postRepresent). */
export const ContactsInput = z.object({
  contacter: z.string({ error: MSG.contacter }).trim().min(1, stop(MSG.contacter)).max(32, MSG.tooLong(32)),
  contactMobile: Mobile,
  email: z.preprocess((v) => (v === '' ? undefined : v), Email.optional()),
  position: z.string().trim().max(32, MSG.tooLong(32)).optional(),
});
export type ContactsInput = z.infer<typeof ContactsInput>;

// ── Account settings ─────────────────────────────────────────────────────────────────────────
export const ACCOUNT_MSG = {
  oldPassword: '请输入原密码',
  oldPasswordWrong: '原密码错误',
  samePassword: '新密码不能与原密码相同',
  passwordChanged: '密码修改成功，其他设备上的登录已退出',
  sameMobile: '新手机号不能与当前绑定的手机号相同，请输入新的手机号',
  mobileChanged: '手机号修改成功',
  emailCodeSent: '验证码已发送至邮箱，请注意查收',
  emailBound: '邮箱绑定成功',
  emailCode: '请输入邮箱验证码',
  emailCodeWrong: '邮箱验证码错误或已失效',
  childMissing: '子账号不存在或已停用',
  notSwitched: '当前登录不是从主账号切换而来，请退出后登录主账号',
  parentDisabled: '主账号已停用，请联系客服',
  switched: '切换成功',
  contactsSaved: '联系人信息已保存',
  qualificationRequired: '请先完成企业认证',
} as const;

const CheckPass = z.string({ error: MSG.checkPassRequired }).min(1, stop(MSG.checkPassRequired));

/** UserCenter/Modification: old password, new password twice. */
export const ChangePasswordInput = z
  .object({
    oldPassword: z.string({ error: ACCOUNT_MSG.oldPassword }).min(1, stop(ACCOUNT_MSG.oldPassword)).max(64, MSG.tooLong(64)),
    password: Password,
    checkPass: CheckPass,
  })
  .refine((v) => v.password === v.checkPass, { message: MSG.checkPassMismatch, path: ['checkPass'] })
  .refine((v) => v.password !== v.oldPassword, { message: ACCOUNT_MSG.samePassword, path: ['password'] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** myAccount/updateMobile: the new phone, the code sent to it (api/sms/send), the password. */
export const UpdateMobileInput = z.object({
  mobile: Mobile,
  smsCode: SmsCode,
  password: z.string({ error: MSG.passwordRequired }).min(1, stop(MSG.passwordRequired)).max(64, MSG.tooLong(64)),
});
export type UpdateMobileInput = z.infer<typeof UpdateMobileInput>;

/** UserCenter/activationCode: without `code` it mails one; with it, it binds the address. */
export const ActivationCodeInput = z.object({
  email: Email,
  code: z
    .string()
    .trim()
    .max(6, ACCOUNT_MSG.emailCodeWrong)
    .optional()
    .transform((v) => v || undefined),
});
export type ActivationCodeInput = z.infer<typeof ActivationCodeInput>;

/** myAccount/changeLogin: which of the caller's sub-accounts to become. */
export const ChangeLoginInput = z.object({
  childId: z.coerce.number({ error: ACCOUNT_MSG.childMissing }).int().positive(ACCOUNT_MSG.childMissing),
});

/** myAccount/getChild: one of the caller's own active sub-accounts. */
export const ChildAccount = z.object({
  id: z.number().int(),
  /** The sub-account's login name (spec 02 §3 "mname"). */
  mname: z.string(),
  /** Its contact's name (spec 02 §3 "userName"). */
  userName: z.string(),
});
export type ChildAccount = z.infer<typeof ChildAccount>;

// ── Messages ─────────────────────────────────────────────────────────────────────────────────
export const MESSAGE_KINDS = ['qualification', 'account', 'security', 'order', 'alert', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_KIND_LABEL: Record<MessageKind, string> = {
  qualification: '企业认证',
  account: '账号通知',
  security: '安全提醒',
  order: '订单通知',
  alert: '预警通知',
  system: '系统公告',
};

export const MessageListInput = z.object({
  /** '1': unread only. */
  unread: z
    .enum(['0', '1', ''])
    .optional()
    .transform((v) => v === '1'),
});

/** UserCenter/userNews: a page of messages, all or unread only. */
export const MessagePageInput = PageQuery.extend(MessageListInput.shape);
export type MessagePageInput = z.infer<typeof MessagePageInput>;

/** UserCenter/getMessageInfo: a message by its id; a malformed id is a message that does not exist (404). */
export const MessageIdInput = z.object({ id: z.preprocess((v) => parseId(v), z.number().int().nullable()) });

export const MessageReadInput = z.object({
  /** Comma-separated ids; empty with all=1 marks everything read. */
  ids: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => Number(s))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  all: z
    .enum(['0', '1', ''])
    .optional()
    .transform((v) => v === '1'),
});

export const MessageRow = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  kindLabel: z.string(),
  title: z.string(),
  /** First line of the body, for the list. */
  summary: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MessageRow = z.infer<typeof MessageRow>;

export const MessageDetail = MessageRow.extend({
  body: z.string(),
  /** A user-center path the message points at, or ''. */
  link: z.string(),
});
export type MessageDetail = z.infer<typeof MessageDetail>;

// ── Dashboard ────────────────────────────────────────────────────────────────────────────────
export const HomeData = z.object({
  /** Yuan, two decimals as a string ('0.00'), for API clients. */
  balance: z.string(),
  /** The same in fen: pages show it with formatFen, like every other amount ('1,280.00'). */
  balanceFen: z.number().int(),
  purchasedInterfaces: z.number().int(),
  callsToday: z.number().int(),
  callsThisMonth: z.number().int(),
  freeTestCallsLeft: z.number().int(),
  unreadMessages: z.number().int(),
  openAlerts: z.number().int(),
  recentCalls: z.array(z.object({ seqNo: z.string(), interfaceName: z.string(), code: z.string(), calledAt: z.string() })),
});
export type HomeData = z.infer<typeof HomeData>;

export const AccountSummary = z.object({
  loginName: z.string(),
  /** Masked: 138****8000. */
  mobile: z.string(),
  contacter: z.string(),
  email: z.string(),
  isSubAccount: z.boolean(),
  parentName: z.string(),
  qualification: z.enum(QUALIFICATION_STATUS),
  companyName: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string(),
  createdAt: z.string(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

// ── Calls ────────────────────────────────────────────────────────────────────────────────────

/** The account, menu and messages calls of spec 02 §7. */
export const accountApi = {
  menu: memberCall({
    method: 'POST',
    path: '/UserCenter/getMembershipMenu',
    summary: '当前账号的功能菜单编码',
    answer: { data: z.array(z.number().int()) },
  }),
  summary: memberCall({
    method: 'POST',
    path: '/myAccount/userCenter',
    summary: '账号概况（手机号脱敏）',
    answer: { data: AccountSummary },
  }),
  home: qualifiedCall({
    method: 'POST',
    path: '/myAccount/home/data',
    summary: '用户中心首页数据',
    answer: { data: HomeData },
  }),
  changePassword: memberCall({
    method: 'POST',
    path: '/UserCenter/Modification',
    encrypt: true,
    summary: '修改登录密码（其他设备上的登录退出）',
    input: ChangePasswordInput,
    answer: { data: z.null() },
  }),
  updateMobile: memberCall({
    method: 'POST',
    path: '/myAccount/updateMobile',
    encrypt: true,
    summary: '更换绑定手机号（新手机短信验证码 + 登录密码）',
    input: UpdateMobileInput,
    answer: { data: z.object({ mobile: z.string() }) },
    fails: ['ALL_0013'],
  }),
  sendMobileCode: memberCall({
    method: 'POST',
    path: '/myAccount/sendMobileCode',
    encrypt: true,
    summary: '向新手机号发送更换验证码（先校验图片验证码）',
    input: SmsSendInput,
    answer: { data: z.null() },
    fails: ['ALL_0028'],
  }),
  activationCode: memberCall({
    method: 'POST',
    path: '/UserCenter/activationCode',
    encrypt: true,
    summary: '绑定通知邮箱：只有 email 时发送验证码（data 为 null），带 code 时绑定',
    input: ActivationCodeInput,
    answer: { data: z.object({ email: z.string() }).nullable() },
    fails: ['ALL_0028'],
  }),
  children: qualifiedCall({
    method: 'POST',
    path: '/myAccount/getChild',
    encrypt: true,
    summary: '本账号的子账号（启用中）',
    answer: { rows: ChildAccount },
  }),
  changeLogin: qualifiedCall({
    method: 'POST',
    path: '/myAccount/changeLogin',
    encrypt: true,
    summary: '切换为子账号登录（原会话结束）',
    input: ChangeLoginInput,
    answer: { data: SignedIn },
    fails: ['ALL_0011'],
  }),
  changeBack: memberCall({
    method: 'POST',
    path: '/myAccount/changeBack',
    encrypt: true,
    summary: '从切换进入的子账号返回主账号（仅限由主账号切换而来的会话）',
    answer: { data: SignedIn },
    fails: ['ALL_0010'],
  }),
  messages: memberCall({
    method: 'POST',
    path: '/UserCenter/userNews',
    summary: '消息列表（另带账号的未读数 unread）',
    input: MessagePageInput,
    // Beside the page: the account's unread count (0 for Decision 3's special users).
    answer: { rows: MessageRow, extra: { unread: z.number().int() } },
  }),
  message: memberCall({
    method: 'POST',
    path: '/UserCenter/getMessageInfo',
    summary: '消息详情（读取即标为已读）',
    input: MessageIdInput,
    answer: { data: MessageDetail },
    fails: ['ALL_0011'],
  }),
  markRead: memberCall({
    method: 'POST',
    path: '/UserCenter/editMyAccountAlertStatus',
    summary: '将消息标为已读（ids 逗号分隔，或 all=1）',
    input: MessageReadInput,
    answer: { data: z.object({ changed: z.number().int() }) },
  }),
};
