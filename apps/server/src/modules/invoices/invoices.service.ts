// Invoices (issue #19). What may be invoiced is what was consumed: the balance debited for
// purchases, renewals and paid tests, less the refunds credited back (a recharge is never
// invoiced, so a recharge later refunded never needs a red invoice). A request and an issue each
// lock the company's member row, so two at once cannot invoice more than was paid; an approved
// refund that leaves the issued invoices above what was paid records a red-invoice requirement
// for the excess. Every figure is integer fen.
import {
  chinaDay,
  formatFen,
  INVOICE_KIND_LABEL,
  INVOICE_MSG,
  INVOICE_STATUS,
  INVOICE_STATUS_LABEL,
  INVOICE_TYPE_LABEL,
  INVOICE_LIMITS,
  type InvoiceKind,
  type InvoiceRequestInput,
  type InvoiceRow,
  type InvoiceStatus,
  type InvoiceSummary,
  type InvoiceTitleInput,
  type InvoiceTitleRow,
  type InvoiceType,
  pageOffset,
} from '@apimarket/contracts';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoices, invoiceTitles, ledger, members, refunds } from '../../db/schema';
import { Forbidden, Invalid, NotFound } from '../../http/errors';
import type { FileStore } from '../../storage';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { currentQualification } from '../qualification/qualification.service';

type Reader = Db | Tx;

export const INVOICE_LINK = '/userCenter/paymentManage/invoice';

/** Kinds of ledger rows whose debits are consumption, and so may be invoiced. */
export const INVOICEABLE_KINDS = ['purchase', 'renewal', 'paytest'] as const;

/** Only the main account invoices: the money is its own. */
export function mainAccountOnly(account: Account) {
  if (account.isSub) throw new Forbidden(INVOICE_MSG.subAccount);
}

// ── Figures ──────────────────────────────────────────────────────────────────────────────────
const num = (v: string | number | null | undefined) => Number(v ?? 0);

/**
 * The company's figures: spent (debits of INVOICEABLE_KINDS), refunded (refund credits),
 * invoiced (blue requests waiting or issued, less red requirements), issued (blue issued, less
 * red requirements) and what may still be invoiced.
 */
export async function figuresOf(db: Reader, memberId: number): Promise<InvoiceSummary & { issuedFen: number }> {
  const kinds = sql.join(
    INVOICEABLE_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const [[money], [inv]] = await Promise.all([
    db
      .select({
        spent: sql<string>`coalesce(sum(-${ledger.amountFen}) filter (where ${ledger.kind} in (${kinds}) and ${ledger.amountFen} < 0), 0)::text`,
        refunded: sql<string>`coalesce(sum(${ledger.amountFen}) filter (where ${ledger.kind} = 'refund' and ${ledger.amountFen} > 0), 0)::text`,
      })
      .from(ledger)
      .where(eq(ledger.memberId, memberId)),
    db
      .select({
        invoiced: sql<string>`coalesce(sum(case when ${invoices.kind} = 'red' then -${invoices.amountFen} when ${invoices.status} in ('requested', 'issued') then ${invoices.amountFen} else 0 end), 0)::text`,
        issued: sql<string>`coalesce(sum(case when ${invoices.kind} = 'red' then -${invoices.amountFen} when ${invoices.status} = 'issued' then ${invoices.amountFen} else 0 end), 0)::text`,
      })
      .from(invoices)
      .where(eq(invoices.memberId, memberId)),
  ]);
  const spentFen = num(money?.spent);
  const refundedFen = num(money?.refunded);
  const invoicedFen = num(inv?.invoiced);
  return { spentFen, refundedFen, invoicedFen, issuedFen: num(inv?.issued), invoiceableFen: Math.max(0, spentFen - refundedFen - invoicedFen) };
}

export async function summaryOf(db: Db, account: Account): Promise<InvoiceSummary> {
  mainAccountOnly(account);
  const { issuedFen: _issued, ...summary } = await figuresOf(db, account.memberId);
  return summary;
}

/** Serialises everything that moves a company's invoiced amount: requests, issues, red requirements. */
async function lockCompany(tx: Tx, memberId: number) {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
}

// ── Titles ───────────────────────────────────────────────────────────────────────────────────
type TitleStored = typeof invoiceTitles.$inferSelect;

function titleView(t: TitleStored): InvoiceTitleRow {
  const type = t.type === 'special' ? 'special' : 'normal';
  return {
    id: t.id,
    type,
    typeLabel: INVOICE_TYPE_LABEL[type],
    companyName: t.companyName,
    taxNo: t.taxNo,
    address: t.address,
    phone: t.phone,
    bankName: t.bankName,
    bankAccount: t.bankAccount,
    isDefault: t.isDefault,
    createdAt: t.createdAt.toISOString(),
  };
}

export async function listTitles(db: Db, account: Account): Promise<InvoiceTitleRow[]> {
  mainAccountOnly(account);
  const rows = await db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.memberId, account.memberId))
    .orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.id));
  return rows.map(titleView);
}

