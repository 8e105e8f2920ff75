// 车辆运力 under a second reading for security and money (issue #22): requests fired together
// (two subscribes of one plate, two near the account's limit, two refreshes, two fence checks)
// charge each vehicle once and store and tell each event once; a sheet built to inflate or to run
// long is refused before any call; a dense track's export is not refused after its charge; a
// cancel from another site's link is refused; the share page says nothing about the account.
import { crc32, deflateRawSync } from 'node:zlib';
import { chinaClock, chinaDay, FEATURE, ONLINE_MSG, TRANSPORT_LIMITS, TRANSPORT_MSG, type Track } from '@apimarket/contracts';
import ExcelJS from 'exceljs';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { alertContacts, fenceEvents, purchases, vehicleFences, vehicleSubscribeClaims, vehicleSubscriptions } from '../../db/schema';
import { drawFor } from '../../providers/sandbox/draw';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, signed, type TestApp } from '../../test/harness';
import { post, postMultipart } from '../../test/identity';
import { readXlsx } from '../../test/xlsx';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { accountOf } from '../account/access';
import { saveFence } from './fences.service';
import { trackSheet } from './tracks.service';

let t: TestApp;
let buyer: TestAccount;
let crowded: TestAccount;
let positionKey = '';
let trackKey = '';
const IP = '198.51.100.31';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const db = () => t.database.db;
const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const call = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, as(a));
const callsLeft = async (key: string) => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;
const DAY = 86_400_000;
const day = (offset: number) => chinaDay(new Date(Date.now() + offset * DAY));
const clock = (msAgo: number) => chinaClock(new Date(Date.now() - msAgo));
const PERIOD = { startDate: day(-3), endDate: day(30) };
const WINDOW = { startTime: clock(30 * 3_600_000), endTime: clock(6 * 3_600_000) };

/** Plates the sandbox answers as on the platform and found (its own per-vehicle draw). */
function plates(n: number, prefix: string): string[] {
  const out: string[] = [];
  for (let i = 10000; out.length < n && i < 99999; i++) {
    const plate = `${prefix}${i}`;
    const d = drawFor(['vehicle', plate]);
    const offline = d.chance('offline', 0.06);
    const unknown = d.chance('unknown', 0.04);
    if (!offline && !unknown) out.push(plate);
  }
  return out;
}
const [A1, A2, A3, A4, A5] = plates(5, '苏E') as [string, string, string, string, string];

const subscribeOne = (a: TestAccount, plateNumber: string) =>
  postMultipart(t, 'subscribeCarInfo/subscribe', { ...PERIOD, plateNumber, plateColor: '2' }, undefined, as(a));
const subscribeSheet = (a: TestAccount, name: string, content: Buffer, type: string) =>
  postMultipart(t, 'subscribeCarInfo/subscribe', { ...PERIOD }, { name, content, type }, as(a));

async function subscriptionId(a: TestAccount, plate: string): Promise<number> {
  const [row] = await db()
    .select({ id: vehicleSubscriptions.id })
    .from(vehicleSubscriptions)
    .where(and(eq(vehicleSubscriptions.memberId, a.memberId), eq(vehicleSubscriptions.plateNumber, plate), isNull(vehicleSubscriptions.cancelledAt)));
  return row?.id ?? 0;
}

async function liveCount(a: TestAccount): Promise<number> {
  const [n] = await db()
    .select({ n: count() })
    .from(vehicleSubscriptions)
    .where(and(eq(vehicleSubscriptions.memberId, a.memberId), isNull(vehicleSubscriptions.cancelledAt)));
  return n?.n ?? 0;
}

async function outbox(to: string): Promise<Array<{ channel: string; body: string }>> {
  return (await t.app.inject({ method: 'GET', url: `/apiHome/dev/outbox?to=${encodeURIComponent(to)}` })).json().rows;
}

// ── zips built by hand: an xlsx whose sheet inflates far beyond a vehicle sheet ──────────────
interface ZipPart {
  name: string;
  data: Buffer;
  /** The size the headers claim (a lie when it differs from data.length). */
  declared?: number;
}

function deflatedZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const packed = deflateRawSync(p.data, { level: 9 });
    const size = p.declared ?? p.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(p.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc32(p.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The entries of a real workbook (exceljs's), to rebuild it with a sheet of our own. */
function entriesOf(zip: Buffer): Promise<ZipPart[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => {
      if (err || !z) return reject(err);
      const out: ZipPart[] = [];
      z.on('entry', (e: yauzl.Entry) =>
        z.openReadStream(e, (e2, s) => {
          if (e2 || !s) return reject(e2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.push({ name: e.fileName, data: Buffer.concat(chunks) });
            z.readEntry();
          });
        }),
      );
      z.on('end', () => resolve(out));
      z.readEntry();
    });
  });
}

