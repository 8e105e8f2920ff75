import { describe, expect, it } from 'vitest';
import { JUDICIAL_VIEW_INTERFACE_IDS } from './entitlements';
import {
  caseFile,
  formatYuan,
  isIdNumber,
  isJudicialInterface,
  JUDICIAL_INTERFACES,
  JUDICIAL_MSG,
  JudicialListInput,
  JudicialQueryInput,
  judicialApi,
  judicialParams,
} from './judicial';
import { FEATURE } from './account';

const ZHANG = { name: '张三', idcard: '110101199003074514' };
const first = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error?.issues[0]?.message);
const base = { id: 7, interfaceName: 'x', code: '10000', message: '成功', seqNo: 'S1', charged: true, requestedAt: '2026-01-01T00:00:00.000Z' };

describe('the five', () => {
  it('declares each of the catalogue five, a company for 9834 only', () => {
    expect(Object.keys(JUDICIAL_INTERFACES).map(Number).sort()).toEqual([...JUDICIAL_VIEW_INTERFACE_IDS].sort());
    expect(JUDICIAL_VIEW_INTERFACE_IDS.filter((id) => JUDICIAL_INTERFACES[id].subject === 'company')).toEqual([9834]);
    expect(isJudicialInterface(9840)).toBe(false);
  });

  it('puts every call behind menu code 13 and the query id in the path', () => {
    for (const c of Object.values(judicialApi)) expect(c.feature).toBe(FEATURE.judicial);
    expect(judicialApi.query.path).toBe('/UserCenter/judicial/:interfaceId');
  });
});

describe('the query input', () => {
  it('checks ID numbers as the gateway does', () => {
    expect(isIdNumber(ZHANG.idcard)).toBe(true);
    expect(isIdNumber('110101199003074515')).toBe(false);
    expect(isIdNumber('110101199002304514')).toBe(false);
    expect(isIdNumber('11010119900307451')).toBe(false);
  });

  it('asks a person for name and ID number, a company for its name or code', () => {
    const ok = JudicialQueryInput.safeParse({ interfaceId: '9839', ...ZHANG, consent: 'true' });
    expect(ok.success).toBe(true);
    if (ok.success) expect(judicialParams(ok.data)).toEqual(ZHANG);
    expect(first(JudicialQueryInput.safeParse({ interfaceId: '9836', name: '张三', consent: 'true' }))).toBe(JUDICIAL_MSG.idcardRequired);
    expect(first(JudicialQueryInput.safeParse({ interfaceId: '9662', name: '张', idcard: ZHANG.idcard, consent: 'true' }))).toBe(JUDICIAL_MSG.name);
    expect(first(JudicialQueryInput.safeParse({ interfaceId: '9839', ...ZHANG }))).toBe(JUDICIAL_MSG.consent);
    expect(first(JudicialQueryInput.safeParse({ interfaceId: '1882', ...ZHANG, consent: 'true' }))).toBe(JUDICIAL_MSG.interfaceId);
    expect(first(JudicialQueryInput.safeParse({ interfaceId: '9834', ...ZHANG, consent: 'true' }))).toBe(JUDICIAL_MSG.keywordRequired);
    const co = JudicialQueryInput.safeParse({ interfaceId: '9834', keyword: ' 杭州示例科技有限公司 ', page: '2', name: 'x', consent: '1' });
    expect(co.success && judicialParams(co.data)).toEqual({ keyword: '杭州示例科技有限公司', page: '2' });
    expect(first(JudicialQueryInput.safeParse({ interfaceId: '9834', keyword: '91330100MA2B3C4D5X', consent: '1' }))).toBe(JUDICIAL_MSG.creditCode);
  });

  it('bounds the list filters to the five', () => {
    expect(first(JudicialListInput.safeParse({ interfaceId: '1882' }))).toBe(JUDICIAL_MSG.interfaceId);
    expect(JudicialListInput.safeParse({ interfaceId: '9834', subject: '张三' }).success).toBe(true);
    expect(first(JudicialListInput.safeParse({ from: '2026-02-02', to: '2026-02-01' }))).toBe(JUDICIAL_MSG.dateRange);
  });
});

