// Interfaces offered for a free trial (issue #8) and the calls one account may take on each:
// the everyday verification interfaces a new customer tries first — real-name, face, OCR, bank
// card, phone, company. 20 on the cheapest and most asked-for, 10 on the rest. Enterprise-only
// interfaces are not offered. Migration 0012 marks the same ids on databases seeded before it;
// a test keeps the two lists equal.
export const SEED_TRIAL_CALLS: Readonly<Record<number, number>> = {
  // 身份核验
  1882: 20, // 实名认证
  1888: 10, // 实名认证（详版）
  1883: 10, // 身份证有效期核验
  1902: 20, // 防沉迷实名认证
  // 人脸识别
  2061: 20, // 人像比对
  9699: 10, // 人脸活体检测
  2071: 10, // 人证比对
  // 文字识别
  1985: 20, // 身份证OCR
  9732: 20, // 营业执照OCR
  1986: 20, // 银行卡OCR
  1987: 10, // 驾驶证OCR
  1988: 10, // 行驶证OCR
  1993: 10, // VIN码识别
  // 银行卡
  1887: 10, // 银行卡四要素
  2201: 10, // 银行卡三要素
  2202: 10, // 银行卡姓名二要素核验
  2210: 10, // 银行卡身份证二要素核验
  // 手机号
  1979: 20, // 手机三要素
  1980: 10, // 手机二要素
  9054: 10, // 运营商在网时长
  1981: 10, // 手机在网状态
  // 车辆
  2006: 10, // VIN码解析
  // 企业
  2130: 20, // 企业工商
  9739: 10, // 企业三要素核验
  2131: 10, // 企业二要素核验
};
