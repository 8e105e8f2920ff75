// What the public trial console (/apiTest?id=) offers a visitor, as pure functions of what the
// catalogue and myBuy/freeTrial/state answer: the page decides nothing else on its own.
import { DEFAULT_RECEIPT_INTERFACE_IDS, type FreeTrialState, type InterfaceCard, type InterfaceParam, TRIAL_MSG } from '@apimarket/contracts';

export type Media = 'image' | 'video' | null;

/** What a base64 parameter carries, by the rule the test call applies (online.service mediaOf). */
export function mediaOf(p: Pick<InterfaceParam, 'name' | 'type'>): Media {
  if (p.type !== 'base64') return null;
  return /video/i.test(p.name) ? 'video' : 'image';
}

/** A video is too large to send from a page: such an interface is only called by the customer's system. */
export const isTestable = (params: ReadonlyArray<Pick<InterfaceParam, 'name' | 'type'>>) => !params.some((p) => mediaOf(p) === 'video');

/** The form's first values: the documentation's sample input; an image waits for a real file. */
export function sampleValues(params: readonly InterfaceParam[], sampleRequest: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(params.map((p) => [p.name, mediaOf(p) === null ? (sampleRequest[p.name] ?? p.example) : '']));
}

/** Answers of these interfaces are shown in the receipt's words (spec 01 §9 interceptId). */
export const isIntercepted = (interfaceId: number) => DEFAULT_RECEIPT_INTERFACE_IDS.includes(interfaceId);

export const apiTestPath = (interfaceId: number) => `/apiTest?id=${interfaceId}`;
export const loginHref = (interfaceId: number) => `/login?redirect=${encodeURIComponent(apiTestPath(interfaceId))}`;
/** Where a package is bought: the interface's own page. */
export const buyHref = (interfaceId: number) => `/api/${interfaceId}`;

/**
 * What a signed-in account can do on the console:
 * - call: it has a usable purchase (bought or from a trial; a sub-account's through its assignment);
 * - take: no usable purchase yet, but the trial can be taken now (then it calls);
 * - blocked: why not, and whether buying a package is the way on.
 */
export type ConsoleStep =
  | { kind: 'call' }
  | { kind: 'take'; calls: number }
  | { kind: 'blocked'; reason: 'sub' | 'notTrial' | 'usedUp' | 'noQuota' | 'unusable'; message: string; buy: boolean };

export const CONSOLE_MSG = {
  sub: `${TRIAL_MSG.subAccount}；如需调用，请联系主账号在「产品分配」中为您分配该接口`,
  usedUp: '您已领取过该接口的免费试用，试用次数已用完或已过期，请购买套餐后继续调用',
  unusable: '该接口当前不可调用（已停用、已过期或次数已用完），请续购套餐后再试',
  unqualified: '领取免费试用和在线调用前，请先完成企业认证',
} as const;

export function consoleStep(state: FreeTrialState): ConsoleStep {
  if (state.purchaseId !== null && state.usable) return { kind: 'call' };
  if (state.subAccount) return { kind: 'blocked', reason: 'sub', message: CONSOLE_MSG.sub, buy: false };
  if (state.grantable > 0) return { kind: 'take', calls: state.grantable };
  if (state.taken) return { kind: 'blocked', reason: 'usedUp', message: CONSOLE_MSG.usedUp, buy: true };
  if (state.purchaseId !== null) return { kind: 'blocked', reason: 'unusable', message: CONSOLE_MSG.unusable, buy: true };
  if (state.trialCalls <= 0) return { kind: 'blocked', reason: 'notTrial', message: TRIAL_MSG.notTrial, buy: true };
  return { kind: 'blocked', reason: 'noQuota', message: TRIAL_MSG.noQuota, buy: true };
}

export interface TrialGroup {
  categoryId: number;
  categoryName: string;
  rows: InterfaceCard[];
}

/** /testOnline: the interfaces open to trial, by category in the catalogue's order, each category's rows as listed. */
export function trialGroups(categories: ReadonlyArray<{ id: number }>, cards: readonly InterfaceCard[]): TrialGroup[] {
  const groups = new Map<number, TrialGroup>();
  for (const c of cards) {
    if (c.trialCalls <= 0) continue;
    const g = groups.get(c.categoryId) ?? { categoryId: c.categoryId, categoryName: c.categoryName, rows: [] };
    g.rows.push(c);
    groups.set(c.categoryId, g);
  }
  const order = new Map(categories.map((c, i) => [c.id, i]));
  return [...groups.values()].sort((a, b) => (order.get(a.categoryId) ?? Infinity) - (order.get(b.categoryId) ?? Infinity) || a.categoryId - b.categoryId);
}
