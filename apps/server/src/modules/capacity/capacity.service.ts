// 企业运力 (contracts' capacityApi): a company's fleet capacity from one real call of the account's
// purchase of 9883 企业运力画像 (a sub-account: its assignment's) through the open data API's
// pipeline (online.service callAsOwner): checked, answered, charged and recorded like any call.
// Every answer is kept for the account, and reopening one asks nothing and charges nothing.
import {
  CAPACITY_INTERFACE_ID,
  CAPACITY_LIMITS,
  CAPACITY_MSG,
  type CapacityHistoryInput,
  type CapacityHistoryRow,
  type CapacityIdInput,
  type CapacityInterfaceState,
  CapacityProfile,
  type CapacityQueryInput,
  type CapacityQueryView,
  chinaClock,
  EXCEL_EXPORT,
  pageOffset,
} from '@apimarket/contracts';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { capacityQueries, interfaces } from '../../db/schema';
import { loadExcel } from '../../files';
import { Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import type { GatewayDeps } from '../gateway/gateway.service';
import { askOnce, keepAnswer } from '../online/in-flight';
import { callAsOwner } from '../online/online.service';
import { targetsOf } from '../query/query.service';

export interface CallCtx {
  db: Db;
  gateway: GatewayDeps;
  ip: string;
}

interface Target {
  purchaseId: number;
  key: string;
  path: string;
  interfaceName: string;
  callsLeft: number;
  usable: boolean;
}

/** The purchase to call through: usable first, then the one with the most calls left; null when not bought. */
async function capacityTarget(db: Db, account: Account): Promise<Target | null> {
  const rows = await targetsOf(db, account, [CAPACITY_INTERFACE_ID]);
  const targets = rows
    .map(({ purchaseId, key, path, interfaceName, live, callsLeft }) => {
      const left = Math.max(0, callsLeft);
      return { purchaseId, key, path, interfaceName, callsLeft: left, usable: Boolean(live) && left > 0 };
    })
    .sort((a, b) => Number(b.usable) - Number(a.usable) || b.callsLeft - a.callsLeft || a.purchaseId - b.purchaseId);
  return targets[0] ?? null;
}

async function interfaceName(db: Db): Promise<string> {
  const [row] = await db.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, CAPACITY_INTERFACE_ID));
  return row?.name ?? '企业运力画像';
}

/** enterpriseCapacityInterface: bought or not, usable or why not. */
export async function capacityInterface(db: Db, account: Account): Promise<CapacityInterfaceState> {
  const [name, t] = await Promise.all([interfaceName(db), capacityTarget(db, account)]);
  return {
    interfaceId: CAPACITY_INTERFACE_ID,
    interfaceName: name,
    purchaseId: t?.purchaseId ?? null,
    callsLeft: t?.callsLeft ?? 0,
    usable: t?.usable ?? false,
    reason: !t ? CAPACITY_MSG.notBought(name) : t.usable ? '' : CAPACITY_MSG.unusable(name),
  };
}

/** The gateway's answer to a key over its calls per second. */
const RATE_CODE = 'SYSTEM_038';
const OK = '10000';

/** The fleet in an answer's data, or null when it holds none the screen can read. */
function profileOf(code: string, data: unknown): CapacityProfile | null {
  if (code !== OK) return null;
  const parsed = CapacityProfile.safeParse(data);
  return parsed.success ? parsed.data : null;
}

type Row = typeof capacityQueries.$inferSelect;

function view(r: Row, name: string): CapacityQueryView {
  return {
    id: r.id,
    companyName: r.companyName,
    creditCode: r.creditCode,
    interfaceId: r.interfaceId,
    interfaceName: name,
    code: r.code,
    message: r.message,
    profile: profileOf(r.code, r.data),
    charged: r.charged,
    seqNo: r.seqNo,
    requestedAt: r.requestedAt.toISOString(),
  };
}

function historyRow(r: Row, name: string): CapacityHistoryRow {
  const { profile, ...rest } = view(r, name);
  return {
    ...rest,
    answeredName: r.answeredName,
    answeredCode: r.answeredCode,
    vehicleCount: profile?.vehicleCount ?? null,
    activeShare: profile?.activeShare ?? null,
  };
}

/** What the screen says about a stored answer. */
export function answerMessage(v: Pick<CapacityQueryView, 'code' | 'message' | 'profile' | 'charged'>): string {
  if (v.profile) return v.charged ? '查询成功，已计费 1 次' : '查询成功';
  if (v.code === '10001') return `${CAPACITY_MSG.noResult}${v.charged ? '（已计费 1 次）' : ''}`;
  return v.charged ? `查询未成功：${v.message}（${v.code}）` : CAPACITY_MSG.failed(v.message, v.code);
}

/**
 * UserCenter/enterpriseCapacity: one call of the account's 9883 purchase with the company's name
 * and/or credit code, stored with its answer. Not bought, or not usable: refused before any call,
 * in words that name the interface.
 */
