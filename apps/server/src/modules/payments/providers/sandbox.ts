// The sandbox provider (issue #19): the embedded default's online payment, answering like a real
// provider — a QR code, a trade it can be asked about, and notifications signed with HMAC-SHA256 —
// so the whole path runs offline. Its trades live in this process; 「模拟支付成功」 (dev tools)
// marks one paid and sends the signed notification through the same verification as any other.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { header, type Incoming, type PaymentProvider, type TradeState } from './provider';

export const SANDBOX_SIGNATURE = 'x-sandbox-signature';

interface SandboxTrade {
  amountFen: number;
  tradeNo: string;
  state: 'pending' | 'paid' | 'closed';
}

export interface SandboxProvider extends PaymentProvider {
  /** The payer paid: the trade is paid, and the notification the sandbox sends for it is answered. */
  pay(paymentNo: string): Incoming | null;
  /** A signed notification of any content (tests forge and replay with it). */
  notification(body: Record<string, unknown>, secret?: string): Incoming;
}

export function sandboxPayments(secret: string): SandboxProvider {
  const trades = new Map<string, SandboxTrade>();
  const sign = (body: string, key = secret) => createHmac('sha256', key).update(body).digest('hex');

  const notification = (body: Record<string, unknown>, key = secret): Incoming => {
    const rawBody = JSON.stringify(body);
    return { headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE]: sign(rawBody, key) }, rawBody, fields: body };
  };

  const stateOf = (paymentNo: string): TradeState => {
    const t = trades.get(paymentNo);
    if (!t) return { paymentNo, state: 'missing', tradeNo: '', amountFen: null };
    return { paymentNo, state: t.state, tradeNo: t.tradeNo, amountFen: t.amountFen };
  };

  return {
    name: 'sandbox',
    async create(trade) {
      const tradeNo = `SB${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`;
      trades.set(trade.paymentNo, { amountFen: trade.amountFen, tradeNo, state: 'pending' });
      // Like a real provider, the trade number is known once the payer has paid.
      return { qrText: `https://sandbox.pay.example/qr/${trade.paymentNo}`, link: '', tradeNo: '' };
    },
    async query(paymentNo) {
      return stateOf(paymentNo);
    },
    async close(paymentNo) {
      const t = trades.get(paymentNo);
      if (t?.state === 'pending') t.state = 'closed';
    },
    async verify(incoming) {
      const sent = header(incoming, SANDBOX_SIGNATURE);
      const expected = sign(incoming.rawBody);
      if (sent.length !== expected.length || !timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) return null;
      try {
        const body = JSON.parse(incoming.rawBody) as Record<string, unknown>;
        if (typeof body.paymentNo !== 'string' || typeof body.tradeNo !== 'string' || typeof body.amountFen !== 'number') return null;
        const state = body.state === 'paid' ? 'paid' : body.state === 'closed' ? 'closed' : 'pending';
        return { paymentNo: body.paymentNo, state, tradeNo: body.tradeNo, amountFen: body.amountFen };
      } catch {
        return null;
      }
    },
    accepted: { status: 200, type: 'text/plain', body: 'success' },
    pay(paymentNo) {
      const t = trades.get(paymentNo);
      if (!t || t.state === 'closed') return null;
      t.state = 'paid';
      return notification({ paymentNo, tradeNo: t.tradeNo, amountFen: t.amountFen, state: 'paid' });
    },
    notification,
  };
}
