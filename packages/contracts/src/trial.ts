// Free trial on interfaces marked for it (Decision 1's free test quota, issue #8): an account
// takes an interface's trial calls once, paid from its free test quota; the calls join the
// interface's purchase like a bought package. One place for the rules both sides check.
import { z } from 'zod';
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

/** myBuy/freeTrial/state: the quota left and, with an interface, whether its trial can be taken. */
export const FreeTrialStateInput = z.object({
  interfaceId: z.preprocess((v) => (v === undefined || v === '' ? undefined : (parseId(v) ?? undefined)), z.number().optional()),
});
export type FreeTrialStateInput = z.infer<typeof FreeTrialStateInput>;

export interface FreeTrialResult {
  interfaceId: number;
  interfaceName: string;
  /** Calls granted by this trial. */
  calls: number;
  /** The account's free test quota after it. */
  quotaLeft: number;
  /** The purchase's expiry after the grant (ISO). */
  expiresAt: string;
}

export interface FreeTrialState {
  /** The account's free test quota left (the company owner's for a sub-account). */
  quotaLeft: number;
  /** With interfaceId: the interface's trial amount (0: not a trial interface). */
  trialCalls: number;
  /** With interfaceId: the trial of this interface was already taken. */
  taken: boolean;
  /** With interfaceId: what taking it now would grant (0: cannot). */
  grantable: number;
}
