// The open data API against what a stranger or a broken client sends (issue #16 §2, Decisions
// 123–124): control characters and junk field names answer a platform code that says what is
// wrong; nothing a caller without a valid key sends is kept; a client address has a budget
// before any key is looked up; every answer is the envelope with a seqNo, and a call that ends
// before its checks (or in SYSTEM_999) is recorded so support can find it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRecords, purchases } from '../../db/schema';
import { qualifiedAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { clearGatewayCaches } from './gateway.service';

let t: TestApp;
let key = '';
const PATH = '/communication/personal/1882';
const ZHANG = { name: '张三', idcard: '110101199003074514' };
let address = 0;
/** A fresh client address per test, so one test's budget is not another's. */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  t = await buildTestApp({
    env: { GATEWAY_UNKEYED_PER_ADDRESS: '5', GATEWAY_RATE_PER_ADDRESS: '40', GATEWAY_RATE_PER_KEY: '100000' },
    rootRoutes: (app) => {
      // A path outside the portal whose handler fails: how the platform's own failure looks.
      app.get('/failing/for/test', async () => {
        throw new Error('boom');
      });
    },
  });
  const buyer = await qualifiedAccount(t, '10.61.0.1');
  key = await buyCheapest(t, buyer, 1882);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

function call(ip: string, payload: string | Buffer, contentType = 'application/x-www-form-urlencoded', url = PATH) {
  return t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType, 'x-forwarded-for': ip }, payload });
}
const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const recordOf = async (seqNo: string) => (await t.database.db.select().from(callRecords).where(eq(callRecords.seqNo, seqNo)))[0];
const callsLeft = async () => (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;

describe('what the open data API refuses, and what it keeps', () => {
  it('answers a control character in a value or a name with SYSTEM_042 naming it, uncharged and recorded without the value', async () => {
    const before = await callsLeft();
    const ip = nextAddress();
    const inValue = (await call(ip, formOf({ key, name: '张\u0000三', idcard: ZHANG.idcard }))).json();
    expect(inValue).toMatchObject({ code: 'SYSTEM_042', message: '参数格式错误：「name」含有不允许的控制字符', data: null });
    const inName = (await call(ip, JSON.stringify({ key, ...ZHANG, 'na\u0000me': 'x' }), 'application/json')).json();
    expect(inName).toMatchObject({ code: 'SYSTEM_042', message: '参数格式错误：参数名含有不允许的控制字符' });
    expect(await callsLeft()).toBe(before);
    for (const seqNo of [inValue.seqNo, inName.seqNo]) {
      const rec = await recordOf(seqNo);
      expect(rec).toMatchObject({ code: 'SYSTEM_042', charged: 0, params: {} });
      expect(rec?.memberId).not.toBeNull();
    }
  });

  it('answers a control character or broken text in the key as no key, and broken text anywhere as SYSTEM_042', async () => {
    const ip = nextAddress();
    for (const payload of [formOf({ key: 'a\u0000b', ...ZHANG }), JSON.stringify({ key: '\ud800', ...ZHANG })]) {
      const type = payload.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded';
      expect((await call(ip, payload, type)).json().code).toBe('SYSTEM_001');
    }
    const before = await callsLeft();
    const brokenValue = (await call(ip, JSON.stringify({ key, name: '\udc00', idcard: ZHANG.idcard }), 'application/json')).json();
    expect(brokenValue).toMatchObject({ code: 'SYSTEM_042', message: '参数格式错误：「name」含有无法识别的字符' });
    const brokenName = (await call(ip, JSON.stringify({ key, ...ZHANG, '\ud800x': '1' }), 'application/json')).json();
    expect(brokenName).toMatchObject({ code: 'SYSTEM_042', message: '参数格式错误：参数名含有不允许的控制字符' });
    expect(await callsLeft()).toBe(before);
  });

  it('answers more than 100 fields or a name over 64 characters with SYSTEM_046', async () => {
    const ip = nextAddress();
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'x']));
    expect((await call(ip, formOf({ key, ...ZHANG, ...many }))).json()).toMatchObject({ code: 'SYSTEM_046', message: '参数过多或参数名过长' });
    expect((await call(ip, formOf({ key, ...ZHANG, ['n'.repeat(65)]: 'x' }))).json().code).toBe('SYSTEM_046');
  });

  it('keeps no field of a call without a valid key, and at most 30 fields of any call', async () => {
    const ip = nextAddress();
    const junk = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`made_up_${i}`, 'y'.repeat(200)]));
    const anonymous = (await call(ip, formOf({ key: 'not-a-key', ...ZHANG, ...junk }))).json();
    expect(anonymous.code).toBe('SYSTEM_001');
    expect((await recordOf(anonymous.seqNo))?.params).toEqual({});
    const keyed = (await call(ip, formOf({ key, ...ZHANG, ...junk }))).json();
    expect(keyed.code).toBe('10000');
    const kept = (await recordOf(keyed.seqNo))?.params ?? {};
    expect(Object.keys(kept)).toHaveLength(30);
    expect(kept).toMatchObject({ name: '张*', idcard: '110101********4514' });
  });

  it('answers unreadable bodies with their own codes, HTTP 200 and a recorded seqNo', async () => {
    const ip = nextAddress();
    const cases: Array<[string | Buffer, string, string]> = [
      ['{"key":', 'application/json', 'SYSTEM_043'],
      ['[1,2]', 'application/json', 'SYSTEM_043'],
      ['<call/>', 'text/xml', 'SYSTEM_045'],
      ['key=x', 'multipart/form-data', 'SYSTEM_045'],
      [Buffer.alloc(t.config.bodyLimit + 10, 'a'), 'application/x-www-form-urlencoded', 'SYSTEM_044'],
    ];
    for (const [payload, type, code] of cases) {
      const res = await call(ip, payload, type);
      expect(res.statusCode, type).toBe(200);
      const body = res.json();
      expect(body, type).toMatchObject({ code, data: null });
      expect((await recordOf(body.seqNo))?.code, type).toBe(code);
    }
  });

  it('answers unknown paths, methods and over-long segments with SYSTEM_004 in the envelope', async () => {
    const ip = nextAddress();
    for (const [method, url] of [
      ['POST', `/${'a'.repeat(250)}/x/1`],
      ['GET', PATH],
      ['POST', '/a/b'],
      ['PUT', '/a/b/c/d'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-forwarded-for': ip } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), `${method} ${url}`).toMatchObject({
        code: 'SYSTEM_004',
        message: '接口不存在',
        data: null,
        seqNo: expect.stringMatching(/^[0-9A-F]{20}$/),
      });
    }
  });

  it('records a call that ends in SYSTEM_999', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/failing/for/test', headers: { 'x-forwarded-for': nextAddress() } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 'SYSTEM_999', message: '系统内部错误' });
    expect(await recordOf(body.seqNo)).toMatchObject({ code: 'SYSTEM_999', params: {}, memberId: null });
  });
});