export async function queryCapacity(ctx: CallCtx, account: Account, input: CapacityQueryInput): Promise<CapacityQueryView> {
  const { db } = ctx;
  const target = await capacityTarget(db, account);
  if (!target) throw new Invalid(CAPACITY_MSG.notBought(await interfaceName(db)));
  if (!target.usable) throw new Invalid(CAPACITY_MSG.unusable(target.interfaceName));
  const params: Record<string, string> = {};
  if (input.companyName) params.companyName = input.companyName;
  if (input.creditCode) params.creditCode = input.creditCode;
  // One profile of one company at a time: a second submit meanwhile is refused, not charged again.
  return askOnce(db, ctx.gateway.config.secrets.key, account.memberId, ['capacity', params.companyName ?? '', params.creditCode ?? ''], async () => {
    let { answer, charged } = await callAsOwner(ctx.gateway, target, params, ctx.ip);
    // The key's per-second budget is shared with the customer's own API traffic: wait once.
    if (answer.code === RATE_CODE) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      ({ answer, charged } = await callAsOwner(ctx.gateway, target, params, ctx.ip));
    }
    const profile = profileOf(answer.code, answer.data);
    const [stored] = await keepAnswer(ctx.gateway, answer.seqNo, () =>
      db
        .insert(capacityQueries)
        .values({
          memberId: account.memberId,
          purchaseId: target.purchaseId,
          interfaceId: CAPACITY_INTERFACE_ID,
          companyName: input.companyName ?? '',
          creditCode: input.creditCode ?? '',
          answeredName: profile?.companyName ?? '',
          answeredCode: profile?.creditCode ?? '',
          seqNo: answer.seqNo,
          code: answer.code,
          message: answer.message,
          data: answer.data ?? null,
          charged,
        })
        .returning(),
    );
    if (!stored) throw new Error('capacity query insert returned no row');
    return view(stored, target.interfaceName);
  });
}

const likeWord = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function historyWhere(account: Account, f: CapacityHistoryInput): SQL | undefined {
  const word = f.company ? likeWord(f.company) : null;
  const q = capacityQueries;
  return and(
    eq(q.memberId, account.memberId),
    word
      ? or(
          sql`lower(${q.companyName}) like ${word}`,
          sql`lower(${q.creditCode}) like ${word}`,
          sql`lower(${q.answeredName}) like ${word}`,
          sql`lower(${q.answeredCode}) like ${word}`,
        )
      : undefined,
  );
}

/** UserCenter/enterpriseCapacityHistory: the account's queries, newest first. */
export async function capacityHistory(db: Db, account: Account, f: CapacityHistoryInput): Promise<{ rows: CapacityHistoryRow[]; total: number }> {
  const where = historyWhere(account, f);
  const [rows, [total], name] = await Promise.all([
    db.select().from(capacityQueries).where(where).orderBy(desc(capacityQueries.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(capacityQueries).where(where),
    interfaceName(db),
  ]);
  return { rows: rows.map((r) => historyRow(r, name)), total: total?.n ?? 0 };
}

/** UserCenter/enterpriseCapacityDetail: a stored result, reopened without a call. Another account's id answers as none. */
export async function capacityDetail(db: Db, account: Account, { id }: CapacityIdInput): Promise<CapacityQueryView> {
  const [row] = await db
    .select()
    .from(capacityQueries)
    .where(and(eq(capacityQueries.id, id), eq(capacityQueries.memberId, account.memberId)));
  if (!row) throw new NotFound(CAPACITY_MSG.queryMissing);
  return view(row, await interfaceName(db));
}

export const HISTORY_COLUMNS = [
  '查询时间',
  '查询企业名称',
  '查询信用代码',
  '企业名称',
  '统一社会信用代码',
  '结果',
  '车辆总数',
  '近30天活跃占比',
  '是否计费',
  '流水号',
] as const;

/** The 结果 column: found, found nothing, or why not. */
function resultText(h: CapacityHistoryRow): string {
  if (h.vehicleCount !== null) return '成功';
  if (h.code === '10001') return CAPACITY_MSG.noResult;
  return `未成功：${h.message}（${h.code}）`;
}

const percent = (share: number | null) => (share === null ? '' : `${(share * 100).toFixed(1)}%`);

/** The history as xlsx, filtered like the list; at most exportMax rows. */
export async function exportCapacityHistory(db: Db, account: Account, f: CapacityHistoryInput): Promise<Buffer> {
  const where = historyWhere(account, f);
  const [total] = await db.select({ n: count() }).from(capacityQueries).where(where);
  if ((total?.n ?? 0) > CAPACITY_LIMITS.exportMax) throw new Invalid(CAPACITY_MSG.exportTooMany);
  const [rows, name] = await Promise.all([
    db.select().from(capacityQueries).where(where).orderBy(desc(capacityQueries.id)).limit(CAPACITY_LIMITS.exportMax),
    interfaceName(db),
  ]);
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet(EXCEL_EXPORT.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HISTORY_COLUMNS.map((header, i) => ({ header, width: [20, 28, 22, 28, 22, 28, 10, 14, 10, 24][i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const h = historyRow(r, name);
    sheet.addRow([
      chinaClock(r.requestedAt),
      h.companyName,
      h.creditCode,
      h.answeredName,
      h.answeredCode,
      resultText(h),
      h.vehicleCount ?? '',
      percent(h.activeShare),
      h.charged ? '是' : '否',
      h.seqNo,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