/** A vehicle xlsx whose first sheet holds one good row and then `padMb` MB of XML whitespace. */
async function bomb(padMb: number, lie: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('订阅车辆');
  sheet.addRow(['车牌号', '车牌颜色']);
  sheet.addRow([A5, '黄色']);
  const parts = await entriesOf(Buffer.from(await book.xlsx.writeBuffer()));
  return deflatedZip(
    parts.map((p) => {
      if (p.name !== 'xl/worksheets/sheet1.xml') return p;
      const xml = p.data.toString('utf8');
      const at = xml.indexOf('</sheetData>');
      const data = Buffer.concat([Buffer.from(xml.slice(0, at)), Buffer.alloc(padMb * 1024 * 1024, ' '), Buffer.from(xml.slice(at))]);
      return lie ? { ...p, data, declared: 2048 } : { ...p, data };
    }),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.73.0.1', [FEATURE.vehicleCapacity]);
  crowded = await qualifiedAccount(t, '10.73.0.2', [FEATURE.vehicleCapacity]);
  positionKey = await buyCheapest(t, buyer, 9694);
  trackKey = await buyCheapest(t, buyer, 9867);
  await buyCheapest(t, crowded, 9694);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

describe('requests fired together', () => {
  it('two subscribes of one plate: one subscription, one charged call, no claim left behind', async () => {
    const before = await callsLeft(positionKey);
    const answers = (await Promise.all([subscribeOne(buyer, A1), subscribeOne(buyer, A1)])).map((r) => r.json().data);
    expect(answers.map((a) => a.subscribed.length).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.subscribed.length === 0)).toMatchObject({
      charged: 0,
      problems: [{ row: 1, plateNumber: A1, message: TRANSPORT_MSG.duplicate }],
    });
    const rows = await db()
      .select()
      .from(vehicleSubscriptions)
      .where(and(eq(vehicleSubscriptions.memberId, buyer.memberId), eq(vehicleSubscriptions.plateNumber, A1)));
    expect(rows).toHaveLength(1);
    expect(await callsLeft(positionKey)).toBe(before - 1);
    expect(await db().select().from(vehicleSubscribeClaims).where(eq(vehicleSubscribeClaims.memberId, buyer.memberId))).toEqual([]);
  });

  it('two subscribes with one place left: one is subscribed, the other refused before any call', async () => {
    const filler = Array.from({ length: TRANSPORT_LIMITS.maxSubscriptions - 1 }, (_, i) => ({
      memberId: crowded.memberId,
      plateNumber: `粤B${String(10000 + i)}`,
      plateColor: 2,
      ...PERIOD,
    }));
    await db().insert(vehicleSubscriptions).values(filler);
    const key = (await db().select({ key: purchases.key }).from(purchases).where(eq(purchases.memberId, crowded.memberId)))[0]?.key ?? '';
    const before = await callsLeft(key);
    const answers = (await Promise.all([subscribeOne(crowded, A2), subscribeOne(crowded, A3)])).map((r) => r.json());
    expect(answers.filter((a) => a.code === 200 && a.data.subscribed.length === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === TRANSPORT_MSG.tooManySubscriptions)).toHaveLength(1);
    expect(await liveCount(crowded)).toBe(TRANSPORT_LIMITS.maxSubscriptions);
    expect(await callsLeft(key)).toBe(before - 1);
    expect(await db().select().from(vehicleSubscribeClaims).where(eq(vehicleSubscribeClaims.memberId, crowded.memberId))).toEqual([]);
  });

  it('renewing an expired vehicle counts toward the limit like a new one', async () => {
    expect(await liveCount(crowded)).toBe(TRANSPORT_LIMITS.maxSubscriptions);
    const [expired] = await db()
      .insert(vehicleSubscriptions)
      .values({ memberId: crowded.memberId, plateNumber: A5, plateColor: 2, startDate: day(-40), endDate: day(-10) })
      .returning();
    const res = await call(crowded, 'subscribeCarInfo/update', { id: String(expired?.id), startDate: day(-40), endDate: day(20) });
    expect(res.json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.tooManySubscriptions });
    const [row] = await db()
      .select()
      .from(vehicleSubscriptions)
      .where(eq(vehicleSubscriptions.id, expired?.id ?? 0));
    expect(row?.endDate).toBe(day(-10));
  });

  it('fences saved together with two places left: two are saved, the others refused', async () => {
    await db()
      .insert(vehicleFences)
      .values(
        Array.from({ length: TRANSPORT_LIMITS.maxFences - 2 }, (_, i) => ({
          memberId: crowded.memberId,
          name: `仓${i}`,
          shape: 'circle',
          center: [120.1, 30.2] as [number, number],
          radius: 500,
        })),
      );
    // The service itself, called together (requests through inject reach it one after the other on PGlite).
    const account = accountOf({ sessionId: '', memberId: crowded.memberId, loginName: '', parentId: null });
    const save = (name: string) =>
      saveFence(db(), account, { name, shape: 'circle', center: [120.1, 30.2], radius: 500, subscriptionIds: [], alert: false, remark: '' }).then(
        () => 'saved',
        (err: Error) => err.message,
      );
    const answers = await Promise.all(['东门', '西门', '南门', '北门', '中门', '侧门'].map(save));
    expect(answers.filter((a) => a === 'saved')).toHaveLength(2);
    expect(answers.filter((a) => a === TRANSPORT_MSG.tooManyFences)).toHaveLength(4);
    const [n] = await db().select({ n: count() }).from(vehicleFences).where(eq(vehicleFences.memberId, crowded.memberId));
    expect(n?.n).toBe(TRANSPORT_LIMITS.maxFences);
  });

  it('two refreshes of stale positions: each vehicle is asked (and charged) once', async () => {
    await subscribeOne(buyer, A2);
    await subscribeOne(buyer, A3);
    const id = await subscriptionId(buyer, A1);
    await db()
      .update(vehicleSubscriptions)
      .set({ fetchedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(vehicleSubscriptions.memberId, buyer.memberId));
    expect(await liveCount(buyer)).toBe(3);
    const before = await callsLeft(positionKey);
    const pages = (await Promise.all([call(buyer, 'UserCenter/endPosition', { refresh: '1' }), call(buyer, 'UserCenter/endPosition', { refresh: '1' })])).map(
      (r) => r.json(),
    );
    for (const p of pages) expect(p.rows.find((r: { id: number }) => r.id === id)?.position).toMatchObject({ lon: expect.any(Number) });
    expect(await callsLeft(positionKey)).toBe(before - 3);
  });

  it('two fence checks at once: each asks its track, the events are stored once and told once', async () => {
    // A vehicle that drives in the window (the sandbox parks some for the day), and a point it drives through.
    let id = '';
    let center = '';
    for (const plate of plates(8, '苏F')) {
      await subscribeOne(buyer, plate);
      id = String(await subscriptionId(buyer, plate));
      const track = (await call(buyer, 'subscribeCarInfo/trajectoryData', { id, ...WINDOW })).json().data;
      const n = track.points.lon.length;
      let i = Math.floor(n / 2);
      while (i < n - 1 && !(track.points.speed[i] > 0)) i += 1;
      if (track.points.speed[i] > 0) {
        center = JSON.stringify([track.points.lon[i], track.points.lat[i]]);
        break;
      }
    }
    expect(center).not.toBe('');
    const contact = { name: '值班', phone: '13700007731', email: 'duty@example.com' };
    await db()
      .insert(alertContacts)
      .values({ memberId: buyer.memberId, ...contact, phoneVerifiedAt: new Date() });
    // The same vehicle in two fences: a check of all of them asks its track once.
    const a = (await call(buyer, 'vehicleFencing/save', { name: '甲仓', shape: 'circle', center, radius: '2000', subscriptionIds: id, alert: '1' })).json()
      .data;
    const b = (await call(buyer, 'vehicleFencing/save', { name: '乙仓', shape: 'circle', center, radius: '3000', subscriptionIds: id, alert: '1' })).json()
      .data;
    const before = await callsLeft(trackKey);
    const checks = (
      await Promise.all([
        call(buyer, 'vehicleFencing/fenceInOutQuery', { ...WINDOW, check: '1' }),
        call(buyer, 'vehicleFencing/fenceInOutQuery', { ...WINDOW, check: '1' }),
      ])
    ).map((r) => r.json().check);
    expect(checks.map((c) => [c.tracks, c.charged])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(await callsLeft(trackKey)).toBe(before - 2);
    const stored = await db().select().from(fenceEvents).where(eq(fenceEvents.memberId, buyer.memberId));
    expect(stored.length).toBeGreaterThan(0);
    expect(checks[0].found + checks[1].found).toBe(stored.length);
    expect(new Set(stored.map((e) => e.fenceId))).toEqual(new Set([a.id, b.id]));
    expect(stored.every((e) => e.alerted)).toBe(true);
    expect((await outbox(contact.phone)).filter((m) => m.body.includes('电子围栏进出提醒'))).toHaveLength(1);
  });
});

describe('sheets that cannot be a list of vehicles', () => {
  it('refuses an xlsx that inflates far beyond a vehicle sheet, before any call', async () => {
    const before = await callsLeft(positionKey);
    const file = await bomb(40, false);
    expect(file.length).toBeLessThan(TRANSPORT_LIMITS.sheetBytes);
    expect((await subscribeSheet(buyer, '车辆.xlsx', file, XLSX)).json()).toMatchObject({ code: 'ALL_0001', msg: ONLINE_MSG.fileTooBig });
    expect(await callsLeft(positionKey)).toBe(before);
  });

  it('refuses one whose directory understates what it inflates to', async () => {
    const before = await callsLeft(positionKey);
    const res = (await subscribeSheet(buyer, '车辆.xlsx', await bomb(40, true), XLSX)).json();
    expect(res.code).toBe('ALL_0001');
    expect([ONLINE_MSG.fileTooBig, ONLINE_MSG.fileUnreadable]).toContain(res.msg);
    expect(await callsLeft(positionKey)).toBe(before);
  });

  it('still reads an honest small xlsx after the guard', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('订阅车辆');
    sheet.addRow(['车牌号', '车牌颜色']);
    sheet.addRow([A4, '黄色']);
    const res = (await subscribeSheet(buyer, '车辆.xlsx', Buffer.from(await book.xlsx.writeBuffer()), XLSX)).json();
    expect(res.data).toMatchObject({ charged: 1, problems: [], subscribed: [{ plateNumber: A4 }] });
  });

  it('refuses control characters in a sheet’s cell and in the form’s remark, before any call', async () => {
    const before = await callsLeft(positionKey);
    const [plate] = plates(1, '苏H') as [string];
    const csv = `车牌号,车牌颜色\n${plate}\u0007,黄色\n`;
    const sheet = (await subscribeSheet(buyer, '车辆.csv', Buffer.from(csv), 'text/csv')).json();
    expect(sheet).toMatchObject({ code: 'ALL_0001', msg: ONLINE_MSG.cellChars(2, '车牌号') });
    const form = await postMultipart(
      t,
      'subscribeCarInfo/subscribe',
      { ...PERIOD, plateNumber: plate, plateColor: '2', remark: '司机\u001b[31m' },
      undefined,
      as(buyer),
    );
    expect(form.json()).toMatchObject({ code: 'ALL_0001', msg: expect.stringContaining('控制字符') });
    expect(await callsLeft(positionKey)).toBe(before);
  });

  it('refuses a sheet of 100 001 rows with the vehicle limit’s words, not the batch reader’s', async () => {
    const csv = `车牌号,车牌颜色\n${Array.from({ length: 100_001 }, (_, i) => `浙B${10000 + (i % 80000)},2`).join('\n')}`;
    expect(Buffer.byteLength(csv)).toBeLessThan(TRANSPORT_LIMITS.sheetBytes);
    expect((await subscribeSheet(buyer, '车辆.csv', Buffer.from(csv), 'text/csv')).json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.tooManyRows });
  });
});

