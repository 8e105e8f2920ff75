// What a refund may return (Decision 163), as pure arithmetic the services and the property test
// share. A purchase's calls are of three sorts: paid-test calls, free-trial calls and bought
// calls; the gateway takes them in that order, so the bought calls are the last to go and the
// only ones a refund returns. Bought calls are used oldest order first, so the unused ones belong
// to the newest orders: they are assigned newest first, each order at most the calls it sold less
// those already refunded from it, each share valued at its own order's price, rounded down to the
// fen. Hence: never a free call refunded, never a call refunded twice, never an order returning
// more than it cost.

/** floor(priceFen × part / whole) without losing precision on large numbers. */
export function proportionalFen(priceFen: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Number((BigInt(priceFen) * BigInt(part)) / BigInt(whole));
}

export interface CallCounts {
  callsLeft: number;
  testCallsLeft: number;
  trialCallsLeft: number;
}

/** Bought calls not used yet: what is left beyond the paid-test and free-trial calls. */
export function paidCallsLeft(p: CallCounts): number {
  return Math.max(0, p.callsLeft - p.testCallsLeft - p.trialCallsLeft);
}

export interface PaidOrder {
  id: number;
  calls: number;
  priceFen: number;
  /** Calls already refunded from this order (its approved refund lines). */
  refundedCalls: number;
}

export interface RefundLine {
  orderId: number;
  calls: number;
  amountFen: number;
}

/**
 * The unused bought calls by order: `unused` calls assigned to `orders` (newest first), at most
 * `limit` calls in all. Orders with nothing assigned are left out.
 */
export function unusedByOrder(orders: readonly PaidOrder[], unused: number, limit = unused): RefundLine[] {
  let left = Math.max(0, Math.min(unused, limit));
  const lines: RefundLine[] = [];
  for (const o of orders) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, o.calls - o.refundedCalls));
    if (take <= 0) continue;
    lines.push({ orderId: o.id, calls: take, amountFen: proportionalFen(o.priceFen, take, o.calls) });
    left -= take;
  }
  return lines;
}

/**
 * The lines of a refund: one order's unused calls (an order refund), or every unused bought call
 * (a refund of the purchase), at most `limit` calls.
 */
export function linesToRefund(orders: readonly PaidOrder[], unused: number, scope: { orderId: number } | 'all', limit = unused): RefundLine[] {
  if (scope === 'all') return unusedByOrder(orders, unused, limit);
  const mine = unusedByOrder(orders, unused).find((l) => l.orderId === scope.orderId);
  if (!mine || limit <= 0) return [];
  const order = orders.find((o) => o.id === scope.orderId) as PaidOrder;
  const calls = Math.min(mine.calls, limit);
  return [{ orderId: mine.orderId, calls, amountFen: proportionalFen(order.priceFen, calls, order.calls) }];
}

export const linesCalls = (lines: readonly RefundLine[]) => lines.reduce((s, l) => s + l.calls, 0);
export const linesFen = (lines: readonly RefundLine[]) => lines.reduce((s, l) => s + l.amountFen, 0);
