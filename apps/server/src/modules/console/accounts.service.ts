// The console's 账户资金 (issue #19, Decision 169): each company's balance and the ledger its
// members read, and finance's adjustment. An adjustment is one transaction: the balance and its
// ledger row (kind adjust, through the ledger service, so it can never overdraw), the audit record
// with the balance before and after, and the member's message. Its ref is the dialog's request id,
// so a second submission of the same dialog finds the row already booked and changes nothing.
import {
  FUNDS_MSG,
  type AccountAdjustInput,
  type AccountLedgerQuery,
  type AccountListQuery,
  type AccountRow,
  type AdjustResult,
  formatFen,
  type LedgerRow,
  ledgerNo,
} from '@apimarket/contracts';
import { and, count, desc, eq, ilike, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balances, ledger, members, qualifications } from '../../db/schema';
import { likeLiteral, paged } from '../../db/sql';
import { AppError, Invalid, NotFound } from '../../http/errors';
import { sendMessage } from '../account/messages.service';
import { balanceChanged } from '../billing/billing.service';
import { credit, debit, ledgerOf, ledgerRowsForExport } from '../billing/ledger.service';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';

const companyName = sql<string>`coalesce((select ${qualifications.companyName} from ${qualifications}
  where ${qualifications.memberId} = ${members.id} and ${qualifications.status} = 'approved'
  order by ${qualifications.id} desc limit 1), '')`;

/** Main accounts (a company's money is its main account's), newest movement first. */
export async function listAccounts(db: Db, _actor: Actor, q: AccountListQuery): Promise<{ rows: AccountRow[]; total: number }> {
  const where: SQL[] = [isNull(members.parentId)];
  if (q.keyword) {
    const text = likeLiteral(q.keyword);
    const match = [ilike(members.loginName, text), sql`${companyName} ilike ${text}`];
    const digits = q.keyword.replace(/[\s-]/g, '');
    if (/^\d{3,11}$/.test(digits)) match.push(like(members.mobile, `%${digits}%`));
    where.push(or(...match) as SQL);
  }
  const cond = and(...where);
  const movements = db
    .select({ memberId: ledger.memberId, n: count().as('n'), last: sql<Date>`max(${ledger.createdAt})`.as('last') })
    .from(ledger)
    .groupBy(ledger.memberId)
    .as('movements');
  const page = await paged(
    db
      .select({
        id: members.id,
        loginName: members.loginName,
        companyName,
        balanceFen: sql<number>`coalesce(${balances.balanceFen}, 0)`.mapWith(Number),
        movements: sql<number>`coalesce(${movements.n}, 0)`.mapWith(Number),
        lastMovementAt: movements.last,
      })
      .from(members)
      .leftJoin(balances, eq(balances.memberId, members.id))
      .leftJoin(movements, eq(movements.memberId, members.id))
      .where(cond)
      .orderBy(sql`${movements.last} desc nulls last`, desc(members.id))
      .$dynamic(),
    db
      .select({ n: count() })
      .from(members)
      .where(cond)
      .then(([r]) => r?.n ?? 0),
    q,
  );
  return {
    rows: page.rows.map((r) => ({ ...r, lastMovementAt: r.lastMovementAt ? new Date(r.lastMovementAt).toISOString() : null })),
    total: page.total,
  };
}

async function mainAccount(db: Db, memberId: number) {
  const [m] = await db.select({ id: members.id, parentId: members.parentId, loginName: members.loginName }).from(members).where(eq(members.id, memberId));
  if (!m) throw new NotFound(FUNDS_MSG.missing);
  if (m.parentId !== null) throw new Invalid(FUNDS_MSG.notMain);
  return m;
}

/** The member's ledger as the member reads it (a sub-account's is its company's). */
export async function accountLedger(db: Db, _actor: Actor, q: AccountLedgerQuery): Promise<{ rows: LedgerRow[]; total: number }> {
  const m = await mainAccount(db, q.memberId);
  return ledgerOf(db, m.id, q);
}

/** The same rows for a spreadsheet, with an audit record of who took them. */
export async function accountLedgerExport(db: Db, actor: Actor, q: AccountLedgerQuery): Promise<{ rows: LedgerRow[]; loginName: string }> {
  const m = await mainAccount(db, q.memberId);
  const rows = await ledgerRowsForExport(db, m.id, q);
  const { memberId, kind, startDate, endDate, orderNo } = q;
  await recordAudit(db, actor, {
    action: 'account.export',
    targetType: 'account',
    targetId: m.id,
    after: { filter: { memberId, kind, startDate, endDate, orderNo }, rows: rows.length },
  });
  return { rows, loginName: m.loginName };
}

export async function adjustBalance(db: Db, actor: Actor, input: AccountAdjustInput): Promise<AdjustResult & { message: string }> {
  const m = await mainAccount(db, input.memberId);
  const ref = `adjust:${input.requestId}`;
  const amount = formatFen(input.amount);
  const booked = async () => {
    const [row] = await db
      .select()
      .from(ledger)
      .where(and(eq(ledger.kind, 'adjust'), eq(ledger.ref, ref)));
    return row ?? null;
  };
  const earlier = await booked();
  if (earlier) return { changed: false, ledgerNo: ledgerNo(earlier.id, earlier.createdAt), balanceFen: earlier.balanceAfterFen, message: FUNDS_MSG.same };

  let row: typeof ledger.$inferSelect;
  try {
    row = await db.transaction(async (tx) => {
      const [before] = await tx.select({ fen: balances.balanceFen }).from(balances).where(eq(balances.memberId, m.id));
      const entry = { memberId: m.id, kind: 'adjust' as const, amountFen: input.amount, ref, orderNo: '', note: `平台调账：${input.reason}` };
      try {
        if (input.direction === 'credit') await credit(tx, entry);
        else await debit(tx, entry);
      } catch (err) {
        if (err instanceof AppError && err.code === 'ALL_0070') throw new Invalid(FUNDS_MSG.short(formatFen(before?.fen ?? 0)));
        throw err;
      }
      const [written] = await tx
        .select()
        .from(ledger)
        .where(and(eq(ledger.kind, 'adjust'), eq(ledger.ref, ref)));
      if (!written) throw new Error('adjustment row missing after booking');
      await recordAudit(tx, actor, {
        action: 'account.adjust',
        targetType: 'account',
        targetId: m.id,
        before: { balanceFen: before?.fen ?? 0 },
        after: { direction: input.direction, amountFen: input.amount, reason: input.reason, balanceFen: written.balanceAfterFen, ledgerId: written.id },
      });
      await sendMessage(tx, m.id, {
        kind: 'order',
        title: '账户余额调整',
        body: `平台已${input.direction === 'credit' ? '调增' : '调减'}您的账户余额 ${amount} 元，调整后余额 ${formatFen(written.balanceAfterFen)} 元。\n原因：${input.reason}`,
        link: '/userCenter/paymentManage/myOrder?tab=ledger',
      });
      return written;
    });
  } catch (err) {
    // Two submissions of the same dialog at once: the ledger's unique (kind, ref) let one in.
    const again = await booked();
    if (!again) throw err;
    return { changed: false, ledgerNo: ledgerNo(again.id, again.createdAt), balanceFen: again.balanceAfterFen, message: FUNDS_MSG.same };
  }
  balanceChanged(db, m.id);
  return {
    changed: true,
    ledgerNo: ledgerNo(row.id, row.createdAt),
    balanceFen: row.balanceAfterFen,
    message: input.direction === 'credit' ? FUNDS_MSG.credited(amount) : FUNDS_MSG.debited(amount),
  };
}
