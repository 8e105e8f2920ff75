import { afterEach, describe, expect, it, vi } from 'vitest';
import { forget, forgetEverything, Memo } from './memo';

afterEach(() => {
  vi.useRealTimers();
  forgetEverything();
});

describe('memo: the gateway facts kept in this process', () => {
  it('answers until its lifetime ends, then nothing', () => {
    vi.useFakeTimers();
    const m = new Memo<number, string>('credentials', { ms: 1000, max: 10, byMember: true });
    m.set(7, 'secret-set');
    expect(m.get(7)).toBe('secret-set');
    vi.advanceTimersByTime(1001);
    expect(m.get(7)).toBeUndefined();
  });

  it('keeps a remembered null apart from nothing remembered (an unknown key costs no second lookup)', () => {
    const m = new Memo<string, number | null>('purchases', { ms: 60_000, max: 10 });
    m.set('unknown-key', null);
    expect(m.get('unknown-key')).toBeNull();
    expect(m.get('never-seen')).toBeUndefined();
  });

  it('forgets one member where keyed by member, and everything of the fact otherwise', () => {
    const byMember = new Memo<number, boolean>('qualification', { ms: 60_000, max: 10, byMember: true });
    const byKey = new Memo<string, number>('whitelist', { ms: 60_000, max: 10 });
    byMember.set(1, true);
    byMember.set(2, true);
    byKey.set('a', 1);
    forget('qualification', 1);
    expect([byMember.get(1), byMember.get(2)]).toEqual([undefined, true]);
    forget('qualification');
    expect(byMember.get(2)).toBeUndefined();
    // A fact never named is left alone.
    expect(byKey.get('a')).toBe(1);
  });

  it('forgetting interfaces forgets the purchases that name them', () => {
    const interfaces = new Memo<number, string>('interfaces', { ms: 60_000, max: 10 });
    const purchases = new Memo<string, number>('purchases', { ms: 60_000, max: 10 });
    interfaces.set(1882, 'on sale');
    purchases.set('key-1', 1882);
    forget('interfaces');
    expect([interfaces.get(1882), purchases.get('key-1')]).toEqual([undefined, undefined]);
  });

  it('starts afresh at its size bound, so a flood of distinct keys cannot grow memory', () => {
    const m = new Memo<string, number>('purchases', { ms: 60_000, max: 3 });
    for (const k of ['a', 'b', 'c']) m.set(k, 1);
    m.set('d', 1);
    expect([m.get('a'), m.get('d')]).toEqual([undefined, 1]);
  });
});
