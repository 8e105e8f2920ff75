// Times of a played-back track as the trajectory screens show them. A track's points carry seconds
// from the window's start; the clock is China time whatever the browser's zone (the vehicle
// interfaces speak China time), and the pickers hold China wall-clock readings for the same reason.
import { chinaClock, clockMs, TRANSPORT_LIMITS, TRANSPORT_MSG } from '@apimarket/contracts';

/** The China clock reading (yyyy-MM-dd HH:mm:ss) of a point `seconds` after the track's start. */
export function clockAt(startTime: string, seconds: number): string {
  return chinaClock(new Date(clockMs(startTime) + seconds * 1000));
}

/** Now, as a China clock reading. */
export const nowClock = (now: Date = new Date()) => chinaClock(now);

/** The default window: the last 24 hours, to the minute. */
export function defaultWindow(now: Date = new Date()): [string, string] {
  const end = Math.floor(now.getTime() / 60_000) * 60_000;
  return [chinaClock(new Date(end - 24 * 3_600_000)), chinaClock(new Date(end))];
}

/** Why a window cannot be asked (the server's rules and words), or null. */
export function windowProblem(startTime: string | null, endTime: string | null, now: Date = new Date()): string | null {
  if (!startTime) return TRANSPORT_MSG.startTime;
  if (!endTime) return TRANSPORT_MSG.endTime;
  const [s, e] = [clockMs(startTime), clockMs(endTime)];
  if (s > now.getTime()) return TRANSPORT_MSG.futureTime;
  if (!(e > s)) return TRANSPORT_MSG.timeOrder;
  if (e - s > TRANSPORT_LIMITS.maxTrackHours * 3_600_000) return TRANSPORT_MSG.rangeTooLong;
  return null;
}

/** 95 → 「1 小时 35 分」, 40 → 「40 分钟」, 0 → 「0 分钟」. */
export function durationText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} 分钟`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h} 小时 ${rest} 分` : `${h} 小时`;
}

/** 「11-26 09:05」: a short reading when the date is shown elsewhere or implied. */
export const shortClock = (clock: string) => clock.slice(5, 16);

/** The span of a window in words: 「2026-11-25 10:00 至 2026-11-26 10:00」. */
export const windowText = (startTime: string, endTime: string) => `${startTime.slice(0, 16)} 至 ${endTime.slice(0, 16)}`;

/**
 * Where the phone page of a shared track answers. A query parameter, not a path segment: a dynamic
 * segment would be a public route the sitemap and overflow checks must fill with a token.
 */
export const sharePageHref = (token: string) => `/vehicleTrajectoryH5?token=${encodeURIComponent(token)}`;
