// The API's security headers (issue #16 §3): every kind of answer carries them, and the answers
// themselves are unchanged — JSON, the captcha image and the open data API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/harness';
import { get, post } from '../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function expectHeaders(res: { headers: Record<string, unknown> }, what: string) {
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(res.headers['content-security-policy'], what).toContain("default-src 'none'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

describe('security headers on the API', () => {
  it('on a JSON answer, an error, the captcha image and an open data API answer', async () => {
    const state = await post(t, 'memberShip/isLoginState', {});
    expect(state.json().code).toBe('ALL_0024');
    expectHeaders(state, 'isLoginState');

    const list = await get(t, 'api/category/list');
    expect(list.statusCode).toBe(200);
    expectHeaders(list, 'a JSON list');

    const unknown = await t.app.inject({ method: 'GET', url: '/apiHome/no/such/path' });
    expect(unknown.json().code).toBe('ALL_0008');
    expectHeaders(unknown, 'an unknown path');

    const image = await t.app.inject({ method: 'GET', url: '/apiHome/memberShip/code?0.5' });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expectHeaders(image, 'the captcha image');

    const gateway = await t.app.inject({
      method: 'POST',
      url: '/communication/personal/1882',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'key=nope',
    });
    expect(gateway.statusCode).toBe(200);
    expect(gateway.json().code).toMatch(/^SYSTEM_/);
    expectHeaders(gateway, 'the open data API');
  });
});
