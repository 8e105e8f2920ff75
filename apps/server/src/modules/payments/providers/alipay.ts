// Alipay (支付宝) 当面付 behind the payment interface (issue #19), with the official alipay-sdk:
// alipay.trade.precreate answers the QR code, alipay.trade.query and alipay.trade.close settle
// and close, and notifications are form posts signed RSA2 with Alipay's key (checked by the SDK
// over the values as posted). Every answer's signature is checked too (validateSign).
import { CHINA_TIME_ZONE, yuanToFen } from '@apimarket/contracts';
import type { AlipaySdk } from 'alipay-sdk';
import type { PaymentsConfig } from '../../../config';
import type { PaymentProvider, TradeState } from './provider';

const STATE: Record<string, TradeState['state']> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/** yyyy-MM-dd HH:mm:ss in China time, as Alipay's time_expire reads it. */
function chinaTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: CHINA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const fenOf = (v: unknown) => (typeof v === 'string' ? yuanToFen(v) : null);

export function alipayPayments(config: PaymentsConfig['alipay'], notifyUrl: string): PaymentProvider {
  // The SDK is loaded with the first trade: a process that never takes an Alipay payment (every
  // test, a sandbox deployment) does not pay its import time.
  let client: Promise<AlipaySdk> | null = null;
  const sdk = () =>
    (client ??= import('alipay-sdk').then(
      ({ AlipaySdk }) =>
        new AlipaySdk({
          appId: config.appId,
          privateKey: config.privateKey,
          keyType: 'PKCS8',
          alipayPublicKey: config.alipayPublicKey,
          gateway: config.gateway,
          signType: 'RSA2',
          timeout: 10_000,
          camelcase: false,
        }),
    ));
  const exec = async (method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (await sdk()).exec(method, { bizContent, ...extra }, { validateSign: true });

  return {
    name: 'alipay',
    async create(trade) {
      const r = await exec(
        'alipay.trade.precreate',
        {
          out_trade_no: trade.paymentNo,
          total_amount: (trade.amountFen / 100).toFixed(2),
          subject: trade.subject,
          time_expire: chinaTime(trade.expiresAt),
        },
        { notify_url: notifyUrl },
      );
      if (r.code !== '10000' || typeof r.qr_code !== 'string') throw new Error(`alipay.trade.precreate: ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? r.msg}`);
      return { qrText: r.qr_code, link: '', tradeNo: '' };
    },
    async query(paymentNo) {
      const r = await exec('alipay.trade.query', { out_trade_no: paymentNo });
      // A precreated trade exists at Alipay only once it is scanned.
      if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { paymentNo, state: 'missing', tradeNo: '', amountFen: null };
      if (r.code !== '10000') throw new Error(`alipay.trade.query: ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? r.msg}`);
      return { paymentNo, state: STATE[text(r.trade_status)] ?? 'pending', tradeNo: text(r.trade_no), amountFen: fenOf(r.total_amount) };
    },
    async close(paymentNo) {
      const r = await exec('alipay.trade.close', { out_trade_no: paymentNo });
      if (r.code !== '10000' && r.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw new Error(`alipay.trade.close: ${r.code} ${r.sub_code ?? ''}`);
    },
    async verify({ fields }) {
      const posted: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') posted[k] = v;
      if (!posted.sign || !(await sdk()).checkNotifySignV2(posted)) return null;
      // Signed by Alipay, but for this application?
      if (posted.app_id !== config.appId || !posted.out_trade_no) return null;
      return {
        paymentNo: posted.out_trade_no,
        state: STATE[posted.trade_status ?? ''] ?? 'pending',
        tradeNo: posted.trade_no ?? '',
        amountFen: fenOf(posted.total_amount),
      };
    },
    // Alipay stops retrying on the exact text "success"; anything else is sent again.
    accepted: { status: 200, type: 'text/plain', body: 'success' },
  };
}
