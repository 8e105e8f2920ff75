// The reviewer's queues of the console: enterprise authentication and paid tests — lists with
// counts per status, the detail an operator reads before deciding, and the audited decisions.
// A decision is the module's own decide* service run inside one transaction with its audit
// record; the console and `npm run console` both go through the functions here.
import {
  PAY_TEST_QUEUE,
  PAY_TEST_QUEUE_LABEL,
  type PayTestDetail,
  type PayTestQueueQuery,
  type PayTestQueueRow,
  type PayTestQueueStatus,
  pageOffset,
  QUALIFICATION_QUEUE,
  QUALIFICATION_QUEUE_LABEL,
  type QualificationDetail,
  type QualificationQueueQuery,
  type QualificationQueueRow,
  type QualificationQueueStatus,
  type QueuePage,
} from '@apimarket/contracts';
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { likeLiteral } from '../../db/sql';
import { interfaces, members, payTests, qualifications } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { balanceChanged, balanceOf } from '../billing/billing.service';
import { forgetPurchaseFacts, forgetQualification } from '../gateway/gateway.service';
import { maskMobile } from '../identity/context';
import { decidePayTest } from '../paytest/paytest.service';
import { type Decision, decideQualification } from '../qualification/qualification.service';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';

const HISTORY_LIMIT = 20;

// ── Shared by the queues ─────────────────────────────────────────────────────────────────────
/** What the decide* services store as decided_by: the operator's name, or `console` for the command line. */
export function decidedBy(actor: Actor): string {
  return actor.operatorId === null ? 'console' : actor.username;
}

/** A stored status as one of the queue's; statuses are written by code only, so the fallback never shows. */
export function queueStatus<S extends string>(values: readonly S[], value: string): S {
  return values.find((v) => v === value) ?? (values[0] as S);
}

/** Per-status counts (and their sum) of grouped rows, zero for a status with none. */
export function statusCounts<S extends string>(values: readonly S[], grouped: Array<{ status: string; n: number }>): Record<S | 'all', number> {
  const out = { all: 0 } as Record<S | 'all', number>;
  for (const v of values) out[v] = 0;
  for (const g of grouped) {
    const s = values.find((v) => v === g.status);
    if (s) out[s] += g.n;
    out.all += g.n;
  }
  return out;
}

/** The waiting items first when listing every status, then newest first. */
export function queueOrder(status: string, column: PgColumn, waiting: string, id: PgColumn): SQL[] {
  return status === 'all' ? [sql`(${column} = ${waiting}) desc`, desc(id)] : [desc(id)];
}

/** A case-insensitive substring match of the keyword on any of the columns. */
export function keywordMatch(keyword: string, columns: PgColumn[]): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = likeLiteral(keyword);
  return or(...columns.map((c) => ilike(c, pattern)));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

// ── Enterprise authentication ────────────────────────────────────────────────────────────────
function qualificationQuery(db: Db) {
  return db
    .select({
      id: qualifications.id,
      memberId: qualifications.memberId,
      loginName: members.loginName,
      companyName: qualifications.companyName,
      creditCode: qualifications.creditCode,
      legalPerson: qualifications.legalPerson,
      status: qualifications.status,
      reason: qualifications.reason,
      decidedBy: qualifications.decidedBy,
      decidedAt: qualifications.decidedAt,
      createdAt: qualifications.createdAt,
    })
    .from(qualifications)
    .innerJoin(members, eq(members.id, qualifications.memberId))
    .$dynamic();
}

type QualificationSelect = Awaited<ReturnType<ReturnType<typeof qualificationQuery>['execute']>>[number];

function qualificationView(r: QualificationSelect): QualificationQueueRow {
  const status = queueStatus(QUALIFICATION_QUEUE, r.status);
  return { ...r, status, statusLabel: QUALIFICATION_QUEUE_LABEL[status], decidedAt: iso(r.decidedAt), createdAt: r.createdAt.toISOString() };
}

