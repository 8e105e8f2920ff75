// Logs must never carry passwords, codes, tokens or ID numbers — checked on real log output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, FORM, form, logCapture, signed, type TestApp } from '../test/harness';
import { ok } from './envelope';
import { scrub, scrubString } from './logging';

const { lines, stream: sink } = logCapture();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    logStream: sink,
    routes: (api) => {
      // A statement the database refuses, with personal values bound to it (issue #16 §2).
      api.post('/test/failing-query', async () => {
        await t.database.db.execute(
          sql`select ${'李四'} as name, ${'li.si@example.com'} as email, ${'Q2hhbmdlTWVfdGhpc19pc19hX3B1cmNoYXNlX2tleV8xMjM'} as key, ${'99999999999'}::int as n`,
        );
        return ok(null);
      });
      api.post('/test/log', async (request) => {
        // A careless service logging the whole input must still not leak it.
        request.log.info({ input: request.body }, 'received');
        return ok(null);
      });
    },
  });
});
afterAll(() => t.close());

describe('logs', () => {
  it('hold request lines with id, path and status but no secrets', async () => {
    const secrets = {
      pwd: 'S3cret!pw',
      code: '834201',
      token: 'tok_abcdefghijklmnop',
      idcard: '110101199003074515',
      note: '身份证 110101199003074515 手机 13912345678 卡 6222021234567890123',
    };
    await t.app.inject({
      method: 'POST',
      url: '/apiHome/test/log?phone=13912345678&captcha=AB12',
      headers: { ...FORM, cookie: 'myToken=cookie-secret-value', 'x-requested-with': 'XMLHttpRequest' },
      payload: form(signed(t.config, secrets, { token: secrets.token })),
    });
    const all = lines.join('');
    expect(all).toContain('"path":"/apiHome/test/log"');
    expect(all).toContain('"reqId"');
    expect(all).toContain('"statusCode":200');
    for (const leak of [
      'S3cret!pw',
      '834201',
      'tok_abcdefghijklmnop',
      '110101199003074515',
      '13912345678',
      'AB12',
      'cookie-secret-value',
      '6222021234567890123',
    ]) {
      expect(all).not.toContain(leak);
    }
    expect(all).toContain('110101********4515');
  });
});

describe('a failed query', () => {
  it('is logged with its statement and SQLSTATE, never its bound values', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiHome/test/failing-query',
      headers: { ...FORM, 'x-requested-with': 'XMLHttpRequest' },
      payload: form(signed(t.config, {})),
    });
    // An out-of-range number is the caller's input no rule caught: ALL_0001, not a 500.
    expect([res.statusCode, res.json().code]).toEqual([400, 'ALL_0001']);
    const all = lines.join('');
    expect(all).toContain('Failed query');
    expect(all).toContain('"code":"22003"');
    for (const leak of ['李四', 'li.si@example.com', 'Q2hhbmdlTWVfdGhpc19pc19hX3B1cmNoYXNlX2tleV8xMjM', '99999999999']) {
      expect(all).not.toContain(leak);
    }
  });
});

describe('scrub', () => {
  it('masks ID numbers, mobiles and cards inside text', () => {
    expect(scrubString('110101199003074515')).toBe('110101********4515');
    expect(scrubString('tel 13800138000.')).toBe('tel 138****8000.');
    expect(scrubString('6222021234567890')).toBe('6222****7890');
    expect(scrubString('mail zhang.san@example.com.cn')).toBe('mail z***@example.com.cn');
    expect(scrubString('key=Q2hhbmdlTWVfdGhpc19pc19hX3B1cmNoYXNlX2tleV8xMjM&x')).toBe('key=[key]&x');
  });

  it('redacts names and e-mail addresses by key', () => {
    expect(scrub({ contacter: '王五', email: 'a@b.cn', realName: '赵六' })).toEqual({ contacter: '[redacted]', email: '[redacted]', realName: '[redacted]' });
  });

  it('redacts secret keys at any depth and keeps error codes', () => {
    const out = scrub({ a: { password: 'x', nested: [{ sign: 'y' }] }, err: Object.assign(new Error('bad 13800138000'), { code: 'E1' }) });
    expect(out).toMatchObject({ a: { password: '[redacted]', nested: [{ sign: '[redacted]' }] }, err: { code: 'E1', message: 'bad 138****8000' } });
  });
});
