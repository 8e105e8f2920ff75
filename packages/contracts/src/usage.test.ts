import { describe, expect, it } from 'vitest';
import {
  CallDetailInput,
  codeLabel,
  firstMessage,
  formatMfen,
  mfenToYuan,
  percentChange,
  periodDays,
  previousPeriod,
  USAGE_MSG,
  UsageRangeInput,
  UsageTableInput,
  usagePeriod,
} from './index';

const detailMessage = (value: Record<string, string>) => {
  const res = CallDetailInput.safeParse(value);
  return res.success ? null : firstMessage(res.error);
};

describe('usage filters', () => {
  it('reads China days, an interface, whose records and paging; empty values mean "not chosen"', () => {
    expect(UsageRangeInput.parse({ startDate: '2026-03-01', endDate: ' 2026-03-31 ', interfaceId: '1882', memberId: 'all' })).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      interfaceId: 1882,
      memberId: 'all',
    });
    expect(UsageRangeInput.parse({ startDate: '', endDate: '', interfaceId: '', memberId: '' })).toEqual({});
    expect(UsageRangeInput.parse({ memberId: '100042' }).memberId).toBe(100042);
    expect(UsageTableInput.parse({ pageNum: '0', pageSize: '5000' })).toMatchObject({ pageNum: 1, pageSize: 100 });
    expect(UsageTableInput.parse({})).toMatchObject({ pageNum: 1, pageSize: 20 });
  });

  it('refuses malformed days, reversed and over-long periods with their messages', () => {
    const check = (v: Record<string, string>) => {
      const res = UsageRangeInput.safeParse(v);
      return res.success ? null : firstMessage(res.error);
    };
    expect(check({ startDate: '2026-02-30' })).toBe(USAGE_MSG.dateFormat);
    expect(check({ endDate: '03/31/2026' })).toBe(USAGE_MSG.dateFormat);
    expect(check({ startDate: '2026-04-02', endDate: '2026-04-01' })).toBe(USAGE_MSG.dateOrder);
    expect(check({ startDate: '2025-01-01', endDate: '2026-01-02' })).toBe(USAGE_MSG.span);
    expect(USAGE_MSG.span).toBe('查询的时间跨度不能超过 366 天，请缩小日期范围');
    // 366 days inclusive is the limit (a leap year).
    expect(check({ startDate: '2024-01-01', endDate: '2024-12-31' })).toBeNull();
    expect(check({ interfaceId: 'abc' })).toBe(USAGE_MSG.interface);
    expect(check({ memberId: 'everyone' })).toBe(USAGE_MSG.member);
  });

  it('reads the detail list’s code and seqNo, and limits how deep it pages unless exporting', () => {
    expect(CallDetailInput.parse({ code: 'SYSTEM_002', seqNo: ' 0123456789abcdef0123 ', export: '1' })).toMatchObject({
      code: 'SYSTEM_002',
      seqNo: '0123456789ABCDEF0123',
      export: true,
    });
    expect(CallDetailInput.parse({ code: '10000' })).toMatchObject({ code: '10000', export: false });
    expect(detailMessage({ code: 'drop table' })).toBe(USAGE_MSG.code);
    expect(detailMessage({ seqNo: '123' })).toBe(USAGE_MSG.seqNo);
    expect(detailMessage({ pageNum: '501', pageSize: '20' })).toBe(USAGE_MSG.tooDeep);
    expect(detailMessage({ pageNum: '500', pageSize: '20' })).toBeNull();
    expect(detailMessage({ pageNum: '501', pageSize: '20', export: '1' })).toBeNull();
  });
});

describe('usage periods', () => {
  // 2026-03-31 17:00 UTC is already 1 April in China.
  const now = new Date('2026-03-31T17:00:00Z');

  it('defaults to the last 30 China days, or 12 months for monthly statistics', () => {
    expect(usagePeriod({}, 'day', now)).toEqual({ startDate: '2026-03-03', endDate: '2026-04-01' });
    expect(usagePeriod({}, 'month', now)).toEqual({ startDate: '2025-05-01', endDate: '2026-04-01' });
    expect(usagePeriod({ endDate: '2026-02-10' }, 'day', now)).toEqual({ startDate: '2026-01-12', endDate: '2026-02-10' });
    expect(usagePeriod({ startDate: '2026-03-20' }, 'day', now)).toEqual({ startDate: '2026-03-20', endDate: '2026-04-01' });
    expect(usagePeriod({ startDate: '2026-05-01' }, 'day', now)).toEqual({ startDate: '2026-05-01', endDate: '2026-05-01' });
  });

  it('keeps an open-ended period within 366 days of its end', () => {
    expect(usagePeriod({ startDate: '2020-01-01' }, 'day', now)).toEqual({ startDate: '2025-04-01', endDate: '2026-04-01' });
  });

  it('lists the days of a period and the period before it', () => {
    const p = { startDate: '2026-02-27', endDate: '2026-03-02' };
    expect(periodDays(p)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(previousPeriod(p)).toEqual({ startDate: '2026-02-23', endDate: '2026-02-26' });
  });
});

describe('usage figures', () => {
  it('shows milli-fen as 元 rounded to the fen', () => {
    expect(mfenToYuan(0)).toBe('0.00');
    expect(mfenToYuan(20_000)).toBe('0.20');
    expect(mfenToYuan(128_000_000)).toBe('1280.00');
    expect(mfenToYuan(1_499)).toBe('0.01');
    expect(mfenToYuan(1_500)).toBe('0.02');
    expect(formatMfen(128_000_000)).toBe('1,280.00');
  });

  it('names result codes and computes changes', () => {
    expect(codeLabel('10000')).toBe('成功');
    expect(codeLabel('SYSTEM_002')).toBe('调用次数已用完或套餐已过期');
    expect(codeLabel('10003')).toBe('业务结果（见接口文档）');
    expect(codeLabel('toString')).toBe('其他');
    expect(percentChange(0, 5)).toBeNull();
    expect(percentChange(200, 250)).toBe(25);
    expect(percentChange(3, 2)).toBe(-33.3);
  });
});
