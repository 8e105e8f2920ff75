// Reference tables the sandbox draws realistic answers from: administrative regions, cities with
// coordinates, card BINs, mobile number segments, courts and case causes. Public reference
// facts only; every person, company and vehicle in answers comes from the fictitious fixtures.

/** The sandbox's "today": answers are computed against it so they never depend on the clock. */
export const SANDBOX_TODAY = new Date(Date.UTC(2026, 2, 18));
/** Latest position time of the sandbox's vehicles (the catalogue's samples use it too). */
export const SANDBOX_NOW = '2026-03-18 10:24:36';
/** SANDBOX_NOW as an instant (it reads the China clock): "now" of an answer computed without a clock. */
export const SANDBOX_NOW_INSTANT = Date.parse('2026-03-18T10:24:36+08:00');

export interface Region {
  province: string;
  city: string;
  district: string;
}

/** County-level regions of the fixtures and a few more; other codes resolve to their province. */
export const REGIONS: Record<string, Region> = {
  '110101': { province: '北京市', city: '北京市', district: '东城区' },
  '110105': { province: '北京市', city: '北京市', district: '朝阳区' },
  '310101': { province: '上海市', city: '上海市', district: '黄浦区' },
  '310115': { province: '上海市', city: '上海市', district: '浦东新区' },
  '330106': { province: '浙江省', city: '杭州市', district: '西湖区' },
  '330108': { province: '浙江省', city: '杭州市', district: '滨江区' },
  '440305': { province: '广东省', city: '深圳市', district: '南山区' },
  '440106': { province: '广东省', city: '广州市', district: '天河区' },
  '320583': { province: '江苏省', city: '苏州市', district: '昆山市' },
  '510107': { province: '四川省', city: '成都市', district: '武侯区' },
  '420102': { province: '湖北省', city: '武汉市', district: '江岸区' },
  '610113': { province: '陕西省', city: '西安市', district: '雁塔区' },
  '370202': { province: '山东省', city: '青岛市', district: '市南区' },
  '340104': { province: '安徽省', city: '合肥市', district: '蜀山区' },
};

export const PROVINCES: Record<string, string> = {
  '11': '北京市',
  '12': '天津市',
  '13': '河北省',
  '14': '山西省',
  '15': '内蒙古自治区',
  '21': '辽宁省',
  '22': '吉林省',
  '23': '黑龙江省',
  '31': '上海市',
  '32': '江苏省',
  '33': '浙江省',
  '34': '安徽省',
  '35': '福建省',
  '36': '江西省',
  '37': '山东省',
  '41': '河南省',
  '42': '湖北省',
  '43': '湖南省',
  '44': '广东省',
  '45': '广西壮族自治区',
  '46': '海南省',
  '50': '重庆市',
  '51': '四川省',
  '52': '贵州省',
  '53': '云南省',
  '54': '西藏自治区',
  '61': '陕西省',
  '62': '甘肃省',
  '63': '青海省',
  '64': '宁夏回族自治区',
  '65': '新疆维吾尔自治区',
  '71': '台湾省',
  '81': '香港特别行政区',
  '82': '澳门特别行政区',
  '83': '台湾省',
};

/** ISO 3166 numeric codes found in the 2023 foreign permanent residence card number. */
export const NATIONALITIES: Record<string, string> = {
  '840': '美国',
  '826': '英国',
  '276': '德国',
  '250': '法国',
  '392': '日本',
  '410': '韩国',
  '124': '加拿大',
  '036': '澳大利亚',
  '643': '俄罗斯',
  '702': '新加坡',
  '458': '马来西亚',
  '764': '泰国',
  '380': '意大利',
  '724': '西班牙',
  '554': '新西兰',
};

export interface City {
  name: string;
  province: string;
  district: string;
  /** Licence plate and case number province abbreviation. */
  abbr: string;
  areaCode: string;
  /** Two digits used in fictitious court codes, e.g. 浙0199. */
  courtNo: string;
  lon: number;
  lat: number;
}

