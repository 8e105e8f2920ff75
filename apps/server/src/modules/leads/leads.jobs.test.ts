import { describe, expect, it } from 'vitest';
import { digestDue } from './leads.jobs';

describe('digestDue', () => {
  it('is yesterday in China time, due from 09:00 there', () => {
    expect(digestDue(new Date('2026-11-21T00:30:00Z'))).toEqual({ day: '2026-11-20', due: false }); // 08:30 in China
    expect(digestDue(new Date('2026-11-21T01:00:00Z'))).toEqual({ day: '2026-11-20', due: true }); // 09:00
    expect(digestDue(new Date('2026-11-21T17:00:00Z'))).toEqual({ day: '2026-11-21', due: false }); // 01:00 next day
  });
});
