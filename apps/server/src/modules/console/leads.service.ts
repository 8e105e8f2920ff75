// The sales inbox of the console (issue #10): leads and data-compliance audit requests, who
// follows each up, its state and notes, and the export to the sales CRM. The public forms that
// create these rows live in modules/leads and modules/content; this side only works them.
import {
  AUDIT_REQUEST_STATE_LABEL,
  type AuditRequestListPage,
  type AuditRequestRow,
  type AuditRequestState,
  canOperate,
  chinaDayStart,
  isOperatorRole,
  LEAD_EXPORT_MAX,
  LEAD_KIND_LABEL,
  LEAD_STATE_LABEL,
  type LeadAssignee,
  type LeadAssignInput,
  type LeadDetail,
  type LeadKind,
  type LeadListPage,
  type LeadListQuery,
  type LeadRow,
  LEADS_MSG,
  type LeadState,
  maskPhone,
  pageOffset,
} from '@apimarket/contracts';
import { and, count, desc, eq, gte, ilike, isNull, like, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditRequests, leadNotes, leads, operators } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import { auditedExport, recordAudit } from './audit.service';
import { type ExportColumn, exportTime } from './console-export';
import type { Actor } from './operators.service';

/** A repeated note within this window is the same click twice, not a second note. */
const NOTE_REPEAT_MS = 10 * 60_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const kindLabel = (kind: string) => LEAD_KIND_LABEL[kind as LeadKind] ?? kind;
const stateLabel = (state: string) => LEAD_STATE_LABEL[state as LeadState] ?? state;

// ── Leads ───────────────────────────────────────────────────────────────────────────────────

function leadFilter(q: LeadListQuery, me: number): SQL | undefined {
  const where: SQL[] = [];
  if (q.kind) where.push(eq(leads.kind, q.kind));
  if (q.state) where.push(eq(leads.state, q.state));
  if (q.assignee === 'mine') where.push(eq(leads.assigneeId, me));
  else if (q.assignee === 'unassigned') where.push(isNull(leads.assigneeId));
  else if (typeof q.assignee === 'number') where.push(eq(leads.assigneeId, q.assignee));
  if (q.keyword) {
    const text = `%${escapeLike(q.keyword)}%`;
    const match = [ilike(leads.companyName, text), ilike(leads.userName, text), ilike(leads.interfaceName, text)];
    // Phones are matched on digits only, so "138 0013" finds 13800138000.
    const digits = q.keyword.replace(/[\s-]/g, '');
    if (/^\d{3,11}$/.test(digits)) match.push(like(leads.phone, `%${digits}%`));
    where.push(or(...match) as SQL);
  }
  if (q.from) where.push(gte(leads.createdAt, chinaDayStart(q.from)));
  if (q.to) where.push(lt(leads.createdAt, chinaDayStart(q.to, 1)));
  return where.length ? and(...where) : undefined;
}

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  state: leads.state,
  phone: leads.phone,
  userName: leads.userName,
  companyName: leads.companyName,
  interfaceName: leads.interfaceName,
  sourcePath: leads.sourcePath,
  referrer: leads.referrer,
  utm: leads.utm,
  repeats: leads.repeats,
  attachmentName: leads.attachmentName,
  assigneeId: leads.assigneeId,
  assigneeName: operators.username,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
};

const leadQuery = (db: Db) => db.select(leadColumns).from(leads).leftJoin(operators, eq(operators.id, leads.assigneeId));
type LeadRecord = Awaited<ReturnType<ReturnType<typeof leadQuery>['execute']>>[number];

function leadRow(r: LeadRecord): LeadRow {
  return {
    id: r.id,
    kind: r.kind as LeadKind,
    kindLabel: kindLabel(r.kind),
    state: r.state as LeadState,
    stateLabel: stateLabel(r.state),
    phone: maskPhone(r.phone),
    userName: r.userName,
    companyName: r.companyName,
    interfaceName: r.interfaceName,
    sourcePath: r.sourcePath,
    repeats: r.repeats,
    hasAttachment: r.attachmentName !== null,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeName ?? '',
    createdAt: r.createdAt.toISOString(),
  };
}

