import { describe, expect, it } from 'vitest';
import { BILLING_MSG, checkField, formatFen, RechargeDeclareInput, yuanToFen } from './index';

describe('money', () => {
  it('reads 元 with at most two decimals as integer fen, never through a float', () => {
    expect(yuanToFen('1')).toBe(100);
    expect(yuanToFen('100.5')).toBe(10_050);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen(' 19999999.99 ')).toBe(1_999_999_999);
    for (const bad of ['', '1.234', '-1', '1e3', '１００', '1,000', '.5']) expect(yuanToFen(bad), bad).toBeNull();
  });

  it('prints fen as 元 with thousands separators', () => {
    expect([0, 7, 128_000, 123_456_789, -2_500].map(formatFen)).toEqual(['0.00', '0.07', '1,280.00', '1,234,567.89', '-25.00']);
  });

  it('checks a recharge amount with its messages', () => {
    const amount = RechargeDeclareInput.shape.amount;
    expect(checkField(amount, '12.345')).toBe(BILLING_MSG.amount);
    expect(checkField(amount, '0.99')).toBe(BILLING_MSG.amountRange);
    expect(checkField(amount, '10000000.01')).toBe(BILLING_MSG.amountRange);
    expect(checkField(amount, '10000000')).toBeNull();
  });
});
