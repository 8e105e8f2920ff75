// Every form rule of spec 01 §5 with its exact message, as zod schemas. The web forms and the
// server routes parse with these same schemas, so a page and its API never disagree.
// A rule's first failing check decides the message, in the order the spec lists them.
import { z } from 'zod';
import { QUOTE_PHONE_MAX_LENGTH, SMS_CODE_MAX_LENGTH } from './constants';

export const MSG = {
  loginName: '请输入账号',
  loginPwd: '请输入密码',
  loginCaptcha: '请输入验证码',
  phoneVerifyCode: '请输入手机验证码',
  username: '用户名请输入6-12位英文开头的英文和数字组合',
  passwordRequired: '请输入密码',
  passwordLength: '密码长度需要在6-12位数',
  passwordMix: '数字、字母、字符至少包含其中两种',
  checkPassRequired: '请再次输入密码',
  checkPassMismatch: '两次输入密码不一致!',
  mobileRequired: '请输入手机号',
  mobileInvalid: '请输入正确的手机号',
  smsCode: '请输入短信验证码',
  imageCode: '请输入图片验证码',
  graphicCodeFirst: '请先输入图形验证码',
  incompleteRegister: '请完善账号信息',
  contacter: '请输入联系人姓名',
  // Lead and banner forms (spec 01 §5 gives these in English; wording chosen in docs/decisions.md).
  leadPhoneRequired: '请输入手机号码',
  leadPhoneInvalid: '请输入正确的手机号码',
  companyName: '请输入公司名称',
  contactName: '请输入联系人姓名',
  contactMethodRequired: '请输入联系方式',
  quotePhoneRequired: '请输入联系电话',
  quotePhoneTooLong: '联系电话不能超过14位',
  quotePhoneInvalid: '请输入正确的联系电话',
  quoteName: '请输入您的姓名',
  email: '请输入正确的邮箱地址',
  plate: '请输入正确的车牌号',
  tooLong: (max: number) => `长度不能超过${max}个字符`,
  openId: '缺少微信授权信息，请重新扫码',
} as const;

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{5,11}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
// 省份简称 + 发牌机关字母 + 5 位（燃油）或 6 位（新能源）号码，含挂/学/警/港/澳 尾字。
const PLATE_PATTERN =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]\d{4}|\d{5}[DF])$/;
// A mainland landline or mobile for the quote form: digits with optional area-code dash.
const QUOTE_PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

/** A check whose failure ends the field's checks, so each field reports one message. */
const stop = (error: string) => ({ error, abort: true });

/** A required text field whose only message is the spec's one. */
const required = (msg: string, max = 64) => z.string({ error: msg }).trim().min(1, stop(msg)).max(max, MSG.tooLong(max));

// ── Field rules ──────────────────────────────────────────────────────────────────────────────
export const LoginName = required(MSG.loginName);
export const LoginPwd = z.string({ error: MSG.loginPwd }).min(1, stop(MSG.loginPwd)).max(64, MSG.tooLong(64));
export const LoginCaptcha = required(MSG.loginCaptcha, 8);
export const PhoneVerifyCode = required(MSG.phoneVerifyCode, SMS_CODE_MAX_LENGTH);
export const Username = z.string({ error: MSG.username }).regex(USERNAME_PATTERN, MSG.username);

export const Password = z
  .string({ error: MSG.passwordRequired })
  .min(1, stop(MSG.passwordRequired))
  .refine((v) => v.length >= 6 && v.length <= 12, stop(MSG.passwordLength))
  .refine((v) => passwordKinds(v) >= 2, MSG.passwordMix);