describe('the case file', () => {
  it('formats yuan', () => {
    expect(formatYuan(52000)).toBe('52,000 元（5.2 万元）');
    expect(formatYuan(860)).toBe('860 元');
  });

  it('reads a litigation answer: parties masked as given, newest first, open and closed counted', () => {
    const data = {
      total: 2,
      list: [
        { caseNo: '（2023）浙0199民初1号', court: '杭州', caseType: '民事', filingDate: '2023-01-02', role: '被告', cause: '买卖合同纠纷', status: '已结案' },
        { caseNo: '（2025）浙0199民初2号', court: '杭州', caseType: '民事', filingDate: '2025-06-12', role: '原告', cause: '借款合同纠纷', status: '未结案' },
      ],
    };
    const f = caseFile({ ...base, interfaceId: 9839, subject: '张*，110101********4514', data });
    expect(f.subjectType).toBe('person');
    expect(f.records.map((r) => r.date)).toEqual(['2025-06-12', '2023-01-02']);
    expect(f.records[0]?.parties).toEqual([{ name: '张*', role: '原告' }]);
    expect(f.summary).toMatchObject({ records: 2, open: 1, closed: 1, headline: '共 2 条涉诉案件，1 条未结' });
    expect(f.timeline[0]).toMatchObject({ date: '2025-06-12', label: '立案：借款合同纠纷' });
    expect(f.chart).toEqual({ title: '案件状态', categories: ['未结', '已结', '未披露'], values: [1, 1, 0] });
    expect(JSON.stringify(f)).not.toContain('张三');
  });

  it('finds the amount of a dishonest record in its duty', () => {
    const data = {
      listed: true,
      list: [{ caseNo: 'C', court: 'K', publishDate: '2025-09-22', duty: '支付原告货款 52000 元', performance: '全部未履行', behavior: 'b' }],
    };
    const f = caseFile({ ...base, interfaceId: 9836, subject: '王*，1', data });
    expect(f.records[0]).toMatchObject({ amount: 52000, open: true, status: '全部未履行', parties: [{ name: '王*', role: '失信被执行人' }] });
    expect(f.summary.totalAmount).toBe(52000);
    expect(f.chart.values).toEqual([52000]);
  });

  it('shows a company as named, with its amounts', () => {
    const data = { total: 1, list: [{ caseNo: 'C', court: 'K', filingDate: '2024-11-03', role: '原告', cause: '服务合同纠纷', amount: 86000 }] };
    const f = caseFile({ ...base, interfaceId: 9834, subject: '杭州示例科技有限公司', data });
    expect(f).toMatchObject({ subjectType: 'company', subject: '杭州示例科技有限公司' });
    expect(f.records[0]).toMatchObject({ amount: 86000, amountText: '86,000 元（8.6 万元）', open: null, status: '未披露' });
  });

  it('summarises 9838 by dimension, and words a failed answer', () => {
    const data = { riskScore: 18, riskLevel: '低', litigationCount: 1, executedCount: 0, dishonestCount: 0, restrictedCount: 0, latestCaseDate: '2025-06-12' };
    const f = caseFile({ ...base, interfaceId: 9838, subject: '张*，1', data });
    expect(f.summary).toMatchObject({ riskScore: 18, riskLevel: '低', headline: '司法风险等级「低」，评分 18，共 1 条司法记录' });
    expect(f.chart.values).toEqual([1, 0, 0, 0]);
    expect(f.timeline).toEqual([{ date: '2025-06-12', label: '最近一次案件立案', caseNo: '', court: '', open: null }]);
    const bad = caseFile({ ...base, interfaceId: 9839, subject: '张*', code: '10001', message: '查无记录', data: null });
    expect(bad).toMatchObject({ succeeded: false, records: [], summary: { headline: '查无记录' } });
  });
});

describe('list dates', () => {
  it('refuses a day that does not exist instead of answering it with a server error', () => {
    expect(JudicialListInput.safeParse({ from: '2025-13-45' }).success).toBe(false);
    expect(JudicialListInput.safeParse({ to: '2026-02-30' }).success).toBe(false);
    expect(JudicialListInput.safeParse({ from: '2026-02-28', to: '' }).success).toBe(true);
  });
});
