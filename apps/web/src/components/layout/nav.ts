// The site's menu (spec 01 §2.4), as data: the desktop header and the mobile menu render it.
export interface NavItem {
  label: string;
  href: string;
  children?: Array<{ label: string; href: string }>;
}

export const NAV: readonly NavItem[] = [
  { label: '首页', href: '/' },
  { label: 'API 商城', href: '/api' },
  { label: '新闻资讯', href: '/news', children: [{ label: '新闻中心', href: '/news' }, { label: '知识库', href: '/knowlege' }] },
  {
    label: '解决方案',
    href: '/solutionPlan/financial',
    children: [
      { label: '金融科技', href: '/solutionPlan/financial' },
      { label: '保险行业', href: '/solutionPlan/insureIndustry' },
      { label: '交通物流', href: '/solutionPlan/logistics' },
      { label: '互联网', href: '/solutionPlan/internetWork' },
      { label: '数字政府', href: '/solutionPlan/digitalGov' },
      { label: '数据资产入表', href: '/dataIntoTable' },
      { label: 'AI 大模型方案', href: '/deepSeek' },
    ],
  },
  { label: '客户案例', href: '/case' },
  {
    label: '关于我们',
    href: '/aboutUs',
    children: [
      { label: '公司简介', href: '/aboutUs/briefIntroduction' },
      { label: '联系我们', href: '/aboutUs/contactUs' },
      { label: '常见问题', href: '/aboutUs/FAQ' },
      // Spec 01 §2.1: the operation manual, a PDF built from docs/manual (scripts/build-manual.mjs).
      { label: '操作手册下载', href: '/manual.pdf' },
    ],
  },
];
