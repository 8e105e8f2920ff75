// The console's content editors: list, read, save (a new draft or an edit), publish and unpublish
// the site's news, cases, policy readings, knowledge articles and home banners — each change
// audited in its own transaction — and the call that asks the web to refresh the public pages.
import {
  BannerSaveInput,
  CaseSaveInput,
  chinaDay,
  CONTENT_MSG,
  type CONTENT_SAVE_INPUT,
  type ContentKind,
  type ContentListQuery,
  type ContentStatus,
  KnowledgeSaveInput,
  NewsSaveInput,
  parseId,
  PolicySaveInput,
  REVALIDATE_HEADER,
  REVALIDATE_PATH,
  type RevalidateRequest,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { banners, cases, interfaces, knowledge, news, policies } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { paged } from '../../db/sql';
import { contains } from '../content/content.shared';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';

/** A stored item as the generic editor sees it: its columns, an id and a status. */
type Item = { id: number; status: string; updatedAt?: Date } & Record<string, unknown>;

export interface SaveOutcome {
  id: number;
  status: ContentStatus;
  updatedAt?: Date;
  created: boolean;
  /** False when the edit changed nothing (nothing written, nothing audited). */
  changed: boolean;
}

export interface StatusOutcome {
  id: number;
  status: ContentStatus;
  updatedAt?: Date;
  changed: boolean;
}

/** What every kind offers the routes, whatever its columns; `I` is the kind's parsed save input. */
export interface ContentEditor<I> {
  list(db: Db, q: ContentListQuery): Promise<{ rows: Record<string, unknown>[]; total: number }>;
  detail(db: Db, id: number): Promise<Item>;
  save(db: Db, actor: Actor, input: I): Promise<SaveOutcome>;
  setStatus(db: Db, actor: Actor, id: number, status: ContentStatus): Promise<StatusOutcome>;
}

/** The tables the editors write: each has an id and a draft/published status. */
type EditableTable = typeof news | typeof cases | typeof policies | typeof knowledge | typeof banners;
type EditableValues = Omit<EditableTable['$inferInsert'], 'id' | 'status'>;

/** What a kind spells out: its table, its list query, and how input becomes columns. */
interface KindSpec<I extends { id?: number; version?: string }, V extends EditableValues> {
  table: EditableTable;
  /** The audit trail's targetType. */
  target: string;
  /** The kind's save rule: the route's declaration has already parsed the input by it; here it types it. */
  schema: z.ZodType<I, unknown>;
  list(db: Db, q: ContentListQuery): Promise<{ rows: Record<string, unknown>[]; total: number }>;
  /** The columns an editor writes, from the input (and the stored item when editing). */
  values(input: I, current: Item | undefined): V;
  /** Checks that need the database (linked interfaces exist). */
  check?(db: Db, values: V): Promise<void>;
}

const isStatus = (s: string): s is ContentStatus => s === 'draft' || s === 'published';
const statusOf = (item: Item): ContentStatus => (isStatus(item.status) ? item.status : 'draft');

/** Equal as stored: dates by instant, arrays and objects by their JSON. */
const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v));

