// A carrier's refusal of one message, in the carrier's own words (its error code and message),
// and whether trying again later can succeed: the outbox retries the transient ones only.

export class CarrierError extends Error {
  override name = 'CarrierError';

  constructor(
    /** The carrier's error code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.…), or the network error's. */
    readonly code: string,
    message: string,
    /** Flow control, a timeout, a network or 5xx failure: a later attempt may go through. */
    readonly transient: boolean,
  ) {
    // An SDK's network error quotes the request URL, whose query carries the phone and the
    // template variables (the code): keep the address, drop the query.
    super(message.replace(/(\w+:\/\/[^\s?]*)\?\S*/g, '$1'));
  }

  /** What the outbox row records: code and message, short enough for the column. */
  get reason(): string {
    return `${this.code}: ${this.message}`.slice(0, 500);
  }
}

/** Node's and the HTTP clients' codes for a connection that failed or timed out. */
const NETWORK_CODES = /^(E[A-Z_]+|UND_ERR_\w+|ReadTimeout|ConnectTimeout|RequestTimeout\w*)$/;

/**
 * Whatever an SDK threw that is not a carrier's answer (no HTTP status): a connection refused,
 * reset or timed out. Always transient; the attempts are bounded anyway.
 */
export function networkError(err: unknown): CarrierError {
  const e = err as { code?: unknown; message?: unknown };
  const message = String(e.message ?? err);
  // Tencent's SDK wraps the socket error in its own, keeping only the text ("reason: connect ECONNREFUSED").
  const code =
    (typeof e.code === 'string' && NETWORK_CODES.test(e.code) && e.code) ||
    /\b(E[A-Z]{4,})\b/.exec(message)?.[1] ||
    (/time(d )?out/i.test(message) ? 'Timeout' : 'NetworkError');
  return new CarrierError(code, message, true);
}
