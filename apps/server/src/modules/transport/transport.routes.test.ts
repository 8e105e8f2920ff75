// 车辆运力 through the real calls on PGlite: which vehicle interfaces the account holds; vehicles
// subscribed singly and from a sheet, each charged one real 9694 call (a vehicle not on the
// platform charged nothing and not subscribed); positions refreshed only when stale; a track of
// one 9867 call with its refusals; the H5 share by token; fences and their entries and exits
// found once, with the alert contacts told once; every id answered to its owner only, a
// sub-account through its own assignment.
import { chinaClock, chinaDay, clockMs, FEATURE, featureMissing, PLATE_COLORS, TRANSPORT_LIMITS, TRANSPORT_MSG } from '@apimarket/contracts';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alertContacts,
  assignments,
  callRecords,
  fenceEvents,
  members,
  purchases,
  subAccounts,
  trackShares,
  vehicleQueries,
  vehicleSubscriptions,
} from '../../db/schema';
import { drawFor } from '../../providers/sandbox/draw';
import { grantFeatures, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get, post, postMultipart } from '../../test/identity';
import { expectXlsxDownload, readXlsx, XLSX_TYPE } from '../../test/xlsx';
import { newPurchaseKey } from '../billing/billing.service';
import { createGatewayDeps } from '../gateway/gateway.routes';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { sandboxProvider } from '../../providers/sandbox';
import { deleteExpiredShares } from './share-retention';
import { checkWindowFor, monitorAlertFences } from './tracks.service';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let positionKey = '';
let trackKey = '';
const IP = '198.51.100.21';

const db = () => t.database.db;
const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const call = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, as(a));
const callsLeft = async (key: string) => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;
const DAY = 86_400_000;
const day = (offset: number) => chinaDay(new Date(Date.now() + offset * DAY));
const clock = (msAgo: number) => chinaClock(new Date(Date.now() - msAgo));
const PERIOD = { startDate: day(-3), endDate: day(30) };

/**
 * Plates the sandbox answers as it does for any vehicle: on the platform, found — or, for
 * `offline`, not on the monitoring platform (10011). Read from the sandbox's own draw per vehicle.
 */
function plates(kind: 'online' | 'offline', n: number, prefix = '浙B'): string[] {
  const out: string[] = [];
  for (let i = 10000; out.length < n && i < 99999; i++) {
    const plate = `${prefix}${i}`;
    const d = drawFor(['vehicle', plate]);
    const offline = d.chance('offline', 0.06);
    const unknown = d.chance('unknown', 0.04);
    if (kind === 'offline' ? offline : !offline && !unknown) out.push(plate);
  }
  return out;
}
const [P1, P2, P3, P4, P5, P6] = plates('online', 6);
const [OFFLINE] = plates('offline', 1);

const subscribeOne = (a: TestAccount, plateNumber: string, plateColor = '2', period = PERIOD) =>
  postMultipart(t, 'subscribeCarInfo/subscribe', { ...period, plateNumber, plateColor }, undefined, as(a));
const subscribeSheet = (a: TestAccount, name: string, content: Buffer, type = 'text/csv', period = PERIOD) =>
  postMultipart(t, 'subscribeCarInfo/subscribe', { ...period }, { name, content, type }, as(a));

async function subscriptionId(a: TestAccount, plate: string): Promise<number> {
  const [row] = await db()
    .select({ id: vehicleSubscriptions.id })
    .from(vehicleSubscriptions)
    .where(and(eq(vehicleSubscriptions.memberId, a.memberId), eq(vehicleSubscriptions.plateNumber, plate)));
  return row?.id ?? 0;
}

