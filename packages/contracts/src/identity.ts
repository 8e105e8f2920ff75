// Identity calls of spec 01 §7.2 (captchas, SMS codes, registration, password reset, WeChat
// binding, login with the phone check, logout, the login state), plus the platform's health
// check and the development tools. The rules and messages are validation.ts's; this file says
// which call takes which, who may make it and what it answers.
import { z } from 'zod';
import type { AnswerShape } from './call';
import { devCall, memberCall, publicCall } from './declare';
import type { ErrorCode } from './errors';
import {
  ExistNameInput,
  LoginInput,
  MobileVerifyLoginInput,
  OpenIdInput,
  RegisterInput,
  ResetPasswordPayload,
  ScrmRegisterInput,
  SendSmsInput,
  SendVerifyCodeInput,
  SmsSendInput,
} from './validation';

// ── Answers ──────────────────────────────────────────────────────────────────────────────────
/**
 * A login, a registration or a switch into a sub-account: the session is in the HttpOnly cookie;
 * `token` carries it only for API clients (empty for a browser, which sends X-Requested-With).
 */
export const SignedIn = z.object({
  token: z.string(),
  membershipId: z.number().int(),
  loginName: z.string(),
});
export type SignedIn = z.infer<typeof SignedIn>;

/** memberShip/isLoginState: the signed-in account for the header and the user center (spec 02 §3). */
export const UserState = z.object({
  loginName: z.string(),
  memberId: z.number().int(),
  /** Unread messages; always 0 for Decision 3's special users. */
  unreadMsgNum: z.number().int(),
  /** The parent account's name, for a sub-account; '' otherwise. */
  parentNickname: z.string(),
  /** Whether this account may see the company's enterprise authentication (always, for a main account). */
  companyInfoVisible: z.boolean(),
  /** The main account switched into this sub-account (myAccount/changeLogin): the head offers 返回主账号. */
  switchedFromMain: z.boolean(),
});
export type UserState = z.infer<typeof UserState>;

/** scrm/only/searchStatus: whether a WeChat openId is bound, and to which account. */
export const OpenIdStatus = z.object({
  status: z.enum(['bound', 'unbound']),
  loginName: z.string().nullable(),
});
export type OpenIdStatus = z.infer<typeof OpenIdStatus>;

/** memberShip/register also takes the WeChat openId a scan brought (spec 01 §7.2 `[openId]`). */
export const RegisterCallInput = RegisterInput.extend({ openId: OpenIdInput.shape.openId.optional() });
export type RegisterCallInput = z.infer<typeof RegisterCallInput>;

/** Answers that carry only their message. */
const Nothing = z.null();

// Registration and reset are the same call under the spec's older names too; each name is its
// own declaration so the routes test and the OpenAPI document list it.
/** A sealed public POST of signing up or resetting, declared once for each name the spec gives it. */
function sealedStep<const I extends z.ZodType, const A extends AnswerShape>(input: I, answer: A, fails: readonly ErrorCode[] = []) {
  return (path: string, summary: string) => publicCall({ method: 'POST', path, encrypt: true, summary, input, answer, fails });
}

const sendCodeCall = sealedStep(SendSmsInput, { data: Nothing }, ['ALL_0028']);
const registerCall = sealedStep(RegisterCallInput, { data: SignedIn }, ['ALL_0013']);
const resetCall = sealedStep(ResetPasswordPayload, { data: Nothing });

const searchStatusCall = <M extends 'GET' | 'POST'>(method: M) =>
  publicCall({
    method,
    path: '/scrm/only/searchStatus',
    summary: '查询微信 openId 是否已绑定账号',
    input: OpenIdInput,
    answer: { data: OpenIdStatus },
  });

