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
  type QueuePage,
  type ReviewDecisionInput,
} from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaces, members, payTests } from '../../db/schema';
import { balanceChanged, balanceOf } from '../billing/billing.service';
import { forget } from '../../memo';
import { maskMobile } from '../identity/context';
import { decidePayTest, PAY_TEST_COLUMNS } from '../paytest/paytest.service';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';
import { decideAudited, type ReviewDecision, iso, listQueue, otherRequests, type QueueDef, type QueueSelect, queueItem, queueRow, queueStatus } from './queue';

const HISTORY_LIMIT = 20;

function payTestQuery(db: Db) {
  return db
    .select({
      ...PAY_TEST_COLUMNS,
      memberId: payTests.memberId,
      loginName: members.loginName,
      decidedBy: payTests.decidedBy,
    })
    .from(payTests)
    .innerJoin(members, eq(members.id, payTests.memberId))
    .innerJoin(interfaces, eq(interfaces.id, payTests.interfaceId))
    .$dynamic();
}

type PayTestSelect = QueueSelect<ReturnType<typeof payTestQuery>>;

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

const QUEUE: QueueDef<PayTestQueueStatus, ReturnType<typeof payTestQuery>, PayTestQueueRow> = {
  statuses: PAY_TEST_QUEUE,
  waiting: 'applied',
  columns: payTests,
  keyword: [members.loginName, interfaces.interfaceName],
  missing: '付费测试申请不存在',
  query: payTestQuery,
  view: (r) => payTestView(r),
};

export function listPayTestQueue(db: Db, q: PayTestQueueQuery): Promise<QueuePage<PayTestQueueRow, PayTestQueueStatus>> {
  return listQueue(db, QUEUE, q);
}

export function payTestRow(db: Db, id: number): Promise<PayTestQueueRow> {
  return queueRow(db, QUEUE, id);
}

/** The application with the whole contact phone (the reviewer may call; audited), the balance the fee comes from, and the member's other tests. */
export async function payTestDetail(db: Db, actor: Actor, { id }: { id: number }): Promise<PayTestDetail> {
  const row = await queueItem(db, QUEUE, id);
  const [balanceFen, history] = await Promise.all([balanceOf(db, row.memberId), otherRequests(db, QUEUE, row.memberId, id, HISTORY_LIMIT)]);
  await recordAudit(db, actor, { action: 'paytest.view', targetType: 'payTest', targetId: id });
  return { ...payTestView(row, true), balanceFen, history: history.map((r) => payTestView(r)) };
}

export type PayTestDecisionInput = ReviewDecision<'approve' | 'reject'>;

/** decidePayTest with its audit record, in one transaction; a repeated decision writes nothing. */
export async function decidePayTestAs(db: Db, actor: Actor, d: PayTestDecisionInput) {
  const result = await decideAudited(
    db,
    actor,
    { action: `paytest.${d.decision}`, targetType: 'payTest' },
    (tx, operator) => decidePayTest(tx, { ...d, operator }),
    ({ row }) => ({
      before: { status: 'applied' },
      after: d.decision === 'approve' ? { status: row.status, calls: row.calls, feeFen: row.feeFen } : { status: row.status, reason: row.reason },
    }),
  );

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
