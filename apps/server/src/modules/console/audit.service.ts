// The console's audit trail: every operator action, with the state before and after. Written
// in the same transaction as the change it describes, so neither exists without the other; its
// list, and the xlsx an admin hands to the auditors.
import {
  auditActionLabel,
  chinaDayStart,
  CONSOLE_LIMITS,
  CONSOLE_MSG,
  type ConsoleAuditListInput,
  type ConsoleAuditQuery,
  pageOffset,
} from '@apimarket/contracts';
import { and, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consoleAudit } from '../../db/schema';
import { Invalid } from '../../http/errors';
import { type ExportCell, type ExportColumn, exportTime, xlsxOf } from './console-export';
import type { Actor } from './operators.service';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Pick<Db, 'insert'>, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(consoleAudit).values({
    operatorId: actor.operatorId,
    actor: actor.username,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}

/** What an audited export names: its sheet, columns and rows, and the target type and filters its audit record keeps. */
export interface AuditedExport<R> {
  sheet: string;
  columns: readonly ExportColumn[];
  rows: readonly R[];
  cells: (row: R) => ExportCell[];
  targetType: string;
  filter: unknown;
}

/** The rows as an xlsx; taking it is itself recorded (`<targetType>.export`), with the filters as asked and the row count. */
export async function auditedExport<R>(db: Db, actor: Actor, e: AuditedExport<R>): Promise<Buffer> {
  const file = await xlsxOf(e.sheet, e.columns, e.rows.map(e.cells));
  await recordAudit(db, actor, { action: `${e.targetType}.export`, targetType: e.targetType, targetId: '*', after: { filter: e.filter, rows: e.rows.length } });
  return file;
}

/** The export limit plus one: reading one row past it tells that there are too many, without a second query for the count. */
export const EXPORT_READ = CONSOLE_LIMITS.exportMax + 1;

/** The rows read with EXPORT_READ, refused with `tooMany` when there are more than an export holds. */
export function withinExportLimit<R>(rows: R[], tooMany: string): R[] {
  if (rows.length > CONSOLE_LIMITS.exportMax) throw new Invalid(tooMany);
  return rows;
}

/** The log's filters as stored times: `from` a China day's start, `to` the start of the day after it. */
interface AuditFilter {
  actor?: string;
  /** An action or an area prefix ("recharge" matches recharge.confirm). */
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

function filterOf(q: ConsoleAuditQuery): AuditFilter {
  return {
    actor: q.actor,
    action: q.action,
    targetType: q.targetType,
    targetId: q.targetId,
    from: q.from ? chinaDayStart(q.from) : undefined,
    to: q.to ? chinaDayStart(q.to, 1) : undefined,
  };
}

function auditWhere(f: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.actor) where.push(eq(consoleAudit.actor, f.actor));
  if (f.action) where.push(like(consoleAudit.action, `${f.action.replace(/[\\%_]/g, '\\$&')}%`));
  if (f.targetType) where.push(eq(consoleAudit.targetType, f.targetType));
  if (f.targetId) where.push(eq(consoleAudit.targetId, f.targetId));
  if (f.from) where.push(gte(consoleAudit.createdAt, f.from));
  if (f.to) where.push(lt(consoleAudit.createdAt, f.to));
  return where.length ? and(...where) : undefined;
}

/** A page of the log, newest first. */
export async function listAudit(db: Db, q: ConsoleAuditListInput) {
  const cond = auditWhere(filterOf(q));
  const [rows, [count]] = await Promise.all([
    db.select().from(consoleAudit).where(cond).orderBy(desc(consoleAudit.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(consoleAudit).where(cond),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const AUDIT_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '时间', width: 20 },
  { header: '操作人', width: 16 },
  { header: '操作', width: 26 },
  { header: '操作说明', width: 18 },
  { header: '对象类型', width: 14 },
  { header: '对象编号', width: 12 },
  { header: '操作前', width: 48 },
  { header: '操作后', width: 48 },
  { header: 'IP', width: 16 },
];

const jsonText = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * The records of the log's filters, newest first, as an xlsx for the auditors; taking it is
 * itself recorded (`audit.export`), with the filters as asked and the row count.
 */
export async function exportAudit(db: Db, actor: Actor, asked: ConsoleAuditQuery): Promise<Buffer> {
  const rows = await db
    .select()
    .from(consoleAudit)
    .where(auditWhere(filterOf(asked)))
    .orderBy(desc(consoleAudit.id))
    .limit(EXPORT_READ);
  return auditedExport(db, actor, {
    sheet: '操作日志',
    columns: AUDIT_EXPORT_COLUMNS,
    targetType: 'audit',
    filter: asked,
    rows: withinExportLimit(rows, CONSOLE_MSG.auditExportTooMany),
    cells: (r) => [
      exportTime(r.createdAt),
      // The command line signs its records 'cli'; the log screen calls it 命令行.
      r.actor === 'cli' ? '命令行（cli）' : r.actor,
      r.action,
      auditActionLabel(r.action) ?? '',
      r.targetType,
      r.targetId,
      jsonText(r.before),
      jsonText(r.after),
      r.ip,
    ],
  });
}
