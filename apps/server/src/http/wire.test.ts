// The wire layer's behaviour as a client sees it: every kind of bad request gets the envelope
// with a Chinese message and the right status, never a 500 and never a stack.
import { encryptField, encryptPayload, LoginInput } from '@apimarket/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema';
import { createSession, revokeSession } from '../modules/identity/session.service';
import { buildTestApp, FORM, form, signed, type TestApp } from '../test/harness';
import { ok } from './envelope';
import { parseInput } from './parse';
import { requireMember } from './wire';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    routes: (api) => {
      api.post('/test/echo', async (request) => ok(request.body));
      api.get('/test/echo', async (request) => ok(request.query));
      api.post('/test/me', async (request) => ok(await requireMember(request)));
      api.post('/test/login', async (request) => ok(parseInput(LoginInput, request.body).name));
      api.get('/test/boom', async () => {
        throw new Error('connection string postgres://admin:hunter2@db/internal');
      });
    },
    rootRoutes: (app) => {
      app.post('/outside/portal/1882', async () => ({ code: '10000' }));
    },
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the database reachable without a sign', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: { status: 'ok', database: t.database.kind } });
  });
});

describe('request id', () => {
  it('is on every answer and keeps a well-formed one from the caller', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/apiHome/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/apiHome/health', headers: { 'x-request-id': 'web-abcdef123' } });
    expect(kept.headers['x-request-id']).toBe('web-abcdef123');
    const junk = await t.app.inject({ method: 'GET', url: '/apiHome/health', headers: { 'x-request-id': 'x\nforged log line' } });
    expect(junk.headers['x-request-id']).not.toContain('forged');
  });
});

/** A POST as a client sends it: by default a form to the echo route. */
const send = (payload: string, { url = '/apiHome/test/echo', type = FORM['content-type'] as string } = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
/** The form body of a request signed at `at`. */
const signedForm = (fields: Record<string, string> = {}, at = Date.now()) => form(signed(t.config, fields, { at }));

describe('bad requests', () => {
  const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
  const wrongSign = { code: 'ALL_0003', msg: '请求签名错误' };
  const undecryptable = { code: 'ALL_0005', msg: '请求参数解密失败' };
  const otherKey = encryptField('张三', 'some-other-key');
  it.each<[string, () => Promise<LightMyRequestResponse>, number, { code: string; msg: string }]>([
    ['unknown /apiHome path → 404 ALL_0008', () => send(signedForm(), { url: '/apiHome/no/such/call' }), 404, { code: 'ALL_0008', msg: '请求的接口不存在' }],
    ['missing sign → 400 ALL_0002', () => send(form({ a: '1' })), 400, { code: 'ALL_0002', msg: '缺少签名参数' }],
    ['wrong sign → 400 ALL_0003', () => send(signedForm({ sign: '0'.repeat(32) })), 400, wrongSign],
    ['a sign made for another token does not pass', () => send(form({ ...signed(t.config, {}, { token: 'aaa' }), token: 'bbb' })), 400, wrongSign],
    ['cdpDate 11 minutes old → 400 ALL_0004', () => send(signedForm({}, minutesAgo(11))), 400, { code: 'ALL_0004', msg: '请求已过期，请校准本机时间后重试' }],
    ['undecryptable field with encrypt=1 → 400 ALL_0005', () => send(signedForm({ encrypt: '1', name: 'plain-text-not-encrypted' })), 400, undecryptable],
    ['a field encrypted with another key → ALL_0005', () => send(signedForm({ encrypt: '1', name: otherKey })), 400, undecryptable],
    ['oversized body → 413 ALL_0006', () => send(signedForm({ big: 'x'.repeat(t.config.bodyLimit + 10) })), 413, { code: 'ALL_0006', msg: '请求内容过大' }],
    ['wrong content type → 415 ALL_0007', () => send('<a>1</a>', { type: 'application/xml' }), 415, { code: 'ALL_0007', msg: '不支持的请求格式' }],
    ['malformed JSON → 400 ALL_0014', () => send('{"cdpDate": 1, ', { type: 'application/json' }), 400, { code: 'ALL_0014', msg: '请求体格式错误' }],
  ])('%s', async (_title, request, status, answer) => {
    const res = await request();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(answer);
  });

  it('cdpDate 9 minutes old still passes', async () => {
    const res = await send(signedForm({ a: '1' }, minutesAgo(9)));
    expect(res.statusCode).toBe(200);
  });

  it('an unexpected failure → 500 ALL_0099 with nothing internal in the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/test/boom', query: signed(t.config) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'ALL_0099', msg: '系统繁忙，请稍后再试' });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });
});

