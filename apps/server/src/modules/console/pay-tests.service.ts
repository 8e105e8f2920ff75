// The console's paid-test queue (area `payTests`): the list with counts per status (phones
// masked), the detail with the whole phone and the balance the fee comes from (opening it is
// audited), and the audited decision. `npm run console -- paytest` decides through decidePayTestAs.
import {
  PAY_TEST_QUEUE,
  PAY_TEST_QUEUE_LABEL,
  type PayTestDetail,
  type PayTestQueueQuery,
  type PayTestQueueRow,
  type PayTestQueueStatus,
  pageOffset,
  type QueuePage,
  type ReviewDecisionInput,
} from '@apimarket/contracts';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaces, members, payTests } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { balanceChanged, balanceOf } from '../billing/billing.service';
import { forget } from '../../memo';
import { maskMobile } from '../identity/context';
import { decidePayTest } from '../paytest/paytest.service';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';
import { decidedBy, iso, keywordMatch, queueOrder, queueStatus, statusCounts } from './queue';

const HISTORY_LIMIT = 20;

function payTestQuery(db: Db) {
  return db
    .select({
      id: payTests.id,
      memberId: payTests.memberId,
      loginName: members.loginName,
      interfaceId: payTests.interfaceId,
      interfaceName: interfaces.interfaceName,
      calls: payTests.calls,
      feeFen: payTests.feeFen,
      purpose: payTests.purpose,
      contactName: payTests.contactName,
      contactPhone: payTests.contactPhone,
      status: payTests.status,
      reason: payTests.reason,
      decidedBy: payTests.decidedBy,
      createdAt: payTests.createdAt,
      approvedAt: payTests.approvedAt,
      expiresAt: payTests.expiresAt,
    })
    .from(payTests)
    .innerJoin(members, eq(members.id, payTests.memberId))
    .innerJoin(interfaces, eq(interfaces.id, payTests.interfaceId))
    .$dynamic();
}

type PayTestSelect = Awaited<ReturnType<ReturnType<typeof payTestQuery>['execute']>>[number];

function payTestView(r: PayTestSelect, wholePhone = false): PayTestQueueRow {
  const status = queueStatus(PAY_TEST_QUEUE, r.status);
  return {
    ...r,
    contactPhone: wholePhone ? r.contactPhone : maskMobile(r.contactPhone),
    status,
    statusLabel: PAY_TEST_QUEUE_LABEL[status],
    createdAt: r.createdAt.toISOString(),
    approvedAt: iso(r.approvedAt),
    expiresAt: iso(r.expiresAt),
  };
}

export async function listPayTestQueue(db: Db, q: PayTestQueueQuery): Promise<QueuePage<PayTestQueueRow, PayTestQueueStatus>> {
  const match = keywordMatch(q.keyword, [members.loginName, interfaces.interfaceName]);
  const where = and(match, q.status === 'all' ? undefined : eq(payTests.status, q.status));
  const [rows, grouped] = await Promise.all([
    payTestQuery(db)
      .where(where)
      .orderBy(...queueOrder(q.status, payTests.status, 'applied', payTests.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db
      .select({ status: payTests.status, n: count() })
      .from(payTests)
      .innerJoin(members, eq(members.id, payTests.memberId))
      .innerJoin(interfaces, eq(interfaces.id, payTests.interfaceId))
      .where(match)
      .groupBy(payTests.status),
  ]);
  const counts = statusCounts(PAY_TEST_QUEUE, grouped);
  return { rows: rows.map((r) => payTestView(r)), total: counts[q.status], counts };
}

export async function payTestRow(db: Db, id: number): Promise<PayTestQueueRow> {
  const [row] = await payTestQuery(db).where(eq(payTests.id, id));
  if (!row) throw new NotFound('付费测试申请不存在');
  return payTestView(row);
}

/** The application with the whole contact phone (the reviewer may call; audited), the balance the fee comes from, and the member's other tests. */
export async function payTestDetail(db: Db, actor: Actor, { id }: { id: number }): Promise<PayTestDetail> {
  const [row] = await payTestQuery(db).where(eq(payTests.id, id));
  if (!row) throw new NotFound('付费测试申请不存在');
  const [balanceFen, history] = await Promise.all([
    balanceOf(db, row.memberId),
    payTestQuery(db)
      .where(and(eq(payTests.memberId, row.memberId), ne(payTests.id, id)))
      .orderBy(desc(payTests.id))
      .limit(HISTORY_LIMIT),
  ]);
  await recordAudit(db, actor, { action: 'paytest.view', targetType: 'payTest', targetId: id });
  return { ...payTestView(row, true), balanceFen, history: history.map((r) => payTestView(r)) };
}

export interface PayTestDecisionInput {
  id: number;
  decision: 'approve' | 'reject';
  reason: string;
}

/** decidePayTest with its audit record, in one transaction; a repeated decision writes nothing. */
export async function decidePayTestAs(db: Db, actor: Actor, d: PayTestDecisionInput) {
  const result = await db.transaction(async (tx) => {
    const out = await decidePayTest(tx, { ...d, operator: decidedBy(actor) });
    if (out.changed) {
      await recordAudit(tx, actor, {
        action: `paytest.${d.decision}`,
        targetType: 'payTest',
        targetId: out.row.id,
        before: { status: 'applied' },
        after:
          d.decision === 'approve'
            ? { status: out.row.status, calls: out.row.calls, feeFen: out.row.feeFen }
            : { status: out.row.status, reason: out.row.reason },
      });
    }
    return out;
  });
  // The service told the gateway and the balance watchers inside our transaction; tell them
  // again now that it has committed, so nobody re-reads the state from before it.
  if (result.changed && d.decision === 'approve') {
    forget('purchases');
    balanceChanged(db, result.row.memberId);
  }
  return result;
}

/** The queue's decision: decided as above, answered as the queue's row. */
export async function decidePayTestInQueue(db: Db, actor: Actor, input: ReviewDecisionInput): Promise<{ row: PayTestQueueRow; changed: boolean }> {
  const { changed } = await decidePayTestAs(db, actor, input);
  return { row: await payTestRow(db, input.id), changed };
}
