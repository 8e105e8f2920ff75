import { describe, expect, it } from 'vitest';
import { chinaDay, firstMessage, SUB_CONSUME_MSG, SubConsumeListInput, subConsumePeriod } from './index';

describe('子账号消费 filters', () => {
  it('reads ids, names and China days, dropping empty or junk values rather than refusing', () => {
    expect(
      SubConsumeListInput.parse({
        pageNum: '2',
        pageSize: '5',
        subAccountId: '100003',
        interfaceId: '1882',
        interfaceName: '  身份证 ',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
      }),
    ).toEqual({
      pageNum: 2,
      pageSize: 5,
      subAccountId: 100003,
      interfaceId: 1882,
      interfaceName: '身份证',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    const loose = SubConsumeListInput.parse({ subAccountId: '', interfaceId: 'abc', startDate: '2026-02-30', endDate: '03/31/2026' });
    expect(loose).toEqual({
      pageNum: 1,
      pageSize: 10,
      subAccountId: undefined,
      interfaceId: undefined,
      interfaceName: '',
      startDate: undefined,
      endDate: undefined,
    });
    expect(SubConsumeListInput.parse({ subAccountId: '-3', interfaceId: '0' })).toMatchObject({ subAccountId: undefined, interfaceId: undefined });
  });

  it('refuses a start after the end with its message', () => {
    const res = SubConsumeListInput.safeParse({ startDate: '2026-04-02', endDate: '2026-04-01' });
    expect(res.success).toBe(false);
    if (!res.success) expect(firstMessage(res.error)).toBe(SUB_CONSUME_MSG.dateOrder);
    expect(SubConsumeListInput.safeParse({ startDate: '2026-04-01', endDate: '2026-04-01' }).success).toBe(true);
  });

  it('defaults to this China month so far, and fills an open end', () => {
    // 2026-03-31 17:00 UTC is already 1 April in China.
    const now = new Date('2026-03-31T17:00:00Z');
    expect(chinaDay(now)).toBe('2026-04-01');
    expect(subConsumePeriod({}, now)).toEqual({ startDate: '2026-04-01', endDate: '2026-04-01' });
    expect(subConsumePeriod({}, new Date('2026-03-15T02:00:00Z'))).toEqual({ startDate: '2026-03-01', endDate: '2026-03-15' });
    expect(subConsumePeriod({ startDate: '2026-01-10' }, now)).toEqual({ startDate: '2026-01-10', endDate: '2026-04-01' });
    expect(subConsumePeriod({ endDate: '2026-02-20' }, now)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-20' });
    expect(subConsumePeriod({ startDate: '2026-05-01' }, now)).toEqual({ startDate: '2026-05-01', endDate: '2026-05-01' });
  });
});
