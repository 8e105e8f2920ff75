import { describe, expect, it } from 'vitest';
import { badgeText, breadcrumb, buildMenu, gate, greeting, UC_ROUTES, ucHref, ucRoute } from './user-center';

// The codes the server answers for each kind of account (account.service featureCodes).
const ALWAYS = [100, 101, 102, 103, 104, 105, 106, 107];
const ROLES = {
  unqualified: { codes: [1, 7, 15, ...ALWAYS], qualified: false },
  qualified: { codes: [1, 7, 15, ...ALWAYS], qualified: true },
  subHidden: { codes: [1, 100, 101, 102, 103, 104, 106, 107], qualified: true },
  subVisible: { codes: [1, ...ALWAYS], qualified: true },
  special: { codes: [1, 7, 15, 100, 101, 103, 104, 105, 106, 107], qualified: true },
  everything: { codes: [1, 6, 7, 10, 11, 12, 13, 15, ...ALWAYS], qualified: true },
} as const;

describe('gate (spec 02 §4)', () => {
  it('sends an anonymous visitor of any user-center route to the login with the way back', () => {
    for (const r of UC_ROUTES) {
      const path = `${ucHref(r.path)}?tab=1`;
      expect(gate(path, { loggedIn: false })).toEqual({ kind: 'redirect', to: `/login?redirect=${encodeURIComponent(path)}` });
    }
  });

  it('keeps an unqualified account on enterprise authentication, wherever it asks to go', () => {
    for (const r of UC_ROUTES) {
      const result = gate(ucHref(r.path), { loggedIn: true, ...ROLES.unqualified });
      if (r.path === 'enterpriseAuth') expect(result).toEqual({ kind: 'allow' });
      else expect(result, r.path).toEqual({ kind: 'redirect', to: '/userCenter/enterpriseAuth' });
    }
    expect(gate('/userCenter/enterpriseAuth/', { loggedIn: true, ...ROLES.unqualified })).toEqual({ kind: 'allow' });
  });

  it('lets a qualified account into every route its codes open, and no other', () => {
    const matrix: Record<string, string[]> = {};
    for (const [role, access] of Object.entries(ROLES)) {
      if (!access.qualified) continue;
      matrix[role] = UC_ROUTES.filter((r) => gate(ucHref(r.path), { loggedIn: true, ...access }).kind === 'forbidden').map((r) => r.path);
    }
    const vehicleEtc = UC_ROUTES.filter((r) => [6, 10, 11, 12, 13].includes(r.code)).map((r) => r.path);
    expect(matrix.qualified).toEqual(vehicleEtc);
    expect(matrix.everything).toEqual([]);
    expect(matrix.subHidden).toEqual(UC_ROUTES.filter((r) => [6, 7, 10, 11, 12, 13, 15, 105].includes(r.code)).map((r) => r.path));
    expect(matrix.subVisible).not.toContain('enterpriseAuth');
    expect(matrix.special).toEqual(expect.arrayContaining(['paymentManage/myOrder', 'paymentManage/myRenew', 'paymentManage/invoice']));
  });

  it('opens the truck model screens only to an account that bought a truck score model (spec 02 §6)', () => {
    const truckScreens = ['truckInsurance', 'insurance/truckInsuranceCpny', 'insurance/truckInsuranceCpnyLog'];
    const verdicts = (truckModel: boolean | undefined) =>
      UC_ROUTES.filter((r) => gate(ucHref(r.path), { loggedIn: true, ...ROLES.everything, truckModel }).kind === 'truckModel').map((r) => r.path);
    expect(verdicts(false)).toEqual(truckScreens);
    // A failed truck interface load is false (spec 02 §8): the same notice.
    expect(verdicts(undefined)).toEqual(truckScreens);
    expect(verdicts(true)).toEqual([]);
    // The feature code still comes first: without code 12 the screens are not the account's at all.
    expect(gate(ucHref('truckInsurance'), { loggedIn: true, ...ROLES.qualified, truckModel: true })).toEqual({ kind: 'forbidden' });
    expect(gate(ucHref('insurance/boardBusInsurance'), { loggedIn: true, ...ROLES.everything, truckModel: false })).toEqual({ kind: 'allow' });
  });
});

describe('side menu (spec 02 §6)', () => {
  const titles = (access: (typeof ROLES)[keyof typeof ROLES]) => buildMenu(access).map((s) => s.title);

  it('shows every entry disabled but enterprise authentication until the company is authenticated', () => {
    const entries = buildMenu(ROLES.unqualified).flatMap((s) => s.entries);
    expect(entries.filter((e) => !e.disabled).map((e) => e.title)).toEqual(['企业认证']);
    expect(entries.length).toBeGreaterThan(10);
  });

  it('follows the feature codes', () => {
    expect(titles(ROLES.qualified)).toEqual([
      '首页',
      '数据管理',
      '在线查询',
      '付费测试',
      '费用管理',
      '预警管理',
      '账号管理',
      'IP白名单',
      '企业认证',
      '消息中心',
      '账号设置',
    ]);
    expect(titles(ROLES.everything)).toEqual(expect.arrayContaining(['包名管理', '企业运力', '车辆运力', '车险分析', '司法平台']));
    expect(titles(ROLES.subHidden)).not.toContain('企业认证');
    expect(titles(ROLES.subHidden)).not.toContain('账号管理');
    expect(titles(ROLES.subVisible)).toContain('企业认证');
    expect(titles(ROLES.special)).not.toContain('费用管理');
  });
});

describe('head and breadcrumb', () => {
  it('greets by the hour', () => {
    expect([0, 11, 12, 17, 18, 23].map(greeting)).toEqual(['上午好', '上午好', '下午好', '下午好', '晚上好', '晚上好']);
  });

  it('hides the badge at 0 and caps it at 99', () => {
    expect([0, 1, 99, 100, 2000].map((n) => badgeText(n))).toEqual([null, '1', '99', '99+', '99+']);
  });

  it('finds the parent of a sub-page', () => {
    expect(breadcrumb('/userCenter/dataManage/myAPI/apiTest')).toMatchObject({ parent: { title: '我的API' }, current: { title: '接口测试' } });
    expect(breadcrumb('/userCenter/messageCt')).toMatchObject({ parent: null, current: { title: '消息中心' } });
    expect(breadcrumb('/userCenter/dataManage/myAPI/purchase')).toMatchObject({ parent: { title: '我的API' }, current: { title: '购买接口' } });
    expect(ucRoute('/userCenter/nope')).toBeNull();
    expect(ucRoute('/userCenter')?.title).toBe('首页');
  });
});
