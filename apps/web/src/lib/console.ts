// The operator console's map: every page with the area (and so the roles) that opens it. The
// side menu and the page guard read it; the server's guard reads the same CONSOLE_AREAS.
import { type ConsoleArea, CONSOLE_AREAS } from '@apimarket/contracts';

export const CONSOLE = '/console';

export interface ConsolePage {
  /** Path under /console, '' for the home. */
  path: string;
  area: ConsoleArea;
  title: string;
}

export const CONSOLE_PAGES: readonly ConsolePage[] = (Object.keys(CONSOLE_AREAS) as ConsoleArea[]).map((area) => ({
  path: area === 'overview' ? '' : area,
  area,
  title: CONSOLE_AREAS[area].title,
}));

export function consoleHref(path: string): string {
  return path ? `${CONSOLE}/${path}` : CONSOLE;
}

/** The page a pathname belongs to (its own or a sub-page's), or null outside the console. */
export function consolePage(pathname: string): ConsolePage | null {
  if (pathname !== CONSOLE && !pathname.startsWith(`${CONSOLE}/`)) return null;
  const rest = pathname.slice(CONSOLE.length + 1).replace(/\/+$/, '');
  const first = rest.split('/')[0] ?? '';
  return CONSOLE_PAGES.find((p) => p.path === first) ?? null;
}

/** The menu of an operator: the pages of the areas their role opens, in the table's order. */
export function consoleMenu(areas: readonly ConsoleArea[]): ConsolePage[] {
  return CONSOLE_PAGES.filter((p) => areas.includes(p.area));
}

/** What each audited action means, for the audit log (the code stays visible beside it). */
const AUDIT_ACTION_LABEL: Record<string, string> = {
  'qualification.approve': '通过企业认证',
  'qualification.reject': '驳回企业认证',
  'paytest.approve': '通过付费测试',
  'paytest.reject': '驳回付费测试',
  'recharge.confirm': '确认充值到账',
  'recharge.reject': '驳回充值',
  'refund.approve': '通过退款',
  'refund.reject': '驳回退款',
  'lead.view': '查看线索联系方式',
  'lead.assign': '分配线索',
  'lead.state': '更新线索状态',
  'lead.note': '添加跟进记录',
  'lead.export': '导出线索',
  'auditRequest.view': '查看合规审计申请',
  'auditRequest.state': '更新合规审计申请状态',
  'member.features': '修改功能权限',
  'member.flag': '标记安全验证',
  'member.unflag': '取消安全验证标记',
  'member.disable': '停用会员账号',
  'member.enable': '启用会员账号',
  'member.markClosure': '标记待注销',
  'member.unmarkClosure': '取消待注销标记',
  'catalogue.interface.create': '新建接口',
  'catalogue.interface.edit': '编辑接口',
  'catalogue.interface.onSale': '上架接口',
  'catalogue.interface.offSale': '下架接口',
  'catalogue.package.create': '新建套餐',
  'catalogue.package.edit': '编辑套餐',
  'catalogue.package.onSale': '上架套餐',
  'catalogue.package.offSale': '下架套餐',
  'content.create': '新建内容',
  'content.update': '修改内容',
  'content.publish': '发布内容',
  'content.unpublish': '下线内容',
  'operator.create': '创建运营账号',
  'operator.enable': '启用运营账号',
  'operator.disable': '停用运营账号',
  'operator.reset': '重置运营账号密码',
};

export function auditActionLabel(action: string): string | null {
  return AUDIT_ACTION_LABEL[action] ?? null;
}
