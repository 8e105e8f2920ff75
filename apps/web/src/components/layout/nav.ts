// The site's menu (spec 01 §2.4) as data: the desktop dropdowns and the mobile menu both render
// it, and the catalogue's category menu (spec 02 §9) is shaped here from the live catalogue.
import { CATEGORY_1_MENU_LIMIT, CATEGORY_MENU_PAGE_SIZE } from '@apimarket/contracts';

export interface NavLink {
  label: string;
  href: string;
  /** A file, not a page (the operation manual): a plain download link, no client navigation. */
  file?: boolean;
}

/** One column of a dropdown. */
export interface NavGroup {
  title: string;
  links: readonly NavLink[];
}

export interface NavItem {
  label: string;
  href: string;
  groups?: readonly NavGroup[];
  /** Its dropdown also shows the live category menu (API 商城). */
  catalogue?: boolean;
}

/** Spec 01 §2.1: the operation manual (a PDF built from docs/manual by scripts/build-manual.mjs). */
export const MANUAL_HREF = '/manual.pdf';

export const NAV: readonly NavItem[] = [
  { label: '首页', href: '/' },
  {
    label: 'API 商城',
    href: '/api',
    catalogue: true,
    groups: [
      {
        title: 'API 商城',
        links: [
          { label: '全部接口', href: '/api' },
          { label: '需求匹配', href: '/api/marry' },
          { label: '接口接入说明', href: '/interfaceInfo/interface' },
        ],
      },
    ],
  },
  {
    label: '解决方案',
    href: '/solutionPlan/financial',
    groups: [
      {
        title: '行业解决方案',
        links: [
          { label: '金融科技', href: '/solutionPlan/financial' },
          { label: '保险行业', href: '/solutionPlan/insureIndustry' },
          { label: '互联网行业', href: '/solutionPlan/internetWork' },
          { label: '物流行业', href: '/solutionPlan/logistics' },
          { label: '数字政府', href: '/solutionPlan/digitalGov' },
          { label: '金融与保险联合风控', href: '/solutionPlan/financialAndInsurance' },
          { label: '互联网+ 范式方案', href: '/solutionPlan/paradigmInternet' },
        ],
      },
      {
        title: '场景服务',
        links: [
          { label: '金融数据产品清单', href: '/solutionPlan/financial/list' },
          { label: '保险风险标签', href: '/solutionPlan/insureIndustry/typeLabel' },
          { label: '保险评分模型', href: '/solutionPlan/insureIndustry/typeModel' },
          { label: '保险核验服务', href: '/solutionPlan/insureIndustry/typeVerification' },
          { label: '实名认证服务', href: '/solutionPlan/internetWork/authenticationer' },
          { label: '用户画像服务', href: '/solutionPlan/internetWork/portraiter' },
          { label: '风险管理服务', href: '/solutionPlan/internetWork/riskManager' },
          { label: '政务数据运营平台', href: '/solutionPlan/digitalGov/operationPlatform' },
        ],
      },
      {
        title: '交通运输',
        links: [
          { label: '货车数据服务', href: '/truck' },
          { label: '车队企业服务', href: '/enterpriseFleet' },
          { label: '运输数据产品', href: '/transportation/product' },
          { label: '车辆查询工具', href: '/transportation/searcher' },
          { label: '智能调度', href: '/transportation/aiScheduling' },
        ],
      },
      {
        title: '数据资产入表',
        links: [
          { label: '入表服务介绍', href: '/dataIntoTable' },
          { label: '服务能力总览', href: '/dataIntoTable/ability' },
          { label: '合作伙伴计划', href: '/dataIntoTable/cooperation' },
          { label: '培训课程', href: '/dataIntoTable/training' },
        ],
      },
      {
        title: '入表服务能力',
        links: [
          { label: '数据资源梳理', href: '/dataIntoTable/ability/comb' },
          { label: '数据确权登记', href: '/dataIntoTable/ability/property' },
          { label: '入表咨询', href: '/dataIntoTable/ability/consult' },
          { label: '数据资产管理系统', href: '/dataIntoTable/ability/cms' },
          { label: '数据产品开发', href: '/dataIntoTable/ability/develop' },
          { label: '数据运营服务', href: '/dataIntoTable/ability/operate' },
          { label: '数据保险箱', href: '/dataIntoTable/ability/safetybox' },
          { label: '全流程服务', href: '/dataIntoTable/ability/service' },
        ],
      },
      {
        title: 'AI 与专项服务',
        links: [
          { label: 'AI 大模型专属方案', href: '/deepSeek' },
          { label: '人脸识别服务', href: '/faceRecgnition' },
          { label: '数据合规审计', href: '/audit' },
        ],
      },
    ],
  },
  {
    label: '新闻资讯',
    href: '/news',
    groups: [
      {
        title: '新闻资讯',
        links: [
          { label: '新闻中心', href: '/news' },
          { label: '政策解读', href: '/policy' },
          { label: '知识库', href: '/knowlege' },
        ],
      },
    ],
  },
  { label: '客户案例', href: '/case' },
  {
    label: '关于我们',
    href: '/aboutUs',
    groups: [
      {
        title: '走进我们',
        links: [
          { label: '公司简介', href: '/aboutUs/briefIntroduction' },
          { label: '发展历程', href: '/aboutUs/develop' },
          { label: '团队介绍', href: '/aboutUs/team' },
          { label: '资质荣誉', href: '/aboutUs/qualification' },
          { label: '联系我们', href: '/aboutUs/contactUs' },
        ],
      },
      {
        title: '加入我们',
        links: [
          { label: '校园招聘', href: '/aboutUs/joinUsSchool' },
          { label: '社会招聘', href: '/aboutUs/joinUsSocial' },
        ],
      },
      {
        title: '帮助与协议',
        links: [
          { label: '常见问题', href: '/aboutUs/FAQ' },
          { label: '操作手册下载', href: MANUAL_HREF, file: true },
          { label: '隐私政策', href: '/privacy' },
          { label: '服务协议', href: '/protocol' },
        ],
      },
    ],
  },
];