describe('input rules', () => {
  it("a field failing its contracts rule answers 400 ALL_0001 with that rule's message", async () => {
    const res = await send(signedForm({ name: '', pwd: 'x' }), { url: '/apiHome/test/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: '请输入账号' });
  });

  it('paths outside /apiHome are not held to the portal conventions', async () => {
    const res = await send(form({ key: 'k' }), { url: '/outside/portal/1882' });
    expect(res.json()).toEqual({ code: '10000' });
    expect(res.cookies.find((c) => c.name === 'tourisToken')).toBeUndefined();
  });
});

describe('accepted requests', () => {
  it('form-urlencoded POST reaches the route', async () => {
    const res = await send(signedForm({ name: '李四' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('李四');
  });

  it('JSON POST reaches the route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/apiHome/test/echo', payload: signed(t.config, { phone: '13800138000' }) });
    expect(res.json().data.phone).toBe('13800138000');
  });

  it('GET takes the conventions from the query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/test/echo', query: signed(t.config, { q: '身份证' }) });
    expect(res.json().data.q).toBe('身份证');
  });

  it('encrypt=1 fields arrive decrypted', async () => {
    const payload = encryptPayload(signed(t.config, { name: '王五', pwd: 'abc123' }), t.config.wire.aesSecret);
    const res = await send(form(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '王五', pwd: 'abc123' });
  });
});

describe('tourist token', () => {
  it('is issued when absent and kept when present', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/apiHome/health' });
    const cookie = first.cookies.find((c) => c.name === 'tourisToken');
    expect(cookie?.value).toMatch(/^t[0-9a-f]{32}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    const again = await t.app.inject({ method: 'GET', url: '/apiHome/health', cookies: { tourisToken: cookie?.value ?? '' } });
    expect(again.cookies.find((c) => c.name === 'tourisToken')).toBeUndefined();
  });
});

describe('sessions', () => {
  let token = '';

  beforeAll(async () => {
    const [m] = await t.database.db.insert(members).values({ loginName: 'wiretest01', mobile: '13800138000', passwordHash: 'x' }).returning({ id: members.id });
    const s = await createSession(t.database.db, { memberId: m?.id ?? 0, remember: true, ip: '127.0.0.1', userAgent: 'vitest' });
    token = s.token;
  });

  /** A call as a page makes it (with X-Requested-With), unless `headers` says where it comes from instead. */
  const me = (opts: { cookie?: string; field?: string; headers?: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/apiHome/test/me',
      headers: { ...FORM, ...(opts.headers ?? { 'x-requested-with': 'XMLHttpRequest' }) },
      cookies: opts.cookie ? { myToken: opts.cookie } : {},
      payload: form(signed(t.config, {}, { token: opts.field ?? '' })),
    });

  it('anonymous → 401 ALL_0024', async () => {
    const res = await me({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'ALL_0024', msg: '登录已过期，请重新登录' });
  });

  it('the myToken cookie resolves the member', async () => {
    const res = await me({ cookie: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.loginName).toBe('wiretest01');
  });

  it('the token field serves non-browser clients', async () => {
    const res = await me({ field: token });
    expect(res.json().data.loginName).toBe('wiretest01');
  });

  it('a forged token is anonymous', async () => {
    const res = await me({ cookie: 'A'.repeat(43) });
    expect(res.json().code).toBe('ALL_0024');
  });

  it('CSRF: a cookie write without X-Requested-With or same Origin → 403 ALL_0009', async () => {
    const res = await me({ cookie: token, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ALL_0009', msg: '请求来源不受信任，请刷新页面后重试' });
  });

  it('CSRF: a same-origin write is accepted', async () => {
    const res = await me({ cookie: token, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(res.statusCode).toBe(200);
  });

  it('a revoked session → ALL_0024', async () => {
    await revokeSession(t.database.db, token);
    const res = await me({ cookie: token });
    expect(res.json().code).toBe('ALL_0024');
  });
});
