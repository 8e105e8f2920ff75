// Need matching (/api/marry): scenarios by industry with the interfaces that serve them and why,
// and the table of needs a visitor may write in their own words, each with the words that signal
// it and the interfaces that serve it.
import type { Industry } from '../../db/seed/data/types';

export interface Scenario {
  name: string;
  description: string;
  /** Interface ids in order of relevance, each with why it fits this scenario. */
  picks: Array<{ id: number; why: string }>;
}

export const SCENARIOS: Record<Industry, Scenario[]> = {
  互联网: [
    {
      name: '注册实名',
      description: '用户注册、发布内容前确认真实身份',
      picks: [
        { id: 1882, why: '以姓名与身份证号完成实名核验，注册环节无需上传证件照' },
        { id: 1979, why: '确认手机号为本人实名登记，拦截接码平台批量注册' },
        { id: 9054, why: '新入网号码风险更高，可对在网时长较短的号码提高验证强度' },
      ],
    },
    {
      name: '账号找回与刷脸登录',
      description: '高风险操作前确认是本人在操作',
      picks: [
        { id: 9699, why: '活体检测确认镜头前是真人，防止照片、视频翻拍攻击' },
        { id: 2061, why: '比对现场人像与留存照片，判断是否为同一人' },
        { id: 2073, why: '一次调用完成活体与权威库比对，适合找回账号等高风险操作' },
      ],
    },
    {
      name: '未成年人保护',
      description: '游戏、直播等场景的防沉迷要求',
      picks: [
        { id: 1902, why: '实名核验同时给出是否成年，直接用于防沉迷规则' },
        { id: 2071, why: '对疑似借用成年人身份的账号做人证比对复核' },
      ],
    },
  ],
  保险: [
    {
      name: '核保前置风控',
      description: '投保时核验投保人、被保人与标的',
      picks: [
        { id: 1882, why: '核验投保人身份真实，防止冒名投保' },
        { id: 9696, why: '核对车辆登记信息与投保信息是否一致' },
        { id: 9973, why: '为货车险定价提供运营强度与风险因子' },
      ],
    },
    {
      name: '理赔反欺诈',
      description: '识别虚假出险、重复理赔与骗保',
      picks: [
        { id: 9970, why: '对理赔案件给出欺诈风险评分，指导调查资源投放' },
        { id: 9969, why: '查询历史出险记录，识别短期内频繁出险' },
        { id: 9878, why: '用车辆停留点还原出险前后的行驶情况' },
      ],
    },
    {
      name: '车队与营运车辆定价',
      description: '物流车队、客运车辆的风险分层',
      picks: [
        { id: 9963, why: '单车风险评分，区分同车型中的高低风险车辆' },
        { id: 9964, why: '按车队整体驾驶与运营数据评分，用于团单定价' },
        { id: 9965, why: '客运车辆的专用风险模型' },
      ],
    },
  ],
  交通物流: [
    {
      name: '司机与车辆准入',
      description: '平台入驻、承运前核验人和车',
      picks: [
        { id: 9877, why: '一次调用核验司机证件、车辆证件与人车关系' },
        { id: 9866, why: '核验道路运输证是否有效，满足营运资质要求' },
        { id: 9872, why: '核验司机从业资格证' },
        { id: 2003, why: '核验驾驶证状态与准驾车型' },
      ],
    },
    {
      name: '在途监控',
      description: '运输过程中的位置、轨迹与到达',
      picks: [
        { id: 9694, why: '查询车辆当前位置，掌握在途状态' },
        { id: 9867, why: '回放指定时段的行驶轨迹，核对运输过程' },
        { id: 9874, why: '判定车辆是否已到达指定区域，用于电子围栏与到达确认' },
      ],
    },
    {
      name: '网络货运合规',
      description: '运单真实性与费用核验',
      picks: [
        { id: 9879, why: '比对运单与车辆轨迹，核验运输真实发生' },
        { id: 9871, why: '核对通行费用，支撑运费与发票的真实性' },
      ],
    },
  ],
  金融科技: [
    {
      name: '开户核身',
      description: '远程开户、绑卡时确认是本人',
      picks: [
        { id: 1887, why: '银行卡四要素一次核验姓名、证件、卡号与预留手机号' },
        { id: 2073, why: '刷脸核身满足远程开户的强身份认证要求' },
        { id: 1985, why: '识别身份证照片，减少用户手工录入' },
      ],
    },
    {
      name: '贷前风险识别',
      description: '授信前了解借款人与企业的风险',
      picks: [
        { id: 9838, why: '汇总涉诉、失信与限高等司法风险，给出综合评估' },
        { id: 9836, why: '识别失信被执行人' },
        { id: 2130, why: '核对企业主体的工商登记与经营状态' },
      ],
    },
  ],
  数字政府: [
    {
      name: '一网通办身份认证',
      description: '政务服务线上办理的身份确认',
      picks: [
        { id: 2062, why: '与权威库比对人像，满足政务服务实名要求' },
        { id: 1882, why: '基础实名核验' },
      ],
    },
    {
      name: '民生事项核验',
      description: '补贴发放、资格审核中的材料核验',
      picks: [
        { id: 3101, why: '核验社保缴纳情况，替代纸质证明' },
        { id: 3102, why: '核验公积金缴存情况' },
        { id: 3103, why: '核验学历，用于人才引进与补贴审核' },
      ],
    },
  ],
};

