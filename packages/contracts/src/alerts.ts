// Usage alerts and alert contacts (issue #9, spec 02 §2 /warningManage, §7 alerts calls): four
// kinds of rule an account turns on and off, each firing once per crossing, and the contacts
// they go to once their phone is verified. One place for the rules the forms and the server check,
// the answers, and the calls (`alertsApi`).
import { z } from 'zod';
import { qualifiedCall } from './declare';
import { PageQuery, parseId } from './paging';
import { Email, ImageCode, MOBILE_PATTERN, MSG, SmsCode } from './validation';
import { formatFen, yuanToFen } from './format';
import { GATEWAY_SUCCESS } from './gateway';

export const ALERT_KINDS = ['balance', 'calls_left', 'daily_calls', 'error_rate'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABEL: Record<AlertKind, string> = {
  balance: '余额预警',
  calls_left: '剩余次数预警',
  daily_calls: '日调用量预警',
  error_rate: '错误率预警',
};

export const ALERT_LIMITS = {
  /** balance threshold: 0.01 元 to 1000 万元. */
  balanceMaxFen: 1_000_000_000,
  /** remaining calls and calls per day: 1 to 100 000 000. */
  callsMax: 100_000_000,
  /** error rate: a whole percent, 1 to 100. */
  rateMax: 100,
  /** error rate windows offered, in minutes. */
  windows: [5, 10, 30, 60] as readonly number[],
  /** An error rate is judged only over at least this many calls in the window (1 failed call of 1 is not 100 %). */
  minCallsForRate: 10,
  maxErrorRules: 50,
  maxContacts: 10,
  /** The contact list is asked with pageSize 9999 (spec 02 §9): honoured up to this. */
  contactPageSizeMax: 9999,
  contactNameMax: 20,
} as const;

// ── The error rate (the error_rate rule's measure; 接口监控 shows the same figure) ────────────
/** A call counts as an error of an error-rate rule: one of its codes, or (none chosen) any code but 10000. */
export function isAlertError(code: string, codes: readonly string[] = []): boolean {
  return codes.length ? codes.includes(code) : code !== GATEWAY_SUCCESS;
}

/** The error rate in whole percent, rounded (0 without calls); judged only from minCallsForRate calls on. */
export function alertErrorRate(total: number, errors: number): { rate: number; judged: boolean } {
  return { rate: total ? Math.round((errors * 100) / total) : 0, judged: total >= ALERT_LIMITS.minCallsForRate };
}

/** The rule crosses when errors × 100 ≥ threshold × total, over at least minCallsForRate calls. */
export function alertCrossed(total: number, errors: number, threshold: number): boolean {
  return total >= ALERT_LIMITS.minCallsForRate && errors * 100 >= threshold * total;
}

export const ALERT_MSG = {
  saved: '预警设置已保存',
  enabled: '预警已开启',
  disabled: '预警已关闭',
  deleted: '预警已删除',
  balanceAmount: '请输入正确的预警金额（最多两位小数）',
  balanceRange: '预警金额须在 0.01 元至 1000 万元之间',
  calls: `请输入 1 至 ${ALERT_LIMITS.callsMax} 之间的整数`,
  rate: '请输入 1 至 100 之间的整数百分比',
  window: '请选择统计时间窗口',
  interface: '请选择接口',
  interfaceNotBought: '您尚未购买该接口，无法设置预警',
  interfaceNotAssigned: '该接口尚未分配给您，请联系主账号分配',
  status: '请选择开启或关闭',
  ruleMissing: '预警规则不存在',
  tooManyRules: `错误率预警最多设置 ${ALERT_LIMITS.maxErrorRules} 条`,
  codes: '请选择要监控的错误码',
  codeUnknown: '所选错误码不属于该接口',
  subBalance: '子账号没有独立余额，余额预警请由主账号设置',
  contactName: `请输入联系人姓名（不超过${ALERT_LIMITS.contactNameMax}个字）`,
  contactAdded: '预警联系人已添加',
  contactAddedUnverified: '预警联系人已添加，手机号验证后才会接收预警',
  contactVerified: '手机号验证成功，该联系人将接收预警',
  contactDeleted: '预警联系人已删除',
  contactMissing: '预警联系人不存在',
  contactTaken: '该手机号已是预警联系人',
  tooManyContacts: `预警联系人最多 ${ALERT_LIMITS.maxContacts} 位`,
  alreadyVerified: '该联系人的手机号已验证',
} as const;

/** A purchased interface's id from a form field: a positive integer. */
const interfaceId = z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: ALERT_MSG.interface }));
/** 0 = all interfaces (calls per day), else an interface id. */
const interfaceOrAll = z.preprocess((v) => (v === 0 || v === '0' ? 0 : (parseId(v) ?? undefined)), z.number({ error: ALERT_MSG.interface }));
const ruleId = z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: ALERT_MSG.ruleMissing }));
const contactId = z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: ALERT_MSG.contactMissing }));