async function outbox(to: string): Promise<Array<{ channel: string; body: string }>> {
  return (await t.app.inject({ method: 'GET', url: `/apiHome/dev/outbox?to=${encodeURIComponent(to)}` })).json().rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.72.0.1', [FEATURE.vehicleCapacity]);
  other = await qualifiedAccount(t, '10.72.0.2', [FEATURE.vehicleCapacity]);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

describe('the interfaces (checkApplyInterface)', () => {
  it('says what is missing before anything is bought, and usable once bought', async () => {
    const before = (await call(buyer, 'subscribeCarInfo/checkApplyInterface')).json().data;
    expect(before).toMatchObject({ ready: false, plateInterfaces: [] });
    expect(before.interfaces).toEqual([
      expect.objectContaining({
        role: 'position',
        interfaceId: 9694,
        interfaceName: '车辆实时位置',
        purchaseId: null,
        usable: false,
        reason: '尚未购买「车辆实时位置」接口',
      }),
      expect.objectContaining({ role: 'trajectory', interfaceId: 9867, purchaseId: null, usable: false }),
    ]);
    // Without a position purchase nothing can be subscribed, and nothing is charged.
    expect((await subscribeOne(buyer, P1 as string)).json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.needPosition });

    positionKey = await buyCheapest(t, buyer, 9694);
    trackKey = await buyCheapest(t, buyer, 9867);
    await buyCheapest(t, buyer, 9873);
    const after = (await call(buyer, 'subscribeCarInfo/checkApplyInterface')).json().data;
    expect(after.ready).toBe(true);
    expect(after.interfaces.map((i: { usable: boolean; reason: string }) => [i.usable, i.reason])).toEqual([
      [true, ''],
      [true, ''],
    ]);
    // 9867 needs a window besides the plate: not offered for a one-click query.
    expect(after.plateInterfaces.map((i: { interfaceId: number }) => i.interfaceId)).toEqual([9694, 9873]);
  });

  it('is for an authenticated company', async () => {
    const fresh = await newAccount(t, '10.72.0.3');
    expect((await call(fresh, 'subscribeCarInfo/checkApplyInterface')).json().code).toBe('ALL_0060');
  });

  it('is for an account holding 车辆运力 (menu code 11): without it every call is refused in words', async () => {
    const plain = await qualifiedAccount(t, '10.72.0.4');
    const refusal = { code: 'ALL_0010', msg: featureMissing(FEATURE.vehicleCapacity) };
    expect(refusal.msg).toBe('您的账号未开通「车辆运力」，请联系客户经理开通');
    expect((await call(plain, 'subscribeCarInfo/checkApplyInterface')).json()).toMatchObject(refusal);
    expect((await call(plain, 'vehicleFencing/queryByPage')).json()).toMatchObject(refusal);
    expect((await call(plain, 'UserCenter/endPosition')).json()).toMatchObject(refusal);
    await grantFeatures(t, plain.memberId, [FEATURE.vehicleCapacity]);
    expect((await call(plain, 'subscribeCarInfo/checkApplyInterface')).json().code).toBe(200);
  });
});

describe('subscribing (subscribeCarInfo/subscribe)', () => {
  it('subscribes one vehicle with one charged position call, recorded with its first position', async () => {
    const before = await callsLeft(positionKey);
    const res = await subscribeOne(buyer, P1 as string);
    const data = res.json().data;
    expect(res.json().msg).toBe('已订阅 1 辆车');
    expect(data).toMatchObject({ charged: 1, problems: [] });
    expect(data.subscribed[0]).toMatchObject({ plateNumber: P1, plateColor: 2, plateColorLabel: '黄色', status: 'active', statusLabel: '订阅中', ...PERIOD });
    expect(data.subscribed[0].position).toMatchObject({ lon: expect.any(Number), lat: expect.any(Number), gpsTime: expect.stringMatching(/^\d{4}-/) });
    expect(await callsLeft(positionKey)).toBe(before - 1);
    const recs = await db()
      .select()
      .from(callRecords)
      .where(and(eq(callRecords.memberId, buyer.memberId), eq(callRecords.interfaceId, 9694)));
    expect(recs.filter((r) => r.charged === 1)).toHaveLength(1);
    expect(recs[0]?.ip).toBe(IP);
  });

  it('refuses a duplicate, a vehicle not on the platform (free), and bad plates — each with its words', async () => {
    const before = await callsLeft(positionKey);
    const dup = (await subscribeOne(buyer, P1 as string)).json();
    expect(dup.data).toMatchObject({ subscribed: [], charged: 0, problems: [{ row: 1, plateNumber: P1, message: TRANSPORT_MSG.duplicate }] });
    const off = (await subscribeOne(buyer, OFFLINE as string)).json();
    expect(off.data).toMatchObject({ subscribed: [], charged: 0, problems: [{ plateNumber: OFFLINE, message: '车辆未接入监管平台' }] });
    expect(off.msg).toBe('没有车辆订阅成功');
    expect(await callsLeft(positionKey)).toBe(before);

    expect((await subscribeOne(buyer, '浙Z')).json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.plate });
    expect((await subscribeOne(buyer, '浙AD12345', '2')).json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.newEnergyColor });
    expect((await subscribeOne(buyer, P2 as string, '5')).json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.fuelColor });
    expect((await subscribeOne(buyer, P2 as string, '2', { startDate: day(0), endDate: day(400) })).json()).toMatchObject({ msg: TRANSPORT_MSG.tooLong });
    expect((await subscribeOne(buyer, P2 as string, '2', { startDate: day(-10), endDate: day(-1) })).json()).toMatchObject({ msg: TRANSPORT_MSG.pastEnd });
    expect((await postMultipart(t, 'subscribeCarInfo/subscribe', PERIOD, undefined, as(buyer))).json()).toMatchObject({ msg: TRANSPORT_MSG.noVehicles });
    expect(await callsLeft(positionKey)).toBe(before);
  });

  it('reads a sheet: good rows subscribed and charged one call each, bad rows listed by their row', async () => {
    const before = await callsLeft(positionKey);
    const csv = ['车牌号,车牌颜色', `${P2},黄色`, `${P3},2`, '浙Z,黄色', `${P4},渐变绿色`, `${P1},黄色`, `${P2},黄色`, `${OFFLINE},黄色`, `${P5},紫色`].join(
      '\n',
    );
    const res = await subscribeSheet(buyer, '车辆.csv', Buffer.from(csv));
    const data = res.json().data;
    expect(data.subscribed.map((s: { plateNumber: string }) => s.plateNumber).sort()).toEqual([P2, P3].sort());
    expect(data.problems).toEqual([
      { row: 4, plateNumber: '浙Z', message: TRANSPORT_MSG.plate },
      { row: 5, plateNumber: P4, message: TRANSPORT_MSG.fuelColor },
      { row: 6, plateNumber: P1, message: TRANSPORT_MSG.duplicate },
      { row: 7, plateNumber: P2, message: TRANSPORT_MSG.duplicate },
      { row: 8, plateNumber: OFFLINE, message: '车辆未接入监管平台' },
      { row: 9, plateNumber: P5, message: TRANSPORT_MSG.plateColor },
    ]);
    expect(data.charged).toBe(2);
    expect(await callsLeft(positionKey)).toBe(before - 2);
  });

  it('reads the template it hands out, and refuses other files and sheets without the columns', async () => {
    const tpl = await call(buyer, 'subscribeCarInfo/queryByPage', { template: '1' });
    expect(tpl.headers['content-type']).toBe(XLSX_TYPE);
    expect(decodeURIComponent(String(tpl.headers['content-disposition']))).toMatch(
      /filename="vehicle-template\.xlsx"; filename\*=UTF-8''批量订阅车辆模板\.xlsx$/,
    );
    expect((await readXlsx(tpl.rawPayload))[0]).toEqual(['车牌号', '车牌颜色']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    book.worksheets[0]?.addRow([P6, PLATE_COLORS[1]]);
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const res = await subscribeSheet(buyer, '车辆.xlsx', filled, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.json().data).toMatchObject({ charged: 1, problems: [], subscribed: [{ plateNumber: P6, plateColor: 1, plateColorLabel: '蓝色' }] });

    expect((await subscribeSheet(buyer, '车辆.txt', Buffer.from('x'))).json()).toMatchObject({ msg: TRANSPORT_MSG.sheetType });
    expect((await subscribeSheet(buyer, '车辆.csv', Buffer.from('plate\n浙A12345\n'))).json()).toMatchObject({
      code: 'ALL_0001',
      msg: expect.stringContaining('车牌号'),
    });
    const many = ['车牌号,车牌颜色', ...plates('online', TRANSPORT_LIMITS.maxSubscribeRows + 1, '苏C').map((p) => `${p},2`)].join('\n');
    expect((await subscribeSheet(buyer, '车辆.csv', Buffer.from(many))).json()).toMatchObject({ msg: TRANSPORT_MSG.tooManyRows });
  });
});

