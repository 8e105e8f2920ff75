// 车辆管理 and 车辆位置 (issue #22): the vehicles an account subscribes by plate and colour, for a
// period. Subscribing asks each new vehicle's position once (9694, charged): a vehicle the
// monitoring platform does not know (10011, not charged) is not subscribed. The status derives
// from the period and the cancellation; positions are asked again only when older than
// positionFreshSeconds. Everything is the account's own (a sub-account's its own, calling
// through its assignments); another's subscription answers as a nonexistent one.
import {
  chinaClock,
  chinaDay,
  dayMs,
  EXCEL_EXPORT,
  pageOffset,
  PLATE_COLORS,
  type PlateColor,
  type PlateInterface,
  type PositionListInput,
  type PositionRow,
  QUERY_MSG,
  type SubscribeInput,
  type SubscribeResult,
  SUBSCRIPTION_STATUS_LABEL,
  type SubscriptionIdInput,
  type SubscriptionListInput,
  type SubscriptionStatus,
  type SubscriptionUpdateInput,
  type SubscriptionView,
  TRANSPORT_LIMITS,
  TRANSPORT_MSG,
  Vehicle,
  VEHICLE_INTERFACES,
  type VehicleInterfaces,
  type VehicleInterfaceState,
  type VehiclePosition,
  type VehicleQueryHistoryInput,
  type VehicleQueryInput,
  type VehicleQueryView,
} from '@apimarket/contracts';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { loadExcel } from '../../files';
import type { Db, Tx } from '../../db/client';
import { interfaces, vehicleQueries, vehicleSubscribeClaims, vehicleSubscriptions } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import type { GatewayDeps } from '../gateway/gateway.service';
import { readBatchSheet } from '../online/batch.service';
import { boundedXlsx } from './sheet-guard';
import { answerProblem, callForVehicle, isOnline, pacer, type Position, positionOf, targetFor, type VehicleTarget, vehicleTargets } from './vehicle-calls';

type SubscriptionRow = typeof vehicleSubscriptions.$inferSelect;

/** What a request needs to call the vehicle interfaces. */
export interface CallCtx {
  db: Db;
  gateway: GatewayDeps;
  ip: string;
}

// ── Status ──────────────────────────────────────────────────────────────────────────────────
export function statusOf(row: Pick<SubscriptionRow, 'startDate' | 'endDate' | 'cancelledAt'>, today = chinaDay()): SubscriptionStatus {
  if (row.cancelledAt) return 'cancelled';
  if (row.startDate > today) return 'pending';
  if (row.endDate < today) return 'expired';
  return 'active';
}

/** The rows of one status, as SQL (the list's filter). */
export function statusWhere(status: SubscriptionStatus, today = chinaDay()): SQL | undefined {
  const s = vehicleSubscriptions;
  if (status === 'cancelled') return isNotNull(s.cancelledAt);
  if (status === 'pending') return and(isNull(s.cancelledAt), gt(s.startDate, today));
  if (status === 'expired') return and(isNull(s.cancelledAt), lt(s.endDate, today));
  return and(isNull(s.cancelledAt), lte(s.startDate, today), gte(s.endDate, today));
}

/** Subscribed now or later: what counts toward the limit and what a duplicate is. */
const liveWhere = (today = chinaDay()) => and(isNull(vehicleSubscriptions.cancelledAt), gte(vehicleSubscriptions.endDate, today));

export const colorLabel = (c: number) => PLATE_COLORS[c as PlateColor] ?? String(c);

export function positionView(row: SubscriptionRow, now = Date.now()): VehiclePosition | null {
  if (row.lon === null || row.lat === null || !row.gpsTime) return null;
  return {
    lon: row.lon,
    lat: row.lat,
    speed: row.speed ?? 0,
    direction: row.direction ?? 0,
    address: row.address ?? '',
    gpsTime: row.gpsTime,
    online: isOnline(row.gpsTime, now),
    fetchedAt: (row.fetchedAt ?? row.updatedAt).toISOString(),
  };
}

