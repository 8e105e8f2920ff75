import { describe, expect, it } from 'vitest';
import { alertCrossed, alertErrorRate, isAlertError } from './alerts';
import { codeKind, codeWords, MONITOR_MSG, MonitorInterfaceInput, MonitorOverviewInput, monitorStatus, nearestRank, sharePercent } from './monitor';

describe('monitor contracts', () => {
  it('classifies codes: outages only are unavailable, caller refusals are not measured', () => {
    expect(['10000', '10001', 'SYSTEM_027', 'SYSTEM_028', 'SYSTEM_999', 'SYSTEM_001', 'SYSTEM_038'].map(codeKind)).toEqual([
      'success',
      'business',
      'outage',
      'outage',
      'outage',
      'caller',
      'caller',
    ]);
    expect(codeWords('SYSTEM_027')).toBe('数据源响应超时，请稍后重试');
    expect(codeWords('10001', new Map([['10001', '查无此人']]))).toBe('查无此人');
    expect(codeWords('10000')).toBe('成功');
  });

  it('the error rate is the alert’s: whole percent, any code but 10000 or the chosen codes, judged from the minimum', () => {
    expect(isAlertError('10001')).toBe(true);
    expect(isAlertError('10000')).toBe(false);
    expect(isAlertError('10001', ['SYSTEM_027'])).toBe(false);
    expect(alertErrorRate(11, 3)).toEqual({ rate: 27, judged: true });
    expect(alertErrorRate(9, 9)).toEqual({ rate: 100, judged: false });
    expect(alertErrorRate(0, 0)).toEqual({ rate: 0, judged: false });
    expect(alertCrossed(10, 2, 20)).toBe(true);
    expect(alertCrossed(10, 1, 20)).toBe(false);
    expect(alertCrossed(9, 9, 20)).toBe(false);
  });

  it('shares, nearest-rank percentiles and status words', () => {
    expect(sharePercent(8, 9)).toBe(88.89);
    expect(sharePercent(1, 0)).toBeNull();
    const sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90];
    expect([0.5, 0.95, 0.99].map((p) => nearestRank(sorted, p))).toEqual([50, 90, 90]);
    expect(nearestRank([], 0.5)).toBeNull();
    expect(monitorStatus(null, null)).toBe('idle');
    expect(monitorStatus(99.5, 200)).toBe('ok');
    expect(monitorStatus(99.5, 3001)).toBe('warn');
    expect(monitorStatus(97, 200)).toBe('warn');
    expect(monitorStatus(94.99, 200)).toBe('bad');
  });

  it('inputs: window defaults to the hour; wrong values answer in Chinese', () => {
    expect(MonitorOverviewInput.parse({})).toEqual({ window: 'hour', scope: 'own' });
    expect(MonitorOverviewInput.safeParse({ window: 'month' }).error?.issues[0]?.message).toBe(MONITOR_MSG.window);
    expect(MonitorOverviewInput.safeParse({ scope: 'x' }).error?.issues[0]?.message).toBe(MONITOR_MSG.scope);
    expect(MonitorInterfaceInput.parse({ window: 'week', interfaceId: '1882' })).toEqual({ window: 'week', scope: 'own', interfaceId: 1882 });
    expect(MonitorInterfaceInput.safeParse({ interfaceId: '0' }).error?.issues[0]?.message).toBe(MONITOR_MSG.interface);
    expect(MonitorInterfaceInput.safeParse({ interfaceId: '1\u0000' }).success).toBe(false);
  });
});
