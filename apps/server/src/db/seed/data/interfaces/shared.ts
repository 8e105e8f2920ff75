// Building blocks shared by the catalogue files of this folder: one meaning per business code
// across all interfaces, one label vocabulary, the common parameters with their fictitious
// sandbox values, and `mk`, which fills the sample request from the parameters' examples.
import type { SeedCode, SeedField, SeedInterface, SeedPackage, SeedParam } from '../types';

// ── Business codes ───────────────────────────────────────────────────────────────────────────
export const OK: SeedCode = { code: '10000', message: '成功', billable: true };
/** The source answered, but holds nothing for the subject: charged, the lookup was performed. */
export const NO_RESULT: SeedCode = { code: '10001', message: '查询无结果', billable: true };
/** Same outcome on interfaces whose price covers only found records. */
export const NO_RESULT_FREE: SeedCode = { code: '10001', message: '查询无结果', billable: false };
export const BAD_PARAM: SeedCode = { code: '10002', message: '参数格式错误', billable: false };
export const BAD_IMAGE: SeedCode = { code: '10003', message: '图片质量不合格', billable: false };
export const SOURCE_DOWN: SeedCode = { code: '10004', message: '数据源维护中', billable: false };
export const BAD_IDCARD: SeedCode = { code: '10005', message: '证件号码校验未通过', billable: false };
export const ISP_UNSUPPORTED: SeedCode = { code: '10006', message: '暂不支持该号段', billable: false };
export const CARD_UNSUPPORTED: SeedCode = { code: '10007', message: '该银行卡暂不支持验证', billable: false };
export const NO_FACE: SeedCode = { code: '10008', message: '未检测到人脸', billable: false };
export const NO_AUTH: SeedCode = { code: '10009', message: '授权材料校验未通过', billable: false };
export const TOO_FREQUENT: SeedCode = { code: '10010', message: '同一对象查询过于频繁', billable: false };
export const VEHICLE_OFFLINE: SeedCode = { code: '10011', message: '车辆未接入监管平台', billable: false };
export const RANGE_EXCEEDED: SeedCode = { code: '10012', message: '查询时间范围超出限制', billable: false };
export const IMAGE_TOO_LARGE: SeedCode = { code: '10013', message: '图片大小超出限制', billable: false };
export const WRONG_DOC: SeedCode = { code: '10014', message: '证件类型与接口不符', billable: false };
export const BAD_CARD_NO: SeedCode = { code: '10015', message: '银行卡号校验未通过', billable: false };
export const MULTI_FACE: SeedCode = { code: '10016', message: '检测到多张人脸', billable: false };
export const BAD_VIDEO: SeedCode = { code: '10017', message: '视频格式或时长不符合要求', billable: false };
export const BAD_TOKEN: SeedCode = { code: '10018', message: '取号凭证无效或已过期', billable: false };
export const NOT_COVERED: SeedCode = { code: '10019', message: '暂不支持该地区或对象', billable: false };

// ── Labels ───────────────────────────────────────────────────────────────────────────────────
export const LABELS = ['实时', '权威', '高并发', '金融级', '新品', '企业专享', '按次计费', '免费试用', '高精度', '全国覆盖', '模型评分', '批量'] as const;
export type Label = (typeof LABELS)[number];

// ── Packages and fields ──────────────────────────────────────────────────────────────────────
export const pkg = (calls: number, priceFen: number, validityDays = 365): SeedPackage => ({
  calls,
  priceFen,
  validityDays,
});

export const f = (name: string, type: SeedField['type'], description: string): SeedField => ({
  name,
  type,
  description,
});

// ── Parameters ───────────────────────────────────────────────────────────────────────────────
export const p = (name: string, type: SeedParam['type'], required: boolean, description: string, example: string): SeedParam => ({
  name,
  type,
  required,
  description,
  example,
});

