// Small SQL helpers every service shares.
import { type PageQuery, pageOffset } from '@apimarket/contracts';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** A LIKE pattern matching `text` anywhere, literally (% and _ are wildcards in LIKE). */
export function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a database error (or one it caused) is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A row as a dynamic query (`.$dynamic()`) selects it. */
export type Selected<T extends PgSelect> = Awaited<T>[number];

/**
 * One page of a list: `rows` in the list's order (a dynamic query, paged here) and the count of
 * every row the list holds (`db.$count(table, where)`), read side by side.
 */
export async function paged<T extends PgSelect>(rows: T, total: PromiseLike<number>, page: PageQuery): Promise<{ rows: Selected<T>[]; total: number }> {
  const [selected, n] = await Promise.all([rows.limit(page.pageSize).offset(pageOffset(page)), total]);
  return { rows: selected, total: n };
}