export function subscriptionView(row: SubscriptionRow): SubscriptionView {
  const status = statusOf(row);
  return {
    id: row.id,
    plateNumber: row.plateNumber,
    plateColor: row.plateColor,
    plateColorLabel: colorLabel(row.plateColor),
    startDate: row.startDate,
    endDate: row.endDate,
    status,
    statusLabel: SUBSCRIPTION_STATUS_LABEL[status],
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    position: positionView(row),
  };
}

const positionColumns = (p: Position, at: Date) => ({
  lon: p.lon,
  lat: p.lat,
  speed: p.speed,
  direction: p.direction,
  address: p.address,
  gpsTime: p.gpsTime,
  fetchedAt: at,
});

/** The account's own subscription; 404 with the same message for a stranger's and a missing one. */
export async function ownSubscription(db: Db, account: Account, id: number): Promise<SubscriptionRow> {
  const [row] = await db
    .select()
    .from(vehicleSubscriptions)
    .where(and(eq(vehicleSubscriptions.id, id), eq(vehicleSubscriptions.memberId, account.memberId)));
  if (!row) throw new NotFound(TRANSPORT_MSG.subscriptionMissing);
  return row;
}

/** An own subscription that is running today (tracks, positions and queries need one). */
export async function activeSubscription(db: Db, account: Account, id: number): Promise<SubscriptionRow> {
  const row = await ownSubscription(db, account, id);
  if (statusOf(row) !== 'active') throw new Conflict(TRANSPORT_MSG.notActive);
  return row;
}

// ── Interfaces (checkApplyInterface) ────────────────────────────────────────────────────────
const PLATE_PARAMS = new Set(['plateNumber', 'plateColor']);

/** Why an interface cannot be asked by plate alone, or '' when it can. */
export function plateOnlyProblem(t: Pick<VehicleTarget, 'interfaceName' | 'params'>): string {
  if (!t.params.some((p) => p.name === 'plateNumber')) return `「${t.interfaceName}」不是按车牌查询的接口`;
  const others = t.params.filter((p) => p.required && !PLATE_PARAMS.has(p.name));
  if (others.length > 0) {
    const names = others.map((p) => p.description.split(/[，,；;。（(]/)[0]?.trim() || p.name).join('、');
    return `「${t.interfaceName}」还需要${names}，不能只按车牌查询，请在「我的API」中调用`;
  }
  return '';
}

export async function vehicleInterfaces(db: Db, account: Account): Promise<VehicleInterfaces> {
  const ids = Object.values(VEHICLE_INTERFACES) as number[];
  const [names, targets] = await Promise.all([
    db.select({ id: interfaces.id, name: interfaces.interfaceName }).from(interfaces).where(inArray(interfaces.id, ids)),
    vehicleTargets(db, account),
  ]);
  const states = (Object.entries(VEHICLE_INTERFACES) as Array<[VehicleInterfaceState['role'], number]>).map(([role, interfaceId]): VehicleInterfaceState => {
    const name = names.find((n) => n.id === interfaceId)?.name ?? String(interfaceId);
    const t = targets.find((x) => x.interfaceId === interfaceId);
    return {
      role,
      interfaceId,
      interfaceName: name,
      purchaseId: t?.purchaseId ?? null,
      callsLeft: t?.callsLeft ?? 0,
      usable: t?.usable ?? false,
      reason: !t ? `尚未购买「${name}」接口` : t.usable ? '' : QUERY_MSG.unusable(name),
    };
  });
  const seen = new Set<number>();
  const plateInterfaces: PlateInterface[] = [];
  for (const t of targets) {
    if (seen.has(t.interfaceId) || plateOnlyProblem(t) !== '') continue;
    seen.add(t.interfaceId);
    plateInterfaces.push({
      interfaceId: t.interfaceId,
      interfaceName: t.interfaceName,
      callsLeft: t.callsLeft,
      usable: t.usable,
      reason: t.usable ? '' : QUERY_MSG.unusable(t.interfaceName),
    });
  }
  plateInterfaces.sort((a, b) => a.interfaceId - b.interfaceId);
  return { interfaces: states, plateInterfaces, ready: states.some((s) => s.usable) };
}

// ── Subscribe ───────────────────────────────────────────────────────────────────────────────
export const SHEET_COLUMNS = { plate: '车牌号', color: '车牌颜色' } as const;
const SHEET_PARAMS = [
  { name: SHEET_COLUMNS.plate, type: 'string', required: true, description: SHEET_COLUMNS.plate, example: '浙A12345', media: null },
  { name: SHEET_COLUMNS.color, type: 'string', required: true, description: SHEET_COLUMNS.color, example: '黄色', media: null },
] as const;

/** A colour as a sheet gives it: 黄色, 黄, 2. */
function colorFromCell(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^\d+$/.test(t)) return Number(t);
  for (const [n, label] of Object.entries(PLATE_COLORS)) if (t === label || `${t}色` === label) return Number(n);
  return Number.NaN;
}