export async function listQualifications(db: Db, q: QualificationQueueQuery): Promise<QueuePage<QualificationQueueRow, QualificationQueueStatus>> {
  const match = keywordMatch(q.keyword, [qualifications.companyName, members.loginName, qualifications.creditCode]);
  const where = and(match, q.status === 'all' ? undefined : eq(qualifications.status, q.status));
  const [rows, grouped] = await Promise.all([
    qualificationQuery(db)
      .where(where)
      .orderBy(...queueOrder(q.status, qualifications.status, 'pending', qualifications.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db
      .select({ status: qualifications.status, n: count() })
      .from(qualifications)
      .innerJoin(members, eq(members.id, qualifications.memberId))
      .where(match)
      .groupBy(qualifications.status),
  ]);
  const counts = statusCounts(QUALIFICATION_QUEUE, grouped);
  return { rows: rows.map(qualificationView), total: counts[q.status], counts };
}

export async function qualificationRow(db: Db, id: number): Promise<QualificationQueueRow> {
  const [row] = await qualificationQuery(db).where(eq(qualifications.id, id));
  if (!row) throw new NotFound('企业认证申请不存在');
  return qualificationView(row);
}

export async function qualificationDetail(db: Db, id: number): Promise<QualificationDetail> {
  const [[row], [contact]] = await Promise.all([
    db
      .select({ licencePath: qualifications.licencePath, memberId: qualifications.memberId })
      .from(qualifications)
      .where(eq(qualifications.id, id)),
    db
      .select({ contacter: members.contacter, contactMobile: members.contactMobile, mobile: members.mobile, email: members.contactEmail, position: members.position })
      .from(members)
      .innerJoin(qualifications, eq(qualifications.memberId, members.id))
      .where(eq(qualifications.id, id)),
  ]);
  if (!row || !contact) throw new NotFound('企业认证申请不存在');
  const [current, history] = await Promise.all([
    qualificationRow(db, id),
    qualificationQuery(db)
      .where(and(eq(qualifications.memberId, row.memberId), ne(qualifications.id, id)))
      .orderBy(desc(qualifications.id))
      .limit(HISTORY_LIMIT),
  ]);
  return {
    ...current,
    licenceUrl: row.licencePath ? `/apiHome/console/qualifications/licence/${id}` : '',
    // Until the member saves a business contact, the registration contact and login phone stand in.
    contacts: { contacter: contact.contacter, contactMobile: contact.contactMobile || contact.mobile, email: contact.email, position: contact.position },
    history: history.map(qualificationView),
  };
}

/** Where the licence image of an application is stored (its file-store key), and its type. */
export async function licenceOf(db: Db, id: number): Promise<{ path: string; type: string }> {
  const [row] = await db.select({ path: qualifications.licencePath, type: qualifications.licenceType }).from(qualifications).where(eq(qualifications.id, id));
  if (!row?.path) throw new NotFound('营业执照图片不存在');
  return row;
}

export interface QualificationDecision {
  application: Decision['application'];
  decision: 'approve' | 'reject';
  reason: string;
}

/** decideQualification with its audit record, in one transaction; a repeated decision writes nothing. */
export async function decideQualificationAs(db: Db, actor: Actor, d: QualificationDecision) {
  const decided = await db.transaction(async (tx) => {
    const result = await decideQualification(tx, { ...d, operator: decidedBy(actor) });
    if (result.changed) {
      await recordAudit(tx, actor, {
        action: `qualification.${d.decision}`,
        targetType: 'qualification',
        targetId: result.row.id,
        before: { status: 'pending' },
        after: d.decision === 'approve' ? { status: result.row.status } : { status: result.row.status, reason: result.row.reason },
      });
    }
    return result;
  });
  // Enterprise-only interfaces open (or close) for the company and its sub-accounts at once.
  if (decided.changed) forgetQualification();
  return decided;
}

// ── Paid tests ───────────────────────────────────────────────────────────────────────────────
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

/** The application with the whole contact phone (the reviewer may call), the balance the fee comes from, and the member's other tests. */
export async function payTestDetail(db: Db, id: number): Promise<PayTestDetail> {
  const [row] = await payTestQuery(db).where(eq(payTests.id, id));
  if (!row) throw new NotFound('付费测试申请不存在');
  const [balanceFen, history] = await Promise.all([
    balanceOf(db, row.memberId),
    payTestQuery(db)
      .where(and(eq(payTests.memberId, row.memberId), ne(payTests.id, id)))
      .orderBy(desc(payTests.id))
      .limit(HISTORY_LIMIT),
  ]);
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
        after: d.decision === 'approve' ? { status: out.row.status, calls: out.row.calls, feeFen: out.row.feeFen } : { status: out.row.status, reason: out.row.reason },
      });
    }
    return out;
  });
  // The service told the gateway and the balance watchers inside our transaction; tell them
  // again now that it has committed, so nobody re-reads the state from before it.
  if (result.changed && d.decision === 'approve') {
    forgetPurchaseFacts();
    balanceChanged(db, result.row.memberId);
  }
  return result;
}
