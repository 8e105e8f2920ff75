// An account's API secret material: the public app key, the shared secret and its rotation, the
// sign/encrypt modes, and the RSA keys (the platform's pair per account, the customer's public key).
// Secrets and private keys are stored only as AES-256-GCM ciphertext under SECRETS_KEY, because
// the gateway needs them in clear to check HMACs and decrypt; a clear secret leaves the server
// once, in the answer that created it. Every function is scoped by the member id of the session,
// and every change asks for the login password again (reauth.ts) before it touches anything.
import { createCipheriv, createDecipheriv, createHash, createPublicKey, generateKeyPair, type KeyObject, randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import {
  type AppKeyView,
  type AsymmetryAction,
  type AsymmetryInput,
  type AsymmetryResult,
  type AsymmetryView,
  chinaClock,
  ENCRYPT_MODE_LABEL,
  ENCRYPT_MODE_NEEDS,
  ENCRYPT_MODES,
  type EncryptMode,
  type EncryptSignInput,
  type EncryptSignView,
  type IssuedSecret,
  KEY_LIMITS,
  KEYS_MSG,
  type ModeNeed,
  type SecretAction,
  SIGN_MODE_LABEL,
  SIGN_MODE_NEEDS,
  SIGN_MODES,
  type SignMode,
} from '@apimarket/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accountKeys, accountSecrets } from '../../db/schema';
import { Conflict, Invalid } from '../../http/errors';
import { forget } from '../../memo';
import { sendMessage } from './messages.service';
import { confirmPassword } from './reauth';

export interface KeysCtx {
  db: Db;
  config: Config;
  /** From the session, never from the request. */
  memberId: number;
}

const KEYS_PAGE = '/userCenter/ums';
const generateKeyPairAsync = promisify(generateKeyPair);

// ── Encryption at rest ───────────────────────────────────────────────────────────────────────
// AES-256-GCM under sha256(SECRETS_KEY), a fresh 12-byte IV per value, stored as
// base64(iv ‖ ciphertext ‖ tag). The associated data names what the value is and whose it is,
// so a ciphertext copied into another member's row (or another column kind) fails to open.
const IV_BYTES = 12;
const TAG_BYTES = 16;

function atRestKey(config: Config): Buffer {
  return createHash('sha256').update(config.secrets.key, 'utf8').digest();
}

/** What a sealed value is bound to. The current and previous secret share one, since a rotation moves the value between columns. */
const aad = {
  secret: (memberId: number) => Buffer.from(`account-secret:${memberId}`, 'utf8'),
  platformPrivate: (memberId: number) => Buffer.from(`platform-private-key:${memberId}`, 'utf8'),
};

export function seal(config: Config, clear: string, context: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', atRestKey(config), iv);
  cipher.setAAD(context);
  const ct = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}

/** Throws when the value was sealed under another SECRETS_KEY or for another row: a 500, never a guess. */
export function unseal(config: Config, sealed: string, context: Buffer): string {
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', atRestKey(config), raw.subarray(0, IV_BYTES));
  decipher.setAAD(context);
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

// ── App key and secret rows ──────────────────────────────────────────────────────────────────
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newAppKey(): string {
  let s: string = KEY_LIMITS.appKeyPrefix;
  while (s.length < KEY_LIMITS.appKeyLength) s += BASE32[randomInt(BASE32.length)];
  return s;
}

function newSecret(): string {
  return randomBytes(KEY_LIMITS.secretBytes).toString('base64url');
}

type SecretsRow = typeof accountSecrets.$inferSelect;
type KeysRow = typeof accountKeys.$inferSelect;

async function secretsRow(db: Db, memberId: number): Promise<SecretsRow | undefined> {
  const [row] = await db.select().from(accountSecrets).where(eq(accountSecrets.memberId, memberId));
  return row;
}

/** The member's row, made on first use. Two first reads at once both land on the one row. */
async function ensureSecretsRow(db: Db, memberId: number): Promise<SecretsRow> {
  // The retry covers the (100-bit, practically impossible) case of an app key already taken:
  // the conflict-free insert then adds nothing and the member still has no row.
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await secretsRow(db, memberId);
    if (found) return found;
    await db.insert(accountSecrets).values({ memberId, appKey: newAppKey() }).onConflictDoNothing();
  }
  const row = await secretsRow(db, memberId);
  if (!row) throw new Error('account_secrets row could not be created');
  return row;
}

/** The previous secret's end, or null once it has passed. */
function liveUntil(row: SecretsRow, now = new Date()): Date | null {
  return row.previousEnc !== null && row.previousValidUntil !== null && row.previousValidUntil > now ? row.previousValidUntil : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const signModeOf = (v: string): SignMode => ((SIGN_MODES as readonly string[]).includes(v) ? (v as SignMode) : 'none');
const encryptModeOf = (v: string): EncryptMode => ((ENCRYPT_MODES as readonly string[]).includes(v) ? (v as EncryptMode) : 'none');

/** myAccount/myAppKey: what the page shows. The clear secret is never part of it. */
export async function myAppKey(ctx: KeysCtx): Promise<AppKeyView> {
  const row = await ensureSecretsRow(ctx.db, ctx.memberId);
  return {
    appKey: row.appKey,
    hasSecret: row.secretEnc !== null,
    secretMasked: row.secretEnc !== null ? `****${row.secretHint}` : '',
    createdAt: iso(row.secretCreatedAt),
    rotatedAt: iso(row.rotatedAt),
    previousValidUntil: iso(liveUntil(row)),
    signMode: signModeOf(row.signMode),
    encryptMode: encryptModeOf(row.encryptMode),
  };
}

/**
 * myAccount/docSecretKey. `create` only while there is no secret (a second create would silently
 * break the customer's running integration); `rotate` keeps the replaced secret working for the
 * configured grace so the customer can redeploy. A second rotation inside the grace ends the
 * older secret at once: at most two secrets are ever valid.
 */
export async function issueSecret(ctx: KeysCtx, input: { action: SecretAction; password: string }): Promise<IssuedSecret> {
  await confirmPassword(ctx.db, ctx.memberId, input.password, KEYS_MSG.passwordWrong);
  const issued = await issueSecretOnce(ctx, input);
  // The gateway keeps credentials briefly (gateway/signed.ts): it must read the new secret now.
  forget('credentials', ctx.memberId);
  return issued;
}

async function issueSecretOnce(ctx: KeysCtx, input: { action: SecretAction }): Promise<IssuedSecret> {
  const { db, config, memberId } = ctx;
  const { appKey } = await ensureSecretsRow(db, memberId);
  const secret = newSecret();
  const sealed = seal(config, secret, aad.secret(memberId));
  const hint = secret.slice(-4);
  const now = new Date();
  const graceMs = config.secrets.rotationGraceHours * 3_600_000;

  return db.transaction(async (tx) => {
    if (input.action === 'create') {
      // Conditional on "no secret yet" in the statement itself, so two creates cannot both win.
      const done = await tx
        .update(accountSecrets)
        .set({ secretEnc: sealed, secretHint: hint, secretCreatedAt: now, rotatedAt: null, previousEnc: null, previousValidUntil: null })
        .where(and(eq(accountSecrets.memberId, memberId), isNull(accountSecrets.secretEnc)))
        .returning({ memberId: accountSecrets.memberId });
      if (done.length === 0) throw new Conflict(KEYS_MSG.secretExists);
      await sendMessage(tx, memberId, {
        kind: 'security',
        title: '接口密钥已创建',
        body: `您的账号（AppKey：${appKey}）于 ${chinaClock(now)} 创建了接口密钥。密钥只在创建时显示一次，平台不会以任何方式向您索取密钥。如非本人操作，请立即轮换密钥并修改登录密码。`,
        link: KEYS_PAGE,
      });
      return { appKey, secret, previousValidUntil: null };
    }

    // One UPDATE moves the current secret to "previous" and sets the new one, atomically.
    const until = graceMs > 0 ? new Date(now.getTime() + graceMs) : null;
    const done = await tx
      .update(accountSecrets)
      .set({
        previousEnc: until ? sql`${accountSecrets.secretEnc}` : null,
        previousValidUntil: until,
        secretEnc: sealed,
        secretHint: hint,
        rotatedAt: now,
      })
      .where(and(eq(accountSecrets.memberId, memberId), isNotNull(accountSecrets.secretEnc)))
      .returning({ memberId: accountSecrets.memberId });
    if (done.length === 0) throw new Conflict(KEYS_MSG.secretMissing);
    await sendMessage(tx, memberId, {
      kind: 'security',
      title: '接口密钥已轮换',
      body: until
        ? `您的账号（AppKey：${appKey}）于 ${chinaClock(now)} 轮换了接口密钥。原密钥在 ${chinaClock(until)} 前仍可使用，请在此之前将您系统中的密钥更换为新密钥。如非本人操作，请立即再次轮换密钥并修改登录密码。`
        : `您的账号（AppKey：${appKey}）于 ${chinaClock(now)} 轮换了接口密钥，原密钥已立即失效。如非本人操作，请立即再次轮换密钥并修改登录密码。`,
      link: KEYS_PAGE,
    });
    return { appKey, secret, previousValidUntil: iso(until) };
  });
}

// ── Sign and encrypt modes ───────────────────────────────────────────────────────────────────
/** myAccount/encryptSign: reads without mode fields; otherwise checks what each mode needs and saves. */
export async function encryptSign(ctx: KeysCtx, input: EncryptSignInput): Promise<EncryptSignView> {
  const { db, memberId } = ctx;
  const row = await ensureSecretsRow(db, memberId);
  const current: EncryptSignView = { signMode: signModeOf(row.signMode), encryptMode: encryptModeOf(row.encryptMode) };
  if (input.signMode === undefined && input.encryptMode === undefined) return current;

  const next: EncryptSignView = { signMode: input.signMode ?? current.signMode, encryptMode: input.encryptMode ?? current.encryptMode };
  const has: Record<ModeNeed, boolean> = {
    nothing: true,
    secret: row.secretEnc !== null,
    customerKey: ((await keysRow(db, memberId))?.customerPublicKey ?? null) !== null,
  };
  const signNeed = SIGN_MODE_NEEDS[next.signMode];
  if (!has[signNeed]) throw new Invalid(signNeed === 'secret' ? KEYS_MSG.signNeedsSecret : KEYS_MSG.signNeedsCustomerKey);
  const encryptNeed = ENCRYPT_MODE_NEEDS[next.encryptMode];
  if (!has[encryptNeed]) throw new Invalid(encryptNeed === 'secret' ? KEYS_MSG.encryptNeedsSecret : KEYS_MSG.encryptNeedsCustomerKey);
  // The contract asks for the password with any mode field; checked after the needs, so a
  // mode that cannot be chosen yet costs no password try.
  await confirmPassword(db, memberId, input.password ?? '', KEYS_MSG.passwordWrong);

  if (next.signMode === current.signMode && next.encryptMode === current.encryptMode) return next;
  await db.transaction(async (tx) => {
    await tx.update(accountSecrets).set(next).where(eq(accountSecrets.memberId, memberId));
    await sendMessage(tx, memberId, {
      kind: 'security',
      title: '接口签名与加密方式已变更',
      body: `您的账号接口调用方式已变更为：${SIGN_MODE_LABEL[next.signMode]}；${ENCRYPT_MODE_LABEL[next.encryptMode]}。变更立即生效，未按新方式调用的请求将被拒绝。如非本人操作，请立即修改登录密码。`,
      link: KEYS_PAGE,
    });
  });
  forget('credentials', memberId);
  return next;
}

// ── RSA keys ─────────────────────────────────────────────────────────────────────────────────
const RSA_BITS = 2048;

async function rsaPair(): Promise<{ publicKey: string; privateKey: string }> {
  // Async so a key generation (tens of milliseconds) does not hold up other requests.
  return generateKeyPairAsync('rsa', {
    modulusLength: RSA_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

async function keysRow(db: Db, memberId: number): Promise<KeysRow | undefined> {
  const [row] = await db.select().from(accountKeys).where(eq(accountKeys.memberId, memberId));
  return row;
}

/** The member's key row with the platform pair, generated on first use. */
async function ensureKeysRow(ctx: KeysCtx): Promise<KeysRow> {
  const { db, config, memberId } = ctx;
  const found = await keysRow(db, memberId);
  if (found) return found;
  const pair = await rsaPair();
  // Two first reads at once may both generate; the first insert wins and both answer with it.
  await db
    .insert(accountKeys)
    .values({ memberId, platformPublicKey: pair.publicKey, platformPrivateEnc: seal(config, pair.privateKey, aad.platformPrivate(memberId)) })
    .onConflictDoNothing();
  const row = await keysRow(db, memberId);
  if (!row) throw new Error('account_keys row could not be created');
  return row;
}

/** SHA-256 of the SPKI DER, lowercase hex without colons (what `openssl pkey -pubin -outform DER | sha256sum` prints). */
export function fingerprintOf(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** myAccount/asymmetrySecret. */
export async function asymmetryView(ctx: KeysCtx): Promise<AsymmetryView> {
  const row = await ensureKeysRow(ctx);
  return {
    platformPublicKey: row.platformPublicKey,
    hasCustomerKey: row.customerPublicKey !== null,
    customerKeyFingerprint: row.customerKeyFingerprint ?? '',
    customerKeyBits: row.customerKeyBits,
    customerKeySource: row.customerKeySource === 'generate' || row.customerKeySource === 'upload' ? row.customerKeySource : null,
    customerKeyUploadedAt: iso(row.customerKeyUploadedAt),
  };
}

/** Parse an uploaded PEM as an RSA public key of an accepted size; each refusal has its message. */
export function parseCustomerPublicKey(pem: string): KeyObject {
  // createPublicKey would happily derive a public key from a private one; a customer who pasted
  // their private key must be told, not have it quietly accepted.
  if (pem.includes('PRIVATE KEY')) throw new Invalid(KEYS_MSG.privateKeyPasted);
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw new Invalid(KEYS_MSG.publicKeyFormat);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Invalid(KEYS_MSG.publicKeyNotRsa);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < KEY_LIMITS.rsaMinBits) throw new Invalid(KEYS_MSG.publicKeyTooShort);
  if (bits > KEY_LIMITS.rsaMaxBits) throw new Invalid(KEYS_MSG.publicKeyTooLarge);
  return key;
}

/**
 * myAccount/asymmetry. `generate` makes the customer's pair here and keeps only its public half;
 * the private key is in this answer and nowhere else. Either action replaces the customer key at
 * once (no grace: an RSA signature made with the old key fails from now on).
 */
export async function setCustomerKey(ctx: KeysCtx, input: AsymmetryInput): Promise<AsymmetryResult> {
  const { db, memberId } = ctx;
  // An uploaded key that is not acceptable is refused before the password is spent on it.
  const uploaded = input.action === 'upload' ? parseCustomerPublicKey(input.publicKey) : null;
  await confirmPassword(db, memberId, input.password, KEYS_MSG.passwordWrong);
  let key: KeyObject;
  let privateKey: string | null = null;
  if (uploaded) {
    key = uploaded;
  } else {
    const pair = await rsaPair();
    key = createPublicKey(pair.publicKey);
    privateKey = pair.privateKey;
  }
  // Stored normalised (SPKI PEM), whatever form was uploaded (PKCS#1 included).
  const publicKey = key.export({ type: 'spki', format: 'pem' }).toString();
  const fingerprint = fingerprintOf(key);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  const action: AsymmetryAction = input.action;
  const uploadedAt = new Date();

  await ensureKeysRow(ctx);
  await db.transaction(async (tx) => {
    await tx
      .update(accountKeys)
      .set({
        customerPublicKey: publicKey,
        customerKeyFingerprint: fingerprint,
        customerKeyBits: bits,
        customerKeySource: action,
        customerKeyUploadedAt: uploadedAt,
      })
      .where(eq(accountKeys.memberId, memberId));
    await sendMessage(tx, memberId, {
      kind: 'security',
      title: action === 'generate' ? '客户密钥对已生成' : '客户公钥已上传',
      body: `您的账号于 ${chinaClock(uploadedAt)} ${action === 'generate' ? '生成了新的 RSA 密钥对（平台只保存公钥）' : '上传了新的 RSA 公钥'}，公钥指纹 SHA-256：${fingerprint}。原客户公钥已立即失效。如非本人操作，请立即修改登录密码并重新设置公钥。`,
      link: KEYS_PAGE,
    });
  });
  forget('credentials', memberId);
  return { action, publicKey, fingerprint, bits, uploadedAt: uploadedAt.toISOString(), privateKey };
}

// ── For the open data API (gateway) ──────────────────────────────────────────────────────────
/** The member an app key belongs to, or null. */
export async function memberIdForAppKey(db: Db, appKey: string): Promise<number | null> {
  const [row] = await db.select({ memberId: accountSecrets.memberId }).from(accountSecrets).where(eq(accountSecrets.appKey, appKey));
  return row?.memberId ?? null;
}

/** The account's sign and encrypt modes ('none' for an account that never opened the page). */
export async function accountModes(db: Db, memberId: number): Promise<EncryptSignView> {
  const row = await secretsRow(db, memberId);
  return { signMode: signModeOf(row?.signMode ?? 'none'), encryptMode: encryptModeOf(row?.encryptMode ?? 'none') };
}

/** The secrets a signature may be made with: the current one, and the previous one only while in its grace. */
export async function accountSecretsForGateway(
  db: Db,
  config: Config,
  memberId: number,
  now = new Date(),
): Promise<{ current: string | null; previous: string | null }> {
  const row = await secretsRow(db, memberId);
  if (!row) return { current: null, previous: null };
  const context = aad.secret(memberId);
  return {
    current: row.secretEnc !== null ? unseal(config, row.secretEnc, context) : null,
    previous: liveUntil(row, now) && row.previousEnc !== null ? unseal(config, row.previousEnc, context) : null,
  };
}

/** Everything the gateway checks a signed or encrypted call with, in one read. */
export async function gatewayCredentials(db: Db, config: Config, memberId: number, now = new Date()) {
  const [secrets, keys] = await Promise.all([secretsRow(db, memberId), keysRow(db, memberId)]);
  const context = aad.secret(memberId);
  return {
    appKey: secrets?.appKey ?? null,
    signMode: signModeOf(secrets?.signMode ?? 'none'),
    encryptMode: encryptModeOf(secrets?.encryptMode ?? 'none'),
    current: secrets?.secretEnc ? unseal(config, secrets.secretEnc, context) : null,
    previous: secrets && liveUntil(secrets, now) && secrets.previousEnc ? unseal(config, secrets.previousEnc, context) : null,
    customerPublicKey: keys?.customerPublicKey ?? null,
    platformPrivateKey: keys ? unseal(config, keys.platformPrivateEnc, aad.platformPrivate(memberId)) : null,
  };
}

/** The customer's RSA public key (SPKI PEM), or null. */
export async function customerPublicKey(db: Db, memberId: number): Promise<string | null> {
  return (await keysRow(db, memberId))?.customerPublicKey ?? null;
}

/** The platform's private key for this account (PKCS#8 PEM), or null when it was never made (so nothing can be encrypted to it). */
export async function platformPrivateKey(db: Db, config: Config, memberId: number): Promise<string | null> {
  const row = await keysRow(db, memberId);
  return row ? unseal(config, row.platformPrivateEnc, aad.platformPrivate(memberId)) : null;
}
