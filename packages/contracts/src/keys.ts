// Account API secrets and asymmetric keys (spec 02 §7 keys and secrets): the five portal calls'
// inputs and answers, the sign and encrypt modes with their labels and the Chinese messages.
import { z } from 'zod';
import { qualifiedCall } from './declare';

// ── Modes ────────────────────────────────────────────────────────────────────────────────────
/** How a customer signs open-data-API requests (optional; `none` relies on the key alone). */
export const SIGN_MODES = ['none', 'md5', 'hmac-sha256', 'rsa-sha256'] as const;
export type SignMode = (typeof SIGN_MODES)[number];
export const SIGN_MODE_LABEL: Record<SignMode, string> = {
  none: '不签名',
  md5: 'MD5 签名（使用账号密钥）',
  'hmac-sha256': 'HMAC-SHA256 签名（使用账号密钥）',
  'rsa-sha256': 'RSA-SHA256 签名（使用客户私钥）',
};

/** How request and answer bodies are encrypted (optional; TLS protects the transport anyway). */
export const ENCRYPT_MODES = ['none', 'aes-256-gcm', 'rsa'] as const;
export type EncryptMode = (typeof ENCRYPT_MODES)[number];
export const ENCRYPT_MODE_LABEL: Record<EncryptMode, string> = {
  none: '不加密',
  'aes-256-gcm': 'AES-256-GCM 加密（使用账号密钥）',
  rsa: 'RSA 加密（平台公钥加密请求，客户公钥加密应答）',
};

/** What a mode needs before it may be chosen: the account secret or a customer public key. */
export type ModeNeed = 'nothing' | 'secret' | 'customerKey';
export const SIGN_MODE_NEEDS: Record<SignMode, ModeNeed> = {
  none: 'nothing',
  md5: 'secret',
  'hmac-sha256': 'secret',
  'rsa-sha256': 'customerKey',
};
// RSA encryption answers are encrypted to the customer's public key, so that mode needs one too.
export const ENCRYPT_MODE_NEEDS: Record<EncryptMode, ModeNeed> = {
  none: 'nothing',
  'aes-256-gcm': 'secret',
  rsa: 'customerKey',
};

// ── Limits ───────────────────────────────────────────────────────────────────────────────────
export const KEY_LIMITS = {
  /** Public app key: 'AK' + 20 characters of the RFC 4648 base32 alphabet. */
  appKeyPrefix: 'AK',
  appKeyLength: 22,
  /** Random bytes in an account secret (base64url, 43 characters). */
  secretBytes: 32,
  rsaMinBits: 2048,
  // An upper bound keeps the gateway's signature checks cheap and rejects absurd uploads.
  rsaMaxBits: 8192,
  /** A PEM of an 8192-bit RSA public key is about 1,400 characters. */
  publicKeyMaxChars: 4096,
} as const;

// ── Messages ─────────────────────────────────────────────────────────────────────────────────
export const KEYS_MSG = {
  action: '请选择要执行的操作',
  secretExists: '账号密钥已存在，如需更换请使用“轮换密钥”',
  secretMissing: '尚未创建账号密钥，请先创建密钥',
  secretCreated: '密钥已创建，请立即复制并妥善保管，关闭后将无法再次查看',
  secretRotated: '密钥已轮换，请立即复制并妥善保管，关闭后将无法再次查看',
  signMode: '请选择正确的签名方式',
  encryptMode: '请选择正确的加密方式',
  signNeedsSecret: '所选签名方式需要账号密钥，请先创建密钥',
  encryptNeedsSecret: 'AES 加密需要账号密钥，请先创建密钥',
  signNeedsCustomerKey: 'RSA 签名需要客户公钥，请先上传公钥或生成密钥对',
  encryptNeedsCustomerKey: 'RSA 加密需要客户公钥，请先上传公钥或生成密钥对',
  modesSaved: '签名与加密方式已保存',
  publicKeyRequired: '请粘贴 PEM 格式的 RSA 公钥',
  publicKeyTooLong: `公钥内容不能超过${KEY_LIMITS.publicKeyMaxChars}个字符`,
  publicKeyFormat: '公钥格式不正确，请粘贴以 -----BEGIN PUBLIC KEY----- 开头的 PEM 格式 RSA 公钥',
  privateKeyPasted: '您粘贴的是私钥，请只上传公钥；私钥请自行妥善保管，切勿发送给任何人',
  publicKeyNotRsa: '仅支持 RSA 公钥，不支持 EC、SM2 等其他类型的密钥',
  publicKeyTooShort: `RSA 公钥长度不能少于${KEY_LIMITS.rsaMinBits}位`,
  publicKeyTooLarge: `RSA 公钥长度不能超过${KEY_LIMITS.rsaMaxBits}位`,
  keyUploaded: '公钥已上传',
  keyGenerated: '密钥对已生成，请立即下载并妥善保管私钥，关闭后将无法再次查看',
  passwordRequired: '请输入登录密码，确认是您本人操作',
  passwordWrong: '登录密码错误，密钥与调用方式均未更改',
} as const;

