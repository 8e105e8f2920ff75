// How the vehicle tools reach the vehicle interfaces: the account's purchase of an interface (a
// sub-account: its assignment's), and one real call of it through the open data API's pipeline
// (online.service callAsOwner): checked, answered, charged and recorded like any other call.
import { clockMs, TRANSPORT_LIMITS } from '@apimarket/contracts';
import type { Db } from '../../db/client';
import type { Account } from '../account/access';
import type { GatewayDeps } from '../gateway/gateway.service';
import { callAsOwner } from '../online/online.service';
import { targetsOf } from '../query/query.service';

export interface VehicleTarget {
  purchaseId: number;
  key: string;
  path: string;
  interfaceId: number;
  interfaceName: string;
  callsLeft: number;
  /** Bought, active, not expired, on sale and with calls left. */
  usable: boolean;
  params: Array<{ name: string; required: boolean; description: string }>;
}

/** The account's purchases (a sub-account's assignments), optionally of some interfaces only; the ones to use first first. */
export async function vehicleTargets(db: Db, account: Account, interfaceIds?: number[]): Promise<VehicleTarget[]> {
  const rows = await targetsOf(db, account, interfaceIds);
  // Usable first, then the one with the most calls left: a second package is used once the first is spent.
  return rows
    .map(({ purchaseId, key, path, interfaceId, interfaceName, params, live, callsLeft }) => {
      const left = Math.max(0, callsLeft);
      return { purchaseId, key, path, interfaceId, interfaceName, params, callsLeft: left, usable: Boolean(live) && left > 0 };
    })
    .sort((a, b) => Number(b.usable) - Number(a.usable) || b.callsLeft - a.callsLeft || a.purchaseId - b.purchaseId);
}

/** The purchase a vehicle tool calls an interface through: the best of the account's, or null. */
export async function targetFor(db: Db, account: Account, interfaceId: number): Promise<VehicleTarget | null> {
  return (await vehicleTargets(db, account, [interfaceId]))[0] ?? null;
}

export interface VehicleAnswer {
  code: string;
  message: string;
  data: unknown;
  seqNo: string;
  charged: boolean;
}

/** One real call for a vehicle: its plate and colour, and the interface's other parameters given. */
export async function callForVehicle(
  gateway: GatewayDeps,
  target: Pick<VehicleTarget, 'key' | 'path'>,
  vehicle: { plateNumber: string; plateColor: number },
  ip: string,
  extra: Record<string, string> = {},
): Promise<VehicleAnswer> {
  const params = { plateNumber: vehicle.plateNumber, plateColor: String(vehicle.plateColor), ...extra };
  let { answer, charged } = await callAsOwner(gateway, target, params, ip);
  // The key's per-second budget is shared with the customer's own API traffic: over it, wait for
  // the next second once rather than fail the vehicle (the refused call charged nothing).
  if (answer.code === RATE_CODE) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    ({ answer, charged } = await callAsOwner(gateway, target, params, ip));
  }
  return { code: answer.code, message: answer.message, data: answer.data ?? null, seqNo: answer.seqNo, charged };
}

/** The gateway's answer to a key over its calls per second. */
const RATE_CODE = 'SYSTEM_038';

/**
 * Spaces the starts of many calls of one key (a sheet of vehicles, a page of positions) to half
 * the key's per-second limit, so the tools never spend the customer's whole budget at once.
 */
export function pacer(gateway: Pick<GatewayDeps, 'ratePerKey'>): () => Promise<void> {
  const gapMs = 1000 / Math.max(1, Math.floor(gateway.ratePerKey / 2));
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

/** The vehicle answered by the interface as not reporting to the monitoring platform. */
export const VEHICLE_OFFLINE_CODE = '10011';
export const VEHICLE_OFFLINE_MSG = '车辆未接入监管平台';
/** The trajectory interface's refusal of a window longer than it allows. */
export const RANGE_CODE = '10012';

/** Why an answer holds no fact about the vehicle, in the customer's words. */
export function answerProblem(a: Pick<VehicleAnswer, 'code' | 'message'>): string {
  if (a.code === VEHICLE_OFFLINE_CODE) return VEHICLE_OFFLINE_MSG;
  return a.message || `查询未成功（${a.code}）`;
}

export interface Position {
  lon: number;
  lat: number;
  speed: number;
  direction: number;
  address: string;
  gpsTime: string;
}

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;

/** The position in a 9694 answer's data, or null when it holds none. */
export function positionOf(data: unknown): Position | null {
  if (data === null || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const [lon, lat] = [num(d.lon), num(d.lat)];
  const gpsTime = typeof d.gpsTime === 'string' ? d.gpsTime : '';
  if (lon === null || lat === null || !gpsTime || Number.isNaN(clockMs(gpsTime))) return null;
  return {
    lon,
    lat,
    speed: num(d.speed) ?? 0,
    direction: Math.round(num(d.direction) ?? 0) % 360,
    address: typeof d.address === 'string' ? d.address : '',
    gpsTime,
  };
}

/** A report within offlineMinutes of now reads 在线. */
export const isOnline = (gpsTime: string, now = Date.now()) => now - clockMs(gpsTime) <= TRANSPORT_LIMITS.offlineMinutes * 60_000;

/** A track point of a 9867 answer. */
export interface RawPoint {
  lon: number;
  lat: number;
  speed: number;
  direction: number;
  at: number;
  gpsTime: string;
}

/** The points of a 9867 answer's data, in time order, without the ones that cannot be read. */
export function pointsOf(data: unknown): RawPoint[] {
  const list = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).points : undefined;
  if (!Array.isArray(list)) return [];
  const out: RawPoint[] = [];
  for (const p of list) {
    if (p === null || typeof p !== 'object') continue;
    const r = p as Record<string, unknown>;
    const [lon, lat] = [num(r.lon), num(r.lat)];
    const gpsTime = typeof r.gpsTime === 'string' ? r.gpsTime : '';
    const at = clockMs(gpsTime);
    if (lon === null || lat === null || Number.isNaN(at)) continue;
    out.push({ lon, lat, speed: Math.max(0, num(r.speed) ?? 0), direction: Math.round(num(r.direction) ?? 0) % 360, at, gpsTime });
  }
  return out.sort((a, b) => a.at - b.at);
}
