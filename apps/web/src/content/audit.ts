// The /audit page's copy: what a data-compliance audit covers and how a request proceeds. The
// form's rules and messages are not here: they come from the contracts, as the server's do.
export const auditContent = {
  eyebrow: 'DATA COMPLIANCE AUDIT',
  title: '数据合规审计',
  lead: '面向调用身份、人脸、银行卡、手机号等个人信息类接口的企业，由数据合规顾问对数据的来源、授权、使用、留存与流转进行全流程评估，出具审计报告与整改建议。',
  coverage: {
    title: '审计覆盖哪些方面',
    lead: '对照《个人信息保护法》《数据安全法》等要求，从五个方面检查您的数据使用是否经得起核查。',
    items: [
      { title: '数据来源合法性', text: '核查数据的取得方式、供应方资质与合同约定，确认每一类数据都有可证明的合法来源。' },
      { title: '授权链路', text: '梳理从个人同意、业务授权到接口调用的完整链条，检查授权书、隐私政策与实际用途是否一致。' },
      { title: '最小必要', text: '对照业务场景评估查询字段、调用频次与返回信息，去掉“能查就查”的冗余调用。' },
      { title: '留存与销毁', text: '检查核验结果、回执与调用日志的保存期限、访问权限和到期删除机制是否落实。' },
      { title: '跨境与共享', text: '识别数据出境、委托处理与对外共享场景，评估是否需要安全评估、标准合同或单独同意。' },
    ],
  },
  process: {
    title: '服务流程',
    items: [
      { title: '提交需求', text: '填写本页表单，说明业务场景与关注的问题。' },
      { title: '顾问联系', text: '1个工作日内，数据合规顾问与您电话沟通范围。' },
      { title: '资料梳理', text: '收集合同、授权文本与调用记录，必要时现场访谈。' },
      { title: '出具报告', text: '交付审计报告与逐项整改建议，并提供复核。' },
    ],
  },
  form: {
    title: '提交审计需求',
    lead: '信息仅用于安排顾问与您联系，不会用于其他用途。',
  },
} as const;
