// One charged question at a time per account (Decision 217). The screens that ask a supplier once
// and charge for it — 在线查询, 司法可视化, 车险分析's scores, 企业运力 — each run their call(s) inside
// askOnce: the account claims the question first (a row in query_claims, under its primary key, so
// two server processes agree), and an identical submit while it is claimed — a double click, a
// second tab, a proxy or script re-sending the POST — is refused in words and charges nothing.
// Asked again after the first has finished, it is a new question (and a new charge), as the
// screens say. And keepAnswer: what the customer is told when a charged answer cannot be stored.
import { createHmac } from 'node:crypto';
import { QUERY_MSG } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryClaims } from '../../db/schema';
import { AppError, Conflict } from '../../http/errors';
import type { GatewayDeps } from '../gateway/gateway.service';

/**
 * A claim older than this is a request whose process died: the next identical question takes it
 * over. Longer than any call may take (two attempts at the longest upstream timeout).
 */
export const CLAIM_STALE_SECONDS = 300;

/**
 * The question as stored: a keyed hash of its parts (the screen, the interfaces, the values as the
 * call will send them), so a name, ID number or plate is never at rest here, and one account's
 * hash says nothing of another's.
 */
export function questionOf(secret: string, parts: readonly (string | number)[]): string {
  const h = createHmac('sha256', secret);
  for (const p of parts) h.update(String(p)).update('\u0000');
  return h.digest('hex');
}

export async function askOnce<T>(db: Db, secret: string, memberId: number, parts: readonly (string | number)[], ask: () => Promise<T>): Promise<T> {
  const question = questionOf(secret, parts);
  const [claimed] = await db
    .insert(queryClaims)
    .values({ memberId, question })
    .onConflictDoUpdate({
      target: [queryClaims.memberId, queryClaims.question],
      set: { claimedAt: sql`now()` },
      setWhere: sql`${queryClaims.claimedAt} < now() - ${sql.raw(`interval '${CLAIM_STALE_SECONDS} seconds'`)}`,
    })
    .returning({ memberId: queryClaims.memberId });
  if (!claimed) throw new Conflict(QUERY_MSG.inFlight);
  try {
    return await ask();
  } finally {
    await db.delete(queryClaims).where(and(eq(queryClaims.memberId, memberId), eq(queryClaims.question, question)));
  }
}

/**
 * Store a charged answer. Upstream text reaches here cleaned (providers/http.ts: no NUL, no broken
 * character), so a failure is the database's: the customer is answered with the call's seqNo —
 * the charge and the call record stand, and support finds both by it — rather than a bare 系统繁忙.
 */
export async function keepAnswer<T>(gateway: Pick<GatewayDeps, 'logger'>, seqNo: string, store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (err) {
    gateway.logger.error({ err, seqNo }, 'a charged answer could not be stored');
    throw new AppError('ALL_0099', QUERY_MSG.notStored(seqNo));
  }
}
