// Process roles (SERVER_ROLE): a gateway process answers the open data API and its health check
// only; a portal process serves /apiHome and leaves the open data API to gateway processes.
import { describe, expect, it } from 'vitest';
import { fileTestApp } from './test/harness';
import { post } from './test/identity';

// The harness opens its own database; DATABASE_URL only satisfies the role rule of the config.
const SHARED = { DATABASE_URL: 'postgres://db.internal/apimarket' };
const CALL = { method: 'POST' as const, url: '/communication/personal/1882', headers: { 'content-type': 'application/json' }, payload: '{}' };

describe('SERVER_ROLE=gateway', () => {
  const t = fileTestApp({ env: { ...SHARED, SERVER_ROLE: 'gateway' } });

  it('answers the open data API and the health check, and nothing of the portal', async () => {
    expect((await t.app.inject(CALL)).json()).toMatchObject({ code: 'SYSTEM_000', message: '缺少参数 key' });
    expect((await t.app.inject({ method: 'GET', url: '/apiHome/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/apiHome/api/category/list' })).statusCode).toBe(404);
    expect((await post(t, 'memberShip/isLoginState', {})).statusCode).toBe(404);
  });

  it('without the portal plugins: a multipart call is still SYSTEM_045, the headers still sent', async () => {
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/communication/personal/1882',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect([multipart.statusCode, multipart.json().code]).toEqual([200, 'SYSTEM_045']);
    const answer = await t.app.inject({ ...CALL, payload: '{"key":"nope"}' });
    expect(answer.json().code).toBe('SYSTEM_001');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['x-request-id']).toBeTruthy();
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('SERVER_ROLE=portal', () => {
  const t = fileTestApp({ env: { ...SHARED, SERVER_ROLE: 'portal' } });

  it('serves the portal API and leaves the open data API to the gateway processes', async () => {
    // Logged out, the user-state call answers its own ALL_0024: the portal route is there.
    expect((await post(t, 'memberShip/isLoginState', {})).json().code).toBe('ALL_0024');
    expect((await t.app.inject(CALL)).statusCode).toBe(404);
  });
});
