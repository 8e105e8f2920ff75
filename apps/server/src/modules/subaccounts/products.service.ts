// productManagement/* (spec 02 §2 accountManage/product, §7 "Sub-accounts and products"; issue #20):
// a main account gives its sub-accounts their own keys to its purchases, stops and resumes them,
// and reads what each used. The charging itself happens in the gateway (gateway_commit v4).
import {
  ASSIGNMENT_STATUS_LABEL,
  type ASSIGNMENT_STATUSES,
  type AssignableRow,
  type AssignInput,
  type AssignmentListInput,
  type AssignmentRow,
  chinaClock,
  chinaDay,
  GATEWAY_SUCCESS,
  pageOffset,
  type PageQuery,
  SUB_ACCOUNT_LIMITS,
  SUB_MSG,
  type SubStatsInput,
  subStatsPeriod,
} from '@apimarket/contracts';
import { and, asc, between, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, callRecords, callStats, interfaces, members, purchases, subAccounts } from '../../db/schema';
import { likeLiteral } from '../../db/sql';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors';
import { forget } from '../../memo';
import type { Account } from '../account/access';
import { newPurchaseKey } from '../billing/billing.service';
import { loadExcel } from '../../files';

type Status = (typeof ASSIGNMENT_STATUSES)[number];
type StateAction = 'stop' | 'resume';

/** A sub-account manages nothing: only the main account assigns, stops and reads its sub-accounts' use. */
function mainOnly(account: Account): void {
  if (account.isSub) throw new Forbidden(SUB_MSG.mainOnly);
}

/** One of the caller's sub-accounts, or 404 (another account's id reads the same as a missing one). */
async function ownSub(db: Db, account: Account, id: number): Promise<void> {
  const [sub] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), eq(members.parentId, account.memberId)));
  if (!sub) throw new NotFound(SUB_MSG.subMissing);
}

const usable = sql<boolean>`(${purchases.status} = 'active' and ${purchases.expiresAt} > now() and ${purchases.callsLeft} > 0)`;

// ── interfaceList ────────────────────────────────────────────────────────────────────────────
/** The caller's purchases, newest first, each with how many sub-accounts hold an active key to it. */
export async function assignableInterfaces(db: Db, account: Account): Promise<AssignableRow[]> {
  mainOnly(account);
  const rows = await db
    .select({
      purchaseId: purchases.id,
      interfaceId: purchases.interfaceId,
      interfaceName: interfaces.interfaceName,
      callsLeft: purchases.callsLeft,
      expiresAt: purchases.expiresAt,
      usable,
      assignedTo: sql<number>`(select count(*) from ${assignments} where ${assignments.purchaseId} = ${purchases.id} and ${assignments.status} = 'active')::int`,
    })
    .from(purchases)
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(eq(purchases.memberId, account.memberId))
    .orderBy(desc(purchases.id));
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }));
}

// ── interfaceAssign ──────────────────────────────────────────────────────────────────────────
/**
 * Gives each named sub-account its own key to one of the caller's purchases, or renews the terms
 * of the key it has: `calls` is what it may still make from now (allotted = used + calls), empty
 * for no call limit of its own (amount-mode sub-accounts only, whose money allotment limits
 * them). Assigning again also resumes a stopped assignment: it is an explicit act of the main
 * account. All or nothing, in one transaction.
 */