describe('the list, edits and cancelling', () => {
  it('lists the account’s own vehicles with filters, and exports them', async () => {
    const all = (await call(buyer, 'subscribeCarInfo/queryByPage')).json();
    expect(all.total).toBe(4);
    const one = (await call(buyer, 'subscribeCarInfo/queryByPage', { plateNumber: (P3 as string).slice(-3).toLowerCase() })).json();
    expect(one.rows.map((r: { plateNumber: string }) => r.plateNumber)).toEqual([P3]);
    expect((await call(buyer, 'subscribeCarInfo/queryByPage', { plateColor: '1' })).json().total).toBe(1);
    expect((await call(buyer, 'subscribeCarInfo/queryByPage', { status: 'cancelled' })).json().total).toBe(0);
    expect((await call(other, 'subscribeCarInfo/queryByPage')).json().total).toBe(0);
    const file = await call(buyer, 'subscribeCarInfo/queryByPage', { export: '1' });
    expectXlsxDownload(file, 'vehicles', '订阅车辆');
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(['车牌号', '车牌颜色', '订阅开始日期', '订阅结束日期', '状态']);
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r[0] === P1)?.[4]).toBe('订阅中');
  });

  it('edits the end date and remark of its own, refuses a stranger as missing', async () => {
    const id = String(await subscriptionId(buyer, P3 as string));
    const res = await call(buyer, 'subscribeCarInfo/update', { id, startDate: PERIOD.startDate, endDate: day(60), remark: '冷链车' });
    expect(res.json().data).toMatchObject({ endDate: day(60), remark: '冷链车', status: 'active' });
    expect((await call(buyer, 'subscribeCarInfo/update', { id, startDate: PERIOD.startDate, endDate: day(400) })).json()).toMatchObject({
      msg: TRANSPORT_MSG.tooLong,
    });
    expect((await call(other, 'subscribeCarInfo/update', { id, ...PERIOD })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.subscriptionMissing,
    });
    expect((await call(buyer, 'subscribeCarInfo/update', { id: '999999', ...PERIOD })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.subscriptionMissing,
    });
  });

  it('cancels with a GET; a cancelled vehicle may be subscribed again', async () => {
    const id = String(await subscriptionId(buyer, P6 as string));
    expect((await get(t, 'subscribeCarInfo/cancelSubscribe', { id }, as(other))).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.subscriptionMissing,
    });
    const res = await get(t, 'subscribeCarInfo/cancelSubscribe', { id }, as(buyer));
    expect(res.json().data).toMatchObject({ status: 'cancelled', statusLabel: '已取消' });
    expect((await call(buyer, 'subscribeCarInfo/update', { id, ...PERIOD })).json()).toMatchObject({ code: 'ALL_0013', msg: TRANSPORT_MSG.notActive });
    expect((await call(buyer, 'subscribeCarInfo/queryByPage', { status: 'cancelled' })).json().total).toBe(1);
  });
});

