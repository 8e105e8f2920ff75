// The suppliers in the console (issue #24, contracts' consoleSuppliersApi): the editors keep the
// suppliers and each interface's routes; every write is in the operators' audit log (credentials
// as their header names only) and reaches the gateway at once in this process and within the
// router's memo (30 s) in the others. And what the router's breakers did: recorded and mailed to
// the operations team.
import {
  chinaReading,
  mapText,
  mfenToYuanInput,
  parseCodeMap,
  parseCredentials,
  parseMap,
  type RouteRow,
  type RouteSaveInput,
  SUPPLIER_MSG,
  type SupplierRow,
  type SupplierSaveInput,
  yuanToMfen,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { interfaces, supplierEvents, supplierRoutes, suppliers } from '../../db/schema';
import { Conflict, NotFound } from '../../http/errors';
import { forget } from '../../memo';
import type { Notifier } from '../../notify';
import { recordAudit } from '../console/audit.service';
import type { Actor } from '../console/operators.service';
import { openCredentials, sealCredentials } from './credentials';
import type { BreakerState } from './router';

type SupplierRecord = typeof suppliers.$inferSelect;
type RouteRecord = typeof supplierRoutes.$inferSelect;

// ── Suppliers ───────────────────────────────────────────────────────────────────────────────
export async function listSuppliers(db: Db, breakers: Map<number, BreakerState>): Promise<SupplierRow[]> {
  const rows = await db.select().from(suppliers).orderBy(asc(suppliers.id));
  const counts = await db.select({ id: supplierRoutes.supplierId, n: count() }).from(supplierRoutes).groupBy(supplierRoutes.supplierId);
  const latest = await db
    .selectDistinctOn([supplierEvents.supplierId], {
      id: supplierEvents.supplierId,
      state: supplierEvents.state,
      reason: supplierEvents.reason,
      at: supplierEvents.at,
    })
    .from(supplierEvents)
    .orderBy(supplierEvents.supplierId, desc(supplierEvents.at), desc(supplierEvents.id));
  return rows.map((r) => supplierView(r, counts.find((c) => c.id === r.id)?.n ?? 0, breakers.get(r.id) ?? 'closed', latest.find((e) => e.id === r.id) ?? null));
}

function supplierView(r: SupplierRecord, routes: number, breaker: BreakerState, last: { state: string; reason: string; at: Date } | null): SupplierRow {
  return {
    id: r.id,
    name: r.name,
    maxConcurrent: r.maxConcurrent,
    maxQueue: r.maxQueue,
    status: r.status === 'disabled' ? 'disabled' : 'enabled',
    remark: r.remark,
    routes,
    breaker,
    lastEvent: last ? { state: last.state, reason: last.reason, at: last.at.toISOString() } : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function saveSupplier(db: Db, actor: Actor, input: SupplierSaveInput, breakers: Map<number, BreakerState>): Promise<SupplierRow> {
  const values = { name: input.name, maxConcurrent: input.maxConcurrent, maxQueue: input.maxQueue, status: input.status, remark: input.remark };
  const [taken] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(input.id ? and(eq(suppliers.name, input.name), ne(suppliers.id, input.id)) : eq(suppliers.name, input.name));
  if (taken) throw new Conflict(SUPPLIER_MSG.nameTaken(input.name));
  const row = await db.transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, input.id)).for('update');
      if (!before) throw new NotFound(SUPPLIER_MSG.supplierMissing);
      const [after] = await tx.update(suppliers).set(values).where(eq(suppliers.id, input.id)).returning();
      await recordAudit(tx, actor, { action: 'supplier.edit', targetType: 'supplier', targetId: input.id, before: plain(before), after: values });
      return after as SupplierRecord;
    }
    const [added] = await tx.insert(suppliers).values(values).onConflictDoNothing().returning();
    if (!added) throw new Conflict(SUPPLIER_MSG.nameTaken(input.name));
    await recordAudit(tx, actor, { action: 'supplier.create', targetType: 'supplier', targetId: added.id, after: values });
    return added;
  });
  forget('suppliers');
  const [n] = await db.select({ n: count() }).from(supplierRoutes).where(eq(supplierRoutes.supplierId, row.id));
  return supplierView(row, n?.n ?? 0, breakers.get(row.id) ?? 'closed', null);
}

