import { describe, expect, it } from 'vitest';
import { buildTestApp, fileTestApp } from '../../test/harness';

describe('dev tools on', () => {
  const t = fileTestApp();

  it('the outbox lists what was sent to a recipient, newest first, with its code', async () => {
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

describe('dev tools answer this machine only', () => {
  const t = fileTestApp();

  it('a client on the network gets the answer of a path that does not exist', async () => {
    await t.notifier.send({ channel: 'sms', to: '13800138001', body: '您的验证码为 482913，10分钟内有效。' });
    // What the web's forwarder sends for a browser elsewhere on the network (TRUST_PROXY=loopback).
    for (const url of ['/apiHome/dev/outbox?to=13800138001', '/apiHome/dev/captcha?uuid=x']) {
      for (const ip of ['192.168.1.23', '10.0.0.5', '2001:db8::1']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip } });
        expect([res.statusCode, res.json()], `${url} from ${ip}`).toEqual([404, { code: 'ALL_0008', msg: '请求的接口不存在' }]);
      }
    }
    // A client that claims loopback through a hop that is not trusted is still the hop.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/apiHome/dev/outbox',
      remoteAddress: '192.168.1.23',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    // This machine's browser (through the web on loopback) and this machine's scripts get it.
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1' }, { 'x-forwarded-for': '::ffff:127.0.0.1' }, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/apiHome/dev/outbox?to=13800138001', headers });
      expect(res.json().rows[0]?.code, JSON.stringify(headers)).toBe('482913');
    }
  });

  it('DEV_TOOLS_REMOTE=1 opens them to the network', async () => {
    const remote = await buildTestApp({ env: { DEV_TOOLS_REMOTE: '1' } });
    try {
      const res = await remote.app.inject({ method: 'GET', url: '/apiHome/dev/outbox', headers: { 'x-forwarded-for': '192.168.1.23' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await remote.close();
    }
  });
});

describe('dev tools off', () => {
  it('the dev endpoints do not exist', async () => {
    const t = await buildTestApp({
      env: { DEV_TOOLS: '0', WIRE_SIGN_SECRET: 'prod-sign-123', WIRE_AES_SECRET: 'prod-aes-456', SECRETS_KEY: 'prod-secrets-key-0123' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/apiHome/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ALL_0008');
    } finally {
      await t.close();
    }
  });
});