/**
 * A need a visitor may describe: it is understood when one of `words` is in the text (as whole
 * words, after segmentation) and, if `with` is given, one of those too (身份证 alone is not a need
 * to verify an identity: 识别身份证 is OCR); never when one of `unless` is there. `picks` serve it,
 * best first; a pick marked for a company or a person counts less when the text is about the other.
 */
export interface Need {
  label: string;
  words: string[];
  with?: string[];
  unless?: string[];
  picks: Array<number | { id: number; subject: Subject }>;
}
export type Subject = 'company' | 'person';

/** Words that say the text is about companies rather than people (涉诉 of a 合作企业 is 企业涉诉). */
export const COMPANY_WORDS = ['企业', '公司', '商户', '商家', '供应商', '合作方', '单位', '法人', '经销商'];

const VERIFY = ['核验', '验证', '核实', '确认', '认证', '校验', '核查', '审核', '实名', '查验', '鉴权', '核对', '比对'];
const ONBOARD = ['入驻', '准入', '招聘', '招募', '注册', '审核', '核验', '加入', '认证', '验证', '上岗'];
const READ = ['识别', '拍照', '照片', '扫描', '图片', 'ocr', '录入', '上传', '自动填写', '提取'];
const VEHICLE_CONTEXT = ['货车', '车辆', '运输', '货运', '物流', '司机', '车队', '在途', '车', '运单', '承运'];

/** 证照识别: one need per document, understood when the text also says it is read from a picture. */
const readNeed = (doc: string, words: string[], picks: number[]): Need => ({ label: `${doc}识别`, words, with: READ, picks });