/** On/off as forms send it: 1/0, true/false; absent = on. */
const OnOff = z.preprocess(
  (v) =>
    v === undefined || v === ''
      ? true
      : v === true || v === 1 || v === '1' || v === 'true'
        ? true
        : v === false || v === 0 || v === '0' || v === 'false'
          ? false
          : v,
  z.boolean({ error: ALERT_MSG.status }),
);
const Status = z.preprocess(
  (v) => (v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : undefined),
  z.boolean({ error: ALERT_MSG.status }),
);

const wholeCalls = (msg: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : typeof v === 'number' ? v : undefined),
    z.number({ error: msg }).int(msg).min(1, msg).max(max, msg),
  );

// ── Balance (UserCenter/GetMyAccountAlert, SaveMyAccountAlert: amount and on/off together) ───────
export const BalanceAlertInput = z.object({
  amount: z
    .string({ error: ALERT_MSG.balanceAmount })
    .refine((v) => yuanToFen(v) !== null, { message: ALERT_MSG.balanceAmount, abort: true })
    .transform((v) => yuanToFen(v) ?? 0)
    .refine((fen) => fen >= 1 && fen <= ALERT_LIMITS.balanceMaxFen, ALERT_MSG.balanceRange),
  status: OnOff,
});
export type BalanceAlertInput = z.infer<typeof BalanceAlertInput>;

export const BalanceAlertView = z.object({
  /** null when no balance alert was ever set. */
  rule: z.object({ id: z.number().int(), thresholdFen: z.number().int(), enabled: z.boolean(), fired: z.boolean() }).nullable(),
  /** 0 for a sub-account (it has no balance of its own). */
  balanceFen: z.number().int(),
});
export type BalanceAlertView = z.infer<typeof BalanceAlertView>;

// ── Remaining calls (myBuy/earlywarnList, addearlywarning, editEarlywarnStatus) ────────────────
export const RemainingAlertInput = z.object({
  interfaceId,
  threshold: wholeCalls(ALERT_MSG.calls, ALERT_LIMITS.callsMax),
  status: OnOff,
});
export type RemainingAlertInput = z.infer<typeof RemainingAlertInput>;

/** editEarlywarnStatus, editDayInvokerAlarmStatus, myWarn/updateStatus. */
export const AlertStatusInput = z.object({ id: ruleId, status: Status });
export type AlertStatusInput = z.infer<typeof AlertStatusInput>;

export const RuleState = z.object({
  id: z.number().int(),
  threshold: z.number().int(),
  enabled: z.boolean(),
  /** Past the threshold and already told (the next alert needs a reset first). */
  fired: z.boolean(),
});
export type RuleState = z.infer<typeof RuleState>;

/** A purchased interface an alert can watch. */
export const WarnInterface = z.object({ interfaceId: z.number().int(), interfaceName: z.string() });
export type WarnInterface = z.infer<typeof WarnInterface>;

/** One purchase of the account with its remaining-calls rule, if any. */
export const RemainingAlertRow = WarnInterface.extend({
  callsLeft: z.number().int(),
  rule: RuleState.nullable(),
});
export type RemainingAlertRow = z.infer<typeof RemainingAlertRow>;

