// The console's catalogue editor (issue #10): interfaces with their documentation and price
// packages, created, edited and put on or off sale. Each write is one transaction with its audit
// record; the same values again change nothing and say so.
import {
  CATALOGUE_MSG,
  type CatalogueCategory,
  type CatalogueChange,
  type CatalogueInterfaceDetail,
  type CatalogueInterfaceRow,
  type CatalogueListQuery,
  type CataloguePackage,
  formatFen,
  GATEWAY_PATH,
  type InterfaceSaveInput,
  type InterfaceStatus,
  type InterfaceStatusInput,
  type PackageSaveInput,
  type PackageStatusInput,
  pageOffset,
  SUPPORT_HOTLINE,
} from '@apimarket/contracts';
import { and, asc, desc, eq, gt, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interfaceDocs, interfaces, pricePackages, purchases } from '../../db/schema';
import { likeLiteral } from '../../db/sql';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { sendMessage } from '../account/messages.service';
import { forgetCatalogueTotals, PACKAGE } from '../catalog/interface.service';
import { refreshListing } from '../catalog/listing';
import { forget } from '../../memo';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';

const M = CATALOGUE_MSG;
const MY_API_LINK = '/userCenter/dataManage/myAPI';
const RENEW_LINK = '/userCenter/paymentManage/myRenew';

export interface CatalogueResult {
  change: CatalogueChange;
  msg: string;
}

// ── Reads ─────────────────────────────────────────────────────────────────────────────────────

export async function catalogueCategories(db: Db): Promise<CatalogueCategory[]> {
  return db.select({ id: categories.id, categoryName: categories.categoryName }).from(categories).orderBy(asc(categories.sort), asc(categories.id));
}

export async function listCatalogue(db: Db, q: CatalogueListQuery): Promise<{ rows: CatalogueInterfaceRow[]; total: number }> {
  const keyword = q.keyword;
  const where = and(
    keyword
      ? or(
          like(interfaces.searchName, likeLiteral(keyword.toLowerCase())),
          like(interfaces.path, likeLiteral(keyword)),
          /^\d{1,9}$/.test(keyword) ? eq(interfaces.id, Number(keyword)) : undefined,
        )
      : undefined,
    q.categoryId ? eq(interfaces.categoryId, q.categoryId) : undefined,
    q.status ? eq(interfaces.status, q.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: interfaces.id,
        interfaceName: interfaces.interfaceName,
        categoryId: interfaces.categoryId,
        categoryName: categories.categoryName,
        path: interfaces.path,
        status: interfaces.status,
        isHot: interfaces.isHot,
        isNew: interfaces.isNew,
        enterpriseOnly: interfaces.enterpriseOnly,
        menuDisplay: interfaces.menuDisplay,
        priceFrom: interfaces.priceFrom,
        packages: sql<number>`(select count(*) from price_packages p where p.interface_id = ${interfaces.id})`.mapWith(Number),
        packagesOnSale: sql<number>`(select count(*) from price_packages p where p.interface_id = ${interfaces.id} and p.on_sale)`.mapWith(Number),
        trialCalls: interfaces.trialCalls,
        sort: interfaces.sort,
        updatedAt: interfaces.updatedAt,
      })
      .from(interfaces)
      .innerJoin(categories, eq(categories.id, interfaces.categoryId))
      .where(where)
      // Newest first: what an editor has just created is at the top.
      .orderBy(desc(interfaces.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(interfaces)
      .innerJoin(categories, eq(categories.id, interfaces.categoryId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, status: statusOf(r.status), updatedAt: r.updatedAt.toISOString() })), total: count?.n ?? 0 };
}

const statusOf = (s: string): InterfaceStatus => (s === 'on_sale' ? 'on_sale' : 'off_sale');

async function packagesOf(db: Db, interfaceId: number): Promise<CataloguePackage[]> {
  return db
    .select({
      ...PACKAGE,
      sort: pricePackages.sort,
      onSale: pricePackages.onSale,
    })
    .from(pricePackages)
    .where(eq(pricePackages.interfaceId, interfaceId))
    .orderBy(asc(pricePackages.sort), asc(pricePackages.calls), asc(pricePackages.id));
}