/** How many of digits, letters and other characters a password uses. */
export function passwordKinds(value: string): number {
  return [/\d/, /[A-Za-z]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

export const Mobile = z.string({ error: MSG.mobileRequired }).trim().min(1, stop(MSG.mobileRequired)).regex(MOBILE_PATTERN, MSG.mobileInvalid);

export const SmsCode = z.string({ error: MSG.smsCode }).trim().min(1, stop(MSG.smsCode)).max(SMS_CODE_MAX_LENGTH, MSG.smsCode);

export const ImageCode = required(MSG.imageCode, 8);

export const LeadPhone = z.string({ error: MSG.leadPhoneRequired }).trim().min(1, stop(MSG.leadPhoneRequired)).regex(MOBILE_PATTERN, MSG.leadPhoneInvalid);

export const CompanyName = required(MSG.companyName, 100);
export const ContactName = required(MSG.contactName, 32);
export const ContactMethod = z
  .string({ error: MSG.contactMethodRequired })
  .trim()
  .min(1, stop(MSG.contactMethodRequired))
  .regex(MOBILE_PATTERN, MSG.leadPhoneInvalid);

export const QuotePhone = z
  .string({ error: MSG.quotePhoneRequired })
  .trim()
  .min(1, stop(MSG.quotePhoneRequired))
  .max(QUOTE_PHONE_MAX_LENGTH, stop(MSG.quotePhoneTooLong))
  .regex(QUOTE_PHONE_PATTERN, MSG.quotePhoneInvalid);

export const Email = z.string({ error: MSG.email }).trim().max(254, MSG.email).regex(EMAIL_PATTERN, MSG.email);
export const LicencePlate = z.string({ error: MSG.plate }).trim().toUpperCase().regex(PLATE_PATTERN, MSG.plate);

// ── Forms (spec 01 §3) ───────────────────────────────────────────────────────────────────────
const Flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');
const CaptchaKey = z.string().trim().max(64).optional();

export const LoginInput = z.object({
  name: LoginName,
  pwd: LoginPwd,
  /** Image captcha; required by the server only after 5 failures (spec 01 §4). */
  code: z.string().trim().max(8, MSG.tooLong(8)).optional(),
  imageCodeKey: CaptchaKey,
  /** Decision 13: keep the session 30 days; never stores the password. */
  remember: Flag,
});
export type LoginInput = z.infer<typeof LoginInput>;

/** Completes a login that answered ALL_0050 (spec 01 §7.2 memberShip/mobileVerifyLogin). */
export const MobileVerifyLoginInput = z.object({
  phone: Mobile,
  loginName: LoginName,
  verifyCode: PhoneVerifyCode,
});
export type MobileVerifyLoginInput = z.infer<typeof MobileVerifyLoginInput>;

/** memberShip/sendVerifyCode: the phone-login code needs the graphic code first. */
export const SendVerifyCodeInput = z.object({
  phone: Mobile,
  code: z.string({ error: MSG.graphicCodeFirst }).trim().min(1, stop(MSG.graphicCodeFirst)).max(8, MSG.tooLong(8)),
  imageCodeKey: CaptchaKey,
});
export type SendVerifyCodeInput = z.infer<typeof SendVerifyCodeInput>;

/** sendSms / sendSmsPwd: phone and image code first (spec 01 §5). */
export const SendSmsInput = z.object({ phone: Mobile, code: ImageCode, imageCodeKey: CaptchaKey });
export type SendSmsInput = z.infer<typeof SendSmsInput>;

/** login/existMName */
export const ExistNameInput = z.object({ mName: Username });
export type ExistNameInput = z.infer<typeof ExistNameInput>;

/** Password reset as sent on the wire (spec 01 §7.2): pwd, phone, yzm. */
export const ResetPasswordPayload = z.object({ phone: Mobile, yzm: SmsCode, pwd: Password });
export type ResetPasswordPayload = z.infer<typeof ResetPasswordPayload>;

export const OpenIdInput = z.object({
  openId: z.string({ error: MSG.openId }).trim().min(1, stop(MSG.openId)).max(64, MSG.openId),
});
export type OpenIdInput = z.infer<typeof OpenIdInput>;

export const PhoneVerifyInput = z.object({
  phone: Mobile,
  code: ImageCode,
  verifyCode: PhoneVerifyCode,
});
export type PhoneVerifyInput = z.infer<typeof PhoneVerifyInput>;

const CheckPass = z.string({ error: MSG.checkPassRequired }).min(1, stop(MSG.checkPassRequired));
const passwordsMatch: [(v: { password: string; checkPass: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.password === v.checkPass,
  { message: MSG.checkPassMismatch, path: ['checkPass'] },
];

export const RegisterInput = z
  .object({
    contacter: required(MSG.contacter, 32),
    uName: Username,
    mobile: Mobile,
    code: SmsCode,
    imgCode: ImageCode,
    password: Password,
    checkPass: CheckPass,
  })
  .refine(...passwordsMatch);
export type RegisterInput = z.infer<typeof RegisterInput>;

/** scrm/only/register: a WeChat openId bound to a new account or to an existing one. */
export const ScrmRegisterInput = z
  .object({
    OpenId: OpenIdInput.shape.openId,
    contacter: z.string().trim().max(32, MSG.tooLong(32)).optional(),
    uName: Username,
    mobile: Mobile,
    code: SmsCode,
    password: Password,
    checkPass: CheckPass,
  })
  .refine(...passwordsMatch);
export type ScrmRegisterInput = z.infer<typeof ScrmRegisterInput>;

export const ResetPasswordInput = z
  .object({ mobile: Mobile, code: SmsCode, imgCode: ImageCode, password: Password, checkPass: CheckPass })
  .refine(...passwordsMatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** Sending an SMS from a form needs the phone and the image code first (spec 01 §5). */
export const SmsSendInput = z.object({ phone: Mobile, captcha: ImageCode, uuid: z.string().trim().max(64).optional() });
export type SmsSendInput = z.infer<typeof SmsSendInput>;

export const LeadType0Input = z.object({
  userName: z.string().trim().max(32, MSG.tooLong(32)).optional(),
  phone: LeadPhone,
  interfaceName: z.string().trim().max(100, MSG.tooLong(100)).optional(),
  smsCode: SmsCode,
});
export type LeadType0Input = z.infer<typeof LeadType0Input>;

export const LeadType1Input = z.object({
  companyName: CompanyName,
  contactName: ContactName,
  contactMethod: ContactMethod,
  code: SmsCode,
});
export type LeadType1Input = z.infer<typeof LeadType1Input>;

/** The bottom free-trial banner's single phone field. */
export const BannerInput = z.object({ phone: LeadPhone });
export type BannerInput = z.infer<typeof BannerInput>;

export const QuoteInput = z.object({ phoneNumber: QuotePhone, userName: required(MSG.quoteName, 32) });
export type QuoteInput = z.infer<typeof QuoteInput>;

/** The first message of a failed parse: what a form shows next to the field or as a toast. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? '请求参数错误';
}

/** Validate one value against a field rule; the message on failure, else null. */
export function checkField(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstMessage(result.error);
}

/** A yyyy-MM-dd that names a real day: 02-31 and 13-01 are refused, never rolled over. */
export function isRealDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}

/** A list filter's day: blank, or a real yyyy-MM-dd. */
export const OptionalDay = z
  .string()
  .refine(isRealDay, '日期格式应为 YYYY-MM-DD，且须是真实的日期')
  .optional()
  .or(z.literal('').transform(() => undefined));
