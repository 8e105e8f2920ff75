// The console's audit trail: every operator action, with the state before and after. Written
// in the same transaction as the change it describes, so neither exists without the other.
import { and, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consoleAudit } from '../../db/schema';
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

export interface AuditFilter {
  actor?: string;
  /** An action or an area prefix ("recharge" matches recharge.confirm). */
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export async function listAudit(db: Db, f: AuditFilter) {
  const where: SQL[] = [];
  if (f.actor) where.push(eq(consoleAudit.actor, f.actor));
  if (f.action) where.push(like(consoleAudit.action, `${f.action.replace(/[\\%_]/g, '\\$&')}%`));
  if (f.targetType) where.push(eq(consoleAudit.targetType, f.targetType));
  if (f.targetId) where.push(eq(consoleAudit.targetId, f.targetId));
  if (f.from) where.push(gte(consoleAudit.createdAt, f.from));
  if (f.to) where.push(lt(consoleAudit.createdAt, f.to));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(consoleAudit).where(cond).orderBy(desc(consoleAudit.id)).limit(f.limit).offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(consoleAudit).where(cond),
  ]);
  return { rows, total: count?.n ?? 0 };
}
