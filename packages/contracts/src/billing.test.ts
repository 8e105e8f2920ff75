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

  it('tells a well-formed amount out of range from a malformed one, however many digits it has', () => {
    const amount = RechargeDeclareInput.shape.amount;
    for (const big of ['123456789', '99999999999', '100000000.5', '99999999999999999999.99', '10000000.01']) {
      expect(checkField(amount, big), big).toBe(BILLING_MSG.amountRange);
    }
    for (const bad of ['abc', '12a', '1.234', '123456789.123', '-5', '-123456789', '1e9', '.5', '1,000', '']) {
      expect(checkField(amount, bad), bad).toBe(BILLING_MSG.amount);
    }
    // Leading zeros do not make a small amount look huge; the parsed value is exact fen.
    expect(checkField(amount, '000000000012.50')).toBeNull();
    expect(RechargeDeclareInput.shape.amount.parse(' 000000000012.50 ')).toBe(1_250);
    expect(RechargeDeclareInput.shape.amount.parse('10000000')).toBe(1_000_000_000);
  });
});
