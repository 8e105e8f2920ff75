// WeChat Pay Native (微信支付 APIv3) behind the payment interface (issue #19), on node:crypto
// and fetch: the official signing scheme is a few lines, and no maintained npm library does it
// with fewer moving parts. Requests are signed RSA-SHA256 with the merchant's key
// (METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n); answers and notifications are checked with WeChat
// Pay's platform public key over TIMESTAMP\nNONCE\nBODY\n, and a notification's resource is
// opened with the APIv3 key (AEAD_AES_256_GCM).
import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { PaymentsConfig } from '../../../config';
import { header, type Incoming, type PaymentProvider, type TradeState } from './provider';

/** Answers and notifications older or newer than this are refused (replays). */
const CLOCK_SKEW_S = 300;

const STATE: Record<string, TradeState['state']> = {
  SUCCESS: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  PAYERROR: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
};

/** RFC 3339 in China time, as time_expire reads it. */
function rfc3339China(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export class WechatPayError extends Error {
  override name = 'WechatPayError';
}

type Config = PaymentsConfig['wechat'];

/** Whether headers and body carry WeChat Pay's signature (the platform key's, fresh). */
export function wechatSignatureValid(config: Pick<Config, 'platformPublicKey' | 'platformKeyId'>, incoming: Incoming, now = Date.now()): boolean {
  const timestamp = header(incoming, 'wechatpay-timestamp');
  const nonce = header(incoming, 'wechatpay-nonce');
  const signature = header(incoming, 'wechatpay-signature');
  const serial = header(incoming, 'wechatpay-serial');
  if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return false;
  if (serial !== config.platformKeyId) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > CLOCK_SKEW_S) return false;
  try {
    return createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${incoming.rawBody}\n`).verify(config.platformPublicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Opens a notification's resource (AEAD_AES_256_GCM with the APIv3 key); throws when it was altered. */
export function openResource(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const tag = data.subarray(data.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(tag);
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function tradeOf(paymentNo: string, t: Record<string, unknown>): TradeState {
  const amount = t.amount !== null && typeof t.amount === 'object' ? (t.amount as Record<string, unknown>) : {};
  return {
    paymentNo,
    state: STATE[text(t.trade_state)] ?? 'pending',
    tradeNo: text(t.transaction_id),
    amountFen: typeof amount.total === 'number' ? amount.total : null,
  };
}

export function wechatPayments(config: Config, notifyUrl: string): PaymentProvider {
  async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
    const payload = body ? JSON.stringify(body) : '';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${method}\n${path}\n${timestamp}\n${nonce}\n${payload}\n`).sign(config.privateKey, 'base64');
    const authorization = `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serial}"`;
    const res = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        'user-agent': 'apimarket-payments',
        'wechatpay-serial': config.platformKeyId,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? payload : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const raw = await res.text();
    // Every answer but an empty 204 is signed: an unsigned or forged one is not believed.
    if (raw !== '' || res.status !== 204) {
      const headers = Object.fromEntries(res.headers.entries());
      if (!wechatSignatureValid(config, { headers, rawBody: raw, fields: {} })) throw new WechatPayError(`${method} ${path}: answer signature does not verify`);
    }
    const json = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    return { status: res.status, json };
  }

  const byNo = (paymentNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}`;

  return {
    name: 'wechat',
    async create(trade) {
      const { status, json } = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: trade.subject,
        out_trade_no: trade.paymentNo,
        time_expire: rfc3339China(trade.expiresAt),
        notify_url: notifyUrl,
        amount: { total: trade.amountFen, currency: 'CNY' },
      });
      if (status !== 200 || typeof json.code_url !== 'string') throw new WechatPayError(`native: ${status} ${text(json.code)} ${text(json.message)}`);
      return { qrText: json.code_url, link: '', tradeNo: '' };
    },
    async query(paymentNo) {
      const { status, json } = await call('GET', `${byNo(paymentNo)}?mchid=${encodeURIComponent(config.mchId)}`);
      if (status === 404) return { paymentNo, state: 'missing', tradeNo: '', amountFen: null };
      if (status !== 200) throw new WechatPayError(`query: ${status} ${text(json.code)}`);
      return tradeOf(paymentNo, json);
    },
    async close(paymentNo) {
      const { status, json } = await call('POST', `${byNo(paymentNo)}/close`, { mchid: config.mchId });
      if (status !== 204 && status !== 200 && status !== 404) throw new WechatPayError(`close: ${status} ${text(json.code)}`);
    },
    async verify(incoming) {
      if (!wechatSignatureValid(config, incoming)) return null;
      try {
        const body = JSON.parse(incoming.rawBody) as { resource?: { ciphertext: string; nonce: string; associated_data?: string } };
        if (!body.resource) return null;
        const t = JSON.parse(openResource(config.apiV3Key, body.resource)) as Record<string, unknown>;
        if (t.mchid !== config.mchId || typeof t.out_trade_no !== 'string') return null;
        return tradeOf(t.out_trade_no, t);
      } catch {
        return null;
      }
    },
    // Taken: 200 (or 204); a 4XX/5XX is sent again.
    accepted: { status: 200, type: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) },
  };
}