interface Candidate {
  row: number;
  plateNumber: string;
  plateColor: number;
}

export interface SheetUpload {
  extension: string;
  content: Buffer;
}

/** The rows of a vehicle sheet: those that read as a vehicle, and the problems of the others with their row numbers. */
async function sheetVehicles(sheet: SheetUpload): Promise<{ good: Candidate[]; problems: SubscribeResult['problems'] }> {
  const lines: Array<{ rowNo: number; params: Record<string, string> }> = [];
  // An xlsx is inflated within a vehicle sheet's size before the shared reader sees it (sheet-guard.ts).
  const content = sheet.extension === 'xlsx' ? await boundedXlsx(sheet.content) : sheet.content;
  const read = await readBatchSheet(content, sheet.extension, SHEET_PARAMS, async (rows) => {
    lines.push(...rows);
    // Given up at the first chunk past the limit: the reader would go on to 100 000 rows.
    if (lines.length > TRANSPORT_LIMITS.maxSubscribeRows) throw new Invalid(TRANSPORT_MSG.tooManyRows);
  });
  if (read.problemCount > 0) {
    const [first = ''] = read.problems;
    throw new Invalid(read.problemCount === 1 ? first : `文件中有 ${read.problemCount} 处问题，请修改后重新上传：${first}`, { problems: read.problems });
  }
  if (lines.length > TRANSPORT_LIMITS.maxSubscribeRows) throw new Invalid(TRANSPORT_MSG.tooManyRows);
  const good: Candidate[] = [];
  const problems: SubscribeResult['problems'] = [];
  for (const line of lines) {
    // The sheet's row: its header is row 1 (the reader numbers the data rows from 1).
    const row = line.rowNo + 1;
    const rawPlate = line.params[SHEET_COLUMNS.plate] ?? '';
    const parsed = Vehicle.safeParse({ plateNumber: rawPlate, plateColor: colorFromCell(line.params[SHEET_COLUMNS.color] ?? '') });
    if (!parsed.success) {
      problems.push({ row, plateNumber: rawPlate.trim(), message: parsed.error.issues[0]?.message ?? TRANSPORT_MSG.plate });
      continue;
    }
    good.push({ row, ...parsed.data });
  }
  return { good, problems };
}

/**
 * subscribeCarInfo/subscribe: the vehicles of the form or of the sheet, for one period. A request
 * that cannot run at all (no vehicles, too many, past the account's limit, no usable position
 * purchase, an end already past) is refused before any call; a vehicle that cannot be subscribed
 * (a bad row, already subscribed, not on the platform) is listed in `problems` with its row.
 */