function defineKind<I extends { id?: number; version?: string }, V extends EditableValues>(spec: KindSpec<I, V>): ContentEditor<I> {
  const { table } = spec;
  const found = async (db: Db, id: number, lock = false): Promise<Item> => {
    const query = db.select().from(table).where(eq(table.id, id));
    const [item]: Item[] = await (lock ? query.for('update') : query);
    if (!item) throw new NotFound(CONTENT_MSG.missing);
    return item;
  };
  return {
    list: spec.list,
    detail: (db, id) => found(db, id),

    async save(db, actor, input) {
      return db.transaction(async (tx) => {
        if (input.id === undefined) {
          const values = spec.values(input, undefined);
          await spec.check?.(tx, values);
          const item = one(
            await tx
              .insert(table)
              .values({ ...values, status: 'draft' })
              .returning(),
          );
          await recordAudit(tx, actor, { action: 'content.create', targetType: spec.target, targetId: item.id, after: { ...values, status: item.status } });
          return { id: item.id, status: statusOf(item), updatedAt: item.updatedAt, created: true, changed: true };
        }
        // Locked, so two editors saving at once are ordered and the second sees the first's version.
        const current = await found(tx, input.id, true);
        if (input.version && current.updatedAt && current.updatedAt.toISOString() !== input.version) throw new Conflict(CONTENT_MSG.stale);
        const values = spec.values(input, current);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(values)) {
          if (comparable(current[key]) === comparable(value)) continue;
          before[key] = current[key];
          after[key] = value;
        }
        if (Object.keys(after).length === 0) {
          return { id: current.id, status: statusOf(current), updatedAt: current.updatedAt, created: false, changed: false };
        }
        await spec.check?.(tx, values);
        const item = one(await tx.update(table).set(values).where(eq(table.id, current.id)).returning());
        await recordAudit(tx, actor, { action: 'content.update', targetType: spec.target, targetId: item.id, before, after });
        return { id: item.id, status: statusOf(item), updatedAt: item.updatedAt, created: false, changed: true };
      });
    },

    async setStatus(db, actor, id, status) {
      return db.transaction(async (tx) => {
        const [moved]: Item[] = await tx
          .update(table)
          .set({ status })
          .where(and(eq(table.id, id), ne(table.status, status)))
          .returning();
        if (!moved) {
          // Already there (or gone): deciding the same thing twice changes nothing.
          const item = await found(tx, id);
          return { id, status: statusOf(item), updatedAt: item.updatedAt, changed: false };
        }
        await recordAudit(tx, actor, {
          action: status === 'published' ? 'content.publish' : 'content.unpublish',
          targetType: spec.target,
          targetId: id,
          before: { status: status === 'published' ? 'draft' : 'published' },
          after: { status },
        });
        return { id, status, updatedAt: moved.updatedAt, changed: true };
      });
    },
  };
}

// ── Shared pieces ────────────────────────────────────────────────────────────────────────────

const one = (rows: readonly Item[]): Item => {
  const [row] = rows;
  if (!row) throw new NotFound(CONTENT_MSG.missing);
  return row;
};

/**
 * The stored time of a day an editor picked: unchanged when it is the day already stored (so
 * an edit does not reorder the list), now for today (a new item leads its list), else 09:00
 * China time as the seed's items have.
 */
function publishTime(day: string, current: Date | undefined): Date {
  if (current && chinaDay(current) === day) return current;
  const now = new Date();
  return chinaDay(now) === day ? now : new Date(`${day}T09:00:00+08:00`);
}

const currentDate = (current: Item | undefined, key: string) => {
  const v = current?.[key];
  return v instanceof Date ? v : undefined;
};

