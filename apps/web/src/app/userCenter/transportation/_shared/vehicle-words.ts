// What the three vehicle screens say alike and is not drawing: the heading in words, the plate
// colours as options, where to buy a vehicle interface, the day and clock formats the transport
// calls take. Kept apart so it is tested without a browser.
import { PLATE_COLORS, type PlateColor, VEHICLE_INTERFACES, type VehicleRole } from '@apimarket/contracts';

const COMPASS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;

/** A heading (degrees, 0 = north, clockwise) as a driver says it: 东北, 正南 reads as 南. */
export function directionWord(degrees: number): string {
  const d = ((degrees % 360) + 360) % 360;
  return COMPASS[Math.round(d / 45) % 8] ?? '北';
}

/** 行驶方向: the word and the degrees, e.g. 东北 (47°). */
export const directionText = (degrees: number) => `${directionWord(degrees)}（${Math.round(degrees)}°）`;

export const PLATE_COLOR_OPTIONS = (Object.entries(PLATE_COLORS) as Array<[string, string]>).map(([value, label]) => ({
  value: Number(value) as PlateColor,
  label,
}));

/** The plate's own colours, so a plate reads at a glance as it does on the road. */
export const PLATE_LOOK: Record<number, { bg: string; fg: string }> = {
  1: { bg: '#1f4fbf', fg: '#ffffff' },
  2: { bg: '#f2c230', fg: '#1b2333' },
  3: { bg: '#1b2333', fg: '#ffffff' },
  4: { bg: '#ffffff', fg: '#1b2333' },
  5: { bg: 'linear-gradient(180deg, #f4fbf6 0%, #59c07a 100%)', fg: '#1b2333' },
  6: { bg: 'linear-gradient(90deg, #f2c230 0 28%, #59c07a 28% 100%)', fg: '#1b2333' },
};

/** 购买接口 with that interface chosen. */
export const buyHref = (interfaceId: number) => `/userCenter/dataManage/myAPI/purchase?interfaceId=${interfaceId}`;
export const interfaceHref = (interfaceId: number) => `/api/${interfaceId}`;
export const ROLE_INTERFACE: Record<VehicleRole, number> = VEHICLE_INTERFACES;

export const MANAGE_HREF = '/userCenter/transportation/vehicleManage';
export const POSITION_HREF = '/userCenter/transportation/vehiclePosition';
export const FENCE_HREF = '/userCenter/transportation/geofenceManage';
export const ALERT_CONTACTS_HREF = '/userCenter/warningManage/warningNumber';
export const trajectoryHref = (subscriptionId: number) => `/userCenter/transportation/vehicleTrajectory?id=${subscriptionId}`;

/** The transport calls take China days and clocks as text. */
export const DAY_FORMAT = 'YYYY-MM-DD';
export const CLOCK_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** km/h with one decimal, or — when the vehicle stands. */
export const speedText = (kmh: number) => `${kmh.toFixed(kmh % 1 === 0 ? 0 : 1)} km/h`;

/** Square kilometres the way a fleet manager reads them: 0.785 km², 12.6 km², 1,250 km². */
export function areaText(km2: number): string {
  if (km2 < 1) return `${km2.toFixed(3)} km²`;
  if (km2 < 100) return `${km2.toFixed(1)} km²`;
  return `${Math.round(km2).toLocaleString('en-US')} km²`;
}