/** Names compared as a tax office reads them: full- and half-width brackets alike, no spaces. */
const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.replace(/（/g, '(').replace(/）/g, ')').replace(/\s+/g, '');
  return norm(a) === norm(b);
};

/** A special invoice is for the authenticated company only: its name and credit code. */
async function checkSpecial(db: Reader, account: Account, input: Pick<InvoiceTitleInput, 'type' | 'companyName' | 'taxNo'>) {
  if (input.type !== 'special') return;
  const q = await currentQualification(db as Db, account.companyOwnerId);
  if (q?.status !== 'approved') throw new Invalid(INVOICE_MSG.specialNotQualified);
  if (!sameName(q.companyName, input.companyName)) throw new Invalid(INVOICE_MSG.specialNameMismatch);
  if (q.creditCode.toUpperCase() !== input.taxNo) throw new Invalid(INVOICE_MSG.specialTaxNoMismatch);
}

async function ownTitle(db: Reader, account: Account, id: number): Promise<TitleStored> {
  const [t] = await db
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.memberId, account.memberId)));
  if (!t) throw new NotFound(INVOICE_MSG.titleMissing);
  return t;
}

/** Adds a title, or edits one of the account's; the first title, or one saved as default, becomes the default. */
export async function saveTitle(db: Db, account: Account, input: InvoiceTitleInput): Promise<InvoiceTitleRow> {
  mainAccountOnly(account);
  await checkSpecial(db, account, input);
  return db.transaction(async (tx) => {
    await lockCompany(tx, account.memberId);
    const [existing] = await tx.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.memberId, account.memberId));
    const n = existing?.n ?? 0;
    const fields = {
      type: input.type,
      companyName: input.companyName,
      taxNo: input.taxNo,
      address: input.address,
      phone: input.phone,
      bankName: input.bankName,
      bankAccount: input.bankAccount,
    };
    let id: number;
    if (input.id !== undefined) {
      id = (await ownTitle(tx, account, input.id)).id;
      await tx.update(invoiceTitles).set(fields).where(eq(invoiceTitles.id, id));
    } else {
      if (n >= INVOICE_LIMITS.titlesMax) throw new Invalid(INVOICE_MSG.titlesTooMany);
      const [row] = await tx
        .insert(invoiceTitles)
        .values({ memberId: account.memberId, ...fields })
        .returning({ id: invoiceTitles.id });
      id = row?.id ?? 0;
    }
    if (input.isDefault || n === 0) await makeDefault(tx, account.memberId, id);
    return titleView(await ownTitle(tx, account, id));
  });
}

async function makeDefault(tx: Tx, memberId: number, id: number) {
  await tx
    .update(invoiceTitles)
    .set({ isDefault: false })
    .where(and(eq(invoiceTitles.memberId, memberId), ne(invoiceTitles.id, id), eq(invoiceTitles.isDefault, true)));
  await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, id));
}

