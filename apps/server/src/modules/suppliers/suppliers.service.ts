// The suppliers' records (issue #24): what the router's breakers did. The console's supplier and
// route editing and the operator's report are built on these tables.
import type { Db } from '../../db/client';
import { supplierEvents } from '../../db/schema';
import type { BreakerState } from './router';

/** A breaker's change as this process saw it. */
export async function recordBreaker(db: Db, supplierId: number, state: BreakerState, reason: string): Promise<void> {
  await db.insert(supplierEvents).values({ supplierId, state, reason: reason.slice(0, 200) });
}