describe('requests Node itself cannot read', () => {
  it('answers an over-long query over HTTP with SYSTEM_047 in the envelope, and the portal in its own', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const long = 'x'.repeat(20_000);
      const gateway = await fetch(`${origin}${PATH}?q=${long}`, { method: 'POST' });
      expect(gateway.status).toBe(200);
      const body = (await gateway.json()) as { code: string; seqNo: string };
      expect(body).toMatchObject({ code: 'SYSTEM_047', message: '请求地址或请求头过长', data: null });
      expect((await recordOf(body.seqNo))?.code).toBe('SYSTEM_047');
      const portal = await fetch(`${origin}/apiHome/api/interface/search?q=${long}`);
      expect([portal.status, ((await portal.json()) as { code: string }).code]).toEqual([431, 'ALL_0006']);
    } finally {
      await t.app.server.close();
    }
  });
});

describe('budgets per client address', () => {
  it('answers keyless calls over the budget with SYSTEM_038 and records none of them', async () => {
    const ip = nextAddress();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await call(ip, formOf({ key: `guess-${i}`, ...ZHANG }))).json());
    const refused = answers.filter((a) => a.code === 'SYSTEM_038');
    expect(refused.length).toBeGreaterThan(0);
    const n = await t.database.db.$count(callRecords, eq(callRecords.ip, ip));
    // At most two one-second windows of 5 were recorded, whatever the clock did meanwhile.
    expect(n).toBeLessThanOrEqual(10);
    expect(n + refused.length).toBe(20);
    // Calls with a valid key go on, from this address too (one misconfigured client behind a
    // company's egress address does not stop the others).
    expect((await call(ip, formOf({ key, ...ZHANG }))).json().code).toBe('10000');
    expect((await call(nextAddress(), formOf({ key, ...ZHANG }))).json().code).toBe('10000');
  });

  it('answers every call of an address over its budget with SYSTEM_038 before reading it', async () => {
    const ip = nextAddress();
    const codes = [];
    // Keyed calls missing a parameter: uncharged, and not keyless — only the address budget refuses them.
    for (let i = 0; i < 100; i++) codes.push((await call(ip, formOf({ key, name: '张三' }))).json().code);
    expect(codes).toContain('SYSTEM_038');
    expect(new Set(codes)).toEqual(new Set(['SYSTEM_011', 'SYSTEM_038']));
  });
});