export async function catalogueInterface(db: Db, id: number): Promise<CatalogueInterfaceDetail> {
  const [row] = await db
    .select({ i: interfaces, d: interfaceDocs })
    .from(interfaces)
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(eq(interfaces.id, id));
  if (!row) throw new NotFound(M.interfaceMissing);
  const { i, d } = row;
  return {
    ...editableOf(i, d),
    id: i.id,
    status: statusOf(i.status),
    priceFrom: i.priceFrom,
    updatedAt: i.updatedAt.toISOString(),
    packages: await packagesOf(db, id),
  };
}

// ── Interfaces ────────────────────────────────────────────────────────────────────────────────

type InterfaceRow = typeof interfaces.$inferSelect;
type DocRow = typeof interfaceDocs.$inferSelect;

/** What the editor changes, in one flat shape, so "nothing changed" is one comparison. */
type Editable = Omit<InterfaceSaveInput, 'id' | 'sort'> & { sort: number };

function editableOf(i: InterfaceRow, d: DocRow): Editable {
  return {
    interfaceName: i.interfaceName,
    categoryId: i.categoryId,
    summary: i.summary,
    path: i.path,
    isHot: i.isHot,
    isNew: i.isNew,
    enterpriseOnly: i.enterpriseOnly,
    menuDisplay: i.menuDisplay,
    trialCalls: i.trialCalls,
    sort: i.sort,
    description: d.description,
    scenarios: d.scenarios,
    params: d.params,
    responseFields: d.responseFields,
    codes: d.codes,
    sampleResponse: d.sampleResponse,
  };
}