export async function subscribe(ctx: CallCtx, account: Account, input: SubscribeInput, sheet: SheetUpload | null): Promise<SubscribeResult> {
  const { db } = ctx;
  const today = chinaDay();
  if (input.endDate < today) throw new Invalid(TRANSPORT_MSG.pastEnd);
  let candidates: Candidate[];
  let problems: SubscribeResult['problems'] = [];
  if (sheet) {
    ({ good: candidates, problems } = await sheetVehicles(sheet));
    if (candidates.length === 0 && problems.length === 0) throw new Invalid(TRANSPORT_MSG.noVehicles);
  } else if (input.plateNumber && input.plateColor !== undefined) {
    candidates = [{ row: 1, plateNumber: input.plateNumber, plateColor: input.plateColor }];
  } else throw new Invalid(TRANSPORT_MSG.noVehicles);

  // Duplicates within the sheet: the first row of a vehicle is the one asked.
  const seen = new Set<string>();
  const distinct: Candidate[] = [];
  for (const c of candidates) {
    if (seen.has(vehicleKey(c))) problems.push({ row: c.row, plateNumber: c.plateNumber, message: TRANSPORT_MSG.duplicate });
    else {
      seen.add(vehicleKey(c));
      distinct.push(c);
    }
  }

  // Claimed under the account's lock before any call: a vehicle already subscribed, or being
  // subscribed by another request right now, is a duplicate and is not asked (nor charged) again;
  // the limit counts the vehicles other requests are asking about too.
  const fresh = await db.transaction(async (tx) => {
    await lockAccount(tx, account);
    await tx
      .delete(vehicleSubscribeClaims)
      .where(and(eq(vehicleSubscribeClaims.memberId, account.memberId), lt(vehicleSubscribeClaims.claimedAt, new Date(Date.now() - CLAIM_STALE_MS))));
    const live = await liveVehicles(tx, account, today);
    const claimed = await tx
      .select({ plateNumber: vehicleSubscribeClaims.plateNumber, plateColor: vehicleSubscribeClaims.plateColor })
      .from(vehicleSubscribeClaims)
      .where(eq(vehicleSubscribeClaims.memberId, account.memberId));
    const taken = new Set([...live, ...claimed].map(vehicleKey));
    const ok = distinct.filter((c) => {
      if (!taken.has(vehicleKey(c))) return true;
      problems.push({ row: c.row, plateNumber: c.plateNumber, message: TRANSPORT_MSG.duplicate });
      return false;
    });
    if (live.length + claimed.length + ok.length > TRANSPORT_LIMITS.maxSubscriptions) throw new Invalid(TRANSPORT_MSG.tooManySubscriptions);
    if (ok.length > 0)
      await tx.insert(vehicleSubscribeClaims).values(ok.map((c) => ({ memberId: account.memberId, plateNumber: c.plateNumber, plateColor: c.plateColor })));
    return ok;
  });

  let charged = 0;
  const subscribed: SubscriptionView[] = [];
  try {
    if (fresh.length > 0) {
      const target = await targetFor(db, account, VEHICLE_INTERFACES.position);
      if (!target?.usable) throw new Invalid(TRANSPORT_MSG.needPosition);
      // A few at a time: a sheet of 200 must not hold 200 calls open at once.
      const slot = pacer(ctx.gateway);
      const answers = await mapLimit(fresh, 4, async (c) => {
        await slot();
        return { c, a: await callForVehicle(ctx.gateway, target, c, ctx.ip), at: new Date() };
      });
      const rows: Array<typeof vehicleSubscriptions.$inferInsert> = [];
      for (const { c, a, at } of answers) {
        if (a.charged) charged += 1;
        const position = a.code === '10000' ? positionOf(a.data) : null;
        if (!position) {
          problems.push({ row: c.row, plateNumber: c.plateNumber, message: a.code === '10000' ? '未获取到车辆位置' : answerProblem(a) });
          continue;
        }
        rows.push({
          memberId: account.memberId,
          plateNumber: c.plateNumber,
          plateColor: c.plateColor,
          startDate: input.startDate,
          endDate: input.endDate,
          remark: input.remark,
          ...positionColumns(position, at),
        });
      }
      if (rows.length > 0) {
        const inserted = await db.transaction(async (tx) => {
          await lockAccount(tx, account);
          // Checked again: a renewal of an expired subscription of the same vehicle may have come meanwhile.
          const nowTaken = new Set((await liveVehicles(tx, account, today)).map(vehicleKey));
          const ok = rows.filter((r) => {
            if (!nowTaken.has(vehicleKey(r))) return true;
            const c = fresh.find((x) => vehicleKey(x) === vehicleKey(r));
            problems.push({ row: c?.row ?? 0, plateNumber: r.plateNumber, message: TRANSPORT_MSG.duplicate });
            return false;
          });
          return ok.length > 0 ? tx.insert(vehicleSubscriptions).values(ok).returning() : [];
        });
        subscribed.push(...inserted.map(subscriptionView));
      }
    }
  } finally {
    if (fresh.length > 0) await releaseClaims(db, account, fresh);
  }
  problems.sort((a, b) => a.row - b.row);
  return { subscribed, problems, charged };
}

