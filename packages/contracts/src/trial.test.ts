import { describe, expect, it } from 'vitest';
import { FreeTrialInput, FreeTrialState, FreeTrialStateInput, TRIAL_MSG, trialGrant, trialGrantedMsg, trialLabel } from './index';

describe('free trial rules (the button and the server agree)', () => {
  it('grants the interface amount, capped by the quota left, never negative', () => {
    expect(trialGrant(20, 150)).toBe(20);
    expect(trialGrant(20, 7)).toBe(7);
    expect(trialGrant(20, 0)).toBe(0);
    expect(trialGrant(0, 150)).toBe(0);
    expect(trialGrant(10, -3)).toBe(0);
  });

  it('words the button and the success message', () => {
    expect(trialLabel(20)).toBe('免费试用 20 次');
    expect(trialGrantedMsg(10)).toBe('已开通 10 次免费调用，接口 Key 在「我的API」查看');
  });

  it('takes one interface id from a form field or a number', () => {
    expect(FreeTrialInput.parse({ interfaceId: '1882' })).toEqual({ interfaceId: 1882 });
    expect(FreeTrialInput.parse({ interfaceId: 1985 })).toEqual({ interfaceId: 1985 });
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '1882; drop']) {
      const r = FreeTrialInput.safeParse({ interfaceId: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(TRIAL_MSG.interfaceMissing);
    }
  });

  it('asks the state with or without an interface', () => {
    expect(FreeTrialStateInput.parse({})).toEqual({});
    expect(FreeTrialStateInput.parse({ interfaceId: '' })).toEqual({});
    expect(FreeTrialStateInput.parse({ interfaceId: '1882' })).toEqual({ interfaceId: 1882 });
  });

  it('answers the purchase the account calls the interface through, or null without one', () => {
    const base = { quotaLeft: 150, trialCalls: 20, taken: false, grantable: 20, callsLeft: 0, usable: false, subAccount: false };
    expect(FreeTrialState.parse({ ...base, purchaseId: null }).purchaseId).toBeNull();
    expect(FreeTrialState.parse({ ...base, taken: true, grantable: 0, purchaseId: 41, callsLeft: 20, usable: true })).toMatchObject({
      purchaseId: 41,
      usable: true,
    });
    // An answer without the purchase fields is not the declared one.
    expect(FreeTrialState.safeParse({ quotaLeft: 150, trialCalls: 20, taken: false, grantable: 20 }).success).toBe(false);
  });
});
