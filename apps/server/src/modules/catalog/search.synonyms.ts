// The catalogue search's synonym table: what a buyer types, and the catalogue words that mean
// the same. Written down here (not learnt) so that a wrong expansion is one line to fix.

/**
 * Groups of words that mean the same thing to a buyer: any one found in a query also searches
 * the others. A word may be in several groups.
 */
const SAME: string[][] = [
  ['身份证', '身份证号', '居民身份证', '二代证', '实名认证', '实名', '身份核验'],
  ['手机号', '手机', '手机号码', '电话号码', '运营商', '在网'],
  ['企业', '公司', '工商', '单位', '商户'],
  ['驾驶证', '驾照', '驾驶本'],
  ['人脸', '刷脸', '人像', '面部', '脸部'],
  ['活体', '真人检测'],
  ['银行卡', '银行账户', '储蓄卡', '借记卡', '信用卡', '卡号'],
  ['核验', '验证', '校验', '核实', '认证', '查验', '核查', '鉴权'],
  ['查询', '查看', '检索', '搜索'],
  ['失信', '老赖', '失信被执行人'],
  ['涉诉', '诉讼', '官司', '案件'],
  ['社保', '社会保险', '参保'],
  ['公积金', '住房公积金'],
  ['学历', '毕业证', '学信', '文凭'],
  ['学位', '学位证'],
  ['vin', 'vin码', '车架号', '车辆识别代号'],
  ['车牌', '车牌号', '号牌'],
  ['位置', '定位', '实时位置', 'gps'],
  ['轨迹', '行驶轨迹', '行车轨迹'],
  ['在网时长', '入网时长', '网龄'],
  ['空号', '停机'],
  ['不动产', '房产', '房产证', '不动产权'],
  ['发票', '增值税发票'],
  ['风险评分', '风控模型', '风险模型'],
  ['营业执照', '执照'],
  ['从业资格证', '从业资格'],
  ['道路运输证', '运输证'],
  ['婚姻', '结婚证', '离婚'],
  ['护照', '出国护照'],
  ['回乡证', '港澳居民来往内地通行证'],
  ['台胞证', '台湾居民来往大陆通行证'],
];

/**
 * One-way: a word on the left also searches the words on the right, not the reverse. 二要素
 * typed alone means the name + ID check; 身份证 does not mean every 二要素 (银行卡姓名二要素 has
 * no ID number in it).
 */
const MEANS: Array<[string[], string[]]> = [
  [['二要素'], ['实名认证']],
  [['车', '汽车', '机动车'], ['车辆']],
  [['车辆'], ['机动车', '汽车', '行驶证']],
  [
    ['营业执照', '法人'],
    ['企业', '工商'],
  ],
  [['拍照', '扫描', '图片识别', '证件识别', '文字识别', '照片'], ['ocr']],
  [
    ['被执行', '执行'],
    ['被执行人', '失信', '终本'],
  ],
  [
    ['司法', '法院'],
    ['涉诉', '失信', '被执行', '限制高消费', '裁判文书'],
  ],
  [['限高'], ['限制高消费']],
  [['防沉迷', '未成年'], ['防沉迷实名认证']],
  [['人证合一', '人证'], ['人证比对']],
  [
    ['风控', '风险'],
    ['风险评分', '风险识别'],
  ],
  [
    ['货车', '卡车', '货运'],
    ['货车', '车辆'],
  ],
  [
    ['司机', '驾驶员'],
    ['驾驶证', '从业资格证', '司机'],
  ],
  [
    ['港澳台', '港澳', '台湾'],
    ['港澳台', '港澳', '台湾'],
  ],
  [['外国人', '外籍', '永居'], ['外国人永久居留']],
];

const table = new Map<string, Set<string>>();
const link = (from: string, to: string) => {
  if (from === to) return;
  const set = table.get(from) ?? new Set<string>();
  set.add(to);
  table.set(from, set);
};
for (const group of SAME) for (const a of group) for (const b of group) link(a, b);
for (const [from, to] of MEANS) for (const a of from) for (const b of to) link(a, b);

/** The other words a query word also searches (lower-case), none if it has none. */
export function synonymsOf(word: string): string[] {
  return [...(table.get(word) ?? [])];
}

/** Every word in the table, to keep whole when segmenting a query. */
export const SYNONYM_WORDS: string[] = [...new Set([...SAME.flat(), ...MEANS.flatMap(([a, b]) => [...a, ...b])])];
