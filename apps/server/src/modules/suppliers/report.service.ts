// The operator's report of the suppliers (issue #24): per supplier and interface over China days —
// attempts and how they ended, the latency of its answers, what it charged and what the customers
// paid for the calls it answered (the margin) — with the totals by day and the breakers' changes.
// Counts and money come from supplier_stats, kept by the statement that records the calls, so they
// equal the records' sums; percentiles are read from the records themselves.
import { chinaDayStart, type SupplierReport, type SupplierReportInput } from '@apimarket/contracts';
import { and, between, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callRecords, interfaces, supplierEvents, supplierStats, suppliers } from '../../db/schema';

const n = (v: unknown) => Number(v ?? 0);

export async function supplierReport(db: Db, input: SupplierReportInput): Promise<SupplierReport> {
  const since = chinaDayStart(input.from);
  const until = chinaDayStart(input.to, 1);
  const statsWhere: SQL[] = [between(supplierStats.day, input.from, input.to)];
  if (input.supplierId) statsWhere.push(eq(supplierStats.supplierId, input.supplierId));
  if (input.interfaceId) statsWhere.push(eq(supplierStats.interfaceId, input.interfaceId));

  const sums = {
    tried: sql<number>`sum(${supplierStats.tried})`,
    answered: sql<number>`sum(${supplierStats.answered})`,
    timeouts: sql<number>`sum(${supplierStats.timeouts})`,
    refused: sql<number>`sum(${supplierStats.refused})`,
    cost: sql<number>`sum(${supplierStats.costMfen})`,
    revenue: sql<number>`sum(${supplierStats.revenueMfen})`,
  };
  const [pairs, days, latency, events] = await Promise.all([
    db
      .select({
        supplierId: supplierStats.supplierId,
        supplierName: suppliers.name,
        interfaceId: supplierStats.interfaceId,
        interfaceName: interfaces.interfaceName,
        ...sums,
      })
      .from(supplierStats)
      .innerJoin(suppliers, eq(suppliers.id, supplierStats.supplierId))
      .leftJoin(interfaces, eq(interfaces.id, supplierStats.interfaceId))
      .where(and(...statsWhere))
      .groupBy(supplierStats.supplierId, suppliers.name, supplierStats.interfaceId, interfaces.interfaceName)
      .orderBy(supplierStats.supplierId, supplierStats.interfaceId),
    db
      .select({ day: supplierStats.day, ...sums })
      .from(supplierStats)
      .where(and(...statsWhere))
      .groupBy(supplierStats.day)
      .orderBy(supplierStats.day),
    db
      .select({
        supplierId: callRecords.supplierId,
        interfaceId: callRecords.interfaceId,
        p50: sql<number>`percentile_disc(0.5) within group (order by ${callRecords.supplierMs})`,
        p95: sql<number>`percentile_disc(0.95) within group (order by ${callRecords.supplierMs})`,
        p99: sql<number>`percentile_disc(0.99) within group (order by ${callRecords.supplierMs})`,
      })
      .from(callRecords)
      .where(
        and(
          sql`${callRecords.supplierId} is not null`,
          gte(callRecords.createdAt, since),
          lt(callRecords.createdAt, until),
          input.supplierId ? eq(callRecords.supplierId, input.supplierId) : undefined,
          input.interfaceId ? eq(callRecords.interfaceId, input.interfaceId) : undefined,
        ),
      )
      .groupBy(callRecords.supplierId, callRecords.interfaceId),
    db
      .select({
        supplierId: supplierEvents.supplierId,
        supplierName: suppliers.name,
        state: supplierEvents.state,
        reason: supplierEvents.reason,
        at: supplierEvents.at,
      })
      .from(supplierEvents)
      .innerJoin(suppliers, eq(suppliers.id, supplierEvents.supplierId))
      .where(and(gte(supplierEvents.at, since), lt(supplierEvents.at, until), input.supplierId ? eq(supplierEvents.supplierId, input.supplierId) : undefined))
      .orderBy(desc(supplierEvents.at), desc(supplierEvents.id))
      .limit(200),
  ]);

  return {
    rows: pairs.map((p) => {
      const l = latency.find((x) => x.supplierId === p.supplierId && x.interfaceId === p.interfaceId);
      const tried = n(p.tried);
      const answered = n(p.answered);
      return {
        supplierId: p.supplierId,
        supplierName: p.supplierName,
        interfaceId: p.interfaceId,
        interfaceName: p.interfaceName ?? `接口 ${p.interfaceId}`,
        tried,
        answered,
        timeouts: n(p.timeouts),
        refused: n(p.refused),
        successRate: tried > 0 ? answered / tried : null,
        p50: l ? n(l.p50) : null,
        p95: l ? n(l.p95) : null,
        p99: l ? n(l.p99) : null,
        costMfen: n(p.cost),
        revenueMfen: n(p.revenue),
        marginMfen: n(p.revenue) - n(p.cost),
      };
    }),
    days: days.map((d) => ({
      day: d.day,
      tried: n(d.tried),
      answered: n(d.answered),
      costMfen: n(d.cost),
      revenueMfen: n(d.revenue),
      marginMfen: n(d.revenue) - n(d.cost),
    })),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
}