describe('queries on a vehicle (subscribeToQueries, subscribeToQueriesHistory)', () => {
  it('calls a purchased plate interface once, charged and kept in the vehicle’s history', async () => {
    const id = String(await subscriptionId(buyer, P1 as string));
    const res = await call(buyer, 'subscribeCarInfo/subscribeToQueries', { id, interfaceId: '9873' });
    expect(res.json().data).toMatchObject({ plateNumber: P1, interfaceId: 9873, code: '10000', charged: true });
    const [stored] = await db().select().from(vehicleQueries).where(eq(vehicleQueries.seqNo, res.json().data.seqNo));
    expect(stored).toMatchObject({ memberId: buyer.memberId, charged: true });
    const history = (await call(buyer, 'subscribeCarInfo/subscribeToQueriesHistory', { id })).json();
    expect(history.total).toBe(1);
    expect(history.rows[0]).toMatchObject({ interfaceName: expect.any(String), code: '10000' });
    expect((await call(other, 'subscribeCarInfo/subscribeToQueriesHistory', { id })).json().total).toBe(0);
  });

  it('refuses an interface that needs more than the plate, one not bought, and a stranger’s vehicle', async () => {
    const id = String(await subscriptionId(buyer, P1 as string));
    expect((await call(buyer, 'subscribeCarInfo/subscribeToQueries', { id, interfaceId: '9867' })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: expect.stringMatching(/^「车辆轨迹查询」还需要.+不能只按车牌查询/),
    });
    expect((await call(buyer, 'subscribeCarInfo/subscribeToQueries', { id, interfaceId: '9881' })).json()).toMatchObject({ code: 'ALL_0011' });
    expect((await call(other, 'subscribeCarInfo/subscribeToQueries', { id, interfaceId: '9873' })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.subscriptionMissing,
    });
  });
});