/** JSON with object keys sorted: jsonb does not keep key order, so equal values compare equal. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fields that differ, as the audit's before and after. */
function diff<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (stable(before[key]) !== stable(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length > 0 ? { before: b, after: a } : null;
}

/** The stored gateway path: /{domain}/{sub}/{id}, the id segment added when left out. */
function gatewayPath(path: string, id: number, creating: boolean): string {
  const m = GATEWAY_PATH.exec(path);
  if (!m) throw new Invalid(M.path);
  const [, domain, sub, given] = m;
  if (given !== undefined && Number(given) !== id) throw new Invalid(creating ? M.pathNewId : M.pathId(id));
  return `/${domain}/${sub}/${id}`;
}

/** Names and paths are checked under one lock, so two saves cannot both take the same one. */
async function lockCatalogue(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('console.catalogue'))`);
}

async function checkUnique(tx: Db, id: number, name: string, path: string): Promise<void> {
  const [named] = await tx
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(and(eq(interfaces.interfaceName, name), ne(interfaces.id, id)))
    .limit(1);
  if (named) throw new Conflict(M.nameTaken(name, named.id));
  const [pathed] = await tx
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(and(eq(interfaces.path, path), ne(interfaces.id, id)))
    .limit(1);
  if (pathed) throw new Conflict(M.pathTaken(path, pathed.id));
}

async function checkCategory(tx: Db, categoryId: number): Promise<void> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw new Invalid(M.categoryMissing);
}

/** The docs page's sample request is the parameters' examples (as the seed builds it). */
const sampleRequestOf = (params: Editable['params']) => Object.fromEntries(params.map((p) => [p.name, p.example]));

function docValues(e: Editable) {
  return {
    description: e.description,
    params: e.params,
    responseFields: e.responseFields,
    codes: e.codes,
    sampleRequest: sampleRequestOf(e.params),
    sampleResponse: e.sampleResponse,
    scenarios: e.scenarios,
  };
}

/** Whatever the gateway or the public lists remember of the catalogue goes once the change is committed. */
function afterInterfaceChange(): void {
  forget('interfaces');
  forgetCatalogueTotals();
}

export async function saveInterface(db: Db, actor: Actor, input: InterfaceSaveInput): Promise<CatalogueResult> {
  const result = input.id === undefined ? await createInterface(db, actor, input) : await editInterface(db, actor, input, input.id);
  if (result.change.changed) afterInterfaceChange();
  return result;
}

async function createInterface(db: Db, actor: Actor, input: InterfaceSaveInput): Promise<CatalogueResult> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [top] = await tx
      .select({ id: sql<number>`coalesce(max(${interfaces.id}), 0)`.mapWith(Number), sort: sql<number>`coalesce(max(${interfaces.sort}), -1)`.mapWith(Number) })
      .from(interfaces);
    const id = (top?.id ?? 0) + 1;
    const { id: _none, sort, ...fields } = input;
    const e: Editable = { ...fields, sort: sort ?? (top?.sort ?? -1) + 1, path: gatewayPath(input.path, id, true) };
    await checkCategory(tx, e.categoryId);
    await checkUnique(tx, id, e.interfaceName, e.path);
    // A new interface starts off sale: its packages come next, then an editor puts it on sale.
    await tx.insert(interfaces).values({
      id,
      categoryId: e.categoryId,
      interfaceName: e.interfaceName,
      searchName: e.interfaceName.toLowerCase(),
      summary: e.summary,
      path: e.path,
      isHot: e.isHot,
      isNew: e.isNew,
      enterpriseOnly: e.enterpriseOnly,
      menuDisplay: e.menuDisplay,
      trialCalls: e.trialCalls,
      sort: e.sort,
      status: 'off_sale',
    });
    await tx.insert(interfaceDocs).values({ interfaceId: id, ...docValues(e) });
    await refreshListing(tx, [id]);
    await recordAudit(tx, actor, { action: 'catalogue.interface.create', targetType: 'interface', targetId: id, after: { ...e, status: 'off_sale' } });
    return { change: { id, changed: true }, msg: M.created(id) };
  });
}

async function editInterface(db: Db, actor: Actor, input: InterfaceSaveInput, id: number): Promise<CatalogueResult> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [row] = await tx
      .select({ i: interfaces, d: interfaceDocs })
      .from(interfaces)
      .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
      .where(eq(interfaces.id, id))
      .for('update');
    if (!row) throw new NotFound(M.interfaceMissing);
    const before = editableOf(row.i, row.d);
    const { id: _id, sort, ...fields } = input;
    const after: Editable = { ...fields, sort: sort ?? before.sort, path: gatewayPath(input.path, id, false) };
    const change = diff(before, after);
    if (!change) return { change: { id, changed: false }, msg: M.unchanged };
    if (change.after.categoryId !== undefined) await checkCategory(tx, after.categoryId);
    await checkUnique(tx, id, after.interfaceName, after.path);
    await tx
      .update(interfaces)
      .set({
        categoryId: after.categoryId,
        interfaceName: after.interfaceName,
        searchName: after.interfaceName.toLowerCase(),
        summary: after.summary,
        path: after.path,
        isHot: after.isHot,
        isNew: after.isNew,
        enterpriseOnly: after.enterpriseOnly,
        menuDisplay: after.menuDisplay,
        trialCalls: after.trialCalls,
        sort: after.sort,
        updatedAt: new Date(),
      })
      .where(eq(interfaces.id, id));
    await tx.update(interfaceDocs).set(docValues(after)).where(eq(interfaceDocs.interfaceId, id));
    await tellHoldersOfEdit(tx, id, before, after);
    await recordAudit(tx, actor, { action: 'catalogue.interface.edit', targetType: 'interface', targetId: id, ...change });
    return { change: { id, changed: true }, msg: M.saved };
  });
}

/** Members holding calls on the interface: a take-down (or its end) changes what their key does. */
async function holdersOf(tx: Db, interfaceId: number): Promise<number[]> {
  const rows = await tx
    .select({ memberId: purchases.memberId })
    .from(purchases)
    .where(and(eq(purchases.interfaceId, interfaceId), eq(purchases.status, 'active'), gt(purchases.callsLeft, 0), gt(purchases.expiresAt, sql`now()`)));
  return rows.map((r) => r.memberId);
}

/** A new address, or a new enterprise-only rule, breaks calls a buyer's system already makes. */
async function tellHoldersOfEdit(tx: Db, id: number, before: Editable, after: Editable): Promise<void> {
  const notes: string[] = [];
  if (before.path !== after.path) notes.push(`调用地址由 ${before.path} 改为 ${after.path}，请尽快更新您的系统；旧地址的调用将返回 SYSTEM_004（接口不存在）。`);
  if (!before.enterpriseOnly && after.enterpriseOnly) notes.push('该接口改为仅向已通过企业认证的账号开放，未认证账号的调用将返回 SYSTEM_008。');
  if (notes.length === 0) return;
  for (const memberId of await holdersOf(tx, id)) {
    await sendMessage(tx, memberId, {
      kind: 'system',
      title: `接口「${after.interfaceName}」的调用方式已变更`,
      body: `您已购买的接口「${after.interfaceName}」（编号 ${id}）：${notes.join('')}`,
      link: MY_API_LINK,
    });
  }
}

export async function setInterfaceStatus(db: Db, actor: Actor, input: InterfaceStatusInput): Promise<CatalogueResult> {
  const result = await db.transaction(async (tx): Promise<CatalogueResult> => {
    const [row] = await tx
      .select({ status: interfaces.status, name: interfaces.interfaceName })
      .from(interfaces)
      .where(eq(interfaces.id, input.id))
      .for('update');
    if (!row) throw new NotFound(M.interfaceMissing);
    if (row.status === input.status) return { change: { id: input.id, changed: false }, msg: input.status === 'on_sale' ? M.alreadyOn : M.alreadyOff };
    await tx.update(interfaces).set({ status: input.status, updatedAt: new Date() }).where(eq(interfaces.id, input.id));
    await refreshListing(tx, [input.id]);
    const off = input.status === 'off_sale';
    for (const memberId of await holdersOf(tx, input.id)) {
      await sendMessage(tx, memberId, {
        kind: 'system',
        title: off ? `接口「${row.name}」已下架` : `接口「${row.name}」已恢复上架`,
        body: off
          ? `您已购买的接口「${row.name}」（编号 ${input.id}）已由平台下架。下架期间对它的调用将返回 SYSTEM_015（接口已下架），不会扣减调用次数。如有疑问请致电 ${SUPPORT_HOTLINE}。`
          : `您已购买的接口「${row.name}」（编号 ${input.id}）已恢复上架，使用原接口Key即可继续调用。`,
        link: MY_API_LINK,
      });
    }
    await recordAudit(tx, actor, {
      action: off ? 'catalogue.interface.offSale' : 'catalogue.interface.onSale',
      targetType: 'interface',
      targetId: input.id,
      before: { status: row.status },
      after: { status: input.status },
    });
    return { change: { id: input.id, changed: true }, msg: off ? M.offSale : M.onSale };
  });
  if (result.change.changed) afterInterfaceChange();
  return result;
}

// ── Price packages ────────────────────────────────────────────────────────────────────────────

const packageWords = (p: { calls: number; priceFen: number; validityDays: number }) =>
  `${p.calls.toLocaleString('zh-CN')} 次 / ¥${formatFen(p.priceFen)} / 有效期 ${p.validityDays} 天`;

/** Members whose automatic renewal buys this package: its change is their next charge. */
async function renewersOf(tx: Db, packageId: number): Promise<number[]> {
  const rows = await tx.select({ memberId: purchases.memberId }).from(purchases).where(eq(purchases.autoRenewPackageId, packageId));
  return rows.map((r) => r.memberId);
}

async function lockedInterface(tx: Db, interfaceId: number): Promise<{ name: string }> {
  const [row] = await tx.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, interfaceId)).for('update');
  if (!row) throw new NotFound(M.interfaceMissing);
  return row;
}

async function checkPackageDuplicate(tx: Db, interfaceId: number, calls: number, validityDays: number, self: number): Promise<void> {
  const [dup] = await tx
    .select({ id: pricePackages.id })
    .from(pricePackages)
    .where(
      and(eq(pricePackages.interfaceId, interfaceId), eq(pricePackages.calls, calls), eq(pricePackages.validityDays, validityDays), ne(pricePackages.id, self)),
    )
    .limit(1);
  if (dup) throw new Conflict(M.packageDup(calls, validityDays));
}

export async function savePackage(db: Db, actor: Actor, input: PackageSaveInput): Promise<CatalogueResult> {
  const result = await db.transaction(async (tx): Promise<CatalogueResult> => {
    // The interface row is the lock: two saves of one interface's packages queue, so the
    // duplicate check cannot pass for both.
    const iface = await lockedInterface(tx, input.interfaceId);
    const values = { calls: input.calls, priceFen: input.price, validityDays: input.validityDays };

    if (input.id === undefined) {
      await checkPackageDuplicate(tx, input.interfaceId, input.calls, input.validityDays, 0);
      const [last] = await tx
        .select({ sort: sql<number>`coalesce(max(${pricePackages.sort}), -1)`.mapWith(Number) })
        .from(pricePackages)
        .where(eq(pricePackages.interfaceId, input.interfaceId));
      const sort = input.sort ?? (last?.sort ?? -1) + 1;
      const [created] = await tx
        .insert(pricePackages)
        .values({ interfaceId: input.interfaceId, ...values, sort, onSale: true })
        .returning({ id: pricePackages.id });
      const id = created?.id ?? 0;
      await refreshListing(tx, [input.interfaceId]);
      await recordAudit(tx, actor, {
        action: 'catalogue.package.create',
        targetType: 'package',
        targetId: id,
        after: { interfaceId: input.interfaceId, ...values, sort, onSale: true },
      });
      return { change: { id, changed: true }, msg: M.packageCreated };
    }

    const id = input.id;
    const [row] = await tx
      .select({ calls: pricePackages.calls, priceFen: pricePackages.priceFen, validityDays: pricePackages.validityDays, sort: pricePackages.sort })
      .from(pricePackages)
      .where(and(eq(pricePackages.id, id), eq(pricePackages.interfaceId, input.interfaceId)));
    if (!row) throw new NotFound(M.packageMissing);
    const after = { ...values, sort: input.sort ?? row.sort };
    const change = diff(row, after);
    if (!change) return { change: { id, changed: false }, msg: M.packageUnchanged };
    await checkPackageDuplicate(tx, input.interfaceId, after.calls, after.validityDays, id);
    await tx.update(pricePackages).set(after).where(eq(pricePackages.id, id));
    await refreshListing(tx, [input.interfaceId]);
    if (change.after.calls !== undefined || change.after.priceFen !== undefined || change.after.validityDays !== undefined) {
      for (const memberId of await renewersOf(tx, id)) {
        await sendMessage(tx, memberId, {
          kind: 'order',
          title: '自动续费套餐已调整',
          body: `您为接口「${iface.name}」设置的自动续费套餐已由「${packageWords(row)}」调整为「${packageWords(after)}」，下次自动续费按调整后的套餐扣费。如不需要，可在「自动续费」页面更换套餐或关闭自动续费。`,
          link: RENEW_LINK,
        });
      }
    }
    await recordAudit(tx, actor, {
      action: 'catalogue.package.edit',
      targetType: 'package',
      targetId: id,
      before: { interfaceId: input.interfaceId, ...change.before },
      after: { interfaceId: input.interfaceId, ...change.after },
    });
    return { change: { id, changed: true }, msg: M.packageSaved };
  });
  // A search between the refresh and the commit could have rebuilt from the old prices.
  if (result.change.changed) forgetCatalogueTotals();
  return result;
}

export async function setPackageStatus(db: Db, actor: Actor, input: PackageStatusInput): Promise<CatalogueResult> {
  const result = await db.transaction(async (tx): Promise<CatalogueResult> => {
    const [found] = await tx.select({ interfaceId: pricePackages.interfaceId }).from(pricePackages).where(eq(pricePackages.id, input.id));
    if (!found) throw new NotFound(M.packageMissing);
    const iface = await lockedInterface(tx, found.interfaceId);
    const [row] = await tx
      .select({ onSale: pricePackages.onSale, calls: pricePackages.calls, priceFen: pricePackages.priceFen, validityDays: pricePackages.validityDays })
      .from(pricePackages)
      .where(eq(pricePackages.id, input.id));
    if (!row) throw new NotFound(M.packageMissing);
    const onSale = input.status === 'on_sale';
    if (row.onSale === onSale) return { change: { id: input.id, changed: false }, msg: onSale ? M.packageAlreadyOn : M.packageAlreadyOff };
    await tx.update(pricePackages).set({ onSale }).where(eq(pricePackages.id, input.id));
    await refreshListing(tx, [found.interfaceId]);
    if (!onSale) {
      for (const memberId of await renewersOf(tx, input.id)) {
        await sendMessage(tx, memberId, {
          kind: 'order',
          title: '自动续费套餐已下架',
          body: `您为接口「${iface.name}」设置的自动续费套餐「${packageWords(row)}」已下架，次数用完或到期时将无法自动续费。请在「自动续费」页面改选其他套餐。`,
          link: RENEW_LINK,
        });
      }
    }
    await recordAudit(tx, actor, {
      action: onSale ? 'catalogue.package.onSale' : 'catalogue.package.offSale',
      targetType: 'package',
      targetId: input.id,
      before: { interfaceId: found.interfaceId, onSale: row.onSale },
      after: { interfaceId: found.interfaceId, onSale },
    });
    return { change: { id: input.id, changed: true }, msg: onSale ? M.packageOn : M.packageOff };
  });
  // A search between the refresh and the commit could have rebuilt from the old prices.
  if (result.change.changed) forgetCatalogueTotals();
  return result;
}
