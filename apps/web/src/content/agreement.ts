// The main terms of the platform service agreement (spec 01 §1, §9), shown in the register
// dialog, between the visitor and the configured operator (COMPANY_NAME). The full legal texts
// are the /protocol and /privacy pages.
import { CONTACT_CHANGE_NOTICE_DAYS, DORMANT_ACCOUNT_MONTHS, PAID_TEST_VALIDITY_MONTHS, SUPPORT_HOTLINE } from '@apimarket/contracts';

/** The agreement as signed with `operator` (the company that runs the platform). */
export const agreementFor = (operator: string) => ({
  title: '数据API市场平台服务协议',
  intro: `欢迎使用数据API市场。本协议是您与${operator}（数据API市场平台运营方，以下简称“平台”）就注册和使用平台服务订立的协议。在注册前，请您仔细阅读以下主要条款及完整的《平台服务协议》《隐私政策》。您勾选同意并完成注册，即表示您已阅读、理解并接受本协议的全部内容。`,
  clauses: [
    {
      heading: '一、实名认证',
      text: '使用平台数据服务前，您须完成实名认证：个人用户提交本人身份信息，企业用户提交营业执照等主体资质并通过平台审核。部分接口仅向通过企业认证的用户开放。',
    },
    {
      heading: '二、合法使用数据',
      text: '您承诺仅在取得信息主体合法授权、且为实现明确业务目的所必需的范围内调用接口，不得将查询结果用于非法用途、转售或向第三方提供，并按法律法规要求妥善保管调用记录。',
    },
    {
      heading: '三、付费测试',
      text: `付费测试自平台审批通过之日起${PAID_TEST_VALIDITY_MONTHS}个月内有效；有效期届满后测试服务自动停止，剩余测试额度清零。`,
    },
    {
      heading: '四、账号管理',
      text: `请妥善保管账号、密码与接口密钥。账号连续${DORMANT_ACCOUNT_MONTHS}个月未登录的，平台可在通知后将其关闭。联系人或联系方式发生变更的，请在${CONTACT_CHANGE_NOTICE_DAYS}日内通知平台。`,
    },
    {
      heading: '五、责任限制',
      text: '因平台原因导致服务异常的，平台承担的赔偿责任以您就该次服务实际支付的费用为限。',
    },
    {
      heading: '六、联系我们',
      text: `如对本协议有任何疑问，请致电客服热线 ${SUPPORT_HOTLINE}。`,
    },
  ],
});
