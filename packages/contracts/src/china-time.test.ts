import { describe, expect, it } from 'vitest';
import { chinaClock, chinaDay, chinaDayStart, chinaHour, chinaReading } from './index';

// 2026-03-31 16:30:05 UTC is 2026-04-01 00:30:05 in China: the day has already turned there.
const AFTER_CHINA_MIDNIGHT = new Date('2026-03-31T16:30:05Z');

describe('China time', () => {
  it('writes the China wall clock whatever the zone of the process', () => {
    expect(chinaClock(AFTER_CHINA_MIDNIGHT)).toBe('2026-04-01 00:30:05');
    expect(chinaDay(AFTER_CHINA_MIDNIGHT)).toBe('2026-04-01');
    expect(chinaHour(AFTER_CHINA_MIDNIGHT)).toBe(0);
    expect(chinaReading(AFTER_CHINA_MIDNIGHT)).toBe('2026年4月1日 00:30');
  });

  it('starts a China day at 00:00+08:00, and [day, day + 1) covers it whole', () => {
    expect(chinaDayStart('2026-04-01').toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(chinaDayStart('2026-04-01', 1).toISOString()).toBe('2026-04-01T16:00:00.000Z');
    expect(chinaDay(chinaDayStart('2026-04-01', 1))).toBe('2026-04-02');
  });
});
