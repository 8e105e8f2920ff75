// The call detail list (myAccount/callRecord/callDetail/list) and its xlsx export: the only usage
// read of raw call_records. Pages are found through call_stats' per-day counts first, so a page
// reads only the China days it spans, newest first, through call_records_member_time_idx.
import {
  CALL_EXPORT_COLUMNS,
  type CallDetailInput,
  type CallDetailRow,
  CHINA_TIME_ZONE,
  chinaClock,
  codeLabel,
  mfenToYuan,
  USAGE_MSG,
  USAGE_RULES,
  usagePeriod,
  type UsagePeriod,
} from '@apimarket/contracts';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callRecords, callStats, interfaces, members } from '../../db/schema';
import { Invalid } from '../../http/errors';
import type { Account } from '../account/access';
import { statsWhere, UNKNOWN_INTERFACE, usageMembers } from './usage.service';
import { loadExcel } from '../../files';

const CHINA = CHINA_TIME_ZONE;
/** Midnight starting a China day, as an instant. */
const chinaMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone ${CHINA}`;
/** Midnight ending a China day. */
const chinaDayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${CHINA})`;

interface Filter {
  ids: number[];
  period: UsagePeriod;
  interfaceId?: number;
  code?: string;
}

function recordsWhere(f: Filter, fromDay: string, toDay: string): SQL | undefined {
  return and(
    f.ids.length === 1 ? eq(callRecords.memberId, f.ids[0] ?? 0) : inArray(callRecords.memberId, f.ids),
    gte(callRecords.createdAt, chinaMidnight(fromDay)),
    lt(callRecords.createdAt, chinaDayEnd(toDay)),
    f.interfaceId === undefined ? undefined : eq(callRecords.interfaceId, f.interfaceId),
    f.code === undefined ? undefined : eq(callRecords.code, f.code),
  );
}

const detailQuery = (db: Db) =>
  db
    .select({
      seqNo: callRecords.seqNo,
      memberId: callRecords.memberId,
      loginName: members.loginName,
      interfaceId: callRecords.interfaceId,
      interfaceName: interfaces.interfaceName,
      code: callRecords.code,
      charged: callRecords.charged,
      costMfen: callRecords.costMfen,
      latencyMs: callRecords.latencyMs,
      ip: callRecords.ip,
      params: callRecords.params,
      createdAt: callRecords.createdAt,
    })
    .from(callRecords)
    .leftJoin(members, eq(members.id, callRecords.memberId))
    .leftJoin(interfaces, eq(interfaces.id, callRecords.interfaceId));

type RawDetail = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number];