/** Every destination the menu reaches (top-level and dropdown), once each. */
export function navDestinations(nav: readonly NavItem[] = NAV): string[] {
  const out = new Set<string>();
  for (const item of nav) {
    out.add(item.href);
    for (const g of item.groups ?? []) for (const l of g.links) out.add(l.href);
  }
  return [...out];
}

// ── The catalogue's category menu (spec 02 §9) ─────────────────────────────────────────────────

export interface MenuCategory {
  id: number;
  categoryName: string;
}

export interface MenuInterface {
  id: number;
  interfaceName: string;
  categoryId: number;
}

export interface CategoryMenuEntry {
  id: number;
  name: string;
  /** The category's page of the catalogue (the /api page reads ?type=). */
  href: string;
  interfaces: Array<{ id: number; name: string; href: string }>;
}

/** How many interfaces a category shows in the menu: 8, and category 1 only its first 7. */
export function categoryMenuLimit(categoryId: number): number {
  return categoryId === 1 ? CATEGORY_1_MENU_LIMIT : CATEGORY_MENU_PAGE_SIZE;
}

/**
 * The category menu: each category (in the operators' order) with up to its limit of
 * interfaces. Those an operator ticked 「显示在导航菜单」 (`flagged`, in catalogue order) come
 * first; the rest of the category (`all`, in catalogue order) fills the remaining places, so a
 * category with one ticked interface does not show a lone line. Empty categories are left out.
 */
export function categoryMenu(categories: readonly MenuCategory[], flagged: readonly MenuInterface[], all: readonly MenuInterface[]): CategoryMenuEntry[] {
  return categories
    .map((c) => {
      const limit = categoryMenuLimit(c.id);
      const picked = new Map<number, MenuInterface>();
      for (const row of [...flagged, ...all]) {
        if (picked.size >= limit) break;
        if (row.categoryId === c.id && !picked.has(row.id)) picked.set(row.id, row);
      }
      return {
        id: c.id,
        name: c.categoryName,
        href: `/api?type=${c.id}`,
        interfaces: [...picked.values()].map((r) => ({ id: r.id, name: r.interfaceName, href: `/api/${r.id}` })),
      };
    })
    .filter((c) => c.interfaces.length > 0);
}
