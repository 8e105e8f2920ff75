import { describe, expect, it } from 'vitest';
import { FEATURE } from './account';
import { CAPACITY_MSG, CapacityHistoryInput, CapacityIdInput, CapacityQueryInput, capacityApi } from './capacity';
import { firstMessage } from './validation';

const msgOf = (fields: Record<string, unknown>) => {
  const r = CapacityQueryInput.safeParse(fields);
  return r.success ? null : firstMessage(r.error as never);
};

describe('the company asked about', () => {
  it('takes a name, a credit code or both, trimmed, the code upper-cased', () => {
    expect(CapacityQueryInput.parse({ companyName: ' 示例运输有限公司 ' })).toEqual({ companyName: '示例运输有限公司' });
    expect(CapacityQueryInput.parse({ creditCode: ' 91310115ma1k2l3m46 ' })).toEqual({ creditCode: '91310115MA1K2L3M46' });
    expect(CapacityQueryInput.parse({ companyName: '示例运输有限公司', creditCode: '91310115MA1K2L3M46' })).toMatchObject({ creditCode: '91310115MA1K2L3M46' });
  });

  it('wants at least one of them, and a code of the right form and check character', () => {
    expect(msgOf({})).toBe(CAPACITY_MSG.companyOrCode);
    expect(msgOf({ companyName: '   ', creditCode: '' })).toBe(CAPACITY_MSG.companyOrCode);
    expect(msgOf({ creditCode: '9131011' })).toBe('统一社会信用代码应为18位数字或大写字母');
    expect(msgOf({ creditCode: '91310115MA1K2L3M47' })).toBe('统一社会信用代码校验不通过，请核对后重新输入');
    expect(msgOf({ companyName: 'a'.repeat(101) })).toBe('长度不能超过100个字符');
    expect(msgOf({ companyName: '示例\u0000运输' })).toBe(CAPACITY_MSG.controlChars);
  });
});

describe('the other inputs', () => {
  it('reads ids and the history filter', () => {
    expect(CapacityIdInput.safeParse({ id: 'x' }).success).toBe(false);
    expect(CapacityIdInput.parse({ id: '12' })).toEqual({ id: 12 });
    expect(CapacityHistoryInput.parse({ company: ' ', export: '1' })).toMatchObject({ company: undefined, export: 1 });
  });

  it('sits every call behind menu code 10 for an authenticated company', () => {
    for (const c of Object.values(capacityApi)) expect(c).toMatchObject({ access: 'qualified', feature: FEATURE.enterpriseCapacity });
    expect(Object.values(capacityApi).map((c) => c.path)).toEqual([
      '/UserCenter/enterpriseCapacityInterface',
      '/UserCenter/enterpriseCapacity',
      '/UserCenter/enterpriseCapacityHistory',
      '/UserCenter/enterpriseCapacityDetail',
    ]);
  });
});
