// 子账号消费 (mytrade/subAccount/consume/list): what a main account's sub-accounts used of the
// open data API in a period, by sub-account and interface (Decisions 90, 176): the calls, and what
// the charged ones cost at their purchase's unit price (the money itself left the balance when the
// main account bought the package, and shows under 账户流水).
import { z } from 'zod';
import { qualifiedCall } from './declare';
import { chinaDay } from './china-time';
import { PageQuery } from './paging';

export const SUB_CONSUME_MSG = {
  subAccount: '子账号不能查看子账号消费，请使用主账号登录查看',
  dateOrder: '开始日期不能晚于结束日期',
} as const;

const CHINA_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written yyyy-MM-dd, else undefined (an unusable filter is dropped, as in 我的订单). */
const optionalDay = z.preprocess((v) => {
  if (typeof v !== 'string' || !CHINA_DAY.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? undefined : v;
}, z.string().optional());

/** A positive id, or undefined for empty and junk values (the filter is then off). */
const optionalId = z.preprocess((v) => {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}, z.number().optional());

export const SubConsumeListInput = PageQuery.extend({
  /** One sub-account (its member id, as myAccount/getChild answers it). */
  subAccountId: optionalId,
  interfaceId: optionalId,
  interfaceName: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 50) : ''), z.string()),
  /** China calendar days, inclusive; both absent = this month so far. */
  startDate: optionalDay,
  endDate: optionalDay,
}).refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, { message: SUB_CONSUME_MSG.dateOrder, path: ['endDate'] });
export type SubConsumeListInput = z.infer<typeof SubConsumeListInput>;

/** One sub-account's use of one interface in the period. */
export const SubConsumeRow = z.object({
  subAccountId: z.number().int(),
  loginName: z.string(),
  /** The sub-account's contact name; '' when none was given. */
  nickname: z.string(),
  interfaceId: z.number().int().nullable(),
  interfaceName: z.string(),
  /** Every recorded call, refused ones included. */
  calls: z.number().int(),
  /** Calls taken from the purchase (call_records.charged summed). */
  chargedCalls: z.number().int(),
  /** What the charged calls cost at their purchase's unit price, in fen. */
  costFen: z.number().int(),
  lastCallAt: z.string(),
});
export type SubConsumeRow = z.infer<typeof SubConsumeRow>;

/** The China days a list covers (both ends included). */
export const SubConsumePeriod = z.object({ startDate: z.string(), endDate: z.string() });
/** The totals of the whole filter, not only of the page. */
export const SubConsumeSum = z.object({ calls: z.number().int(), chargedCalls: z.number().int(), costFen: z.number().int() });

export const subConsumeApi = {
  list: qualifiedCall({
    method: 'POST',
    path: '/mytrade/subAccount/consume/list',
    summary: '子账号消费：各子账号按接口汇总的调用次数（默认本月），附统计区间与合计',
    input: SubConsumeListInput,
    // The period used and the filter's totals travel beside the page, so the tab can say which
    // days it shows without computing China's month itself.
    answer: { rows: SubConsumeRow, extra: { period: SubConsumePeriod, sum: SubConsumeSum } },
    fails: ['ALL_0010'],
  }),
};

/**
 * The period a list covers: the days asked, an open end filled with today or the first of the
 * month, nothing asked = from the first of this China month to today.
 */
export function subConsumePeriod(f: { startDate?: string; endDate?: string }, now: Date = new Date()): { startDate: string; endDate: string } {
  const today = chinaDay(now);
  const startDate = f.startDate ?? (f.endDate ? `${f.endDate.slice(0, 8)}01` : `${today.slice(0, 8)}01`);
  const endDate = f.endDate ?? (startDate > today ? startDate : today);
  return { startDate, endDate };
}
