// Invoices (issue #19). A main account keeps its titles (发票抬头); each request copies the title
// it was made with, so a later edit never rewrites an invoice. One table holds the blue requests
// and the red-invoice requirements (红冲) a refund after invoicing leaves, so the amount invoiced
// is one sum: blue rows waiting or issued, less red rows.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, decision, serialId, updatedAt } from './_columns';
import { memberRef } from './_member';
import { refunds } from './billing';

export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serialId(),
    memberId: memberRef(),
    /** normal (增值税普通发票) | special (增值税专用发票) */
    type: text('type').notNull(),
    companyName: text('company_name').notNull(),
    /** 纳税人识别号: the company's unified social credit code. */
    taxNo: text('tax_no').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoice_titles_member_idx').on(t.memberId, t.id),
    // One default per account, whatever two tabs save at once.
    uniqueIndex('invoice_titles_default_idx').on(t.memberId).where(sql`is_default`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serialId(),
    memberId: memberRef(),
    /** blue (a request) | red (a red-invoice requirement after a refund) */
    kind: text('kind').notNull().default('blue'),
    /** blue: requested | issued | rejected; red: red_pending | red_done */
    status: text('status').notNull(),
    /** The title as asked for (red rows: the company's default title or the last invoiced one). */
    type: text('type').notNull(),
    companyName: text('company_name').notNull(),
    taxNo: text('tax_no').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    /** Fen, positive: what the invoice is for, or what the red invoice takes back. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    email: text('email').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** The invoice's number and date (China day) as finance issued it. */
    invoiceNo: text('invoice_no').notNull().default(''),
    invoiceDate: text('invoice_date').notNull().default(''),
    /** The PDF's key in the file store; '' until issued. */
    pdfKey: text('pdf_key').notNull().default(''),
    /** Red rows: the approved refund that called for it (one requirement per refund). */
    refundId: bigint('refund_id', { mode: 'number' }).references(() => refunds.id),
    ...decision(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_member_idx').on(t.memberId, t.id),
    index('invoices_status_idx').on(t.status, t.id),
    uniqueIndex('invoices_refund_idx').on(t.refundId).where(sql`refund_id is not null`),
    check('invoices_amount_positive', sql`${t.amountFen} > 0`),
  ],
);