function detailView(r: RawDetail): CallDetailRow {
  return {
    seqNo: r.seqNo,
    memberId: r.memberId ?? 0,
    loginName: r.loginName ?? '',
    interfaceId: r.interfaceId ?? 0,
    interfaceName: r.interfaceName ?? UNKNOWN_INTERFACE,
    code: r.code,
    charged: r.charged > 0,
    costMfen: r.costMfen,
    cost: mfenToYuan(r.costMfen),
    latencyMs: r.latencyMs,
    ip: r.ip,
    params: r.params,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** Records per China day of the filter, newest day first (from call_stats: exact, and a few hundred rows at most). */
async function dayCounts(db: Db, f: Filter): Promise<{ day: string; calls: number }[]> {
  return db
    .select({ day: callStats.day, calls: sql<number>`sum(${callStats.calls})::text`.mapWith(Number) })
    .from(callStats)
    .where(statsWhere(f.ids, f.period, f.interfaceId, f.code === undefined ? undefined : eq(callStats.code, f.code)))
    .groupBy(callStats.day)
    .orderBy(desc(callStats.day));
}

/**
 * The days a page of `limit` rows after `offset` rows spans: walking the per-day counts from the
 * newest day, the first day holding row `offset` and the day holding the page's last row; and
 * how many of the first day's rows come before the page.
 */
export function pageWindow(days: { day: string; calls: number }[], offset: number, limit: number): { toDay: string; fromDay: string; skip: number } | null {
  let before = 0;
  let toDay: string | null = null;
  let skip = 0;
  for (const d of days) {
    if (toDay === null) {
      if (before + d.calls > offset) {
        toDay = d.day;
        skip = offset - before;
      }
    }
    before += d.calls;
    if (toDay !== null && before >= offset + limit) return { toDay, fromDay: d.day, skip };
  }
  const last = days.at(-1);
  return toDay !== null && last ? { toDay, fromDay: last.day, skip } : null;
}

async function resolve(db: Db, account: Account, input: CallDetailInput): Promise<Filter> {
  const ids = await usageMembers(db, account, input.memberId);
  return { ids, period: usagePeriod(input), interfaceId: input.interfaceId, code: input.code };
}

/** One call by its seqNo, among the accounts the caller may read; any period. */
async function bySeqNo(db: Db, f: Filter, seqNo: string): Promise<CallDetailRow[]> {
  const rows = await detailQuery(db)
    .where(and(eq(callRecords.seqNo, seqNo), f.ids.length === 1 ? eq(callRecords.memberId, f.ids[0] ?? 0) : inArray(callRecords.memberId, f.ids)))
    .limit(1);
  return rows.map(detailView);
}

/** A page of calls, newest first; total is the filter's record count (from call_stats). */
export async function listCallDetail(db: Db, account: Account, input: CallDetailInput): Promise<{ rows: CallDetailRow[]; total: number; period: UsagePeriod }> {
  const f = await resolve(db, account, input);
  if (input.seqNo) {
    const rows = await bySeqNo(db, f, input.seqNo);
    return { rows, total: rows.length, period: f.period };
  }
  const days = await dayCounts(db, f);
  const total = days.reduce((n, d) => n + d.calls, 0);
  const offset = (input.pageNum - 1) * input.pageSize;
  const window = pageWindow(days, offset, input.pageSize);
  if (!window) return { rows: [], total, period: f.period };
  const rows = await detailQuery(db)
    .where(recordsWhere(f, window.fromDay, window.toDay))
    .orderBy(desc(callRecords.createdAt), desc(callRecords.id))
    .limit(input.pageSize)
    .offset(window.skip);
  return { rows: rows.map(detailView), total, period: f.period };
}

/** The file name the browser saves: 调用记录-{start}-{end}.xlsx. */
export function callExportFileName(period: UsagePeriod): string {
  return `调用记录-${period.startDate.replaceAll('-', '')}-${period.endDate.replaceAll('-', '')}.xlsx`;
}

/** The same filter as an xlsx workbook; more than USAGE_RULES.exportMax records is refused, not cut short. */
export async function exportCallDetail(db: Db, account: Account, input: CallDetailInput): Promise<{ file: Buffer; period: UsagePeriod }> {
  const f = await resolve(db, account, input);
  let rows: CallDetailRow[];
  if (input.seqNo) {
    rows = await bySeqNo(db, f, input.seqNo);
  } else {
    const days = await dayCounts(db, f);
    const total = days.reduce((n, d) => n + d.calls, 0);
    if (total > USAGE_RULES.exportMax) throw new Invalid(USAGE_MSG.exportTooMany);
    rows = (
      await detailQuery(db)
        .where(recordsWhere(f, f.period.startDate, f.period.endDate))
        .orderBy(desc(callRecords.createdAt), desc(callRecords.id))
        .limit(USAGE_RULES.exportMax)
    ).map(detailView);
  }

  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  book.created = new Date();
  const sheet = book.addWorksheet('调用记录', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [24, 20, 16, 24, 14, 10, 12, 12, 16, 48];
  sheet.columns = CALL_EXPORT_COLUMNS.map((header, i) => ({ header, width: widths[i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(7).numFmt = '#,##0.00';
  for (const r of rows) {
    const params = Object.entries(r.params)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    sheet.addRow([
      r.seqNo,
      chinaClock(new Date(r.createdAt)),
      r.loginName,
      r.interfaceName,
      `${r.code} ${codeLabel(r.code)}`,
      r.charged ? '是' : '否',
      Number(r.cost),
      r.latencyMs,
      r.ip,
      params,
    ]);
  }
  return { file: Buffer.from(await book.xlsx.writeBuffer()), period: f.period };
}
