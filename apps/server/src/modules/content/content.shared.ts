// What every content service shares: optional filters, literal keyword matching,
// previous/next in publishing order and links to catalogue interfaces. (The lenient filter
// fields themselves are the contracts': OptionalText, OptionalInt, LooseId.)
import type { EntryLink, InterfaceLink } from '@apimarket/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { interfaces } from '../../db/schema';

export const PUBLISHED = 'published';

/** The condition for an optional filter: none, nothing (junk value) or equality. */
export function matches(column: AnyPgColumn, value: string | number | null | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  if (value === null) return sql`false`;
  return eq(column, value);
}

/** A visitor's keyword matches as a literal substring: LIKE's % and _ lose their meaning. */
export function contains(column: AnyPgColumn, keyword: string): SQL {
  return sql`${column} ilike ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

// ── Previous and next ────────────────────────────────────────────────────────────────────────

/** A published sequence: the columns that order it (newest first) and name its entries. */
export interface Sequence {
  table: PgTable;
  id: AnyPgColumn;
  title: AnyPgColumn;
  at: AnyPgColumn;
  status: AnyPgColumn;
}

/**
 * The neighbours of an entry in the order its list shows (newest first, then id): `prev` is
 * the entry listed just before it (newer), `next` the one just after (older), so 下一篇 reads
 * on through the list. `scope` keeps them in the same type or industry.
 */
export async function neighbours(db: Db, seq: Sequence, id: number, scope?: SQL): Promise<{ prev: EntryLink | null; next: EntryLink | null }> {
  // Compare against the row itself, not a Date sent back as a parameter: a timestamptz keeps
  // microseconds that a JavaScript Date would round away.
  const current = sql`(select ${seq.at}, ${seq.id} from ${seq.table} where ${seq.id} = ${id})`;
  const position = sql`(${seq.at}, ${seq.id})`;
  const link = { id: sql<number>`${seq.id}`.mapWith(Number), title: sql<string>`${seq.title}`.mapWith(String) };
  const base = and(eq(seq.status, PUBLISHED), scope);
  const [prev] = await db
    .select(link)
    .from(seq.table)
    .where(and(base, sql`${position} > ${current}`))
    .orderBy(sql`${seq.at} asc`, sql`${seq.id} asc`)
    .limit(1);
  const [next] = await db
    .select(link)
    .from(seq.table)
    .where(and(base, sql`${position} < ${current}`))
    .orderBy(sql`${seq.at} desc`, sql`${seq.id} desc`)
    .limit(1);
  return { prev: prev ?? null, next: next ?? null };
}

// ── Links to the catalogue ───────────────────────────────────────────────────────────────────

/**
 * The catalogue interfaces behind a list of ids, in the ids' order, each once. Ids that are
 * unknown or off sale are left out: the catalogue answers 404 for those, so a link would be dead.
 */
export async function interfaceLinks(db: Db, ids: readonly number[]): Promise<InterfaceLink[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: interfaces.id, interfaceName: interfaces.interfaceName, summary: interfaces.summary })
    .from(interfaces)
    .where(and(inArray(interfaces.id, wanted), eq(interfaces.status, 'on_sale')));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** The short form a detail page links with. */
export function brief(links: InterfaceLink[]): Array<{ id: number; interfaceName: string }> {
  return links.map(({ id, interfaceName }) => ({ id, interfaceName }));
}
