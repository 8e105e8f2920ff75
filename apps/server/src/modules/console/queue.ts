// What the console's decision queues share (企业认证, 付费测试, 充值, 退款): status tabs with their
// counts, waiting items first, the keyword match, and the name a decision is stored under.
import { desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { likeLiteral } from '../../db/sql';
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