const stop = (error: string) => ({ error, abort: true });
/** A form field left empty is the same as a field not sent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────
/**
 * The login password, asked again before anything that changes how the account's interfaces
 * may be called (a new or rotated secret, new modes, a new customer key): a session left open
 * on a shared computer must not be enough to take over or break a customer's integration.
 */
export const KeysPassword = z.string({ error: KEYS_MSG.passwordRequired }).min(1, stop(KEYS_MSG.passwordRequired)).max(64, KEYS_MSG.passwordWrong);

/** myAccount/docSecretKey: create the first secret, or rotate it. */
export const SECRET_ACTIONS = ['create', 'rotate'] as const;
export type SecretAction = (typeof SECRET_ACTIONS)[number];
export const DocSecretKeyInput = z.object({
  action: z.enum(SECRET_ACTIONS, { error: KEYS_MSG.action }),
  password: KeysPassword,
});
export type DocSecretKeyInput = z.infer<typeof DocSecretKeyInput>;

/** myAccount/encryptSign: no mode fields reads the settings; one or both changes them (with the password). */
export const EncryptSignInput = z
  .object({
    signMode: z.preprocess(blankToUndefined, z.enum(SIGN_MODES, { error: KEYS_MSG.signMode }).optional()),
    encryptMode: z.preprocess(blankToUndefined, z.enum(ENCRYPT_MODES, { error: KEYS_MSG.encryptMode }).optional()),
    password: z.preprocess(blankToUndefined, KeysPassword.optional()),
  })
  .refine((v) => (v.signMode === undefined && v.encryptMode === undefined) || v.password !== undefined, {
    message: KEYS_MSG.passwordRequired,
    path: ['password'],
  });
export type EncryptSignInput = z.infer<typeof EncryptSignInput>;

// A PEM public key: SPKI (BEGIN PUBLIC KEY) or PKCS#1 (BEGIN RSA PUBLIC KEY). The server parses
// it for real; this check lets the form say what is wrong before the round trip.
const PUBLIC_KEY_PEM = /-----BEGIN (?:RSA )?PUBLIC KEY-----[\s\S]+-----END (?:RSA )?PUBLIC KEY-----/;

export const PublicKeyPem = z
  .string({ error: KEYS_MSG.publicKeyRequired })
  .trim()
  .min(1, stop(KEYS_MSG.publicKeyRequired))
  .max(KEY_LIMITS.publicKeyMaxChars, stop(KEYS_MSG.publicKeyTooLong))
  .refine((v) => !v.includes('PRIVATE KEY'), stop(KEYS_MSG.privateKeyPasted))
  .refine((v) => PUBLIC_KEY_PEM.test(v), KEYS_MSG.publicKeyFormat);

/** myAccount/asymmetry: generate a customer key pair here, or upload a public key. */
export const ASYMMETRY_ACTIONS = ['generate', 'upload'] as const;
export type AsymmetryAction = (typeof ASYMMETRY_ACTIONS)[number];
export const AsymmetryInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('generate'), password: KeysPassword }),
    z.object({ action: z.literal('upload'), publicKey: PublicKeyPem, password: KeysPassword }),
  ],
  { error: KEYS_MSG.action },
);
export type AsymmetryInput = z.infer<typeof AsymmetryInput>;

/**
 * What a change of modes means for the customer's running integration, in the words the
 * confirmation dialog shows before the password is asked for. Empty when nothing changes.
 */
