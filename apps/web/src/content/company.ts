// The company facts the frame shows (header, footer, error pages). Copy is data: editing it
// touches no component.
import { SUPPORT_HOTLINE } from '@apimarket/contracts';

export const company = {
  brand: '数据API市场',
  brandEn: 'Data API Market',
  slogan: '企业级数据接口服务平台',
  hotline: SUPPORT_HOTLINE,
  hotlineLabel: '全国运营中心热线',
  serviceHours: '工作日 9:00–18:00',
  about:
    '数据API市场是面向企业的数据接口服务平台，汇聚身份核验、人脸识别、OCR、银行卡、手机号、车辆、企业工商、保险风控、物流与司法等数据服务。平台坚持合法授权、最小必要与全程留痕，帮助合作伙伴以更低成本、更高效率完成数字化风控与业务创新。',
  offices: ['上海', '北京', '贵阳', '成都', '南宁', '杭州', '盐城', '长沙'],
  copyright: `© ${new Date().getFullYear()} 数据API市场 版权所有`,
  compliance: ['数据来源合法授权', '传输全程加密', '调用全程留痕', '个人信息脱敏展示'],
} as const;
