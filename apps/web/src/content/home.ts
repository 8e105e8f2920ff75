// The home page's copy. The figures in the claims strip come from the contracts (spec 01 §1).
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
  },
  steps: {
    title: '四步接入，当天上线',
    items: [
      { title: '注册账号', text: '手机号注册，短信验证，一分钟完成开户。' },
      { title: '企业认证', text: '上传营业执照，平台人工审核，保障数据合规使用。' },
      { title: '购买套餐', text: '按次数与有效期选择套餐，余额支付，即买即用。' },
      { title: '获取 Key 调用', text: '每个已购接口独立 Key，标准 HTTP 调用，实时查看用量。' },
    ],
  },
  industries: {
    title: '服务行业',
    items: [
      { name: '互联网', text: '注册实名、账号安全与内容风控。' },
      { name: '保险', text: '核保前置风控、理赔反欺诈与车险定价因子。' },
      { name: '交通物流', text: '司机与车辆核验、货车保险评分、轨迹与电子围栏。' },
      { name: '金融科技', text: '开户核身、绑卡验证与贷前贷中风险识别。' },
      { name: '数字政府', text: '数据治理、共享交换与安全合规。' },
    ],
  },
} as const;