/** A claim this old belongs to a request that died (a sheet of 200 takes seconds): it is taken over. */
const CLAIM_STALE_MS = 10 * 60_000;

const vehicleKey = (v: { plateNumber: string; plateColor: number }) => `${v.plateNumber}|${v.plateColor}`;

/** One writer of an account's subscriptions at a time (subscribe, renew), across processes. */
async function lockAccount(tx: Tx, account: Account): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vehicle_subscriptions'), ${account.memberId}::int)`);
}

function liveVehicles(tx: Tx | Db, account: Account, today: string) {
  return tx
    .select({ plateNumber: vehicleSubscriptions.plateNumber, plateColor: vehicleSubscriptions.plateColor })
    .from(vehicleSubscriptions)
    .where(and(eq(vehicleSubscriptions.memberId, account.memberId), liveWhere(today)));
}

async function releaseClaims(db: Db, account: Account, vehicles: Candidate[]): Promise<void> {
  const c = vehicleSubscribeClaims;
  await db
    .delete(c)
    .where(and(eq(c.memberId, account.memberId), or(...vehicles.map((v) => and(eq(c.plateNumber, v.plateNumber), eq(c.plateColor, v.plateColor))))));
}

/** Runs fn over items with at most `limit` at once, answers in the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// ── List, template, export ─────────────────────────────────────────────────────────────────
const likeWord = (word: string) => `%${word.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listWhere(account: Account, f: Pick<SubscriptionListInput, 'plateNumber' | 'plateColor' | 'status'>): SQL | undefined {
  return and(
    eq(vehicleSubscriptions.memberId, account.memberId),
    f.plateNumber ? sql`${vehicleSubscriptions.plateNumber} like ${likeWord(f.plateNumber)}` : undefined,
    f.plateColor !== undefined ? eq(vehicleSubscriptions.plateColor, f.plateColor) : undefined,
    f.status ? statusWhere(f.status) : undefined,
  );
}

export async function listSubscriptions(db: Db, account: Account, f: SubscriptionListInput): Promise<{ rows: SubscriptionView[]; total: number }> {
  const where = listWhere(account, f);
  const [rows, [total]] = await Promise.all([
    db.select().from(vehicleSubscriptions).where(where).orderBy(desc(vehicleSubscriptions.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(vehicleSubscriptions).where(where),
  ]);
  return { rows: rows.map(subscriptionView), total: total?.n ?? 0 };
}

const SUBSCRIPTION_EXPORT_COLUMNS = ['车牌号', '车牌颜色', '订阅开始日期', '订阅结束日期', '状态', '最新位置', '经度', '纬度', '定位时间', '备注', '订阅时间'];

export async function exportSubscriptions(db: Db, account: Account, f: SubscriptionListInput): Promise<Buffer> {
  const where = listWhere(account, f);
  const [total] = await db.select({ n: count() }).from(vehicleSubscriptions).where(where);
  if ((total?.n ?? 0) > TRANSPORT_LIMITS.exportMax) throw new Invalid(TRANSPORT_MSG.exportTooMany);
  const rows = await db.select().from(vehicleSubscriptions).where(where).orderBy(desc(vehicleSubscriptions.id));
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet(EXCEL_EXPORT.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SUBSCRIPTION_EXPORT_COLUMNS.map((header, i) => ({ header, width: [12, 10, 14, 14, 8, 36, 12, 12, 20, 24, 20][i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const v = subscriptionView(r);
    sheet.addRow([
      v.plateNumber,
      v.plateColorLabel,
      v.startDate,
      v.endDate,
      v.statusLabel,
      v.position?.address ?? '',
      v.position?.lon ?? '',
      v.position?.lat ?? '',
      v.position?.gpsTime ?? '',
      v.remark,
      chinaClock(r.createdAt),
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The sheet a customer fills in to subscribe many vehicles: two text columns, the colour chosen from a list. */
export async function subscribeTemplate(): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet('订阅车辆', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: SHEET_COLUMNS.plate, width: 16, style: { numFmt: '@' } },
    { header: SHEET_COLUMNS.color, width: 14, style: { numFmt: '@' } },
  ];
  sheet.getRow(1).font = { bold: true };
  const labels = Object.values(PLATE_COLORS).join(',');
  for (let r = 2; r <= TRANSPORT_LIMITS.maxSubscribeRows + 1; r++) {
    sheet.getCell(r, 2).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${labels}"`], showErrorMessage: true, error: '请从列表中选择车牌颜色' };
  }
  const help = book.addWorksheet('填写说明');
  help.columns = [
    { header: '列', width: 12 },
    { header: '说明', width: 70 },
    { header: '示例', width: 14 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRow([SHEET_COLUMNS.plate, '完整车牌号，含省份简称；新能源车牌为 8 位', '浙A12345']);
  help.addRow([SHEET_COLUMNS.color, `从列表中选择：${Object.values(PLATE_COLORS).join('、')}；也可填颜色编号 1–6`, '黄色']);
  help.addRow([]);
  help.addRow([`每行一辆车，一次最多 ${TRANSPORT_LIMITS.maxSubscribeRows} 辆；订阅期限在页面上统一选择。每辆车订阅时调用一次「车辆实时位置」接口并计费。`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// ── Update, cancel ─────────────────────────────────────────────────────────────────────────
/**
 * subscribeCarInfo/update: the end date and the remark; the start date too while the
 * subscription has not begun. Extending an expired one renews it (unless the same vehicle is
 * subscribed again meanwhile). A cancelled one stays cancelled.
 */
export async function updateSubscription(db: Db, account: Account, input: SubscriptionUpdateInput): Promise<SubscriptionView> {
  const row = await ownSubscription(db, account, input.id);
  const status = statusOf(row);
  if (status === 'cancelled') throw new Conflict(TRANSPORT_MSG.notActive);
  const startDate = status === 'pending' ? input.startDate : row.startDate;
  const today = chinaDay();
  if (input.endDate < today) throw new Invalid(TRANSPORT_MSG.pastEnd);
  if (input.endDate < startDate) throw new Invalid(TRANSPORT_MSG.dateOrder);
  if ((dayMs(input.endDate) - dayMs(startDate)) / 86_400_000 + 1 > TRANSPORT_LIMITS.maxSubscribeDays) throw new Invalid(TRANSPORT_MSG.tooLong);
  // Under the subscribe lock: a renewal and a new subscription of the same vehicle cannot both win.
  const saved = await db.transaction(async (tx) => {
    await lockAccount(tx, account);
    if (status === 'expired') {
      const key = vehicleKey(row);
      const live = await liveVehicles(tx, account, today);
      const claimed = await tx
        .select({ plateNumber: vehicleSubscribeClaims.plateNumber, plateColor: vehicleSubscribeClaims.plateColor })
        .from(vehicleSubscribeClaims)
        .where(eq(vehicleSubscribeClaims.memberId, account.memberId));
      if ([...live, ...claimed].some((v) => vehicleKey(v) === key)) throw new Conflict(TRANSPORT_MSG.duplicate);
      // A renewed vehicle is subscribed again: it counts toward the limit like a new one.
      if (live.length + claimed.length + 1 > TRANSPORT_LIMITS.maxSubscriptions) throw new Invalid(TRANSPORT_MSG.tooManySubscriptions);
    }
    const [updated] = await tx
      .update(vehicleSubscriptions)
      .set({ startDate, endDate: input.endDate, remark: input.remark })
      .where(and(eq(vehicleSubscriptions.id, row.id), isNull(vehicleSubscriptions.cancelledAt)))
      .returning();
    return updated;
  });
  if (!saved) throw new Conflict(TRANSPORT_MSG.notActive);
  return subscriptionView(saved);
}

/** GET subscribeCarInfo/cancelSubscribe: no more positions or tracks; what was asked stays. Cancelling twice answers the same. */
export async function cancelSubscription(db: Db, account: Account, { id }: SubscriptionIdInput): Promise<SubscriptionView> {
  const row = await ownSubscription(db, account, id);
  if (row.cancelledAt) return subscriptionView(row);
  const [saved] = await db
    .update(vehicleSubscriptions)
    .set({ cancelledAt: new Date() })
    .where(and(eq(vehicleSubscriptions.id, row.id), isNull(vehicleSubscriptions.cancelledAt)))
    .returning();
  return subscriptionView(saved ?? (await ownSubscription(db, account, id)));
}

// ── Queries on a subscribed vehicle ────────────────────────────────────────────────────────
const INTERFACE_MISSING = '请选择已购买的车辆类接口';

function queryView(q: typeof vehicleQueries.$inferSelect, interfaceName: string): VehicleQueryView {
  return {
    id: q.id,
    subscriptionId: q.subscriptionId,
    plateNumber: q.plateNumber,
    interfaceId: q.interfaceId,
    interfaceName,
    code: q.code,
    message: q.message,
    data: q.data ?? null,
    charged: q.charged,
    seqNo: q.seqNo,
    requestedAt: q.requestedAt.toISOString(),
  };
}

/**
 * subscribeCarInfo/subscribeToQueries: one call of a purchased plate interface for a running
 * subscription, with its plate and colour only; stored in the vehicle's history. A 9694 answer
 * also becomes the vehicle's last position.
 */
export async function queryVehicle(ctx: CallCtx, account: Account, input: VehicleQueryInput): Promise<VehicleQueryView> {
  const { db } = ctx;
  const sub = await activeSubscription(db, account, input.id);
  const target = await targetFor(db, account, input.interfaceId);
  if (!target) throw new NotFound(INTERFACE_MISSING);
  const why = plateOnlyProblem(target);
  if (why) throw new Invalid(why);
  if (!target.usable) throw new Invalid(QUERY_MSG.unusable(target.interfaceName));
  const a = await callForVehicle(ctx.gateway, target, sub, ctx.ip);
  const [stored] = await db
    .insert(vehicleQueries)
    .values({
      memberId: account.memberId,
      subscriptionId: sub.id,
      purchaseId: target.purchaseId,
      interfaceId: target.interfaceId,
      plateNumber: sub.plateNumber,
      seqNo: a.seqNo,
      code: a.code,
      message: a.message,
      data: a.data,
      charged: a.charged,
    })
    .returning();
  if (!stored) throw new Error('vehicle query insert returned no row');
  const position = target.interfaceId === VEHICLE_INTERFACES.position && a.code === '10000' ? positionOf(a.data) : null;
  if (position) await db.update(vehicleSubscriptions).set(positionColumns(position, new Date())).where(eq(vehicleSubscriptions.id, sub.id));
  return queryView(stored, target.interfaceName);
}

export async function queryVehicleHistory(db: Db, account: Account, f: VehicleQueryHistoryInput): Promise<{ rows: VehicleQueryView[]; total: number }> {
  const where = and(eq(vehicleQueries.memberId, account.memberId), f.id ? eq(vehicleQueries.subscriptionId, f.id) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ q: vehicleQueries, name: interfaces.interfaceName })
      .from(vehicleQueries)
      .innerJoin(interfaces, eq(interfaces.id, vehicleQueries.interfaceId))
      .where(where)
      .orderBy(desc(vehicleQueries.id))
      .limit(f.pageSize)
      .offset(pageOffset(f)),
    db.select({ n: count() }).from(vehicleQueries).where(where),
  ]);
  return { rows: rows.map((r) => queryView(r.q, r.name)), total: total?.n ?? 0 };
}

// ── Positions (endPosition) ────────────────────────────────────────────────────────────────
const NOT_ASKED = '尚未获取位置，请刷新';

/**
 * UserCenter/endPosition: the running subscriptions' last positions, a page at a time. With
 * refresh=1 each vehicle of the page whose position is older than positionFreshSeconds is asked
 * again (one charged 9694 call each); younger ones are shown as they are, for nothing.
 */
export async function vehiclePositions(ctx: CallCtx, account: Account, f: PositionListInput): Promise<{ rows: PositionRow[]; total: number }> {
  const { db } = ctx;
  const where = and(
    eq(vehicleSubscriptions.memberId, account.memberId),
    statusWhere('active'),
    f.plateNumber ? sql`${vehicleSubscriptions.plateNumber} like ${likeWord(f.plateNumber)}` : undefined,
  );
  const [page, [total]] = await Promise.all([
    db.select().from(vehicleSubscriptions).where(where).orderBy(desc(vehicleSubscriptions.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(vehicleSubscriptions).where(where),
  ]);
  const problems = new Map<number, string>();
  if (f.refresh) {
    const staleBefore = Date.now() - TRANSPORT_LIMITS.positionFreshSeconds * 1000;
    const stale = page.filter((r) => !r.fetchedAt || r.fetchedAt.getTime() < staleBefore);
    if (stale.length > 0) {
      const target = await targetFor(db, account, VEHICLE_INTERFACES.position);
      if (!target?.usable) for (const r of stale) problems.set(r.id, TRANSPORT_MSG.needPosition);
      else {
        // Claimed first (fetched_at set only where still stale): of two refreshes at once, only one
        // asks (and charges for) a vehicle; the other shows the position as it is.
        const claimed = new Set(
          (
            await db
              .update(vehicleSubscriptions)
              .set({ fetchedAt: new Date() })
              .where(
                and(
                  eq(vehicleSubscriptions.memberId, account.memberId),
                  inArray(
                    vehicleSubscriptions.id,
                    stale.map((r) => r.id),
                  ),
                  or(isNull(vehicleSubscriptions.fetchedAt), lt(vehicleSubscriptions.fetchedAt, new Date(staleBefore))),
                ),
              )
              .returning({ id: vehicleSubscriptions.id })
          ).map((r) => r.id),
        );
        const slot = pacer(ctx.gateway);
        await mapLimit(
          stale.filter((r) => claimed.has(r.id)),
          4,
          async (r) => {
            await slot();
            const a = await callForVehicle(ctx.gateway, target, r, ctx.ip);
            const position = a.code === '10000' ? positionOf(a.data) : null;
            const at = new Date();
            if (position) {
              const [saved] = await db.update(vehicleSubscriptions).set(positionColumns(position, at)).where(eq(vehicleSubscriptions.id, r.id)).returning();
              if (saved) page[page.indexOf(r)] = saved;
            } else {
              // Asked and nothing to show: the asking still counts, so a refresh within the minute does not ask again.
              await db.update(vehicleSubscriptions).set({ fetchedAt: at }).where(eq(vehicleSubscriptions.id, r.id));
              problems.set(r.id, a.code === '10000' ? '未获取到车辆位置' : answerProblem(a));
            }
          },
        );
      }
    }
  }
  const now = Date.now();
  return {
    rows: page.map((r) => {
      const position = positionView(r, now);
      return {
        id: r.id,
        plateNumber: r.plateNumber,
        plateColor: r.plateColor,
        plateColorLabel: colorLabel(r.plateColor),
        position,
        problem: problems.get(r.id) ?? (position ? '' : NOT_ASKED),
      };
    }),
    total: total?.n ?? 0,
  };
}
