// Fixed-window counters and timed blocks in the database, shared by every API process: SMS
// limits, login throttles, captcha creation. A key names what is counted ("sms:phone:138…").
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { throttles } from '../../db/schema';

/** Count one more event in the key's window (a new window starts when the old one is over). */
export async function hit(db: Db, key: string, windowMs: number): Promise<number> {
  const windowStart = sql`now() - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(throttles)
    .values({ key, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`case when ${throttles.windowStart} < ${windowStart} then 1 else ${throttles.count} + 1 end`,
        windowStart: sql`case when ${throttles.windowStart} < ${windowStart} then now() else ${throttles.windowStart} end`,
      },
    })
    .returning({ count: throttles.count });
  return row?.count ?? 1;
}

/** Events counted in the key's current window (0 when the window is over). */
export async function peek(db: Db, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({
      count: sql<number>`case when ${throttles.windowStart} < now() - make_interval(secs => ${windowMs / 1000}) then 0 else ${throttles.count} end`,
    })
    .from(throttles)
    .where(eq(throttles.key, key));
  return Number(row?.count ?? 0);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}

/** Block the key for ms from now. */
export async function block(db: Db, key: string, ms: number): Promise<void> {
  const until = sql`now() + make_interval(secs => ${ms / 1000})`;
  await db
    .insert(throttles)
    .values({ key, count: 0, windowStart: sql`now()`, blockedUntil: until })
    .onConflictDoUpdate({ target: throttles.key, set: { blockedUntil: until } });
}

/** Whether the key is blocked right now. */
export async function isBlocked(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ blocked: sql<boolean>`coalesce(${throttles.blockedUntil} > now(), false)` })
    .from(throttles)
    .where(eq(throttles.key, key));
  return row?.blocked === true;
}

/**
 * Delete up to `limit` rows of keys starting with `prefix` whose window began more than `keepMs`
 * ago and that are not blocked now: their counts no longer matter. Bounded, so a backlog is
 * cleared over several runs without one long delete. Answers how many went.
 */
export async function sweepThrottles(db: Db, { prefix, keepMs, limit }: { prefix: string; keepMs: number; limit: number }): Promise<number> {
  const stale = db
    .select({ key: throttles.key })
    .from(throttles)
    .where(
      sql`starts_with(${throttles.key}, ${prefix}) and ${throttles.windowStart} < now() - make_interval(secs => ${keepMs / 1000}) and coalesce(${throttles.blockedUntil} <= now(), true)`,
    )
    .limit(limit);
  const gone = await db.delete(throttles).where(inArray(throttles.key, stale)).returning({ key: throttles.key });
  return gone.length;
}