describe('dates that name no day', () => {
  it('refuses them before any call: 13-01 reads as NaN and 02-31 rolls over, and the database refuses both', async () => {
    const before = await callsLeft(positionKey);
    const [plate] = plates(1, '苏G') as [string];
    for (const endDate of [`${new Date().getUTCFullYear() + 1}-13-01`, `${new Date().getUTCFullYear() + 1}-02-31`]) {
      const res = await postMultipart(
        t,
        'subscribeCarInfo/subscribe',
        { startDate: day(0), endDate, plateNumber: plate, plateColor: '2' },
        undefined,
        as(buyer),
      );
      expect(res.json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.endDate });
    }
    expect(await callsLeft(positionKey)).toBe(before);
    const id = String(await subscriptionId(buyer, A1));
    const trackBefore = await callsLeft(trackKey);
    const res = await call(buyer, 'subscribeCarInfo/trajectoryData', { id, startTime: WINDOW.startTime, endTime: `${day(-1).slice(0, 4)}-02-30 10:00:00` });
    expect(res.json()).toMatchObject({ code: 'ALL_0001', msg: TRANSPORT_MSG.endTime });
    expect(await callsLeft(trackKey)).toBe(trackBefore);
  });
});

describe('numbers out of range', () => {
  it('refuses stop thresholds, coordinates and radii out of bounds before any call, in words', async () => {
    const id = String(await subscriptionId(buyer, A1));
    const before = await callsLeft(trackKey);
    for (const stopMinutes of ['1', '241', '2.5', 'abc', '1e400'])
      expect((await call(buyer, 'subscribeCarInfo/trajectoryData', { id, ...WINDOW, stopMinutes })).json()).toMatchObject({
        code: 'ALL_0001',
        msg: TRANSPORT_MSG.stopMinutes,
      });
    expect(await callsLeft(trackKey)).toBe(before);
    for (const center of ['[200,30]', '[120,95]', '[120,-30]', '["x",30]', '[1e400,30]'])
      expect((await call(buyer, 'vehicleFencing/save', { name: '越界', shape: 'circle', center, radius: '500' })).json()).toMatchObject({
        code: 'ALL_0001',
        msg: TRANSPORT_MSG.coordinate,
      });
    for (const radius of ['49', '50001', '-500', 'NaN', 'abc', '500.5'])
      expect((await call(buyer, 'vehicleFencing/save', { name: '越界', shape: 'circle', center: '[120,30]', radius })).json()).toMatchObject({
        msg: TRANSPORT_MSG.fenceRadius,
      });
  });
});