export async function setDefaultTitle(db: Db, account: Account, id: number): Promise<InvoiceTitleRow> {
  mainAccountOnly(account);
  return db.transaction(async (tx) => {
    await lockCompany(tx, account.memberId);
    await ownTitle(tx, account, id);
    await makeDefault(tx, account.memberId, id);
    return titleView(await ownTitle(tx, account, id));
  });
}

/** Deletes a title (requests keep their copy); the newest remaining one becomes the default. */
export async function deleteTitle(db: Db, account: Account, id: number): Promise<void> {
  mainAccountOnly(account);
  await db.transaction(async (tx) => {
    await lockCompany(tx, account.memberId);
    const t = await ownTitle(tx, account, id);
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, id));
    if (!t.isDefault) return;
    const [next] = await tx
      .select({ id: invoiceTitles.id })
      .from(invoiceTitles)
      .where(eq(invoiceTitles.memberId, account.memberId))
      .orderBy(desc(invoiceTitles.id))
      .limit(1);
    if (next) await makeDefault(tx, account.memberId, next.id);
  });
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────
export type InvoiceStored = typeof invoices.$inferSelect;

/** A request's number: FP + its China day + its id, so it sorts and never repeats. */
export function requestNo(id: number, createdAt: Date): string {
  return `FP${chinaDay(createdAt).replaceAll('-', '')}${String(id).padStart(8, '0')}`;
}

export function invoiceStatus(value: string): InvoiceStatus {
  return INVOICE_STATUS.find((s) => s === value) ?? 'requested';
}