/** Cities with a GCJ-02 centre, for positions, tracks, courts and number regions. */
export const CITIES: readonly City[] = [
  { name: '杭州市', province: '浙江省', district: '滨江区', abbr: '浙', areaCode: '0571', courtNo: '01', lon: 120.2125, lat: 30.2089 },
  { name: '宁波市', province: '浙江省', district: '鄞州区', abbr: '浙', areaCode: '0574', courtNo: '02', lon: 121.5466, lat: 29.8171 },
  { name: '合肥市', province: '安徽省', district: '蜀山区', abbr: '皖', areaCode: '0551', courtNo: '01', lon: 117.2272, lat: 31.8206 },
  { name: '上海市', province: '上海市', district: '浦东新区', abbr: '沪', areaCode: '021', courtNo: '01', lon: 121.5447, lat: 31.2219 },
  { name: '苏州市', province: '江苏省', district: '吴中区', abbr: '苏', areaCode: '0512', courtNo: '05', lon: 120.6319, lat: 31.2637 },
  { name: '南京市', province: '江苏省', district: '江宁区', abbr: '苏', areaCode: '025', courtNo: '01', lon: 118.8399, lat: 31.9535 },
  { name: '北京市', province: '北京市', district: '朝阳区', abbr: '京', areaCode: '010', courtNo: '01', lon: 116.4831, lat: 39.9489 },
  { name: '天津市', province: '天津市', district: '滨海新区', abbr: '津', areaCode: '022', courtNo: '01', lon: 117.7012, lat: 39.0027 },
  { name: '广州市', province: '广东省', district: '天河区', abbr: '粤', areaCode: '020', courtNo: '01', lon: 113.3612, lat: 23.1247 },
  { name: '深圳市', province: '广东省', district: '南山区', abbr: '粤', areaCode: '0755', courtNo: '03', lon: 113.9302, lat: 22.5329 },
  { name: '成都市', province: '四川省', district: '武侯区', abbr: '川', areaCode: '028', courtNo: '01', lon: 104.0431, lat: 30.6418 },
  { name: '武汉市', province: '湖北省', district: '江岸区', abbr: '鄂', areaCode: '027', courtNo: '01', lon: 114.3055, lat: 30.5995 },
  { name: '郑州市', province: '河南省', district: '金水区', abbr: '豫', areaCode: '0371', courtNo: '01', lon: 113.6654, lat: 34.8002 },
  { name: '西安市', province: '陕西省', district: '雁塔区', abbr: '陕', areaCode: '029', courtNo: '01', lon: 108.9488, lat: 34.2225 },
  { name: '长沙市', province: '湖南省', district: '岳麓区', abbr: '湘', areaCode: '0731', courtNo: '01', lon: 112.9388, lat: 28.2282 },
  { name: '济南市', province: '山东省', district: '历下区', abbr: '鲁', areaCode: '0531', courtNo: '01', lon: 117.0761, lat: 36.6672 },
];

/** "浙江省杭州市" / "上海市": a city with its province, municipalities written once. */
export const cityFull = (c: Pick<City, 'name' | 'province'>) => (c.province === c.name ? c.name : `${c.province}${c.name}`);
/** "杭州" / "上海": the short form used by number-region answers and station names. */
export const shortName = (name: string) => name.replace(/(特别行政区|自治区|省|市)$/, '');

export interface CardBin {
  bin: string;
  bankName: string;
  bankCode: string;
  cardType: '借记卡' | '贷记卡';
  cardName: string;
  cardLength: number;
}

/** A small BIN table of common issuers; longer prefixes are matched first. */
export const CARD_BINS: readonly CardBin[] = [
  { bin: '622202', bankName: '中国工商银行', bankCode: 'ICBC', cardType: '借记卡', cardName: '灵通卡', cardLength: 19 },
  { bin: '621226', bankName: '中国工商银行', bankCode: 'ICBC', cardType: '借记卡', cardName: '牡丹灵通卡', cardLength: 19 },
  { bin: '622848', bankName: '中国农业银行', bankCode: 'ABC', cardType: '借记卡', cardName: '金穗通宝卡', cardLength: 19 },
  { bin: '621700', bankName: '中国建设银行', bankCode: 'CCB', cardType: '借记卡', cardName: '龙卡储蓄卡', cardLength: 19 },
  { bin: '436742', bankName: '中国建设银行', bankCode: 'CCB', cardType: '贷记卡', cardName: '龙卡信用卡', cardLength: 16 },
  { bin: '621661', bankName: '中国银行', bankCode: 'BOC', cardType: '借记卡', cardName: '长城电子借记卡', cardLength: 19 },
  { bin: '622260', bankName: '交通银行', bankCode: 'COMM', cardType: '借记卡', cardName: '太平洋借记卡', cardLength: 19 },
  { bin: '622588', bankName: '招商银行', bankCode: 'CMB', cardType: '借记卡', cardName: '一卡通', cardLength: 16 },
  { bin: '622575', bankName: '招商银行', bankCode: 'CMB', cardType: '贷记卡', cardName: '招商银行信用卡', cardLength: 16 },
  { bin: '621799', bankName: '中国邮政储蓄银行', bankCode: 'PSBC', cardType: '借记卡', cardName: '绿卡通', cardLength: 19 },
  { bin: '622908', bankName: '兴业银行', bankCode: 'CIB', cardType: '借记卡', cardName: '兴业自然人生理财卡', cardLength: 18 },
  { bin: '622155', bankName: '平安银行', bankCode: 'PAB', cardType: '借记卡', cardName: '平安借记卡', cardLength: 16 },
];