describe('positions (endPosition)', () => {
  it('shows the running vehicles; a refresh within the minute asks nothing, a stale one asks again', async () => {
    const before = await callsLeft(positionKey);
    const res = (await call(buyer, 'UserCenter/endPosition', { refresh: '1' })).json();
    expect(res.total).toBe(3);
    expect(res.rows.every((r: { position: unknown; problem: string }) => r.position !== null && r.problem === '')).toBe(true);
    expect(await callsLeft(positionKey)).toBe(before);

    await db()
      .update(vehicleSubscriptions)
      .set({ fetchedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(vehicleSubscriptions.id, await subscriptionId(buyer, P1 as string)));
    const again = (await call(buyer, 'UserCenter/endPosition', { refresh: '1' })).json();
    expect(await callsLeft(positionKey)).toBe(before - 1);
    const row = again.rows.find((r: { plateNumber: string }) => r.plateNumber === P1);
    expect(row.position).toMatchObject({ online: expect.any(Boolean), address: expect.any(String) });
    expect(Date.now() - Date.parse(row.position.fetchedAt)).toBeLessThan(60_000);
    expect((await call(other, 'UserCenter/endPosition', { refresh: '1' })).json().total).toBe(0);
  });
});

// ── Tracks and fences ─────────────────────────────────────────────────────────────────────
const WINDOW = { startTime: clock(30 * 3_600_000), endTime: clock(6 * 3_600_000) };
let trackPoints: { lon: number[]; lat: number[]; speed: number[] } = { lon: [], lat: [], speed: [] };
/** A point the vehicle drives through in the middle of the track: a fence around it sees it enter. */
function movingMid(): string {
  const n = trackPoints.lon.length;
  let i = Math.floor(n / 2);
  while (i < n - 1 && !((trackPoints.speed[i] ?? 0) > 0)) i += 1;
  return JSON.stringify([trackPoints.lon[i], trackPoints.lat[i]]);
}

describe('trajectory (trajectoryData)', () => {
  it('answers the track of one charged 9867 call: columns, stops and statistics', async () => {
    const id = String(await subscriptionId(buyer, P1 as string));
    const before = await callsLeft(trackKey);
    const res = await call(buyer, 'subscribeCarInfo/trajectoryData', { id, ...WINDOW });
    const track = res.json().data;
    expect(track).toMatchObject({ subscriptionId: Number(id), plateNumber: P1, charged: true, fenceEvents: [], ...WINDOW });
    const n = track.points.t.length;
    expect(n).toBeGreaterThan(1);
    for (const col of ['lon', 'lat', 'speed', 'direction']) expect(track.points[col]).toHaveLength(n);
    expect(track.points.t[0]).toBeGreaterThanOrEqual(0);
    expect(track.points.t[n - 1]).toBeLessThanOrEqual((clockMs(WINDOW.endTime) - clockMs(WINDOW.startTime)) / 1000);
    expect(track.stats).toMatchObject({ points: n, mileageKm: expect.any(Number) });
    expect(track.stats.mileageKm).toBeGreaterThan(0);
    expect(Array.isArray(track.stops)).toBe(true);
    expect(await callsLeft(trackKey)).toBe(before - 1);
    trackPoints = { lon: track.points.lon, lat: track.points.lat, speed: track.points.speed };
  });

  it('exports the points as a sheet', async () => {
    const id = String(await subscriptionId(buyer, P1 as string));
    const res = await call(buyer, 'subscribeCarInfo/trajectoryData', { id, ...WINDOW, export: '1' });
    expectXlsxDownload(res, 'trajectory', `车辆轨迹-${P1}`);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['定位时间', '经度', '纬度', '速度（km/h）', '方向（度）']);
    expect(rows.length - 1).toBe(trackPoints.lon.length);
    expect(rows[1]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses windows it cannot ask, before any call', async () => {
    const id = String(await subscriptionId(buyer, P1 as string));
    const before = await callsLeft(trackKey);
    const ask = (w: Record<string, string>, a = buyer) => call(a, 'subscribeCarInfo/trajectoryData', { id, ...w });
    expect((await ask({ startTime: clock(80 * 3_600_000), endTime: clock(0) })).json()).toMatchObject({ msg: TRANSPORT_MSG.rangeTooLong });
    expect((await ask({ startTime: clock(-3_600_000), endTime: clock(-7_200_000) })).json()).toMatchObject({ msg: TRANSPORT_MSG.futureTime });
    expect((await ask({ startTime: clock(2 * 3_600_000), endTime: clock(3 * 3_600_000) })).json()).toMatchObject({ msg: TRANSPORT_MSG.timeOrder });
    expect((await ask({ startTime: clock(5 * DAY), endTime: clock(5 * DAY - 3_600_000) })).json()).toMatchObject({ msg: TRANSPORT_MSG.outsideSubscription });
    expect((await ask(WINDOW, other)).json()).toMatchObject({ code: 'ALL_0011', msg: TRANSPORT_MSG.subscriptionMissing });
    const cancelled = String(await subscriptionId(buyer, P6 as string));
    expect((await call(buyer, 'subscribeCarInfo/trajectoryData', { id: cancelled, ...WINDOW })).json()).toMatchObject({
      code: 'ALL_0013',
      msg: TRANSPORT_MSG.notActive,
    });
    expect(await callsLeft(trackKey)).toBe(before);
  });
});

describe('the H5 share (vehicleTrajectoryH5, vehicleTrajectoryH5Page)', () => {
  it('answers the snapshot to anyone with the token until it expires; only the hash is kept', async () => {
    const id = String(await subscriptionId(buyer, P1 as string));
    const share = (await call(buyer, 'UserCenter/vehicleTrajectoryH5', { id, ...WINDOW })).json().data;
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(share.path).toContain(share.token);
    const stored = JSON.stringify(await db().select().from(trackShares));
    expect(stored).not.toContain(share.token);

    const page = await post(t, 'UserCenter/vehicleTrajectoryH5Page', { shareToken: share.token });
    expect(page.json().data).toMatchObject({ plateNumber: P1, ...WINDOW, expiresAt: share.expiresAt });
    expect(page.json().data.points.t.length).toBe(trackPoints.lon.length);
    expect(page.json().data).not.toHaveProperty('subscriptionId');

    const unknown = await post(t, 'UserCenter/vehicleTrajectoryH5Page', { shareToken: 'A'.repeat(43) });
    expect(unknown.json()).toMatchObject({ code: 'ALL_0011', msg: TRANSPORT_MSG.shareMissing });
    await db()
      .update(trackShares)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post(t, 'UserCenter/vehicleTrajectoryH5Page', { shareToken: share.token });
    expect(expired.json()).toEqual(unknown.json());
    expect(await deleteExpiredShares(db())).toBe(1);
    expect(await db().select().from(trackShares)).toHaveLength(0);
  });

  it('is made for the owner’s vehicles only', async () => {
    const id = String(await subscriptionId(buyer, P1 as string));
    expect((await call(other, 'UserCenter/vehicleTrajectoryH5', { id, ...WINDOW })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.subscriptionMissing,
    });
  });
});

describe('fences (vehicleFencing/*) and their entries and exits (fenceInOutQuery)', () => {
  let fenceId = '';
  const contact = { name: '调度', phone: '13700009981', email: 'dispatch@example.com' };

  it('saves circles and polygons with their area, refusing bad shapes, strangers’ vehicles and taken names', async () => {
    const p1 = String(await subscriptionId(buyer, P1 as string));
    // Around a point in the middle of the track just asked: the vehicle drives in and out.
    const center = movingMid();
    const res = await call(buyer, 'vehicleFencing/save', { name: '中途仓', shape: 'circle', center, radius: '2000', subscriptionIds: p1, alert: '1' });
    const fence = res.json().data;
    expect(fence).toMatchObject({
      name: '中途仓',
      shape: 'circle',
      shapeLabel: '圆形',
      radius: 2000,
      alert: true,
      vehicles: [{ id: Number(p1), plateNumber: P1 }],
    });
    expect(fence.areaKm2).toBeCloseTo(Math.PI * 4, 1);
    fenceId = String(fence.id);

    const square = JSON.stringify([
      [120, 30],
      [120.1, 30],
      [120.1, 30.1],
      [120, 30.1],
    ]);
    const poly = (await call(buyer, 'vehicleFencing/save', { name: '园区', shape: 'polygon', points: square, subscriptionIds: '' })).json().data;
    expect(poly).toMatchObject({ shape: 'polygon', points: JSON.parse(square), vehicles: [] });
    expect(poly.areaKm2).toBeGreaterThan(100);

    const bow = JSON.stringify([
      [120, 30],
      [120.1, 30.1],
      [120.1, 30],
      [120, 30.1],
    ]);
    expect((await call(buyer, 'vehicleFencing/save', { name: '交叉', shape: 'polygon', points: bow })).json()).toMatchObject({
      msg: TRANSPORT_MSG.fenceSelfCross,
    });
    expect((await call(buyer, 'vehicleFencing/save', { name: '小', shape: 'circle', center, radius: '10' })).json()).toMatchObject({
      msg: TRANSPORT_MSG.fenceRadius,
    });
    expect((await call(buyer, 'vehicleFencing/save', { name: '中途仓', shape: 'circle', center, radius: '500' })).json()).toMatchObject({
      msg: TRANSPORT_MSG.fenceNameTaken,
    });
    const tooMany = Array.from({ length: TRANSPORT_LIMITS.maxFenceVehicles + 1 }, (_, i) => String(i + 1)).join(',');
    expect((await call(buyer, 'vehicleFencing/save', { name: '多', shape: 'circle', center, radius: '500', subscriptionIds: tooMany })).json()).toMatchObject({
      msg: TRANSPORT_MSG.tooManyFenceVehicles,
    });
    expect((await call(other, 'vehicleFencing/save', { name: '借车', shape: 'circle', center, radius: '500', subscriptionIds: p1 })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.subscriptionMissing,
    });
    // Another company may use the same name: names are per account.
    expect((await call(other, 'vehicleFencing/save', { name: '中途仓', shape: 'circle', center, radius: '500' })).json().code).toBe(200);

    const listed = (await call(buyer, 'vehicleFencing/queryByPage', { name: '中途' })).json();
    expect(listed.rows.map((r: { name: string }) => r.name)).toEqual(['中途仓']);
    expect((await call(other, 'vehicleFencing/queryByPage')).json().total).toBe(1);
  });

  it('finds the entries and exits of the track once, and tells the alert contacts once', async () => {
    await db()
      .insert(alertContacts)
      .values({ memberId: buyer.memberId, ...contact, phoneVerifiedAt: new Date() });
    const before = await callsLeft(trackKey);
    const res = (await call(buyer, 'vehicleFencing/fenceInOutQuery', { ...WINDOW, fenceId, check: '1' })).json();
    expect(res.check).toMatchObject({ tracks: 1, charged: 1, problems: [] });
    expect(res.check.found).toBeGreaterThan(0);
    expect(res.total).toBe(res.check.found);
    expect(res.rows[0]).toMatchObject({ fenceName: '中途仓', plateNumber: P1, alerted: true });
    expect(res.rows.map((r: { kind: string }) => r.kind)).toContain('in');
    expect(await callsLeft(trackKey)).toBe(before - 1);
    const sms = (await outbox(contact.phone)).filter((m) => m.body.includes('电子围栏进出提醒'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(P1);
    expect((await outbox(contact.email)).filter((m) => m.body.includes(P1 as string))).toHaveLength(1);

    // The same window again: charged again (a real call), nothing new stored, nobody told twice.
    const again = (await call(buyer, 'vehicleFencing/fenceInOutQuery', { ...WINDOW, fenceId, check: '1' })).json();
    expect(again.check).toMatchObject({ tracks: 1, charged: 1, found: 0 });
    expect(again.total).toBe(res.total);
    expect((await outbox(contact.phone)).filter((m) => m.body.includes('电子围栏进出提醒'))).toHaveLength(1);

    // The trajectory shows the same events, and adds none.
    const id = String(await subscriptionId(buyer, P1 as string));
    const track = (await call(buyer, 'subscribeCarInfo/trajectoryData', { id, ...WINDOW })).json().data;
    expect(track.fenceEvents.map((e: { id: number }) => e.id).sort()).toEqual(res.rows.map((r: { id: number }) => r.id).sort());
    const stored = await db().select().from(fenceEvents).where(eq(fenceEvents.memberId, buyer.memberId));
    expect(stored).toHaveLength(res.total);
  });

  it('lists without asking (no charge), exports, and answers a stranger’s fence as missing', async () => {
    const before = await callsLeft(trackKey);
    const res = (await call(buyer, 'vehicleFencing/fenceInOutQuery', { ...WINDOW })).json();
    expect(res.check).toEqual({ tracks: 0, charged: 0, found: 0, problems: [] });
    expect(res.total).toBeGreaterThan(0);
    expect(await callsLeft(trackKey)).toBe(before);
    const file = await call(buyer, 'vehicleFencing/fenceInOutQuery', { ...WINDOW, export: '1' });
    expectXlsxDownload(file, 'fence-events', '围栏进出记录');
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]).toEqual(['围栏', '车牌号', '进出', '时间', '经度', '纬度', '位置', '已提醒']);
    expect(rows).toHaveLength(res.total + 1);
    expect(rows[1]?.[0]).toBe('中途仓');

    expect((await call(other, 'vehicleFencing/fenceInOutQuery', { ...WINDOW, fenceId })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.fenceMissing,
    });
    expect((await call(other, 'vehicleFencing/fenceInOutQuery', { ...WINDOW })).json().total).toBe(0);
    expect((await call(buyer, 'vehicleFencing/fenceInOutQuery', { startTime: clock(80 * 3_600_000), endTime: clock(0) })).json()).toMatchObject({
      msg: TRANSPORT_MSG.rangeTooLong,
    });
  });

  it('updates and deletes its own fences only, the events going with the fence', async () => {
    const p1 = String(await subscriptionId(buyer, P1 as string));
    const p3 = String(await subscriptionId(buyer, P3 as string));
    const [center] = [JSON.stringify([120.2, 30.2])];
    expect((await call(other, 'vehicleFencing/update', { id: fenceId, name: 'x', shape: 'circle', center, radius: '500' })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: TRANSPORT_MSG.fenceMissing,
    });
    const saved = (
      await call(buyer, 'vehicleFencing/update', {
        id: fenceId,
        name: '中途仓',
        shape: 'circle',
        center,
        radius: '800',
        subscriptionIds: `${p1},${p3}`,
        alert: '0',
      })
    ).json().data;
    expect(saved).toMatchObject({ radius: 800, alert: false, center: [120.2, 30.2] });
    expect(saved.vehicles.map((v: { plateNumber: string }) => v.plateNumber)).toEqual([P1, P3]);
    expect((await call(buyer, 'vehicleFencing/update', { id: fenceId, name: '园区', shape: 'circle', center, radius: '800' })).json()).toMatchObject({
      msg: TRANSPORT_MSG.fenceNameTaken,
    });

    expect((await call(other, 'vehicleFencing/delete', { id: fenceId })).json()).toMatchObject({ code: 'ALL_0011', msg: TRANSPORT_MSG.fenceMissing });
    expect((await call(buyer, 'vehicleFencing/delete', { id: fenceId })).json().code).toBe(200);
    expect(await db().select().from(fenceEvents).where(eq(fenceEvents.memberId, buyer.memberId))).toHaveLength(0);
    expect((await call(buyer, 'vehicleFencing/queryByPage')).json().total).toBe(1);
  });
});

describe('a sub-account', () => {
  it('subscribes through its own assignment, charged on it, and sees only its own vehicles', async () => {
    const sub = await newAccount(t, '10.72.0.9');
    await db()
      .update(members)
      .set({ parentId: buyer.memberId, featureCodes: [FEATURE.onlineQuery, FEATURE.vehicleCapacity] })
      .where(eq(members.id, sub.memberId));
    await db().insert(subAccounts).values({ memberId: sub.memberId, parentId: buyer.memberId, subCompanyName: '车队', billingMode: 'calls' });
    const [p] = await db().select({ id: purchases.id }).from(purchases).where(eq(purchases.key, positionKey));
    const subKey = newPurchaseKey();
    await db()
      .insert(assignments)
      .values({ memberId: sub.memberId, purchaseId: p?.id ?? 0, key: subKey, callsAllotted: 5 });
    clearGatewayCaches();
    const state = (await call(sub, 'subscribeCarInfo/checkApplyInterface')).json().data;
    expect(state.interfaces.map((i: { usable: boolean; callsLeft: number }) => [i.usable, i.callsLeft])).toEqual([
      [true, 5],
      [false, 0],
    ]);
    const res = (await subscribeOne(sub, P5 as string)).json().data;
    expect(res).toMatchObject({ charged: 1, subscribed: [{ plateNumber: P5 }] });
    const [a] = await db().select().from(assignments).where(eq(assignments.key, subKey));
    expect(a?.callsUsed).toBe(1);
    // Its own list; its main account's vehicles are not in it, nor its in the main account's.
    expect((await call(sub, 'subscribeCarInfo/queryByPage')).json().rows.map((r: { plateNumber: string }) => r.plateNumber)).toEqual([P5]);
    const mine = String(await subscriptionId(sub, P5 as string));
    expect((await get(t, 'subscribeCarInfo/cancelSubscribe', { id: mine }, as(buyer))).json()).toMatchObject({ code: 'ALL_0011' });
    // No trajectory assignment: it is told which interface it needs.
    expect((await call(sub, 'subscribeCarInfo/trajectoryData', { id: mine, ...WINDOW })).json()).toMatchObject({ msg: TRANSPORT_MSG.needTrajectory });
  });
});

describe('the account’s limit', () => {
  it('refuses subscribing past maxSubscriptions before any call; cancelled vehicles do not count', async () => {
    const rows = Array.from({ length: TRANSPORT_LIMITS.maxSubscriptions }, (_, i) => ({
      memberId: other.memberId,
      plateNumber: `粤A${String(10000 + i)}`,
      plateColor: 2,
      ...PERIOD,
    }));
    await db().insert(vehicleSubscriptions).values(rows);
    expect((await subscribeOne(other, P1 as string)).json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.tooManySubscriptions });
    await db()
      .update(vehicleSubscriptions)
      .set({ cancelledAt: new Date() })
      .where(and(eq(vehicleSubscriptions.memberId, other.memberId), eq(vehicleSubscriptions.plateNumber, '粤A10000')));
    // One place free again: refused now only for want of a position purchase.
    expect((await subscribeOne(other, P1 as string)).json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.needPosition });
  });
});

