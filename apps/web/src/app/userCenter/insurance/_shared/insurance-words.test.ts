import { describe, expect, it } from 'vitest';
import { chinaTime, hours, minutesText, percent } from './insurance-words';

describe('insurance words', () => {
  it('writes shares as percent with at most one decimal', () => {
    expect(percent(0.273)).toBe('27.3%');
    expect(percent(0.5)).toBe('50%');
    expect(percent(0)).toBe('0%');
  });
  it('writes durations the way a fleet manager reads them', () => {
    expect(minutesText(135)).toBe('2 小时 15 分');
    expect(minutesText(45)).toBe('45 分');
    expect(minutesText(120)).toBe('2 小时');
    expect(hours(2.5)).toBe('2.5 小时');
  });
  it('shows instants in China time and passes local text through', () => {
    expect(chinaTime('2026-11-26T06:05:00.000Z')).toBe('2026-11-26 14:05');
    expect(chinaTime('2026-11-26 14:05:33')).toBe('2026-11-26 14:05');
  });
});

describe('grade advice', () => {
  it('speaks of vehicles or fleets', async () => {
    const { gradeAdvice } = await import('./insurance-words');
    expect(gradeAdvice('C')).toContain('同类车辆');
    expect(gradeAdvice('C', true)).toContain('同类车队');
  });
});