export function modeChangeEffects(from: EncryptSignView, to: EncryptSignView): string[] {
  const out: string[] = [];
  if (to.signMode !== from.signMode) {
    out.push(
      to.signMode === 'none'
        ? '签名方式改为「不签名」：只凭接口 Key 即可调用，请确认这是您想要的安全级别。'
        : `签名方式改为「${SIGN_MODE_LABEL[to.signMode]}」：所有已购接口的调用都必须按此方式签名，未签名或签名不符的调用将被拒绝。`,
    );
  }
  if (to.encryptMode !== from.encryptMode) {
    out.push(
      to.encryptMode === 'none'
        ? '加密方式改为「不加密」：请求与应答以明文传输（仍受 HTTPS 保护）。'
        : `加密方式改为「${ENCRYPT_MODE_LABEL[to.encryptMode]}」：所有已购接口的请求都必须按此方式加密，未加密的请求将被拒绝，应答也将加密返回。`,
    );
  }
  return out;
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────
/** myAccount/encryptSign. */
export const EncryptSignView = z.object({
  signMode: z.enum(SIGN_MODES),
  encryptMode: z.enum(ENCRYPT_MODES),
});
export type EncryptSignView = z.infer<typeof EncryptSignView>;

/** myAccount/myAppKey. Never carries the clear secret. Times are ISO strings. */
export const AppKeyView = z.object({
  /** Public id of the account in signed/encrypted calls; not a credential by itself. */
  appKey: z.string(),
  hasSecret: z.boolean(),
  /** '****' + the secret's last 4 characters; '' without a secret. */
  secretMasked: z.string(),
  /** When the account's first secret was created; null without a secret. */
  createdAt: z.string().nullable(),
  /** When the current secret replaced the previous one; null if never rotated. */
  rotatedAt: z.string().nullable(),
  /** Until when the previous secret still works; null when it no longer does. */
  previousValidUntil: z.string().nullable(),
  /** How the account signs and seals its calls, as myAccount/encryptSign answers it. */
  ...EncryptSignView.shape,
});
export type AppKeyView = z.infer<typeof AppKeyView>;

/** myAccount/docSecretKey: the only answer that ever shows the clear secret. */
export const IssuedSecret = z.object({
  appKey: z.string(),
  secret: z.string(),
  /** After a rotation: until when the previous secret still works; null after a create. */
  previousValidUntil: z.string().nullable(),
});
export type IssuedSecret = z.infer<typeof IssuedSecret>;

/** myAccount/asymmetrySecret. */
export const AsymmetryView = z.object({
  /** The platform's RSA-2048 public key for this account (PEM, SPKI). */
  platformPublicKey: z.string(),
  hasCustomerKey: z.boolean(),
  /** SHA-256 of the customer public key's DER (SPKI), lowercase hex without colons; '' when none. */
  customerKeyFingerprint: z.string(),
  customerKeyBits: z.number().int().nullable(),
  /** Generated here (private key shown once) or uploaded by the customer; null when none. */
  customerKeySource: z.enum(ASYMMETRY_ACTIONS).nullable(),
  customerKeyUploadedAt: z.string().nullable(),
});
export type AsymmetryView = z.infer<typeof AsymmetryView>;

/** myAccount/asymmetry. */
export const AsymmetryResult = z.object({
  action: z.enum(ASYMMETRY_ACTIONS),
  /** The stored customer public key (PEM, SPKI, normalised). */
  publicKey: z.string(),
  fingerprint: z.string(),
  bits: z.number().int(),
  uploadedAt: z.string(),
  /** PKCS#8 PEM, only after `generate`, only in this answer; null after `upload`. */
  privateKey: z.string().nullable(),
});
export type AsymmetryResult = z.infer<typeof AsymmetryResult>;

// ── Calls ────────────────────────────────────────────────────────────────────────────────────
/**
 * The keys and secrets calls of spec 02 §7 (docs/api-secrets.md). The company must be
 * authenticated; the browser seals every field, and each change asks for the login password.
 */
export const keysApi = {
  appKey: qualifiedCall({
    method: 'POST',
    path: '/myAccount/myAppKey',
    encrypt: true,
    summary: 'AppKey 与账号密钥状态（不含明文密钥）',
    answer: { data: AppKeyView },
  }),
  docSecretKey: qualifiedCall({
    method: 'POST',
    path: '/myAccount/docSecretKey',
    encrypt: true,
    summary: '创建或轮换账号密钥（明文密钥只在此应答中出现一次）',
    input: DocSecretKeyInput,
    answer: { data: IssuedSecret },
    fails: ['ALL_0013'],
  }),
  encryptSign: qualifiedCall({
    method: 'POST',
    path: '/myAccount/encryptSign',
    encrypt: true,
    summary: '读取（不带方式字段）或修改（带登录密码）签名与加密方式',
    input: EncryptSignInput,
    answer: { data: EncryptSignView },
  }),
  asymmetrySecret: qualifiedCall({
    method: 'POST',
    path: '/myAccount/asymmetrySecret',
    encrypt: true,
    summary: '平台 RSA 公钥与客户公钥状态',
    answer: { data: AsymmetryView },
  }),
  asymmetry: qualifiedCall({
    method: 'POST',
    path: '/myAccount/asymmetry',
    encrypt: true,
    summary: '生成客户 RSA 密钥对（私钥只在此应答中出现一次）或上传客户公钥',
    input: AsymmetryInput,
    answer: { data: AsymmetryResult },
  }),
};