describe('the fence monitor (monitorAlertFences, for a periodic job)', () => {
  it('checks the alert fences’ vehicles over its window, stores new events once and tells the contacts', async () => {
    // The window of the track asked above (where the vehicle is known to drive through the mid point).
    const now = clockMs(WINDOW.endTime);
    const minutes = (now - clockMs(WINDOW.startTime)) / 60_000;
    const p1 = String(await subscriptionId(buyer, P1 as string));
    const center = movingMid();
    const fence = (await call(buyer, 'vehicleFencing/save', { name: '巡检', shape: 'circle', center, radius: '2000', subscriptionIds: p1, alert: '1' })).json()
      .data;
    const gateway = createGatewayDeps({
      db: db(),
      config: t.config,
      logger: t.app.log,
      providerFor: () => sandboxProvider(),
      ratePerKey: t.config.gateway.ratePerKey,
      upstreamTimeoutMs: t.config.gateway.upstreamTimeoutMs,
    });
    const before = await callsLeft(trackKey);
    const first = await monitorAlertFences({ db: db(), gateway, notifier: t.notifier }, minutes, now);
    expect(first.tracks).toBe(1);
    expect(first.found).toBeGreaterThan(0);
    expect(await callsLeft(trackKey)).toBe(before - 1);
    const events = await db().select().from(fenceEvents).where(eq(fenceEvents.fenceId, fence.id));
    expect(events.length).toBe(first.found);
    expect(events.every((e) => e.alerted)).toBe(true);
    const second = await monitorAlertFences({ db: db(), gateway, notifier: t.notifier }, minutes, now);
    expect(second).toMatchObject({ tracks: 1, found: 0 });
    await gateway.committer.settle();
  });
});

