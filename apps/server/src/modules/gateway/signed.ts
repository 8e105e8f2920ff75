// The signed and encrypted modes of the open data API (docs/gateway.md "Signed and encrypted
// calls"). An account chooses them in 账号设置 › 接口密钥 (docs/api-secrets.md); from then on
// every call made with any of its purchase keys must carry them:
//
// - signed: appKey, timestamp (ms), nonce and sign over all other fields (sorted name=value
//   joined with &), made with the account secret (md5, hmac-sha256) or the customer's RSA key
//   (rsa-sha256). Checked: fields present (SYSTEM_034), method as chosen (SYSTEM_041), timestamp
//   within five minutes (SYSTEM_036), signature (SYSTEM_035), nonce unused (SYSTEM_040).
// - encrypted: the business parameters travel as one field `data`, a JSON object sealed with
//   AES-256-GCM under SHA-256(secret), or under a random AES key sent RSA-OAEP-encrypted to the
//   platform public key; malformed → SYSTEM_039, undecryptable → SYSTEM_037. The answer's data
//   goes back sealed the same way (to the customer's public key in the RSA mode).
//
// The signature is checked before anything is decrypted, and the nonce is only spent by a call
// whose signature verified, so nobody can burn a customer's nonces. Spent nonces are kept in the
// database, so no other API process and no restart accepts one again.
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import type { EncryptMode, PlatformCode, SignMode } from '@apimarket/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Memo } from '../../memo';
import { gatewayCredentials } from '../account/keys.service';
import { hit, sweepThrottles } from '../throttle/throttle.service';

/** How far a call's timestamp may be from the platform's clock. */
export const SIGNED_WINDOW_MS = 5 * 60_000;
const NONCE = /^[A-Za-z0-9_-]{8,64}$/;
const SIGNED_FIELDS = ['appKey', 'timestamp', 'nonce', 'sign'] as const;
/** Protocol fields: never business parameters, never passed to a provider. */
const PROTOCOL_FIELDS = new Set(['key', 'appKey', 'timestamp', 'nonce', 'sign', 'signMethod']);

interface Credentials {
  appKey: string;
  signMode: SignMode;
  encryptMode: EncryptMode;
  /** The current secret first, then the previous one while its grace lasts. */
  secrets: string[];
  customerKey: KeyObject | null;
  platformKey: KeyObject | null;
}

// ── Each account's credentials, kept briefly (keys.service forgets them when they change) ──
const cache = new Memo<number, Credentials>('credentials', { ms: 30_000, max: 50_000, byMember: true });

async function credentialsOf(db: Db, config: Config, memberId: number): Promise<Credentials> {
  const known = cache.get(memberId);
  if (known) return known;
  const c = await gatewayCredentials(db, config, memberId);
  const value: Credentials = {
    appKey: c.appKey ?? '',
    signMode: c.signMode,
    encryptMode: c.encryptMode,
    secrets: [c.current, c.previous].filter((s): s is string => s !== null),
    customerKey: c.customerPublicKey ? createPublicKey(c.customerPublicKey) : null,
    platformKey: c.platformPrivateKey ? createPrivateKey(c.platformPrivateKey) : null,
  };
  cache.set(memberId, value);
  return value;
}

// ── Nonces: each may be used once while its timestamp can still be accepted ──────────────────
// A timestamp may be up to the window either side of the clock, so a nonce first used at the
// earliest moment its call is accepted must be remembered for twice the window. Each is a row of
// the shared throttles table (one round trip, signed calls only): its count says how often it
// came within that time, and every API process and every restart see the same rows. A minute
// more covers the clocks of different API processes (the database's clock measures the memory).
export const NONCE_MEMORY_MS = 2 * SIGNED_WINDOW_MS + 60_000;
/** Spent nonces swept at most per sweep; one sweep per SWEEP_EVERY signed calls, on average. */
const SWEEP_LIMIT = 2000;
const SWEEP_EVERY = 500;

async function spendNonce(db: Db, appKey: string, nonce: string): Promise<boolean> {
  const first = (await hit(db, `nonce:${appKey}:${nonce}`, NONCE_MEMORY_MS)) === 1;
  // Every signed call leaves a row, so the calls themselves clear the expired ones (up to four
  // times as many as they add); the jobs' sweep catches what is left when calls stop.
  if (Math.random() < 1 / SWEEP_EVERY) void sweepSpentNonces(db).catch(() => {});
  return first;
}

/** Delete spent nonces whose time is over (at most SWEEP_LIMIT); answers how many. */
export function sweepSpentNonces(db: Db): Promise<number> {
  return sweepThrottles(db, { prefix: 'nonce:', keepMs: NONCE_MEMORY_MS, limit: SWEEP_LIMIT });
}

// ── The signing string and the seals, shared with the documentation's worked example ──────────
/** Every field but `sign` with a non-empty value, sorted by name, as name=value joined with &. */
export function signingString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function md5Sign(text: string, secret: string): string {
  return createHash('md5').update(`${text}&secret=${secret}`, 'utf8').digest('hex');
}

export function hmacSign(text: string, secret: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** The AES key of the aes-256-gcm mode: SHA-256 of the secret as shown (UTF-8). */
export function aesKeyOf(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** base64(iv(12) ‖ ciphertext ‖ tag(16)) */
export function sealAes(key: Buffer, clear: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(clear, 'utf8'), c.final()]);
  return Buffer.concat([iv, ct, c.getAuthTag()]).toString('base64');
}

class Malformed extends Error {}

function openAes(key: Buffer, sealed: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(sealed)) throw new Malformed();
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length < 12 + 16 + 2) throw new Malformed();
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8');
}

const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;

