// Vehicles and drivers (category 6), and what vehicle interfaces of every category share: a
// vehicle's facts follow from its plate (colour → kind, fuel, use) and are drawn once per
// plate, so every interface tells the same story about the same vehicle; a few vehicles are
// not on the monitoring platform (10011) or unknown to the source (10001).
import { CODE, type Ctx, type Family } from '../context';
import { type Draw, drawFor } from '../draw';
import { arr, isObject, type Json, num, put, putAll, str } from '../json';
import { EXAMPLE_PLATES, EXAMPLE_VINS, SANDBOX_TODAY } from '../tables';
import { enumWords, fieldDoc, personVerdict, putVerdict, verdict } from './common';
import { vehicleKey } from './geo';

/** Plates and VINs of the catalogue's examples and fixtures: always found, always online. */
export function isFixtureVehicle(ctx: Ctx): boolean {
  const examples = ctx.spec.params.map((p) => p.example);
  const key = vehicleKey(ctx);
  return examples.includes(key) || (EXAMPLE_PLATES as readonly string[]).includes(key) || (EXAMPLE_VINS as readonly string[]).includes(key);
}

/** One draw per vehicle, shared by every interface. */
export const vehicleDraw = (ctx: Ctx) => drawFor(['vehicle', vehicleKey(ctx)]);

/** Not reporting to the monitoring platform: the same few vehicles everywhere. */
export const isOffline = (ctx: Ctx) => !isFixtureVehicle(ctx) && vehicleDraw(ctx).chance('offline', 0.06);

/** The outcome every plate- or VIN-based interface shares. */
export function vehicleOutcome(ctx: Ctx): string | null {
  if (!ctx.param('plateNumber') && !ctx.param('vin')) return null;
  if (isOffline(ctx) && ctx.declares(CODE.VEHICLE_OFFLINE)) return CODE.VEHICLE_OFFLINE;
  const unknown = !isFixtureVehicle(ctx) && vehicleDraw(ctx).chance('unknown', 0.04);
  return unknown ? ctx.firstDeclared(CODE.NO_RESULT) : null;
}

type Kind = 'car' | 'truck' | 'electric';

/** Yellow plates are trucks, green ones new energy, the rest passenger cars. */
function kindOf(ctx: Ctx): Kind {
  const color = ctx.param('plateColor');
  if (color === '2' || color === '6') return 'truck';
  return color === '5' || (ctx.param('plateNumber') ?? '').length === 8 ? 'electric' : 'car';
}

const VEHICLE_TYPES: Record<Kind, readonly string[]> = {
  car: ['小型轿车', '小型普通客车', '小型越野客车'],
  truck: ['重型厢式货车', '重型半挂牵引车', '中型厢式货车', '重型仓栅式货车'],
  electric: ['小型轿车', '小型普通客车'],
};
const FUELS: Record<Kind, readonly string[]> = { car: ['汽油', '汽油', '汽油', '柴油'], truck: ['柴油'], electric: ['纯电动', '插电式混合动力'] };

/** The vehicle's registration facts (9696, 2012, 2014, 2017), the same for every interface. */
function fillRegistration(ctx: Ctx, data: Json, d: Draw): void {
  const kind = kindOf(ctx);
  const use = kind === 'truck' ? '货运' : d.chance('private', 0.8) ? '非营运' : d.pick('use', ['营运', '出租客运', '租赁']);
  const vin = d.pick('vin', EXAMPLE_VINS);
  putAll(data, {
    vehicleType: d.pick('type', VEHICLE_TYPES[kind]),
    fuelType: d.pick('fuel', FUELS[kind]),
    bodyColor: d.pick('color', ['白', '黑', '灰', '银', '蓝', '红']),
    useCharacter: use,
    isOperating: use !== '非营运',
    vin: `${vin.slice(0, 11)}****${vin.slice(15)}`,
  });
  const statuses = enumWords(fieldDoc(ctx, 'vehicleStatus'));
  if (statuses.length) put(data, 'vehicleStatus', d.chance('normal', 0.9) ? '正常' : d.pick('status', statuses));
  if (arr(data, 'status')) {
    const status = d.chance('clear', 0.9) ? '正常' : d.pick('lien', ['抵押', '查封']);
    putAll(data, { status: [status], restricted: status !== '正常' });
  }
  fillInspection(data, d);
}

/** Inspection validity (9696, 2017): the month, whether it passed, days left. */
function fillInspection(data: Json, d: Draw): void {
  if (str(data, 'inspectionValidTo') === undefined) return;
  const months = d.int('inspectionMonths', -4, 30);
  const end = new Date(Date.UTC(SANDBOX_TODAY.getUTCFullYear(), SANDBOX_TODAY.getUTCMonth() + months + 1, 0));
  const daysLeft = Math.round((end.getTime() - SANDBOX_TODAY.getTime()) / 86_400_000);
  putAll(data, { inspectionValidTo: end.toISOString().slice(0, 7), overdue: daysLeft < 0, daysLeft });
}