/** A page of the inbox; `me` is the operator asking (the 我的 filter). */
export async function listLeads(db: Db, me: number, q: LeadListPage): Promise<{ rows: LeadRow[]; total: number }> {
  const where = leadFilter(q, me);
  const [rows, [total]] = await Promise.all([
    leadQuery(db).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { rows: rows.map(leadRow), total: total?.n ?? 0 };
}

async function leadNotesOf(db: Db, leadId: number) {
  const rows = await db
    .select({ id: leadNotes.id, body: leadNotes.body, operator: operators.username, createdAt: leadNotes.createdAt })
    .from(leadNotes)
    .innerJoin(operators, eq(operators.id, leadNotes.operatorId))
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(desc(leadNotes.id));
  return rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
}

/** One lead with the full phone for the call back; showing the number is itself audited. */
export async function leadDetail(db: Db, actor: Actor, id: number): Promise<LeadDetail> {
  const [r] = await leadQuery(db).where(eq(leads.id, id));
  if (!r) throw new NotFound(LEADS_MSG.leadMissing);
  await recordAudit(db, actor, { action: 'lead.view', targetType: 'lead', targetId: id });
  const { hasAttachment: _has, ...row } = leadRow(r);
  return {
    ...row,
    phone: r.phone,
    referrer: r.referrer,
    utm: r.utm,
    attachmentName: r.attachmentName ?? '',
    updatedAt: r.updatedAt.toISOString(),
    notes: await leadNotesOf(db, id),
  };
}

/** Operators a lead may be given to: active, with a role that opens the sales inbox. */
export async function leadAssignees(db: Db): Promise<LeadAssignee[]> {
  const rows = await db
    .select({ id: operators.id, username: operators.username, role: operators.role })
    .from(operators)
    .where(eq(operators.status, 'active'))
    .orderBy(operators.username);
  return rows.filter((o) => isOperatorRole(o.role) && canOperate(o.role, 'leads'));
}

async function lockLead(tx: Db, id: number) {
  const [row] = await tx.select({ id: leads.id, state: leads.state, assigneeId: leads.assigneeId }).from(leads).where(eq(leads.id, id)).for('update');
  if (!row) throw new NotFound(LEADS_MSG.leadMissing);
  return row;
}

/** Gives a lead to an operator (or back to the shared inbox); the same assignment twice changes nothing. */
export async function assignLead(db: Db, actor: Actor, me: number, input: LeadAssignInput): Promise<{ changed: boolean; message: string }> {
  let target: LeadAssignee | null = null;
  if (input.assigneeId !== 'none') {
    const wanted = input.assigneeId === 'me' ? me : input.assigneeId;
    target = (await leadAssignees(db)).find((o) => o.id === wanted) ?? null;
    if (!target) throw new Invalid(LEADS_MSG.assigneeNotSales);
  }
  const to = target?.id ?? null;
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, input.id);
    if (lead.assigneeId === to) {
      return { changed: false, message: target ? LEADS_MSG.sameAssignee(target.username) : LEADS_MSG.alreadyUnassigned };
    }
    await tx.update(leads).set({ assigneeId: to }).where(eq(leads.id, lead.id));
    await recordAudit(tx, actor, {
      action: 'lead.assign',
      targetType: 'lead',
      targetId: lead.id,
      before: { assigneeId: lead.assigneeId },
      after: { assigneeId: to },
    });
    return { changed: true, message: target ? LEADS_MSG.assigned(target.username) : LEADS_MSG.returned };
  });
}

export async function setLeadState(db: Db, actor: Actor, input: { id: number; state: LeadState }): Promise<{ changed: boolean; message: string }> {
  const label = LEAD_STATE_LABEL[input.state];
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, input.id);
    if (lead.state === input.state) return { changed: false, message: LEADS_MSG.stateSame(label) };
    await tx.update(leads).set({ state: input.state }).where(eq(leads.id, lead.id));
    await recordAudit(tx, actor, { action: 'lead.state', targetType: 'lead', targetId: lead.id, before: { state: lead.state }, after: { state: input.state } });
    return { changed: true, message: LEADS_MSG.stateChanged(label) };
  });
}

/** A note on a lead; the same text again from the same operator moments later is a double submit. */
export async function addLeadNote(
  db: Db,
  actor: Actor,
  operatorId: number,
  input: { id: number; body: string },
): Promise<{ changed: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, input.id);
    const [last] = await tx
      .select({ body: leadNotes.body, operatorId: leadNotes.operatorId, createdAt: leadNotes.createdAt })
      .from(leadNotes)
      .where(eq(leadNotes.leadId, lead.id))
      .orderBy(desc(leadNotes.id))
      .limit(1);
    if (last && last.operatorId === operatorId && last.body === input.body && Date.now() - last.createdAt.getTime() < NOTE_REPEAT_MS) {
      return { changed: false, message: LEADS_MSG.noteRepeated };
    }
    const [note] = await tx.insert(leadNotes).values({ leadId: lead.id, operatorId, body: input.body }).returning({ id: leadNotes.id });
    await recordAudit(tx, actor, { action: 'lead.note', targetType: 'lead', targetId: lead.id, after: { noteId: note?.id, body: input.body } });
    return { changed: true, message: LEADS_MSG.noteSaved };
  });
}

// ── Export ──────────────────────────────────────────────────────────────────────────────────

export const LEAD_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '提交时间', width: 20 },
  { header: '类型', width: 16 },
  { header: '状态', width: 10 },
  { header: '负责人', width: 14 },
  { header: '姓名', width: 12 },
  // Phones as text: a spreadsheet would otherwise show 1.38E+10.
  { header: '手机号', width: 14, numFmt: '@' },
  { header: '公司', width: 28 },
  { header: '接口', width: 24 },
  { header: '来源页面', width: 24 },
  { header: '来源网址', width: 36 },
  { header: 'UTM', width: 36 },
  { header: '重复提交次数', width: 14 },
];

