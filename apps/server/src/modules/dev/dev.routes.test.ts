import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';

describe('dev tools on', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('the outbox lists what was sent to a recipient, newest first, with its code', async () => {
    t = await buildTestApp();
    await t.notifier.send({ channel: 'sms', to: '13800138000', body: '您的验证码为 482913，10分钟内有效。' });
    await t.notifier.send({ channel: 'sms', to: '13900139000', body: '您的验证码为 111111，10分钟内有效。' });
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/dev/outbox?to=13800138000' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.rows[0]).toMatchObject({
      channel: 'sms',
      recipient: '13800138000',
      code: '482913',
      status: 'sent',
      body: '【数据API市场】您的验证码为 482913，10分钟内有效。',
    });
  });

  it('an unknown captcha is a clear not-found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/dev/captcha?uuid=nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ALL_0011', msg: '验证码不存在或已过期' });
  });
});

describe('dev tools off', () => {
  it('the dev endpoints do not exist', async () => {
    const t = await buildTestApp({ env: { DEV_TOOLS: '0', WIRE_SIGN_SECRET: 'prod-sign-123', WIRE_AES_SECRET: 'prod-aes-456', SECRETS_KEY: 'prod-secrets-key-0123' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/apiHome/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ALL_0008');
    } finally {
      await t.close();
    }
  });
});
