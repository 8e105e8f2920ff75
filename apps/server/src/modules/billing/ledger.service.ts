// The ledger (账户流水, Decisions 67 and 164): the one place a company's balance changes. Every
// change is one row written in the same transaction as the balance, carrying the balance after
// it, so the rows of an account add up to its balance and each row's balance is the previous
// row's plus its amount. (kind, ref) is unique: a retried confirmation, renewal or refund finds
// its row already there and the transaction fails instead of booking it twice.
import {
  chinaClock,
  chinaDay,
  LEDGER_KIND_LABEL,
  LEDGER_MSG,
  type LedgerKind,
  type LedgerQuery,
  type LedgerRow,
  ledgerNo,
  pageOffset,
} from '@apimarket/contracts';
import { and, count, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { balances, ledger } from '../../db/schema';
import { likeLiteral } from '../../db/sql';
import { AppError, Invalid } from '../../http/errors';
import { type Account, companyMoneyReader } from '../account/access';

/** One movement as a service books it; amountFen is its size (never negative), the function gives the sign. */
export interface Entry {
  memberId: number;
  kind: LedgerKind;
  amountFen: number;
  /** The idempotency key: (kind, ref) is booked once. */
  ref: string;
  /** The number the customer knows the movement by: order number, transfer number, paid test number. */
  orderNo: string;
  note: string;
}

/** Credit the balance and write its row (the caller's transaction). */
export async function credit(tx: Tx, e: Entry): Promise<void> {
  const [row] = await tx
    .insert(balances)
    .values({ memberId: e.memberId, balanceFen: e.amountFen })
    .onConflictDoUpdate({ target: balances.memberId, set: { balanceFen: sql`${balances.balanceFen} + ${e.amountFen}` } })
    .returning({ fen: balances.balanceFen });
  await write(tx, e, e.amountFen, row?.fen ?? e.amountFen);
}

/** Debit the balance if it covers the amount, with its row; ALL_0070 (余额不足) otherwise. */
export async function debit(tx: Tx, e: Entry): Promise<void> {
  const [row] = await tx
    .update(balances)
    .set({ balanceFen: sql`${balances.balanceFen} - ${e.amountFen}` })
    .where(and(eq(balances.memberId, e.memberId), gte(balances.balanceFen, e.amountFen)))
    .returning({ fen: balances.balanceFen });
  if (!row) throw new AppError('ALL_0070');
  await write(tx, e, -e.amountFen, row.fen);
}

/**
 * A row that moves no money but belongs in the account's story (a paid test's unused calls
 * lapsing): amount 0, the balance as it stands. The balance row is locked so the figure is the
 * one a concurrent change would follow.
 */
export async function remark(tx: Tx, e: Omit<Entry, 'amountFen'>): Promise<void> {
  const [row] = await tx.select({ fen: balances.balanceFen }).from(balances).where(eq(balances.memberId, e.memberId)).for('update');
  await write(tx, { ...e, amountFen: 0 }, 0, row?.fen ?? 0);
}

async function write(tx: Tx, e: Entry, signedFen: number, afterFen: number) {
  if (!Number.isSafeInteger(e.amountFen) || e.amountFen < 0) throw new Error(`ledger amount must be a whole number of fen ≥ 0, got ${e.amountFen}`);
  await tx
    .insert(ledger)
    .values({ memberId: e.memberId, kind: e.kind, amountFen: signedFen, balanceAfterFen: afterFen, ref: e.ref, orderNo: e.orderNo, note: e.note });
}

// ── Reading it ─────────────────────────────────────────────────────────────────────────────────
const CHINA_OFFSET = '+08:00';
/** The instant a China day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00${CHINA_OFFSET}`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** A 流水号 names its row: L + China day + id. Its id is all the filter needs. */
function idOfLedgerNo(text: string): number | null {
  const m = /^L\d{8}(\d{8,})$/.exec(text);
  return m ? Number(m[1]) : null;
}

function filterOf(ownerId: number, q: Omit<LedgerQuery, 'pageNum' | 'pageSize' | 'export'>) {
  const byNumber = q.orderNo ? idOfLedgerNo(q.orderNo) : null;
  return and(
    eq(ledger.memberId, ownerId),
    q.kind ? eq(ledger.kind, q.kind) : undefined,
    q.startDate ? gte(ledger.createdAt, dayStart(q.startDate)) : undefined,
    q.endDate ? lt(ledger.createdAt, nextDay(q.endDate)) : undefined,
    byNumber !== null ? eq(ledger.id, byNumber) : q.orderNo ? like(ledger.orderNo, likeLiteral(q.orderNo)) : undefined,
  );
}

export function ledgerView(r: typeof ledger.$inferSelect): LedgerRow {
  const kind = r.kind as LedgerKind;
  return {
    id: r.id,
    ledgerNo: ledgerNo(r.id, r.createdAt),
    kind,
    kindLabel: LEDGER_KIND_LABEL[kind] ?? r.kind,
    orderNo: r.orderNo,
    note: r.note,
    amountFen: r.amountFen,
    balanceAfterFen: r.balanceAfterFen,
    createdAt: r.createdAt.toISOString(),
  };
}

/** mytrade/consume/list: newest first; each row carries the balance after it. */
export function listLedger(db: Db, account: Account, q: LedgerQuery): Promise<{ rows: LedgerRow[]; total: number }> {
  return ledgerOf(db, companyMoneyReader(account), q);
}

/** A page of one company's ledger (the member's list and the console's). */
export async function ledgerOf(db: Db, ownerId: number, q: LedgerQuery): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = filterOf(ownerId, q);
  const [rows, [total]] = await Promise.all([
    db.select().from(ledger).where(where).orderBy(desc(ledger.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: count() }).from(ledger).where(where),
  ]);
  return { rows: rows.map(ledgerView), total: total?.n ?? 0 };
}

export const LEDGER_EXPORT_MAX = 10_000;
export const LEDGER_EXPORT_COLUMNS = ['流水号', '时间', '类型', '关联单号', '说明', '收入（元）', '支出（元）', '余额（元）'] as const;

/** The rows of the filter, oldest first as a statement reads; more than LEDGER_EXPORT_MAX is refused, not cut short. */
export async function ledgerRowsForExport(db: Db, ownerId: number, q: LedgerQuery): Promise<LedgerRow[]> {
  const where = filterOf(ownerId, q);
  const [total] = await db.select({ n: count() }).from(ledger).where(where);
  if ((total?.n ?? 0) > LEDGER_EXPORT_MAX) throw new Invalid(LEDGER_MSG.tooMany);
  return (await db.select().from(ledger).where(where).orderBy(ledger.id).limit(LEDGER_EXPORT_MAX)).map(ledgerView);
}

/** One spreadsheet row of a ledger row: incomes and expenses in their own columns, in 元. */
export function ledgerCells(r: LedgerRow): Array<string | number> {
  return [
    r.ledgerNo,
    chinaClock(new Date(r.createdAt)),
    r.kindLabel,
    r.orderNo,
    r.note,
    r.amountFen > 0 ? r.amountFen / 100 : '',
    r.amountFen < 0 ? -r.amountFen / 100 : '',
    r.balanceAfterFen / 100,
  ];
}

/** The file name a ledger export is saved under: 账户流水-yyyyMMdd.xlsx (China day). */
export function ledgerFileName(now = new Date()): string {
  return `账户流水-${chinaDay(now).replaceAll('-', '')}.xlsx`;
}
