import { describe, expect, it } from 'vitest';
import { codeSamples, formatPrice, stripWords, unitPrice } from './catalog';

describe('catalogue helpers', () => {
  it('formats fen as yuan', () => {
    expect(formatPrice(30000)).toBe('¥300.00');
    expect(formatPrice(128000050)).toBe('¥1,280,000.50');
    expect(unitPrice({ id: 1, calls: 1000, priceFen: 30000, validityDays: 365 })).toBe('¥0.30/次');
  });

  it('strips the configured words from footer names', () => {
    expect(stripWords('高速通行记录查询', ['高速'])).toBe('通行记录查询');
    expect(stripWords('实名认证', ['高速'])).toBe('实名认证');
  });

  it('builds six code samples from the path and parameters, with quotes escaped', () => {
    const s = codeSamples('https://api.example.cn', {
      path: '/communication/personal/1882',
      params: [
        { name: 'name', type: 'string', required: true, description: '', example: '张三' },
        { name: 'idcard', type: 'string', required: true, description: '', example: '1101"x' },
      ],
    });
    expect(Object.keys(s)).toEqual(['curl', 'Java', 'Python', 'Node.js', 'PHP', 'Go']);
    for (const code of Object.values(s)) {
      expect(code).toContain('https://api.example.cn/communication/personal/1882');
      expect(code).toContain('idcard');
    }
    expect(s.curl).toContain('--data-urlencode "name=张三"');
    expect(s.Python).toContain('"idcard": "1101\\"x"');
    expect(s.Go).toContain('form.Set("key", "您的接口Key")');
  });
});
