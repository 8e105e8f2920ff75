// The user center's map (spec 02 §2, §6): every route with its title, breadcrumb parent and the
// feature code that opens it; the side menu built from an account's codes; and the gate that
// decides where a visitor may be. Pure, so the role matrix is a unit test.
import { FEATURE, GREETING_HOURS } from '@apimarket/contracts';

export const UC = '/userCenter';
/** Set by proxy.ts: the requested path and query, which a layout is not told otherwise. */
export const UC_PATH_HEADER = 'x-uc-path';

export interface UcRoute {
  /** Path under /userCenter, '' for the home. */
  path: string;
  title: string;
  /** The code that opens it (spec 02 §6, or one of the always-present codes). */
  code: number;
  /** A sub-page's parent page: the breadcrumb's optional middle step. */
  parent?: string;
  /** A truck model screen: open only to an account that bought 9963 or 9964 (spec 02 §6). */
  truckModel?: boolean;
}

export const UC_ROUTES: readonly UcRoute[] = [
  { path: '', title: '首页', code: FEATURE.home },
  { path: 'dataManage/myAPI', title: '我的API', code: FEATURE.dataManage },
  { path: 'dataManage/myAPI/apiTest', title: '接口测试', code: FEATURE.dataManage, parent: 'dataManage/myAPI' },
  { path: 'dataManage/myAPI/applyBatch', title: '批量查询', code: FEATURE.dataManage, parent: 'dataManage/myAPI' },
  { path: 'dataManage/myAPI/purchase', title: '购买接口', code: FEATURE.dataManage, parent: 'dataManage/myAPI' },
  { path: 'dataManage/myCollect', title: '我的收藏', code: FEATURE.dataManage },
  { path: 'dataManage/useHistory', title: '调用记录', code: FEATURE.dataManage },
  { path: 'useHistory', title: '调用记录', code: FEATURE.dataManage },
  { path: 'monitor', title: '接口监控', code: FEATURE.dataManage },
  { path: 'paymentManage/myOrder', title: '我的订单', code: FEATURE.costManage },
  { path: 'paymentManage/myRenew', title: '自动续费', code: FEATURE.costManage },
  { path: 'paymentManage/invoice', title: '发票管理', code: FEATURE.costManage },
  { path: 'warningManage/myWarning', title: '用量预警', code: FEATURE.warningManage },
  { path: 'warningManage/warningNumber', title: '预警联系人', code: FEATURE.warningManage },
  { path: 'enterpriseAuth', title: '企业认证', code: FEATURE.enterpriseAuth },
  { path: 'enterpriseCapacity', title: '企业运力', code: FEATURE.enterpriseCapacity },
  { path: 'examine', title: '司法可视化', code: FEATURE.judicial },
  { path: 'examine/list', title: '查询列表', code: FEATURE.judicial, parent: 'examine' },
  { path: 'examine/details', title: '查询详情', code: FEATURE.judicial, parent: 'examine' },
  { path: 'examine/json', title: '原始数据', code: FEATURE.judicial, parent: 'examine' },
  { path: 'query', title: '在线查询', code: FEATURE.onlineQuery },
  { path: 'payTest', title: '付费测试', code: FEATURE.paidTest },
  { path: 'whiteList', title: 'IP白名单', code: FEATURE.ipWhitelist },
  { path: 'packageName', title: '包名管理', code: FEATURE.packageName },
  { path: 'insurance/accessHistory', title: '访问记录', code: FEATURE.vehicleInsurance },
  { path: 'insurance/accessHistoryLog', title: '访问日志', code: FEATURE.vehicleInsurance, parent: 'insurance/accessHistory' },
  { path: 'truckInsurance', title: '货车险分析', code: FEATURE.vehicleInsurance, truckModel: true },
  { path: 'insurance/boardBusInsurance', title: '客车险模型', code: FEATURE.vehicleInsurance },
  { path: 'insurance/boardBusInsuranceLog', title: '客车险查询记录', code: FEATURE.vehicleInsurance, parent: 'insurance/boardBusInsurance' },
  { path: 'insurance/truckInsuranceCpny', title: '货运车队企业模型', code: FEATURE.vehicleInsurance, truckModel: true },
  {
    path: 'insurance/truckInsuranceCpnyLog',
    title: '车队模型查询记录',
    code: FEATURE.vehicleInsurance,
    parent: 'insurance/truckInsuranceCpny',
    truckModel: true,
  },
  { path: 'transportation/vehicleTrajectory', title: '车辆轨迹', code: FEATURE.vehicleCapacity },
  { path: 'transportation/vehicleManage', title: '车辆管理', code: FEATURE.vehicleCapacity },
  { path: 'transportation/geofenceManage', title: '电子围栏', code: FEATURE.vehicleCapacity },
  { path: 'transportation/vehiclePosition', title: '车辆位置', code: FEATURE.vehicleCapacity },
  { path: 'accountManage/subAccount', title: '子账号管理', code: FEATURE.accountManagement },
  { path: 'accountManage/product', title: '产品分配', code: FEATURE.accountManagement },
  { path: 'messageCt', title: '消息中心', code: FEATURE.messages },
  { path: 'ums', title: '账号设置', code: FEATURE.settings },
];

const byPath = new Map(UC_ROUTES.map((r) => [r.path, r]));

/** The route of a full pathname (/userCenter/…), or null when it is not one of ours. */
export function ucRoute(pathname: string): UcRoute | null {
  const clean = pathname.replace(/\/+$/, '');
  if (clean !== UC && !clean.startsWith(`${UC}/`)) return null;
  return byPath.get(clean.slice(UC.length + 1)) ?? null;
}

