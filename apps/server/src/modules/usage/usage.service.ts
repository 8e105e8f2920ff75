// Usage statistics (调用记录, spec 02 §7 "Statistics"): daily and monthly tables, the chart
// series, the distribution by interface, charges and trends — all read from call_stats, the
// per-(account, China day, interface, code) counts gateway_commit keeps in the same statement
// that records the calls, so a statistic never scans call_records and never disagrees with it.
import {
  GATEWAY_SUCCESS,
  mfenToYuan,
  percentChange,
  periodDays,
  previousPeriod,
  type UsageCharges,
  type UsageChart,
  type UsageCodeCount,
  type UsageDistribution,
  type UsageFigures,
  type UsageMember,
  type UsagePeriod,
  type UsagePeriodKind,
  type UsageRangeInput,
  type UsageTableSum,
  type UsageTableInput,
  type UsageTableRow,
  type UsageTrends,
  USAGE_MSG,
  usagePeriod,
} from '@apimarket/contracts';
import { and, between, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { callStats, interfaces, members, purchases } from '../../db/schema';
import { Forbidden } from '../../http/errors';
import type { Account } from '../account/access';

/** Shown for calls refused before an interface was known (call_stats counts them under 0). */
export const UNKNOWN_INTERFACE = '未识别的接口';

/**
 * Whose records a query reads (docs/decisions.md, usage history): by default the caller's own. A main account may ask
 * for one of its sub-accounts or for `all` (itself and every sub-account); a sub-account only
 * ever reads its own. Any other id is refused, never silently widened or emptied.
 */
export async function usageMembers(db: Db, account: Account, asked: UsageMember | undefined): Promise<number[]> {
  const self = account.memberId;
  if (asked === undefined || asked === self) return [self];
  if (account.isSub) throw new Forbidden(USAGE_MSG.subOnlyOwn);
  if (asked === 'all') {
    const children = await db.select({ id: members.id }).from(members).where(eq(members.parentId, self));
    return [self, ...children.map((c) => c.id)];
  }
  const [child] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, asked), eq(members.parentId, self)));
  if (!child) throw new Forbidden(USAGE_MSG.otherMember);
  return [child.id];
}

const byMembers = (ids: number[]) => (ids.length === 1 ? eq(callStats.memberId, ids[0] ?? 0) : inArray(callStats.memberId, ids));

/** The call_stats rows of a filter: the accounts, the period's China days, one interface. */
export function statsWhere(ids: number[], period: UsagePeriod, interfaceId?: number, extra?: SQL): SQL | undefined {
  return and(
    byMembers(ids),
    between(callStats.day, period.startDate, period.endDate),
    interfaceId === undefined ? undefined : eq(callStats.interfaceId, interfaceId),
    extra,
  );
}

