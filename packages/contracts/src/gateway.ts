// The open data API's answer codes (ARCHITECTURE.md "open data API"): every code is a string;
// 10000 is success, 10001–10019 are an interface's business outcomes (from its provider), and
// SYSTEM_xxx are the platform's own checks. Customers' systems branch on these: never renumber.
export const GATEWAY_SUCCESS = '10000';

export const PLATFORM_CODES = {
  SYSTEM_000: '缺少参数 key',
  SYSTEM_001: 'key 无效',
  SYSTEM_002: '调用次数已用完或套餐已过期',
  SYSTEM_003: '该接口已被停用，请在用户中心启用后再调用',
  SYSTEM_004: '接口不存在',
  SYSTEM_005: '账号已停用，请联系客服',
  SYSTEM_008: '该接口仅向已通过企业认证的账号开放',
  SYSTEM_009: '账号企业认证已失效，请重新认证',
  SYSTEM_011: '缺少必填参数',
  SYSTEM_012: '调用 IP 不在白名单内',
  SYSTEM_015: '接口已下架',
  SYSTEM_025: '未购买该接口',
  SYSTEM_027: '数据源响应超时，请稍后重试',
  SYSTEM_028: '数据源暂时无法访问，请稍后重试',
  SYSTEM_034: '缺少签名参数',
  SYSTEM_035: '签名错误',
  SYSTEM_036: '时间戳无效或已过期',
  SYSTEM_037: '请求解密失败',
  SYSTEM_038: '调用过于频繁，请稍后重试',
  SYSTEM_039: '加密参数格式错误',
  SYSTEM_040: '请求重复（nonce 已使用）',
  SYSTEM_041: '签名方式与账号设置不符',
  SYSTEM_042: '参数格式错误',
  SYSTEM_043: '请求体无法解析，请检查 JSON 或表单格式',
  SYSTEM_044: '请求体过大',
  SYSTEM_045: '不支持的请求类型，请使用 application/x-www-form-urlencoded 或 application/json',
  SYSTEM_046: '参数过多或参数名过长',
  SYSTEM_047: '请求地址或请求头过长',
  SYSTEM_048: '调用方应用未登记或未启用，请在用户中心「包名管理」登记并启用',
  SYSTEM_999: '系统内部错误',
} as const;
export type PlatformCode = keyof typeof PLATFORM_CODES;

/** The answer every gateway call gets, whatever happened. */
export interface GatewayAnswer {
  code: string;
  message: string;
  data: unknown;
  seqNo: string;
}