export const NEEDS: Need[] = [
  // Identity
  { label: '身份核验', words: ['身份', '实名', '身份证', '身份证号', '真实身份', '二要素'], with: VERIFY, picks: [1882, 1888, 1883] },
  { label: '人脸核身', words: ['刷脸', '人脸', '活体', '人像', '真人', '人脸识别', '本人操作'], picks: [2073, 9699, 2062, 2061] },
  { label: '人证比对', words: ['人证合一', '人证比对', '人证一致', '人证'], picks: [2071, 2062, 1985] },
  { label: '防沉迷与年龄核验', words: ['防沉迷', '未成年', '未成年人', '成年', '年龄'], picks: [1902, 1888] },
  { label: '港澳台证件核验', words: ['港澳台', '港澳', '台湾', '台胞', '台胞证', '回乡证', '居住证', '通行证'], picks: [1890, 1906, 1907, 1990] },
  { label: '外籍证件核验', words: ['外籍', '外国人', '永居', '永久居留', '护照', '老外'], picks: [1891, 1989] },
  { label: '户籍核验', words: ['户籍', '户口', '死亡注销', '户口本'], picks: [1900, 1889, 1991] },
  { label: '人脸库检索', words: ['人脸库', '人脸搜索', '门禁', '考勤', '1:n'], picks: [2068, 2069, 2070] },
  // Phone numbers
  {
    label: '手机号实名核验',
    words: ['手机号', '手机', '手机号码', '手机实名', '手机三要素', '运营商'],
    with: VERIFY,
    unless: ['预留手机号', '预留手机'],
    picks: [1979, 1980, 1973],
  },
  { label: '手机在网时长', words: ['在网时长', '入网时长', '网龄', '新号'], picks: [9054, 1970] },
  {
    label: '风险号码识别',
    words: ['虚拟号', '风险号码', '羊毛党', '薅羊毛', '接码', '小号', '物联网卡', '黑产', '批量注册', '虚假注册'],
    picks: [1976, 1967, 1984, 1968],
  },
  { label: '号码状态查询', words: ['空号', '停机', '销号', '在网状态', '二次放号'], picks: [1981, 1968, 1984] },
  { label: '一键登录', words: ['一键登录', '本机号码', '免密登录'], picks: [1965, 1966] },
  { label: '号码归属地', words: ['归属地', '携号转网'], picks: [1982, 1983] },
  // Bank cards
  {
    label: '银行卡核验',
    words: ['银行卡', '绑卡', '卡号', '银行账户', '储蓄卡', '借记卡', '银行卡四要素', '四要素', '银行卡三要素', '预留手机号'],
    with: [...VERIFY, '绑定', '四要素', '三要素', '预留手机号', '开户'],
    picks: [1887, 2206, 2201, 2209],
  },
  { label: '对公账户核验', words: ['对公账户', '对公', '企业账户'], picks: [2204] },
  // Documents read from pictures
  readNeed('身份证', ['身份证'], [1985]),
  readNeed('银行卡', ['银行卡'], [1986]),
  readNeed('营业执照', ['营业执照', '执照'], [9732]),
  readNeed('驾驶证', ['驾驶证', '驾照'], [1987]),
  readNeed('行驶证', ['行驶证'], [1988]),
  readNeed('护照', ['护照'], [1989]),
  readNeed('户口本', ['户口本', '户口簿'], [1991]),
  readNeed('车牌', ['车牌', '车牌号'], [1992]),
  readNeed('VIN码', ['vin', 'vin码', '车架号'], [1993]),
  readNeed('发票', ['发票', '增值税发票'], [1994]),
  readNeed('不动产权证', ['不动产权证', '房产证'], [1999]),
  readNeed('道路运输证', ['道路运输证', '运输证'], [1996]),
  readNeed('从业资格证', ['从业资格证'], [1997]),
  { label: '文字识别', words: ['文字识别', '表格识别', '手写', '表格', '单据'], with: READ, picks: [1995, 1998, 2000] },
  // Vehicles and drivers
  { label: '驾驶证核验', words: ['驾驶证', '驾照', '驾驶本', '准驾车型', '驾驶资格', '驾驶证记分'], picks: [2003, 2005, 2019] },
  { label: '司机准入核验', words: ['司机', '驾驶员', '骑手', '车主'], with: ONBOARD, picks: [9877, 2003, 9872, 1882] },
  { label: '从业资格核验', words: ['从业资格证', '从业资格', '上岗证'], picks: [9872] },
  { label: '道路运输证核验', words: ['道路运输证', '运输证', '营运资质', '道路运输经营许可证'], picks: [9866, 9876] },
  {
    label: '车辆信息核验',
    words: ['车辆登记', '车辆信息', '登记信息', '车辆状态', '抵押', '查封', '人车关系', '营运性质', '使用性质'],
    picks: [9696, 2014, 2011, 2012],
  },
  { label: '行驶证核验', words: ['行驶证'], picks: [2004, 2016] },
  { label: 'VIN码解析', words: ['vin', 'vin码', '车架号', '车型配置', '车辆配置'], picks: [2006, 2018] },
  { label: '车况记录', words: ['维修', '保养', '维修保养', '维保', '车况', '事故维修'], picks: [2008] },
  { label: '出险记录', words: ['出险', '出险记录', '理赔记录', '事故记录'], picks: [9969] },
  { label: '二手车估值', words: ['估值', '残值', '二手车', '车价'], picks: [2010, 2018] },
  { label: '违章与年检', words: ['违章', '违法记录', '年检', '罚款'], picks: [2009, 2017] },
  { label: '排放标准查询', words: ['排放', '排放标准', '国五', '国六', '燃料类型'], picks: [2020] },
  // Insurance models
  { label: '车险核保定价', words: ['车险', '核保', '承保', '保费', '定价'], picks: [9696, 9969, 9963, 9973] },
  { label: '理赔反欺诈', words: ['骗保', '反欺诈', '虚假报案', '摆拍', '理赔欺诈'], picks: [9970, 9878, 9969] },
  { label: '车辆风险评分', words: ['车辆风险', '风险评分', '出险风险', '货车风险', '车队风险', '客车', '新能源车'], picks: [9963, 9964, 9965, 9967] },
  { label: '危险品运输风险', words: ['危险品', '危化品', '危险化学品'], picks: [9972, 9974] },
  { label: '疲劳驾驶识别', words: ['疲劳驾驶', '疲劳', '驾驶行为', '超速', '急刹'], picks: [9974, 9968] },
  // Logistics
  {
    label: '车辆位置与轨迹',
    words: ['位置', '定位', '轨迹', '实时位置', '行驶轨迹', '在途', '到达', '围栏', '电子围栏', '停留'],
    with: VEHICLE_CONTEXT,
    picks: [9694, 9867, 9874, 9878, 9882],
  },
  { label: '运单真实性核验', words: ['运单', '网络货运', '运费', '通行费', 'etc', '高速'], with: VEHICLE_CONTEXT, picks: [9879, 9871, 9870] },
  { label: '里程与线路分析', words: ['里程', '常跑线路', '线路', '活跃度'], with: VEHICLE_CONTEXT, picks: [9875, 9880, 9971] },
  // Companies
  {
    label: '企业主体核验',
    words: ['营业执照', '法人', '企业认证', '商家', '商户', '企业三要素', '统一社会信用代码', '信用代码'],
    with: [...VERIFY, ...ONBOARD, '三要素', '四要素'],
    picks: [9739, 9732, 2132, 2131, 2130],
  },
  { label: '企业工商信息', words: ['工商', '工商信息', '照面', '企业信息', '企业查询', '年报'], picks: [2130, 2138, 2139] },
  { label: '股东与实际控制人', words: ['股东', '股权', '高管', '董事', '实际控制人', '实控人', '对外投资', '分支机构'], picks: [2133, 2142, 2134, 2137] },
  { label: '企业经营风险', words: ['经营异常', '异常名录', '行政处罚', '严重违法', '破产', '变更记录', '股权冻结'], picks: [2135, 2145, 2140, 9845, 9847] },
  { label: '名下企业查询', words: ['名下企业', '任职', '关联企业'], picks: [2141] },
  // Judicial
  { label: '失信被执行核查', words: ['失信', '老赖', '失信被执行人', '失信人'], picks: [9836, 9848, { id: 2140, subject: 'company' }] },
  {
    label: '被执行人查询',
    words: ['被执行', '被执行人', '执行案件', '终本'],
    picks: [
      { id: 9840, subject: 'person' },
      { id: 9841, subject: 'company' },
      { id: 9844, subject: 'person' },
    ],
  },
  { label: '限制高消费查询', words: ['限制高消费', '限高', '限消'], picks: [9662] },
  {
    label: '涉诉查询',
    words: ['涉诉', '诉讼', '官司', '案件', '裁判文书', '开庭', '纠纷'],
    picks: [{ id: 9839, subject: 'person' }, { id: 9834, subject: 'company' }, 9842, 9843],
  },
  { label: '司法风险评估', words: ['司法风险', '司法', '法院', '法律风险'], picks: [9838, { id: 9834, subject: 'company' }] },
  { label: '贷前风险识别', words: ['贷前', '授信', '贷款审批', '借款人', '放贷', '放款'], picks: [9838, 9836, 1887] },
  // Government data
  { label: '社保核验', words: ['社保', '社会保险', '参保', '参保人数'], picks: [3101, { id: 3114, subject: 'company' }] },
  { label: '公积金核验', words: ['公积金', '住房公积金'], picks: [3102] },
  { label: '学历学位核验', words: ['学历', '学位', '毕业证', '学信', '文凭'], picks: [3103, 3104] },
  { label: '不动产核验', words: ['不动产', '不动产权证', '房产', '房产证', '产权'], picks: [3106, 1999] },
  { label: '婚姻状况核验', words: ['婚姻', '结婚', '离婚', '婚姻状况', '婚姻登记'], picks: [3107] },
  {
    label: '职业资格核验',
    words: ['教师资格证', '教师资格', '医师', '医生', '律师', '特种作业', '电工证', '焊工证', '职业技能'],
    picks: [3111, 3112, 3113, 3117, 3105],
  },
  { label: '企业资质核验', words: ['食品经营许可证', '食品经营', '建筑资质', '资质证书', '纳税信用', '纳税'], picks: [3115, 3116, 3109] },
  { label: '残疾人证核验', words: ['残疾人证', '残疾'], picks: [3110] },
];
