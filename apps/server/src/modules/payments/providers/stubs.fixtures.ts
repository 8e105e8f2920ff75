// Local stand-ins for Alipay's gateway and WeChat Pay's APIv3 (test only): each checks the
// merchant's request signature, keeps its trades, answers signed with a key pair the test
// generated, and makes the signed notification a paying customer would cause.
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Incoming } from './provider';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaKeys(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

const sign = (key: string, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const verify = (key: string, text: string, signature: string) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
};

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface StubTrade {
  amountFen: number;
  tradeNo: string;
  state: string;
}

// ── Alipay ─────────────────────────────────────────────────────────────────────────────────────
export interface AlipayStub {
  url: string;
  appId: string;
  app: KeyPair;
  alipay: KeyPair;
  trades: Map<string, StubTrade>;
  /** Requests whose signature did not verify (should stay 0). */
  badRequests: number;
  /** The payer scans and pays: the trade is paid; answers the notification Alipay would post. */
  pay(paymentNo: string, key?: string): Incoming;
  close(): Promise<void>;
}

/**
 * The content Alipay signs: the parameters but sign (a request) or sign and sign_type (a
 * notification), without empty ones, sorted, k=v joined by &.
 */
function alipaySignContent(params: Record<string, string>, notification = false): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(notification && k === 'sign_type') && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export async function alipayStub(): Promise<AlipayStub> {
  const app = rsaKeys();
  const alipay = rsaKeys();
  const appId = '2021000000000001';
  const trades = new Map<string, StubTrade>();
  let seq = 0;
  const stub = { badRequests: 0 } as AlipayStub;

  const answer = (method: string, data: Record<string, unknown>) => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(data);
    return `{"${key}":${inner},"sign":"${sign(alipay.privateKey, inner)}"}`;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const form = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...form };
    const method = params.method ?? '';
    res.setHeader('content-type', 'application/json;charset=utf-8');
    if (params.app_id !== appId || !verify(app.publicKey, alipaySignContent(params), params.sign ?? '')) {
      stub.badRequests++;
      res.end(answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }));
      return;
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const no = biz.out_trade_no ?? '';
    const t = trades.get(no);
    if (method === 'alipay.trade.precreate') {
      const fen = Math.round(Number(biz.total_amount) * 100);
      trades.set(no, { amountFen: fen, tradeNo: `2026${String(++seq).padStart(24, '0')}`, state: 'WAIT_BUYER_PAY' });
      res.end(answer(method, { code: '10000', msg: 'Success', out_trade_no: no, qr_code: `https://qr.alipay.com/stub${seq}` }));
    } else if (method === 'alipay.trade.query' || method === 'alipay.trade.close') {
      if (!t) {
        res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }));
        return;
      }
      if (method === 'alipay.trade.close' && t.state === 'WAIT_BUYER_PAY') t.state = 'TRADE_CLOSED';
      res.end(
        answer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: no,
          trade_no: t.tradeNo,
          trade_status: t.state,
          total_amount: (t.amountFen / 100).toFixed(2),
        }),
      );
    } else {
      res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_METHOD' }));
    }
  });
  const url = await listen(server);

  return Object.assign(stub, {
    url: `${url}/gateway.do`,
    appId,
    app,
    alipay,
    trades,
    pay(paymentNo: string, key = alipay.privateKey): Incoming {
      const t = trades.get(paymentNo);
      if (!t) throw new Error(`no trade ${paymentNo}`);
      t.state = 'TRADE_SUCCESS';
      const fields: Record<string, string> = {
        notify_time: '2026-11-26 10:00:00',
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(8).toString('hex'),
        app_id: appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: t.tradeNo,
        out_trade_no: paymentNo,
        trade_status: 'TRADE_SUCCESS',
        total_amount: (t.amountFen / 100).toFixed(2),
        subject: '账户充值',
        gmt_payment: '2026-11-26 10:00:00',
      };
      fields.sign = sign(key, alipaySignContent(fields, true));
      fields.sign_type = 'RSA2';
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: new URLSearchParams(fields).toString(), fields };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

// ── WeChat Pay ─────────────────────────────────────────────────────────────────────────────────
export interface WechatStub {
  url: string;
  mchId: string;
  appId: string;
  serial: string;
  apiV3Key: string;
  platformKeyId: string;
  merchant: KeyPair;
  platform: KeyPair;
  trades: Map<string, StubTrade>;
  badRequests: number;
  /** The payer pays: the trade is paid; answers the notification WeChat Pay would post. */
  pay(paymentNo: string, o?: { key?: string; apiV3Key?: string }): Incoming;
  close(): Promise<void>;
}

export async function wechatStub(): Promise<WechatStub> {
  const merchant = rsaKeys();
  const platform = rsaKeys();
  const mchId = '1900000001';
  const appId = 'wx0000000000000001';
  const serial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  const apiV3Key = randomBytes(16).toString('hex');
  const platformKeyId = 'PUB_KEY_ID_0000000000000001';
  const trades = new Map<string, StubTrade>();
  let seq = 0;
  const stub = { badRequests: 0 } as WechatStub;

  const signedHeaders = (body: string, key = platform.privateKey) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platformKeyId,
      'wechatpay-signature': sign(key, `${timestamp}\n${nonce}\n${body}\n`),
    };
  };

  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const path = req.url ?? '/';
    const send = (status: number, data?: Record<string, unknown>) => {
      const text = data ? JSON.stringify(data) : '';
      res.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(text) });
      res.end(text);
    };
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const parts = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${req.method}\n${path}\n${parts.timestamp}\n${parts.nonce_str}\n${body}\n`;
    if (parts.mchid !== mchId || parts.serial_no !== serial || !verify(merchant.publicKey, message, parts.signature ?? '')) {
      stub.badRequests++;
      send(401, { code: 'SIGN_ERROR', message: '签名错误' });
      return;
    }
    if (req.method === 'POST' && path === '/v3/pay/transactions/native') {
      const b = JSON.parse(body) as { out_trade_no: string; amount: { total: number } };
      trades.set(b.out_trade_no, { amountFen: b.amount.total, tradeNo: `4200${String(++seq).padStart(24, '0')}`, state: 'NOTPAY' });
      send(200, { code_url: `weixin://wxpay/bizpayurl?pr=stub${seq}` });
      return;
    }
    const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?/.exec(path);
    const t = m?.[1] ? trades.get(decodeURIComponent(m[1])) : undefined;
    if (!m || !t) {
      send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return;
    }
    if (m[2]) {
      if (t.state === 'NOTPAY') t.state = 'CLOSED';
      send(204);
      return;
    }
    send(200, {
      mchid: mchId,
      appid: appId,
      out_trade_no: decodeURIComponent(m[1] ?? ''),
      transaction_id: t.state === 'SUCCESS' ? t.tradeNo : '',
      trade_state: t.state,
      amount: { total: t.amountFen, currency: 'CNY' },
    });
  });
  const url = await listen(server);

  return Object.assign(stub, {
    url,
    mchId,
    appId,
    serial,
    apiV3Key,
    platformKeyId,
    merchant,
    platform,
    trades,
    pay(paymentNo: string, o: { key?: string; apiV3Key?: string } = {}): Incoming {
      const t = trades.get(paymentNo);
      if (!t) throw new Error(`no trade ${paymentNo}`);
      t.state = 'SUCCESS';
      const resource = JSON.stringify({
        mchid: mchId,
        appid: appId,
        out_trade_no: paymentNo,
        transaction_id: t.tradeNo,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        amount: { total: t.amountFen, payer_total: t.amountFen, currency: 'CNY' },
      });
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(o.apiV3Key ?? apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(resource, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
      const rawBody = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
      });
      return { headers: { 'content-type': 'application/json', ...signedHeaders(rawBody, o.key) }, rawBody, fields: {} };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
