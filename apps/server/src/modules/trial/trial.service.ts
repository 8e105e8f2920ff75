// Free trials (issue #8): an authenticated main account takes the trial calls of an interface
// marked for it, once per interface, paid from its free test quota (Decision 1, members.trial_calls).
// One transaction: the account's row is locked first, so its grants queue one behind the other
// (the quota is read and taken without a race, on PGlite and on PostgreSQL with many processes);
// trial_grants' primary key refuses a second trial of the same interface; the quota is taken with
// a conditional UPDATE that can never go below zero; the calls join the (member, interface)
// purchase as payOrder adds a package's, with the expiry at least 30 days away.
import {
  type FreeTrialInput,
  type FreeTrialResult,
  type FreeTrialState,
  type FreeTrialStateInput,
  TRIAL_MSG,
  TRIAL_RULES,
  trialGrant,
} from '@apimarket/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignedCallsLeft, assignments, interfaces, members, purchases, trialGrants } from '../../db/schema';
import { Conflict, Forbidden, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { newPurchaseKey } from '../billing/billing.service';
import { forget } from '../../memo';

const VALIDITY = sql.raw(`interval '${TRIAL_RULES.validityDays} days'`);

export async function takeFreeTrial(db: Db, account: Account, { interfaceId }: FreeTrialInput): Promise<FreeTrialResult> {
  if (account.isSub) throw new Forbidden(TRIAL_MSG.subAccount);
  const result = await db.transaction(async (tx) => {
    const [iface] = await tx
      .select({ name: interfaces.interfaceName, status: interfaces.status, trialCalls: interfaces.trialCalls })
      .from(interfaces)
      .where(eq(interfaces.id, interfaceId));
    if (iface?.status !== 'on_sale') throw new NotFound(TRIAL_MSG.interfaceMissing);
    if (iface.trialCalls <= 0) throw new Conflict(TRIAL_MSG.notTrial);

    // The lock that serialises this account's grants; released at commit or rollback.
    const [me] = await tx.select({ quota: members.trialCalls }).from(members).where(eq(members.id, account.memberId)).for('update');
    const [earlier] = await tx
      .select({ calls: trialGrants.calls })
      .from(trialGrants)
      .where(and(eq(trialGrants.memberId, account.memberId), eq(trialGrants.interfaceId, interfaceId)));
    if (earlier) throw new Conflict(TRIAL_MSG.taken);
    const calls = trialGrant(iface.trialCalls, me?.quota ?? 0);
    if (calls <= 0) throw new Conflict(TRIAL_MSG.noQuota);

    const granted = await tx
      .insert(trialGrants)
      .values({ memberId: account.memberId, interfaceId, calls })
      .onConflictDoNothing()
      .returning({ calls: trialGrants.calls });
    if (granted.length === 0) throw new Conflict(TRIAL_MSG.taken);
    const [left] = await tx
      .update(members)
      .set({ trialCalls: sql`${members.trialCalls} - ${calls}` })
      .where(and(eq(members.id, account.memberId), gte(members.trialCalls, calls)))
      .returning({ quota: members.trialCalls });
    if (!left) throw new Conflict(TRIAL_MSG.noQuota);

    const [purchase] = await tx
      .insert(purchases)
      .values({
        memberId: account.memberId,
        interfaceId,
        key: newPurchaseKey(),
        callsTotal: calls,
        callsLeft: calls,
        trialCallsLeft: calls,
        expiresAt: sql`now() + ${VALIDITY}`,
      })
      .onConflictDoUpdate({
        target: [purchases.memberId, purchases.interfaceId],
        set: {
          callsTotal: sql`${purchases.callsTotal} + ${calls}`,
          callsLeft: sql`${purchases.callsLeft} + ${calls}`,
          // Free calls: never refunded, taken after test calls and before bought ones (Decision 163).
          trialCallsLeft: sql`${purchases.trialCallsLeft} + ${calls}`,
          expiresAt: sql`greatest(${purchases.expiresAt}, now() + ${VALIDITY})`,
        },
      })
      .returning({ expiresAt: purchases.expiresAt });

    await sendMessage(tx, account.memberId, {
      kind: 'order',
      title: '免费试用已开通',
      body: `「${iface.name}」已开通 ${calls} 次免费调用（来自免费测试额度，剩余 ${left.quota} 次），可在「我的API」查看接口 Key。每个接口限领一次免费试用。`,
      link: '/userCenter/dataManage/myAPI',
    });
    return {
      interfaceId,
      interfaceName: iface.name,
      calls,
      quotaLeft: left.quota,
      expiresAt: (purchase?.expiresAt ?? new Date()).toISOString(),
    };
  });
  forget('purchases');
  return result;
}

/**
 * The quota left (the company owner's for a sub-account) and, with an interface, its trial and the
 * account's own way to call it: its purchase, or for a sub-account its assignment of the parent's.
 */
export async function freeTrialState(db: Db, account: Account, { interfaceId }: FreeTrialStateInput): Promise<FreeTrialState> {
  const [owner] = await db.select({ quota: members.trialCalls }).from(members).where(eq(members.id, account.companyOwnerId));
  const quotaLeft = owner?.quota ?? 0;
  const none = { purchaseId: null, callsLeft: 0, usable: false, subAccount: account.isSub };
  if (interfaceId === undefined) return { quotaLeft, trialCalls: 0, taken: false, grantable: 0, ...none };
  const [[iface], [earlier], [purchase]] = await Promise.all([
    db
      .select({ trialCalls: interfaces.trialCalls })
      .from(interfaces)
      .where(and(eq(interfaces.id, interfaceId), eq(interfaces.status, 'on_sale'))),
    db
      .select({ calls: trialGrants.calls })
      .from(trialGrants)
      .where(and(eq(trialGrants.memberId, account.companyOwnerId), eq(trialGrants.interfaceId, interfaceId))),
    purchaseOf(db, account, interfaceId),
  ]);
  const trialCalls = iface?.trialCalls ?? 0;
  const taken = earlier !== undefined;
  return {
    quotaLeft,
    trialCalls,
    taken,
    grantable: taken || account.isSub ? 0 : trialGrant(trialCalls, quotaLeft),
    ...none,
    ...(purchase ?? {}),
  };
}

/** The caller's purchase of an interface, as online.service ownPurchase reads one (the same rules of usable). */
function purchaseOf(db: Db, account: Account, interfaceId: number) {
  return account.isSub
    ? db
        .select({
          purchaseId: purchases.id,
          callsLeft: assignedCallsLeft,
          usable: sql<boolean>`${purchases.status} = 'active' and ${assignments.status} = 'active' and ${purchases.expiresAt} > now() and ${assignedCallsLeft} > 0`,
        })
        .from(assignments)
        .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
        .where(and(eq(assignments.memberId, account.memberId), eq(purchases.memberId, account.companyOwnerId), eq(purchases.interfaceId, interfaceId)))
    : db
        .select({
          purchaseId: purchases.id,
          callsLeft: purchases.callsLeft,
          usable: sql<boolean>`${purchases.status} = 'active' and ${purchases.expiresAt} > now() and ${purchases.callsLeft} > 0`,
        })
        .from(purchases)
        .where(and(eq(purchases.memberId, account.memberId), eq(purchases.interfaceId, interfaceId)));
}