const UTM_ORDER = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
const rank = (key: string) => (UTM_ORDER.includes(key) ? UTM_ORDER.indexOf(key) : UTM_ORDER.length);

/** Campaign tags in the order people write them (jsonb keeps its own order). */
function utmText(utm: Record<string, string>): string {
  const keys = Object.keys(utm).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return new URLSearchParams(keys.map((k): [string, string] => [k, utm[k] ?? ''])).toString();
}

/**
 * The leads of the list's filters as an xlsx for the sales CRM, with full phones: one audit
 * record names who took them, the filters and how many rows left.
 */
export async function exportLeads(db: Db, actor: Actor, me: number, q: LeadListQuery): Promise<Buffer> {
  const where = leadFilter(q, me);
  const [total] = await db.select({ n: count() }).from(leads).where(where);
  if ((total?.n ?? 0) > LEAD_EXPORT_MAX) throw new Invalid(LEADS_MSG.exportTooMany);
  const rows = await leadQuery(db).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(LEAD_EXPORT_MAX);
  return auditedExport(db, actor, {
    sheet: '销售线索',
    columns: LEAD_EXPORT_COLUMNS,
    targetType: 'lead',
    filter: q,
    rows,
    cells: (r) => [
      exportTime(r.createdAt),
      kindLabel(r.kind),
      stateLabel(r.state),
      r.assigneeName ?? '',
      r.userName,
      r.phone,
      r.companyName,
      r.interfaceName,
      r.sourcePath,
      r.referrer,
      utmText(r.utm),
      r.repeats,
    ],
  });
}

// ── Data-compliance audit requests ──────────────────────────────────────────────────────────

const auditStateLabel = (state: string) => AUDIT_REQUEST_STATE_LABEL[state as AuditRequestState] ?? state;

function auditRow(r: typeof auditRequests.$inferSelect, fullPhone: boolean): AuditRequestRow {
  return {
    id: r.id,
    companyName: r.companyName,
    contactName: r.contactName,
    phone: fullPhone ? r.phone : maskPhone(r.phone),
    industry: r.industry,
    content: r.content,
    state: r.state as AuditRequestState,
    stateLabel: auditStateLabel(r.state),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listAuditRequests(db: Db, q: AuditRequestListPage): Promise<{ rows: AuditRequestRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.state) where.push(eq(auditRequests.state, q.state));
  if (q.keyword) {
    const text = `%${escapeLike(q.keyword)}%`;
    const match = [ilike(auditRequests.companyName, text), ilike(auditRequests.contactName, text), ilike(auditRequests.industry, text)];
    const digits = q.keyword.replace(/[\s-]/g, '');
    if (/^\d{3,11}$/.test(digits)) match.push(like(auditRequests.phone, `%${digits}%`));
    where.push(or(...match) as SQL);
  }
  if (q.from) where.push(gte(auditRequests.createdAt, chinaDayStart(q.from)));
  if (q.to) where.push(lt(auditRequests.createdAt, chinaDayStart(q.to, 1)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditRequests).where(cond).orderBy(desc(auditRequests.createdAt), desc(auditRequests.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: count() }).from(auditRequests).where(cond),
  ]);
  return { rows: rows.map((r) => auditRow(r, false)), total: total?.n ?? 0 };
}

/** One request with the full phone; like a lead's, showing it is audited. */
export async function auditRequestDetail(db: Db, actor: Actor, id: number): Promise<AuditRequestRow> {
  const [r] = await db.select().from(auditRequests).where(eq(auditRequests.id, id));
  if (!r) throw new NotFound(LEADS_MSG.auditMissing);
  await recordAudit(db, actor, { action: 'auditRequest.view', targetType: 'auditRequest', targetId: id });
  return auditRow(r, true);
}

export async function setAuditRequestState(
  db: Db,
  actor: Actor,
  input: { id: number; state: AuditRequestState },
): Promise<{ changed: boolean; message: string }> {
  const label = AUDIT_REQUEST_STATE_LABEL[input.state];
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: auditRequests.id, state: auditRequests.state }).from(auditRequests).where(eq(auditRequests.id, input.id)).for('update');
    if (!row) throw new NotFound(LEADS_MSG.auditMissing);
    if (row.state === input.state) return { changed: false, message: LEADS_MSG.stateSame(label) };
    await tx.update(auditRequests).set({ state: input.state }).where(eq(auditRequests.id, row.id));
    await recordAudit(tx, actor, {
      action: 'auditRequest.state',
      targetType: 'auditRequest',
      targetId: row.id,
      before: { state: row.state },
      after: { state: input.state },
    });
    return { changed: true, message: LEADS_MSG.stateChanged(label) };
  });
}
