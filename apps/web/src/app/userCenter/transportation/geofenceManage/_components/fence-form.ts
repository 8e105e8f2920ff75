// The rules of the fence form that are not drawing: a vertex list as people type or paste it
// ("120.15,30.28" a line), the form's values as the save call's input, a fence as the form's
// values, and the window of the events list. Kept apart so they are tested without a browser.
import {
  chinaClock,
  clockMs,
  type FenceSaveInput,
  type FenceShape,
  type FenceView,
  FenceSaveInput as FenceSchema,
  type LonLat,
  TRANSPORT_LIMITS,
  TRANSPORT_MSG,
} from '@apimarket/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export type InputMode = 'draw' | 'type';

export interface FenceValues {
  name?: string;
  shape?: FenceShape;
  centerLon?: number | null;
  centerLat?: number | null;
  radius?: number | null;
  /** One vertex a line: lon,lat. */
  pointsText?: string;
  subscriptionIds?: number[];
  alert?: boolean;
  remark?: string;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** The vertices of a typed list, or the line that is not a vertex (1-based). */
export function parsePoints(text: string): { points: LonLat[] } | { badLine: number } {
  const points: LonLat[] = [];
  const lines = text.split(/\r?\n|;|；/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const parts = line.split(/[\s,，]+/).filter(Boolean);
    if (parts.length !== 2 || !parts.every((p) => NUMBER.test(p))) return { badLine: i + 1 };
    points.push([Number(parts[0]), Number(parts[1])]);
  }
  // A ring typed closed (the first vertex again at the end) is the same ring.
  const [first, last] = [points[0], points[points.length - 1]];
  if (points.length > 3 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return { points };
}

export const pointsText = (points: readonly LonLat[]) => points.map(([lon, lat]) => `${lon.toFixed(6)},${lat.toFixed(6)}`).join('\n');

/** The save call's input from the form's values; the server checks the same schema. */
export function fenceInput(v: FenceValues): FenceSaveInput | { problem: { field: keyof FenceValues; message: string } } {
  const shape = v.shape ?? 'circle';
  let geometry: { center?: LonLat; radius?: number; points?: LonLat[] } = {};
  if (shape === 'circle') {
    if (v.centerLon === null || v.centerLon === undefined || v.centerLat === null || v.centerLat === undefined)
      return { problem: { field: 'centerLon', message: TRANSPORT_MSG.fenceCenter } };
    geometry = { center: [v.centerLon, v.centerLat], radius: v.radius ?? undefined };
  } else {
    const parsed = parsePoints(v.pointsText ?? '');
    if ('badLine' in parsed) return { problem: { field: 'pointsText', message: `第 ${parsed.badLine} 行不是「经度,纬度」` } };
    geometry = { points: parsed.points };
  }
  const result = FenceSchema.safeParse({
    name: v.name ?? '',
    shape,
    ...geometry,
    subscriptionIds: v.subscriptionIds ?? [],
    alert: v.alert ?? false,
    remark: v.remark ?? '',
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = String(issue?.path[0] ?? '');
  const field: keyof FenceValues =
    at === 'center' ? 'centerLon' : at === 'points' ? 'pointsText' : at === 'subscriptionIds' ? 'subscriptionIds' : (at as keyof FenceValues) || 'name';
  return { problem: { field, message: issue?.message ?? TRANSPORT_MSG.fenceShape } };
}

/** A saved fence as the form's values (editing). */
export function fenceValues(f: FenceView | null): FenceValues {
  if (!f) return { shape: 'circle', radius: 1000, alert: false, subscriptionIds: [], remark: '' };
  return {
    name: f.name,
    shape: f.shape,
    centerLon: f.center?.[0] ?? null,
    centerLat: f.center?.[1] ?? null,
    radius: f.radius,
    pointsText: f.points ? pointsText(f.points) : '',
    subscriptionIds: f.vehicles.map((v) => v.id),
    alert: f.alert,
    remark: f.remark,
  };
}

/** The events window's problem, in the contract's words; null when it is fine. */
export function windowProblem(range: [Dayjs | null, Dayjs | null] | null | undefined, now: Dayjs): string | null {
  const [start, end] = range ?? [null, null];
  if (!start) return TRANSPORT_MSG.startTime;
  if (!end) return TRANSPORT_MSG.endTime;
  if (!end.isAfter(start)) return TRANSPORT_MSG.timeOrder;
  if (end.diff(start, 'second') > TRANSPORT_LIMITS.maxTrackHours * 3600) return TRANSPORT_MSG.rangeTooLong;
  if (start.isAfter(now)) return TRANSPORT_MSG.futureTime;
  return null;
}

/** An instant picked in the browser (whatever its time zone) as the China clock the calls take. */
export const clock = (d: Dayjs) => chinaClock(d.toDate());
/** A China clock reading as the picker's value. */
export const fromClock = (v: string) => dayjs(clockMs(v));

/** The name's and remark's own rules, for the fields' messages as they are typed. */
export const FenceNameSchema = FenceSchema.shape.name;
export const FenceRemarkSchema = FenceSchema.shape.remark;
