// The payment interface of Decision 7: what every online payment provider (the sandbox, Alipay,
// WeChat Pay) does for the payments service. The service owns the money; a provider only opens a
// trade, tells its state, closes it, and reads its own notifications after checking their signature.
import type { PaymentProviderName } from '@apimarket/contracts';

/** A trade as the provider reports it (a query's answer or a verified notification). */
export interface TradeState {
  paymentNo: string;
  /** paid: the money arrived; pending: not yet; closed: it can no longer be paid; missing: the provider does not know it. */
  state: 'paid' | 'pending' | 'closed' | 'missing';
  /** The provider's own trade number ('' when it has none yet). */
  tradeNo: string;
  /** What the provider says was paid, in fen (null when it does not say). */
  amountFen: number | null;
}

/** A notification as it arrived: the headers, the body as sent (signatures cover its bytes) and its parsed fields. */
export interface Incoming {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  fields: Record<string, unknown>;
}

/** What the provider expects back from a notification it may stop sending (a refusal is the portal's error envelope, which every provider reads as "send again"). */
export interface NotifyAnswer {
  status: number;
  type: string;
  body: string;
}

export interface OpenTrade {
  paymentNo: string;
  amountFen: number;
  /** The goods' name as the payer's app shows it. */
  subject: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens the trade: what the QR code encodes and, where there is one, a page that pays in the browser. */
  create(trade: OpenTrade): Promise<{ qrText: string; link: string; tradeNo: string }>;
  query(paymentNo: string): Promise<TradeState>;
  /** Closes an unpaid trade so that it can no longer be paid (best effort: an unknown trade is fine). */
  close(paymentNo: string): Promise<void>;
  /** The notification's trade, or null when its signature does not verify or it cannot be read. */
  verify(incoming: Incoming): Promise<TradeState | null>;
  /** The answer that tells the provider the notification was taken. */
  accepted: NotifyAnswer;
}

export function header(incoming: Incoming, name: string): string {
  const v = incoming.headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}
