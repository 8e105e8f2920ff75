// Mobile numbers (category 5): the carrier comes from the number segment (a segment no carrier
// serves answers 10006), tenure, status, region and risk are drawn once per number, the
// verification verdict once per number and holder.
import { CODE, type Ctx, type Family } from '../context';
import { type Draw, drawFor } from '../draw';
import { ispOf, numberTypeOf } from '../entities';
import { arr, isObject, type Json, put, putAll, str } from '../json';
import { CITIES, EXAMPLE_MOBILES, type Isp, shortName } from '../tables';
import { enumCodes, fieldDoc, personVerdict, putVerdict } from './common';

/** Tenure ranges in months with their share of numbers: most numbers are old. */
const TENURE: Array<[string, number]> = [
  ['[0,3)', 0.05],
  ['[3,6)', 0.05],
  ['[6,12)', 0.1],
  ['[12,24)', 0.15],
  ['[24,+)', 0.65],
];

const RISK_TAGS = ['新入网号码', '频繁更换设备', '疑似营销号码', '短期内多平台注册'] as const;
const ISPS: readonly Isp[] = ['移动', '联通', '电信', '广电'];

/** A one-time login token as the carriers' SDKs issue them. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const phoneFamily: Family = {
  name: 'phone',
  outcome(ctx) {
    const token = ctx.param('token');
    if (token !== undefined && !TOKEN_PATTERN.test(token)) return ctx.firstDeclared(CODE.BAD_TOKEN, CODE.BAD_PARAM);
    const mobile = ctx.param('mobile');
    return mobile && !ispOf(mobile) ? ctx.firstDeclared(CODE.ISP_UNSUPPORTED) : null;
  },
  fill(ctx, data) {
    const token = ctx.param('token');
    if (token && str(data, 'mobile') !== undefined) put(data, 'mobile', drawFor(['token', token]).pick('mobile', EXAMPLE_MOBILES));
    const mobiles = ctx.param('mobiles');
    if (mobiles !== undefined) return fillBatch(ctx, data, mobiles);
    const mobile = ctx.param('mobile');
    if (!mobile) return;
    const d = drawFor(['mobile', mobile]);
    const isp = ispOf(mobile) ?? '移动';
    put(data, 'isp', isp);
    put(data, 'range', pickWeighted(d, 'tenure', TENURE));
    if (str(data, 'result') !== undefined) fillResult(ctx, data, mobile, d);
    fillStatus(ctx, data, d);
    fillRegion(data, isp, d);
    fillTransfer(data, isp, d);
    fillRisk(data, mobile, d);
  },
};

function pickWeighted(d: Draw, label: string, table: Array<[string, number]>): string {
  let u = d.unit(label);
  for (const [value, weight] of table) {
    if (u < weight) return value;
    u -= weight;
  }
  return table[table.length - 1]?.[0] ?? '';
}

/** Owner verification (1979/1980/1973/1970), number reissue (1984), own-number check (1966). */
function fillResult(ctx: Ctx, data: Json, mobile: string, d: Draw): void {
  const holder = ctx.param('name') !== undefined || ctx.param('idcard') !== undefined;
  if (holder) {
    putVerdict(ctx, data, personVerdict(ctx.param('idcard'), ctx.param('name'), mobile));
    return;
  }
  const reissued = ctx.param('date') !== undefined;
  const u = d.unit(reissued ? 'reissued' : 'ownNumber');
  putVerdict(ctx, data, u < 0.88 ? '1' : reissued && u > 0.96 ? '3' : '2');
}

/** Line status (1981): mostly in service; the description is the documented label. */
function fillStatus(ctx: Ctx, data: Json, d: Draw): void {
  if (str(data, 'status') === undefined) return;
  const status = pickWeighted(d, 'status', [
    ['1', 0.85],
    ['2', 0.07],
    ['3', 0.05],
    ['4', 0.03],
  ]);
  put(data, 'status', status);
  if (status !== '1') put(data, 'description', enumCodes(fieldDoc(ctx, 'status'))[status] ?? '');
}

/** Number region (1982): the segment's home city, the same for every number of a block. */
function fillRegion(data: Json, isp: Isp, d: Draw): void {
  if (str(data, 'areaCode') === undefined) return;
  const city = d.child('block').pick('city', CITIES);
  putAll(data, { province: shortName(city.province), city: shortName(city.name), areaCode: city.areaCode, isp });
}

/** Number portability (1983): a few numbers moved to another carrier. */
function fillTransfer(data: Json, isp: Isp, d: Draw): void {
  if (str(data, 'originalIsp') === undefined) return;
  const transferred = d.chance('transferred', 0.08);
  const others = ISPS.filter((i) => i !== isp && i !== '广电');
  putAll(data, { transferred, originalIsp: isp, currentIsp: transferred ? d.pick('newIsp', others) : isp });
}

/** Risk (1976) and number type (1967): virtual and IoT segments are riskier. */
function fillRisk(data: Json, mobile: string, d: Draw): void {
  const { type, host } = numberTypeOf(mobile);
  putAll(data, { numberType: type, hostIsp: host ?? '移动' });
  if (str(data, 'riskLevel') === undefined) return;
  const special = type !== '普通号码';
  const level = special
    ? d.pick('specialLevel', ['中', '高'] as const)
    : pickWeighted(d, 'risk', [
        ['低', 0.82],
        ['中', 0.13],
        ['高', 0.05],
      ]);
  const tags: Json[] = special ? [type === '物联网号码' ? '物联网卡' : '虚拟运营商号段'] : [];
  if (level !== '低') tags.push(d.pick('tag', RISK_TAGS));
  putAll(data, { riskLevel: level, riskTags: tags });
}

/** Empty-number detection (1968): one status per submitted number, in order. */
function fillBatch(ctx: Ctx, data: Json, mobiles: string): void {
  const model = arr(ctx.sample, 'list')?.[0];
  if (!isObject(model)) return;
  const list = mobiles.split(',').map((raw): Json => {
    const m = raw.trim();
    const status = ispOf(m)
      ? pickWeighted(drawFor(['mobile', m]), 'empty', [
          ['1', 0.85],
          ['2', 0.1],
          ['3', 0.05],
        ])
      : '2';
    return { ...model, mobile: m, status };
  });
  put(data, 'list', list);
}