// ── Calls per day (myBuy/addDayInvokerAlarm, dayInvokerAlarmList, editDayInvokerAlarmStatus) ──
export const DailyAlertInput = z.object({
  interfaceId: interfaceOrAll,
  threshold: wholeCalls(ALERT_MSG.calls, ALERT_LIMITS.callsMax),
  status: OnOff,
});
export type DailyAlertInput = z.infer<typeof DailyAlertInput>;

export const DailyAlertRow = RuleState.extend({
  /** 0: all interfaces. */
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** Calls recorded today (China day) under the rule's scope. */
  todayCalls: z.number().int(),
});
export type DailyAlertRow = z.infer<typeof DailyAlertRow>;

// ── Error rate (myWarn/*) ──────────────────────────────────────────────────────────────────────
const Codes = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []).map((c) => String(c).trim()).filter((c) => c !== ''),
  z
    .array(z.string().regex(/^(?:\d{5}|SYSTEM_\d{3})$/, ALERT_MSG.codeUnknown))
    .min(1, ALERT_MSG.codes)
    .max(40, ALERT_MSG.codes),
);

export const ErrorRateAlertInput = z.object({
  /** Present: edit that rule. */
  id: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : (parseId(v) ?? 0)),
    z.number().int().positive(ALERT_MSG.ruleMissing).optional(),
  ),
  interfaceId,
  codes: Codes,
  rate: wholeCalls(ALERT_MSG.rate, ALERT_LIMITS.rateMax),
  windowMinutes: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: ALERT_MSG.window }).refine((n) => ALERT_LIMITS.windows.includes(n), ALERT_MSG.window),
  ),
  status: OnOff,
});
export type ErrorRateAlertInput = z.infer<typeof ErrorRateAlertInput>;

export const AlertIdInput = z.object({ id: ruleId });
export type AlertIdInput = z.infer<typeof AlertIdInput>;

export const WarnErrcodeInput = z.object({ interfaceId });
export type WarnErrcodeInput = z.infer<typeof WarnErrcodeInput>;

export const ErrorRateAlertRow = RuleState.extend({
  ...WarnInterface.shape,
  codes: z.array(z.string()),
  windowMinutes: z.number().int(),
});
export type ErrorRateAlertRow = z.infer<typeof ErrorRateAlertRow>;

/** A code the interface can answer other than success: its own, then the platform's. */
export const WarnErrcode = z.object({ code: z.string(), message: z.string() });
export type WarnErrcode = z.infer<typeof WarnErrcode>;

// ── Contacts (myWarn/selectWarnContact, addWarnContact, deleteWarnContact, sendVerifyCode) ─────
export const ContactListInput = z.object({
  pageIndex: z.preprocess((v) => (v === undefined || v === '' ? 1 : Number(v)), z.number().catch(1)).transform((n) => (Number.isInteger(n) && n > 0 ? n : 1)),
  pageSize: z
    .preprocess((v) => (v === undefined || v === '' ? ALERT_LIMITS.contactPageSizeMax : Number(v)), z.number().catch(ALERT_LIMITS.contactPageSizeMax))
    .transform((n) => (Number.isInteger(n) && n > 0 ? Math.min(n, ALERT_LIMITS.contactPageSizeMax) : ALERT_LIMITS.contactPageSizeMax)),
});
export type ContactListInput = z.infer<typeof ContactListInput>;

const ContactPhone = z.string({ error: MSG.mobileRequired }).trim().min(1, { error: MSG.mobileRequired, abort: true }).regex(MOBILE_PATTERN, MSG.mobileInvalid);

const optional = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export const AddContactInput = z.object({
  name: z
    .string({ error: ALERT_MSG.contactName })
    .trim()
    .min(1, { error: ALERT_MSG.contactName, abort: true })
    .max(ALERT_LIMITS.contactNameMax, ALERT_MSG.contactName),
  phone: ContactPhone,
  email: z.preprocess(optional, Email.optional()),
  /** The SMS code sent to the phone: present, the contact is saved verified. */
  smsCode: z.preprocess(optional, SmsCode.optional()),
});
export type AddContactInput = z.infer<typeof AddContactInput>;

export const ContactIdInput = z.object({ id: contactId });
export type ContactIdInput = z.infer<typeof ContactIdInput>;

