import { describe, expect, it } from 'vitest';
import { formatDate, metaDescription, textParam, withQuery } from './content';

describe('content helpers', () => {
  it('shows the day as a reader in China sees it, whatever the server zone', () => {
    expect(formatDate('2024-01-05T01:00:00.000Z')).toBe('2024-01-05');
    // 09:00 in Beijing on the 5th is the 4th in UTC late evening, still the 5th for readers.
    expect(formatDate('2024-01-04T17:00:00.000Z')).toBe('2024-01-05');
    expect(formatDate('not a date')).toBe('');
  });

  it('reads one trimmed query value', () => {
    expect(textParam(undefined)).toBe('');
    expect(textParam(['  白名单 ', 'x'])).toBe('白名单');
    expect(textParam('a'.repeat(80))).toHaveLength(50);
  });

  it('builds links with only the set values', () => {
    expect(withQuery('/news', { type: null, page: undefined })).toBe('/news');
    expect(withQuery('/news', { type: 2, page: 3 })).toBe('/news?type=2&page=3');
    expect(withQuery('/policy', { keyword: '数据 安全', page: '' })).toBe('/policy?keyword=%E6%95%B0%E6%8D%AE+%E5%AE%89%E5%85%A8');
  });

  it('cuts a description to one line', () => {
    expect(metaDescription('第一行\n第二行')).toBe('第一行 第二行');
    expect(metaDescription('字'.repeat(200), 10)).toBe(`${'字'.repeat(9)}…`);
  });
});
