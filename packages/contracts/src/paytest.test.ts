import { describe, expect, it } from 'vitest';
import {
  cheapestPerCall,
  checkField,
  FAVORITE_MSG,
  FavoriteInput,
  FavoriteListInput,
  firstMessage,
  PAY_TEST_MSG,
  PayTestApplyInput,
  payTestFee,
} from './index';

describe('paid-test fee (the page and the server compute it alike)', () => {
  const packages = [
    { id: 1, calls: 1000, priceFen: 50_000 }, // 0.50 元/次
    { id: 2, calls: 10_000, priceFen: 300_000 }, // 0.30 元/次
    { id: 3, calls: 100, priceFen: 8_000 }, // 0.80 元/次
  ];

  it('takes the lowest per-call price among the packages', () => {
    expect(cheapestPerCall(packages)?.id).toBe(2);
    expect(payTestFee(100, packages)).toBe(3_000);
    expect(payTestFee(10_000, packages)).toBe(300_000);
  });

  it('rounds a part of a fen up, without floating point', () => {
    // 0.07 fen per call: 10 calls cost 0.7 fen → 1 fen; 15 calls 1.05 fen → 2 fen.
    const cheap = [{ calls: 100_000, priceFen: 7_000 }];
    expect(payTestFee(10, cheap)).toBe(1);
    expect(payTestFee(15, cheap)).toBe(2);
    expect(payTestFee(3, [{ calls: 3, priceFen: 10 }])).toBe(10);
    expect(payTestFee(1, [{ calls: 3, priceFen: 10 }])).toBe(4);
  });

  it('has no fee (and so no online test) for an interface without packages', () => {
    expect(payTestFee(100, [])).toBeNull();
    expect(payTestFee(100, [{ calls: 0, priceFen: 100 }])).toBeNull();
  });
});

describe('paid-test application rules', () => {
  const ok = { interfaceId: '1882', calls: '500', purpose: '评估实名认证接口的准确率', contactName: '李四', contactPhone: '13812345678' };
  const msg = (over: Record<string, string>) => {
    const r = PayTestApplyInput.safeParse({ ...ok, ...over });
    return r.success ? null : firstMessage(r.error);
  };

  it('accepts a complete application and reads the numbers', () => {
    expect(PayTestApplyInput.parse(ok)).toEqual({ ...ok, interfaceId: 1882, calls: 500 });
  });

  it('answers each field with its message', () => {
    expect(msg({ interfaceId: '' })).toBe(PAY_TEST_MSG.interfaceRequired);
    expect(msg({ interfaceId: 'abc' })).toBe(PAY_TEST_MSG.interfaceRequired);
    for (const calls of ['', '9', '10001', '12.5', 'abc', '-20']) expect(msg({ calls }), calls).toBe(PAY_TEST_MSG.calls);
    for (const calls of ['10', '10000', ' 300 ']) expect(msg({ calls }), calls).toBeNull();
    expect(msg({ purpose: '测试' })).toBe('请填写测试用途（4-200字）');
    expect(msg({ purpose: '测'.repeat(201) })).toBe('请填写测试用途（4-200字）');
    expect(msg({ contactName: ' ' })).toBe('请输入联系人姓名');
    expect(msg({ contactPhone: '' })).toBe('请输入手机号');
    expect(msg({ contactPhone: '12812345678' })).toBe('请输入正确的手机号');
    expect(msg({ contactPhone: '1381234567' })).toBe('请输入正确的手机号');
  });

  it('gives the page the same field messages', () => {
    expect(checkField(PayTestApplyInput.shape.calls, 8)).toBe(PAY_TEST_MSG.calls);
    expect(checkField(PayTestApplyInput.shape.calls, 80)).toBeNull();
    expect(checkField(PayTestApplyInput.shape.contactPhone, '19912345678')).toBeNull();
  });
});

describe('favourite inputs', () => {
  it('needs a positive interface id', () => {
    expect(FavoriteInput.parse({ interfaceId: '1882' })).toEqual({ interfaceId: 1882 });
    for (const bad of ['', '0', '-1', 'x', undefined]) {
      const r = FavoriteInput.safeParse({ interfaceId: bad });
      expect(r.success ? null : firstMessage(r.error), String(bad)).toBe(FAVORITE_MSG.interfaceMissing);
    }
  });

  it('pages the collection, optionally for one interface', () => {
    expect(FavoriteListInput.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(FavoriteListInput.parse({ interfaceId: '1887', pageSize: '5' })).toMatchObject({ interfaceId: 1887, pageSize: 5 });
    expect(FavoriteListInput.parse({ interfaceId: 'junk' }).interfaceId).toBeUndefined();
  });
});