/** Card schemes a domestic verification source covers; other leading digits answer "unsupported". */
export const SUPPORTED_CARD_PREFIXES = ['62', '60', '4', '5', '3'] as const;

export type Isp = '移动' | '联通' | '电信' | '广电';

/** Mainland number segments by their first three digits. */
export const MOBILE_SEGMENTS: Record<Isp, readonly string[]> = {
  移动: [
    '134',
    '135',
    '136',
    '137',
    '138',
    '139',
    '147',
    '148',
    '150',
    '151',
    '152',
    '157',
    '158',
    '159',
    '165',
    '172',
    '178',
    '182',
    '183',
    '184',
    '187',
    '188',
    '195',
    '197',
    '198',
  ],
  联通: ['130', '131', '132', '145', '146', '155', '156', '166', '167', '171', '175', '176', '185', '186', '196'],
  电信: ['133', '149', '153', '162', '173', '174', '177', '180', '181', '189', '190', '191', '193', '199'],
  广电: ['192'],
};

/** Segments of the virtual operators (MVNO), with the network that carries them. */
export const VIRTUAL_SEGMENTS: Record<string, Isp> = {
  '1700': '电信',
  '1701': '电信',
  '1702': '电信',
  '1703': '移动',
  '1705': '移动',
  '1706': '移动',
  '1704': '联通',
  '1707': '联通',
  '1708': '联通',
  '1709': '联通',
  '162': '电信',
  '165': '移动',
  '167': '联通',
  '171': '联通',
};

/** Data-only and IoT segments. */
export const IOT_SEGMENTS: Record<string, Isp> = { '146': '联通', '148': '移动', '149': '电信' };

/** Well-known example numbers: answers that must show "a" phone number use these, never a drawn one. */
export const EXAMPLE_MOBILES = ['13800138000', '13900139000', '18600186000', '18900189000', '13700137000'] as const;

/** Civil case causes for fictitious litigation records. */
export const CIVIL_CAUSES = [
  '买卖合同纠纷',
  '民间借贷纠纷',
  '服务合同纠纷',
  '劳动争议',
  '房屋租赁合同纠纷',
  '金融借款合同纠纷',
  '机动车交通事故责任纠纷',
  '建设工程施工合同纠纷',
  '运输合同纠纷',
] as const;

/** Pinyin of the fixtures' names as passports print them. */
export const PINYIN: Record<string, string> = {
  张三: 'ZHANG, SAN',
  李四: 'LI, SI',
  王五: 'WANG, WU',
  赵丽: 'ZHAO, LI',
  钱敏: 'QIAN, MIN',
  周芳: 'ZHOU, FANG',
  孙强: 'SUN, QIANG',
  陈小明: 'CHEN, XIAOMING',
};

/** Fictitious licence plates and VINs for answers that are not about a plate the caller sent. */
export const EXAMPLE_PLATES = ['浙A12345', '浙A8F2C6', '沪B7K9M2', '苏E3N5P8', '皖A6T2W9', '粤B5H8J3'] as const;
export const EXAMPLE_VINS = ['LSVAU2187N2123456', 'LFWSRXRJ4P1A23456', 'LGAX3BG43N1012345', 'LSGKB54H8PV012345'] as const;

/** Words for fictitious company names derived from a credit code. */
export const COMPANY_WORDS = ['科技', '商贸', '物流', '建设工程', '食品', '医药', '新能源', '电子', '供应链管理', '实业', '文化传媒', '环保'] as const;
