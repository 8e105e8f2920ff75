// 接口监控 (issue #23): figures of the account's own calls per interface it can call, over the
// last hour, day or week, read from call_records through its (member_id, created_at) index — a
// window of one account's calls, never its history — and the platform's view of each upstream:
// every account's calls of the interface, aggregated (measured calls, availability, p95) and
// kept a minute per (interface, window) so many pages do not each scan the interface's week.
import {
  alertErrorRate,
  codeKind,
  codeWords,
  isAlertError,
  MONITOR_MSG,
  MONITOR_WINDOW,
  type MonitorAlert,
  type MonitorCode,
  type MonitorDetail,
  type MonitorFigures,
  type MonitorInterfaceInput,
  type MonitorOverview,
  type MonitorOverviewInput,
  type MonitorPoint,
  type MonitorWindow,
  monitorStatus,
  OUTAGE_CODES,
  sharePercent,
  UPSTREAM_MIN_COMPANIES,
  type UpstreamView,
} from '@apimarket/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertRules, callRecords, interfaceDocs, purchases } from '../../db/schema';
import { NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { purchasedInterfaces } from '../purchases/purchases.service';
import { usageMembers } from '../usage/usage.service';

/** Upstream figures are shared by every account's page: kept this long per (interface, window). */
export const UPSTREAM_CACHE_MS = 60_000;
const CHINA_OFFSET_S = 8 * 3600;

interface Span {
  window: MonitorWindow;
  from: Date;
  to: Date;
}
function spanOf(window: MonitorWindow, now = new Date()): Span {
  return { window, to: now, from: new Date(now.getTime() - MONITOR_WINDOW[window].minutes * 60_000) };
}

/** The window's records: (from, to]. */
const inSpan = (s: Span) =>
  sql`${callRecords.createdAt} > ${s.from.toISOString()}::timestamptz and ${callRecords.createdAt} <= ${s.to.toISOString()}::timestamptz`;
const byMembers = (ids: number[]) => (ids.length === 1 ? eq(callRecords.memberId, ids[0] ?? 0) : inArray(callRecords.memberId, ids));

/** codeKind's measured codes (success, business, outage) as SQL: not the caller's own refusals. */
const OUTAGE_LIST = sql.join(
  OUTAGE_CODES.map((c) => sql`${c}`),
  sql`, `,
);
const MEASURED = sql`(${callRecords.code} not like 'SYSTEM\\_%' or ${callRecords.code} in (${OUTAGE_LIST}))`;
const OUTAGE = sql`${callRecords.code} in (${OUTAGE_LIST})`;
const pct = (p: number) =>
  sql<number | null>`percentile_disc(${sql.raw(String(p))}) within group (order by ${callRecords.latencyMs}) filter (where ${MEASURED})`;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The account's interfaces: a main account's purchases, a sub-account's assignments (one row each). */
async function interfacesOf(db: Db, account: Account): Promise<Array<{ interfaceId: number; interfaceName: string }>> {
  const rows = await purchasedInterfaces(db, account).orderBy(sql`1`);
  const seen = new Map<number, string>();
  for (const r of rows) if (!seen.has(r.interfaceId)) seen.set(r.interfaceId, r.interfaceName);
  return [...seen].map(([interfaceId, interfaceName]) => ({ interfaceId, interfaceName }));
}

/** Figures from a code mix and the percentiles of the measured calls. */
export function figuresFrom(codes: ReadonlyMap<string, number>, p: { p50: number | null; p95: number | null; p99: number | null }): MonitorFigures {
  let calls = 0;
  let success = 0;
  let measured = 0;
  let outages = 0;
  let errors = 0;
  for (const [code, n] of codes) {
    calls += n;
    const kind = codeKind(code);
    if (kind === 'success') success += n;
    if (kind !== 'caller') measured += n;
    if (kind === 'outage') outages += n;
    if (isAlertError(code)) errors += n;
  }
  const availability = sharePercent(measured - outages, measured);
  const { rate, judged } = alertErrorRate(calls, errors);
  return {
    calls,
    success,
    successShare: sharePercent(success, calls),
    measured,
    outages,
    availability,
    ...p,
    errors,
    errorRate: rate,
    errorRateJudged: judged,
    status: monitorStatus(availability, p.p95),
  };
}

const upstreamCache = new Map<string, { at: number; view: UpstreamView }>();
/** Aggregates being read, so requests missing the cache together wait for one. */
const upstreamRunning = new Map<string, ReturnType<typeof upstreamRows>>();
/** Tests: forget the upstream figures kept. */
export function clearMonitorCache(): void {
  upstreamCache.clear();
}

/** Every account's calls of the interfaces over the window: availability and p95, when enough companies called. */
async function upstreamOf(db: Db, interfaceIds: number[], s: Span): Promise<Map<number, UpstreamView>> {
  const out = new Map<number, UpstreamView>();
  const now = Date.now();
  const missing: number[] = [];
  for (const id of interfaceIds) {
    const hit = upstreamCache.get(`${id}|${s.window}`);
    if (hit && now - hit.at < UPSTREAM_CACHE_MS) out.set(id, hit.view);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  // Requests that miss the cache together share one aggregate over every account's calls.
  const key = `${missing.join(',')}|${s.window}`;
  let running = upstreamRunning.get(key);
  if (!running) {
    running = upstreamRows(db, missing, s).finally(() => upstreamRunning.delete(key));
    upstreamRunning.set(key, running);
  }
  const found = new Map((await running).map((r) => [r.interfaceId ?? 0, r]));
  for (const id of missing) {
    const r = found.get(id);
    const shown = Number(r?.companies ?? 0) >= UPSTREAM_MIN_COMPANIES;
    const measured = Number(r?.measured ?? 0);
    const availability = shown ? sharePercent(measured - Number(r?.outages ?? 0), measured) : null;
    const p95 = shown ? num(r?.p95) : null;
    const view: UpstreamView = { shown, availability, p95, status: monitorStatus(availability, p95) };
    upstreamCache.set(`${id}|${s.window}`, { at: now, view });
    out.set(id, view);
  }
  if (upstreamCache.size > 5000) for (const [k, v] of upstreamCache) if (now - v.at >= UPSTREAM_CACHE_MS) upstreamCache.delete(k);
  return out;
}

/** The aggregate behind upstreamOf: companies, measured calls, outages and p95 per interface. */
async function upstreamRows(db: Db, interfaceIds: number[], s: Span) {
  return db
    .select({
      interfaceId: callRecords.interfaceId,
      // Companies, not accounts: a sub-account's calls are its main account's purchase's.
      companies: sql<string>`count(distinct ${purchases.memberId})::text`,
      measured: sql<string>`(count(*) filter (where ${MEASURED}))::text`,
      outages: sql<string>`(count(*) filter (where ${OUTAGE}))::text`,
      p95: pct(0.95),
    })
    .from(callRecords)
    .innerJoin(purchases, eq(purchases.id, callRecords.purchaseId))
    .where(and(inArray(callRecords.interfaceId, interfaceIds), inSpan(s)))
    .groupBy(callRecords.interfaceId);
}

/** The code mix and percentiles of the accounts' own calls, per interface. */
async function ownOf(db: Db, ids: number[], interfaceIds: number[], s: Span) {
  const where = and(byMembers(ids), inSpan(s), inArray(callRecords.interfaceId, interfaceIds));
  const [codes, ranks] = await Promise.all([
    db
      .select({ interfaceId: callRecords.interfaceId, code: callRecords.code, calls: sql<string>`count(*)::text` })
      .from(callRecords)
      .where(where)
      .groupBy(callRecords.interfaceId, callRecords.code),
    db
      .select({ interfaceId: callRecords.interfaceId, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) })
      .from(callRecords)
      .where(where)
      .groupBy(callRecords.interfaceId),
  ]);
  const mix = new Map<number, Map<string, number>>();
  for (const r of codes) {
    const m = mix.get(r.interfaceId ?? 0) ?? new Map<string, number>();
    m.set(r.code, Number(r.calls));
    mix.set(r.interfaceId ?? 0, m);
  }
  const pcts = new Map(ranks.map((r) => [r.interfaceId ?? 0, { p50: num(r.p50), p95: num(r.p95), p99: num(r.p99) }]));
  const none = { p50: null, p95: null, p99: null };
  return (id: number) => ({ codes: mix.get(id) ?? new Map<string, number>(), figures: figuresFrom(mix.get(id) ?? new Map(), pcts.get(id) ?? none) });
}

/** The caller's own error_rate rules on some interfaces (a sub-account's own, never its main's). */
async function alertsOf(db: Db, account: Account, interfaceIds: number[]): Promise<Map<number, MonitorAlert[]>> {
  const out = new Map<number, MonitorAlert[]>();
  if (interfaceIds.length === 0) return out;
  const rows = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.memberId, account.memberId), eq(alertRules.kind, 'error_rate'), inArray(alertRules.interfaceId, interfaceIds)))
    .orderBy(asc(alertRules.threshold), asc(alertRules.id));
  for (const r of rows) {
    const list = out.get(r.interfaceId) ?? [];
    list.push({ id: r.id, threshold: r.threshold, windowMinutes: r.windowMinutes, codes: r.codes, enabled: r.enabled, fired: r.fired });
    out.set(r.interfaceId, list);
  }
  return out;
}