const plain = (r: SupplierRecord) => ({ name: r.name, maxConcurrent: r.maxConcurrent, maxQueue: r.maxQueue, status: r.status, remark: r.remark });

// ── Routes ──────────────────────────────────────────────────────────────────────────────────
function routeView(r: RouteRecord, supplier: Pick<SupplierRecord, 'name' | 'status'>): RouteRow {
  return {
    id: r.id,
    interfaceId: r.interfaceId,
    supplierId: r.supplierId,
    supplierName: supplier.name,
    supplierStatus: supplier.status === 'disabled' ? 'disabled' : 'enabled',
    endpoint: r.endpoint,
    credentialNames: r.credentialNames,
    timeoutMs: r.timeoutMs,
    priority: r.priority,
    weight: r.weight,
    costYuan: mfenToYuanInput(r.costMfen),
    paramMap: mapText(r.mapping.params),
    fieldMap: mapText(r.mapping.fields),
    codeMap: mapText(r.mapping.codes),
    enabled: r.enabled,
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function interfaceExists(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: interfaces.id }).from(interfaces).where(eq(interfaces.id, id));
  if (!row) throw new NotFound(SUPPLIER_MSG.interfaceMissing);
}

export async function routesOf(db: Db, interfaceId: number): Promise<RouteRow[]> {
  await interfaceExists(db, interfaceId);
  const rows = await db
    .select({ r: supplierRoutes, name: suppliers.name, status: suppliers.status })
    .from(supplierRoutes)
    .innerJoin(suppliers, eq(suppliers.id, supplierRoutes.supplierId))
    .where(eq(supplierRoutes.interfaceId, interfaceId))
    .orderBy(asc(supplierRoutes.priority), desc(supplierRoutes.weight), asc(supplierRoutes.id));
  return rows.map(({ r, name, status }) => routeView(r, { name, status }));
}

/** What the audit log keeps of a route: everything but the credentials' values. */
const auditOf = (r: Pick<RouteRecord, 'endpoint' | 'credentialNames' | 'timeoutMs' | 'priority' | 'weight' | 'costMfen' | 'mapping' | 'enabled'>) => ({
  endpoint: r.endpoint,
  credentialNames: r.credentialNames,
  timeoutMs: r.timeoutMs,
  priority: r.priority,
  weight: r.weight,
  costMfen: r.costMfen,
  mapping: r.mapping,
  enabled: r.enabled,
});

