// Paid tests (付费测试, Decision 8): a customer applies to test an interface with a number of calls;
// the fee is known before applying (payTestFee, the same function on the page and the server);
// an operator approves (fee debited, test calls added) or rejects; three months after approval
// the test expires and its unused calls are taken back.
import { z } from 'zod';
import { FEATURE } from './account';
import { featureCalls } from './declare';
import { PAID_TEST_VALIDITY_MONTHS, SUPPORT_HOTLINE } from './constants';
import { PageQuery, parseId } from './paging';
import { ContactName, Mobile } from './validation';

export const PAY_TEST_LIMITS = { minCalls: 10, maxCalls: 10_000, purposeMin: 4, purposeMax: 200, validityMonths: PAID_TEST_VALIDITY_MONTHS } as const;

export const PAY_TEST_MSG = {
  interfaceRequired: '请选择要测试的接口',
  interfaceMissing: '接口不存在或已下架',
  calls: `测试次数须为 ${PAY_TEST_LIMITS.minCalls}-${PAY_TEST_LIMITS.maxCalls} 之间的整数`,
  purpose: `请填写测试用途（${PAY_TEST_LIMITS.purposeMin}-${PAY_TEST_LIMITS.purposeMax}字）`,
  noPrice: `该接口按需报价，暂不支持在线申请付费测试，请致电 ${SUPPORT_HOTLINE}`,
  open: '该接口已有审核中或进行中的付费测试，请勿重复申请',
  subAccount: '子账号不能申请付费测试，请联系主账号申请',
  applied: '申请已提交，平台审核通过后将从账户余额扣除测试费用并开通测试次数',
  missing: '付费测试申请不存在',
} as const;

export const PAY_TEST_STATUS = ['applied', 'approved', 'rejected', 'expired'] as const;
export type PayTestStatus = (typeof PAY_TEST_STATUS)[number];
export const PAY_TEST_STATUS_LABEL: Record<PayTestStatus, string> = { applied: '审核中', approved: '已通过', rejected: '已驳回', expired: '已过期' };

export interface PriceLike {
  calls: number;
  priceFen: number;
}

/** The package with the lowest price per call (compared by cross-multiplying: no float). */
export function cheapestPerCall<T extends PriceLike>(packages: readonly T[]): T | null {
  let best: T | null = null;
  for (const p of packages) {
    if (!(p.calls > 0) || !(p.priceFen >= 0)) continue;
    if (best === null || p.priceFen * best.calls < best.priceFen * p.calls) best = p;
  }
  return best;
}

/**
 * The fee of a paid test, in fen: calls × the lowest per-call price among the interface's
 * on-sale packages, rounded up to the fen. Null when the interface has no package (priced on
 * request), so no test can be applied for online.
 */
export function payTestFee(calls: number, packages: readonly PriceLike[]): number | null {
  const best = cheapestPerCall(packages);
  if (best === null || !Number.isInteger(calls) || calls <= 0) return null;
  const numerator = BigInt(calls) * BigInt(best.priceFen);
  const per = BigInt(best.calls);
  return Number((numerator + per - 1n) / per);
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export const PayTestCalls = z.preprocess(
  trimmed,
  z.coerce
    .number({ error: PAY_TEST_MSG.calls })
    .int(PAY_TEST_MSG.calls)
    .min(PAY_TEST_LIMITS.minCalls, PAY_TEST_MSG.calls)
    .max(PAY_TEST_LIMITS.maxCalls, PAY_TEST_MSG.calls),
);

export const PayTestPurpose = z
  .string({ error: PAY_TEST_MSG.purpose })
  .trim()
  .min(PAY_TEST_LIMITS.purposeMin, { error: PAY_TEST_MSG.purpose, abort: true })
  .max(PAY_TEST_LIMITS.purposeMax, PAY_TEST_MSG.purpose);

/** payTest/apply. The contact phone follows the spec's phone rule (请输入正确的手机号). */
export const PayTestApplyInput = z.object({
  interfaceId: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: PAY_TEST_MSG.interfaceRequired })),
  calls: PayTestCalls,
  purpose: PayTestPurpose,
  contactName: ContactName,
  contactPhone: Mobile,
});
export type PayTestApplyInput = z.infer<typeof PayTestApplyInput>;

export const PayTestRow = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  calls: z.number().int(),
  feeFen: z.number().int(),
  purpose: z.string(),
  contactName: z.string(),
  /** Masked (138****5678). */
  contactPhone: z.string(),
  status: z.enum(PAY_TEST_STATUS),
  statusLabel: z.string(),
  /** Why it was rejected; '' otherwise. */
  reason: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Test calls still usable (approved); 0 once expired; null before approval or when rejected. */
  testCallsLeft: z.number().int().nullable(),
  /** Unused test calls taken back at expiry. */
  expiredCalls: z.number().int(),
});
export type PayTestRow = z.infer<typeof PayTestRow>;

/** Behind menu code 7 付费测试 (spec 02 §6): the server refuses an account without it. */
const payTestCall = featureCalls(FEATURE.paidTest);

/** The paid-test calls of spec 02 §7. Operators decide in the console. */
export const payTestApi = {
  list: payTestCall({
    method: 'POST',
    path: '/payTest/dataList',
    summary: '我的付费测试申请',
    input: PageQuery,
    answer: { rows: PayTestRow },
  }),
  apply: payTestCall({
    method: 'POST',
    path: '/payTest/apply',
    encrypt: true,
    summary: '申请付费测试（费用按接口套餐最低单价计算，审核通过时从余额扣除）',
    input: PayTestApplyInput,
    answer: { data: PayTestRow },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
};
