// Provinces as the china map names them (china-geojson's short names: 浙江, 内蒙古, 广西 …, what the
// zone map's choropleth joins on), one table for the server and the sandbox: a plate's by its
// province character (GA 36), a company's by its credit code's administrative division (GB 11714 /
// GB/T 2260).

const BY_PLATE: Record<string, string> = {
  京: '北京',
  津: '天津',
  沪: '上海',
  渝: '重庆',
  冀: '河北',
  豫: '河南',
  云: '云南',
  辽: '辽宁',
  黑: '黑龙江',
  湘: '湖南',
  皖: '安徽',
  鲁: '山东',
  新: '新疆',
  苏: '江苏',
  浙: '浙江',
  赣: '江西',
  鄂: '湖北',
  桂: '广西',
  甘: '甘肃',
  晋: '山西',
  蒙: '内蒙古',
  陕: '陕西',
  吉: '吉林',
  闽: '福建',
  贵: '贵州',
  粤: '广东',
  青: '青海',
  藏: '西藏',
  川: '四川',
  宁: '宁夏',
  琼: '海南',
  港: '香港',
  澳: '澳门',
  台: '台湾',
};

/** By the two-digit province code of an administrative division (a credit code's 3rd–4th characters). */
export const PROVINCE_BY_DIVISION: Readonly<Record<string, string>> = {
  '11': '北京',
  '12': '天津',
  '13': '河北',
  '14': '山西',
  '15': '内蒙古',
  '21': '辽宁',
  '22': '吉林',
  '23': '黑龙江',
  '31': '上海',
  '32': '江苏',
  '33': '浙江',
  '34': '安徽',
  '35': '福建',
  '36': '江西',
  '37': '山东',
  '41': '河南',
  '42': '湖北',
  '43': '湖南',
  '44': '广东',
  '45': '广西',
  '46': '海南',
  '50': '重庆',
  '51': '四川',
  '52': '贵州',
  '53': '云南',
  '54': '西藏',
  '61': '陕西',
  '62': '甘肃',
  '63': '青海',
  '64': '宁夏',
  '65': '新疆',
  '71': '台湾',
  '81': '香港',
  '82': '澳门',
};

/** The province of a plate's registration, '' for plates without one (使馆 …). */
export const provinceOfPlate = (plate: string): string => BY_PLATE[[...plate][0] ?? ''] ?? '';

/** The province of a credit code's registration authority (its 3rd–4th characters), '' when central or unknown. */
export const provinceOfCreditCode = (code: string): string => PROVINCE_BY_DIVISION[code.slice(2, 4)] ?? '';

/** Every name this module answers: all must be china-geojson feature names. */
export const MAP_PROVINCES: readonly string[] = [...new Set([...Object.values(BY_PLATE), ...Object.values(PROVINCE_BY_DIVISION)])];