/** Linked interfaces must exist in the catalogue; the public page leaves off-sale ones out. */
async function checkInterfaces(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(inArray(interfaces.id, [...ids]));
  const known = new Set(rows.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Invalid(CONTENT_MSG.interfacesUnknown(unknown));
}

/** The filters every list shares: keyword (in the given columns, or the id) and status. */
function common(q: ContentListQuery, status: AnyPgColumn, id: AnyPgColumn, text: AnyPgColumn[]): SQL[] {
  const where: SQL[] = [];
  if (q.status) where.push(eq(status, q.status));
  if (q.keyword) {
    const asId = parseId(q.keyword);
    const matches = text.map((c) => contains(c, q.keyword ?? ''));
    const any = or(...matches, asId === null ? undefined : eq(id, asId));
    if (any) where.push(any);
  }
  return where;
}

/** Drafts first (they wait for the editor), then the newest. */
const draftsFirst = (status: AnyPgColumn) => sql`${status} = 'draft' desc`;

// ── The kinds ────────────────────────────────────────────────────────────────────────────────

const newsEditor = defineKind({
  table: news,
  target: 'news',
  schema: NewsSaveInput,
  list: (db, q) => {
    // A type that is not a number matches nothing rather than being ignored.
    const type = q.type === undefined ? undefined : (parseId(q.type) ?? -1);
    const where = and(...common(q, news.status, news.id, [news.title, news.summary]), type === undefined ? undefined : eq(news.type, type));
    const row = {
      id: news.id,
      type: news.type,
      title: news.title,
      source: news.source,
      publishedAt: news.publishedAt,
      views: news.views,
      status: news.status,
      createdAt: news.createdAt,
      updatedAt: news.updatedAt,
    };
    return paged(
      db.select(row).from(news).where(where).orderBy(draftsFirst(news.status), desc(news.publishedAt), desc(news.id)).$dynamic(),
      db.$count(news, where),
      q,
    );
  },
  values: (input, current) => ({
    type: input.type,
    title: input.title,
    summary: input.summary,
    source: input.source,
    publishedAt: publishTime(input.publishedAt, currentDate(current, 'publishedAt')),
    body: input.body,
  }),
});

const caseEditor = defineKind({
  table: cases,
  target: 'case',
  schema: CaseSaveInput,
  list: (db, q) => {
    const where = and(
      ...common(q, cases.status, cases.id, [cases.title, cases.customer, cases.summary]),
      q.industry ? eq(cases.industry, q.industry) : undefined,
    );
    const row = {
      id: cases.id,
      industry: cases.industry,
      title: cases.title,
      customer: cases.customer,
      summary: cases.summary,
      interfaceIds: cases.interfaceIds,
      publishedAt: cases.publishedAt,
      status: cases.status,
      createdAt: cases.createdAt,
      updatedAt: cases.updatedAt,
    };
    return paged(
      db.select(row).from(cases).where(where).orderBy(draftsFirst(cases.status), desc(cases.publishedAt), desc(cases.id)).$dynamic(),
      db.$count(cases, where),
      q,
    );
  },
  values: (input, current) => ({
    industry: input.industry,
    title: input.title,
    customer: input.customer,
    summary: input.summary,
    challenge: input.challenge,
    solution: input.solution,
    results: input.results,
    interfaceIds: input.interfaceIds,
    publishedAt: publishTime(input.publishedAt, currentDate(current, 'publishedAt')),
  }),
  check: (db, values) => checkInterfaces(db, values.interfaceIds),
});

const policyEditor = defineKind({
  table: policies,
  target: 'policy',
  schema: PolicySaveInput,
  list: (db, q) => {
    const where = and(...common(q, policies.status, policies.id, [policies.title, policies.summary, policies.docNumber, policies.issuer]));
    const row = {
      id: policies.id,
      title: policies.title,
      issuer: policies.issuer,
      docNumber: policies.docNumber,
      issuedAt: policies.issuedAt,
      summary: policies.summary,
      tags: policies.tags,
      status: policies.status,
      createdAt: policies.createdAt,
      updatedAt: policies.updatedAt,
    };
    return paged(
      db.select(row).from(policies).where(where).orderBy(draftsFirst(policies.status), desc(policies.issuedAt), desc(policies.id)).$dynamic(),
      db.$count(policies, where),
      q,
    );
  },
  values: (input, current) => ({
    title: input.title,
    issuer: input.issuer,
    docNumber: input.docNumber,
    issuedAt: publishTime(input.issuedAt, currentDate(current, 'issuedAt')),
    summary: input.summary,
    body: input.body,
    tags: input.tags,
  }),
});

const knowledgeEditor = defineKind({
  table: knowledge,
  target: 'knowledge',
  schema: KnowledgeSaveInput,
  list: (db, q) => {
    const where = and(...common(q, knowledge.status, knowledge.id, [knowledge.title, knowledge.summary]), q.type ? eq(knowledge.type, q.type) : undefined);
    const row = {
      id: knowledge.id,
      type: knowledge.type,
      title: knowledge.title,
      summary: knowledge.summary,
      interfaceIds: knowledge.interfaceIds,
      publishedAt: knowledge.publishedAt,
      views: knowledge.views,
      status: knowledge.status,
      createdAt: knowledge.createdAt,
      updatedAt: knowledge.updatedAt,
    };
    return paged(
      db.select(row).from(knowledge).where(where).orderBy(draftsFirst(knowledge.status), desc(knowledge.publishedAt), desc(knowledge.id)).$dynamic(),
      db.$count(knowledge, where),
      q,
    );
  },
  values: (input, current) => ({
    type: input.type,
    title: input.title,
    summary: input.summary,
    body: input.body,
    interfaceIds: input.interfaceIds,
    publishedAt: publishTime(input.publishedAt, currentDate(current, 'publishedAt')),
  }),
  check: (db, values) => checkInterfaces(db, values.interfaceIds),
});

const bannerEditor = defineKind({
  table: banners,
  target: 'banner',
  schema: BannerSaveInput,
  list: (db, q) => {
    const where = and(...common(q, banners.status, banners.id, [banners.title, banners.subtitle, banners.href]));
    // The home shows banners by sort: list them in that order, so the editor sees the home's.
    return paged(db.select().from(banners).where(where).orderBy(asc(banners.sort), asc(banners.id)).$dynamic(), db.$count(banners, where), q);
  },
  values: (input) => ({ title: input.title, subtitle: input.subtitle, href: input.href, buttonText: input.buttonText, theme: input.theme, sort: input.sort }),
});

export const CONTENT_EDITORS: { [K in ContentKind]: ContentEditor<z.output<(typeof CONTENT_SAVE_INPUT)[K]>> } = {
  news: newsEditor,
  cases: caseEditor,
  policies: policyEditor,
  knowledge: knowledgeEditor,
  banners: bannerEditor,
};

/** Every knowledge type in use, drafts included, the biggest first: the editor's suggestions. */
export async function knowledgeTypesInUse(db: Db): Promise<string[]> {
  const rows = await db
    .select({ type: knowledge.type, n: count() })
    .from(knowledge)
    .groupBy(knowledge.type)
    .orderBy(desc(count()), sql`${knowledge.type} collate "C"`);
  return rows.map((r) => r.type);
}

// ── Refreshing the public pages ──────────────────────────────────────────────────────────────

/** How long a publish waits for the web: the change is committed, only the answer waits. */
export const REFRESH_TIMEOUT_MS = 3000;

export type PagesOutcome = 'refreshed' | 'failed' | 'later';

/**
 * Asks every web process to drop its cached copies of the pages. A web that cannot be reached
 * or refuses is logged and reported, never an error: the change stands, and the pages refresh
 * on their own within five minutes. Without WEB_ORIGIN there is no one to ask ('later').
 */
export async function refreshPublicPages(web: Config['web'], log: FastifyBaseLogger, pages: RevalidateRequest): Promise<PagesOutcome> {
  if (web.origins.length === 0) return 'later';
  const results = await Promise.all(
    web.origins.map(async (origin) => {
      try {
        const res = await fetch(`${origin}${REVALIDATE_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [REVALIDATE_HEADER]: web.revalidateSecret },
          body: JSON.stringify(pages),
          signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
        });
        const text = await res.text();
        if (res.ok) return true;
        log.warn({ origin, status: res.status, answer: text.slice(0, 200) }, 'content: the web refused to refresh its pages');
      } catch (err) {
        log.warn({ origin, err: err instanceof Error ? err.message : String(err) }, 'content: the web could not be reached to refresh its pages');
      }
      return false;
    }),
  );
  return results.every(Boolean) ? 'refreshed' : 'failed';
}

/** The answer's message: what happened, then what became of the public pages. */
export function withPagesNote(msg: string, pages: PagesOutcome | null): string {
  if (pages === null) return msg;
  if (pages === 'refreshed') return `${msg}，${CONTENT_MSG.pagesRefreshed}`;
  if (pages === 'failed') return `${msg}，${CONTENT_MSG.pagesFailed}`;
  return `${msg}，${CONTENT_MSG.pagesLater}`;
}
