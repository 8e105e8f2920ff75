// Logs must never carry passwords, codes, tokens or ID numbers — checked on real log output.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FORM, form, signed, type TestApp } from '../test/harness';
import { ok } from './envelope';
import { scrub, scrubString } from './logging';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    logStream: sink,
    routes: (api) => {
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
    for (const leak of ['S3cret!pw', '834201', 'tok_abcdefghijklmnop', '110101199003074515', '13912345678', 'AB12', 'cookie-secret-value', '6222021234567890123']) {
      expect(all).not.toContain(leak);
    }
    expect(all).toContain('110101********4515');
  });
});

describe('scrub', () => {
  it('masks ID numbers, mobiles and cards inside text', () => {
    expect(scrubString('110101199003074515')).toBe('110101********4515');
    expect(scrubString('tel 13800138000.')).toBe('tel 138****8000.');
    expect(scrubString('6222021234567890')).toBe('6222****7890');
  });

  it('redacts secret keys at any depth and keeps error codes', () => {
    const out = scrub({ a: { password: 'x', nested: [{ sign: 'y' }] }, err: Object.assign(new Error('bad 13800138000'), { code: 'E1' }) });
    expect(out).toMatchObject({ a: { password: '[redacted]', nested: [{ sign: '[redacted]' }] }, err: { code: 'E1', message: 'bad 138****8000' } });
  });
});
