// The web process's guard rails (security.mjs, applied by server.mjs to every request).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isDevPath, refuseDevTools, securityHeaders } from '../../security.mjs';

function request(url: string, peer: string, headers: Record<string, string> = {}, encrypted = false): IncomingMessage {
  return { url, headers, socket: { remoteAddress: peer, encrypted } } as unknown as IncomingMessage;
}

describe('the dev tools’ pages answer this machine only', () => {
  it.each([
    '/dev/outbox',
    '/dev',
    '/dev/outbox?to=13800138000',
    '//dev/outbox',
    '/x/../dev/outbox',
    'http://web.example/dev/outbox',
    '/DEV/outbox',
    '/%64ev/outbox',
    '/dev%2Foutbox',
    '/dev/outbox?_rsc=1',
    '/%E0',
  ])('%j is a dev tools path', (url) => expect(isDevPath(url)).toBe(true));
  it.each(['/', '/developer', '/devices/x', '/api/dev', '/userCenter'])('%j is not', (url) => expect(isDevPath(url)).toBe(false));

  it('refuses a browser elsewhere on the network, also through a proxy on this machine', () => {
    const off = { devToolsRemote: false };
    expect(refuseDevTools(request('/dev/outbox', '192.168.1.23'), off)).toBe(true);
    expect(refuseDevTools(request('/dev/outbox', '::ffff:10.0.0.5'), off)).toBe(true);
    expect(refuseDevTools(request('/dev/outbox', '192.168.1.23', { 'x-forwarded-for': '127.0.0.1' }), off)).toBe(true);
    expect(refuseDevTools(request('/dev/outbox', '127.0.0.1', { 'x-forwarded-for': '192.168.1.23' }), off)).toBe(true);
    expect(refuseDevTools(request('/dev/outbox', '127.0.0.1'), off)).toBe(false);
    expect(refuseDevTools(request('/dev/outbox', '::1'), off)).toBe(false);
    expect(refuseDevTools(request('/dev/outbox', '::ffff:127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), off)).toBe(false);
    expect(refuseDevTools(request('/', '192.168.1.23'), off)).toBe(false);
    expect(refuseDevTools(request('/dev/outbox', '192.168.1.23'), { devToolsRemote: true })).toBe(false);
  });
});

describe('security headers of every web answer', () => {
  it('forbid framing and sniffing, and add HSTS only over https', () => {
    const plain = securityHeaders(request('/', '192.168.1.23'));
    expect(plain).toEqual({
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    });
    expect(securityHeaders(request('/', '10.0.0.1', { 'x-forwarded-proto': 'https' }))['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(securityHeaders(request('/', '10.0.0.1', {}, true))['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(securityHeaders(request('/', '10.0.0.1', { 'x-forwarded-proto': 'http' }))['Strict-Transport-Security']).toBeUndefined();
  });
});