export const ucHref = (path: string) => (path ? `${UC}/${path}` : UC);

// ── Side menu ────────────────────────────────────────────────────────────────────────────────
export interface MenuGroup {
  key: string;
  title: string;
  /** Group-level code (a whole area granted at once), or the codes of its items. */
  items: readonly string[];
}

/** The side bar, top to bottom: single entries are groups of one. */
export const MENU: readonly MenuGroup[] = [
  { key: 'home', title: '首页', items: [''] },
  { key: 'data', title: '数据管理', items: ['dataManage/myAPI', 'dataManage/myCollect', 'dataManage/useHistory', 'monitor'] },
  { key: 'query', title: '在线查询', items: ['query'] },
  { key: 'payTest', title: '付费测试', items: ['payTest'] },
  { key: 'packageName', title: '包名管理', items: ['packageName'] },
  { key: 'capacity', title: '企业运力', items: ['enterpriseCapacity'] },
  {
    key: 'transport',
    title: '车辆运力',
    items: ['transportation/vehicleTrajectory', 'transportation/vehiclePosition', 'transportation/vehicleManage', 'transportation/geofenceManage'],
  },
  {
    key: 'insurance',
    title: '车险分析',
    items: ['truckInsurance', 'insurance/truckInsuranceCpny', 'insurance/boardBusInsurance', 'insurance/accessHistory'],
  },
  { key: 'judicial', title: '司法平台', items: ['examine'] },
  { key: 'cost', title: '费用管理', items: ['paymentManage/myOrder', 'paymentManage/myRenew', 'paymentManage/invoice'] },
  { key: 'warning', title: '预警管理', items: ['warningManage/myWarning', 'warningManage/warningNumber'] },
  { key: 'account', title: '账号管理', items: ['accountManage/subAccount', 'accountManage/product'] },
  { key: 'whiteList', title: 'IP白名单', items: ['whiteList'] },
  { key: 'enterpriseAuth', title: '企业认证', items: ['enterpriseAuth'] },
  { key: 'messages', title: '消息中心', items: ['messageCt'] },
  { key: 'settings', title: '账号设置', items: ['ums'] },
];

export interface MenuEntry {
  key: string;
  title: string;
  href: string;
  /** Shown but not usable: the company is not authenticated yet (spec 02 §6). */
  disabled: boolean;
}

export interface MenuSection {
  key: string;
  title: string;
  entries: MenuEntry[];
}

export interface UcAccess {
  codes: readonly number[];
  /** The company (the parent's, for a sub-account) passed enterprise authentication. */
  qualified: boolean;
  /** The account bought a truck score model (9963 or 9964); false when that load failed (spec 02 §8). */
  truckModel?: boolean;
}

/** The side bar of an account: entries its codes open; all but enterprise authentication disabled until qualified. */
export function buildMenu(access: UcAccess): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const group of MENU) {
    const entries: MenuEntry[] = [];
    for (const path of group.items) {
      const route = byPath.get(path);
      if (!route || !access.codes.includes(route.code)) continue;
      entries.push({ key: path || 'home', title: route.title, href: ucHref(path), disabled: !access.qualified && path !== 'enterpriseAuth' });
    }
    if (entries.length > 0) sections.push({ key: group.key, title: group.title, entries });
  }
  return sections;
}

export const NOT_QUALIFIED_TIP = '请先完成企业认证';

// ── Gate ─────────────────────────────────────────────────────────────────────────────────────
export type GateResult =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** A route of ours whose code the account lacks: a no-access notice in the layout. */
  | { kind: 'forbidden' }
  /** A truck model screen for an account without a truck score model: what to buy, in the layout. */
  | { kind: 'truckModel' };

/**
 * Where a visitor may be (spec 02 §4): not logged in → /login?redirect=<path>; logged in without
 * company qualification → enterprise authentication unless already there; a route whose
 * feature code the account lacks → a notice; a truck model screen without a truck score model
 * bought → what to buy.
 */
export function gate(pathWithQuery: string, access: (UcAccess & { loggedIn: true }) | { loggedIn: false }): GateResult {
  if (!access.loggedIn) return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(pathWithQuery)}` };
  const pathname = pathWithQuery.split('?')[0] ?? pathWithQuery;
  const route = ucRoute(pathname);
  const authPath = ucHref('enterpriseAuth');
  if (!access.qualified && pathname.replace(/\/+$/, '') !== authPath) return { kind: 'redirect', to: authPath };
  if (route && !access.codes.includes(route.code)) return { kind: 'forbidden' };
  if (route?.truckModel && access.truckModel !== true) return { kind: 'truckModel' };
  return { kind: 'allow' };
}

// ── Head ─────────────────────────────────────────────────────────────────────────────────────
/** 上午 before 12, 下午 before 18, 晚上 after (spec 02 §2). */
export function greeting(hour: number): string {
  if (hour < GREETING_HOURS.morningBefore) return '上午好';
  if (hour < GREETING_HOURS.afternoonBefore) return '下午好';
  return '晚上好';
}

/** The badge text: hidden (null) at 0, 99+ beyond 99. */
export function badgeText(unread: number, max = 99): string | null {
  if (unread <= 0) return null;
  return unread > max ? `${max}+` : String(unread);
}

/** Breadcrumb (spec 02 §2): 首页 > 用户中心 > optional parent > current title. */
export function breadcrumb(pathname: string): { parent: UcRoute | null; current: UcRoute | null } {
  const current = ucRoute(pathname);
  const parent = current?.parent !== undefined ? (byPath.get(current.parent) ?? null) : null;
  return { parent, current };
}
