// What the console's decision queues share (企业认证, 付费测试, 充值, 退款): status tabs with their
// counts, waiting items first, the keyword match, the member's other requests, and the audited
// decision with the name it is stored under.
import { pageOffset, type QueuePage } from '@apimarket/contracts';
import { and, count, desc, eq, ilike, ne, or, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { list } from '../../http/envelope';
import { likeLiteral } from '../../db/sql';
import { NotFound } from '../../http/errors';
import { type AuditEntry, recordAudit } from './audit.service';
import type { Actor } from './operators.service';

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

export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A row as a queue's query selects it. */
export type QueueSelect<T extends PgSelect> = Awaited<T>[number];

/** What a queue names: its table's columns, its statuses, its query (joins included) and how a row is answered. */
export interface QueueDef<S extends string, T extends PgSelect, V> {
  statuses: readonly S[];
  /** The status that waits for a decision: first on the 全部 tab. */
  waiting: S;
  columns: { id: PgColumn; status: PgColumn; memberId: PgColumn };
  /** The columns the keyword is looked for in. */
  keyword: PgColumn[];
  /** The NotFound message of an id that is not in the queue. */
  missing: string;
  /** The rows with what the queue shows, joins included (a dynamic query). */
  query(db: Db): T;
  view(row: QueueSelect<T>): V;
}

function select<T extends PgSelect>(
  def: { query(db: Db): T },
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<QueueSelect<T>[]> {
  return def
    .query(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

interface QueueFilter<S extends string> {
  status: S | 'all';
  keyword: string;
}

/** The filters of a list and its export: the keyword alone (for the tab counts) and with the status. */
function queueWhere<S extends string, T extends PgSelect, V>(def: QueueDef<S, T, V>, q: QueueFilter<S>) {
  const match = keywordMatch(q.keyword, def.keyword);
  return { match, where: and(match, q.status === 'all' ? undefined : eq(def.columns.status, q.status)) };
}

/** The rows of the status tab and keyword in the list's order, up to `limit` from `offset`. */
export function queueRows<S extends string, T extends PgSelect, V>(
  db: Db,
  def: QueueDef<S, T, V>,
  q: QueueFilter<S>,
  limit: number,
  offset = 0,
): Promise<QueueSelect<T>[]> {
  return select(def, db, queueWhere(def, q).where, queueOrder(q.status, def.columns.status, def.waiting, def.columns.id), limit, offset);
}

/** Rows per status under `where`, over the queue's own joins: its query as a subquery. */
function tally<T extends PgSelect>(db: Db, def: { query(db: Db): T }, where: SQL | undefined) {
  const rows: Subquery = def.query(db).where(where).as('rows');
  const status = sql<string>`${sql.identifier('rows')}.${sql.identifier('status')}`;
  return db.select({ status, n: count() }).from(rows).groupBy(status);
}

/** A page of the queue with the count of every tab. */
export async function listQueue<S extends string, T extends PgSelect, V>(
  db: Db,
  def: QueueDef<S, T, V>,
  q: QueueFilter<S> & { pageNum: number; pageSize: number },
): Promise<QueuePage<V, S>> {
  const [rows, grouped] = await Promise.all([queueRows(db, def, q, q.pageSize, pageOffset(q)), tally(db, def, queueWhere(def, q).match)]);
  const counts = statusCounts(def.statuses, grouped);
  return { rows: rows.map((r) => def.view(r)), total: counts[q.status], counts };
}

/** One request as selected; NotFound when the queue has no such id. */
export async function queueItem<S extends string, T extends PgSelect, V>(db: Db, def: QueueDef<S, T, V>, id: number): Promise<QueueSelect<T>> {
  const [row] = await select(def, db, eq(def.columns.id, id), [], 1);
  if (!row) throw new NotFound(def.missing);
  return row;
}

/** One request as the queue answers it. */
export async function queueRow<S extends string, T extends PgSelect, V>(db: Db, def: QueueDef<S, T, V>, id: number): Promise<V> {
  return def.view(await queueItem(db, def, id));
}

/** The member's other requests, newest first: what the reviewer weighs a request against. */
export function otherRequests<S extends string, T extends PgSelect, V>(
  db: Db,
  def: QueueDef<S, T, V>,
  memberId: number,
  id: number,
  limit: number,
): Promise<QueueSelect<T>[]> {
  return select(def, db, and(eq(def.columns.memberId, memberId), ne(def.columns.id, id)), [desc(def.columns.id)], limit);
}

/** A decision on one request of a queue, as the console and the command line take it. */
export interface ReviewDecision<D extends string> {
  id: number;
  decision: D;
  reason: string;
}

/**
 * A service's decision with its audit record, in one transaction: it is logged exactly when it
 * changed something, so a repeated decision writes nothing. `audit` names the action and the
 * target type; `states` what the request was before and became.
 */
export function decideAudited<O extends { changed: boolean; row: { id: number } }>(
  db: Db,
  actor: Actor,
  audit: Pick<AuditEntry, 'action' | 'targetType'>,
  decide: (tx: Db, operator: string) => Promise<O>,
  states: (out: O) => Pick<AuditEntry, 'before' | 'after'>,
): Promise<O> {
  return db.transaction(async (tx) => {
    const out = await decide(tx, decidedBy(actor));
    if (out.changed) await recordAudit(tx, actor, { ...audit, targetId: out.row.id, ...states(out) });
    return out;
  });
}

/** A page as the queue's list answers it: the rows, the total and the count of every tab. */
export function queueAnswer<V, S extends string>(page: QueuePage<V, S>) {
  return { ...list(page.rows, page.total), counts: page.counts };
}

/** The answer to a decision that changed nothing: the request was decided so before. */
export const alreadyDecided = (subject: string, verb: string) => `该${subject}此前已${verb}，未重复处理`;
