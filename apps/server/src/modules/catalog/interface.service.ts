// Catalogue reads: the search behind every list (filters, keywords, four orders, paging), the
// brief list for menus, an interface's full documentation with prices, labels and price packages.
import { type InterfaceSearch, pageOffset, type SearchHighlight } from '@apimarket/contracts';
import { and, asc, inArray, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interfaceDocs, interfaceLabels, interfaces, labels, pricePackages } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { forgetSearchIndex, searchIndex } from './search.index';

export const INTERFACE_MSG = { notFound: '接口不存在或已下架', packageNotFound: '套餐不存在' } as const;

const card = {
  id: interfaces.id,
  interfaceId: interfaces.id,
  interfaceName: interfaces.interfaceName,
  summary: interfaces.summary,
  categoryId: interfaces.categoryId,
  categoryName: categories.categoryName,
  icon: categories.icon,
  isHot: interfaces.isHot,
  isNew: interfaces.isNew,
  enterpriseOnly: interfaces.enterpriseOnly,
  priceFrom: interfaces.priceFrom,
  labels: interfaces.labelNames,
  /** Free calls an account may take once here (myBuy/freeTrial); 0: no trial. */
  trialCalls: interfaces.trialCalls,
};

const ORDER: Record<InterfaceSearch['sortId'], SQL[]> = {
  0: [asc(interfaces.sort), asc(interfaces.id)],
  1: [desc(interfaces.isNew), desc(interfaces.createdAt), desc(interfaces.id)],
  2: [desc(interfaces.hits), desc(interfaces.isHot), asc(interfaces.sort)],
  3: [sql`${interfaces.priceFrom} asc nulls last`, asc(interfaces.sort)],
};

/** The filters of a list other than the keyword, as one condition. */
function filtersOf(f: InterfaceSearch): SQL | undefined {
  return and(
    eq(interfaces.status, 'on_sale'),
    f.categoryId ? eq(interfaces.categoryId, f.categoryId) : undefined,
    f.labelId
      ? sql`exists (select 1 from ${interfaceLabels} where ${interfaceLabels.interfaceId} = ${interfaces.id} and ${interfaceLabels.labelId} = ${f.labelId})`
      : undefined,
    f.isNew ? eq(interfaces.isNew, true) : undefined,
    f.isHot ? eq(interfaces.isHot, true) : undefined,
    f.menuDisplay ? eq(interfaces.menuDisplay, true) : undefined,
    f.ids.length > 0 ? inArray(interfaces.id, f.ids) : undefined,
  );
}

type Card = Awaited<ReturnType<typeof cardsOf>>[number];
/** partial: no interface holds every word of the keyword; these hold the most of them. */
type Page = { rows: Array<Card & { highlight?: SearchHighlight }>; total: number; partial?: boolean };

export async function searchInterfaces(db: Db, f: InterfaceSearch): Promise<Page> {
  if (f.interfaceName) return searchByWords(db, f);
  const where = filtersOf(f);
  const offset = pageOffset(f);
  const rows = await db
    .select(card)
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .where(where)
    .orderBy(...ORDER[f.sortId])
    .limit(f.pageSize)
    .offset(offset);
  // A page that is not full is the last one: the total is known without counting (the count is
  // the costlier query of the two).
  if (rows.length < f.pageSize && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length };
  return { rows, total: await totalOf(db, f, where) };
}

function cardsOf(db: Db, ids: number[]) {
  return db
    .select(card)
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .where(and(inArray(interfaces.id, ids), eq(interfaces.status, 'on_sale')));
}

/**
 * A keyword search: the in-memory index finds, filters and orders the interfaces; the database
 * gives the cards of one page. Each row carries where the words were found, for the page to mark.
 */
async function searchByWords(db: Db, f: InterfaceSearch): Promise<Page> {
  const index = await searchIndex(db);
  const { ids, partial, terms } = index.search(f.interfaceName, f);
  const offset = pageOffset(f);
  const page = ids.slice(offset, offset + f.pageSize);
  if (page.length === 0) return { rows: [], total: ids.length, partial };
  // Still on sale: one taken down behind the index's back (not through the console) leaves the page at once.
  const cards = new Map((await cardsOf(db, page)).map((c) => [c.id, c]));
  const rows = page.flatMap((id) => {
    const c = cards.get(id);
    return c ? [{ ...c, highlight: index.highlight(terms, id) }] : [];
  });
  return { rows, total: ids.length, partial };
}