export async function assignInterface(db: Db, account: Account, input: AssignInput): Promise<{ created: number; updated: number }> {
  mainOnly(account);
  const result = await db.transaction(async (tx) => {
    const [purchase] = await tx
      .select({ id: purchases.id, usable })
      .from(purchases)
      .where(and(eq(purchases.id, input.purchaseId), eq(purchases.memberId, account.memberId)));
    if (!purchase) throw new NotFound(SUB_MSG.purchaseMissing);
    if (!purchase.usable) throw new Conflict(SUB_MSG.purchaseUnusable);

    const subs = await tx
      .select({ id: members.id, billingMode: sql<string>`coalesce(${subAccounts.billingMode}, 'calls')` })
      .from(members)
      .leftJoin(subAccounts, eq(subAccounts.memberId, members.id))
      .where(and(inArray(members.id, input.subAccountIds), eq(members.parentId, account.memberId)));
    if (subs.length !== input.subAccountIds.length) throw new NotFound(SUB_MSG.subMissing);
    if (input.calls === undefined && subs.some((s) => s.billingMode !== 'amount')) throw new Invalid(SUB_MSG.callsRequired);

    const calls = input.calls ?? null;
    // One statement, so two main-account sessions assigning at once cannot both insert the same
    // (sub-account, purchase): the second updates what the first made. The allotment counts from
    // calls_used as the row stands under its lock, so calls the gateway charges meanwhile count.
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    const written = await tx
      .insert(assignments)
      .values(input.subAccountIds.map((memberId) => ({ memberId, purchaseId: purchase.id, key: newPurchaseKey(), callsAllotted: calls })))
      .onConflictDoUpdate({
        target: [assignments.memberId, assignments.purchaseId],
        set: {
          callsAllotted: sql`case when excluded.calls_allotted is null then null else ${assignments.callsUsed} + excluded.calls_allotted end`,
          status: 'active',
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: assignments.id, created: sql<boolean>`(${assignments}.xmax = 0)` });
    const created = written.filter((w) => w.created).length;
    return { created, updated: written.length - created };
  });
  forget('purchases');
  return result;
}

// ── changeState / batchChangeInterfaceState ──────────────────────────────────────────────────
const FROM: Record<StateAction, Status> = { stop: 'active', resume: 'stopped' };
const TO: Record<StateAction, Status> = { stop: 'stopped', resume: 'active' };

/** The caller's sub-accounts, as a condition on assignments.member_id. */
const ofCallersSubs = (account: Account) =>
  inArray(assignments.memberId, sql`(select ${members.id} from ${members} where ${members.parentId} = ${account.memberId})`);

/** Stops or resumes one assignment; asking for the state it is in answers 409 with that state. */
export async function changeAssignmentState(db: Db, account: Account, input: { id: number; action: StateAction }): Promise<void> {
  mainOnly(account);
  const [changed] = await db
    .update(assignments)
    .set({ status: TO[input.action] })
    .where(and(eq(assignments.id, input.id), ofCallersSubs(account), eq(assignments.status, FROM[input.action])))
    .returning({ id: assignments.id });
  if (!changed) {
    // Nothing changed: either not the caller's, or already in the asked state (perhaps just now).
    const [row] = await db
      .select({ status: assignments.status })
      .from(assignments)
      .where(and(eq(assignments.id, input.id), ofCallersSubs(account)));
    if (!row) throw new NotFound(SUB_MSG.assignmentMissing);
    throw new Conflict(input.action === 'stop' ? SUB_MSG.alreadyStopped : SUB_MSG.alreadyActive);
  }
  forget('purchases');
}

/** Stops or resumes those of the ids that are the caller's and not already so; answers how many changed. */
export async function changeAssignmentStates(db: Db, account: Account, input: { ids: number[]; action: StateAction }): Promise<{ changed: number }> {
  mainOnly(account);
  const changed = await db
    .update(assignments)
    .set({ status: TO[input.action] })
    .where(and(inArray(assignments.id, input.ids), ofCallersSubs(account), eq(assignments.status, FROM[input.action])))
    .returning({ id: assignments.id });
  if (changed.length > 0) forget('purchases');
  return { changed: changed.length };
}

// ── page / productDownload ───────────────────────────────────────────────────────────────────
const assignmentQuery = (db: Db) =>
  db
    .select({
      id: assignments.id,
      subAccountId: assignments.memberId,
      loginName: members.loginName,
      contacter: members.contacter,
      subCompanyName: sql<string>`coalesce(${subAccounts.subCompanyName}, '')`,
      purchaseId: assignments.purchaseId,
      interfaceId: purchases.interfaceId,
      interfaceName: interfaces.interfaceName,
      // The whole key never leaves the database here: its holder reads it in 我的API.
      keyMasked: sql<string>`left(${assignments.key}, 4) || '****' || right(${assignments.key}, 4)`,
      callsAllotted: assignments.callsAllotted,
      callsUsed: assignments.callsUsed,
      purchaseCallsLeft: purchases.callsLeft,
      expiresAt: purchases.expiresAt,
      status: assignments.status,
      lastCallAt: assignments.lastCallAt,
      createdAt: assignments.createdAt,
    })
    .from(assignments)
    .innerJoin(members, eq(members.id, assignments.memberId))
    .leftJoin(subAccounts, eq(subAccounts.memberId, assignments.memberId))
    .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId));

