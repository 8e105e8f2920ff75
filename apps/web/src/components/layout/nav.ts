// The site's menu (spec 01 §2.4), as data: the desktop header and the mobile menu render it.
// Entries appear as their pages exist.
export interface NavItem {
  label: string;
  href: string;
  children?: Array<{ label: string; href: string }>;
}

export const NAV: readonly NavItem[] = [
  { label: '首页', href: '/' },
  { label: 'API 商城', href: '/api' },
  { label: '新闻资讯', href: '/news', children: [{ label: '新闻中心', href: '/news' }, { label: '知识库', href: '/knowlege' }] },
  { label: '客户案例', href: '/case' },
];