// Totals of full first pages, per filter (not per page or order), kept for a minute: a catalogue
// changes a few times a day, and the count over every matching row is the costliest part of a
// listing. Whatever changes the catalogue calls forgetCatalogueTotals(), which also drops the
// search index.
const TOTALS_MS = 60_000;
const totals = new Map<string, { total: number; until: number }>();

export function forgetCatalogueTotals(): void {
  totals.clear();
  forgetSearchIndex();
}

async function totalOf(db: Db, f: InterfaceSearch, where: SQL | undefined): Promise<number> {
  const key = JSON.stringify([f.categoryId, f.labelId, f.isNew, f.isHot, f.menuDisplay, f.ids]);
  const hit = totals.get(key);
  if (hit && hit.until > Date.now()) return hit.total;
  const [count] = await db
    // Joined like the rows query so drizzle qualifies every column the same way in both.
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .where(where);
  const total = count?.total ?? 0;
  if (totals.size > 5_000) totals.clear();
  totals.set(key, { total, until: Date.now() + TOTALS_MS });
  return total;
}

/** Every interface on sale, briefly, for menus; optionally one category. */
export async function listInterfaces(db: Db, categoryId?: number) {
  return db
    .select({
      id: interfaces.id,
      interfaceId: interfaces.id,
      interfaceName: interfaces.interfaceName,
      categoryId: interfaces.categoryId,
      isHot: interfaces.isHot,
      isNew: interfaces.isNew,
    })
    .from(interfaces)
    .where(and(eq(interfaces.status, 'on_sale'), categoryId ? eq(interfaces.categoryId, categoryId) : undefined))
    .orderBy(asc(interfaces.categoryId), asc(interfaces.sort), asc(interfaces.id));
}

/** A price package as buyers and editors see it. */
export const PACKAGE = {
  id: pricePackages.id,
  interfaceId: pricePackages.interfaceId,
  calls: pricePackages.calls,
  priceFen: pricePackages.priceFen,
  validityDays: pricePackages.validityDays,
};

export async function listPackages(db: Db, interfaceId: number) {
  return db
    .select(PACKAGE)
    .from(pricePackages)
    .where(and(eq(pricePackages.interfaceId, interfaceId), eq(pricePackages.onSale, true)))
    .orderBy(asc(pricePackages.sort), asc(pricePackages.calls));
}

/** The packages of the interface a visitor named (api/fee/list); an id that is none is not found. */
export async function listPackagesOf(db: Db, interfaceId: number | null) {
  if (interfaceId === null) throw new NotFound(INTERFACE_MSG.notFound);
  return listPackages(db, interfaceId);
}

/** A package on sale; an id that is none (not a positive integer) is not found. */
export async function getPackage(db: Db, id: number | null) {
  if (id === null) throw new NotFound(INTERFACE_MSG.packageNotFound);
  const [row] = await db
    .select({
      ...PACKAGE,
      interfaceName: interfaces.interfaceName,
    })
    .from(pricePackages)
    .innerJoin(interfaces, eq(interfaces.id, pricePackages.interfaceId))
    .where(and(eq(pricePackages.id, id), eq(pricePackages.onSale, true)));
  if (!row) throw new NotFound(INTERFACE_MSG.packageNotFound);
  return row;
}

/** The whole documentation page of one interface. Taken-down interfaces are not shown, nor is an id that is none. */
export async function getInterface(db: Db, id: number | null) {
  if (id === null) throw new NotFound(INTERFACE_MSG.notFound);
  const [row] = await db
    .select({
      ...card,
      path: interfaces.path,
      sdk: interfaces.sdk,
      description: interfaceDocs.description,
      params: interfaceDocs.params,
      responseFields: interfaceDocs.responseFields,
      codes: interfaceDocs.codes,
      sampleRequest: interfaceDocs.sampleRequest,
      sampleResponse: interfaceDocs.sampleResponse,
      scenarios: interfaceDocs.scenarios,
    })
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(and(eq(interfaces.id, id), eq(interfaces.status, 'on_sale')));
  if (!row) throw new NotFound(INTERFACE_MSG.notFound);
  return { ...row, packages: await listPackages(db, id) };
}

export async function listLabels(db: Db) {
  return db
    .select({
      id: labels.id,
      labelName: labels.labelName,
      // Spelled out: in a single-table select drizzle does not qualify columns (see category.service).
      count:
        sql<number>`(select count(*) from interface_labels il join interfaces i on i.id = il.interface_id where il.label_id = labels.id and i.status = 'on_sale')`.mapWith(
          Number,
        ),
    })
    .from(labels)
    .orderBy(asc(labels.sort), asc(labels.id));
}