/** sendVerifyCode: to a phone being added, or to a saved contact's phone (by id); image captcha first. */
export const SendContactCodeInput = z
  .object({
    id: z.preprocess((v) => (optional(v) === undefined ? undefined : (parseId(v) ?? 0)), z.number().int().positive(ALERT_MSG.contactMissing).optional()),
    phone: z.preprocess(optional, ContactPhone.optional()),
    captcha: ImageCode,
    uuid: z.string().trim().max(64).optional(),
  })
  .refine((v) => v.id !== undefined || v.phone !== undefined, { message: MSG.mobileRequired, path: ['phone'] });
export type SendContactCodeInput = z.infer<typeof SendContactCodeInput>;

export const VerifyContactInput = z.object({ id: contactId, smsCode: SmsCode });
export type VerifyContactInput = z.infer<typeof VerifyContactInput>;

export const AlertContactRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked in lists (Decision 19): 138****8000. */
  phone: z.string(),
  /** Masked; '' when none. */
  email: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertContactRow = z.infer<typeof AlertContactRow>;

// ── History (myWarn/warnRecordList) ────────────────────────────────────────────────────────────
export const AlertDeliveryView = z.object({
  channel: z.enum(['sms', 'email', 'message']),
  /** Masked phone or e-mail; 消息中心 for the messages center. */
  recipient: z.string(),
  contactName: z.string(),
  delivered: z.boolean(),
  error: z.string(),
});
export type AlertDeliveryView = z.infer<typeof AlertDeliveryView>;

export const AlertFiringRow = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  kindLabel: z.string(),
  interfaceName: z.string(),
  /** What was measured (fen, calls or percent) and the threshold it crossed. */
  value: z.number().int(),
  threshold: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  deliveries: z.array(AlertDeliveryView),
});
export type AlertFiringRow = z.infer<typeof AlertFiringRow>;

/** Masks a phone for lists: 138****8000. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** Masks an e-mail for lists: z***@example.com. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** A threshold or value as people read it: 元 for balance, % for rates, 次 otherwise. */
export function alertAmount(kind: AlertKind, n: number): string {
  // Written the way every amount and count reads in the user center ("9,997.00 元", "1,000 次").
  if (kind === 'balance') return `${formatFen(n)} 元`;
  if (kind === 'error_rate') return `${n}%`;
  return `${n.toLocaleString('en-US')} 次`;
}

/** A rule switched: no data, the message says on or off. */
const Done = z.null();

/**
 * The usage-alert calls of spec 02 §7 (issue #9). The company must be authenticated; each call
 * reads and writes the caller's own rules and contacts only (another account's id answers
 * 「不存在」 like one that does not exist).
 */
