// The home page's copy. The figures in the claims strip come from the contracts (spec 01 §1).
// Icons are named by key (components/visual/Glyph.tsx).
export const homeContent = {
  hero: {
    eyebrow: '安全 · 合规 · 稳定',
    title: '一站式企业数据 API 服务平台',
    lead: '身份核验、人脸识别、OCR、银行卡、手机号、车辆与企业工商等数据接口，统一接入、按量计费、调用全程可追溯，助力企业降本增效。',
  },
  categories: {
    title: '数据服务分类',
    lead: '按业务场景组织的数据接口，统一鉴权、统一计费、统一对账。',
    empty: '数据服务目录正在更新，请稍后刷新页面或致电客服咨询。',
    /** The tile after the categories: describe a need instead of browsing. */
    match: { title: '按需求匹配接口', text: '用一句话描述业务场景，平台为您推荐合适的数据接口组合。', href: '/api/marry' },
  },
  steps: {
    title: '四步接入，当天上线',
    items: [
      { title: '注册账号', text: '手机号注册，短信验证，一分钟完成开户。', icon: 'register' },
      { title: '企业认证', text: '上传营业执照，平台人工审核，保障数据合规使用。', icon: 'licence' },
      { title: '购买套餐', text: '按次数与有效期选择套餐，余额支付，即买即用。', icon: 'cart' },
      { title: '获取 Key 调用', text: '每个已购接口独立 Key，标准 HTTP 调用，实时查看用量。', icon: 'key' },
    ],
  },
  industries: {
    title: '服务行业',
    items: [
      { name: '互联网', text: '注册实名、账号安全与内容风控。', icon: 'internet' },
      { name: '保险', text: '核保前置风控、理赔反欺诈与车险定价因子。', icon: 'insurance' },
      { name: '交通物流', text: '司机与车辆核验、货车保险评分、轨迹与电子围栏。', icon: 'logistics' },
      { name: '金融科技', text: '开户核身、绑卡验证与贷前贷中风险识别。', icon: 'finance' },
      { name: '数字政府', text: '数据治理、共享交换与安全合规。', icon: 'government' },
    ],
  },
  /** The user center as a customer sees it (a screenshot of the dev stack with a demo account). */
  console: {
    title: '一个控制台，管好每一次调用',
    lead: '已购接口、密钥、余额、调用量与预警集中在用户中心，开发接入、财务对账与风控审计各取所需。',
    points: [
      { title: '每个接口独立 Key', text: '按接口分发密钥，支持签名与加密调用。', icon: 'key' },
      { title: '调用全程留痕', text: '每次调用的结果与流水号实时可查。', icon: 'trace' },
      { title: '余量与用量预警', text: '剩余次数、单日调用超限及时提醒。', icon: 'shield' },
      { title: '子账号与 IP 白名单', text: '权限随岗位分配，只接受登记的服务器。', icon: 'lock' },
    ],
    image: { src: '/screens/user-center.webp', width: 2400, height: 1150, alt: '用户中心首页：账户余额、已购接口、今日调用、免费测试额度与最近调用记录' },
  },
  /** Certificates shown on the home page: the first of /aboutUs/qualification's list. */
  trust: {
    title: '资质与合规',
    lead: '管理体系认证、等级保护与经营许可，是企业客户采购准入的依据。',
    count: 6,
    more: { label: '查看全部资质', href: '/aboutUs/qualification' },
  },
} as const;