const membersOf = (db: Db, account: Account, scope: 'own' | 'all') => usageMembers(db, account, scope === 'all' ? 'all' : undefined);

export async function monitorOverview(db: Db, account: Account, input: MonitorOverviewInput, now = new Date()): Promise<MonitorOverview> {
  const ids = await membersOf(db, account, input.scope);
  const s = spanOf(input.window, now);
  const list = await interfacesOf(db, account);
  const base = { window: input.window, from: s.from.toISOString(), to: s.to.toISOString() };
  if (list.length === 0) return { ...base, rows: [] };
  const interfaceIds = list.map((i) => i.interfaceId);
  const [own, upstream, alerts] = await Promise.all([ownOf(db, ids, interfaceIds, s), upstreamOf(db, interfaceIds, s), alertsOf(db, account, interfaceIds)]);
  return {
    ...base,
    rows: list.map((i) => {
      const enabled = (alerts.get(i.interfaceId) ?? []).filter((a) => a.enabled);
      return {
        interfaceId: i.interfaceId,
        interfaceName: i.interfaceName,
        figures: own(i.interfaceId).figures,
        upstream: upstream.get(i.interfaceId) ?? { shown: false, availability: null, p95: null, status: 'idle' },
        alertThreshold: enabled.length ? Math.min(...enabled.map((a) => a.threshold)) : null,
      };
    }),
  };
}

