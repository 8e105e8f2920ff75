// Free trial on interfaces marked for it (Decision 1's free test quota, issue #8): an account
// takes an interface's trial calls once, paid from its free test quota; the calls join the
// interface's purchase like a bought package. One place for the rules both sides check.
import { z } from 'zod';
import { memberCall, qualifiedCall } from './declare';
import { parseId } from './paging';

export const TRIAL_MSG = {
  interfaceMissing: '接口不存在或已下架',
  notTrial: '该接口暂不提供免费试用，请购买套餐后调用',
  taken: '您已领取过该接口的免费试用，每个接口限领一次',
  noQuota: '免费测试次数已用完，请购买套餐后调用',
  subAccount: '子账号不能领取免费试用，请使用主账号领取',
} as const;

export const TRIAL_RULES = {
  /** The trial calls stay usable at least this long (an existing purchase is never shortened). */
  validityDays: 30,
} as const;

/** The calls one trial grants: the interface's trial amount, capped by the quota left; 0 when none. */
export function trialGrant(interfaceTrialCalls: number, quotaLeft: number): number {
  return Math.max(0, Math.min(interfaceTrialCalls, quotaLeft));
}

/** myBuy/freeTrial: take the trial of one interface. */
export const FreeTrialInput = z.object({
  interfaceId: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: TRIAL_MSG.interfaceMissing })),
});
export type FreeTrialInput = z.infer<typeof FreeTrialInput>;

/**
 * myBuy/freeTrial/state: the quota left and, with an interface, whether its trial can be taken and
 * which of the account's purchases calls it (the public trial console, /apiTest).
 */
export const FreeTrialStateInput = z.object({
  interfaceId: z.preprocess((v) => (v === undefined || v === '' ? undefined : (parseId(v) ?? undefined)), z.number().optional()),
});
export type FreeTrialStateInput = z.infer<typeof FreeTrialStateInput>;

export const FreeTrialResult = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  /** Calls granted by this trial. */
  calls: z.number().int(),
  /** The account's free test quota after it. */
  quotaLeft: z.number().int(),
  /** The purchase's expiry after the grant (ISO). */
  expiresAt: z.string(),
});
export type FreeTrialResult = z.infer<typeof FreeTrialResult>;

export const FreeTrialState = z.object({
  /** The account's free test quota left (the company owner's for a sub-account). */
  quotaLeft: z.number().int(),
  /** With interfaceId: the interface's trial amount (0: not a trial interface). */
  trialCalls: z.number().int(),
  /** With interfaceId: the trial of this interface was already taken. */
  taken: z.boolean(),
  /** With interfaceId: what taking it now would grant (0: cannot). */
  grantable: z.number().int(),
  /**
   * With interfaceId: the purchase this account calls the interface through (onlineApi.test), bought
   * or from a trial; a sub-account's only through an assignment of its own. null: none.
   */
  purchaseId: z.number().int().nullable(),
  /** Calls left on that purchase (a sub-account: the fewer of its allotment's and the purchase's); 0 without one. */
  callsLeft: z.number().int(),
  /** That purchase can be called now: active, not expired, calls left. */
  usable: z.boolean(),
  /** The account is a sub-account: it takes no trial and calls through its assignments. */
  subAccount: z.boolean(),
});
export type FreeTrialState = z.infer<typeof FreeTrialState>;

export const trialApi = {
  take: qualifiedCall({
    method: 'POST',
    path: '/myBuy/freeTrial',
    summary: '领取接口的免费试用（从免费测试额度扣除，每个接口限领一次）',
    input: FreeTrialInput,
    answer: { data: FreeTrialResult },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  // A login is enough to read the quota: the button tells an account what it would get before
  // its company is authenticated.
  state: memberCall({
    method: 'POST',
    path: '/myBuy/freeTrial/state',
    summary: '免费测试额度剩余；带 interfaceId 时另答该接口的试用是否可领、本账号调用它的已购接口及剩余次数',
    input: FreeTrialStateInput,
    answer: { data: FreeTrialState },
  }),
};
