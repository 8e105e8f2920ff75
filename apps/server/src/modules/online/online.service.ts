// 我的API's test and batch entries (Decision 121): a signed-in account calls its own purchase
// from the user center. A test is one call of the open data API through the gateway's own
// pipeline (runCall, via the session): checked, answered, charged and recorded like any other.
// Batch jobs are in batch.service.ts and batch.runner.ts.
import { type ApiTestInput, type ApiTestResult, ONLINE_MSG, type OnlineInterface, type OnlineParam, type OnlinePurchaseInput } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignedCallsLeft, assignments, interfaceDocs, interfaces, purchases } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { type GatewayDeps, runCall } from '../gateway/gateway.service';

export interface OwnPurchase {
  id: number;
  key: string;
  interfaceId: number;
  interfaceName: string;
  path: string;
  callsLeft: number;
  expiresAt: Date;
  usable: boolean;
  params: OnlineParam[];
}

/**
 * The account's own purchase with its interface's parameters; 404 for anybody else's. A
 * sub-account reaches its main account's purchase only through an assignment of its own
 * (Decision 177): its key, and the fewer of the allotment's and the purchase's calls left.
 */
export async function ownPurchase(db: Db, account: Account, purchaseId: number): Promise<OwnPurchase> {
  const base = {
    id: purchases.id,
    interfaceId: purchases.interfaceId,
    interfaceName: interfaces.interfaceName,
    path: interfaces.path,
    expiresAt: purchases.expiresAt,
    params: interfaceDocs.params,
  };
  const [row] = account.isSub
    ? await db
        .select({
          ...base,
          key: assignments.key,
          callsLeft: assignedCallsLeft,
          usable: sql<boolean>`${purchases.status} = 'active' and ${assignments.status} = 'active' and ${purchases.expiresAt} > now() and ${assignedCallsLeft} > 0`,
        })
        .from(assignments)
        .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
        .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
        .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, purchases.interfaceId))
        .where(and(eq(assignments.purchaseId, purchaseId), eq(assignments.memberId, account.memberId)))
    : await db
        .select({
          ...base,
          key: purchases.key,
          callsLeft: purchases.callsLeft,
          usable: sql<boolean>`${purchases.status} = 'active' and ${purchases.expiresAt} > now() and ${purchases.callsLeft} > 0`,
        })
        .from(purchases)
        .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
        .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, purchases.interfaceId))
        .where(and(eq(purchases.id, purchaseId), eq(purchases.memberId, account.memberId)));
  if (!row) throw new NotFound(ONLINE_MSG.purchaseMissing);
  return {
    ...row,
    params: row.params.map((p) => ({ name: p.name, type: p.type, required: p.required, description: p.description, example: p.example, media: mediaOf(p) })),
  };
}

/** What a base64 parameter carries, by its name (the catalogue names video parameters `video…`). */
function mediaOf(p: { name: string; type: string }): OnlineParam['media'] {
  if (p.type !== 'base64') return null;
  return /video/i.test(p.name) ? 'video' : 'image';
}

/** A sheet cannot carry an image or a video: interfaces that take one are tested one at a time. */
export const isBatchable = (params: readonly OnlineParam[]) => !params.some((p) => p.media !== null);
/** A video is too large to send from the page: interfaces that take one are only called. */
export const isTestable = (params: readonly OnlineParam[]) => !params.some((p) => p.media === 'video');

/** UserCenter/getInterfaceInfoTById, myOnline/showOnline. */
export async function onlineInterface(db: Db, account: Account, { purchaseId }: OnlinePurchaseInput): Promise<OnlineInterface> {
  const p = await ownPurchase(db, account, purchaseId);
  return {
    purchaseId: p.id,
    interfaceId: p.interfaceId,
    interfaceName: p.interfaceName,
    path: p.path,
    callsLeft: p.callsLeft,
    expiresAt: p.expiresAt.toISOString(),
    usable: p.usable,
    params: p.params,
    batchable: isBatchable(p.params),
    testable: isTestable(p.params),
  };
}

/** The segments of an interface's path (/{domain}/{sub}/{interfaceId}) as the gateway's route reads them. */
function routeOf(path: string): { domain: string; sub: string; interfaceId: string } {
  const [domain = '', sub = '', interfaceId = ''] = path.split('/').filter(Boolean);
  return { domain, sub, interfaceId };
}

/** One call of a purchase by its signed-in owner: the key is the purchase's, the caller's IP is recorded. */
export function callAsOwner(gateway: GatewayDeps, p: Pick<OwnPurchase, 'key' | 'path'>, params: Record<string, string>, ip: string, seqNo?: string) {
  return runCall(gateway, { ...routeOf(p.path), fields: { ...params, key: p.key }, ip, via: 'session', seqNo });
}

/** UserCenter/getApiTestData: one real call with the form's parameters. */
export async function apiTest(db: Db, gateway: GatewayDeps, account: Account, input: ApiTestInput, ip: string): Promise<ApiTestResult> {
  const p = await ownPurchase(db, account, input.purchaseId);
  if (!isTestable(p.params)) throw new Invalid(ONLINE_MSG.videoNotTestable);
  // Only the interface's own parameters travel: a stray field cannot pose as a protocol one.
  const known = new Set(p.params.map((x) => x.name));
  const params = Object.fromEntries(Object.entries(input.params).filter(([name]) => known.has(name)));
  const { answer, latencyMs, charged } = await callAsOwner(gateway, p, params, ip);
  const after = await ownPurchase(db, account, p.id).catch(() => p);
  return { answer, latencyMs, charged, callsLeft: after.callsLeft };
}