type RawAssignment = Awaited<ReturnType<ReturnType<typeof assignmentQuery>['execute']>>[number];

function assignmentView(r: RawAssignment): AssignmentRow {
  const status: Status = r.status === 'stopped' ? 'stopped' : 'active';
  return {
    ...r,
    callsLeft: r.callsAllotted === null ? null : r.callsAllotted - r.callsUsed,
    expiresAt: r.expiresAt.toISOString(),
    status,
    statusLabel: ASSIGNMENT_STATUS_LABEL[status],
    lastCallAt: r.lastCallAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The filter of the list and its file; a sub-account id that is not the caller's answers 404, never an empty list. */
async function assignmentFilter(db: Db, account: Account, f: Omit<AssignmentListInput, 'pageNum' | 'pageSize'>) {
  mainOnly(account);
  if (f.subAccountId !== undefined) await ownSub(db, account, f.subAccountId);
  return and(
    eq(members.parentId, account.memberId),
    eq(purchases.memberId, account.memberId),
    f.subAccountId === undefined ? undefined : eq(assignments.memberId, f.subAccountId),
    f.interfaceName ? sql`${interfaces.interfaceName} like ${likeLiteral(f.interfaceName)}` : undefined,
    f.status === undefined ? undefined : eq(assignments.status, f.status),
  );
}

const countAssignments = (db: Db, where: ReturnType<typeof and>) =>
  db
    .select({ n: count() })
    .from(assignments)
    .innerJoin(members, eq(members.id, assignments.memberId))
    .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(where);

/** productManagement/page: the assignments of the caller's sub-accounts, newest first. */
export async function listAssignments(db: Db, account: Account, input: AssignmentListInput): Promise<{ rows: AssignmentRow[]; total: number }> {
  const where = await assignmentFilter(db, account, input);
  const [rows, [total]] = await Promise.all([
    assignmentQuery(db).where(where).orderBy(desc(assignments.id)).limit(input.pageSize).offset(pageOffset(input)),
    countAssignments(db, where),
  ]);
  return { rows: rows.map(assignmentView), total: total?.n ?? 0 };
}

export const ASSIGNMENT_EXPORT_COLUMNS = ['子账号', '联系人', '部门', '接口', '分配次数', '已用', '剩余', '状态', '最近调用', '分配时间'] as const;
/** Shown for an allotment without a call limit of its own. */
const NO_LIMIT = '不限';

/** productManagement/productDownload: the list's filter as 产品分配-yyyyMMdd.xlsx; more than exportMax rows is refused, not cut short. */
export async function exportAssignments(db: Db, account: Account, input: Omit<AssignmentListInput, 'pageNum' | 'pageSize'>): Promise<Buffer> {
  const where = await assignmentFilter(db, account, input);
  const max = SUB_ACCOUNT_LIMITS.exportMax;
  const [total] = await countAssignments(db, where);
  if ((total?.n ?? 0) > max) throw new Invalid(SUB_MSG.exportTooMany);
  const rows = (await assignmentQuery(db).where(where).orderBy(desc(assignments.id)).limit(max)).map(assignmentView);

  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  book.created = new Date();
  const sheet = book.addWorksheet('产品分配', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [18, 12, 18, 28, 12, 10, 12, 8, 20, 20];
  sheet.columns = ASSIGNMENT_EXPORT_COLUMNS.map((header, i) => ({ header, width: widths[i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      r.loginName,
      r.contacter,
      r.subCompanyName,
      r.interfaceName,
      r.callsAllotted ?? NO_LIMIT,
      r.callsUsed,
      r.callsLeft ?? NO_LIMIT,
      r.statusLabel,
      r.lastCallAt ? chinaClock(new Date(r.lastCallAt)) : '',
      chinaClock(new Date(r.createdAt)),
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The file name the browser saves: 产品分配-yyyyMMdd.xlsx (China day). */
export function assignmentsFileName(now = new Date()): string {
  return `产品分配-${chinaDay(now).replaceAll('-', '')}.xlsx`;
}

// ── productDetailList ────────────────────────────────────────────────────────────────────────
/** The calls made with one assignment's key (its sub-account's records of that purchase), newest first. */
export async function assignmentCalls(db: Db, account: Account, input: PageQuery & { id: number }) {
  mainOnly(account);
  const [a] = await db
    .select({ memberId: assignments.memberId, purchaseId: assignments.purchaseId })
    .from(assignments)
    .where(and(eq(assignments.id, input.id), ofCallersSubs(account)));
  if (!a) throw new NotFound(SUB_MSG.assignmentMissing);
  const where = and(eq(callRecords.memberId, a.memberId), eq(callRecords.purchaseId, a.purchaseId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        seqNo: callRecords.seqNo,
        code: callRecords.code,
        charged: callRecords.charged,
        latencyMs: callRecords.latencyMs,
        createdAt: callRecords.createdAt,
      })
      .from(callRecords)
      .where(where)
      .orderBy(desc(callRecords.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ n: count() }).from(callRecords).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, charged: r.charged > 0, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
  };
}

// ── membershipInterfaceStatisticsInfo ────────────────────────────────────────────────────────
const sumOf = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(${expr}, 0)::text`.mapWith(Number);

/**
 * Each of the caller's sub-accounts (or the one asked) over the period's China days, from
 * call_stats, where gateway_commit counts a sub-account's calls under its own id. A sub-account
 * that made no call is a row of zeros, so the table lists every team.
 */
export async function subAccountStatistics(db: Db, account: Account, input: SubStatsInput) {
  mainOnly(account);
  if (input.subAccountId !== undefined) await ownSub(db, account, input.subAccountId);
  const period = subStatsPeriod(input);
  const subs = await db
    .select({ subAccountId: members.id, loginName: members.loginName, contacter: members.contacter })
    .from(members)
    .where(and(eq(members.parentId, account.memberId), input.subAccountId === undefined ? undefined : eq(members.id, input.subAccountId)))
    .orderBy(asc(members.id));
  if (subs.length === 0) return { rows: [], period };
  const figures = await db
    .select({
      memberId: callStats.memberId,
      // Calls refused before an interface was known count under interface 0: no interface used.
      interfaces: sql<number>`count(distinct ${callStats.interfaceId}) filter (where ${callStats.interfaceId} > 0)`.mapWith(Number),
      calls: sumOf(sql`sum(${callStats.calls})`),
      success: sumOf(sql`sum(${callStats.calls}) filter (where ${callStats.code} = ${GATEWAY_SUCCESS})`),
      chargedCalls: sumOf(sql`sum(${callStats.charged})`),
      costMfen: sumOf(sql`sum(${callStats.costMfen})`),
    })
    .from(callStats)
    .where(
      and(
        inArray(
          callStats.memberId,
          subs.map((s) => s.subAccountId),
        ),
        between(callStats.day, period.startDate, period.endDate),
      ),
    )
    .groupBy(callStats.memberId);
  const byMember = new Map(figures.map((f) => [f.memberId, f]));
  const rows = subs.map((s) => {
    const f = byMember.get(s.subAccountId);
    return {
      ...s,
      interfaces: f?.interfaces ?? 0,
      calls: f?.calls ?? 0,
      success: f?.success ?? 0,
      chargedCalls: f?.chargedCalls ?? 0,
      // Rounded to the fen as every usage figure is (mfenToYuan).
      costFen: Math.round((f?.costMfen ?? 0) / 1000),
    };
  });
  return { rows, period };
}