describe('the track export', () => {
  it('writes every point of a dense track: the call is charged before its points can be counted', async () => {
    const n = TRANSPORT_LIMITS.exportMax + 1;
    const track: Track = {
      subscriptionId: 1,
      plateNumber: A1,
      plateColor: 2,
      startTime: WINDOW.startTime,
      endTime: WINDOW.endTime,
      points: {
        t: Array.from({ length: n }, (_, i) => i * 5),
        lon: Array.from({ length: n }, () => 120.1),
        lat: Array.from({ length: n }, () => 30.2),
        speed: Array.from({ length: n }, () => 40),
        direction: Array.from({ length: n }, () => 90),
      },
      stops: [],
      stats: { points: n, mileageKm: 0, averageSpeed: 0, topSpeed: 0, movingMinutes: 0, stoppedMinutes: 0 },
      fenceEvents: [],
      charged: true,
    };
    const rows = await readXlsx(await trackSheet(track));
    expect(rows).toHaveLength(n + 1);
    expect(rows[0]).toEqual(['定位时间', '经度', '纬度', '速度（km/h）', '方向（度）']);
    expect(rows[1]?.[0]).toBe(WINDOW.startTime);
  });
});

describe('cancelling by GET', () => {
  const cancel = (a: TestAccount, id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/apiHome/subscribeCarInfo/cancelSubscribe', query: signed(t.config, { id: String(id) }), headers, cookies: a.cookies });

  it('refuses a link followed from another site, and cancels from our own pages', async () => {
    const id = await subscriptionId(buyer, A4);
    const forged = await cancel(buyer, id, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
    expect(forged.json().code).toBe('ALL_0009');
    expect((await db().select().from(vehicleSubscriptions).where(eq(vehicleSubscriptions.id, id)))[0]?.cancelledAt).toBeNull();
    const mine = await cancel(buyer, id, { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest' });
    expect(mine.json().data).toMatchObject({ id, status: 'cancelled' });
  });
});

describe('the share page', () => {
  it('answers the track and nothing about the account behind it', async () => {
    const id = await subscriptionId(buyer, A1);
    await call(buyer, 'subscribeCarInfo/update', { id: String(id), ...PERIOD, remark: '张师傅的车' });
    const share = (await call(buyer, 'UserCenter/vehicleTrajectoryH5', { id: String(id), ...WINDOW })).json().data;
    const page = await post(t, 'UserCenter/vehicleTrajectoryH5Page', { shareToken: share.token });
    const data = page.json().data;
    expect(Object.keys(data).sort()).toEqual(['endTime', 'expiresAt', 'plateColor', 'plateNumber', 'points', 'startTime', 'stats', 'stops']);
    const text = page.body;
    for (const secret of ['张师傅', share.token, 'subscriptionId', 'charged', 'memberId']) expect(text).not.toContain(secret);
    // A token of the right shape that was never issued answers as an expired one does.
    const unknown = (await post(t, 'UserCenter/vehicleTrajectoryH5Page', { shareToken: 'A'.repeat(43) })).json();
    expect(unknown).toMatchObject({ code: 'ALL_0011', msg: TRANSPORT_MSG.shareMissing });
  });
});
