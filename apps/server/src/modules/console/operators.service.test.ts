// Operator sign-in pauses (issue #16 §3): strangers guessing from many addresses cannot keep an
// operator out, while one address guessing is still paused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperator, totpCode } from '../../test/console';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (fields: Record<string, string>, ip: string) => post(t, 'console/login', fields, { ip });

describe('operator sign-in pauses places, not accounts', () => {
  it('guesses from four other addresses do not stop the operator signing in from a fifth', async () => {
    const op = await newOperator(t, 'admin');
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      for (let i = 0; i < 6; i++) await login({ username: op.username, password: `wrongpass${i}` }, ip);
      // Each stranger's own address is paused…
      const paused = await login({ username: op.username, password: op.password, code: totpCode(op.secret, 1) }, ip);
      expect([paused.statusCode, paused.json()]).toEqual([429, { code: 'ALL_0012', msg: '登录失败次数过多，请15分钟后再试' }]);
    }
    // …and the operator at their own desk still gets in.
    const own = await login({ username: op.username, password: op.password, code: totpCode(op.secret, 1) }, '10.91.0.1');
    expect(own.json()).toMatchObject({ code: 200, data: { stage: 'done', operator: { username: op.username, role: 'admin' } } });
  });

  it('one address is still paused after five tries at an account, and after thirty at any accounts', async () => {
    const op = await newOperator(t, 'sales');
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) expect((await login({ username: op.username, password: `wrongpass${i}` }, ip)).json().code).toBe('ALL_0020');
    expect((await login({ username: op.username, password: op.password }, ip)).statusCode).toBe(429);

    const sweep = '198.51.100.21';
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) codes.push((await login({ username: `nobody.${i}`, password: 'wrongpass1' }, sweep)).json().code);
    expect(codes.slice(0, 30).every((c) => c === 'ALL_0020')).toBe(true);
    expect(codes[30]).toBe('ALL_0012');
  });
});