/** Which licence classes a class also allows (GA 1026 准驾车型). */
const ALLOWS: Record<string, readonly string[]> = {
  A1: ['A1', 'A3', 'B1', 'B2', 'C1', 'C2', 'C3', 'C4'],
  A2: ['A2', 'B2', 'C1', 'C2', 'C3', 'C4'],
  B2: ['B2', 'C1', 'C2', 'C3', 'C4'],
  C1: ['C1', 'C2', 'C3'],
  C2: ['C2'],
};

/** Driving licence facts (2003, 2005, 2019), drawn once per driver. */
function fillLicence(ctx: Ctx, data: Json): void {
  const idcard = ctx.param('idcard');
  if (!idcard) return;
  const d = drawFor(['driver', idcard]);
  const held = d.pick('class', ['C1', 'C1', 'C1', 'C2', 'B2', 'A2', 'A1']);
  const points = d.chance('clean', 0.6) ? 0 : d.int('points', 1, 12);
  const status = points >= 12 ? '超分' : d.chance('fine', 0.94) ? '正常' : d.pick('status', ['逾期未审验', '暂扣']);
  putAll(data, { licenseClass: held, licenseStatus: status, points });
  if (str(data, 'result') !== undefined) putVerdict(ctx, data, personVerdict(idcard, ctx.param('name')));
  const needed = ctx.param('licenseClass');
  if (needed !== undefined) {
    const qualified = status === '正常' && (ALLOWS[held] ?? [held]).includes(needed.toUpperCase());
    putAll(data, { qualified, reason: qualified ? '' : status === '正常' ? '准驾车型不符' : '证件状态异常' });
  }
}

/** Plate ↔ VIN ↔ owner checks (2004, 2011, 2016). */
function fillVehicleVerdict(ctx: Ctx, data: Json): void {
  if (str(data, 'result') === undefined || ctx.param('idcard')) return;
  const parts = ['plateNumber', 'vin', 'owner', 'name'].map((k) => ctx.param(k) ?? '');
  const result = isFixtureVehicle(ctx) ? '1' : verdict(drawFor(['vehicle-verdict', ...parts]), 'verdict', 0.85, 0.1);
  putVerdict(ctx, data, result);
  const vinWrong = result === '2' && drawFor(parts).chance('vinWrong', 0.5);
  putAll(data, { vinMatch: result === '1' || (result === '2' && !vinWrong), ownerMatch: result === '1' || vinWrong });
}

/** Maintenance records (2008): the latest record's mileage is the latest mileage. */
function fillMaintenance(data: Json): void {
  const latest = num(arr(data, 'records')?.[0], 'mileage');
  if (latest !== undefined) put(data, 'lastMileage', latest);
}

const VIOLATIONS: Array<[string, number, number]> = [
  ['机动车不按导向车道行驶', 200, 3],
  ['机动车违反规定停放', 150, 0],
  ['驾驶机动车超过规定时速未达20%', 200, 3],
  ['驾驶机动车违反道路交通信号灯通行', 200, 6],
  ['不按规定使用安全带', 50, 1],
];

/** Traffic violations (2009): 0–3 unprocessed records of the last months. */
function fillViolations(ctx: Ctx, data: Json, d: Draw): void {
  const model = arr(ctx.sample, 'list')?.[0];
  if (!isObject(model) || !('behavior' in model)) return;
  const count = d.pick('violations', [0, 0, 1, 1, 2, 3]);
  const list = Array.from({ length: count }, (_, i): Json => {
    const [behavior, fine, points] = d.pick(`v${i}`, VIOLATIONS);
    const t = SANDBOX_TODAY.getTime() - d.int(`t${i}`, 2 * 1440, 200 * 1440) * 60_000;
    const time = new Date(t).toISOString();
    return { ...model, time: `${time.slice(0, 10)} ${time.slice(11, 16)}`, behavior, fine, points };
  });
  put(data, 'list', list);
}

/** Used-car valuation (2010): dealer purchase < private sale < dealer retail. */
function fillValuation(data: Json): void {
  const retail = num(data, 'retailPrice');
  if (retail === undefined) return;
  putAll(data, { privatePrice: Math.round(retail * 93.4) / 100, dealerBuyPrice: Math.round(retail * 86.8) / 100 });
}

export const vehicleFamily: Family = {
  name: 'vehicle',
  outcome: vehicleOutcome,
  fill(ctx, data) {
    const d = vehicleDraw(ctx);
    if (ctx.param('plateNumber')) fillRegistration(ctx, data, d);
    fillLicence(ctx, data);
    fillVehicleVerdict(ctx, data);
    fillMaintenance(data);
    fillViolations(ctx, data, d);
    fillValuation(data);
  },
};