/** The RSA mode's envelope: base64(RSA-OAEP-SHA256(aesKey)) + "." + base64(iv ‖ ciphertext ‖ tag). */
export function sealRsa(publicKey: KeyObject, clear: string): string {
  const key = randomBytes(32);
  return `${publicEncrypt({ key: publicKey, ...OAEP }, key).toString('base64')}.${sealAes(key, clear)}`;
}

function openRsa(privateKey: KeyObject, sealed: string): string {
  const [wrapped, body, extra] = sealed.split('.');
  if (!wrapped || !body || extra !== undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(wrapped)) throw new Malformed();
  const key = privateDecrypt({ key: privateKey, ...OAEP }, Buffer.from(wrapped, 'base64'));
  if (key.length !== 32) throw new Malformed();
  return openAes(key, body);
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

// ── Opening a call ───────────────────────────────────────────────────────────────────────────
export type Opened =
  | {
      ok: true;
      /** The business parameters (decrypted in the encrypted mode). */
      params: Record<string, string>;
      /** Seals the answer's data in the encrypted mode; absent otherwise. */
      seal?: (data: unknown) => string;
    }
  | { ok: false; code: PlatformCode; message?: string };

const refuse = (code: PlatformCode, message?: string): Opened => ({ ok: false, code, message });

function businessParams(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (!PROTOCOL_FIELDS.has(k)) out[k] = v;
  return out;
}

/**
 * Checks a call against its account's modes. `fields` is everything the customer sent (key
 * included); the answer is the business parameters to go on with, or the platform code.
 */
export async function openCall(db: Db, config: Config, memberId: number, fields: Record<string, string>, now = Date.now()): Promise<Opened> {
  const creds = await credentialsOf(db, config, memberId);
  const claimed = fields.signMethod;
  if (creds.signMode === 'none' && creds.encryptMode === 'none') {
    // A caller that believes it signs is told the account does not: better than silence.
    if (claimed && claimed !== 'none') return refuse('SYSTEM_041');
    return { ok: true, params: businessParams(fields) };
  }

  let secretUsed: string | undefined = creds.secrets[0];
  if (creds.signMode !== 'none') {
    const missing = SIGNED_FIELDS.filter((f) => !fields[f]);
    if (missing.length) return refuse('SYSTEM_034', `缺少签名参数：${missing.join('、')}`);
    if (claimed && claimed !== creds.signMode) return refuse('SYSTEM_041', `签名方式与账号设置不符：账号设置为 ${creds.signMode}`);
    if (!NONCE.test(fields.nonce ?? '')) return refuse('SYSTEM_034', '缺少签名参数：nonce 须为 8–64 位字母、数字、_ 或 -');
    const ts = /^\d{13}$/.test(fields.timestamp ?? '') ? Number(fields.timestamp) : Number.NaN;
    if (!(Math.abs(now - ts) <= SIGNED_WINDOW_MS)) return refuse('SYSTEM_036');
    if (fields.appKey !== creds.appKey) return refuse('SYSTEM_035');
    const text = signingString(fields);
    const sign = fields.sign ?? '';
    if (creds.signMode === 'rsa-sha256') {
      if (!creds.customerKey) return refuse('SYSTEM_041', '签名方式与账号设置不符：账号尚未设置客户公钥');
      let good = false;
      try {
        good = verify('sha256', Buffer.from(text, 'utf8'), creds.customerKey, Buffer.from(sign, 'base64'));
      } catch {
        good = false;
      }
      if (!good) return refuse('SYSTEM_035');
    } else {
      const make = creds.signMode === 'md5' ? md5Sign : hmacSign;
      secretUsed = creds.secrets.find((s) => sameHex(make(text, s), sign));
      if (!secretUsed) return refuse('SYSTEM_035');
    }
    if (!(await spendNonce(db, creds.appKey, fields.nonce ?? ''))) return refuse('SYSTEM_040');
  }

  if (creds.encryptMode === 'none') return { ok: true, params: businessParams(fields) };
  const sealed = fields.data ?? '';
  if (!sealed) return refuse('SYSTEM_039', '加密参数格式错误：缺少 data');
  let clear: string | undefined;
  let seal: ((data: unknown) => string) | undefined;
  try {
    if (creds.encryptMode === 'aes-256-gcm') {
      // During a rotation's grace either secret may have sealed it; the answer uses the same one.
      const candidates = secretUsed ? [secretUsed, ...creds.secrets.filter((s) => s !== secretUsed)] : creds.secrets;
      for (const s of candidates) {
        try {
          clear = openAes(aesKeyOf(s), sealed);
          const key = aesKeyOf(s);
          seal = (data) => sealAes(key, JSON.stringify(data));
          break;
        } catch (err) {
          if (err instanceof Malformed) throw err;
        }
      }
      if (clear === undefined) return refuse('SYSTEM_037');
    } else {
      if (!creds.platformKey || !creds.customerKey) return refuse('SYSTEM_041', '签名方式与账号设置不符：RSA 加密需要平台密钥和客户公钥');
      const customerKey = creds.customerKey;
      clear = openRsa(creds.platformKey, sealed);
      seal = (data) => sealRsa(customerKey, JSON.stringify(data));
    }
  } catch (err) {
    return refuse(err instanceof Malformed ? 'SYSTEM_039' : 'SYSTEM_037');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(clear);
  } catch {
    return refuse('SYSTEM_039', '加密参数格式错误：data 解密后须为 JSON 对象');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse('SYSTEM_039', '加密参数格式错误：data 解密后须为 JSON 对象');
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v === 'string') params[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') params[k] = String(v);
  }
  if (!seal) return refuse('SYSTEM_037');
  return { ok: true, params, seal };
}