export async function saveRoute(db: Db, config: Config, actor: Actor, input: RouteSaveInput): Promise<RouteRow> {
  await interfaceExists(db, input.interfaceId);
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, input.supplierId));
  if (!supplier) throw new NotFound(SUPPLIER_MSG.supplierMissing);
  const headers = parseCredentials(input.credentials) ?? {};
  const mapping = {
    params: parseMap(input.paramMap) ?? {},
    fields: parseMap(input.fieldMap) ?? {},
    codes: parseCodeMap(input.codeMap) ?? {},
  };
  const settings = {
    endpoint: input.endpoint,
    timeoutMs: input.timeoutMs,
    priority: input.priority,
    weight: input.weight,
    costMfen: yuanToMfen(input.costYuan) ?? 0,
    mapping,
    enabled: input.enabled,
  };
  // New credentials replace the saved ones; none entered keeps them (they are never shown to be
  // entered again), unless the editor clears them.
  const credentials = (interfaceId: number, supplierId: number) =>
    Object.keys(headers).length > 0
      ? { credentialsSealed: sealCredentials(config, interfaceId, supplierId, headers), credentialNames: Object.keys(headers) }
      : input.clearCredentials
        ? { credentialsSealed: '', credentialNames: [] }
        : {};
  const row = await db.transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select().from(supplierRoutes).where(eq(supplierRoutes.id, input.id)).for('update');
      if (!before || before.interfaceId !== input.interfaceId) throw new NotFound(SUPPLIER_MSG.routeMissing);
      // Moving a route to another supplier re-seals what it keeps for the new pair.
      const kept =
        before.supplierId !== input.supplierId && before.credentialsSealed && Object.keys(headers).length === 0 && !input.clearCredentials
          ? {
              credentialsSealed: sealCredentials(
                config,
                input.interfaceId,
                input.supplierId,
                openCredentials(config, before.interfaceId, before.supplierId, before.credentialsSealed),
              ),
            }
          : {};
      const [after] = await tx
        .update(supplierRoutes)
        .set({ ...settings, supplierId: input.supplierId, ...kept, ...credentials(input.interfaceId, input.supplierId) })
        .where(eq(supplierRoutes.id, input.id))
        .returning()
        .catch(duplicate);
      await recordAudit(tx, actor, {
        action: 'supplier.route.edit',
        targetType: 'route',
        targetId: input.id,
        before: auditOf(before),
        after: auditOf(after as RouteRecord),
      });
      return after as RouteRecord;
    }
    const [added] = await tx
      .insert(supplierRoutes)
      .values({ ...settings, interfaceId: input.interfaceId, supplierId: input.supplierId, ...credentials(input.interfaceId, input.supplierId) })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new Conflict(SUPPLIER_MSG.duplicateRoute);
    await recordAudit(tx, actor, {
      action: 'supplier.route.create',
      targetType: 'route',
      targetId: added.id,
      after: { interfaceId: added.interfaceId, supplierId: added.supplierId, ...auditOf(added) },
    });
    return added;
  });
  forget('suppliers');
  return routeView(row, supplier);
}

/** The unique (interface, supplier) pair met by an edit: the editor's words, not a database error. */
function duplicate(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new Conflict(SUPPLIER_MSG.duplicateRoute);
  throw err;
}

export async function deleteRoute(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(supplierRoutes).where(eq(supplierRoutes.id, id)).returning();
    if (!gone) throw new NotFound(SUPPLIER_MSG.routeMissing);
    await recordAudit(tx, actor, {
      action: 'supplier.route.delete',
      targetType: 'route',
      targetId: id,
      before: { interfaceId: gone.interfaceId, supplierId: gone.supplierId, ...auditOf(gone) },
    });
  });
  forget('suppliers');
  return { id };
}

// ── Breakers ────────────────────────────────────────────────────────────────────────────────
export interface BreakerDeps {
  db: Db;
  notifier: Notifier;
  opsEmail: string;
  logger: FastifyBaseLogger;
}

/** A breaker's opening or closing as this process saw it: recorded, and mailed to the operations team. */
export async function recordBreaker(deps: BreakerDeps, supplierId: number, state: BreakerState, reason: string): Promise<void> {
  const at = new Date();
  await deps.db.insert(supplierEvents).values({ supplierId, state, reason: reason.slice(0, 200), at });
  const [row] = await deps.db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, supplierId));
  const name = row?.name ?? `供应商 ${supplierId}`;
  const opened = state === 'open';
  const { status } = await deps.notifier.send({
    channel: 'email',
    to: deps.opsEmail,
    subject: opened ? `【熔断】供应商「${name}」已熔断，调用转往备用供应商` : `【恢复】供应商「${name}」已恢复调用`,
    body: [
      `供应商：${name}（编号 ${supplierId}）`,
      `时间：${chinaReading(at)}`,
      opened
        ? `原因：${reason || '调用失败率超过阈值'}。熔断期间该供应商的线路暂不调用，接口按优先级转往其他供应商；冷却后以真实调用探测，成功即恢复。`
        : '探测调用已成功，该供应商的线路恢复调用。',
      '详情见运营后台「供应商与线路」。',
    ].join('\n'),
  });
  if (status === 'failed') deps.logger.warn({ supplierId, state }, 'the breaker mail could not be sent');
}
