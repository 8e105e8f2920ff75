// What an account's purchases allow beyond calling the key: the judicial screens' interfaces
// (Decision 91) and the PDF verification receipt of batch results (Decision 92). Reads only;
// like myBuy/list they read the caller's own purchases and calls.
import {
  ENTITLEMENT_MSG,
  ENTITLEMENT_STATUS_LABEL,
  type EntitlementStatus,
  JUDICIAL_VIEW_INTERFACE_IDS,
  type LawInterfaceInfo,
  PDF_RECEIPT_CATEGORIES,
  TRUCK_SCORE_MODEL_IDS,
  type PdfExportCheck,
  type PdfExportCheckInput,
  pdfRefusal,
} from '@apimarket/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callRecords, categories, interfaces, purchases } from '../../db/schema';
import { NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { targetsOf } from '../query/query.service';

/**
 * myBuy/getMyLawInterfaceInfo: the five judicial visualisation interfaces and the account's
 * purchase of each — a sub-account's assignment, as 司法可视化 calls through it (targetsOf). With
 * several purchases of one, the one a query would use speaks: usable first, most calls left.
 */
export async function lawInterfaceInfo(db: Db, account: Account): Promise<LawInterfaceInfo[]> {
  const ids = [...JUDICIAL_VIEW_INTERFACE_IDS];
  const [names, targets] = await Promise.all([
    db.select({ id: interfaces.id, name: interfaces.interfaceName }).from(interfaces).where(inArray(interfaces.id, ids)),
    targetsOf(db, account, ids),
  ]);
  const usable = (t: (typeof targets)[number]) => Boolean(t.live) && t.callsLeft > 0;
  const now = Date.now();
  return ids.flatMap((id) => {
    const name = names.find((n) => n.id === id)?.name;
    if (name === undefined) return []; // not in this deployment's catalogue
    const [best] = targets.filter((t) => t.interfaceId === id).sort((a, b) => Number(usable(b)) - Number(usable(a)) || b.callsLeft - a.callsLeft);
    const status: EntitlementStatus = !best
      ? 'none'
      : usable(best)
        ? 'active'
        : best.expiresAt.getTime() <= now
          ? 'expired'
          : !best.live
            ? 'stopped'
            : 'exhausted';
    return [
      {
        id,
        name,
        purchased: best !== undefined,
        callsLeft: Math.max(0, best?.callsLeft ?? 0),
        expiresAt: best?.expiresAt.toISOString() ?? null,
        status,
        statusLabel: ENTITLEMENT_STATUS_LABEL[status],
        usable: status === 'active',
      },
    ];
  });
}

/**
 * dataApi/verifyBatchExportInterfacePdf: the receipt is for verification families only, and for
 * results the account can have: an active purchase (not stopped, not expired) or calls of its
 * own that produced a result (billable answers).
 */
export async function pdfExportCheck(db: Db, account: Account, { interfaceId }: PdfExportCheckInput): Promise<PdfExportCheck> {
  const [iface] = await db
    .select({ name: interfaces.interfaceName, categoryId: interfaces.categoryId, categoryName: categories.categoryName })
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .where(eq(interfaces.id, interfaceId));
  if (!iface) throw new NotFound(ENTITLEMENT_MSG.interfaceMissing);
  const refuse = (reason: string): PdfExportCheck => ({ interfaceId, allowed: false, reason });
  if (!(iface.categoryId in PDF_RECEIPT_CATEGORIES)) return refuse(pdfRefusal.family(iface.name, iface.categoryName));

  const [[purchase], [answered]] = await Promise.all([
    db
      .select({ status: purchases.status, expired: sql<boolean>`${purchases.expiresAt} <= now()` })
      .from(purchases)
      .where(and(eq(purchases.memberId, account.memberId), eq(purchases.interfaceId, interfaceId))),
    db
      .select({ id: callRecords.id })
      .from(callRecords)
      .where(and(eq(callRecords.memberId, account.memberId), eq(callRecords.interfaceId, interfaceId), eq(callRecords.billable, true)))
      .limit(1),
  ]);
  const active = purchase?.status === 'active' && !purchase.expired;
  if (active || answered) return { interfaceId, allowed: true, reason: '' };
  if (!purchase) return refuse(pdfRefusal.notPurchased(iface.name));
  return refuse(purchase.status === 'stopped' ? pdfRefusal.stopped(iface.name) : pdfRefusal.expired(iface.name));
}

/**
 * dataApi/checkTruckInterface: whether the account — or, for a sub-account, its main account —
 * has bought a truck score model (9963 or 9964), which opens the truck model screens (spec 02
 * §6). Any purchase counts, in whatever state: the screens then say what it allows (Decision 122).
 */
export async function truckModelAccess(db: Db, account: Account): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(inArray(purchases.memberId, [account.memberId, account.companyOwnerId]), inArray(purchases.interfaceId, [...TRUCK_SCORE_MODEL_IDS])))
    .limit(1);
  return row !== undefined;
}
