import { describe, expect, it } from 'vitest';
import { inputProblem } from './input-guard';

describe('the input guard', () => {
  it('names the field holding a control character, at any depth, and allows tabs and line breaks', () => {
    expect(inputProblem({ keyword: 'a\u0000b' })).toBe('「keyword」含有不允许的控制字符');
    expect(inputProblem({ rows: [{ note: 'x\u001by' }] })).toBe('「note」含有不允许的控制字符');
    expect(inputProblem({ 'na\u0007me': 'x' })).toBe('参数名含有不允许的控制字符');
    expect(inputProblem({ note: '第一行\r\n第二行\t缩进\u000b软换行\u000c😀（全角）' })).toBeNull();
    expect(inputProblem({ name: '张\ud800' })).toBe('「name」含有无法识别的字符');
    expect(inputProblem({ '\udc00x': '1' })).toBe('参数名含有不允许的控制字符');
  });

  it('refuses numbers beyond the 32-bit columns in a schema output, not in raw input', () => {
    expect(inputProblem({ ids: [1, 99999999999] })).toBe('「ids」超出允许的范围');
    expect(inputProblem({ pageIndex: 1e308 })).toBe('「pageIndex」超出允许的范围');
    expect(inputProblem({ n: Number.NaN })).toBe('「n」超出允许的范围');
    expect(inputProblem({ amount: 1_000_000_000, id: -2_147_483_647 })).toBeNull();
    expect(inputProblem({ cdpDate: 1764100000000 }, '', 0, { numbers: false })).toBeNull();
  });
});
