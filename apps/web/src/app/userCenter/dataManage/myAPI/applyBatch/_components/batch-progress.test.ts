import { describe, expect, it } from 'vitest';
import { etaText, percentDone, progressNote, rateText } from './batch-progress';

describe('batch job progress', () => {
  it('says the time left in minutes and hours', () => {
    expect(etaText(20)).toBe('不到 1 分钟');
    expect(etaText(185)).toBe('约 3 分钟');
    expect(etaText(3600)).toBe('约 1 小时');
    expect(etaText(5000)).toBe('约 1 小时 23 分钟');
  });

  it('says the rate and the time left of a running job, and what a paused one waits for', () => {
    expect(rateText(19.96)).toBe('20.0 行/秒');
    expect(rateText(1234.4)).toBe('1,234 行/秒');
    expect(progressNote({ status: 'running', rate: 19.5, etaSeconds: 4000 })).toBe('19.5 行/秒，剩余约 1 小时 7 分钟');
    expect(progressNote({ status: 'running', rate: null, etaSeconds: null })).toBe('正在测算剩余时间…');
    expect(progressNote({ status: 'paused', rate: null, etaSeconds: null })).toBe('已暂停，可继续执行');
    expect(progressNote({ status: 'done', rate: null, etaSeconds: null })).toBe('');
    expect(percentDone({ status: 'running', rows: 100_000, done: 99_999 })).toBe(99);
    expect(percentDone({ status: 'done', rows: 3, done: 3 })).toBe(100);
  });
});