export const alertsApi = {
  // ── Balance ──
  balance: qualifiedCall({
    method: 'POST',
    path: '/UserCenter/GetMyAccountAlert',
    summary: '余额预警：当前余额与预警设置',
    answer: { data: BalanceAlertView },
  }),
  saveBalance: qualifiedCall({
    method: 'POST',
    path: '/UserCenter/SaveMyAccountAlert',
    summary: '保存余额预警（金额与开关一起；主账号）',
    input: BalanceAlertInput,
    answer: { data: BalanceAlertView },
    fails: ['ALL_0010'],
  }),
  // ── Remaining calls ──
  remainingList: qualifiedCall({
    method: 'POST',
    path: '/myBuy/earlywarnList',
    summary: '剩余次数预警：每个已购接口的剩余次数与预警设置',
    answer: { rows: RemainingAlertRow },
  }),
  saveRemaining: qualifiedCall({
    method: 'POST',
    path: '/myBuy/addearlywarning',
    summary: '设置剩余次数预警',
    input: RemainingAlertInput,
    answer: { data: Done },
  }),
  remainingStatus: qualifiedCall({
    method: 'POST',
    path: '/myBuy/editEarlywarnStatus',
    summary: '开启或关闭剩余次数预警',
    input: AlertStatusInput,
    answer: { data: Done },
    fails: ['ALL_0011'],
  }),
  // ── Calls per day ──
  dailyList: qualifiedCall({
    method: 'POST',
    path: '/myBuy/dayInvokerAlarmList',
    summary: '日调用量预警列表（含今日调用次数）',
    answer: { rows: DailyAlertRow },
  }),
  saveDaily: qualifiedCall({
    method: 'POST',
    path: '/myBuy/addDayInvokerAlarm',
    summary: '设置日调用量预警（interfaceId 为 0 表示全部接口）',
    input: DailyAlertInput,
    answer: { data: Done },
  }),
  dailyStatus: qualifiedCall({
    method: 'POST',
    path: '/myBuy/editDayInvokerAlarmStatus',
    summary: '开启或关闭日调用量预警',
    input: AlertStatusInput,
    answer: { data: Done },
    fails: ['ALL_0011'],
  }),
  // ── Error rate ──
  errorRateList: qualifiedCall({
    method: 'POST',
    path: '/myWarn/getMembershipWarnInfo',
    summary: '错误率预警列表',
    input: PageQuery,
    answer: { rows: ErrorRateAlertRow },
  }),
  warnInterfaces: qualifiedCall({
    method: 'POST',
    path: '/myWarn/getWarnInterface',
    summary: '可设置预警的已购接口',
    answer: { rows: WarnInterface },
  }),
  warnErrcodes: qualifiedCall({
    method: 'POST',
    path: '/myWarn/getWarnErrcode',
    summary: '已购接口可监控的错误码（接口自身的与平台的）',
    input: WarnErrcodeInput,
    answer: { rows: WarnErrcode },
  }),
  errorRate: qualifiedCall({
    method: 'POST',
    path: '/myWarn/queryWarnInfoById',
    summary: '一条错误率预警',
    input: AlertIdInput,
    answer: { data: ErrorRateAlertRow },
    fails: ['ALL_0011'],
  }),
  saveErrorRate: qualifiedCall({
    method: 'POST',
    path: '/myWarn/saveWarnInfo',
    summary: '新增或修改（带 id）错误率预警',
    input: ErrorRateAlertInput,
    answer: { data: ErrorRateAlertRow },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  errorRateStatus: qualifiedCall({
    method: 'POST',
    path: '/myWarn/updateStatus',
    summary: '开启或关闭错误率预警',
    input: AlertStatusInput,
    answer: { data: Done },
    fails: ['ALL_0011'],
  }),
  deleteErrorRate: qualifiedCall({
    method: 'POST',
    path: '/myWarn/deleteWarnInfoById',
    summary: '删除错误率预警',
    input: AlertIdInput,
    answer: { data: Done },
    fails: ['ALL_0011'],
  }),
  // ── History ──
  firings: qualifiedCall({
    method: 'POST',
    path: '/myWarn/warnRecordList',
    summary: '预警记录（最新在前，含每个渠道的发送情况）',
    input: PageQuery,
    answer: { rows: AlertFiringRow },
  }),
  // ── Contacts ──
  contacts: qualifiedCall({
    method: 'POST',
    path: '/myWarn/selectWarnContact',
    summary: '预警联系人列表（pageIndex/pageSize，网页按 9999 一次取全）',
    input: ContactListInput,
    answer: { rows: AlertContactRow },
  }),
  addContact: qualifiedCall({
    method: 'POST',
    path: '/myWarn/addWarnContact',
    summary: '新增预警联系人（带短信验证码即为已验证）',
    input: AddContactInput,
    answer: { data: AlertContactRow },
    fails: ['ALL_0013'],
  }),
  verifyContact: qualifiedCall({
    method: 'POST',
    path: '/myWarn/verifyWarnContact',
    summary: '验证预警联系人的手机号',
    input: VerifyContactInput,
    answer: { data: AlertContactRow },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  deleteContact: qualifiedCall({
    method: 'POST',
    path: '/myWarn/deleteWarnContact',
    summary: '删除预警联系人',
    input: ContactIdInput,
    answer: { data: Done },
    fails: ['ALL_0011'],
  }),
  sendContactCode: qualifiedCall({
    method: 'POST',
    path: '/myWarn/sendVerifyCode',
    summary: '向预警联系人的手机号发送验证码（先校验图片验证码）',
    input: SendContactCodeInput,
    answer: { data: Done },
    fails: ['ALL_0011', 'ALL_0013', 'ALL_0028'],
  }),
};