/** Fictitious sandbox identities; every ID number passes the GB 11643-1999 check digit. */
export const PERSON = {
  zhang: { name: '张三', idcard: '110101199003074514' },
  li: { name: '李四', idcard: '330106198507121239' },
  wang: { name: '王五', idcard: '440305199208153219' },
  zhao: { name: '赵丽', idcard: '320583198809162020' },
  qian: { name: '钱敏', idcard: '510107199502286426' },
  zhou: { name: '周芳', idcard: '310101197611090022' },
  sun: { name: '孙强', idcard: '440106198204205510' },
  minor: { name: '陈小明', idcard: '11010520120618003X' },
} as const;

export const pName = (example: string = PERSON.zhang.name, description = '姓名，须与证件登记一致，少数民族姓名中的间隔点请使用“·”') =>
  p('name', 'string', true, description, example);
export const pIdcard = (example: string = PERSON.zhang.idcard, description = '18 位居民身份证号码，末位校验码 X 须大写') =>
  p('idcard', 'string', true, description, example);
export const pMobile = (example = '13800138000', description = '11 位中国大陆手机号码，不含 +86 前缀') => p('mobile', 'string', true, description, example);
export const pAccNo = (example = '6222021234567890128', description = '银行卡号，16–19 位数字，不含空格') => p('acc_no', 'string', true, description, example);
export const pPlate = (example = '浙A12345', description = '车牌号码，含省份简称，字母大写，如 浙A12345') =>
  p('plateNumber', 'string', true, description, example);
export const pPlateColor = (example = '1', required = true) =>
  p('plateColor', 'int', required, '车牌颜色：1 蓝色；2 黄色；3 黑色；4 白色；5 渐变绿色（小型新能源）；6 黄绿双拼色（大型新能源）', example);
export const pVin = (example = 'LSVAU2187N2123456', description = '17 位车辆识别代号（VIN），字母大写，不含 I、O、Q') =>
  p('vin', 'string', true, description, example);
export const pCompanyName = (example = '示例科技有限公司', description = '企业全称，须与营业执照登记名称一致') =>
  p('companyName', 'string', true, description, example);
export const pCreditCode = (example = '91330106MA2B3C4D5D', description = '18 位统一社会信用代码，字母大写') =>
  p('creditCode', 'string', true, description, example);
export const pImage = (description: string, name = 'image', required = true) => p(name, 'base64', required, description, '/9j/4AAQSkZJRgABAQAAAQABAAD...');
export const pStartTime = (example = '2026-03-01 00:00:00') => p('startTime', 'string', true, '查询开始时间，格式 yyyy-MM-dd HH:mm:ss', example);
export const pEndTime = (example = '2026-03-03 23:59:59', limit = '与开始时间间隔不超过 72 小时') =>
  p('endTime', 'string', true, `查询结束时间，格式 yyyy-MM-dd HH:mm:ss，${limit}`, example);

// ── The interface builder ────────────────────────────────────────────────────────────────────
type Draft = Omit<SeedInterface, 'sampleRequest' | 'labels'> & {
  labels: Label[];
  /** Defaults to every parameter's example. */
  sampleRequest?: Record<string, string>;
};

export const mk = (draft: Draft): SeedInterface => ({
  ...draft,
  labels: [...draft.labels],
  sampleRequest: draft.sampleRequest ?? Object.fromEntries(draft.params.map((x) => [x.name, x.example])),
});

/** Fictitious companies; every code passes the GB 32100-2015 check character. */
export const COMPANY = {
  tech: { name: '示例科技有限公司', creditCode: '91330106MA2B3C4D5D' },
  logistics: { name: '示例物流有限公司', creditCode: '91330108MA5F6G7H8R' },
  transport: { name: '示例运输有限公司', creditCode: '91310115MA1K2L3M46' },
  info: { name: '示例信息技术有限公司', creditCode: '91110105MA00ABCD1G' },
  supply: { name: '示例供应链管理有限公司', creditCode: '91320583MA1N2P3Q4Y' },
} as const;