/** The identity calls of spec 01 §7.2. Wrong credentials and the phone check are failures with extra fields (the error table). */
export const identityApi = {
  captcha: publicCall({
    method: 'GET',
    path: '/memberShip/code',
    // An <img> source: it cannot sign; its key rides in the imageCodeKey cookie.
    unsigned: true,
    summary: '图片验证码（PNG，键值写入 imageCodeKey Cookie）',
    answer: { file: ['image/png'] },
  }),
  captchaImage: publicCall({
    method: 'GET',
    path: '/captchaImage',
    summary: '图片验证码（img 为 base64 PNG，uuid 为其键值，与 code、msg 同级，无 data）',
    // As the spec's captcha answers: img (a base64 PNG) and uuid beside code and msg, no data.
    answer: { data: z.never().optional(), extra: { img: z.string(), uuid: z.string() } },
  }),
  smsSend: publicCall({
    method: 'GET',
    path: '/api/sms/send',
    summary: '发送短信验证码（先校验图片验证码）',
    input: SmsSendInput,
    answer: { data: Nothing },
    fails: ['ALL_0028'],
  }),
  sendVerifyCode: publicCall({
    method: 'POST',
    path: '/memberShip/sendVerifyCode',
    summary: '发送登录手机安全验证的短信验证码',
    input: SendVerifyCodeInput,
    answer: { data: Nothing },
    fails: ['ALL_0028'],
  }),
  sendSms: sendCodeCall('/memberShip/sendSms', '发送注册短信验证码'),
  sendVerificationCode: sendCodeCall('/login/sendVerificationCode', '发送注册短信验证码（memberShip/sendSms 的别名）'),
  sendSmsPwd: sendCodeCall('/memberShip/sendSmsPwd', '发送找回密码短信验证码（手机号未注册时同样应答但不发送）'),
  validationCode: sendCodeCall('/login/validationCode', '发送找回密码短信验证码（memberShip/sendSmsPwd 的别名）'),
  existMName: publicCall({
    method: 'POST',
    path: '/login/existMName',
    encrypt: true,
    summary: '检查用户名是否可用（已被注册时应答 ALL_0013）',
    input: ExistNameInput,
    // A taken name is a failure, so a success always says "free".
    answer: { data: z.object({ exists: z.literal(false) }) },
    fails: ['ALL_0013'],
  }),
  register: registerCall('/memberShip/register', '注册账号（成功即登录）'),
  postRegisterUser: registerCall('/memberShip/postRegisterUser', '注册账号（memberShip/register 的别名）'),
  postModifyPwd: resetCall('/memberShip/postModifyPwd', '找回密码：短信验证码重置密码，所有会话退出'),
  getPassWord: resetCall('/memberShip/GetPassWord', '找回密码（memberShip/postModifyPwd 的别名）'),
  changePassWord: resetCall('/memberShip/ChangePassWord', '找回密码（memberShip/postModifyPwd 的别名）'),
  searchStatus: searchStatusCall('POST'),
  searchStatusGet: searchStatusCall('GET'),
  scrmRegister: publicCall({
    method: 'POST',
    path: '/scrm/only/register',
    encrypt: true,
    summary: '微信 openId 绑定新账号或已有账号（密码与手机号均需一致）',
    input: ScrmRegisterInput,
    answer: { data: SignedIn },
    fails: ['ALL_0013', 'ALL_0020'],
  }),
  login: publicCall({
    method: 'POST',
    path: '/memberShip/postLogin',
    encrypt: true,
    summary: '账号密码登录（失败带 exceptionLoginCount；新环境应答 ALL_0050 带脱敏手机号）',
    input: LoginInput,
    answer: { data: SignedIn },
    fails: ['ALL_0020', 'ALL_0021', 'ALL_0050'],
  }),
  mobileVerifyLogin: publicCall({
    method: 'POST',
    path: '/memberShip/mobileVerifyLogin',
    summary: '手机安全验证后完成登录',
    input: MobileVerifyLoginInput,
    answer: { data: SignedIn },
  }),
  logout: publicCall({
    method: 'POST',
    path: '/memberShip/outLogin',
    summary: '退出登录（总是成功）',
    answer: { data: Nothing },
  }),
  loginState: memberCall({
    method: 'POST',
    path: '/memberShip/isLoginState',
    summary: '当前登录状态与用户信息',
    answer: { data: UserState },
  }),
};

// ── Platform ─────────────────────────────────────────────────────────────────────────────────
export const HealthState = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthState = z.infer<typeof HealthState>;

/** GET /apiHome/health: load balancers and `npm start` ask whether this process can serve. */
export const healthApi = {
  health: publicCall({
    method: 'GET',
    path: '/health',
    // A load balancer's probe cannot sign.
    unsigned: true,
    summary: '健康检查（数据库不可达时应答 ALL_0098）',
    answer: { data: HealthState },
  }),
};

// ── Development tools (DEV_TOOLS=1 only) ─────────────────────────────────────────────────────
export const OutboxRow = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  /** The first 4–8 digit run of the body: the code a sign-up needs; null when none. */
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxRow = z.infer<typeof OutboxRow>;

/** What the outbox "sent" and a captcha's answer, so a person or a test can finish a sign-up. */
export const devApi = {
  outbox: devCall({
    method: 'GET',
    path: '/dev/outbox',
    unsigned: true,
    summary: '开发工具：发件箱（最新 50 条，可按收件人筛选）',
    input: z.object({ to: z.string().trim().max(254).default('') }),
    answer: { rows: OutboxRow },
    // Anyone but this machine gets the answer of a path that does not exist (DEV_TOOLS_REMOTE aside).
    fails: ['ALL_0008'],
  }),
  captcha: devCall({
    method: 'GET',
    path: '/dev/captcha',
    unsigned: true,
    summary: '开发工具：图片验证码的答案（不消耗验证码）',
    input: z.object({ uuid: z.string().max(64).optional(), key: z.string().max(64).optional() }),
    answer: { data: z.object({ text: z.string() }) },
    fails: ['ALL_0008', 'ALL_0011'],
  }),
};