/** The bucket (China-aligned) a record falls in, as epoch seconds. */
const bucketOf = (seconds: number) =>
  sql<string>`(floor((extract(epoch from ${callRecords.createdAt}) + ${CHINA_OFFSET_S}) / ${seconds})::bigint * ${seconds} - ${CHINA_OFFSET_S})::text`;

export async function monitorInterface(db: Db, account: Account, input: MonitorInterfaceInput, now = new Date()): Promise<MonitorDetail> {
  const ids = await membersOf(db, account, input.scope);
  const mine = (await interfacesOf(db, account)).find((i) => i.interfaceId === input.interfaceId);
  // Another account's interface, or one never bought: the same answer (ALL_0011).
  if (!mine) throw new NotFound(MONITOR_MSG.notBought);
  const s = spanOf(input.window, now);
  const id = input.interfaceId;
  const seconds = MONITOR_WINDOW[input.window].bucketMinutes * 60;
  const bucket = bucketOf(seconds);
  const where: SQL | undefined = and(byMembers(ids), inSpan(s), eq(callRecords.interfaceId, id));
  const [own, upstream, alerts, doc, byCode, byBucket] = await Promise.all([
    ownOf(db, ids, [id], s),
    upstreamOf(db, [id], s),
    alertsOf(db, account, [id]),
    db.select({ codes: interfaceDocs.codes }).from(interfaceDocs).where(eq(interfaceDocs.interfaceId, id)),
    db.select({ at: bucket, code: callRecords.code, calls: sql<string>`count(*)::text` }).from(callRecords).where(where).groupBy(sql`1`, callRecords.code),
    db
      .select({ at: bucket, p95: pct(0.95) })
      .from(callRecords)
      .where(where)
      .groupBy(sql`1`),
  ]);
  const { codes, figures } = own(id);
  const documented = new Map((doc[0]?.codes ?? []).map((c) => [c.code, c.message]));
  const mix: MonitorCode[] = [...codes]
    .map(([code, calls]) => ({ code, words: codeWords(code, documented), kind: codeKind(code), calls, share: sharePercent(calls, figures.calls) ?? 0 }))
    .sort((a, b) => b.calls - a.calls || a.code.localeCompare(b.code));

  // Every bucket of the window, empty ones too, so the chart's axis is the window.
  const first = Math.floor((s.from.getTime() / 1000 + CHINA_OFFSET_S) / seconds) * seconds - CHINA_OFFSET_S;
  const points = new Map<number, { codes: Map<string, number>; p95: number | null }>();
  for (let at = first; at * 1000 <= s.to.getTime(); at += seconds) points.set(at, { codes: new Map(), p95: null });
  for (const r of byCode) points.get(Number(r.at))?.codes.set(r.code, Number(r.calls));
  for (const r of byBucket) {
    const p = points.get(Number(r.at));
    if (p) p.p95 = num(r.p95);
  }
  const series: MonitorPoint[] = [...points].map(([at, p]) => {
    let calls = 0;
    let errors = 0;
    let outages = 0;
    for (const [code, n] of p.codes) {
      calls += n;
      if (isAlertError(code)) errors += n;
      if (codeKind(code) === 'outage') outages += n;
    }
    return { at: new Date(at * 1000).toISOString(), calls, errors, outages, errorRate: alertErrorRate(calls, errors).rate, p95: p.p95 };
  });

  return {
    window: input.window,
    from: s.from.toISOString(),
    to: s.to.toISOString(),
    bucketMinutes: MONITOR_WINDOW[input.window].bucketMinutes,
    interfaceId: id,
    interfaceName: mine.interfaceName,
    figures,
    codes: mix,
    series,
    upstream: upstream.get(id) ?? { shown: false, availability: null, p95: null, status: 'idle' },
    alerts: alerts.get(id) ?? [],
  };
}
