import { type FreeTrialState, type InterfaceCard, TRIAL_MSG } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { CONSOLE_MSG, consoleStep, isIntercepted, isTestable, loginHref, mediaOf, sampleValues, trialGroups } from './trial-console';

const FRESH: FreeTrialState = {
  quotaLeft: 150,
  trialCalls: 20,
  taken: false,
  grantable: 20,
  purchaseId: null,
  callsLeft: 0,
  usable: false,
  subAccount: false,
};

describe('consoleStep', () => {
  it('calls through a usable purchase, bought or from a trial, whatever the trial says', () => {
    expect(consoleStep({ ...FRESH, purchaseId: 7, callsLeft: 3, usable: true })).toEqual({ kind: 'call' });
    expect(consoleStep({ ...FRESH, trialCalls: 0, grantable: 0, purchaseId: 7, callsLeft: 3, usable: true })).toEqual({ kind: 'call' });
    expect(consoleStep({ ...FRESH, subAccount: true, grantable: 0, purchaseId: 7, callsLeft: 3, usable: true })).toEqual({ kind: 'call' });
  });

  it('takes the trial first when there is no usable purchase and the trial can be taken (what is left of the quota)', () => {
    expect(consoleStep(FRESH)).toEqual({ kind: 'take', calls: 20 });
    expect(consoleStep({ ...FRESH, quotaLeft: 7, grantable: 7 })).toEqual({ kind: 'take', calls: 7 });
    // A used-up bought purchase: the trial adds its calls to it.
    expect(consoleStep({ ...FRESH, purchaseId: 7, callsLeft: 0, usable: false })).toEqual({ kind: 'take', calls: 20 });
  });

  it('says why not, and offers the packages where buying is the way on', () => {
    expect(consoleStep({ ...FRESH, taken: true, grantable: 0, purchaseId: 7, callsLeft: 0, usable: false })).toEqual({
      kind: 'blocked',
      reason: 'usedUp',
      message: CONSOLE_MSG.usedUp,
      buy: true,
    });
    expect(consoleStep({ ...FRESH, quotaLeft: 0, grantable: 0 })).toEqual({ kind: 'blocked', reason: 'noQuota', message: TRIAL_MSG.noQuota, buy: true });
    expect(consoleStep({ ...FRESH, trialCalls: 0, grantable: 0 })).toEqual({ kind: 'blocked', reason: 'notTrial', message: TRIAL_MSG.notTrial, buy: true });
    expect(consoleStep({ ...FRESH, trialCalls: 0, grantable: 0, purchaseId: 7, usable: false })).toMatchObject({ reason: 'unusable', buy: true });
  });

  it('a sub-account takes no trial and buys nothing: it is told to ask its main account', () => {
    const step = consoleStep({ ...FRESH, subAccount: true, grantable: 0 });
    expect(step).toEqual({ kind: 'blocked', reason: 'sub', message: CONSOLE_MSG.sub, buy: false });
    expect(CONSOLE_MSG.sub).toContain(TRIAL_MSG.subAccount);
  });
});

describe('the form', () => {
  const params = [
    { name: 'name', type: 'string', required: true, description: '姓名', example: '张三' },
    { name: 'idcard', type: 'string', required: true, description: '身份证号', example: '110101199003074514' },
    { name: 'image', type: 'base64', required: true, description: '照片', example: '/9j/4AAQ...' },
    { name: 'video', type: 'base64', required: true, description: '视频', example: 'AAAA...' },
  ];

  it('starts from the sample request, the example where the sample lacks one; images and videos wait for a file', () => {
    expect(sampleValues(params, { name: '李四' })).toEqual({ name: '李四', idcard: '110101199003074514', image: '', video: '' });
  });

  it('knows an image from a video as the test call does, and refuses videos', () => {
    expect(params.map(mediaOf)).toEqual([null, null, 'image', 'video']);
    expect(isTestable(params.slice(0, 3))).toBe(true);
    expect(isTestable(params)).toBe(false);
  });

  it('brings a visitor back to the console after the login', () => {
    expect(loginHref(1882)).toBe('/login?redirect=%2FapiTest%3Fid%3D1882');
  });

  it('shows answers in the receipt wording for the configured interfaces only', () => {
    expect(isIntercepted(1882)).toBe(true);
    expect(isIntercepted(1985)).toBe(false);
  });
});

describe('trialGroups', () => {
  const card = (id: number, categoryId: number, trialCalls: number): InterfaceCard => ({
    id,
    interfaceId: id,
    interfaceName: `接口${id}`,
    summary: '',
    categoryId,
    categoryName: `分类${categoryId}`,
    icon: '',
    isHot: false,
    isNew: false,
    enterpriseOnly: false,
    priceFrom: null,
    labels: [],
    trialCalls,
  });

  it('keeps the trial interfaces, grouped in the catalogue order of categories, rows as listed', () => {
    const groups = trialGroups([{ id: 3 }, { id: 1 }], [card(1, 1, 20), card(2, 3, 0), card(3, 3, 10), card(4, 1, 10), card(5, 9, 10)]);
    expect(groups.map((g) => [g.categoryId, g.rows.map((r) => r.id)])).toEqual([
      [3, [3]],
      [1, [1, 4]],
      [9, [5]],
    ]);
  });

  it('is empty when no interface offers a trial', () => {
    expect(trialGroups([{ id: 1 }], [card(1, 1, 0)])).toEqual([]);
  });
});