// Sums over call_stats rows, as text (bigint sums) read back as numbers.
const total = (col: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${col}), 0)::text`.mapWith(Number);
const FIGURES = {
  calls: total(callStats.calls),
  success: sql<number>`coalesce(sum(${callStats.calls}) filter (where ${callStats.code} = ${GATEWAY_SUCCESS}), 0)::text`.mapWith(Number),
  charged: total(callStats.charged),
  failed: sql<number>`coalesce(sum(${callStats.calls}) filter (where ${callStats.code} like 'SYSTEM\\_%'), 0)::text`.mapWith(Number),
  costMfen: total(callStats.costMfen),
  latencyMs: total(callStats.latencyMs),
};

interface RawFigures {
  calls: number;
  success: number;
  charged: number;
  failed: number;
  costMfen: number;
  latencyMs: number;
}

export function figuresOf(r: RawFigures | undefined): UsageFigures {
  const calls = r?.calls ?? 0;
  const costMfen = r?.costMfen ?? 0;
  return {
    calls,
    success: r?.success ?? 0,
    charged: r?.charged ?? 0,
    failed: r?.failed ?? 0,
    costMfen,
    cost: mfenToYuan(costMfen),
    avgLatencyMs: calls > 0 ? Math.round((r?.latencyMs ?? 0) / calls) : 0,
  };
}

/** Names of interfaces by id (0 = calls refused before an interface was known). */
export async function interfaceNames(db: Db, ids: Iterable<number>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].filter((id) => id > 0);
  const names = new Map<number, string>([[0, UNKNOWN_INTERFACE]]);
  if (wanted.length === 0) return names;
  const rows = await db.select({ id: interfaces.id, name: interfaces.interfaceName }).from(interfaces).where(inArray(interfaces.id, wanted));
  for (const r of rows) names.set(r.id, r.name);
  return names;
}

const byCalls = (a: UsageCodeCount, b: UsageCodeCount) => b.calls - a.calls || a.code.localeCompare(b.code);

/** Adds one set of raw figures into another. */
function addInto(into: RawFigures, r: RawFigures): void {
  into.calls += r.calls;
  into.success += r.success;
  into.charged += r.charged;
  into.failed += r.failed;
  into.costMfen += r.costMfen;
  into.latencyMs += r.latencyMs;
}
/** The last day of a yyyy-MM month. */
const monthEnd = (month: string) => {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const zero = (): RawFigures => ({ calls: 0, success: 0, charged: 0, failed: 0, costMfen: 0, latencyMs: 0 });

/**
 * dailyStatistics / monthlyStatistics: a page of (day|month, interface) rows, newest first, and
 * the filter's totals. The (day, interface) sums of the period — at most days × interfaces rows —
 * are read once and folded, sorted and paged here; the codes of the page's rows are one more read.
 */
export async function usageTable(
  db: Db,
  account: Account,
  input: UsageTableInput,
  kind: UsagePeriodKind,
): Promise<{ rows: UsageTableRow[]; total: number; period: UsagePeriod; sum: UsageTableSum }> {
  const ids = await usageMembers(db, account, input.memberId);
  const period = usagePeriod(input, kind);
  const where = statsWhere(ids, period, input.interfaceId);
  // Months are folded in SQL (at most 12 × interfaces rows come back), days as stored.
  const bucket = kind === 'day' ? sql<string>`${callStats.day}::text` : sql<string>`date_trunc('month', ${callStats.day})::date::text`;
  const bucketOf = (day: string) => (kind === 'day' ? day : day.slice(0, 7));

  const [byDay, codes] = await Promise.all([
    db
      .select({ day: bucket, interfaceId: callStats.interfaceId, ...FIGURES })
      .from(callStats)
      .where(where)
      .groupBy(bucket, callStats.interfaceId),
    db
      .select({ code: callStats.code, calls: total(callStats.calls) })
      .from(callStats)
      .where(where)
      .groupBy(callStats.code),
  ]);

  const groups = new Map<string, { bucket: string; interfaceId: number; f: RawFigures }>();
  const sum = zero();
  for (const r of byDay) {
    const bucket = bucketOf(r.day);
    const key = `${bucket}|${r.interfaceId}`;
    const g = groups.get(key) ?? { bucket, interfaceId: r.interfaceId, f: zero() };
    addInto(g.f, r);
    addInto(sum, r);
    groups.set(key, g);
  }
  const sorted = [...groups.values()].sort((a, b) => b.bucket.localeCompare(a.bucket) || b.f.calls - a.f.calls || a.interfaceId - b.interfaceId);
  const page = sorted.slice((input.pageNum - 1) * input.pageSize, input.pageNum * input.pageSize);

  // The codes other than 10000 of the rows on this page only: the page's days, its interfaces.
  const pageCodes = new Map<string, UsageCodeCount[]>();
  const first = page.at(-1);
  const last = page[0];
  if (first && last) {
    const from = kind === 'day' ? first.bucket : `${first.bucket}-01`;
    const to = kind === 'day' ? last.bucket : monthEnd(last.bucket);
    const span = { startDate: from < period.startDate ? period.startDate : from, endDate: to > period.endDate ? period.endDate : to };
    const rows = await db
      .select({ day: bucket, interfaceId: callStats.interfaceId, code: callStats.code, calls: total(callStats.calls) })
      .from(callStats)
      .where(statsWhere(ids, span, input.interfaceId, ne(callStats.code, GATEWAY_SUCCESS)))
      .groupBy(bucket, callStats.interfaceId, callStats.code);
    const merged = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const key = `${bucketOf(r.day)}|${r.interfaceId}`;
      const m = merged.get(key) ?? new Map<string, number>();
      m.set(r.code, (m.get(r.code) ?? 0) + r.calls);
      merged.set(key, m);
    }
    for (const [key, m] of merged) pageCodes.set(key, [...m].map(([code, calls]) => ({ code, calls })).sort(byCalls));
  }
  const names = await interfaceNames(
    db,
    page.map((r) => r.interfaceId),
  );

  return {
    rows: page.map(
      (g): UsageTableRow => ({
        period: g.bucket,
        interfaceId: g.interfaceId,
        interfaceName: names.get(g.interfaceId) ?? '',
        ...figuresOf(g.f),
        codes: pageCodes.get(`${g.bucket}|${g.interfaceId}`) ?? [],
      }),
    ),
    total: groups.size,
    period,
    sum: { ...figuresOf(sum), codes: codes.filter((c) => c.code !== GATEWAY_SUCCESS && c.calls > 0).sort(byCalls) },
  };
}

/** callStatisticalChart: one point per day of the period (zeros on quiet days), oldest first. */
export async function usageChart(db: Db, account: Account, input: UsageRangeInput): Promise<UsageChart> {
  const ids = await usageMembers(db, account, input.memberId);
  const period = usagePeriod(input);
  const rows = await db
    .select({ day: callStats.day, ...FIGURES })
    .from(callStats)
    .where(statsWhere(ids, period, input.interfaceId))
    .groupBy(callStats.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    period,
    series: periodDays(period).map((day) => {
      const f = figuresOf(byDay.get(day));
      return { day, calls: f.calls, charged: f.charged, failed: f.failed, costMfen: f.costMfen, cost: f.cost };
    }),
  };
}

/** myCallHistory/distributions: the period's calls by interface, most called first, with shares. */
export async function usageDistribution(db: Db, account: Account, input: UsageRangeInput): Promise<UsageDistribution> {
  const ids = await usageMembers(db, account, input.memberId);
  const period = usagePeriod(input);
  const rows = await db
    .select({ interfaceId: callStats.interfaceId, ...FIGURES })
    .from(callStats)
    .where(statsWhere(ids, period, input.interfaceId))
    .groupBy(callStats.interfaceId)
    .orderBy(desc(FIGURES.calls), callStats.interfaceId);
  const all = rows.reduce((n, r) => n + r.calls, 0);
  const names = await interfaceNames(
    db,
    rows.map((r) => r.interfaceId),
  );
  return {
    period,
    total: all,
    rows: rows.map((r) => {
      const f = figuresOf(r);
      return {
        interfaceId: r.interfaceId,
        interfaceName: names.get(r.interfaceId) ?? '',
        calls: f.calls,
        charged: f.charged,
        failed: f.failed,
        costMfen: f.costMfen,
        cost: f.cost,
        share: all > 0 ? Math.round((r.calls / all) * 1000) / 10 : 0,
      };
    }),
  };
}

/**
 * myCallHistory/chargeSituations: what the period's charged calls cost, by interface, beside what
 * is left of each purchase now (calls left summed, the latest expiry, over the accounts read).
 */
export async function usageCharges(db: Db, account: Account, input: UsageRangeInput): Promise<UsageCharges> {
  const ids = await usageMembers(db, account, input.memberId);
  const period = usagePeriod(input);
  const [charged, owned] = await Promise.all([
    db
      .select({ interfaceId: callStats.interfaceId, charged: total(callStats.charged), costMfen: total(callStats.costMfen) })
      .from(callStats)
      .where(statsWhere(ids, period, input.interfaceId, sql`${callStats.charged} > 0`))
      .groupBy(callStats.interfaceId),
    db
      .select({
        interfaceId: purchases.interfaceId,
        callsLeft: sql<number>`sum(${purchases.callsLeft})::text`.mapWith(Number),
        expiresAt: sql<string>`max(${purchases.expiresAt})`,
      })
      .from(purchases)
      .where(
        and(
          ids.length === 1 ? eq(purchases.memberId, ids[0] ?? 0) : inArray(purchases.memberId, ids),
          input.interfaceId === undefined ? undefined : eq(purchases.interfaceId, input.interfaceId),
        ),
      )
      .groupBy(purchases.interfaceId),
  ]);
  const left = new Map(owned.map((p) => [p.interfaceId, p]));
  const interfaceIds = new Set([...charged.map((c) => c.interfaceId), ...owned.map((p) => p.interfaceId)]);
  const names = await interfaceNames(db, interfaceIds);
  const spent = new Map(charged.map((c) => [c.interfaceId, c]));
  const rows = [...interfaceIds]
    .map((id) => {
      const c = spent.get(id);
      const p = left.get(id);
      return {
        interfaceId: id,
        interfaceName: names.get(id) ?? '',
        chargedCalls: c?.charged ?? 0,
        costMfen: c?.costMfen ?? 0,
        cost: mfenToYuan(c?.costMfen ?? 0),
        callsLeft: p ? p.callsLeft : null,
        expiresAt: p ? new Date(p.expiresAt).toISOString() : null,
      };
    })
    .sort((a, b) => b.costMfen - a.costMfen || b.chargedCalls - a.chargedCalls || a.interfaceId - b.interfaceId);
  const costMfen = rows.reduce((n, r) => n + r.costMfen, 0);
  return { period, chargedCalls: rows.reduce((n, r) => n + r.chargedCalls, 0), costMfen, cost: mfenToYuan(costMfen), rows };
}

/** Figures of one period for the accounts and interface asked. */
async function periodFigures(db: Db, ids: number[], period: UsagePeriod, interfaceId?: number): Promise<UsageFigures> {
  const [row] = await db
    .select(FIGURES)
    .from(callStats)
    .where(statsWhere(ids, period, interfaceId));
  return figuresOf(row);
}

/** myCallHistory/trends: the period against the period of equal length just before it. */
export async function usageTrends(db: Db, account: Account, input: UsageRangeInput): Promise<UsageTrends> {
  const ids = await usageMembers(db, account, input.memberId);
  const period = usagePeriod(input);
  const previous = previousPeriod(period);
  const [current, before] = await Promise.all([periodFigures(db, ids, period, input.interfaceId), periodFigures(db, ids, previous, input.interfaceId)]);
  return {
    period,
    previous,
    current,
    before,
    change: {
      calls: percentChange(before.calls, current.calls),
      charged: percentChange(before.charged, current.charged),
      costMfen: percentChange(before.costMfen, current.costMfen),
      failed: percentChange(before.failed, current.failed),
    },
  };
}
