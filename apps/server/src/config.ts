// The server's settings, read from the environment once at start and validated; nothing else
// in the server reads process.env. .env.example at the repository root lists every key.
import { createHmac, createPrivateKey, createPublicKey } from 'node:crypto';
import path from 'node:path';
import {
  BANK_ACCOUNT_EXAMPLE,
  chinaDay,
  chinaDayStart,
  type BankAccount,
  DEFAULT_FREE_TEST_QUOTA,
  DEFAULT_RECEIPT_INTERFACE_IDS,
  LegalEntityEnv,
  legalEntityOf,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
} from '@apimarket/contracts';
import { z } from 'zod';

const DEV_SIGN_SECRET = 'apimarket-dev-sign-secret';
const DEV_AES_SECRET = 'apimarket-dev-aes-secret';
const DEV_SECRETS_KEY = 'apimarket-dev-secrets-key';
const DEV_REVALIDATE_SECRET = 'apimarket-dev-revalidate-secret';

/** http(s) origins, comma-separated: every web process that keeps its own page cache. */
const originList = (value: string) =>
  value
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A comma-separated list of interface ids; empty means the catalogue's consistency checks. */
const idListEnv = (name: string) =>
  z
    .string()
    .default('')
    .refine((v) => v.split(',').every((id) => id.trim() === '' || /^\d{1,9}$/.test(id.trim())), `${name} 必须是以逗号分隔的接口编号`)
    .transform((v) => {
      const ids = v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number);
      return new Set(ids.length > 0 ? ids : DEFAULT_RECEIPT_INTERFACE_IDS);
    });

/** An API address: a bare host[:port] (https), or http(s)://host[:port] with no path. */
function endpointOf(value: string): { protocol: 'http' | 'https'; host: string } {
  if (!value.includes('://')) return { protocol: 'https', host: value };
  const url = new URL(value);
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}
const isEndpoint = (value: string) => {
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    return ['http:', 'https:'].includes(url.protocol) && url.host !== '' && url.pathname === '/' && !url.search && !url.username;
  } catch {
    return false;
  }
};

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

