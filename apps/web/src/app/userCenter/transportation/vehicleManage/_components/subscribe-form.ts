// The rules of 车辆管理's forms that are not drawing: the plate as typed becomes the plate sent,
// each field's message is the contract's, and the period is judged as the server judges it.
import { PlateColorInput, PlateNumber, plateColorProblem, SubscribeInput, TRANSPORT_LIMITS, TRANSPORT_MSG } from '@apimarket/contracts';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { zodRule } from '@/lib/form-rules';
import { DAY_FORMAT } from '../../_shared/vehicle-words';

export type Period = [Dayjs | null, Dayjs | null] | null | undefined;

export interface SingleValues {
  plateNumber?: string;
  plateColor?: number;
  period?: Period;
  remark?: string;
}

/** What a person types (浙a 8f2c6, with spaces) as the plate the interfaces know (浙A8F2C6). */
export const normalizePlate = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s·•.-]/g, '').toUpperCase() : v);

export const plateRules: FormRule[] = [zodRule(PlateNumber)];

/** The colour is required and must fit the plate: green only for an 8-character new-energy plate. */
export const colorRules: FormRule[] = [
  zodRule(PlateColorInput),
  ({ getFieldValue }) => ({
    validator: (_r, color: unknown) => {
      const plate = String(getFieldValue('plateNumber') ?? '');
      if (typeof color !== 'number' || !PlateNumber.safeParse(plate).success) return Promise.resolve();
      const problem = plateColorProblem(plate, color);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  }),
];

export const remarkRules: FormRule[] = [zodRule(SubscribeInput.shape.remark)];

/** The period's first problem, as the server would word it; null when it is fine. */
export function periodProblem(period: Period, today: Dayjs): string | null {
  const [start, end] = period ?? [null, null];
  if (!start) return TRANSPORT_MSG.startDate;
  if (!end) return TRANSPORT_MSG.endDate;
  const parsed = SubscribeInput.safeParse({ startDate: start.format(DAY_FORMAT), endDate: end.format(DAY_FORMAT) });
  const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'startDate' || i.path[0] === 'endDate');
  if (issue) return issue.message;
  if (end.isBefore(today, 'day')) return TRANSPORT_MSG.pastEnd;
  return null;
}

export const periodRules = (today: () => Dayjs): FormRule[] => [
  {
    validator: (_r, v: Period) => {
      const problem = periodProblem(v, today());
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/**
 * The period's days, for the picker. Any start (a period begun earlier lets the tracks since then
 * be asked); the end not before today, nor a longest period or more after the start.
 */
export function periodDayDisabled(day: Dayjs, start: Dayjs | null, today: Dayjs): boolean {
  if (!start) return false;
  return day.isBefore(today, 'day') || day.diff(start, 'day') >= TRANSPORT_LIMITS.maxSubscribeDays;
}

export const periodInput = (period: Period) => ({
  startDate: period?.[0]?.format(DAY_FORMAT) ?? '',
  endDate: period?.[1]?.format(DAY_FORMAT) ?? '',
});

const SHEET_TYPES = ['.xlsx', '.csv'];

/** A chosen sheet's problem before it is sent (type and size, as the server checks them). */
export function sheetProblem(file: { name: string; size: number }): string | null {
  if (!SHEET_TYPES.some((ext) => file.name.toLowerCase().endsWith(ext))) return TRANSPORT_MSG.sheetType;
  if (file.size > TRANSPORT_LIMITS.sheetBytes) return TRANSPORT_MSG.sheetTooLarge;
  return null;
}
export const SHEET_ACCEPT = SHEET_TYPES.join(',');
