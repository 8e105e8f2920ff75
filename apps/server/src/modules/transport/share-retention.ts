// Retention of shared H5 trajectories (issue #22): a share past its expiry answers nobody, and its
// snapshot says where a vehicle went, so the retention job deletes it. Apart from tracks.service
// so the job does not load the gateway to do it.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trackShares } from '../../db/schema';

export async function deleteExpiredShares(db: Db): Promise<number> {
  const gone = await db.delete(trackShares).where(lt(trackShares.expiresAt, sql`now()`)).returning({ id: trackShares.id });
  return gone.length;
}
