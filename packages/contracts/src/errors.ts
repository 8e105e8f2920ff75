// The portal API's error table: every failure code the server can answer, with the HTTP status
// that tells its class and the Chinese message a person reads. docs/errors.md mirrors this table
// and a test keeps the two from drifting.

export interface ErrorDef {
  status: number;
  msg: string;
  /** What causes it, for docs/errors.md. */
  when: string;
}

export const ERRORS = {
  ALL_0001: { status: 400, msg: '请求参数错误', when: '字段未通过校验；msg 为具体字段的提示' },
  ALL_0002: { status: 400, msg: '缺少签名参数', when: '请求未携带 sign 或 cdpDate' },
  ALL_0003: { status: 400, msg: '请求签名错误', when: 'sign 与 md5(token + cdpDate + 密钥) 不符' },
  ALL_0004: {
    status: 400,
    msg: '请求已过期，请校准本机时间后重试',
    when: 'cdpDate 与服务器时间相差超过 10 分钟',
  },
  ALL_0005: { status: 400, msg: '请求参数解密失败', when: 'encrypt=1 时某字段无法解密' },
  ALL_0006: { status: 413, msg: '请求内容过大', when: '请求体超过服务器上限' },
  ALL_0007: {
    status: 415,
    msg: '不支持的请求格式',
    when: 'Content-Type 不是表单、JSON 或（指定接口的）multipart',
  },
  ALL_0008: { status: 404, msg: '请求的接口不存在', when: '/apiHome 下没有这个路径或方法' },
  ALL_0009: {
    status: 403,
    msg: '请求来源不受信任，请刷新页面后重试',
    when: '携带会话 Cookie 的写请求既无 X-Requested-With 也无同源 Origin（CSRF 防护）',
  },
  ALL_0010: { status: 403, msg: '没有权限执行此操作', when: '已登录但无权访问该数据或功能' },
  ALL_0011: { status: 404, msg: '数据不存在', when: '按编号查找的记录不存在或不属于当前账号' },
  ALL_0012: { status: 429, msg: '操作过于频繁，请稍后再试', when: '触发频率限制' },
  ALL_0013: { status: 409, msg: '数据已存在或状态已变化，请刷新后重试', when: '写入冲突' },
  ALL_0014: { status: 400, msg: '请求体格式错误', when: 'JSON 或表单无法解析' },
  ALL_0020: { status: 400, msg: '账号或密码错误', when: '登录失败（账号不存在与密码错误不作区分）；响应带 exceptionLoginCount' },
  ALL_0021: { status: 403, msg: '账号已停用，请联系客服', when: '账号被运营停用' },
  ALL_0024: {
    status: 401,
    msg: '登录已过期，请重新登录',
    when: '未登录、会话过期或已退出（网页弹出提示并跳转 /login）',
  },
  ALL_0028: {
    status: 429,
    msg: '获取验证码次数频繁，请10分钟后再试',
    when: '同一手机号 10 分钟内获取验证码超过 5 次',
  },
  ALL_0050: {
    status: 403,
    msg: '为了您的账号安全，请进行手机安全验证',
    when: '登录来自 30 天内未使用过的 IP/设备，或账号被标记；响应带脱敏的 mobile',
  },
  ALL_0060: {
    status: 403,
    msg: '请先完成企业认证',
    when: '账号（或子账号的主账号）未通过企业认证时调用需要认证的用户中心功能',
  },
  ALL_0070: {
    status: 409,
    msg: '账户余额不足，请先充值',
    when: '用余额支付订单时余额小于订单金额（余额不会被扣成负数）',
  },
  ALL_0098: { status: 503, msg: '服务暂不可用，请稍后再试', when: '数据库等依赖不可达' },
  ALL_0099: { status: 500, msg: '系统繁忙，请稍后再试', when: '未预期的服务器错误（不暴露内部信息）' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}