describe('a fence check’s window for one vehicle (checkWindowFor)', () => {
  const now = clockMs('2026-11-26 10:00:00');
  const sub = { startDate: '2026-11-25', endDate: '2026-12-31' };
  it('asks a vehicle subscribed yesterday from its first day, not refusing the window', () => {
    expect(checkWindowFor(sub, '2026-11-23 10:00:00', '2026-11-26 10:00:00', now)).toEqual({
      startTime: '2026-11-25 00:00:00',
      endTime: '2026-11-26 10:00:00',
    });
  });
  it('ends at now and at the period’s last day', () => {
    expect(checkWindowFor(sub, '2026-11-26 08:00:00', '2026-11-26 12:00:00', now)).toEqual({
      startTime: '2026-11-26 08:00:00',
      endTime: '2026-11-26 10:00:00',
    });
    const ended = { startDate: '2026-11-01', endDate: '2026-11-24' };
    expect(checkWindowFor(ended, '2026-11-23 10:00:00', '2026-11-26 10:00:00', now)).toEqual({
      startTime: '2026-11-23 10:00:00',
      endTime: '2026-11-25 00:00:00',
    });
  });
  it('skips a vehicle with nothing of the window left, and a window in the future', () => {
    expect(checkWindowFor({ startDate: '2026-11-27', endDate: '2026-12-31' }, '2026-11-23 10:00:00', '2026-11-26 10:00:00', now)).toBe(
      TRANSPORT_MSG.outsideSubscription,
    );
    expect(checkWindowFor(sub, '2026-11-26 11:00:00', '2026-11-26 12:00:00', now)).toBe(TRANSPORT_MSG.futureTime);
  });
});
