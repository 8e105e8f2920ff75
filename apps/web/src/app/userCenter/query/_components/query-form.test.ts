import { QUERY_LIMITS, type QueryPoolItem } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { backgroundCheck, sentValues, toggled, verdictColor } from './query-form';

const field = (name: string) => ({ name, label: name, description: '', example: '', required: true, interfaceIds: [1] });
const item = (interfaceId: number, usable = true): QueryPoolItem => ({
  interfaceId,
  interfaceName: String(interfaceId),
  categoryName: '',
  purchaseId: usable ? interfaceId : null,
  callsLeft: 1,
  expiresAt: null,
  usable,
  reason: '',
  trialGrantable: 0,
});

describe('the query page rules', () => {
  it('sends the filled fields trimmed, and nothing else', () => {
    expect(sentValues([field('name'), field('idcard'), field('mobile')], { name: ' 张三 ', idcard: '110101199003074514', mobile: '  ', other: 'x' })).toEqual({
      name: '张三',
      idcard: '110101199003074514',
    });
  });

  it('takes the usable background-check interfaces in their order', () => {
    expect(backgroundCheck([item(1979), item(9999), item(1882), item(2201, false)])).toEqual([1882, 1979]);
  });

  it('adds and removes, never beyond the limit', () => {
    const full = Array.from({ length: QUERY_LIMITS.maxInterfaces }, (_, i) => i + 1);
    expect(toggled(full, 99)).toEqual(full);
    expect(toggled(full, 1)).toHaveLength(QUERY_LIMITS.maxInterfaces - 1);
    expect(toggled([], 5)).toEqual([5]);
  });

  it('colours a result by what it says', () => {
    expect(verdictColor({ code: '10000', verified: true, verdict: '验证一致' })).toBe('success');
    expect(verdictColor({ code: '10000', verified: false, verdict: '验证不一致' })).toBe('warning');
    expect(verdictColor({ code: 'SYSTEM_011', verified: false, verdict: '缺少必填参数' })).toBe('error');
  });
});
