// Need matching (/api/marry) judged on twenty requests as customers write them, with the
// interfaces each must get in its first eight and those it must not get at all, written down
// before the matching was built. The seeded catalogue, a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TOP = 8;

type Case = { need: string; must: number[]; mustNot: number[] };
/* Ids of the seeded catalogue: 1882 实名认证, 2003 驾驶证核验, 9877 司机车辆准入综合核验, 2020 车辆排放标准查询,
   2008 车辆维修保养记录 … (apps/server/src/db/seed/data/interfaces). */
const CASES: Case[] = [
  { need: '我们是网约车平台，司机入驻时要核验身份和驾照', must: [2003, 1882], mustNot: [2020, 2008, 2010] },
  { need: 'P2P 贷前要查手机在网时长和银行卡四要素', must: [9054, 1887], mustNot: [2020, 9732, 1993] },
  { need: '保险理赔要识别身份证和银行卡照片', must: [1985, 1986], mustNot: [9054, 2130, 2020] },
  { need: '电商平台商家入驻，要核验营业执照和法人身份', must: [9732, 9739], mustNot: [2008, 9694, 1993] },
  { need: '游戏要做防沉迷，需要确认玩家是否成年', must: [1902], mustNot: [2130, 9963, 1887] },
  { need: '远程开户需要刷脸确认是本人', must: [2073, 9699], mustNot: [2020, 9694, 2130] },
  { need: '货运平台要实时查看货车位置和历史轨迹', must: [9694, 9867], mustNot: [1902, 3103, 1887] },
  { need: '招聘平台需要核验候选人的学历和学位', must: [3103, 3104], mustNot: [9694, 2006] },
  { need: '小额贷款审批前想看借款人有没有失信、被执行或者限制高消费', must: [9836, 9840, 9662], mustNot: [2006, 1993, 9694] },
  { need: '二手车交易平台要查车辆维修保养记录、出险记录和估值', must: [2008, 9969, 2010], mustNot: [1902, 3103] },
  { need: 'APP 注册时想拦截虚拟号和风险号码，防止羊毛党', must: [1967, 1976], mustNot: [3103, 2020, 9694] },
  { need: '房屋租赁平台要核验房东的不动产权证', must: [3106, 1999], mustNot: [9694, 2006] },
  { need: '供应链金融要了解合作企业的股东、涉诉和经营异常情况', must: [2133, 9834, 2135], mustNot: [1902, 2020] },
  { need: '车险核保需要核对车辆登记信息和行驶证', must: [9696, 2004], mustNot: [3103, 1902] },
  { need: '物流公司招聘货车司机，要核验驾驶证和从业资格证', must: [2003, 9872], mustNot: [2020, 2008, 2010] },
  { need: '银行信用卡审批要核验申请人的社保和公积金缴存', must: [3101, 3102], mustNot: [9694, 2020] },
  { need: '用户绑定银行卡时要验证卡号和预留手机号', must: [1887, 2206], mustNot: [2020, 9694, 3103] },
  { need: '酒店前台入住要做人证合一核验', must: [2071], mustNot: [9963, 2020, 2130] },
  { need: '危险品运输企业要评估车辆风险和司机疲劳驾驶', must: [9972, 9974], mustNot: [1902, 3103] },
  { need: '跨境电商要核验港澳台用户和外籍用户的证件', must: [1890, 1891], mustNot: [2006, 9694] },
];

type Row = { id: number; interfaceName: string; reasons: string[] };
const match = async (need: string) => (await get(t, 'api/interface/match', { need })).json() as { rows: Row[]; understood: string[] };

describe('need matching: twenty written requests', () => {
  it.each(CASES)('$need', async ({ need, must, mustNot }) => {
    const { rows, understood } = await match(need);
    const top = rows.slice(0, TOP).map((r) => r.id);
    for (const id of must) expect(top, `${id} in the first ${TOP}: ${rows.map((r) => r.interfaceName).join('、')}`).toContain(id);
    for (const id of mustNot)
      expect(
        rows.map((r) => r.id),
        `${id} not matched`,
      ).not.toContain(id);
    // Each reason names a need the request was understood to have, never a lone shared character.
    expect(understood.length).toBeGreaterThan(0);
    for (const r of rows)
      expect(
        understood.some((u) => r.reasons[0]?.startsWith(u)),
        r.reasons[0],
      ).toBe(true);
  });

  it('a driver onboarding says it matched driving licences and identity, not 「驾驶证」 as a word in a car record', async () => {
    const { rows, understood } = await match('我们是网约车平台，司机入驻时要核验身份和驾照');
    expect(understood).toEqual(expect.arrayContaining(['驾驶证核验', '身份核验']));
    const licence = rows.find((r) => r.id === 2003);
    expect(licence?.reasons[0]).toBe('驾驶证核验（您提到“驾照”）');
    expect(rows.flatMap((r) => r.reasons).join('')).not.toContain('您提到“驾驶证”');
  });
});
