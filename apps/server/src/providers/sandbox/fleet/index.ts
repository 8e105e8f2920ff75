// The sandbox fleet as the vehicle interfaces use it: reports, tracks and driving totals of any
// plate at real instants, with times written on the China clock the interfaces answer in.
export {
  addressOf,
  drivingBetween,
  positionAt,
  type Report,
  SLOT_HOURS,
  STATE,
  STATE_LABEL,
  TICK_SECONDS,
  trackOf,
  type FleetTrack,
  type TruckState,
} from './sim';
export { roadKm, routeBetween } from './graph';
export { EDGES, HUBS, TOWNS } from './roads';

const CHINA_MS = 8 * 3_600_000;

const DAY_MS = 86_400_000;
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
let clockDay = Number.NaN;
let clockDate = '';

/** "yyyy-MM-dd HH:mm:ss" of an instant on the China clock (UTC+8). A track writes 8 641 of them: the date is kept. */
export function chinaClock(instant: number): string {
  const ms = instant + CHINA_MS;
  const day = Math.floor(ms / DAY_MS);
  if (day !== clockDay) {
    clockDay = day;
    clockDate = new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
  const sec = Math.floor((ms - day * DAY_MS) / 1000);
  return `${clockDate} ${TWO[Math.floor(sec / 3600)]}:${TWO[Math.floor(sec / 60) % 60]}:${TWO[sec % 60]}`;
}

/** The instant of a sandbox wall time (a China clock reading parsed as if it were UTC). */
export const instantOfWall = (wallMs: number) => wallMs - CHINA_MS;