export function invoiceView(r: InvoiceStored): InvoiceRow {
  const kind: InvoiceKind = r.kind === 'red' ? 'red' : 'blue';
  const type: InvoiceType = r.type === 'special' ? 'special' : 'normal';
  const status = invoiceStatus(r.status);
  return {
    id: r.id,
    requestNo: requestNo(r.id, r.createdAt),
    kind,
    kindLabel: INVOICE_KIND_LABEL[kind],
    type,
    typeLabel: INVOICE_TYPE_LABEL[type],
    companyName: r.companyName,
    taxNo: r.taxNo,
    address: r.address,
    phone: r.phone,
    bankName: r.bankName,
    bankAccount: r.bankAccount,
    amountFen: r.amountFen,
    email: r.email,
    status,
    statusLabel: INVOICE_STATUS_LABEL[status],
    reason: r.reason,
    invoiceNo: r.invoiceNo,
    invoiceDate: r.invoiceDate,
    hasPdf: r.pdfKey !== '',
    refundId: r.refundId,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

/**
 * A request for at most what may be invoiced, with the title as it is now. The company's row is
 * locked first, so a second request at the same moment counts this one.
 */
export async function requestInvoice(db: Db, account: Account, input: InvoiceRequestInput): Promise<InvoiceRow> {
  mainAccountOnly(account);
  return db.transaction(async (tx) => {
    await lockCompany(tx, account.memberId);
    const title = await ownTitle(tx, account, input.titleId);
    // A special invoice's title must still be the authenticated company's (it may have changed since the title was saved).
    if (title.type === 'special') await checkSpecial(tx, account, { type: 'special', companyName: title.companyName, taxNo: title.taxNo });
    const { invoiceableFen } = await figuresOf(tx, account.memberId);
    if (input.amount > invoiceableFen) throw new Invalid(INVOICE_MSG.amountOver(invoiceableFen));
    const [row] = await tx
      .insert(invoices)
      .values({
        memberId: account.memberId,
        kind: 'blue',
        status: 'requested',
        type: title.type,
        companyName: title.companyName,
        taxNo: title.taxNo,
        address: title.address,
        phone: title.phone,
        bankName: title.bankName,
        bankAccount: title.bankAccount,
        amountFen: input.amount,
        email: input.email,
      })
      .returning();
    if (!row) throw new Error('invoice request not stored');
    return invoiceView(row);
  });
}

export async function listInvoices(db: Db, account: Account, q: { pageNum: number; pageSize: number }): Promise<{ rows: InvoiceRow[]; total: number }> {
  mainAccountOnly(account);
  const where = eq(invoices.memberId, account.memberId);
  const [rows, [total]] = await Promise.all([
    db.select().from(invoices).where(where).orderBy(desc(invoices.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows: rows.map(invoiceView), total: total?.n ?? 0 };
}

/** An issued invoice's PDF with the name it is saved under. */
export async function pdfOf(files: FileStore, row: InvoiceStored | undefined): Promise<{ bytes: Buffer; name: string; ascii: string }> {
  if (!row) throw new NotFound(INVOICE_MSG.invoiceMissing);
  if (!row.pdfKey) throw new NotFound(INVOICE_MSG.pdfMissing);
  const file = await files.get(row.pdfKey);
  if (!file) throw new NotFound(INVOICE_MSG.pdfMissing);
  const no = row.invoiceNo || requestNo(row.id, row.createdAt);
  const prefix = row.kind === 'red' ? '红字发票' : '发票';
  return { bytes: file.bytes, name: `${prefix}-${no}.pdf`, ascii: `invoice-${no}.pdf` };
}

/** The member's own invoice PDF: another company's id finds nothing. */
export async function memberPdf(db: Db, files: FileStore, account: Account, id: number) {
  mainAccountOnly(account);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.memberId, account.memberId)));
  return pdfOf(files, row);
}

// ── After a refund ───────────────────────────────────────────────────────────────────────────
/**
 * Called as an approved refund is booked, in its transaction (refunds.service): when the invoices issued now
 * exceed what the company spent net of refunds, the excess needs a red invoice. One requirement
 * per refund (a repeat finds it there), with the title of the newest issued invoice, and the
 * member is told. Requests still waiting are not counted: issuing one checks the figures again.
 */
export async function redAfterRefund(db: Db | Tx, refund: { id: number; memberId: number }): Promise<void> {
  // Called inside the refund's approval: this transaction is a savepoint of it.
  await db.transaction(async (tx) => {
    await lockCompany(tx, refund.memberId);
    const [already] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.refundId, refund.id));
    if (already) return;
    const f = await figuresOf(tx, refund.memberId);
    const excess = f.issuedFen - (f.spentFen - f.refundedFen);
    if (excess <= 0) return;
    const [last] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.memberId, refund.memberId), eq(invoices.kind, 'blue'), eq(invoices.status, 'issued')))
      .orderBy(desc(invoices.id))
      .limit(1);
    if (!last) return;
    const [row] = await tx
      .insert(invoices)
      .values({
        memberId: refund.memberId,
        kind: 'red',
        status: 'red_pending',
        type: last.type,
        companyName: last.companyName,
        taxNo: last.taxNo,
        address: last.address,
        phone: last.phone,
        bankName: last.bankName,
        bankAccount: last.bankAccount,
        amountFen: excess,
        email: last.email,
        refundId: refund.id,
      })
      .returning();
    if (!row) return;
    await sendMessage(tx, refund.memberId, {
      kind: 'order',
      title: '发票需红冲',
      body: `因退款，您已开具的发票金额超出实际消费 ${formatFen(excess)} 元。平台将开具红字发票（${requestNo(row.id, row.createdAt)}）冲销该金额，开具后可在「发票管理」中下载。`,
      link: INVOICE_LINK,
    });
  });
}

/** The refund a red requirement came from, for the console's detail. */
export async function refundOf(db: Db, id: number | null) {
  if (id === null) return null;
  const [r] = await db.select({ id: refunds.id, amountFen: refunds.amountFen, decidedAt: refunds.decidedAt }).from(refunds).where(eq(refunds.id, id));
  return r ? { ...r, decidedAt: r.decidedAt?.toISOString() ?? null } : null;
}