export const EnvSchema = z.object({
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须是 postgres:// 或 postgresql:// 地址')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where uploaded files live: database (default, a bytea row) or s3 (an S3-compatible bucket). */
  UPLOAD_STORE: z.enum(['database', 's3'], { error: 'UPLOAD_STORE 只能是 database 或 s3' }).default('database'),
  /** The bucket's endpoint (MinIO, OSS, COS…); empty = AWS S3 itself. */
  S3_ENDPOINT: z
    .string()
    .default('')
    .refine((v) => v === '' || isHttpUrl(v), 'S3_ENDPOINT 必须是 http(s):// 地址'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().default(''),
  /** Both empty: the SDK's own credential chain (an instance role). */
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** 1: bucket in the path (http://host/bucket/key), as MinIO needs; 0: bucket.host. */
  S3_FORCE_PATH_STYLE: flag,
  WIRE_SIGN_SECRET: z.string().min(8, 'WIRE_SIGN_SECRET 至少 8 个字符').default(DEV_SIGN_SECRET),
  WIRE_AES_SECRET: z.string().min(8, 'WIRE_AES_SECRET 至少 8 个字符').default(DEV_AES_SECRET),
  DEV_TOOLS: flag,
  /** 1: the dev tools (outbox, captcha answers) also answer clients other than this machine. */
  DEV_TOOLS_REMOTE: flag,
  /** Run the background jobs in this process (set 0 on all but one when running several). */
  RUN_JOBS: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  /**
   * What this process serves: all (portal API under /apiHome and the open data API), portal, or
   * gateway (the open data API alone, scaled on its own). Several processes need DATABASE_URL.
   */
  SERVER_ROLE: z.enum(['all', 'portal', 'gateway'], { error: 'SERVER_ROLE 只能是 all、portal 或 gateway' }).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines on a terminal, JSON lines otherwise (files, collectors, production). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { error: 'LOG_FORMAT 只能是 auto、json 或 pretty' }).default('auto'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Fastify trustProxy: which hops may set X-Forwarded-For (the web process is on loopback). */
  TRUST_PROXY: z.string().default('loopback'),
  /** auto: Secure cookies when the request arrived over https (per X-Forwarded-Proto). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  SMS_SIGNATURE: z.string().min(1).default('数据API市场'),
  /** SMS_PROVIDER=aliyun: an AccessKey (a RAM user allowed dysmsapi:SendSms). */
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().trim().default(''),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().trim().default(''),
  /** The API address: host, or http(s)://host[:port] (a private endpoint, a proxy, a test stub). */
  SMS_ALIYUN_ENDPOINT: z
    .string()
    .trim()
    .default('')
    .transform((v) => v || 'dysmsapi.aliyuncs.com')
    .refine(isEndpoint, 'SMS_ALIYUN_ENDPOINT 必须是主机名或 http(s)://主机[:端口]'),
  /** SMS_PROVIDER=tencent: a SecretId/SecretKey allowed sms:SendSms, and the SMS application's SdkAppId. */
  SMS_TENCENT_SECRET_ID: z.string().trim().default(''),
  SMS_TENCENT_SECRET_KEY: z.string().trim().default(''),
  SMS_TENCENT_SDK_APP_ID: z.string().trim().regex(/^\d*$/, 'SMS_TENCENT_SDK_APP_ID 是短信控制台应用的 SdkAppId（数字）').default(''),
  SMS_TENCENT_REGION: z
    .string()
    .trim()
    .default('')
    .transform((v) => v || 'ap-guangzhou'),
  SMS_TENCENT_ENDPOINT: z
    .string()
    .trim()
    .default('')
    .transform((v) => v || 'sms.tencentcloudapi.com')
    .refine(isEndpoint, 'SMS_TENCENT_ENDPOINT 必须是主机名或 http(s)://主机[:端口]'),
  /**
   * A real carrier sends only registered templates: the carrier's template id for each kind of
   * SMS. The code templates of the other purposes default to SMS_TEMPLATE_CODE.
   */
  SMS_TEMPLATE_CODE: z.string().trim().default(''),
  SMS_TEMPLATE_CODE_REGISTER: z.string().trim().default(''),
  SMS_TEMPLATE_CODE_RESET: z.string().trim().default(''),
  SMS_TEMPLATE_CODE_LOGIN: z.string().trim().default(''),
  SMS_TEMPLATE_CODE_ALERT: z.string().trim().default(''),
  SMS_TEMPLATE_MOBILE_CHANGED: z.string().trim().default(''),
  SMS_TEMPLATE_CLOSURE: z.string().trim().default(''),
  SMS_TEMPLATE_ALERT: z.string().trim().default(''),
  SMS_TEMPLATE_SUB_INVITE: z.string().trim().default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL 必须是 smtp:// 或 smtps:// 地址')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('数据API市场 <noreply@localhost>'),
  /** Where new-lead mails and the daily digest go. */
  SALES_EMAIL: z.string().email('SALES_EMAIL 必须是邮箱地址').default('sales@localhost.localdomain'),
  /** Where the operations team is told of the platform's own trouble: a supplier's breaker opening and closing. */
  OPS_EMAIL: z.string().email('OPS_EMAIL 必须是邮箱地址').default('ops@localhost.localdomain'),
  /** Decision 1: the marketing reading of the free trial, as in 「限时免费1000+次API调用」. */
  TRIAL_CALLS_TEXT: z.string().min(1).default('1000+'),
  /** Public address of the open data API (gateway), shown in docs and code samples. */
  GATEWAY_URL: z.string().url('GATEWAY_URL 必须是 http(s):// 地址').default('http://localhost:3001'),
  /** Open data API: calls per second one key may make, per server process. */
  GATEWAY_RATE_PER_KEY: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * Open data API, per client address and server process, counted before the key is looked up:
   * every call, and calls that turn out to have no valid key (Decision 124).
   */
  GATEWAY_RATE_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  GATEWAY_UNKEYED_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * The day (China time, YYYY-MM-DD) from which an SDK interface's call is refused SYSTEM_048
   * even for a company that has registered no app in 包名管理 (Decision 216). Until then, or while
   * unset, such calls are answered and the company told; a company with any app is held at once.
   */
  SDK_APP_ENFORCE_FROM: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'SDK_APP_ENFORCE_FROM 应为 YYYY-MM-DD（中国时间的日期）')
    .refine((d) => !Number.isNaN(chinaDayStart(d).getTime()) && chinaDay(chinaDayStart(d)) === d, 'SDK_APP_ENFORCE_FROM 不是真实的日期')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Open data API: how long a data provider may take before the call answers SYSTEM_027. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /**
   * A supplier's breaker (issue #24): it opens when this share of its calls over the window failed
   * (timed out or refused) while it had at least the minimum calls per second, and a call probes it
   * again after the cool-down; each server process keeps its own breakers.
   */
  SUPPLIER_BREAKER_THRESHOLD: z.coerce.number().min(0.05).max(1).default(0.5),
  SUPPLIER_BREAKER_WINDOW_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  SUPPLIER_BREAKER_MIN_RPS: z.coerce.number().min(0.1).max(10_000).default(1),
  SUPPLIER_HALF_OPEN_AFTER_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /**
   * Password hashes (argon2id) running at once in this process; the rest wait their turn, so a
   * burst of sign-ins cannot take every core from the open data API. 0: automatic, half the
   * cores (at least 1, at most 4).
   */
  ARGON2_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
  /**
   * Decision 7: the platform's bank account customers transfer recharges to (shown in the user
   * center). All three or none; none: an example account on the embedded database, recharging
   * closed with DATABASE_URL (production).
   */
  PLATFORM_BANK_NAME: z.string().trim().default(''),
  PLATFORM_ACCOUNT_NAME: z.string().trim().default(''),
  PLATFORM_ACCOUNT_NO: z.string().trim().default(''),
  /**
   * Online payment (issue #19, Decision 7): sandbox, alipay, wechat, or several comma-separated;
   * none (or unset in production) offers bank transfer only. Unset on the embedded database
   * (trial, development): the sandbox, whose QR is paid from the dev tools.
   */
  PAYMENT_PROVIDER: z.string().trim().default(''),
  /** Where the providers send their notifications: the API's public https origin (…/apiHome/payment/notify/<provider>). */
  PAYMENT_NOTIFY_BASE_URL: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isHttpUrl(v), 'PAYMENT_NOTIFY_BASE_URL 必须是 http(s):// 地址'),
  ALIPAY_APP_ID: z.string().trim().default(''),
  /** The application's RSA2 private key (PEM, or its base64 body; \n may be written escaped). */
  ALIPAY_PRIVATE_KEY: z.string().trim().default(''),
  /** Alipay's public key (支付宝公钥), which signs its answers and notifications. */
  ALIPAY_PUBLIC_KEY: z.string().trim().default(''),
  ALIPAY_GATEWAY: z.string().trim().default('https://openapi.alipay.com/gateway.do').refine(isHttpUrl, 'ALIPAY_GATEWAY 必须是 http(s):// 地址'),
  WECHATPAY_MCH_ID: z.string().trim().default(''),
  WECHATPAY_APP_ID: z.string().trim().default(''),
  /** The serial number of the merchant's API certificate (商户 API 证书序列号). */
  WECHATPAY_SERIAL: z.string().trim().default(''),
  /** The merchant's API private key (apiclient_key.pem). */
  WECHATPAY_PRIVATE_KEY: z.string().trim().default(''),
  /** The APIv3 key (32 characters) that seals notifications' resources. */
  WECHATPAY_APIV3_KEY: z.string().trim().default(''),
  /** WeChat Pay's platform public key (微信支付公钥) and its id, which sign answers and notifications. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().trim().default(''),
  WECHATPAY_PLATFORM_KEY_ID: z.string().trim().default(''),
  WECHATPAY_BASE_URL: z.string().trim().default('https://api.mch.weixin.qq.com').refine(isHttpUrl, 'WECHATPAY_BASE_URL 必须是 http(s):// 地址'),
  /** Encrypts customers' API secrets and private keys at rest (the gateway needs them in clear). */
  SECRETS_KEY: z.string().min(16, 'SECRETS_KEY 至少 16 个字符').default(DEV_SECRETS_KEY),
  /** Hours an account's previous API secret keeps working after a rotation. */
  SECRET_ROTATION_GRACE_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * Decision 19, retention (modules/retention): days a call record keeps its (masked) parameters
   * before they are blanked — 184, the longest six calendar months, since the privacy policy keeps
   * call records at least six months for reconciliation and disputes. The rest of the record
   * (charges, code, time, IP) stays, so money and statistics still reconcile.
   */
  CALL_PARAMS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(184),
  /**
   * Days a record of a call without a valid key (no account: a probe, a typo, an unreadable
   * body) is kept at all: it serves support quoting its seqNo, and nobody is billed by it.
   */
  UNKEYED_CALL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days a finished or stopped batch job (its rows and results) is kept. */
  BATCH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days a batch job never executed (its sheet's rows) is kept. */
  BATCH_PENDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Days an online query (在线查询, its report and answers) is kept: as long as a call record keeps its parameters. */
  QUERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(184),
  /**
   * Spec 01 §9: interfaces whose answers read 验证一致 / 验证不一致 on the query page and on
   * receipts (the interceptId list), comma-separated ids. Empty: the catalogue's consistency checks.
   */
  RECEIPT_INTERCEPT_IDS: idListEnv('RECEIPT_INTERCEPT_IDS'),
  /** Spec 01 §9: interfaces whose receipts downloadMethod 2 keeps to 10000 with result 1. Empty: as above. */
  RECEIPT_FILTER_IDS: idListEnv('RECEIPT_FILTER_IDS'),
  /** Days a lead's attachment (api/fee/sendEmail) is kept; licence images of a current qualification are not uploads that expire. */
  UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** The operator's legal entity (company, credit code, ICP and 公安 records), shared with the web. */
  ...LegalEntityEnv.shape,
  /** Decision 1: free test calls granted to a new account. */
  FREE_TEST_CALLS: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_FREE_TEST_QUOTA),
  /** Decision 3: login names whose unread count is 0 and who have no cost-management menu. */
  SPECIAL_USERS: z.string().default(''),
  /** Accept callback URLs on private, loopback and link-local hosts (a deployment inside a private network). */
  CALLBACK_ALLOW_PRIVATE: flag,
  /**
   * The web process(es) told to refresh the public pages when an editor publishes (POST
   * /__revalidate). Empty: they refresh on their own within five minutes.
   */
  WEB_ORIGIN: z
    .string()
    .default('')
    .refine((v) => originList(v).every(isHttpUrl), 'WEB_ORIGIN 必须是 http(s):// 地址，多个用逗号分隔'),
  /**
   * The site's address as customers reach it (https://www.example.com): links in SMS and mail,
   * such as a sub-account's invitation, point here. Empty: the address the main account's request
   * came to (set it in production: that one is the caller's word).
   */
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isHttpUrl(v), 'PUBLIC_ORIGIN 必须是 http(s):// 地址'),
  /** Shared with the web: proves a refresh request comes from this API. */
  REVALIDATE_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'REVALIDATE_SECRET 至少 16 个字符').default(DEV_REVALIDATE_SECRET)),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse and check the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置无效:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const realSms = e.SMS_PROVIDER !== 'outbox';
  const realMail = e.SMTP_URL !== undefined;
  if (e.DEV_TOOLS && (realSms || realMail)) {
    throw new ConfigError('配置无效: DEV_TOOLS=1 会公开验证码，不能与真实短信服务商或 SMTP 同时启用（请关闭 DEV_TOOLS）');
  }
  if (!e.DEV_TOOLS && (e.WIRE_SIGN_SECRET === DEV_SIGN_SECRET || e.WIRE_AES_SECRET === DEV_AES_SECRET)) {
    throw new ConfigError('配置无效: 关闭 DEV_TOOLS 运行时必须设置自己的 WIRE_SIGN_SECRET 和 WIRE_AES_SECRET');
  }
  if (!e.DEV_TOOLS && e.SECRETS_KEY === DEV_SECRETS_KEY) {
    throw new ConfigError('配置无效: 关闭 DEV_TOOLS 运行时必须设置自己的 SECRETS_KEY');
  }
  const webOrigins = originList(e.WEB_ORIGIN);
  if (!e.DEV_TOOLS && webOrigins.length > 0 && e.REVALIDATE_SECRET === DEV_REVALIDATE_SECRET) {
    // Anyone who knows the public development value could make the web drop its page cache.
    throw new ConfigError('配置无效: 关闭 DEV_TOOLS 并设置 WEB_ORIGIN 时必须设置自己的 REVALIDATE_SECRET（网站与 API 使用同一个值）');
  }
  if (e.UPLOAD_STORE === 's3' && !e.S3_BUCKET) throw new ConfigError('配置无效: UPLOAD_STORE=s3 时必须设置 S3_BUCKET');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('配置无效: S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置或同时留空');
  }
  if (e.SERVER_ROLE !== 'all' && !e.DATABASE_URL) {
    // The embedded database admits one process: splitting roles needs a shared PostgreSQL.
    throw new ConfigError('配置无效: SERVER_ROLE 为 portal 或 gateway 时必须设置 DATABASE_URL（多个进程共用 PostgreSQL）');
  }
  const bankSet = [e.PLATFORM_BANK_NAME, e.PLATFORM_ACCOUNT_NAME, e.PLATFORM_ACCOUNT_NO].filter(Boolean).length;
  if (bankSet !== 0 && bankSet !== 3) {
    // Half an account would be shown to customers as if it were whole: say so at start.
    throw new ConfigError('配置无效: PLATFORM_BANK_NAME、PLATFORM_ACCOUNT_NAME、PLATFORM_ACCOUNT_NO 须同时设置或同时留空');
  }
  const payments = paymentsOf(e);
  if (realSms) {
    // A carrier sends only with its keys and a registered template per kind: say so at start,
    // not at the first sign-up.
    const keys =
      e.SMS_PROVIDER === 'aliyun'
        ? (['SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_ALIYUN_ACCESS_KEY_SECRET'] as const)
        : (['SMS_TENCENT_SECRET_ID', 'SMS_TENCENT_SECRET_KEY', 'SMS_TENCENT_SDK_APP_ID'] as const);
    const missing = [...keys, 'SMS_TEMPLATE_CODE', 'SMS_TEMPLATE_MOBILE_CHANGED', 'SMS_TEMPLATE_CLOSURE', 'SMS_TEMPLATE_ALERT'].filter(
      (k) => !e[k as keyof typeof e],
    );
    if (missing.length > 0) throw new ConfigError(`配置无效: SMS_PROVIDER=${e.SMS_PROVIDER} 时必须设置 ${missing.join('、')}`);
  }
  return {
    host: e.API_HOST,
    port: e.API_PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    uploads: {
      store: e.UPLOAD_STORE,
      s3: {
        endpoint: e.S3_ENDPOINT || undefined,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    },
    wire: { signSecret: e.WIRE_SIGN_SECRET, aesSecret: e.WIRE_AES_SECRET },
    devTools: e.DEV_TOOLS,
    devToolsRemote: e.DEV_TOOLS_REMOTE,
    role: e.SERVER_ROLE,
    // The gateway role answers calls only: jobs and operator commands belong to a portal process.
    runJobs: e.RUN_JOBS && e.SERVER_ROLE !== 'gateway',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.COOKIE_SECURE,
    sms: {
      provider: e.SMS_PROVIDER,
      signature: e.SMS_SIGNATURE,
      templates: {
        code: e.SMS_TEMPLATE_CODE,
        code_register: e.SMS_TEMPLATE_CODE_REGISTER || e.SMS_TEMPLATE_CODE,
        code_reset: e.SMS_TEMPLATE_CODE_RESET || e.SMS_TEMPLATE_CODE,
        code_login: e.SMS_TEMPLATE_CODE_LOGIN || e.SMS_TEMPLATE_CODE,
        code_alert: e.SMS_TEMPLATE_CODE_ALERT || e.SMS_TEMPLATE_CODE,
        mobile_changed: e.SMS_TEMPLATE_MOBILE_CHANGED,
        closure: e.SMS_TEMPLATE_CLOSURE,
        alert: e.SMS_TEMPLATE_ALERT,
        sub_invite: e.SMS_TEMPLATE_SUB_INVITE,
      },
      aliyun: { accessKeyId: e.SMS_ALIYUN_ACCESS_KEY_ID, accessKeySecret: e.SMS_ALIYUN_ACCESS_KEY_SECRET, endpoint: endpointOf(e.SMS_ALIYUN_ENDPOINT) },
      tencent: {
        secretId: e.SMS_TENCENT_SECRET_ID,
        secretKey: e.SMS_TENCENT_SECRET_KEY,
        sdkAppId: e.SMS_TENCENT_SDK_APP_ID,
        region: e.SMS_TENCENT_REGION,
        endpoint: endpointOf(e.SMS_TENCENT_ENDPOINT),
      },
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    gatewayUrl: e.GATEWAY_URL.replace(/\/$/, ''),
    bankAccount: bankAccountOf(e),
    payments,
    gateway: {
      ratePerKey: e.GATEWAY_RATE_PER_KEY,
      ratePerAddress: e.GATEWAY_RATE_PER_ADDRESS,
      unkeyedPerAddress: e.GATEWAY_UNKEYED_PER_ADDRESS,
      /** ms since the epoch, or null: the SDK app check's transition period has no end yet. */
      sdkAppEnforceFrom: e.SDK_APP_ENFORCE_FROM ? chinaDayStart(e.SDK_APP_ENFORCE_FROM).getTime() : null,
      upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
      breaker: {
        threshold: e.SUPPLIER_BREAKER_THRESHOLD,
        windowMs: e.SUPPLIER_BREAKER_WINDOW_MS,
        minimumRps: e.SUPPLIER_BREAKER_MIN_RPS,
        halfOpenAfterMs: e.SUPPLIER_HALF_OPEN_AFTER_MS,
      },
    },
    /** 0: the automatic cap (modules/identity/password.ts). */
    argon2Concurrency: e.ARGON2_CONCURRENCY,
    sales: { email: e.SALES_EMAIL, trialCallsText: e.TRIAL_CALLS_TEXT },
    opsEmail: e.OPS_EMAIL,
    /** What receipts and invoices print as the issuer; examples (「示例：…」) while unset. */
    legalEntity: legalEntityOf(e),
    secrets: { key: e.SECRETS_KEY, rotationGraceHours: e.SECRET_ROTATION_GRACE_HOURS },
    retention: {
      callParamsDays: e.CALL_PARAMS_RETENTION_DAYS,
      unkeyedCallDays: e.UNKEYED_CALL_RETENTION_DAYS,
      batchDays: e.BATCH_RETENTION_DAYS,
      batchPendingDays: e.BATCH_PENDING_RETENTION_DAYS,
      uploadDays: e.UPLOAD_RETENTION_DAYS,
      queryDays: e.QUERY_RETENTION_DAYS,
    },
    /** Spec 01 §9's interceptId list and the interfaces the downloadMethod 2 filter applies to. */
    receipts: { interceptIds: e.RECEIPT_INTERCEPT_IDS as ReadonlySet<number>, filterIds: e.RECEIPT_FILTER_IDS as ReadonlySet<number> },
    purchases: { callbackAllowPrivate: e.CALLBACK_ALLOW_PRIVATE },
    web: { origins: webOrigins, revalidateSecret: e.REVALIDATE_SECRET, publicOrigin: e.PUBLIC_ORIGIN.replace(/\/+$/, '') },
    account: {
      freeTestCalls: e.FREE_TEST_CALLS,
      specialUsers: new Set(
        e.SPECIAL_USERS.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    },
  } as const;
}

/**
 * The account the recharge page shows (Decision 7): the configured one; else, on the embedded
 * default (no DATABASE_URL: a trial or development start), the marked example so the flow can be
 * tried; else (production without an account) none, and recharges are refused.
 */
function bankAccountOf(e: z.output<typeof EnvSchema>): BankAccount {
  if (e.PLATFORM_ACCOUNT_NO) {
    return { bankName: e.PLATFORM_BANK_NAME, accountName: e.PLATFORM_ACCOUNT_NAME, accountNo: e.PLATFORM_ACCOUNT_NO, example: false, open: true };
  }
  if (!e.DATABASE_URL) return { ...BANK_ACCOUNT_EXAMPLE, example: true, open: true };
  return { bankName: '', accountName: '', accountNo: '', example: false, open: false };
}

/**
 * A key as an environment variable may carry it — a whole PEM, with escaped newlines, or the
 * base64 body alone (PKCS#8 or PKCS#1) — as a PEM of one form (PKCS#8 / SPKI), or null when it
 * is not an RSA key.
 */
function pemOf(value: string, kind: 'PRIVATE' | 'PUBLIC'): string | null {
  const text = value.replaceAll('\\n', '\n').trim();
  const body = text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  const labels = kind === 'PRIVATE' ? ['PRIVATE KEY', 'RSA PRIVATE KEY'] : ['PUBLIC KEY', 'RSA PUBLIC KEY'];
  const candidates = text.includes('-----BEGIN') ? [text] : labels.map((l) => `-----BEGIN ${l}-----\n${body}\n-----END ${l}-----`);
  for (const pem of candidates) {
    try {
      const key = kind === 'PRIVATE' ? createPrivateKey(pem) : createPublicKey(pem);
      if (key.asymmetricKeyType !== 'rsa') return null;
      return kind === 'PRIVATE' ? String(key.export({ type: 'pkcs8', format: 'pem' })) : String(key.export({ type: 'spki', format: 'pem' }));
    } catch {
      // the next form
    }
  }
  return null;
}

function keyProblem(name: string, value: string, kind: 'PRIVATE' | 'PUBLIC'): string | null {
  return pemOf(value, kind) ? null : `${name} 不是有效的 RSA ${kind === 'PRIVATE' ? '私钥' : '公钥'}`;
}

/**
 * The online payment providers (issue #19): what PAYMENT_PROVIDER names, each with every
 * credential it needs checked now, at start, rather than at a customer's first payment.
 */
function paymentsOf(e: z.output<typeof EnvSchema>) {
  const named = e.PAYMENT_PROVIDER.toLowerCase();
  const list =
    named === ''
      ? e.DATABASE_URL
        ? []
        : ['sandbox']
      : named === 'none'
        ? []
        : [
            ...new Set(
              named
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ];
  const unknown = list.filter((p) => !(PAYMENT_PROVIDERS as readonly string[]).includes(p));
  if (unknown.length > 0)
    throw new ConfigError(`配置无效: PAYMENT_PROVIDER 只能是 sandbox、alipay、wechat（可用逗号组合）或 none，不认识 ${unknown.join('、')}`);
  const providers = list as PaymentProviderName[];
  if (providers.includes('sandbox') && e.DATABASE_URL && !e.DEV_TOOLS) {
    // The sandbox credits money nobody paid: never on a production database.
    throw new ConfigError('配置无效: PAYMENT_PROVIDER=sandbox 只用于演示与开发（内嵌数据库或 DEV_TOOLS=1）');
  }
  const problems: string[] = [];
  const need = (names: Array<keyof typeof e>) => {
    const missing = names.filter((n) => !e[n]);
    if (missing.length > 0) problems.push(`须设置 ${missing.join('、')}`);
    return missing.length === 0;
  };
  if (providers.includes('alipay') || providers.includes('wechat')) need(['PAYMENT_NOTIFY_BASE_URL']);
  if (providers.includes('alipay') && need(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'])) {
    for (const p of [keyProblem('ALIPAY_PRIVATE_KEY', e.ALIPAY_PRIVATE_KEY, 'PRIVATE'), keyProblem('ALIPAY_PUBLIC_KEY', e.ALIPAY_PUBLIC_KEY, 'PUBLIC')]) {
      if (p) problems.push(p);
    }
  }
  const wechatKeys: Array<keyof typeof e> = [
    'WECHATPAY_MCH_ID',
    'WECHATPAY_APP_ID',
    'WECHATPAY_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PLATFORM_PUBLIC_KEY',
    'WECHATPAY_PLATFORM_KEY_ID',
  ];
  if (providers.includes('wechat') && need(wechatKeys)) {
    for (const p of [
      keyProblem('WECHATPAY_PRIVATE_KEY', e.WECHATPAY_PRIVATE_KEY, 'PRIVATE'),
      keyProblem('WECHATPAY_PLATFORM_PUBLIC_KEY', e.WECHATPAY_PLATFORM_PUBLIC_KEY, 'PUBLIC'),
      Buffer.byteLength(e.WECHATPAY_APIV3_KEY) === 32 ? null : 'WECHATPAY_APIV3_KEY 必须是 32 个字符',
    ]) {
      if (p) problems.push(p);
    }
  }
  if (problems.length > 0) throw new ConfigError(`配置无效: 在线支付 ${providers.join(',')}：${problems.join('；')}`);
  return {
    providers,
    notifyBaseUrl: e.PAYMENT_NOTIFY_BASE_URL.replace(/\/+$/, ''),
    // The sandbox signs its notifications with a key derived from SECRETS_KEY: stable across restarts, never configured.
    sandboxSecret: createHmac('sha256', e.SECRETS_KEY).update('payments:sandbox').digest('hex'),
    alipay: {
      appId: e.ALIPAY_APP_ID,
      privateKey: e.ALIPAY_PRIVATE_KEY ? (pemOf(e.ALIPAY_PRIVATE_KEY, 'PRIVATE') ?? '') : '',
      alipayPublicKey: e.ALIPAY_PUBLIC_KEY ? (pemOf(e.ALIPAY_PUBLIC_KEY, 'PUBLIC') ?? '') : '',
      gateway: e.ALIPAY_GATEWAY,
    },
    wechat: {
      mchId: e.WECHATPAY_MCH_ID,
      appId: e.WECHATPAY_APP_ID,
      serial: e.WECHATPAY_SERIAL,
      privateKey: e.WECHATPAY_PRIVATE_KEY ? (pemOf(e.WECHATPAY_PRIVATE_KEY, 'PRIVATE') ?? '') : '',
      apiV3Key: e.WECHATPAY_APIV3_KEY,
      platformPublicKey: e.WECHATPAY_PLATFORM_PUBLIC_KEY ? (pemOf(e.WECHATPAY_PLATFORM_PUBLIC_KEY, 'PUBLIC') ?? '') : '',
      platformKeyId: e.WECHATPAY_PLATFORM_KEY_ID,
      baseUrl: e.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
    },
  };
}

export type PaymentsConfig = ReturnType<typeof paymentsOf>;

function parseTrustProxy(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
