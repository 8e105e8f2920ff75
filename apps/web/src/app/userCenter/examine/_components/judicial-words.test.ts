import { describe, expect, it } from 'vitest';
import { idFromQuery, JUDICIAL_OPTIONS, prettyJson, statusColor } from './judicial-words';

describe('judicial screen words', () => {
  it('offers the five in the spec order', () => {
    expect(JUDICIAL_OPTIONS.map((o) => o.value)).toEqual(['9839', '9834', '9836', '9662', '9838']);
    expect(JUDICIAL_OPTIONS[1]?.label).toBe('企业涉诉信息');
  });

  it('colours open red, closed green, undisclosed plain', () => {
    expect([statusColor(true), statusColor(false), statusColor(null)]).toEqual(['error', 'success', 'default']);
  });

  it('reads only a positive whole id from the address', () => {
    expect(idFromQuery('12')).toBe(12);
    for (const v of [null, '', '0', '-1', '1.5', 'abc', '1234567890']) expect(idFromQuery(v)).toBeNull();
  });

  it('prints the answer with two-space indent', () => {
    expect(prettyJson({ code: '10000' })).toBe('{\n  "code": "10000"\n}');
  });
});
