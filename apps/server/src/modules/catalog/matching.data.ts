// Need matching (/api/marry): scenarios by industry with the interfaces that serve them and why,
// and the words a visitor may use for a need, each tied to what it asks for.
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

/** Words a visitor may write, with the catalogue terms they mean. */
export const NEED_TERMS: Array<{ words: string[]; terms: string[]; label: string }> = [
  { words: ['实名', '身份证', '身份', '证件'], terms: ['实名', '身份证'], label: '身份核验' },
  { words: ['人脸', '刷脸', '活体', '人像', '自拍'], terms: ['人脸', '活体', '人像'], label: '人脸识别' },
  { words: ['识别', 'ocr', '拍照', '录入', '图片'], terms: ['OCR', '识别'], label: '证照识别' },
  { words: ['银行卡', '绑卡', '卡号', '支付', '开户'], terms: ['银行卡'], label: '银行卡核验' },
  { words: ['手机', '号码', '运营商', '短信', '接码'], terms: ['手机', '号'], label: '手机号核验' },
  { words: ['车辆', '车牌', '行驶证', '驾驶证', '汽车', 'vin'], terms: ['车辆', '驾驶证', '行驶证', 'VIN', '车牌'], label: '车辆信息' },
  { words: ['货车', '司机', '物流', '运输', '轨迹', '位置', '围栏', '货运'], terms: ['车辆', '轨迹', '位置', '运输', '司机', '货'], label: '物流货运' },
  { words: ['企业', '公司', '工商', '营业执照', '商户'], terms: ['企业', '营业执照'], label: '企业信息' },
  { words: ['保险', '理赔', '核保', '骗保', '定价'], terms: ['风险评分', '理赔', '出险', '定价'], label: '保险风控' },
  { words: ['涉诉', '失信', '法院', '司法', '被执行', '老赖', '征信'], terms: ['涉诉', '失信', '执行', '司法'], label: '司法风险' },
  { words: ['社保', '公积金', '学历', '学位', '资格证', '政务'], terms: ['社保', '公积金', '学历', '学位', '资格'], label: '政务数据' },
];
