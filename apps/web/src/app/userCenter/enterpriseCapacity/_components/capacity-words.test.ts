import { describe, expect, it } from 'vitest';
import { checkForm, chinaTime, percent, tenThousandKm } from './capacity-words';

describe('the words of 企业运力', () => {
  it('writes shares, instants and kilometres as the screen shows them', () => {
    expect(percent(0.826)).toBe('82.6%');
    expect(percent(1)).toBe('100.0%');
    expect(chinaTime('2026-11-26T22:19:00.000Z')).toBe('2026-11-27 06:19');
    expect(chinaTime('not a time')).toBe('');
    expect(tenThousandKm(583_200)).toBe(58.3);
  });

  it('checks the form as the server will: a name or a valid code, each field its own message', () => {
    expect(checkForm('', '')).toEqual({ input: null, errors: { companyName: '请输入企业名称或统一社会信用代码' } });
    expect(checkForm('', '91310115ma1k2l3m47').errors).toEqual({ creditCode: '统一社会信用代码校验不通过，请核对后重新输入' });
    expect(checkForm('', '913101').errors).toEqual({ creditCode: '统一社会信用代码应为18位数字或大写字母' });
    expect(checkForm(' 示例运输有限公司 ', '')).toEqual({ input: { companyName: '示例运输有限公司' }, errors: {} });
    expect(checkForm('', '91310115ma1k2l3m46').input).toEqual({ creditCode: '91310115MA1K2L3M46' });
  });
});
