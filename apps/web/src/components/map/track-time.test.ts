import { TRANSPORT_MSG } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { clockAt, defaultWindow, durationText, sharePageHref, windowProblem } from './track-time';
import { indexAt } from './use-track-playback';

// 2026-11-26 18:00:30 UTC is 2026-11-27 02:00:30 on the China clock.
const NOW = new Date('2026-11-26T18:00:30Z');

describe('the trajectory window', () => {
  it('defaults to the last 24 hours on the China clock, to the minute', () => {
    expect(defaultWindow(NOW)).toEqual(['2026-11-26 02:00:00', '2026-11-27 02:00:00']);
  });

  it('accepts exactly 72 hours and refuses a minute more with the server’s words', () => {
    expect(windowProblem('2026-11-24 02:00:00', '2026-11-27 02:00:00', NOW)).toBeNull();
    expect(windowProblem('2026-11-24 01:59:00', '2026-11-27 02:00:00', NOW)).toBe('查询时间跨度不能超过 72 小时');
    expect(TRANSPORT_MSG.rangeTooLong).toBe('查询时间跨度不能超过 72 小时');
  });

  it('refuses a missing end, an end not after the start, and a start in the future', () => {
    expect(windowProblem(null, '2026-11-27 02:00:00', NOW)).toBe(TRANSPORT_MSG.startTime);
    expect(windowProblem('2026-11-26 02:00:00', null, NOW)).toBe(TRANSPORT_MSG.endTime);
    expect(windowProblem('2026-11-26 02:00:00', '2026-11-26 02:00:00', NOW)).toBe(TRANSPORT_MSG.timeOrder);
    expect(windowProblem('2026-11-27 03:00:00', '2026-11-27 04:00:00', NOW)).toBe(TRANSPORT_MSG.futureTime);
  });
});

describe('reading a track', () => {
  it('gives the China clock of a point from the seconds since the start', () => {
    expect(clockAt('2026-11-26 23:59:30', 45)).toBe('2026-11-27 00:00:15');
  });

  it('says durations the way a dispatcher does', () => {
    expect(durationText(0)).toBe('0 分钟');
    expect(durationText(40)).toBe('40 分钟');
    expect(durationText(60)).toBe('1 小时');
    expect(durationText(95)).toBe('1 小时 35 分');
    expect(durationText(1671)).toBe('27 小时 51 分');
  });

  it('finds the point being played at a track time, gaps included', () => {
    const t = [0, 30, 60, 600, 630];
    expect(indexAt(t, 0)).toBe(0);
    expect(indexAt(t, 29)).toBe(0);
    expect(indexAt(t, 30)).toBe(1);
    expect(indexAt(t, 599)).toBe(2);
    expect(indexAt(t, 10_000)).toBe(4);
    expect(indexAt([], 5)).toBe(0);
  });

  it('links the phone page with its token as a query parameter', () => {
    expect(sharePageHref('abc_DEF-123')).toBe('/vehicleTrajectoryH5?token=abc_DEF-123');
  });
});
